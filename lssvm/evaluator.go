package lssvm

import (
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
// An Evaluator is not safe for concurrent use: give each goroutine its own (Tune does, through
// optim.Problem.NewFunc). It holds about 2.75 N^2 float64s.
//
// Converting a kernel value such as kernel.Gaussian{Sigma: s} to the kernel.Kernel interface
// allocates 8 bytes in the caller; a loop that must not allocate at all passes a
// *kernel.Gaussian or *kernel.Wavelet and updates its field between calls.
type Evaluator struct {
	n, m int
	x    []float64 // n x m samples, row-major copy
	y    []float64
	d    []float64 // squared distances, strictly lower triangle packed by rows: D_ij at i(i-1)/2 + j

	a []float64 // n x n: H = Omega + I/gamma, then its Cholesky factor L (lower triangle)
	z []float64 // n x n: L^-1 in the lower triangle; the strict upper triangle stays zero
	t []float64 // scratch of cholInv
	w *gemmWork

	cs, sn []float64 // wavelet: cos and sin of 1.75 x_kj / a, m x n (allocated on first use)

	u1, uy      []float64 // L^-1 1, L^-1 y
	v, hy, diag []float64 // H^-1 1, H^-1 y, diag(H^-1)
	b           float64   // the bias
	alpha, res  []float64 // alpha, LOO residuals

	lu *luWork // fallback for non-positive-definite H (allocated on first use)
}

// NewEvaluator prepares an Evaluator for the rows of X (samples) and the targets y.
func NewEvaluator(X [][]float64, y []float64) (*Evaluator, error) {
	n := len(X)
	if n == 0 {
		return nil, fmt.Errorf("%w: no samples", ErrDimensionMismatch)
	}
	if len(y) != n {
		return nil, fmt.Errorf("%w: %d samples, %d targets", ErrDimensionMismatch, n, len(y))
	}
	m := len(X[0])
	e := &Evaluator{n: n, m: m, x: make([]float64, n*m), y: append([]float64(nil), y...)}
	for i, row := range X {
		if len(row) != m {
			return nil, fmt.Errorf("%w: row %d has %d features, row 0 has %d", ErrDimensionMismatch, i, len(row), m)
		}
		copy(e.x[i*m:], row)
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

// alloc makes the buffers of every use but z and t, made on the first solve.
func (e *Evaluator) alloc() {
	n := e.n
	e.a = make([]float64, n*n)
	e.w = newGemmWork(n)
	vec := make([]float64, 7*n)
	e.u1, e.uy, e.v, e.hy, e.diag, e.alpha, e.res = vec[:n], vec[n:2*n], vec[2*n:3*n], vec[3*n:4*n], vec[4*n:5*n], vec[5*n:6*n], vec[6*n:7*n]
}

// clone returns an Evaluator for the same data with its own buffers; the samples, targets and
// distances, never written after NewEvaluator, are shared.
func (e *Evaluator) clone() *Evaluator {
	c := &Evaluator{n: e.n, m: e.m, x: e.x, y: e.y, d: e.d}
	c.alloc()
	return c
}

// LOO returns the exact LOO mean squared error for kernel k and regularisation gamma, and the
// number of points whose LOO prediction has the wrong sign, exactly as the package function
// LOO. It allocates nothing (except once, on a first fall-back to LU). On error the MSE is
// +Inf, so that a tuner may rank the point last.
func (e *Evaluator) LOO(k kernel.Kernel, gamma float64) (mse float64, misclassified int, err error) {
	if e.n < 2 {
		return math.Inf(1), e.n, fmt.Errorf("%w: leave-one-out needs at least 2 samples", ErrDimensionMismatch)
	}
	if err := e.solve(k, gamma); err != nil {
		return math.Inf(1), e.n, err
	}
	for i, r := range e.res {
		mse += r * r
		yi := e.y[i]
		if (yi-r > 0) != (yi > 0) {
			misclassified++
		}
	}
	mse /= float64(e.n)
	if math.IsNaN(mse) || math.IsInf(mse, 0) {
		return math.Inf(1), e.n, ErrSingular
	}
	return mse, misclassified, nil
}

// Residuals appends to dst[:0] the LOO residuals r_k = y_k - f^(-k)(x_k) of the last LOO
// call, which must have succeeded, and returns it.
func (e *Evaluator) Residuals(dst []float64) []float64 {
	return append(dst[:0], e.res...)
}

// solve computes, for kernel k and gamma, the bias e.b, the coefficients e.alpha and the LOO
// residuals e.res of the regression-form system (SPEC 5): H = L L' and Z = L^-1 by cholInv,
// the rest from Z, or everything by the LU route if H is not positive definite.
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

// fromInverse fills e.b, e.alpha and e.res from Z = L^-1 in the lower triangle of e.z:
// b = 1' H^-1 y / 1' H^-1 1, alpha = H^-1 (y - b 1), and r_k = alpha_k / C_kk with
// C_kk = [H^-1]_kk - (H^-1 1)_k^2 / 1' H^-1 1 (SPEC 5).
func (e *Evaluator) fromInverse() {
	n := e.n
	// u1 = Z 1, uy = Z y.
	for j := 0; j < n; j++ {
		zj := e.z[j*n : j*n+j+1]
		y := e.y[:len(zj)]
		var s1, sy float64
		for p, v := range zj {
			s1 += v
			sy += v * y[p]
		}
		e.u1[j], e.uy[j] = s1, sy
	}
	// v = Z' u1 = H^-1 1, hy = Z' uy = H^-1 y, diag = squared column norms of Z = diag(H^-1).
	clear(e.v)
	clear(e.hy)
	clear(e.diag)
	for j := 0; j < n; j++ {
		zj := e.z[j*n : j*n+j+1]
		a1, ay := e.u1[j], e.uy[j]
		v, hy, dg := e.v[:len(zj)], e.hy[:len(zj)], e.diag[:len(zj)]
		for p, z := range zj {
			v[p] += z * a1
			hy[p] += z * ay
			dg[p] += z * z
		}
	}
	var s, sy float64 // 1' H^-1 1 and 1' H^-1 y
	for j := 0; j < n; j++ {
		s += e.u1[j] * e.u1[j]
		sy += e.u1[j] * e.uy[j]
	}
	e.b = sy / s
	for i := range e.res {
		alpha := e.hy[i] - e.b*e.v[i]
		ckk := e.diag[i] - e.v[i]*e.v[i]/s // alpha-block diagonal of the bordered inverse
		e.alpha[i] = alpha
		e.res[i] = alpha / ckk
	}
}

// fill writes H = Omega + I/gamma into the lower triangle of e.a (regression form, SPEC 5).
func (e *Evaluator) fill(k kernel.Kernel, gamma float64) error {
	if err := checkGamma(gamma); err != nil {
		return err
	}
	switch k := k.(type) {
	case kernel.Gaussian:
		return e.fillGaussian(k.Sigma, gamma)
	case *kernel.Gaussian:
		return e.fillGaussian(k.Sigma, gamma)
	case kernel.Wavelet:
		return e.fillWavelet(k.A, gamma)
	case *kernel.Wavelet:
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
