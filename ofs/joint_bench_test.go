package ofs

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkJointCost is one evaluation of the joint refinement's cost and gradient at the
// size of a satellite fold (3,548 points, 36 inputs, 197 nodes, 6 outputs).
func BenchmarkJointCost(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	n, m, ng, K := 3548, 36, 197, 6
	Z := make([][]float64, n)
	for i := range Z {
		Z[i] = make([]float64, m)
		for d := range Z[i] {
			Z[i][d] = rng.NormFloat64()
		}
	}
	Y := make([][]float64, K)
	for k := range Y {
		Y[k] = make([]float64, n)
		for i := range Y[k] {
			Y[k][i] = float64(2*rng.IntN(2) - 1)
		}
	}
	j := newJoint(Z, Y, nil, ng, 0.1, 1)
	u := jointStart(Z[:ng], 9)
	grad := make([]float64, len(u))
	for b.Loop() {
		j.costGrad(u, grad)
	}
}
