package ofs

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkEvidence measures evidencePrune on the shapes of image (140 nodes, 1000 points,
// one output) and digits (300 nodes, 1400 points, ten outputs).
//
//	go test -run XXX -bench Evidence ./ofs
func BenchmarkEvidence(b *testing.B) {
	for _, c := range []struct{ m, n, k int }{{140, 1000, 1}, {300, 1400, 10}} {
		coef := make([][]float64, c.k)
		for k := range coef {
			coef[k] = make([]float64, c.m/3)
			for j := range coef[k] {
				coef[k][j] = float64((j+k)%5) - 2
			}
		}
		cols, Y := evidenceProblem(3, c.n, c.m, coef, 0.3)
		b.Run(fmt.Sprintf("nodes=%d/outputs=%d", c.m, c.k), func(b *testing.B) {
			for b.Loop() {
				evidencePrune(cols, Y, false, 1, 0)
			}
		})
	}
}

// BenchmarkBernoulli measures bernoulliEvidence (on one and two goroutines) and the whole
// two-class prune (both evidences and the choice) on image's shape (140 nodes, 1300 points).
//
//	go test -run XXX -bench Bernoulli ./ofs
func BenchmarkBernoulli(b *testing.B) {
	coef := make([]float64, 40)
	for j := range coef {
		coef[j] = 3 * (float64(j%5) - 2)
	}
	cols, t := bernoulliProblem(3, 1300, 140, -1, coef)
	Y := [][]float64{make([]float64, len(t))}
	class := make([]int, len(t))
	for i, v := range t {
		Y[0][i], class[i] = 2*v-1, int(v)
	}
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("bernoulli/workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				bernoulliEvidence(cols, t, w, bernoulliNewton, 0)
			}
		})
	}
	b.Run("prune", func(b *testing.B) {
		for b.Loop() {
			prune(cols, Y, class, 1, 1, 0)
		}
	})
}

// BenchmarkGram times the Bernoulli evidence's weighted Gram matrix of 300 columns at 40,000
// points (a fold of 50,000), one goroutine: taken block by block against all at once.
func BenchmarkGram(b *testing.B) {
	const m, n = 300, 40000
	rng := rand.New(rand.NewPCG(1, 2))
	B := make([]float64, m*n)
	for i := range B {
		B[i] = rng.NormFloat64()
	}
	h := make([]float64, m*m)
	for _, bc := range []struct {
		name         string
		cache, block int
	}{{"rows", m * n, 0}, {"blocks64", 0, 64}, {"blocks256", 0, 256}, {"blocks1024", 0, 1024}} {
		b.Run(bc.name, func(b *testing.B) {
			defer func(c, k int) { gramCache, gramBlock = c, k }(gramCache, gramBlock)
			gramCache, gramBlock = bc.cache, bc.block
			for b.Loop() {
				gram(B, m, n, h, 1)
			}
		})
	}
}
