package sparsekernel

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/model"
)

// TestFoldCalibrationSeveral checks the several-class calibration's fold: when the classes
// follow a multinomial map of the decisions whose arg max is not theirs, the map is folded
// into the outputs (the identity map stored, the same probabilities, the map's labels, and its
// cross-fitted error rate returned); when they are the decisions' arg max, it is stored
// beside the outputs and the model is unchanged.
func TestFoldCalibrationSeveral(t *testing.T) {
	const C = 3
	A0 := [][]float64{{2, 0, 0}, {0, 0.5, 0}, {0, 0, 2}} // class 1 wins where the others are low
	for _, tc := range []struct {
		name   string
		masked bool
	}{{"map's arg max", true}, {"outputs' arg max", false}} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 12))
			F := make([][]float64, 900)
			class := make([]int, len(F))
			l := make([]float64, C)
			for i := range F {
				F[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
				for c := range C {
					l[c] = F[i][c] // the outputs' arg max makes no mistake: nothing to gain
					if tc.masked {
						l[c] = A0[c][c]*F[i][c] + 0.2*rng.NormFloat64()
						if c == 1 {
							l[c] += 1.5
						}
					}
				}
				class[i] = model.Class(l)
			}
			m := &model.Model{Task: model.Classification, Kernel: model.KernelGaussian, Inputs: 1, Classes: []string{"a", "b", "c"},
				Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}},
				Nodes:   []model.Node{{Centre: []float64{-1}, Width: []float64{1}}, {Centre: []float64{1}, Width: []float64{0.5}}},
				Weights: [][]float64{{1, -0.5}, {0.3, 0.8}, {-1, 0.2}}, Bias: []float64{0.1, -0.2, 0.05}}
			before := *m
			x := []float64{0.3}
			fb, err := m.Decision(x)
			if err != nil {
				t.Fatal(err)
			}
			raw := oofError(F, class)
			rate := foldCalibration(m, F, class, C, "cv", 2)
			if m.Calibration == nil {
				t.Fatal("no calibration")
			}
			folded := strings.HasSuffix(m.Calibration.Method, ", folded into the outputs")
			if folded != tc.masked {
				t.Fatalf("method %q, want folded %v", m.Calibration.Method, tc.masked)
			}
			if !folded {
				if rate != raw || m.Weights[0][0] != before.Weights[0][0] || m.Bias[2] != before.Bias[2] {
					t.Errorf("rate %v (out-of-fold %v), or the outputs changed", rate, raw)
				}
				return
			}
			if rate >= raw {
				t.Errorf("folded with a cross-fitted error rate %v, the outputs' arg max %v", rate, raw)
			}
			for c := range C {
				for k := range C {
					if want := float64(map[bool]int{true: 1}[c == k]); m.Calibration.A[c][k] != want || m.Calibration.B[c] != 0 {
						t.Fatalf("stored map A %v, B %v; want the identity", m.Calibration.A, m.Calibration.B)
					}
				}
			}
			// The folded outputs give the probabilities of the map fitted on the decisions
			// (deterministic: fitted again here) beside the outputs they were folded into.
			A, B, ok := calibrate.Fit(F, class, C)
			if !ok {
				t.Fatal("fit failed")
			}
			unfolded := before
			unfolded.Calibration = &model.Calibration{A: A, B: B}
			fa, err := m.Decision(x)
			if err != nil {
				t.Fatal(err)
			}
			pa, pb := make([]float64, C), make([]float64, C)
			if err := m.Probabilities(pa, fa); err != nil {
				t.Fatal(err)
			}
			if err := unfolded.Probabilities(pb, fb); err != nil {
				t.Fatal(err)
			}
			for c := range C {
				if math.Abs(pa[c]-pb[c]) > 1e-12 {
					t.Fatalf("probabilities %v after the fold, %v before", pa, pb)
				}
			}
		})
	}
}
