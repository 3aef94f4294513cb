package ofs

import (
	"runtime"
	"sync"

	"gonum.org/v1/gonum/blas/blas64"

	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// cores shares a fit's Workers between its jobs and, when fewer jobs than workers run (the
// leading configurations of a race that share one weighting, the final model), the largest
// products of the paths: a job holds one token while it runs, and a matrix-vector product
// (mulRows, subMulTrans) takes the spare ones to compute parts of its result at once. Each
// entry of the result is computed as it would be whole, so the model does not depend on how
// many workers helped. A nil cores computes every product alone.
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

// mulRows sets y = A x (vecmath.MulRows), shared out among the spare workers when A is large.
func (c cores) mulRows(A blas64.General, x, y []float64) {
	c.split(A.Rows*A.Cols, len(y), func(lo, hi int) {
		vecmath.MulRows(A.Data[lo*A.Stride:], A.Stride, A.Cols, x, y[lo:hi])
	})
}

// mulRowsAt sets y[r] = A_r x for the rows r of A listed in rows (increasing), leaving the
// other entries of y as they were; each run of consecutive rows is one vecmath.MulRows. A row's
// sum does not depend on the rows beside it, so y[r] is the whole product's entry.
func (c cores) mulRowsAt(A blas64.General, rows []int, x, y []float64) {
	c.split(len(rows)*A.Cols, len(rows), func(lo, hi int) {
		for i := lo; i < hi; {
			j := i + 1
			for j < hi && rows[j] == rows[j-1]+1 {
				j++
			}
			r := rows[i]
			vecmath.MulRows(A.Data[r*A.Stride:], A.Stride, A.Cols, x, y[r:r+j-i])
			i = j
		}
	})
}

// subMulTrans sets y -= A'a (vecmath.SubMulTrans, the rows of A taken in order), shared out
// likewise.
func (c cores) subMulTrans(A blas64.General, a, y []float64) {
	c.split(A.Rows*A.Cols, len(y), func(lo, hi int) {
		vecmath.SubMulTrans(A.Data[lo:], A.Stride, a[:A.Rows], y[lo:hi])
	})
}

// split runs do on the parts [lo, hi) of n entries: alone, or when size is at least splitMin
// with the spare workers it can take, one part each, given back after.
func (c cores) split(size, n int, do func(lo, hi int)) {
	parts := 1
	if c != nil && size >= splitMin {
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
	splitParts(parts, n, do)
}

// splitParts runs do on parts parts of n entries at once. Every entry of the products above is
// computed on its own (a row's sum, or an entry's terms in order), so the parts give the
// whole product's bits (TestSplitParts).
func splitParts(parts, n int, do func(lo, hi int)) {
	step := (n + parts - 1) / parts
	if parts <= 1 || step >= n {
		do(0, n)
		return
	}
	var wg sync.WaitGroup
	for lo := step; lo < n; lo += step {
		wg.Go(func() { do(lo, min(lo+step, n)) })
	}
	do(0, step)
	wg.Wait()
}
