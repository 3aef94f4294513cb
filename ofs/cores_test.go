package ofs

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"

	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// TestSplitParts checks that a product computed in parts on several goroutines equals, bit
// for bit, the one computed whole, for shapes around the assembly's blocks of four rows and
// eight or sixteen columns.
func TestSplitParts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		rows, cols int
	}{{1, 9}, {3, 5}, {7, 1237}, {13, 64}, {101, 1237}, {403, 300}, {826, 17}} {
		A := blas64.General{Rows: c.rows, Cols: c.cols, Stride: c.cols, Data: make([]float64, c.rows*c.cols)}
		for i := range A.Data {
			A.Data[i] = r.Float64()
		}
		x, a, y0 := make([]float64, c.cols), make([]float64, c.rows), make([]float64, c.cols)
		for i := range x {
			x[i], y0[i] = r.NormFloat64(), r.NormFloat64()
		}
		for i := range a {
			a[i] = r.NormFloat64()
		}
		var none cores
		whole, wholeT := make([]float64, c.rows), slices.Clone(y0)
		none.mulRows(A, x, whole)
		none.subMulTrans(A, a, wholeT)
		for parts := 1; parts <= 5; parts++ {
			got, gotT := make([]float64, c.rows), slices.Clone(y0)
			splitParts(parts, c.rows, func(lo, hi int) {
				vecmath.MulRows(A.Data[lo*A.Stride:], A.Stride, A.Cols, x, got[lo:hi])
			})
			splitParts(parts, c.cols, func(lo, hi int) {
				vecmath.SubMulTrans(A.Data[lo:], A.Stride, a, gotT[lo:hi])
			})
			if !slices.Equal(got, whole) || !slices.Equal(gotT, wholeT) {
				t.Errorf("%d x %d, %d parts: not the whole product's bits", c.rows, c.cols, parts)
			}
			// Some rows only (runs of every length, and single rows), with parts as above.
			var rows []int
			for i := range c.rows {
				if r.IntN(parts+1) > 0 {
					rows = append(rows, i)
				}
			}
			at := make([]float64, c.rows)
			for i := range at {
				at[i] = -1
			}
			splitParts(parts, len(rows), func(lo, hi int) {
				none.mulRowsAt(A, rows[lo:hi], x, at)
			})
			next := 0
			for i, v := range at {
				listed := next < len(rows) && rows[next] == i
				if listed {
					next++
				}
				if listed && v != whole[i] || !listed && v != -1 {
					t.Errorf("%d x %d, %d parts, rows %v: entry %d is %v; want %v", c.rows, c.cols, parts, rows, i, v, whole[i])
					break
				}
			}
		}
	}
}

// TestCoresSplit checks that a product borrows only spare workers and gives them back.
func TestCoresSplit(t *testing.T) {
	if procs := runtime.GOMAXPROCS(0); len(newCores(1<<30)) != procs {
		t.Errorf("a billion workers get %d tokens; want one a processor, %d", len(newCores(1<<30)), procs)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	c := newCores(3)
	A := blas64.General{Rows: 512, Cols: 256, Stride: 256, Data: make([]float64, 512*256)}
	x, y := make([]float64, 256), make([]float64, 512)
	c.hold(func() {
		c.mulRows(A, x, y)
		if len(c) != 2 {
			t.Errorf("while a job runs, %d tokens are free; want 2", len(c))
		}
	})
	if len(c) != 3 {
		t.Errorf("%d tokens are free after the job; want 3", len(c))
	}
	var none cores // a nil cores computes alone
	none.hold(func() { none.mulRows(A, x, y) })
}
