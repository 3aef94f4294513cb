package ofs

import (
	"runtime"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// cores shares a fit's Workers between its jobs and, when fewer jobs than workers run (the
// leading configurations of a race that share one weighting, the final model), the largest
// products of the paths: a job holds one token while it runs, and a matrix-vector product
// takes the spare ones to compute parts of its result at once (gemv). Each entry of the
// result is computed as it would be whole, so the model does not depend on how many workers
// helped. A nil cores computes every product alone.
type cores chan struct{}

// newCores returns the tokens of n workers, at most one a processor (runtime.GOMAXPROCS):
// more jobs at once would only share the processors, and hold more memory.
func newCores(n int) cores {
	n = max(min(n, runtime.GOMAXPROCS(0)), 1)
	c := make(cores, n)
	for range n {
		c <- struct{}{}
	}
	return c
}

// hold runs do while holding a token (waiting for one if a product has borrowed them all).
func (c cores) hold(do func()) {
	if c != nil {
		<-c
		defer func() { c <- struct{}{} }()
	}
	do()
}

// splitMin is the smallest matrix (rows x columns) whose product is shared out: below it, a
// goroutine's start and wait cost more than they save.
const splitMin = 1 << 16

// gemv computes y = alpha op(A) x + beta y (op(A) = A or A'), shared out among the spare
// workers when A is large.
func (c cores) gemv(t blas.Transpose, alpha float64, A blas64.General, x []float64, beta float64, y []float64) {
	parts := 1
	if c != nil && A.Rows*A.Cols >= splitMin {
	take:
		for parts < cap(c) {
			select {
			case <-c:
				parts++
			default:
				break take
			}
		}
		defer func() {
			for range parts - 1 {
				c <- struct{}{}
			}
		}()
	}
	gemvParts(parts, t, alpha, A, x, beta, y)
}

// gemvParts computes y = alpha op(A) x + beta y in parts of y on parts goroutines. Each entry
// of y is computed as by one blas64.Gemv call: the parts of A x are whole blocks of four rows
// (gonum's kernel takes rows four at a time and the rest one by one, so a cut elsewhere would
// move rows from one kind to the other and change their last bits; TestGemvParts), and each
// entry of A'x sums over the rows in the same order whatever the columns around it.
func gemvParts(parts int, t blas.Transpose, alpha float64, A blas64.General, x []float64, beta float64, y []float64) {
	n := len(y)
	step := (n + parts - 1) / parts
	if t == blas.NoTrans {
		step = (step + 3) / 4 * 4
	}
	if parts <= 1 || step >= n {
		gemvRange(t, alpha, A, x, beta, y, 0, n)
		return
	}
	var wg sync.WaitGroup
	for lo := step; lo < n; lo += step {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gemvRange(t, alpha, A, x, beta, y, lo, min(lo+step, n))
		}()
	}
	gemvRange(t, alpha, A, x, beta, y, 0, step)
	wg.Wait()
}

// gemvRange computes entries lo to hi of y = alpha op(A) x + beta y.
func gemvRange(t blas.Transpose, alpha float64, A blas64.General, x []float64, beta float64, y []float64, lo, hi int) {
	sub := A
	if t == blas.NoTrans {
		sub.Rows, sub.Data = hi-lo, A.Data[lo*A.Stride:]
	} else {
		sub.Cols, sub.Data = hi-lo, A.Data[lo:]
	}
	blas64.Gemv(t, alpha, sub, blas64.Vector{N: len(x), Inc: 1, Data: x}, beta, blas64.Vector{N: hi - lo, Inc: 1, Data: y[lo:hi]})
}
