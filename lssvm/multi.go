package lssvm

import (
	"fmt"
	"math"

	"github.com/sparsekernel/sparsekernel/kernel"
)

// MachineK is a fitted LS-SVM with K outputs sharing the support set and the kernel: a
// one-vs-rest classifier of K classes, or a regressor of K targets.
type MachineK struct {
	// X is the support set: every training point.
	X [][]float64
	// Coef holds K rows of len(X) weights: Coef[j][i] multiplies K(x, x_i) in output j.
	Coef [][]float64
	// Bias holds the K biases.
	Bias []float64
	// Kernel is the kernel the machine was fitted with.
	Kernel kernel.Kernel
}

// Outputs returns K.
func (m *MachineK) Outputs() int { return len(m.Bias) }

// Decision returns the K outputs f_j(x) = sum_i Coef[j][i] K(x, x_i) + Bias[j].
func (m *MachineK) Decision(x []float64) []float64 {
	f := make([]float64, len(m.Bias))
	m.DecisionTo(f, x)
	return f
}

// DecisionTo writes the K outputs at x into f (of length K) without allocating (but for the
// kernel's own Eval); each kernel value is computed once for all outputs. f must have K
// values and x as many as the training rows (it panics otherwise, as slice indexing does).
func (m *MachineK) DecisionTo(f, x []float64) {
	copy(f, m.Bias)
	for i, xi := range m.X {
		kv := m.Kernel.Eval(x, xi)
		for j, c := range m.Coef {
			f[j] += c[i] * kv
		}
	}
}

// Class returns the class of x: the index of the largest output (the first on ties), or with
// one output 1 if it is positive, else 0 (as model.Class).
func (m *MachineK) Class(x []float64) int {
	f := m.Decision(x)
	if len(f) == 1 {
		if f[0] > 0 {
			return 1
		}
		return 0
	}
	return argmaxStrided(f, 1, len(f))
}

// FitK trains an LS-SVM with K = len(Y) outputs on the rows of X (already standardised
// samples) and the target vectors Y[j], with kernel k and regularisation gamma > 0: one
// factorisation of the system matrix, which does not depend on the targets, and one more
// right-hand side per output. For a classifier of K classes, Y holds one-vs-rest targets (see
// OneVsRest). Output j is bit for bit Fit(X, Y[j], k, gamma, ...) (whose Coef is the same for
// regression and classification).
func FitK(X [][]float64, Y [][]float64, k kernel.Kernel, gamma float64) (*MachineK, error) {
	e, err := NewEvaluatorK(X, Y)
	if err != nil {
		return nil, err
	}
	xs, err := e.fit(k, gamma)
	if err != nil {
		return nil, err
	}
	n := e.n
	coef := make([][]float64, e.nout)
	all := append([]float64(nil), e.alpha...)
	for j := range coef {
		coef[j] = all[j*n : (j+1)*n : (j+1)*n]
	}
	return &MachineK{X: xs, Coef: coef, Bias: append([]float64(nil), e.b...), Kernel: k}, nil
}

// LOOK returns the exact leave-one-out error of the K-output LS-SVM with kernel k and
// regularisation gamma on (X, Y), from one factorisation: the squared LOO residuals summed
// over the outputs and averaged over the points, and the number of points whose largest LOO
// decision y_ji - r_ji is not that of their class, the output j with the largest Y[j][i] (the
// +1 of one-vs-rest targets). With K = 1 it is LOO(X, Y[0], k, gamma), sign rule included.
// Use an Evaluator (NewEvaluatorK) to repeat this without allocating or to read the residuals.
func LOOK(X [][]float64, Y [][]float64, k kernel.Kernel, gamma float64) (mse float64, misclassified int, err error) {
	e, err := NewEvaluatorK(X, Y)
	if err != nil {
		return math.Inf(1), len(X), err
	}
	return e.LOO(k, gamma)
}

// OneVsRest returns the one-vs-rest targets of class indices in [0, classes): classes vectors
// of len(class) values, Y[j][i] = +1 if class[i] == j, else -1.
func OneVsRest(class []int, classes int) ([][]float64, error) {
	if classes < 1 {
		return nil, fmt.Errorf("lssvm: %d classes, want at least 1", classes)
	}
	Y := make([][]float64, classes)
	for j := range Y {
		Y[j] = make([]float64, len(class))
	}
	for i, c := range class {
		if c < 0 || c >= classes {
			return nil, fmt.Errorf("lssvm: class[%d] = %d, want 0 to %d", i, c, classes-1)
		}
		for j := range Y {
			Y[j][i] = -1
		}
		Y[c][i] = 1
	}
	return Y, nil
}
