package ofs

import "testing"

// BenchmarkEvidence measures evidencePrune on 140 columns of 1000 points (image's shape).
//
//	go test -run XXX -bench Evidence ./ofs
func BenchmarkEvidence(b *testing.B) {
	coef := make([]float64, 40)
	for j := range coef {
		coef[j] = float64(j%5) - 2
	}
	cols, Y := evidenceProblem(3, 1000, 140, [][]float64{coef}, 0.3)
	for b.Loop() {
		evidencePrune(cols, Y)
	}
}
