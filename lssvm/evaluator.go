package lssvm

import (
	"errors"
	"fmt"
	"github.com/sparsekernel/sparsekernel/internal/vecmath"
	"math"

	"github.com/sparsekernel/sparsekernel/kernel"
)

// Evaluator computes exact LOO errors (and fits) of LS-SVMs on one data set, repeatedly and
// without allocating: it holds the N x N kernel matrix and factor, the triangular inverse, the
// work arrays, and the pairwise squared distances, computed once, from which the Gaussian
// (K = exp(-D / (2 sigma^2))) and the wavelet kernel matrices of any width are filled.
//
// It holds K >= 1 target vectors (NewEvaluator one, NewEvaluatorK several, such as the
// one-vs-rest targets of K classes). The system matrix does not depend on the targets, so the
// K outputs share the factorisation and the diagonal C_ii: each more output costs O(N^2), not
// O(N^3). Each output's bias, coefficients and LOO residuals are computed in the same order of
// operations whatever K, so they are bit for bit those of an Evaluator holding that output
// alone.
//
// An Evaluator is not safe for concurrent use: give each goroutine its own (Tune does, through
// optim.Problem.NewFunc). It holds about 2.75 N^2 + 5 K N float64s.
//
// Converting a kernel value such as kernel.Gaussian{Sigma: s} to the kernel.Kernel interface
// allocates 8 bytes in the caller; a loop that must not allocate at all passes a
// *kernel.Gaussian or *kernel.Wavelet and updates its field between calls.
type Evaluator struct {
	n, m int
	nout int       // K, the number of outputs
	x    []float64 // n x m samples, row-major copy
	// rhs holds the right-hand sides, (K+1) x n, one per row: the ones vector, then the K
	// target vectors (y_j at rhs[(j+1)n:]).
	rhs []float64
	y   []float64 // rhs[n:], the K x n targets
	cls []int     // K > 1: each point's class, the index of its largest target
	d   []float64 // squared distances, strictly lower triangle packed by rows: D_ij at i(i-1)/2 + j

	a []float64 // n x n: H = Omega + I/gamma, then its Cholesky factor L (lower triangle)
	z []float64 // n x n: L^-1 in the lower triangle; the strict upper triangle stays zero
	t []float64 // scratch of cholInv
	w *gemmWork

	cs, sn []float64 // wavelet: cos and sin of 1.75 x_kj / a, m x n (allocated on first use)

	u     []float64 // (K+1) x n: L^-1 1, then L^-1 y_j
	h     []float64 // (K+1) x n: H^-1 1, then H^-1 y_j
	diag  []float64 // diag(H^-1), then C_ii
	b     []float64 // the K biases
	alpha []float64 // K x n coefficients
	res   []float64 // K x n LOO residuals

	lu *luWork // fallback for non-positive-definite H (allocated on first use)
}

// NewEvaluator prepares an Evaluator for the rows of X (samples) and the targets y.
func NewEvaluator(X [][]float64, y []float64) (*Evaluator, error) {
	if len(X) > 0 && len(y) != len(X) {
		return nil, fmt.Errorf("%w: %d samples, %d targets", ErrDimensionMismatch, len(X), len(y))
	}
	return newEvaluator(X, [][]float64{y})
}

// NewEvaluatorK prepares an Evaluator for the rows of X (samples) and K = len(Y) >= 1 target
// vectors Y[j], each of length len(X): for a classifier of K classes, one-vs-rest targets
// (Y[j][i] = +1 if point i is in class j, else -1; see OneVsRest). With K = 1 it is
// NewEvaluator(X, Y[0]).
func NewEvaluatorK(X [][]float64, Y [][]float64) (*Evaluator, error) {
	if len(Y) == 0 {
		return nil, fmt.Errorf("%w: no target vectors", ErrDimensionMismatch)
	}
	for j, y := range Y {
		if len(X) > 0 && len(y) != len(X) {
			return nil, fmt.Errorf("%w: %d samples, %d targets in output %d", ErrDimensionMismatch, len(X), len(y), j)
		}
	}
	return newEvaluator(X, Y)
}

func newEvaluator(X [][]float64, Y [][]float64) (*Evaluator, error) {
	n := len(X)
	if n == 0 {
		return nil, fmt.Errorf("%w: no samples", ErrDimensionMismatch)
	}
	m, k := len(X[0]), len(Y)
	e := &Evaluator{n: n, m: m, nout: k, x: make([]float64, n*m), rhs: make([]float64, (k+1)*n)}
	for i, row := range X {
		if len(row) != m {
			return nil, fmt.Errorf("%w: row %d has %d features, row 0 has %d", ErrDimensionMismatch, i, len(row), m)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("lssvm: row %d, feature %d is %v, want a finite value", i, j, v)
			}
		}
		copy(e.x[i*m:], row)
	}
	for j, y := range Y {
		for i, v := range y {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("lssvm: target %d of output %d is %v, want a finite value", i, j, v)
			}
		}
	}
	for i := range n {
		e.rhs[i] = 1
	}
	e.y = e.rhs[n:]
	for j, y := range Y {
		copy(e.y[j*n:(j+1)*n], y)
	}
	if k > 1 {
		e.cls = make([]int, n)
		for i := range e.cls {
			e.cls[i] = argmaxStrided(e.y[i:], n, k)
		}
	}
	e.d = make([]float64, n*(n-1)/2)
	for i := 1; i < n; i++ {
		xi := e.x[i*m : (i+1)*m]
		di := e.d[i*(i-1)/2 : i*(i-1)/2+i]
		for j := range di {
			di[j] = kernel.SqDist(xi, e.x[j*m:(j+1)*m])
		}
	}
	e.alloc()
	return e, nil
}

// argmaxStrided returns the index j < k of the largest v[j*stride], the first one on ties.
func argmaxStrided(v []float64, stride, k int) int {
	best := 0
	for j := 1; j < k; j++ {
		if v[j*stride] > v[best*stride] {
			best = j
		}
	}
	return best
}

// alloc makes the buffers of every use but z and t, made on the first solve.
func (e *Evaluator) alloc() {
	n, r := e.n, e.nout+1
	e.a = make([]float64, n*n)
	e.w = newGemmWork(n)
	vec := make([]float64, (2*r+1+2*e.nout)*n+e.nout)
	e.u, vec = vec[:r*n], vec[r*n:]
	e.h, vec = vec[:r*n], vec[r*n:]
	e.diag, vec = vec[:n], vec[n:]
	e.alpha, vec = vec[:e.nout*n], vec[e.nout*n:]
	e.res, vec = vec[:e.nout*n], vec[e.nout*n:]
	e.b = vec
}

// clone returns an Evaluator for the same data with its own buffers; the samples, targets and
// distances, never written after NewEvaluator, are shared.
func (e *Evaluator) clone() *Evaluator {
	c := &Evaluator{n: e.n, m: e.m, nout: e.nout, x: e.x, rhs: e.rhs, y: e.y, cls: e.cls, d: e.d}
	c.alloc()
	return c
}

// Outputs returns K, the number of target vectors the Evaluator holds.
func (e *Evaluator) Outputs() int { return e.nout }

// LOO returns the exact LOO error for kernel k and regularisation gamma: the squared LOO
// residuals summed over the K outputs and averaged over the points, and the number of points
// whose LOO prediction is wrong. With one output that is a prediction of the wrong sign, as
// the package function LOO counts; with K > 1 outputs it is a point whose largest LOO decision
// y_ji - r_ji is not that of its class (the output with its largest target, the +1 of
// one-vs-rest targets), as LOOK counts. It allocates nothing (except once, on a first
// fall-back to LU). On error the MSE is +Inf, so that a tuner may rank the point last.
func (e *Evaluator) LOO(k kernel.Kernel, gamma float64) (mse float64, misclassified int, err error) {
	if e.n < 2 {
		return math.Inf(1), e.n, fmt.Errorf("%w: leave-one-out needs at least 2 samples", ErrDimensionMismatch)
	}
	if err := e.solve(k, gamma); err != nil {
		return math.Inf(1), e.n, err
	}
	n := e.n
	if e.nout == 1 {
		for i, r := range e.res {
			mse += r * r
			yi := e.y[i]
			if (yi-r > 0) != (yi > 0) {
				misclassified++
			}
		}
	} else {
		for _, r := range e.res {
			mse += r * r
		}
		for i, c := range e.cls {
			best, fbest := 0, e.y[i]-e.res[i]
			for j := 1; j < e.nout; j++ {
				if f := e.y[j*n+i] - e.res[j*n+i]; f > fbest {
					best, fbest = j, f
				}
			}
			if best != c {
				misclassified++
			}
		}
	}
	mse /= float64(n)
	if math.IsNaN(mse) || math.IsInf(mse, 0) {
		return math.Inf(1), n, ErrSingular
	}
	return mse, misclassified, nil
}

// Residuals appends to dst[:0] the LOO residuals r_ji = y_ji - f_j^(-i)(x_i) of the last LOO
// call, which must have succeeded, and returns it: N values for one output, or K N, output
// after output (r_ji at j N + i).
func (e *Evaluator) Residuals(dst []float64) []float64 {
	return append(dst[:0], e.res...)
}

// OutputResiduals appends to dst[:0] the N LOO residuals of output j < K of the last LOO call,
// which must have succeeded, and returns it (it panics for j outside [0, K), as slice
// indexing does).
func (e *Evaluator) OutputResiduals(j int, dst []float64) []float64 {
	return append(dst[:0], e.res[j*e.n:(j+1)*e.n]...)
}

// solve computes, for kernel k and gamma, the biases e.b, the coefficients e.alpha and the LOO
// residuals e.res of the regression-form system for every output: H = L L' and
// Z = L^-1 by cholInv, the rest from Z, or everything by the LU route if H is not positive
// definite.
func (e *Evaluator) solve(k kernel.Kernel, gamma float64) error {
	if err := e.fill(k, gamma); err != nil {
		return err
	}
	n := e.n
	if e.z == nil {
		e.z = make([]float64, n*n)
		e.t = make([]float64, (n/2+nr)*(n/2+nr))
	}
	if !e.w.cholInv(e.a, n, e.z, n, n, e.t) {
		return e.solveLU(k, gamma)
	}
	e.fromInverse()
	return nil
}

// fromInverse fills e.b, e.alpha and e.res from Z = L^-1 in the lower triangle of e.z: for
// each output j, b_j = 1' H^-1 y_j / 1' H^-1 1, alpha_j = H^-1 (y_j - b_j 1), and
// r_ji = alpha_ji / C_ii with C_ii = [H^-1]_ii - (H^-1 1)_i^2 / 1' H^-1 1 (Cawley and Talbot
// 2004; docs/ALGORITHMS.md, section 8), the same for every output.
//
// The right-hand sides 1, y_1, ..., y_K go through Z and Z' in groups of two to four, one
// accumulator each, so that every value is summed in the same order whatever K. The
// explicit float64 conversions forbid the compiler to fuse a multiply and an add (which Go
// allows, and does with GOAMD64=v3), so that no output's rounding depends on which loop
// computed it.
func (e *Evaluator) fromInverse() {
	n, r := e.n, e.nout+1
	u, h, rhs := e.u, e.h, e.rhs
	// U = Z R (row q of u is Z times right-hand side q).
	for j := 0; j < n; j++ {
		zj := e.z[j*n : j*n+j+1]
		for q := 0; q < r; {
			g := group(r - q)
			switch g {
			case 2:
				u[q*n+j], u[(q+1)*n+j] = dot2(zj, rhs[q*n:], rhs[(q+1)*n:])
			case 3:
				u[q*n+j], u[(q+1)*n+j], u[(q+2)*n+j] = dot3(zj, rhs[q*n:], rhs[(q+1)*n:], rhs[(q+2)*n:])
			default:
				u[q*n+j], u[(q+1)*n+j], u[(q+2)*n+j], u[(q+3)*n+j] = dot4(zj, rhs[q*n:], rhs[(q+1)*n:], rhs[(q+2)*n:], rhs[(q+3)*n:])
			}
			q += g
		}
	}
	// H^-1 R = Z' U, and diag = squared column norms of Z = diag(H^-1) with the first group.
	clear(h)
	clear(e.diag)
	for j := 0; j < n; j++ {
		zj := e.z[j*n : j*n+j+1]
		d := e.diag
		for q := 0; q < r; {
			g := group(r - q)
			switch g {
			case 2:
				axpy2(zj, u[q*n+j], u[(q+1)*n+j], h[q*n:], h[(q+1)*n:], d)
			case 3:
				axpy3(zj, u[q*n+j], u[(q+1)*n+j], u[(q+2)*n+j], h[q*n:], h[(q+1)*n:], h[(q+2)*n:], d)
			default:
				axpy4(zj, u[q*n+j], u[(q+1)*n+j], u[(q+2)*n+j], u[(q+3)*n+j], h[q*n:], h[(q+1)*n:], h[(q+2)*n:], h[(q+3)*n:], d)
			}
			q += g
			d = nil
		}
	}
	u1, v := e.u[:n], e.h[:n] // L^-1 1 and H^-1 1
	for j := 0; j < e.nout; j++ {
		// 1' H^-1 1 and 1' H^-1 y_j.
		uy, hy := e.u[(j+1)*n:(j+2)*n], e.h[(j+1)*n:(j+2)*n]
		var s, sy float64
		for p, w := range u1 {
			s += float64(w * w)
			sy += float64(w * uy[p])
		}
		if j == 0 {
			for i, vi := range v {
				e.diag[i] -= vi * vi / s // C_ii, the alpha-block diagonal of the bordered inverse
			}
		}
		b := sy / s
		e.b[j] = b
		alpha, res := e.alpha[j*n:(j+1)*n], e.res[j*n:(j+1)*n]
		for i := range alpha {
			a := hy[i] - float64(b*v[i])
			alpha[i] = a
			res[i] = a / e.diag[i]
		}
	}
}

// group returns how many of the rem >= 2 remaining right-hand sides go through Z together:
// 2, 3 or 4, never leaving a single one (one accumulator chain is latency-bound).
func group(rem int) int {
	switch {
	case rem <= 4:
		return rem
	case rem == 5:
		return 3
	}
	return 4
}

// dot2 returns sum_p z_p y0_p and sum_p z_p y1_p over len(z).
func dot2(z, y0, y1 []float64) (s0, s1 float64) {
	y0, y1 = y0[:len(z)], y1[:len(z)]
	for p, v := range z {
		s0 += float64(v * y0[p])
		s1 += float64(v * y1[p])
	}
	return s0, s1
}

// dot3 is dot2 for three vectors.
func dot3(z, y0, y1, y2 []float64) (s0, s1, s2 float64) {
	y0, y1, y2 = y0[:len(z)], y1[:len(z)], y2[:len(z)]
	for p, v := range z {
		s0 += float64(v * y0[p])
		s1 += float64(v * y1[p])
		s2 += float64(v * y2[p])
	}
	return s0, s1, s2
}

// dot4 is dot2 for four vectors.
func dot4(z, y0, y1, y2, y3 []float64) (s0, s1, s2, s3 float64) {
	y0, y1, y2, y3 = y0[:len(z)], y1[:len(z)], y2[:len(z)], y3[:len(z)]
	for p, v := range z {
		s0 += float64(v * y0[p])
		s1 += float64(v * y1[p])
		s2 += float64(v * y2[p])
		s3 += float64(v * y3[p])
	}
	return s0, s1, s2, s3
}

// axpy2 adds a0 z to h0 and a1 z to h1 over len(z), and the squares of z to d unless d is nil.
func axpy2(z []float64, a0, a1 float64, h0, h1, d []float64) {
	h0, h1 = h0[:len(z)], h1[:len(z)]
	if d == nil {
		for p, v := range z {
			h0[p] += float64(v * a0)
			h1[p] += float64(v * a1)
		}
		return
	}
	d = d[:len(z)]
	for p, v := range z {
		h0[p] += float64(v * a0)
		h1[p] += float64(v * a1)
		d[p] += float64(v * v)
	}
}

// axpy3 is axpy2 for three pairs.
func axpy3(z []float64, a0, a1, a2 float64, h0, h1, h2, d []float64) {
	h0, h1, h2 = h0[:len(z)], h1[:len(z)], h2[:len(z)]
	if d == nil {
		for p, v := range z {
			h0[p] += float64(v * a0)
			h1[p] += float64(v * a1)
			h2[p] += float64(v * a2)
		}
		return
	}
	d = d[:len(z)]
	for p, v := range z {
		h0[p] += float64(v * a0)
		h1[p] += float64(v * a1)
		h2[p] += float64(v * a2)
		d[p] += float64(v * v)
	}
}

// axpy4 is axpy2 for four pairs.
func axpy4(z []float64, a0, a1, a2, a3 float64, h0, h1, h2, h3, d []float64) {
	h0, h1, h2, h3 = h0[:len(z)], h1[:len(z)], h2[:len(z)], h3[:len(z)]
	if d == nil {
		for p, v := range z {
			h0[p] += float64(v * a0)
			h1[p] += float64(v * a1)
			h2[p] += float64(v * a2)
			h3[p] += float64(v * a3)
		}
		return
	}
	d = d[:len(z)]
	for p, v := range z {
		h0[p] += float64(v * a0)
		h1[p] += float64(v * a1)
		h2[p] += float64(v * a2)
		h3[p] += float64(v * a3)
		d[p] += float64(v * v)
	}
}

// fill writes H = Omega + I/gamma into the lower triangle of e.a (regression form).
func (e *Evaluator) fill(k kernel.Kernel, gamma float64) error {
	if err := checkGamma(gamma); err != nil {
		return err
	}
	switch k := k.(type) {
	case nil:
		return errors.New("lssvm: no kernel")
	case kernel.Gaussian:
		return e.fillGaussian(k.Sigma, gamma)
	case *kernel.Gaussian:
		if k == nil {
			return errors.New("lssvm: no kernel (a nil *kernel.Gaussian)")
		}
		return e.fillGaussian(k.Sigma, gamma)
	case kernel.Wavelet:
		return e.fillWavelet(k.A, gamma)
	case *kernel.Wavelet:
		if k == nil {
			return errors.New("lssvm: no kernel (a nil *kernel.Wavelet)")
		}
		return e.fillWavelet(k.A, gamma)
	}
	n, m := e.n, e.m
	for i := 0; i < n; i++ {
		xi := e.x[i*m : (i+1)*m]
		ai := e.a[i*n : i*n+i+1]
		for j := range ai {
			ai[j] = k.Eval(xi, e.x[j*m:(j+1)*m])
		}
		ai[i] += 1 / gamma
	}
	return nil
}

func checkWidth(name string, v float64) error {
	if !(v > 0) || math.IsInf(v, 0) {
		return fmt.Errorf("lssvm: kernel %s = %v, want a finite positive value", name, v)
	}
	return nil
}

// fillGaussian: K_ij = exp(-D_ij / (2 sigma^2)) from the cached distances.
func (e *Evaluator) fillGaussian(sigma, gamma float64) error {
	if err := checkWidth("sigma", sigma); err != nil {
		return err
	}
	c := -1 / (2 * sigma * sigma)
	n := e.n
	for i := 0; i < n; i++ {
		vecmath.ExpScaled(e.a[i*n:i*n+i], e.d[i*(i-1)/2:i*(i-1)/2+i], c)
		e.a[i*n+i] = 1 + 1/gamma
	}
	return nil
}

// fillWavelet: K_ij = exp(-D_ij / (2 a^2)) prod_l cos(1.75 (x_il - x_jl) / a), with each
// cosine expanded as cos u cos v + sin u sin v so that only N m sines and cosines are taken.
func (e *Evaluator) fillWavelet(a, gamma float64) error {
	if err := checkWidth("a", a); err != nil {
		return err
	}
	n, m := e.n, e.m
	if e.cs == nil {
		e.cs = make([]float64, m*n)
		e.sn = make([]float64, m*n)
	}
	for i := 0; i < n; i++ { // cs, sn are m x n: feature-major
		for l, v := range e.x[i*m : (i+1)*m] {
			e.sn[l*n+i], e.cs[l*n+i] = math.Sincos(1.75 * v / a)
		}
	}
	c := -1 / (2 * a * a)
	for i := 0; i < n; i++ {
		ai := e.a[i*n : i*n+i]
		vecmath.ExpScaled(ai, e.d[i*(i-1)/2:i*(i-1)/2+i], c)
		for l := 0; l < m; l++ {
			ci, si := e.cs[l*n+i], e.sn[l*n+i]
			cj, sj := e.cs[l*n:], e.sn[l*n:]
			cj, sj = cj[:len(ai)], sj[:len(ai)]
			for j := range ai {
				ai[j] *= ci*cj[j] + si*sj[j]
			}
		}
		e.a[i*n+i] = 1 + 1/gamma
	}
	return nil
}
