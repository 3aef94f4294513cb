// Package lssvm is the least-squares support vector machine (LS-SVM) of Ren and Bai (2011),
// after Suykens and Vandewalle (1999), with its exact closed-form leave-one-out (LOO) error
// (Cawley and Talbot 2004), the fitness its hyperparameters are tuned on (docs/ALGORITHMS.md,
// section 8).
//
// Regression solves the bordered system
//
//	[0  1'              ] [b    ]   [0]
//	[1  Omega + I/gamma ] [alpha] = [y],   Omega_kl = K(x_k, x_l),
//
// and predicts f(x) = sum_k alpha_k K(x, x_k) + b. Classification (y_k in {-1, +1}) writes the
// system with Omega_kl = y_k y_l K(x_k, x_l), border y and right-hand side 1, and predicts
// sgn(sum_k alpha_k y_k K(x, x_k) + b). Multiplying row k of the classification system by y_k
// turns it into the regression system on the targets y_k with unknowns alpha_k y_k, so both
// are solved in the regression form and a Machine stores Coef_k = alpha_k y_k.
//
// With H = Omega + I/gamma symmetric positive definite and C the inverse of the bordered
// matrix, the LOO residual of point k is r_k = alpha_k / C_kk, where the alpha-block of C is
// H^-1 - (H^-1 1)(H^-1 1)' / (1' H^-1 1). One Cholesky factorisation H = L L' and the
// triangular inverse L^-1 give everything: diag(H^-1) are the squared column norms of L^-1.
// For classification the LOO MSE is that of the regression-form system on the +-1 targets,
// and a LOO misclassification count comes with it.
//
// Several outputs (FitK, LOOK, NewEvaluatorK, TuneK): the system matrix does not depend on the
// targets, so K target vectors y_1..y_K, such as the one-vs-rest -1/+1 targets of K classes,
// share one factorisation and are K more right-hand sides: b_j = 1' H^-1 y_j / 1' H^-1 1,
// alpha_j = H^-1 (y_j - b_j 1), and the LOO residual of point i for output j is
// alpha_ji / C_ii with the same C_ii for every output. Each more output costs O(N^2), against
// the O(N^3) factorisation, and its results are bit for bit those of a one-output fit.
//
// Non-positive-definite H: the Gaussian and wavelet kernels are positive definite (the wavelet
// kernel's Fourier transform is a sum of two Gaussians), so H is SPD for any gamma > 0 up to
// rounding, and TestWaveletPositiveDefinite checks it over the whole Tune box. When the
// Cholesky factorisation still fails (a user kernel that is not positive definite, or a huge
// gamma with a numerically singular Omega), the bordered system is solved by an LU
// factorisation with partial pivoting instead (gonum's Dgetrf and Dgetri: exact all the same,
// about ten times slower); if that matrix is singular to working precision the result is
// ErrSingular, and LOO reports an infinite MSE that a tuner ranks as the worst.
//
// Speed: the factorisation and the triangular inverse (N^3/3 flops each) are recursive, with
// their bulk in one packed matrix-product kernel (gemm.go); on amd64 CPUs with AVX2 and FMA its
// innermost 6 x 8 block is Go assembly, selected at start-up, and plain Go elsewhere or when
// built with -tags purego (or noasm). No cgo is involved. One LOO evaluation at N = 512,
// m = 8 took 3.3 ms (Gaussian) or 3.8 ms (wavelet) on the 2-core development machine: 15 ms
// with -tags purego, 13-15 ms by gonum's Dpotrf and Dtrtri (BenchmarkLOOVariants). Each more
// output adds two scalar triangular passes, 0.1 to 0.2 ms at N = 512: K = 3 outputs cost 1.04
// times one, K = 10 1.2 to 1.3 times (BenchmarkLOOK, BenchmarkFromInverseK).
package lssvm

import (
	"errors"
	"fmt"
	"math"

	"github.com/sparsekernel/sparsekernel/kernel"
)

var (
	// ErrDimensionMismatch reports inputs whose lengths disagree: X and y (or a row of Y), or
	// rows of X.
	ErrDimensionMismatch = errors.New("lssvm: dimension mismatch")
	// ErrLabel reports a classification target that is not -1 or +1.
	ErrLabel = errors.New("lssvm: classification label not -1 or +1")
	// ErrSingular reports a bordered system that is singular to working precision, or
	// non-finite kernel values.
	ErrSingular = errors.New("lssvm: singular system")
)

// Machine is a fitted LS-SVM.
type Machine struct {
	// X is the support set: every training point (the LS-SVM is not sparse).
	X [][]float64
	// Coef is the weight on K(x, x_k) in the decision function: alpha_k for regression,
	// alpha_k y_k for classification.
	Coef []float64
	// Bias is b.
	Bias float64
	// Kernel is the kernel the machine was fitted with.
	Kernel kernel.Kernel
	// Classification is set for a classifier, whose Predict returns -1 or +1.
	Classification bool
}

// Decision returns sum_k Coef_k K(x, x_k) + Bias. x must have as many values as the
// training rows (the kernel panics otherwise, as slice indexing does).
func (m *Machine) Decision(x []float64) float64 {
	s := m.Bias
	for k, xk := range m.X {
		s += m.Coef[k] * m.Kernel.Eval(x, xk)
	}
	return s
}

// Predict returns Decision(x) for regression; for classification +1 if Decision(x) > 0,
// else -1.
func (m *Machine) Predict(x []float64) float64 {
	f := m.Decision(x)
	if !m.Classification {
		return f
	}
	if f > 0 {
		return 1
	}
	return -1
}

// Fit trains an LS-SVM on the rows of X (already standardised samples) and targets y with
// kernel k and regularisation gamma > 0 by solving the bordered system with a Cholesky
// factorisation of Omega + I/gamma (LU of the bordered matrix if that is not positive
// definite; see the package documentation); it costs about as much as one LOO evaluation. For
// classification y must hold -1 and +1.
func Fit(X [][]float64, y []float64, k kernel.Kernel, gamma float64, classification bool) (*Machine, error) {
	if classification {
		if err := checkLabels(y); err != nil {
			return nil, err
		}
	}
	e, err := NewEvaluator(X, y)
	if err != nil {
		return nil, err
	}
	xs, err := e.fit(k, gamma)
	if err != nil {
		return nil, err
	}
	return &Machine{
		X:              xs,
		Coef:           append([]float64(nil), e.alpha...),
		Bias:           e.b[0],
		Kernel:         k,
		Classification: classification,
	}, nil
}

// fit solves the system for every output and returns the support set, rows of e.x.
func (e *Evaluator) fit(k kernel.Kernel, gamma float64) ([][]float64, error) {
	if err := e.solve(k, gamma); err != nil {
		return nil, err
	}
	for _, b := range e.b {
		if math.IsNaN(b) || math.IsInf(b, 0) {
			return nil, ErrSingular
		}
	}
	xs := make([][]float64, e.n)
	for i := range xs {
		xs[i] = e.x[i*e.m : (i+1)*e.m : (i+1)*e.m]
	}
	return xs, nil
}

// LOO returns the exact leave-one-out mean squared error of the LS-SVM with kernel k and
// regularisation gamma on (X, y), from one factorisation (never N refits), and the number of
// points whose LOO prediction has the wrong sign (sgn(y_k - r_k) != sgn(y_k), sgn(0) = -1),
// which for +-1 labels is the LOO misclassification count. The LOO residuals are those of the
// regression-form system on y; for +-1 labels that is the LOO MSE Tune minimises for
// classifiers. Use an Evaluator to repeat this on one data set without allocating, or to
// read the residuals themselves.
func LOO(X [][]float64, y []float64, k kernel.Kernel, gamma float64) (mse float64, misclassified int, err error) {
	e, err := NewEvaluator(X, y)
	if err != nil {
		return math.Inf(1), len(y), err
	}
	return e.LOO(k, gamma)
}

func checkLabels(y []float64) error {
	for i, v := range y {
		if v != 1 && v != -1 {
			return fmt.Errorf("%w: y[%d] = %v", ErrLabel, i, v)
		}
	}
	return nil
}

func checkGamma(gamma float64) error {
	if !(gamma > 0) || math.IsInf(gamma, 0) {
		return fmt.Errorf("lssvm: gamma = %v, want a finite positive value", gamma)
	}
	return nil
}
