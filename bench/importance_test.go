package bench

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/model"
)

// noisyInputs returns n rows of three inputs where the target depends on the first strongly,
// the second weakly and the third not at all.
func noisyInputs(n int, seed uint64) (X [][]float64, y []float64) {
	rng := rand.New(rand.NewPCG(seed, 9))
	for range n {
		x := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		X, y = append(X, x), append(y, 2*x[0]+0.5*x[1]+0.1*rng.NormFloat64())
	}
	return X, y
}

func TestPermutationImportance(t *testing.T) {
	X, y := noisyInputs(200, 1)
	Xt, yt := noisyInputs(300, 2)
	labels := make([]string, len(y))
	for i, v := range y {
		labels[i] = map[bool]string{true: "hi", false: "lo"}[v > 0]
	}
	reg, err := sparsekernel.Fit(X, y, sparsekernel.Options{Task: model.Regression, Features: []string{"a", "b", "c"}})
	if err != nil {
		t.Fatal(err)
	}
	cls, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{})
	if err != nil {
		t.Fatal(err)
	}
	class := make([]float64, len(yt))
	for i, v := range yt {
		class[i] = float64(slices.Index(cls.Classes, map[bool]string{true: "hi", false: "lo"}[v > 0]))
	}
	for name, tc := range map[string]struct {
		m      *model.Model
		target []float64
	}{"regression": {reg, yt}, "classification": {cls, class}} {
		before := slices.Clone(Xt[0])
		base, imp, err := PermutationImportance(tc.m, Xt, tc.target, 5, 7)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, _ := TestError(tc.m, Xt, tc.target)
		if base != want || len(imp) != 3 || !slices.Equal(Xt[0], before) {
			t.Fatalf("%s: base %v (TestError %v), %d importances, row 0 %v (was %v)", name, base, want, len(imp), Xt[0], before)
		}
		// The inputs in the order of their effect, the third's rise within noise of none.
		if !(imp[0].Mean > imp[1].Mean && imp[1].Mean > imp[2].Mean+imp[2].Std) || imp[0].Std <= 0 {
			t.Errorf("%s: importances %+v", name, imp)
		}
		if name == "regression" && (imp[0].Name != "a" || imp[2].Input != 2) {
			t.Errorf("names and inputs %+v", imp)
		}
		_, again, _ := PermutationImportance(tc.m, Xt, tc.target, 5, 7)
		_, other, _ := PermutationImportance(tc.m, Xt, tc.target, 5, 8)
		if !reflect.DeepEqual(imp, again) || reflect.DeepEqual(imp, other) {
			t.Errorf("%s: the same seed gave %+v then %+v; another %+v", name, imp, again, other)
		}
	}
	if _, _, err := PermutationImportance(reg, Xt, yt, 0, 1); err == nil {
		t.Error("no shuffles accepted")
	}
	if _, _, err := PermutationImportance(nil, Xt, yt, 5, 1); err == nil {
		t.Error("a nil model accepted")
	}
}

func TestRegressionScoresOf(t *testing.T) {
	mse, mae, r2 := RegressionScoresOf([][]float64{{1}, {3}, {3}, {2}}, []float64{1, 2, 3, 4})
	if mse != 1.25 || mae != 0.75 || r2 != 0 {
		t.Errorf("got %v, %v, %v; want 1.25, 0.75, 0 (SST 5)", mse, mae, r2)
	}
	if _, _, r2 := RegressionScoresOf([][]float64{{1}, {2}}, []float64{2, 2}); !math.IsNaN(r2) {
		t.Errorf("R^2 of constant targets %v, want NaN", r2)
	}
}
