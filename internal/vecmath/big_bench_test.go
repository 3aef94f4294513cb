package vecmath

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

func BenchmarkBigProducts(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	l, n, t := 826, 12800, 600
	A, x, y := randomVec(r, l*n), randomVec(r, n), make([]float64, l)
	a, z := randomVec(r, t), randomVec(r, n)
	b.Run("MulRows", func(b *testing.B) {
		for b.Loop() {
			MulRows(A, n, n, x, y)
		}
	})
	b.Run("GemvN", func(b *testing.B) {
		for b.Loop() {
			blas64.Gemv(blas.NoTrans, 1, blas64.General{Rows: l, Cols: n, Stride: n, Data: A}, blas64.Vector{N: n, Inc: 1, Data: x}, 0, blas64.Vector{N: l, Inc: 1, Data: y})
		}
	})
	b.Run("SubMulTrans", func(b *testing.B) {
		for b.Loop() {
			SubMulTrans(A, n, a, z)
		}
	})
	b.Run("GemvT", func(b *testing.B) {
		for b.Loop() {
			blas64.Gemv(blas.Trans, -1, blas64.General{Rows: t, Cols: n, Stride: n, Data: A}, blas64.Vector{N: t, Inc: 1, Data: a}, 1, blas64.Vector{N: n, Inc: 1, Data: z})
		}
	})
}
