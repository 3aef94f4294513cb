// Package kernel holds the basis functions of sparsekernel (docs/ALGORITHMS.md, section 1): the
// Gaussian with a common width, the Gaussian with a diagonal covariance (tunable nodes) and the
// wavelet kernel of the LS-SVM.
//
// One convention is used throughout: a Gaussian is written with per-dimension variances s_j,
//
//	g(x) = exp(-0.5 * sum_j (x_j - c_j)^2 / s_j),
//
// so the common-width form exp(-||x-c||^2 / tau) of Hong, Chen and Harris (2008) and Hong et al.
// (2014) has s_j = tau/2 and the LS-SVM form exp(-||x-z||^2 / (2 sigma^2)) has s_j = sigma^2.
package kernel

import "math"

// Kernel evaluates a symmetric kernel K(x, z).
type Kernel interface {
	Eval(x, z []float64) float64
}

// Gaussian is the isotropic Gaussian kernel exp(-||x-z||^2 / (2 Sigma^2)) of the LS-SVM.
type Gaussian struct {
	Sigma float64
}

// Eval returns exp(-||x-z||^2 / (2 Sigma^2)).
func (g Gaussian) Eval(x, z []float64) float64 {
	return math.Exp(-SqDist(x, z) / (2 * g.Sigma * g.Sigma))
}

// Wavelet is the wavelet kernel prod_j cos(1.75 d_j / A) exp(-d_j^2 / (2 A^2)), d = x - z.
type Wavelet struct {
	A float64
}

// Eval returns the wavelet kernel of x and z.
func (w Wavelet) Eval(x, z []float64) float64 {
	p, s := 1.0, 0.0
	for j := range x {
		d := (x[j] - z[j]) / w.A
		p *= math.Cos(1.75 * d)
		s += d * d
	}
	return p * math.Exp(-0.5*s)
}

// SqDist returns the squared Euclidean distance ||x - z||^2.
func SqDist(x, z []float64) float64 {
	z = z[:len(x)] // one bounds check instead of one per term
	var s float64
	for j := range x {
		d := x[j] - z[j]
		s += d * d
	}
	return s
}

// Diag returns the diagonal-covariance Gaussian exp(-0.5 sum_j (x_j - mu_j)^2 / s_j).
func Diag(x, mu, s []float64) float64 {
	return math.Exp(-0.5 * DiagDist(x, mu, s))
}

// DiagDist returns the scaled squared distance sum_j (x_j - mu_j)^2 / s_j of Diag, whose
// value is exp(-0.5 * DiagDist(x, mu, s)).
func DiagDist(x, mu, s []float64) float64 {
	mu, s = mu[:len(x)], s[:len(x)]
	var q float64
	for j := range x {
		d := x[j] - mu[j]
		q += d * d / s[j]
	}
	return q
}

// TauToVar converts the common width tau of exp(-||x-c||^2/tau) to the variance s = tau/2.
func TauToVar(tau float64) float64 { return tau / 2 }

// Dot returns the inner product x'z, the value of a linear node of direction z at x.
func Dot(x, z []float64) float64 {
	z = z[:len(x)]
	var s float64
	for j := range x {
		s += x[j] * z[j]
	}
	return s
}
