package ofs

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkBinnedRatio measures the regression relevance of 200 inputs on 400 points, computed
// once per fold and weighting (a sort per input):
//
//	go test -run XXX -bench BinnedRatio ./ofs
func BenchmarkBinnedRatio(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	n, m := 400, 200
	Z := normals(rng, n, m)
	y := make([]float64, n)
	for i := range y {
		y[i] = rng.NormFloat64()
	}
	for b.Loop() {
		r := newBinnedRatio(y)
		for j := range m {
			r.of(Z, j)
		}
	}
}
