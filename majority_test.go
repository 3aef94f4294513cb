package sparsekernel

import (
	"math"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// TestBeatsTrivial checks the comparison of Platt-calibrated out-of-fold labels with the
// trivial rule: fewer mistakes or as many keep the model's labels, more do not.
func TestBeatsTrivial(t *testing.T) {
	// Nine points of class 0 and two of class 1 (the trivial rule: two mistakes).
	class := []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1}
	col := func(v ...float64) [][]float64 {
		F := make([][]float64, len(v))
		for i, x := range v {
			F[i] = []float64{x}
		}
		return F
	}
	for _, tc := range []struct {
		name string
		F    [][]float64
		want bool
	}{
		{"the classes apart", col(-3, -2.5, -2, -1.5, -1, -0.5, -2, -3, -1, 2, 3), true},
		{"no point labelled the rare class", col(-3, -2.9, -2.8, -2.7, -2.6, -2.5, -2.4, -2.3, -2.2, -2.1, -2), true},
		// The calibrated log-odds are positive beyond 2.6 only, where the one point is of
		// class 0: three mistakes.
		{"the rare class's label wrong", col(-2.1, -1.4, -1.1, -0.9, -0.6, -0.4, -0.2, 0.1, 2.8, 1, 2.3), false},
	} {
		if got := beatsTrivial(tc.F, class); got != tc.want {
			t.Errorf("%s: beatsTrivial = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestMajorityLabels checks that moving the threshold labels every training point with the
// most frequent class and leaves the probabilities as they were, for either class the most
// frequent and for a folded or a general calibration.
func TestMajorityLabels(t *testing.T) {
	X := [][]float64{{-2}, {-1}, {-0.5}, {0}, {0.4}, {1}, {2.5}}
	for _, tc := range []struct {
		name  string
		class []int
		cal   *model.Calibration
	}{
		{"class 0 most frequent, folded", []int{0, 0, 0, 0, 1, 1, 0}, &model.Calibration{A: [][]float64{{0}, {1}}, B: []float64{0, 0}}},
		{"class 1 most frequent, folded", []int{1, 1, 0, 1, 1, 0, 1}, &model.Calibration{A: [][]float64{{0}, {1}}, B: []float64{0, 0}}},
		{"class 0 most frequent, general map", []int{0, 1, 0, 0, 0, 1, 0}, &model.Calibration{A: [][]float64{{0.3}, {1.2}}, B: []float64{0.1, -0.4}}},
	} {
		m := &model.Model{Task: model.Classification, Kernel: model.KernelGaussian, Inputs: 1, Classes: []string{"a", "b"},
			Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}},
			Nodes:   []model.Node{{Centre: []float64{-1}, Width: []float64{0.5}}, {Centre: []float64{1}, Width: []float64{0.3}}},
			Weights: [][]float64{{-4, 6}}, Bias: []float64{0.2}, Calibration: tc.cal}
		before := probabilities(t, m, X)
		if err := majorityLabels(m, X, tc.class); err != nil {
			t.Fatal(err)
		}
		after := probabilities(t, m, X)
		most := 0
		if 2*sum(tc.class) >= len(tc.class) {
			most = 1
		}
		for i, x := range X {
			if math.Abs(after[i]-before[i]) > 1e-12 {
				t.Errorf("%s: point %v: probability %v, was %v", tc.name, x, after[i], before[i])
			}
			f, err := m.Decision(x)
			if err != nil {
				t.Fatal(err)
			}
			if got := model.Class(f); got != most {
				t.Errorf("%s: point %v labelled %d, want the most frequent class %d", tc.name, x, got, most)
			}
		}
		side := map[int]string{0: `"a" wherever the log-odds of "b" are below`, 1: `"b" wherever the log-odds of "b" are above`}[most]
		if !strings.Contains(m.Training.Chose, side) || m.Training.CVError != 2.0/7 {
			t.Errorf("%s: chose %q, estimate %v, want %q and the trivial rule's 2/7", tc.name, m.Training.Chose, m.Training.CVError, side)
		}
	}
}

// probabilities returns the probability of class 1 at each point of X.
func probabilities(t *testing.T, m *model.Model, X [][]float64) []float64 {
	t.Helper()
	out := make([]float64, len(X))
	p := make([]float64, 2)
	for i, x := range X {
		f, err := m.Decision(x)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Probabilities(p, f); err != nil {
			t.Fatal(err)
		}
		out[i] = p[1]
	}
	return out
}

func sum(v []int) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}
