package bench

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/nopanic"
	"github.com/sparsekernel/sparsekernel/model"
)

// Score refuses what it cannot measure instead of panicking, returning NaN or Inf, or scoring
// with another metric than the one asked for.
func TestScoreRefuses(t *testing.T) {
	reg := &model.Model{Task: model.Regression, Kernel: model.KernelGaussian, Inputs: 1,
		Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}}, Weights: [][]float64{{}}, Bias: []float64{1}}
	cls := &model.Model{Task: model.Classification, Kernel: model.KernelGaussian, Inputs: 1, Classes: []string{"a", "b"},
		Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}}, Weights: [][]float64{{}}, Bias: []float64{1}}
	X := [][]float64{{0}, {1}}
	tests := []struct {
		name   string
		m      *model.Model
		X      [][]float64
		target []float64
		metric string
		want   string
	}{
		{"no rows", reg, nil, nil, MSE, "no rows"},
		{"fewer targets", reg, X, []float64{1}, MSE, "2 rows but 1 targets"},
		{"more targets", reg, X, []float64{1, 2, 3}, MSE, "2 rows but 3 targets"},
		{"unknown metric", reg, X, []float64{1, 2}, "mae", `unknown metric "mae"`},
		{"nan target", reg, X, []float64{1, math.NaN()}, MSE, "target 2 is NaN"},
		{"constant targets for nrmse", reg, X, []float64{1, 1}, NRMSE, "targets that vary"},
		{"error% of a regressor", reg, X, []float64{0, 1}, ErrorPercent, "needs a classifier"},
		{"mse of a classifier", cls, X, []float64{0, 1}, MSE, "needs a regressor"},
		{"class index out of range", cls, X, []float64{0, 2}, ErrorPercent, "target 2 is 2, not a class index"},
		{"class index not an integer", cls, X, []float64{0.5, 1}, ErrorPercent, "target 1 is 0.5"},
		{"negative class index", cls, X, []float64{-2, 1}, ErrorPercent, "target 1 is -2"},
		{"zero model", &model.Model{}, X, []float64{0, 1}, MSE, "needs a regressor"},
	}
	for _, tc := range tests {
		err := nopanic.Call(func() error {
			s, err := Score(tc.m, tc.X, tc.target, tc.metric)
			if err == nil {
				return fmt.Errorf("score %v", s)
			}
			return err
		})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error mentioning %q", tc.name, err, tc.want)
		}
	}
	if _, err := Score(cls, X, []float64{1, 0}, ErrorPercent); err != nil {
		t.Errorf("valid classification targets: %v", err)
	}
	// The other scores refuse the same, and decision rows of another length than the outputs.
	others := []struct {
		name string
		call func() error
		want string
	}{
		{"Score, nil model", func() error { _, err := Score(nil, X, []float64{0, 1}, MSE); return err }, "no model"},
		{"TestError, nil model", func() error { _, err := TestError(nil, X, []float64{0, 1}); return err }, "no model"},
		{"TestErrorOf, nil model", func() error { _, err := TestErrorOf(nil, X, []float64{0, 1}); return err }, "no model"},
		{"TestErrorOf, short row", func() error { _, err := TestErrorOf(reg, [][]float64{{}}, []float64{1}); return err }, "decision row 1 has 0 values"},
		{"TestErrorOf, long row", func() error { _, err := TestErrorOf(cls, [][]float64{{1, 2}}, []float64{0}); return err }, "decision row 1 has 2 values"},
		{"ProbabilityScores, short target", func() error { _, _, err := ProbabilityScores(cls, X, []float64{0}); return err }, "2 rows but 1 targets"},
		{"ProbabilityScores, nil model", func() error { _, _, err := ProbabilityScores(nil, X, []float64{0, 1}); return err }, "no model"},
		{"ProbabilityScoresOf, class 9", func() error { _, _, err := ProbabilityScoresOf(cls, [][]float64{{0.5}}, []float64{9}); return err }, "target 1 is 9"},
		{"ProbabilityScoresOf, class 0.5", func() error { _, _, err := ProbabilityScoresOf(cls, [][]float64{{0.5}}, []float64{0.5}); return err }, "target 1 is 0.5"},
	}
	for _, tc := range others {
		err := nopanic.Call(tc.call)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error mentioning %q", tc.name, err, tc.want)
		}
	}
	if v := AUC([]float64{1, 2}, []bool{true}); !math.IsNaN(v) {
		t.Errorf("AUC of 2 scores and 1 flag: %v, want NaN", v)
	}
	if v := BalancedError([]string{"a", "b"}, []string{"a"}); !math.IsNaN(v) {
		t.Errorf("BalancedError of 2 labels and 1 prediction: %v, want NaN", v)
	}
}

// Run and FolderSource.Split refuse a missing source, negative realisation counts and a
// folder built by hand with realisations or rows out of range; a valid hand-built folder
// splits.
func TestRunAndSplitRefuse(t *testing.T) {
	if err := nopanic.Call(func() error { _, err := Run(nil, Config{}); return err }); err == nil || !strings.Contains(err.Error(), "no benchmark source") {
		t.Errorf("nil source: %v", err)
	}
	src := Generators["ripley"](2)
	for _, cfg := range []Config{{First: -1}, {Realisations: -1}} {
		if err := nopanic.Call(func() error { _, err := Run(src, cfg); return err }); err == nil || !strings.Contains(err.Error(), "want 0 or more") {
			t.Errorf("%+v: %v", cfg, err)
		}
	}
	f := &dataset.Folder{Dir: "hand", X: [][]float64{{0}, {1}, {2}, {3}}, Labels: []string{"a", "b", "a", "b"},
		Train: [][]int{{0, 1}, {0, 9}}, Test: [][]int{{2, 3}}}
	fs := NewFolderSource(f, "")
	if _, _, err := fs.Split(0); err != nil {
		t.Errorf("valid realisation: %v", err)
	}
	for k, want := range map[int]string{-1: "realisation 0 out of range", 1: "realisation 2 out of range", 5: "out of range"} {
		if err := nopanic.Call(func() error { _, _, err := fs.Split(k); return err }); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Split(%d): %v, want an error mentioning %q", k, err, want)
		}
	}
	f.Test = append(f.Test, []int{2})
	if err := nopanic.Call(func() error { _, _, err := fs.Split(1); return err }); err == nil || !strings.Contains(err.Error(), "row 9 out of range") {
		t.Errorf("index beyond the rows: %v", err)
	}
}
