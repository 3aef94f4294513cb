package sparsekernel_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/optim"
	"github.com/sparsekernel/sparsekernel/synth"
)

// The default method with nothing set: a two-class model has one output (its decision's sign
// gives the class) and, calibrated on out-of-fold decisions, a probability for each class.
func ExampleFit() {
	train, test := synth.Ripley(250, 1), synth.Ripley(1000, 2)
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	e, err := bench.TestError(m, test.X, test.ClassIndex())
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := m.Decision([]float64{0.5, 0.9})
	if err != nil {
		fmt.Println(err)
		return
	}
	label, _ := m.Label(f)
	p := make([]float64, len(m.Classes)) // one probability a class: two for one output
	if err := m.Probabilities(p, f); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("outputs: %d, classes: %v, at most 10 nodes: %v, test error below 11%%: %v\n",
		m.Outputs(), m.Classes, m.Size() <= 10, e < 11)
	fmt.Printf("class of (0.5, 0.9): %s, probability above 0.9: %v\n", label, p[model.Class(f)] > 0.9)
	// Output:
	// outputs: 1, classes: [-1 1], at most 10 nodes: true, test error below 11%: true
	// class of (0.5, 0.9): -1, probability above 0.9: true
}

// A published method by name: LOOMI (Hong et al. 2014), fixed nodes selected by their
// leave-one-out mutual information.
func ExampleFit_loomi() {
	train, test := synth.Ripley(250, 1), synth.Ripley(1000, 2)
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Method: sparsekernel.LOOMI})
	if err != nil {
		fmt.Println(err)
		return
	}
	e, err := bench.TestError(m, test.X, test.ClassIndex())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d nodes, test error below 12%%: %v (%s)\n", m.Method, m.Size(), e < 12, m.Training.Criterion)
	// Output:
	// loomi: 7 nodes, test error below 12%: true (loo-mutual-information)
}

// A regression refined after the selection: the nodes' centres and widths moved together, as
// far as the cross-validation supports (by default only from 1,000 points on; RefineAlways asks
// for it on any data). Training.Refined counts its iterations; the chose line says so too.
func ExampleFit_refine() {
	train := synth.Sinc(300, 2, 0.1, 1)
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Refine: sparsekernel.RefineAlways, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Task, "refined:", m.Training.Refined > 0, strings.Contains(m.Training.Chose, "refined jointly"))
	// Output:
	// regression refined: true true
}

// Skewed inputs tried power-transformed: the classes here follow the logarithm of an input
// whose values span four orders of magnitude. The default keeps the transform where the
// cross-validation says it does better, and the model applies it to new inputs itself;
// NoPower leaves the inputs as they are.
func ExampleOptions_noPower() {
	rng := rand.New(rand.NewPCG(1, 2))
	X, y := make([][]float64, 300), make([]float64, 300)
	for i := range X {
		g := 1.5 * rng.NormFloat64()
		X[i] = []float64{math.Exp(g), rng.NormFloat64()}
		if math.Sin(2*g)+0.3*rng.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	for _, opt := range []sparsekernel.Options{{Seed: 1}, {Seed: 1, NoPower: true}} {
		m, err := sparsekernel.Fit(X, y, opt)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("power-transformed inputs:", m.Scaling.Power != nil)
	}
	// Output:
	// power-transformed inputs: true
	// power-transformed inputs: false
}

func ExampleFitLabels() {
	X := [][]float64{{0}, {0.1}, {0.2}, {0.3}, {1}, {1.1}, {1.2}, {1.3}}
	labels := []string{"low", "low", "low", "low", "high", "high", "high", "high"}
	m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Method: sparsekernel.ROLS})
	if err != nil {
		fmt.Println(err)
		return
	}
	label := func(x float64) string {
		f, err := m.Decision([]float64{x})
		if err != nil {
			return err.Error()
		}
		l, _ := m.Label(f)
		return l
	}
	fmt.Println(m.Classes, label(0.05), label(1.25))
	// Output:
	// [high low] low high
}

// A classifier of three classes: one set of nodes shared by three outputs, the label the
// class of the largest output, and class probabilities calibrated on out-of-fold decisions.
func ExampleFitLabels_multiClass() {
	rng := rand.New(rand.NewPCG(1, 2))
	var X [][]float64
	var labels []string
	for i := range 300 {
		c := i % 3
		X = append(X, []float64{float64(c) + 0.3*rng.NormFloat64(), float64(c%2) + 0.3*rng.NormFloat64()})
		labels = append(labels, []string{"setosa", "versicolor", "virginica"}[c])
	}
	m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := m.Decision([]float64{2, 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	label, _ := m.Label(f)
	p := make([]float64, len(m.Classes))
	if err := m.Probabilities(p, f); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Classes, m.Outputs(), "outputs;", label, "with probability above 0.9:", p[2] > 0.9)
	fmt.Println("fewer than 30 nodes:", m.Size() < 30)
	// Output:
	// [setosa versicolor virginica] 3 outputs; virginica with probability above 0.9: true
	// fewer than 30 nodes: true
}

// Size against accuracy: PreferSmall takes the smallest model whose cross-validated error is
// within two standard errors of the best (with several classes, by the misclassifications
// alone); the default, PreferBalanced, one standard error; PreferAccurate, the least error.
// (The class map's linear and quadratic nodes are chosen with the same tolerance, so a
// balanced model may hold a few more of them than an accurate one.)
func ExampleOptions_prefer() {
	rng := rand.New(rand.NewPCG(3, 4))
	var X [][]float64
	var labels []string
	for range 300 { // a checkerboard of three classes, drawn with many nodes
		x, y := 3*rng.Float64(), 3*rng.Float64()
		X = append(X, []float64{x, y})
		labels = append(labels, []string{"a", "b", "c"}[(int(x)+int(y))%3])
	}
	size := map[string]int{}
	for _, prefer := range []string{sparsekernel.PreferSmall, sparsekernel.PreferBalanced, sparsekernel.PreferAccurate} {
		m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Prefer: prefer, Seed: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		size[prefer] = m.Size()
	}
	fmt.Println("small has under half the balanced model's nodes:", 2*size["small"] < size["balanced"])
	fmt.Println("small has under half the accurate model's nodes:", 2*size["small"] < size["accurate"])
	// Output:
	// small has under half the balanced model's nodes: true
	// small has under half the accurate model's nodes: true
}

func TestFitErrors(t *testing.T) {
	X := [][]float64{{0, 1}, {1, 0}, {2, 2}}
	tests := []struct {
		name string
		X    [][]float64
		y    []float64
		opt  sparsekernel.Options
		want error // nil: any error
	}{
		{"one class", X, []float64{1, 1, 1}, sparsekernel.Options{}, sparsekernel.ErrOneClass},
		{"ragged", [][]float64{{0, 1}, {1}, {2, 2}}, []float64{1, -1, 1}, sparsekernel.Options{}, sparsekernel.ErrDimensionMismatch},
		{"unknown method", X, []float64{1, -1, 1}, sparsekernel.Options{Method: "svm"}, sparsekernel.ErrUnknownMethod},
		{"regression with a classifier", X, []float64{0.5, 2, 3}, sparsekernel.Options{Method: sparsekernel.LOOMI, Task: model.Regression}, sparsekernel.ErrTask},
		{"target not finite", X, []float64{0, math.NaN(), 1}, sparsekernel.Options{}, sparsekernel.ErrNonFinite},
		{"bad option", X, []float64{0, 1, 1}, sparsekernel.Options{Prefer: "tiny"}, sparsekernel.ErrOption},
		{"constant inputs", [][]float64{{1, 2}, {1, 2}, {1, 2}, {1, 2}}, []float64{1, -1, 1, -1}, sparsekernel.Options{}, sparsekernel.ErrNoSignal},
		{"huge targets", [][]float64{{1}, {2}, {3}}, []float64{1e308, -1e308, 1e308}, sparsekernel.Options{Task: model.Regression}, sparsekernel.ErrNonFinite},
		{"constant target", [][]float64{{1}, {2}, {3}}, []float64{2.5, 2.5, 2.5}, sparsekernel.Options{Task: model.Regression}, sparsekernel.ErrNoSignal},
		{"huge inputs", [][]float64{{1e308}, {-1e308}, {1e308}}, []float64{1, -1, 1}, sparsekernel.Options{}, sparsekernel.ErrNonFinite},
		{"length mismatch", X, []float64{1, -1}, sparsekernel.Options{}, nil},
		{"empty", nil, nil, sparsekernel.Options{}, nil},
		{"one row", [][]float64{{1, 2}}, []float64{1}, sparsekernel.Options{}, sparsekernel.ErrNoData},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sparsekernel.Fit(tc.X, tc.y, tc.opt)
			if err == nil {
				t.Fatal("no error")
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %q, want %q", err, tc.want)
			}
		})
	}
}

// TestFitLabelsEmpty checks that an empty label is refused (a missing value, most often), not
// made a class named "".
func TestFitLabelsEmpty(t *testing.T) {
	X := [][]float64{{0, 1}, {1, 0}, {2, 2}, {3, 1}}
	for _, task := range []model.Task{"", model.Classification} {
		_, err := sparsekernel.FitLabels(X, []string{"yes", "no", "", "yes"}, sparsekernel.Options{Task: task})
		if !errors.Is(err, sparsekernel.ErrTargets) || !strings.Contains(err.Error(), "label 3 is empty") {
			t.Errorf("task %q: error %v, want ErrTargets naming label 3", task, err)
		}
	}
}

// TestFitTaskMessage checks that a regression method given classes, two or more, says that
// it is for regression.
func TestFitTaskMessage(t *testing.T) {
	X := [][]float64{{0}, {1}, {2}, {3}, {4}, {5}}
	for _, labels := range [][]string{{"a", "b", "a", "b", "a", "b"}, {"a", "b", "c", "a", "b", "c"}} {
		_, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Method: sparsekernel.LROLS})
		if !errors.Is(err, sparsekernel.ErrTask) || !strings.Contains(err.Error(), "lrols is for regression") {
			t.Errorf("%v: %v", labels, err)
		}
	}
}

func TestFitDeterministicAndRoundTrip(t *testing.T) {
	ctrain, ctest := synth.Ripley(200, 4), synth.Ripley(300, 5)
	rtrain, rtest := synth.Sinc(150, 2, 0.1, 6), synth.Sinc(200, 2, 0, 7)
	tests := []struct {
		method      string
		task        model.Task
		train, test synth.Set
	}{
		{sparsekernel.LOOMI, model.Classification, ctrain, ctest},
		{sparsekernel.ROLS, model.Classification, ctrain, ctest},
		{sparsekernel.PSO, model.Classification, ctrain, ctest},
		{sparsekernel.RWBS, model.Classification, ctrain, ctest},
		{sparsekernel.LROLS, model.Regression, rtrain, rtest},
		{sparsekernel.PSO, model.Regression, rtrain, rtest},
		{sparsekernel.RWBS, model.Regression, rtrain, rtest},
		{sparsekernel.LSSVM, model.Classification, ctrain, ctest},
		{sparsekernel.LSSVM, model.Regression, rtrain, rtest},
	}
	for _, tc := range tests {
		t.Run(tc.method+"/"+string(tc.task), func(t *testing.T) {
			opt := sparsekernel.Options{Method: tc.method, Task: tc.task, Seed: 3, Workers: 1,
				RWBS: optim.RWBS{Inner: 50}}
			a, err := sparsekernel.Fit(tc.train.X, tc.train.Y, opt)
			if err != nil {
				t.Fatal(err)
			}
			opt.Workers = 4
			b, err := sparsekernel.Fit(tc.train.X, tc.train.Y, opt)
			if err != nil {
				t.Fatal(err)
			}
			a.Training.Seconds, b.Training.Seconds = 0, 0
			if !reflect.DeepEqual(a, b) {
				t.Fatal("model depends on the number of workers")
			}
			if a.Size() == 0 {
				t.Fatal("empty model")
			}
			var buf bytes.Buffer
			if err := a.Write(&buf); err != nil {
				t.Fatal(err)
			}
			c, err := model.Read(&buf, "round-trip")
			if err != nil {
				t.Fatal(err)
			}
			fa, _ := a.Decisions(tc.test.X)
			fc, _ := c.Decisions(tc.test.X)
			if fa == nil || !reflect.DeepEqual(fa, fc) {
				t.Fatal("reloaded model predicts differently")
			}
		})
	}
}

// TestAutoPruningCalibration: a two-class default model says which evidence pruned it, and
// its Platt sigmoid was fitted where that evidence's outputs live: the out-of-fold decisions
// for the Gaussian model (and a contender's model that replaced the pruned one), the final
// model's leave-one-out logits for the Bernoulli one. The cases cover both prunings.
func TestAutoPruningCalibration(t *testing.T) {
	want := map[bool]string{true: "platt-loo, folded into the outputs", false: "platt-cv, folded into the outputs"}
	seen := map[bool]bool{}
	for _, seed := range []uint64{1, 8, 3} {
		train := synth.Ripley(200, seed)
		for _, prefer := range []string{"small", "accurate"} {
			m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Prefer: prefer, Seed: 2})
			if err != nil {
				t.Fatal(err)
			}
			bern := strings.Contains(m.Training.Chose, "Bernoulli evidence")
			if !bern && !strings.Contains(m.Training.Chose, "Gaussian evidence") {
				t.Errorf("%q does not say which evidence pruned the model", m.Training.Chose)
			}
			if strings.Contains(m.Training.Chose, model.LinearChose) || strings.Contains(m.Training.Chose, model.RVMChose) {
				bern = false // a contender's model, calibrated on its out-of-fold decisions
			} else {
				seen[bern] = true
			}
			if m.Calibration == nil || m.Calibration.Method != want[bern] {
				t.Errorf("%q, calibration %+v; want %q", m.Training.Chose, m.Calibration, want[bern])
			}
		}
	}
	if !seen[true] || !seen[false] {
		t.Errorf("the cases were pruned by one evidence only (Bernoulli %v, Gaussian %v)", seen[true], seen[false])
	}
}

// TestRegressionUnits checks that a regression does not depend on the targets' unit or
// offset: targets a*y + b give the same nodes, and predictions a*f + b, for every method that
// fits regression (the evidence pruning's threshold, the tunable refinement's tolerances and
// sums of squares around a large mean once made these differ).
func TestRegressionUnits(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine (Workers: 1): nothing for the race detector, and its slowest test")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	n := 150
	X, y := make([][]float64, n), make([]float64, n)
	for i := range X {
		X[i] = []float64{rng.Float64(), rng.Float64(), rng.Float64()}
		y[i] = 10*math.Sin(math.Pi*X[i][0]*X[i][1]) + 20*(X[i][2]-0.5)*(X[i][2]-0.5) + rng.NormFloat64()
	}
	// Beyond about 1e75 or below 1e-75 the targets' fourth powers (the evidence's ratios of
	// squared sums) would leave float64's range; such targets are fitted at unit size.
	units := []struct{ a, b float64 }{{1e-6, 0}, {1e6, 0}, {1, 1e9}, {1e-3, -5e4}, {1e80, 0}, {1e150, -1e151}, {1e-200, 0}}
	for _, meth := range []string{sparsekernel.Auto, sparsekernel.PSO, sparsekernel.LROLS} {
		opt := sparsekernel.Options{Method: meth, Task: model.Regression, Workers: 1}
		ref, err := sparsekernel.Fit(X, y, opt)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ref.Decisions(X)
		for _, u := range units {
			ys := make([]float64, n)
			for i, v := range y {
				ys[i] = u.a*v + u.b
			}
			m, err := sparsekernel.Fit(X, ys, opt)
			if err != nil {
				t.Fatal(err)
			}
			if m.Size() != ref.Size() {
				t.Errorf("%s, %g y + %g: %d nodes, %d for y", meth, u.a, u.b, m.Size(), ref.Size())
				continue
			}
			if sq := u.a * u.a; sq > 1e-300 && sq < 1e300 {
				if math.Abs(m.Training.LOOError-sq*ref.Training.LOOError) > 1e-3*sq*ref.Training.LOOError {
					t.Errorf("%s, %g y + %g: estimated MSE %g, want %g", meth, u.a, u.b, m.Training.LOOError, sq*ref.Training.LOOError)
				}
				if c, r := m.Training.LOOCurve, ref.Training.LOOCurve; len(c) == 0 || math.Abs(c[0]-sq*r[0]) > 1e-3*sq*r[0] {
					t.Errorf("%s, %g y + %g: curve %v, want %g first", meth, u.a, u.b, c[:min(len(c), 3)], sq*r[0])
				}
			}
			if err := m.Write(io.Discard); err != nil {
				t.Errorf("%s, %g y + %g: %v", meth, u.a, u.b, err)
			}
			got, _ := m.Decisions(X)
			for i := range got {
				if w := u.a*want[i][0] + u.b; math.Abs(got[i][0]-w) > 1e-6*u.a*ref.Training.TrivialError {
					t.Errorf("%s, %g y + %g: row %d predicts %g, want %g", meth, u.a, u.b, i+1, got[i][0], w)
					break
				}
			}
		}
	}
}

// TestNoLinear checks Options.NoLinear: on a target linear in its inputs the default and pso
// keep a linear node (a version 3 model file), and with NoLinear they keep Gaussian nodes only
// (version 2, which older builds read).
func TestNoLinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	X, y := make([][]float64, 150), make([]float64, 150)
	for i := range X {
		X[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		y[i] = 2*X[i][0] - X[i][1] + 0.3*rng.NormFloat64()
	}
	for _, meth := range []string{sparsekernel.Auto, sparsekernel.PSO} {
		for _, off := range []bool{false, true} {
			m, err := sparsekernel.Fit(X, y, sparsekernel.Options{Method: meth, Task: model.Regression, NoLinear: off, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			linear := slices.ContainsFunc(m.Nodes, func(nd model.Node) bool { return nd.Kind == model.NodeLinear })
			var buf bytes.Buffer
			if err := m.Write(&buf); err != nil {
				t.Fatal(err)
			}
			version := `"version": 4,` // a regressor's linear nodes come with their trend's range
			if off {
				version = `"version": 2,`
			}
			if linear == off || !strings.Contains(buf.String(), version) || (m.Trend != nil) == off {
				t.Errorf("%s, NoLinear %v: linear node %v, trend %v, file %q", meth, off, linear, m.Trend, buf.String()[:60])
			}
			// Far beyond the training inputs the linear trend carries on (the targets lie
			// within about +-8), and a model without one stays within the targets' range.
			f, err := m.Decision([]float64{10, 0, 0})
			if err != nil || !off && math.Abs(f[0]-20) > 2 || off && (f[0] < m.Range[0] || f[0] > m.Range[1]) {
				t.Errorf("%s, NoLinear %v: f(10, 0, 0) = %v, %v; the truth is 20, the range %v", meth, off, f, err, m.Range)
			}
		}
	}
}

// TestNoLinearClasses checks Options.NoLinear with several classes: on classes that differ
// along a minor direction of correlated inputs the default folds the class map on the inputs
// into the model as linear nodes, and with NoLinear it does not; either way the model does not
// depend on the number of workers.
func TestNoLinearClasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	X, labels := make([][]float64, 300), make([]string, 300)
	for i := range X {
		size := rng.NormFloat64()
		X[i] = make([]float64, 6)
		for j := range X[i] {
			X[i][j] = size + 0.05*rng.NormFloat64()
		}
		switch d := X[i][0] + X[i][1] - X[i][2] - X[i][3]; {
		case d < -0.05:
			labels[i] = "a"
		case d > 0.05:
			labels[i] = "c"
		default:
			labels[i] = "b"
		}
	}
	for _, off := range []bool{false, true} {
		m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{NoLinear: off, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		linear := slices.ContainsFunc(m.Nodes, func(nd model.Node) bool { return nd.Kind == model.NodeLinear })
		if linear == off {
			t.Errorf("NoLinear %v: linear nodes %v (%s; %s)", off, linear, m.Training.Chose, m.Calibration.Method)
		}
		// The same model on one worker as on three (the map's cross-fits share them out).
		m1, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{NoLinear: off, Seed: 1, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		m3, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{NoLinear: off, Seed: 1, Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(m1.Weights, m3.Weights, slices.Equal) || !slices.Equal(m1.Bias, m3.Bias) {
			t.Errorf("NoLinear %v: the weights differ between one worker and three", off)
		}
	}
}

// TestTrivialError checks the trivial rule's error is the minority's share exactly (computed as
// 1 - 59/60 it came out above 1/60, which hid the warning for a model no better than it).
func TestTrivialError(t *testing.T) {
	for _, n := range []int{3, 60, 1000} {
		X := make([][]float64, n)
		labels := make([]string, n)
		for i := range X {
			X[i], labels[i] = []float64{float64(i)}, "a"
		}
		labels[n/2] = "b"
		// (one width and a few nodes: the figure is the data's, whatever the fit)
		m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Method: sparsekernel.ROLS, Tau: 1, MaxTerms: 3, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := m.Training.TrivialError, 1/float64(n); got != want {
			t.Errorf("n=%d: trivial error %v, want %v", n, got, want)
		}
	}
}

// TestLabelNaming checks that the default model does not depend on how the classes are named:
// the same points with the class names permuted give the same nodes and the same predictions
// (the folds deal each class from the first fold, the prototypes draw by order of appearance).
func TestLabelNaming(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name   string
		names  []string
		rename map[string]string
	}{
		{"two classes swapped", []string{"a", "b"}, map[string]string{"a": "b", "b": "a"}},
		{"three classes rotated", []string{"x", "y", "z"}, map[string]string{"x": "z", "y": "x", "z": "y"}},
	} {
		n := 240
		X, labels, renamed := make([][]float64, n), make([]string, n), make([]string, n)
		for i := range X {
			c := i % len(tc.names)
			angle := 2 * math.Pi * float64(c) / float64(len(tc.names))
			X[i] = []float64{math.Cos(angle) + 0.7*rng.NormFloat64(), math.Sin(angle) + 0.7*rng.NormFloat64(), rng.NormFloat64()}
			labels[i] = tc.names[c]
			renamed[i] = tc.rename[labels[i]]
		}
		a, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		b, err := sparsekernel.FitLabels(X, renamed, sparsekernel.Options{Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		if a.Size() != b.Size() || a.Training.Chose != b.Training.Chose {
			t.Errorf("%s: %q against %q", tc.name, a.Training.Chose, b.Training.Chose)
			continue
		}
		differ := 0
		for x := -2.0; x <= 2; x += 0.25 {
			for y := -2.0; y <= 2; y += 0.25 {
				fa, err := a.Decision([]float64{x, y, 0})
				if err != nil {
					t.Fatal(err)
				}
				fb, _ := b.Decision([]float64{x, y, 0})
				la, _ := a.Label(fa)
				lb, _ := b.Label(fb)
				if tc.rename[la] != lb {
					differ++
				}
			}
		}
		if differ > 0 {
			t.Errorf("%s: %d of 289 grid points labelled differently", tc.name, differ)
		}
	}
}

// TestNoSignalLabels checks the default's guard against labels worse than the trivial rule:
// where one point in ten is of the rare class, four in ten beyond 1 on the first input (the
// common class is the more probable everywhere), its out-of-fold labels make more mistakes
// than always answering the common class, so every training point is labelled common (the
// probabilities still vary from point to point, and the estimate is the trivial rule's);
// on Ripley's data, whose labels do better, the threshold stays where the probabilities cross
// one half.
func TestNoSignalLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 9))
	X := make([][]float64, 300)
	labels := make([]string, len(X))
	for i := range X {
		X[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		labels[i] = "common"
		if rng.Float64() < 0.1+0.3*float64(boolInt(X[i][0] > 1)) {
			labels[i] = "rare"
		}
	}
	m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Training.Chose, "most frequent class") || m.Training.CVError != m.Training.TrivialError {
		t.Fatalf("noise: chose %q, estimate %v (trivial %v): want the most frequent class's labels", m.Training.Chose, m.Training.CVError, m.Training.TrivialError)
	}
	lo, hi := 1.0, 0.0
	p := make([]float64, 2)
	for i, x := range X {
		f, err := m.Decision(x)
		if err != nil {
			t.Fatal(err)
		}
		if l, _ := m.Label(f); l != "common" {
			t.Fatalf("noise: training point %d labelled %q", i, l)
		}
		if err := m.Probabilities(p, f); err != nil {
			t.Fatal(err)
		}
		lo, hi = min(lo, p[1]), max(hi, p[1])
	}
	if !(hi-lo > 0.01) {
		t.Errorf("noise: probabilities of the rare class from %v to %v: the model's were lost", lo, hi)
	}
	s := synth.Ripley(250, 1)
	r, err := sparsekernel.Fit(s.X, s.Y, sparsekernel.Options{Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(r.Training.Chose, "most frequent class") {
		t.Errorf("Ripley: chose %q", r.Training.Chose)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestNodeBudget checks that Options.MaxTerms caps the default model's size, whatever adds the
// nodes: the selection, the inputs' linear node of a two-class pruning, a relevance vector
// machine contender, a several-class map's linear and quadratic terms.
func TestNodeBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := 240
	X3, labels3 := make([][]float64, n), make([]string, n)
	for i := range X3 {
		c := i % 3
		X3[i] = []float64{float64(c) + 0.8*rng.NormFloat64(), float64(c%2) + 0.8*rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		labels3[i] = []string{"r", "g", "b"}[c]
	}
	two := synth.Ripley(250, 6) // (where, without a cap, the pruning's linear node and the contender pass the budget)
	labels2 := make([]string, len(two.Y))
	for i, y := range two.Y {
		labels2[i] = strconv.FormatFloat(y, 'g', -1, 64)
	}
	for _, tc := range []struct {
		name   string
		X      [][]float64
		labels []string
	}{{"three classes", X3, labels3}, {"two classes", two.X, labels2}} {
		for budget := 1; budget <= 8; budget++ {
			m, err := sparsekernel.FitLabels(tc.X, tc.labels, sparsekernel.Options{MaxTerms: budget})
			if err != nil {
				t.Fatal(err)
			}
			if m.Size() > budget {
				t.Errorf("%s, budget %d: %d nodes (%s)", tc.name, budget, m.Size(), m.Training.Chose)
			}
		}
	}
}

// The clip of a regressor: along the linear trend by default, to the training targets' range
// alone with ClipToRange, none with NoClip; the two together are refused.
func TestClipOptions(t *testing.T) {
	var X [][]float64
	var y []float64
	for i := range 40 {
		x := float64(i) / 39
		X, y = append(X, []float64{x}), append(y, 3*x+0.1*math.Sin(7*x))
	}
	far := []float64{3} // the trend gives about 9; the targets end at 3.07
	for _, tc := range []struct {
		name   string
		opt    sparsekernel.Options
		trend  bool
		lo, hi float64 // the bounds of the prediction at far
	}{
		{"trend", sparsekernel.Options{}, true, 8, 10},
		{"range", sparsekernel.Options{ClipToRange: true}, false, slices.Max(y), slices.Max(y)},
		{"none", sparsekernel.Options{NoClip: true}, false, 8, 10},
	} {
		tc.opt.Task, tc.opt.Workers = model.Regression, 1
		m, err := sparsekernel.Fit(X, y, tc.opt)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		v, err := m.Values([][]float64{far})
		if err != nil || v[0] < tc.lo || v[0] > tc.hi || (m.Trend != nil) != tc.trend || (m.Range == nil) != tc.opt.NoClip {
			t.Errorf("%s: value %v (%v), range %v, trend %v", tc.name, v, err, m.Range, m.Trend)
		}
	}
	err := sparsekernel.Options{NoClip: true, ClipToRange: true}.Check()
	if !errors.Is(err, sparsekernel.ErrOption) {
		t.Errorf("NoClip and ClipToRange: %v", err)
	}
}

// A regression's estimated error is the final model's out-of-fold one: refined, the refined
// fold models' (below the selection's curve at the chosen size, which it once repeated).
func TestRegressionEstimateRefined(t *testing.T) {
	train := synth.Sinc(300, 2, 0.1, 1)
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Refine: sparsekernel.RefineAlways, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr := m.Training
	if tr.Refined == 0 {
		t.Fatalf("not refined: %s", tr.Chose)
	}
	if sel := tr.LOOCurve[tr.Chosen-1]; !(tr.LOOError < sel) || tr.CVError != tr.LOOError {
		t.Errorf("estimate %g (cv %g), the selection's at %d nodes %g: want the refined fold models', below it", tr.LOOError, tr.CVError, tr.Chosen, sel)
	}
}

// TestConstantInput checks that an input constant on every training point changes nothing:
// the default's widths and input weights count the inputs that vary (a constant one adds
// nothing to a distance), so the model with a constant column appended makes the same
// choices and the same decisions as the model without it, for two classes, three classes and
// a regression. (Before, the width grid counted it, and the ridge grid of the linear
// candidate: another width, or another trend, was chosen.)
func TestConstantInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 240
	X, Xc := make([][]float64, n), make([][]float64, n)
	two, three, y := make([]string, n), make([]string, n), make([]float64, n)
	for i := range X {
		a, b := rng.NormFloat64(), rng.NormFloat64()
		X[i] = []float64{a, b, rng.NormFloat64()}
		Xc[i] = append(slices.Clone(X[i]), 5)
		two[i], three[i] = "in", "x"
		if a*a+b*b+0.3*rng.NormFloat64() > 1.4 {
			two[i] = "out"
		}
		if a+0.3*rng.NormFloat64() > 0.5 {
			three[i] = "y"
		} else if b+0.3*rng.NormFloat64() > 0.5 {
			three[i] = "z"
		}
		y[i] = math.Sin(2*a) + b*b/2 + 0.1*rng.NormFloat64()
	}
	fits := []struct {
		name string
		fit  func(X [][]float64) (*model.Model, error)
	}{
		{"two classes", func(X [][]float64) (*model.Model, error) {
			return sparsekernel.FitLabels(X, two, sparsekernel.Options{Seed: 2})
		}},
		{"three classes", func(X [][]float64) (*model.Model, error) {
			return sparsekernel.FitLabels(X, three, sparsekernel.Options{Seed: 2})
		}},
		{"regression", func(X [][]float64) (*model.Model, error) {
			return sparsekernel.Fit(X, y, sparsekernel.Options{Seed: 2})
		}},
	}
	for _, tc := range fits {
		a, err := tc.fit(X)
		if err != nil {
			t.Fatal(err)
		}
		b, err := tc.fit(Xc)
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.Replace(a.Training.Chose, " m)", " m, m = 3 of the 4 inputs, those not constant)", 1); b.Training.Chose != want {
			t.Errorf("%s: %q, want %q", tc.name, b.Training.Chose, want)
			continue
		}
		worst := 0.0
		for x := -2.0; x <= 2; x += 0.5 {
			for z := -2.0; z <= 2; z += 0.5 {
				fa, err := a.Decision([]float64{x, z, x * z})
				if err != nil {
					t.Fatal(err)
				}
				fb, err := b.Decision([]float64{x, z, x * z, 5})
				if err != nil {
					t.Fatal(err)
				}
				for k := range fa {
					worst = max(worst, math.Abs(fa[k]-fb[k]))
				}
			}
		}
		// (1e-6: the several-class map's Gaussian log-densities carry the constant input's
		// variance, the shrinkage, into each class's log determinant, where it cancels up to
		// rounding, and the map's fit stops at a tolerance: 3e-8 here.)
		if worst > 1e-6 {
			t.Errorf("%s: decisions differ by up to %g with the constant input", tc.name, worst)
		}
	}
}
