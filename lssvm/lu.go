package lssvm

import (
	"github.com/sparsekernel/sparsekernel/kernel"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// The fall-back route when H = Omega + I/gamma is not positive definite: an LU factorisation
// with partial pivoting of the whole (N+1) x (N+1) bordered matrix (gonum's Dgetrf),
// its explicit inverse C (Dgetri), which gives the solution and the LOO residuals alpha_k / C_kk of
// every output (K right-hand sides, one inverse), and a reciprocal condition estimate (Dgecon)
// below machine epsilon reported as ErrSingular.

// luWork holds the buffers of the LU route.
type luWork struct {
	m     blas64.General
	ipiv  []int
	work  []float64
	iwork []int
}

// factorLU fills the bordered matrix for kernel k and gamma and factors it.
func (e *Evaluator) factorLU(k kernel.Kernel, gamma float64) error {
	n := e.n
	if e.lu == nil {
		n1 := n + 1
		e.lu = &luWork{
			m:     blas64.General{Rows: n1, Cols: n1, Stride: n1, Data: make([]float64, n1*n1)},
			ipiv:  make([]int, n1),
			work:  make([]float64, max(4*n1, 64*n1)),
			iwork: make([]int, n1),
		}
	}
	if err := e.fill(k, gamma); err != nil { // the failed Cholesky overwrote e.a
		return err
	}
	lu := e.lu
	n1, md := n+1, lu.m.Data
	md[0] = 0
	for i := 0; i < n; i++ {
		md[i+1], md[(i+1)*n1] = 1, 1
		for j := 0; j <= i; j++ {
			v := e.a[i*n+j]
			md[(i+1)*n1+j+1], md[(j+1)*n1+i+1] = v, v
		}
	}
	anorm := lapack64.Lange(lapack.MaxColumnSum, lu.m, lu.work)
	if !lapack64.Getrf(lu.m, lu.ipiv) {
		return ErrSingular
	}
	if rcond := lapack64.Gecon(lapack.MaxColumnSum, lu.m, anorm, lu.work, lu.iwork); !(rcond >= eps) {
		return ErrSingular
	}
	return nil
}

const eps = 0x1p-52

// solveLU is solve by the LU route: for each output j, b_j and alpha_j are C (0, y_j), and
// r_ji = alpha_ji / C_ii with C the inverse bordered matrix, shared by the K outputs.
func (e *Evaluator) solveLU(k kernel.Kernel, gamma float64) error {
	if err := e.factorLU(k, gamma); err != nil {
		return err
	}
	lu := e.lu
	if !lapack64.Getri(lu.m, lu.ipiv, lu.work, len(lu.work)) {
		return ErrSingular
	}
	n, n1, c := e.n, e.n+1, lu.m.Data
	for j := 0; j < e.nout; j++ {
		y := e.y[j*n : (j+1)*n]
		e.b[j] = floats.Dot(c[1:n1], y)
		alpha, res := e.alpha[j*n:(j+1)*n], e.res[j*n:(j+1)*n]
		for i := range alpha {
			ci := c[(i+1)*n1+1 : (i+1)*n1+n1]
			a := floats.Dot(ci, y)
			alpha[i] = a
			res[i] = a / ci[i]
		}
	}
	return nil
}
