package ofs

import (
	"math"
	"math/bits"
	"sync"

	"github.com/sparsekernel/sparsekernel/internal/hugepage"
	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// gaussians holds the squared distances between candidate centres and points (L x N,
// candidate-major) and yields the Gaussian kernel matrix exp(-d/tau), followed by the linear
// candidates' columns (which do not depend on the width), for widths taken in
// decreasing order, squaring the previous matrix when a width is half the previous one
// (exp(-d/(tau/2)) = exp(-d/tau)^2), so that a grid of widths in the ratio 2 costs one
// exponential per entry.
type gaussians struct {
	d2, g []float64
	tau   float64
	kept  bool // d2 is a fold's kept distances (foldKernels), which release leaves alone
}

// directInputs is the largest number of inputs for which newGaussians computes the squared
// distances directly rather than by a matrix product.
const directInputs = 4

func newGaussians(pts, dirs, Z [][]float64) *gaussians {
	return newGaussiansAt(pts, dirs, Z, newPoints(Z))
}

// newGaussiansAt is newGaussians for the points Z already held as p (scaledPoints).
func newGaussiansAt(pts, dirs, Z [][]float64, p points) *gaussians {
	n, l, m := len(Z), len(pts), len(Z[0])
	k := &gaussians{d2: matrixBuf(l * n), g: matrixBuf((l + len(dirs)) * n)}
	linearColumns(k.g[l*n:], dirs, Z)
	if l > 0 {
		sqDistances(flatten(pts), p, m, l, k.d2)
	}
	return k
}

// sqDistances sets row c of d2 (nc x p.n) to the squared distances of the points p (m inputs)
// from centre c of C (nc x m, row-major): directly with few inputs (directInputs), else as
// (-2 c'z + ||c||^2) + ||z||^2 with the products c'z by vecmath.MulRows.
func sqDistances(C []float64, p points, m, nc int, d2 []float64) {
	n := p.n
	for c := range nc {
		mu := C[c*m : (c+1)*m]
		row := d2[c*n : (c+1)*n]
		if m <= directInputs {
			directDistances(mu, p.z[:n*m], row)
			continue
		}
		cc := dot(mu, mu)
		vecmath.MulRows(p.z, m, m, mu, row)
		for i := range row {
			row[i] = max(-2*row[i]+cc+p.zz[i], 0)
		}
	}
}

// directDistances sets d[i] = sqDist(mu, z_i) for the points z (row-major, len(mu) <=
// directInputs columns), each a sum of its inputs' squares in order, as sqDist sums it (the same
// bits: 0 + x is x), without sqDist's loop.
func directDistances(mu, z, d []float64) {
	switch len(mu) {
	case 1:
		m0 := mu[0]
		for i := range d {
			d0 := m0 - z[i]
			d[i] = d0 * d0
		}
	case 2:
		m0, m1 := mu[0], mu[1]
		for i := range d {
			x := z[2*i : 2*i+2]
			d0, d1 := m0-x[0], m1-x[1]
			d[i] = d0*d0 + d1*d1
		}
	case 3:
		m0, m1, m2 := mu[0], mu[1], mu[2]
		for i := range d {
			x := z[3*i : 3*i+3]
			d0, d1, d2 := m0-x[0], m1-x[1], m2-x[2]
			d[i] = d0*d0 + d1*d1 + d2*d2
		}
	default:
		m := len(mu)
		for i := range d {
			d[i] = sqDist(mu, z[i*m:(i+1)*m])
		}
	}
}

// matrices recycles the kernel matrices of the folds' paths, the bulk of what a fit
// allocates: every entry is written before it is read (the distances by a matrix product with
// beta = 0, the kernel values from them), so a recycled buffer gives the same values. One pool
// per size class (matrixClass): with one pool, a fold's held-out matrix or its distances
// would come back for its training matrix, which holds the linear candidates too, and be
// dropped for a new one.
var matrices [matrixClasses]sync.Pool

// matrixClasses counts the size classes: eight a doubling, lengths up to 2^62.
const matrixClasses = 8 * 60

// matrixClass returns the size class of a buffer of length n and the capacity of its
// buffers: the least (8 + j) 2^e >= n (0 <= j < 8), less than an eighth more than n.
func matrixClass(n int) (class, capacity int) {
	if n <= 8 {
		return 0, 8
	}
	e := bits.Len(uint(n-1)) - 4 // 2^(e+3) <= n-1 < 2^(e+4)
	m := (n + 1<<e - 1) >> e     // ceil(n / 2^e), 9 to 16
	if m == 16 {
		m, e = 8, e+1
	}
	return 8*e + m - 7, m << e
}

// matrixBuf returns a buffer of length n, recycled if one of its size class is free.
func matrixBuf(n int) []float64 {
	c, size := matrixClass(n)
	if b, ok := matrices[c].Get().(*[]float64); ok {
		return (*b)[:n]
	}
	b := make([]float64, n, size)
	hugepage.Advise(b)
	return b
}

// recycle hands a buffer of matrixBuf back for reuse (one of another capacity is dropped).
func recycle(b []float64) {
	if c, size := matrixClass(cap(b)); size == cap(b) {
		matrices[c].Put(&b)
	}
}

// release hands the matrices back for reuse; k must not be used after.
func (k *gaussians) release() {
	if !k.kept {
		recycle(k.d2)
	}
	recycle(k.g)
	k.d2, k.g = nil, nil
}

func flatten(X [][]float64) []float64 {
	m := len(X[0])
	out := make([]float64, len(X)*m)
	for i, x := range X {
		copy(out[i*m:], x)
	}
	return out
}

// at returns the kernel matrix for width tau (valid until the next call).
func (k *gaussians) at(tau float64) []float64 {
	g := k.g[:len(k.d2)]
	if k.tau > 0 && halves(k.tau, tau) {
		for i, v := range g {
			g[i] = v * v
		}
	} else {
		vecmath.ExpScaled(g, k.d2, -1/tau)
	}
	k.tau = tau
	return k.g
}

// halves reports whether width tau is half the width prev (to rounding), whose kernel matrix
// then squares to its own.
func halves(prev, tau float64) bool { return math.Abs(2*tau-prev) <= 1e-12*prev }
