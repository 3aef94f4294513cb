// Package model holds the trained-model type of sparsekernel: everything needed to predict
// (kernel, nodes, weights, bias, feature scaling, class labels) and a record of how the model
// was trained (method, LOO curve, regularisation, cost evaluations). Every method returns a
// *Model, and the command line, export and serving need nothing else.
//
// A model predicts
//
//	f(x) = sum_i Weights[i] * g_i(z) + Bias,   z = (x - Scaling.Mean) / Scaling.Std
//
// where g_i is node i's basis function in the standardised space z (SPEC section 1). For
// classification the label is Classes[1] when f(x) > 0 and Classes[0] otherwise.
package model

import (
	"errors"
	"fmt"
	"math"

	"github.com/sparsekernel/sparsekernel/kernel"
)

// Task says whether a model classifies or regresses.
type Task string

// The tasks.
const (
	Classification Task = "classification"
	Regression     Task = "regression"
)

// Kernel names the form of the basis functions.
const (
	// KernelGaussian: g(z) = exp(-0.5 * sum_j (z_j - c_j)^2 / s_j), s = Node.Width.
	KernelGaussian = "gaussian"
	// KernelWavelet: g(z) = prod_j cos(1.75 d_j/a) exp(-d_j^2/(2 a^2)), d = z - c, a = Node.Width[0].
	KernelWavelet = "wavelet"
)

// Node is one basis function: its centre and its width parameters in the standardised space.
type Node struct {
	Centre []float64 `json:"centre"`
	// Width holds, for a Gaussian node, the variances s_j (one per input, or a single value
	// shared by all inputs); for a wavelet node, the dilation a.
	Width []float64 `json:"width"`
}

// Scaling standardises raw inputs: z_j = (x_j - Mean[j]) / Std[j].
type Scaling struct {
	Mean []float64 `json:"mean"`
	Std  []float64 `json:"std"`
}

// Training records how a model was built. Nothing in it is needed to predict.
type Training struct {
	Samples int `json:"samples"`
	// Tau is the common width of exp(-||z-c||^2/tau) chosen for the fixed-node methods (0 otherwise).
	Tau float64 `json:"tau,omitempty"`
	// Gamma and Width (sigma of the Gaussian, or the wavelet's a) are the LS-SVM
	// hyperparameters (0 otherwise).
	Gamma float64 `json:"gamma,omitempty"`
	Width float64 `json:"width,omitempty"`
	// LOOCurve[k] is the selection criterion after k+1 terms (misclassification rate,
	// mutual information or MSE, see Criterion), for every term tried.
	Criterion string    `json:"criterion,omitempty"`
	LOOCurve  []float64 `json:"loo_curve,omitempty"`
	// LOOError is the final model's LOO misclassification rate (classification) or LOO MSE.
	LOOError float64 `json:"loo_error"`
	// Lambdas are the final regularisation parameters of the terms.
	Lambdas     []float64 `json:"lambdas,omitempty"`
	Evaluations int       `json:"evaluations,omitempty"`
	Seed        uint64    `json:"seed"`
	Stop        string    `json:"stop,omitempty"`
	Seconds     float64   `json:"seconds,omitempty"`
}

// Model is a trained sparse kernel model.
type Model struct {
	Task     Task      `json:"task"`
	Method   string    `json:"method"`
	Kernel   string    `json:"kernel"`
	Inputs   int       `json:"inputs"`
	Features []string  `json:"features,omitempty"`
	Classes  []string  `json:"classes,omitempty"`
	Scaling  Scaling   `json:"scaling"`
	Nodes    []Node    `json:"nodes"`
	Weights  []float64 `json:"weights"`
	Bias     float64   `json:"bias"`
	// Range, if set, clips a regressor's output to [Range[0], Range[1]]: sparsekernel sets it
	// to the range of the training targets, so that a model never extrapolates beyond the
	// values it was trained on (a node in a sparse corner of the input space can carry a
	// large weight that the training points never expose).
	Range    []float64 `json:"range,omitempty"`
	Training Training  `json:"training"`
}

// Size returns the number of nodes (basis functions) of the model.
func (m *Model) Size() int { return len(m.Nodes) }

// Standardise writes the standardised form of the raw input x into z.
func (m *Model) Standardise(z, x []float64) {
	for j := range x {
		z[j] = (x[j] - m.Scaling.Mean[j]) / m.Scaling.Std[j]
	}
}

// Decision returns f(x) for a raw input x (see the package comment). It panics if
// len(x) != m.Inputs; use Check on untrusted models first.
func (m *Model) Decision(x []float64) float64 {
	z := make([]float64, len(x))
	return m.decision(z, x)
}

func (m *Model) decision(z, x []float64) float64 {
	if len(x) != m.Inputs {
		panic(fmt.Sprintf("model: input has %d values, model expects %d", len(x), m.Inputs))
	}
	m.Standardise(z, x)
	f := m.Bias
	for i, nd := range m.Nodes {
		f += m.Weights[i] * m.basis(z, nd)
	}
	if m.Range != nil {
		f = min(max(f, m.Range[0]), m.Range[1])
	}
	return f
}

func (m *Model) basis(z []float64, nd Node) float64 {
	switch m.Kernel {
	case KernelWavelet:
		return kernel.Wavelet{A: nd.Width[0]}.Eval(z, nd.Centre)
	default:
		if len(nd.Width) == 1 {
			return math.Exp(-0.5 * kernel.SqDist(z, nd.Centre) / nd.Width[0])
		}
		return kernel.Diag(z, nd.Centre, nd.Width)
	}
}

// Decisions returns f(x) for every row of X.
func (m *Model) Decisions(X [][]float64) []float64 {
	out := make([]float64, len(X))
	z := make([]float64, m.Inputs)
	for i, x := range X {
		out[i] = m.decision(z, x)
	}
	return out
}

// Sign maps a decision value to the class index: 1 (target +1) if f > 0, else 0 (target -1).
func Sign(f float64) int {
	if f > 0 {
		return 1
	}
	return 0
}

// Label returns the class label of a decision value (classification only).
func (m *Model) Label(f float64) string { return m.Classes[Sign(f)] }

// ErrInvalid reports a model that is internally inconsistent (a corrupt or hand-edited file).
var ErrInvalid = errors.New("invalid model")

// Check verifies that the model is complete and consistent: dimensions agree, every
// number is finite, widths are positive, a classifier has two classes.
func (m *Model) Check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
	}
	switch m.Task {
	case Classification:
		if len(m.Classes) != 2 || m.Classes[0] == m.Classes[1] {
			return bad("a classifier needs two distinct classes, has %q", m.Classes)
		}
	case Regression:
	default:
		return bad("unknown task %q", m.Task)
	}
	if m.Kernel != KernelGaussian && m.Kernel != KernelWavelet {
		return bad("unknown kernel %q", m.Kernel)
	}
	if m.Inputs < 1 {
		return bad("inputs = %d", m.Inputs)
	}
	if len(m.Scaling.Mean) != m.Inputs || len(m.Scaling.Std) != m.Inputs {
		return bad("scaling has %d means and %d stds for %d inputs", len(m.Scaling.Mean), len(m.Scaling.Std), m.Inputs)
	}
	if m.Features != nil && len(m.Features) != m.Inputs {
		return bad("%d feature names for %d inputs", len(m.Features), m.Inputs)
	}
	for j := range m.Inputs {
		if !finite(m.Scaling.Mean[j]) || !finite(m.Scaling.Std[j]) || m.Scaling.Std[j] <= 0 {
			return bad("scaling of input %d is (%v, %v)", j+1, m.Scaling.Mean[j], m.Scaling.Std[j])
		}
	}
	if len(m.Weights) != len(m.Nodes) {
		return bad("%d weights for %d nodes", len(m.Weights), len(m.Nodes))
	}
	if !finite(m.Bias) {
		return bad("bias is %v", m.Bias)
	}
	if m.Range != nil && (len(m.Range) != 2 || !finite(m.Range[0]) || !finite(m.Range[1]) || m.Range[0] > m.Range[1] || m.Task != Regression) {
		return bad("range %v: want two ordered finite values, for a regressor only", m.Range)
	}
	for i, nd := range m.Nodes {
		if len(nd.Centre) != m.Inputs {
			return bad("node %d has a centre of %d values for %d inputs", i+1, len(nd.Centre), m.Inputs)
		}
		want := len(nd.Width) == 1 || (m.Kernel == KernelGaussian && len(nd.Width) == m.Inputs)
		if !want {
			return bad("node %d has %d width values", i+1, len(nd.Width))
		}
		for _, v := range nd.Centre {
			if !finite(v) {
				return bad("node %d centre holds %v", i+1, v)
			}
		}
		for _, v := range nd.Width {
			if !finite(v) || v <= 0 {
				return bad("node %d width holds %v", i+1, v)
			}
		}
		if !finite(m.Weights[i]) {
			return bad("weight %d is %v", i+1, m.Weights[i])
		}
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
