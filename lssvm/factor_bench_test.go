package lssvm

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

const benchN = 512

// BenchmarkFactor compares routes to L and L^-1 (what one LOO evaluation needs) at N = 512.
func BenchmarkFactor(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	a0 := randSPD(rng, benchN)
	n := benchN
	b.Run("gonum-Dpotrf+Dtrtri", func(b *testing.B) {
		a := make([]float64, n*n)
		b.ReportAllocs()
		for b.Loop() {
			copy(a, a0)
			t, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: n, Stride: n, Data: a})
			if !ok || !lapack64.Trtri(t) {
				b.Fatal("failed")
			}
		}
	})
	b.Run("gonum-mat.Cholesky+InverseTri", func(b *testing.B) {
		s := mat.NewSymDense(n, append([]float64(nil), a0...))
		var c mat.Cholesky
		var l, z mat.TriDense
		b.ReportAllocs()
		for b.Loop() {
			if !c.Factorize(s) {
				b.Fatal("failed")
			}
			c.LTo(&l)
			if err := z.InverseTri(&l); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("own-cholInv", func(b *testing.B) {
		w := newGemmWork(n)
		a := make([]float64, n*n)
		z := make([]float64, n*n)
		t := make([]float64, (n/2+nr)*(n/2+nr))
		b.ReportAllocs()
		for b.Loop() {
			copy(a, a0)
			if !w.cholInv(a, n, z, n, n, t) {
				b.Fatal("failed")
			}
		}
	})
}
