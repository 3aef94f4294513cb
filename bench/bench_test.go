package bench

import (
	"math"
	"reflect"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/model"
)

func TestGenerators(t *testing.T) {
	tests := []struct {
		name              string
		task              model.Task
		metric            string
		trainLen, testLen int
	}{
		{"ripley", model.Classification, ErrorPercent, 250, 1000},
		{"piecewise", model.Regression, NRMSE, 100, 100},
		{"saddle", model.Regression, NRMSE, 81, 1600},
	}
	for _, tc := range tests {
		g := Generators[tc.name](3)
		tr, te, err := g.Split(2)
		if err != nil {
			t.Fatal(err)
		}
		if g.Task() != tc.task || g.Metric() != tc.metric || len(tr.X) != tc.trainLen || len(te.X) != tc.testLen {
			t.Errorf("%s: task %s metric %s, %d/%d points", tc.name, g.Task(), g.Metric(), len(tr.X), len(te.X))
		}
		if (tc.task == model.Classification) != (tr.Labels != nil) {
			t.Errorf("%s: labels %v for task %s", tc.name, tr.Labels != nil, tc.task)
		}
		if _, _, err := g.Split(3); err == nil {
			t.Errorf("%s: realisation 4 of 3 accepted", tc.name)
		}
	}
}

func TestScore(t *testing.T) {
	m := &model.Model{Task: model.Regression, Kernel: model.KernelGaussian, Inputs: 1,
		Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}}, Weights: [][]float64{{}}, Bias: []float64{1}}
	X := [][]float64{{0}, {1}, {2}, {3}}
	y := []float64{1, 3, 1, 3} // predictions are all 1: errors 0, 2, 0, 2
	if got, err := Score(m, X, y, MSE); got != 2 || err != nil {
		t.Errorf("MSE %v (%v), want 2", got, err)
	}
	_, sd := MeanStd(y) // sqrt(4/3)
	if got, _ := Score(m, X, y, NRMSE); math.Abs(got-math.Sqrt(2)/sd) > 1e-15 {
		t.Errorf("NRMSE %v, want %v", got, math.Sqrt(2)/sd)
	}
	m.Task, m.Classes = model.Classification, []string{"a", "b"}
	if got, _ := Score(m, X, []float64{1, 0, 1, 1}, ErrorPercent); got != 25 {
		t.Errorf("error %v%%, want 25%%", got)
	}
	m.Classes = []string{"a", "b", "c"}
	m.Weights, m.Bias = [][]float64{{}, {}, {}}, []float64{0, 2, 1} // always class 1
	if got, _ := Score(m, X, []float64{1, 0, 2, 1}, ErrorPercent); got != 50 {
		t.Errorf("three classes: error %v%%, want 50%%", got)
	}
	if _, err := Score(m, [][]float64{{1, 2}}, []float64{1}, ErrorPercent); err == nil {
		t.Error("wrong input width accepted")
	}
}

func TestRunIndependentOfWorkers(t *testing.T) {
	src := Generators["ripley"](4)
	var results []*Result
	for _, w := range []int{1, 3} {
		r, err := Run(src, Config{Options: sparsekernel.Options{Method: sparsekernel.PSO}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		for i := range r.PerRealisation {
			r.PerRealisation[i].Seconds = 0
		}
		results = append(results, r)
	}
	if !reflect.DeepEqual(results[0].PerRealisation, results[1].PerRealisation) {
		t.Fatal("per-realisation results depend on the number of workers")
	}
	if r := results[0]; r.Realisations != 4 || r.TestErrorMean <= 0 || r.TestErrorMean > 20 {
		t.Errorf("result %+v", r)
	}
}

func TestTrivialScore(t *testing.T) {
	train := Split{Labels: []string{"a", "b", "b"}, Y: []float64{1, 2, 3}}
	test := Split{Labels: []string{"a", "b", "b", "b"}, Y: []float64{2, 2, 4, 0}}
	if got := trivialScore(train, test, ErrorPercent); got != 25 {
		t.Errorf("error %v%%, want 25%% (the majority class b)", got)
	}
	if got := trivialScore(train, test, MSE); got != 2 {
		t.Errorf("MSE %v, want 2 (the mean 2)", got)
	}
}
