package lssvm

import (
	"fmt"
	"math"

	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/optim"
)

// The search box of Tune (the ranges of Ren and Bai 2011), in log10 scale.
const (
	minGamma, maxGamma = 0.1, 1e4
	minWidth, maxWidth = 0.1, 100
)

// TuneResult is the outcome of Tune or TuneK.
type TuneResult struct {
	Gamma float64 // the regularisation parameter found
	// Width is the kernel parameter found: sigma of the Gaussian or a of the wavelet.
	Width float64
	// Kernel is the tuned kernel, kernel.Gaussian{Sigma: Width} or kernel.Wavelet{A: Width},
	// ready for Fit.
	Kernel kernel.Kernel
	// MSE is the exact LOO mean squared error at (Gamma, Width), the cost minimised (summed
	// over the outputs for TuneK).
	MSE float64
	// Misclassified is the LOO misclassification count at (Gamma, Width) (see LOO and LOOK);
	// it is only meaningful for classification.
	Misclassified int
	// Evaluations is the number of LOO evaluations the optimiser used (one more, at the
	// optimum, gives Misclassified).
	Evaluations int
}

// Tune searches (log gamma, log sigma) for kind "gaussian" or (log gamma, log a) for kind
// "wavelet", over gamma in [0.1, 1e4] and sigma or a in [0.1, 100], for the minimum exact LOO
// MSE on (X, y) with the optimisation method m (optim.CCA as in Ren and Bai (2011), or optim.SA
// with the same number of evaluations for their baseline). For classification y must hold -1
// and +1, and the LOO MSE is that of the regression form on those targets (docs/ALGORITHMS.md,
// section 8).
//
// Each of the s.Workers goroutines gets its own Evaluator (through optim.Problem.NewFunc); they
// share the data and the pairwise distances, computed once. A hyperparameter point whose
// system is singular costs +Inf.
func Tune(X [][]float64, y []float64, kind string, classification bool, m optim.Method, s optim.Settings) (TuneResult, error) {
	if _, ok := tuneKinds[kind]; !ok {
		return TuneResult{}, errKind(kind)
	}
	if classification {
		if err := checkLabels(y); err != nil {
			return TuneResult{}, err
		}
	}
	e0, err := NewEvaluator(X, y)
	if err != nil {
		return TuneResult{}, err
	}
	return tune(e0, kind, m, s)
}

// TuneK is Tune for K = len(Y) outputs sharing gamma and the kernel width (see FitK): it
// minimises the LOO MSE summed over the outputs (LOOK), each evaluation one factorisation for
// all the outputs. For a classifier of K classes Y holds one-vs-rest targets (see OneVsRest),
// and Misclassified counts the points whose largest LOO decision is not their class's; with
// K = 1 it is Tune(X, Y[0], kind, false, m, s).
func TuneK(X [][]float64, Y [][]float64, kind string, m optim.Method, s optim.Settings) (TuneResult, error) {
	if _, ok := tuneKinds[kind]; !ok {
		return TuneResult{}, errKind(kind)
	}
	e0, err := NewEvaluatorK(X, Y)
	if err != nil {
		return TuneResult{}, err
	}
	return tune(e0, kind, m, s)
}

func errKind(kind string) error {
	return fmt.Errorf("lssvm: kernel kind %q, want \"gaussian\" or \"wavelet\"", kind)
}

// tune runs the search of Tune on the data and targets of e0.
func tune(e0 *Evaluator, kind string, m optim.Method, s optim.Settings) (TuneResult, error) {
	kk := tuneKinds[kind]
	if e0.n < 2 {
		return TuneResult{}, fmt.Errorf("%w: leave-one-out needs at least 2 samples", ErrDimensionMismatch)
	}
	first := true
	p := optim.Problem{
		Lower: []float64{math.Log10(minGamma), math.Log10(minWidth)},
		Upper: []float64{math.Log10(maxGamma), math.Log10(maxWidth)},
		NewFunc: func() func(x []float64) float64 {
			e := e0
			if !first {
				e = e0.clone()
			}
			first = false
			k, width := kk.mutable()
			return func(x []float64) float64 {
				*width = math.Pow(10, x[1])
				mse, _, err := e.LOO(k, math.Pow(10, x[0]))
				if err != nil {
					return math.Inf(1)
				}
				return mse
			}
		},
	}
	res, err := optim.Minimize(p, m, s)
	if err != nil {
		return TuneResult{}, err
	}
	gamma, width := math.Pow(10, res.X[0]), math.Pow(10, res.X[1])
	k := kk.value(width)
	mse, miss, err := e0.LOO(k, gamma)
	if err != nil {
		return TuneResult{}, fmt.Errorf("lssvm: every hyperparameter point tried failed: %w", err)
	}
	return TuneResult{Gamma: gamma, Width: width, Kernel: k, MSE: mse, Misclassified: miss, Evaluations: res.Evaluations}, nil
}

// tuneKinds are the kernels Tune knows: value makes the kernel of a width; mutable makes a
// kernel and the address of its width, so that an evaluation updates it in place and allocates
// nothing.
var tuneKinds = map[string]struct {
	value   func(w float64) kernel.Kernel
	mutable func() (kernel.Kernel, *float64)
}{
	"gaussian": {
		value:   func(w float64) kernel.Kernel { return kernel.Gaussian{Sigma: w} },
		mutable: func() (kernel.Kernel, *float64) { k := &kernel.Gaussian{}; return k, &k.Sigma },
	},
	"wavelet": {
		value:   func(w float64) kernel.Kernel { return kernel.Wavelet{A: w} },
		mutable: func() (kernel.Kernel, *float64) { k := &kernel.Wavelet{}; return k, &k.A },
	},
}
