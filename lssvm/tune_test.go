package lssvm

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/optim"
)

// gridBest returns the smallest LOO MSE over a 7 x 7 grid, even in log scale, of the Tune box.
func gridBest(t *testing.T, X [][]float64, y []float64, kind string) float64 {
	t.Helper()
	e, err := NewEvaluator(X, y)
	if err != nil {
		t.Fatal(err)
	}
	best := math.Inf(1)
	for i := 0; i < 7; i++ {
		gamma := math.Pow(10, -1+5*float64(i)/6)
		for j := 0; j < 7; j++ {
			w := math.Pow(10, -1+3*float64(j)/6)
			mse, _, err := e.LOO(tuneKinds[kind].value(w), gamma)
			if err == nil {
				best = min(best, mse)
			}
		}
	}
	return best
}

func TestTuneBeatsGrid(t *testing.T) {
	tests := []struct {
		name           string
		kind           string
		classification bool
		m              optim.Method
	}{
		{"gaussian regression CCA", "gaussian", false, optim.CCA{}},
		{"wavelet regression CCA", "wavelet", false, optim.CCA{}},
		{"gaussian classification CCA", "gaussian", true, optim.CCA{}},
		{"wavelet regression SA", "wavelet", false, optim.SA{Evaluations: 300}},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			X, y := synth(rand.New(rand.NewPCG(21, uint64(i))), 60, 2, tc.classification)
			res, err := Tune(X, y, tc.kind, tc.classification, tc.m, optim.Settings{Seed: 1, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			grid := gridBest(t, X, y, tc.kind)
			t.Logf("gamma %.4g, width %.4g: LOO MSE %.6g (7x7 grid best %.6g), %d evaluations",
				res.Gamma, res.Width, res.MSE, grid, res.Evaluations)
			if res.MSE > grid*(1+1e-3) {
				t.Errorf("Tune LOO MSE %v, worse than the grid's %v", res.MSE, grid)
			}
			if res.Gamma < minGamma*(1-1e-12) || res.Gamma > maxGamma*(1+1e-12) ||
				res.Width < minWidth*(1-1e-12) || res.Width > maxWidth*(1+1e-12) {
				t.Errorf("gamma %v, width %v outside the box", res.Gamma, res.Width)
			}
			mse, miss, err := LOO(X, y, res.Kernel, res.Gamma)
			if err != nil || mse != res.MSE || miss != res.Misclassified {
				t.Errorf("LOO at the result: %v, %d, %v; Tune reported %v, %d", mse, miss, err, res.MSE, res.Misclassified)
			}
			if sa, ok := tc.m.(optim.SA); ok && res.Evaluations != sa.Evaluations {
				t.Errorf("%d evaluations, SA budget %d", res.Evaluations, sa.Evaluations)
			}
		})
	}
}

// TestTuneWorkers checks that per-worker Evaluators change nothing: optim promises the same
// result whatever the number of workers, if every cost function agrees.
func TestTuneWorkers(t *testing.T) {
	X, y := synth(rand.New(rand.NewPCG(23, 24)), 50, 3, true)
	var first TuneResult
	for _, workers := range []int{1, 2, 3} {
		res, err := Tune(X, y, "wavelet", true, optim.CCA{MaxDecades: 10}, optim.Settings{Seed: 7, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if workers == 1 {
			first = res
		} else if res != first {
			t.Errorf("workers %d: %+v, workers 1: %+v", workers, res, first)
		}
	}
	if _, ok := first.Kernel.(kernel.Wavelet); !ok {
		t.Errorf("Kernel is %T, want kernel.Wavelet", first.Kernel)
	}
}

func TestTuneErrors(t *testing.T) {
	X, y := synth(rand.New(rand.NewPCG(25, 26)), 10, 2, false)
	if _, err := Tune(X, y, "laplace", false, optim.CCA{}, optim.Settings{}); err == nil {
		t.Error("unknown kernel kind accepted")
	}
	if _, err := Tune(X, y, "gaussian", true, optim.CCA{}, optim.Settings{}); !errors.Is(err, ErrLabel) {
		t.Errorf("real targets for classification: err = %v, want ErrLabel", err)
	}
	if _, err := Tune(X, y, "gaussian", false, optim.SA{}, optim.Settings{}); !errors.Is(err, optim.ErrSetting) {
		t.Errorf("SA without a budget: err = %v, want optim.ErrSetting", err)
	}
}
