package ofs

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// TestGemvParts checks that a product computed in parts on several goroutines equals, bit for
// bit, the one computed whole, for shapes whose rows are not a multiple of four (where a cut
// off the four-row blocks would change the last rows' bits).
func TestGemvParts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		rows, cols int
	}{{1, 9}, {3, 5}, {7, 1237}, {13, 64}, {101, 1237}, {403, 300}, {826, 17}} {
		A := blas64.General{Rows: c.rows, Cols: c.cols, Stride: c.cols, Data: make([]float64, c.rows*c.cols)}
		for i := range A.Data {
			A.Data[i] = r.Float64()
		}
		for _, tr := range []blas.Transpose{blas.NoTrans, blas.Trans} {
			nx, ny := c.cols, c.rows
			if tr == blas.Trans {
				nx, ny = ny, nx
			}
			x, y0 := make([]float64, nx), make([]float64, ny)
			for i := range x {
				x[i] = r.NormFloat64()
			}
			for i := range y0 {
				y0[i] = r.NormFloat64()
			}
			for _, beta := range []float64{0, 1} {
				whole := slices.Clone(y0)
				blas64.Gemv(tr, -0.5, A, blas64.Vector{N: nx, Inc: 1, Data: x}, beta, blas64.Vector{N: ny, Inc: 1, Data: whole})
				for parts := 1; parts <= 5; parts++ {
					got := slices.Clone(y0)
					gemvParts(parts, tr, -0.5, A, x, beta, got)
					if !slices.Equal(got, whole) {
						t.Errorf("%d x %d, transpose %c, beta %g, %d parts: not the whole product's bits", c.rows, c.cols, tr, beta, parts)
					}
				}
			}
		}
	}
}

// TestCoresGemv checks that gemv borrows only spare workers and gives them back.
func TestCoresGemv(t *testing.T) {
	if procs := runtime.GOMAXPROCS(0); len(newCores(1<<30)) != procs {
		t.Errorf("a billion workers get %d tokens; want one a processor, %d", len(newCores(1<<30)), procs)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	c := newCores(3)
	A := blas64.General{Rows: 512, Cols: 256, Stride: 256, Data: make([]float64, 512*256)}
	x, y := make([]float64, 256), make([]float64, 512)
	c.hold(func() {
		c.gemv(blas.NoTrans, 1, A, x, 0, y)
		if len(c) != 2 {
			t.Errorf("while a job runs, %d tokens are free; want 2", len(c))
		}
	})
	if len(c) != 3 {
		t.Errorf("%d tokens are free after the job; want 3", len(c))
	}
	var none cores // a nil cores computes alone
	none.hold(func() { none.gemv(blas.NoTrans, 1, A, x, 0, y) })
}
