package sparsekernel_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/synth"
)

// unevenClasses returns n points of three overlapping classes of shares 6:3:1 in 3 inputs.
func unevenClasses(n int, seed uint64) ([][]float64, []string) {
	rng := rand.New(rand.NewPCG(seed, 21))
	X, labels := make([][]float64, n), make([]string, n)
	for i := range X {
		c := []int{0, 0, 0, 0, 0, 0, 1, 1, 1, 2}[i%10]
		X[i] = []float64{float64(c) + rng.NormFloat64(), 0.5*float64(c%2) + rng.NormFloat64(), rng.NormFloat64()}
		labels[i] = []string{"common", "middle", "rare"}[c]
	}
	return X, labels
}

// TestClassWeights checks that a model fitted with class weights labels every point with the
// class of the largest weighted probability of the same fit without them, and gives it those
// probabilities normalised, for every kind of calibration the methods make (folded into the
// outputs or not, one output or several).
func TestClassWeights(t *testing.T) {
	X3, labels3 := unevenClasses(200, 1)
	test3, _ := unevenClasses(300, 2)
	two := synth.Ripley(240, 3) // every class -1 point and a third of the class 1 points
	var labels2 []string
	X2 := two.X[:0:0]
	for i, y := range two.Y {
		if y < 0 || i%3 == 0 {
			X2, labels2 = append(X2, two.X[i]), append(labels2, strconv.FormatFloat(y, 'g', -1, 64))
		}
	}
	test2 := synth.Ripley(300, 4).X
	fast := sparsekernel.LSSVMOptions{Tuner: "none", Gamma: 10, Width: 1}
	for _, tc := range []struct {
		name    string
		X, test [][]float64
		labels  []string
		opt     sparsekernel.Options
		weights map[string]float64 // nil: balanced
	}{
		{"auto, two classes", X2, test2, labels2, sparsekernel.Options{}, map[string]float64{"1": 4}},
		{"auto, two classes, balanced", X2, test2, labels2, sparsekernel.Options{}, nil},
		{"auto, three classes", X3, test3, labels3, sparsekernel.Options{}, map[string]float64{"rare": 5, "common": 0.5}},
		{"auto, three classes, balanced", X3, test3, labels3, sparsekernel.Options{}, nil},
		{"auto, three classes, Gaussian nodes only", X3, test3, labels3, sparsekernel.Options{NoLinear: true}, nil},
		{"loomi (a Platt map beside the outputs)", X2, test2, labels2, sparsekernel.Options{Method: sparsekernel.LOOMI}, map[string]float64{"-1": 3}},
		{"lssvm, three classes (a multinomial map beside the outputs)", X3, test3, labels3, sparsekernel.Options{Method: sparsekernel.LSSVM, LSSVM: fast}, nil},
		{"pso", X2, test2, labels2, sparsekernel.Options{Method: sparsekernel.PSO}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, err := sparsekernel.FitLabels(tc.X, tc.labels, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			opt := tc.opt
			opt.ClassWeights, opt.BalanceClasses = tc.weights, tc.weights == nil
			weighted, err := sparsekernel.FitLabels(tc.X, tc.labels, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(weighted.Training.Chose, "classes weighted") {
				t.Errorf("the model does not say it is weighted: %s", weighted.Training.Chose)
			}
			w := make([]float64, len(plain.Classes))
			for c, name := range plain.Classes {
				w[c] = 1
				if tc.weights == nil {
					n := 0
					for _, l := range tc.labels {
						if l == name {
							n++
						}
					}
					w[c] = float64(len(tc.labels)) / float64(len(plain.Classes)*n)
				} else if v, ok := tc.weights[name]; ok {
					w[c] = v
				}
			}
			moved := 0
			p, q := make([]float64, len(w)), make([]float64, len(w))
			for _, x := range tc.test {
				f, err := plain.Decision(x)
				if err != nil {
					t.Fatal(err)
				}
				g, err := weighted.Decision(x)
				if err != nil {
					t.Fatal(err)
				}
				if err := plain.Probabilities(p, f); err != nil {
					t.Fatal(err)
				}
				if err := weighted.Probabilities(q, g); err != nil {
					t.Fatal(err)
				}
				var sum float64
				best := 0
				for c := range p {
					p[c] *= w[c]
					sum += p[c]
					if p[c] > p[best] {
						best = c
					}
				}
				for c := range p {
					if want := p[c] / sum; math.Abs(q[c]-want) > 1e-9 {
						t.Fatalf("at %v: probability of %q %v, want %v", x, plain.Classes[c], q[c], want)
					}
				}
				label, err := weighted.Label(g)
				if err != nil {
					t.Fatal(err)
				}
				if p[best] > (1+1e-9)*p[(best+1)%len(p)] && label != plain.Classes[best] { // (not at a near tie)
					t.Fatalf("at %v: label %q, want %q (weighted probabilities %v)", x, label, plain.Classes[best], p)
				}
				before, _ := plain.Label(f)
				if label != before {
					moved++
				}
			}
			if moved == 0 {
				t.Errorf("the weights moved no label of %d test points", len(tc.test))
			}
		})
	}
}

// TestClassWeightNames checks that a weight names a numeric class by its value, as test labels
// are matched (1 for +1, 1000000 for 1e+06), and that the model says what it weighted.
func TestClassWeightNames(t *testing.T) {
	X, labels := unevenClasses(90, 9)
	for _, tc := range []struct {
		name    string
		classes map[string]string // the labels' new names
		weights map[string]float64
		opt     sparsekernel.Options
		want    string // in Training.Chose
		bad     string // or the error
	}{
		{"signs", map[string]string{"common": "-1", "middle": "+1", "rare": "+1"}, map[string]float64{"1": 5}, sparsekernel.Options{}, `classes weighted "-1" 1, "+1" 5 in the labels`, ""},
		{"a float's name", map[string]string{"common": "0", "middle": "1e+06", "rare": "1e+06"}, map[string]float64{"1000000": 2.5}, sparsekernel.Options{}, `"1e+06" 2.5`, ""},
		{"one class named twice", map[string]string{"common": "-1", "middle": "+1", "rare": "+1"}, map[string]float64{"1": 5, "+1": 2}, sparsekernel.Options{}, "", `class "+1" weighted twice, as "+1" and as "1"`},
		{"lssvm, whose chose line was empty", map[string]string{"common": "a", "middle": "b", "rare": "b"}, map[string]float64{"b": 2}, sparsekernel.Options{Method: sparsekernel.LSSVM, LSSVM: sparsekernel.LSSVMOptions{Tuner: "none", Gamma: 10, Width: 1}}, `classes weighted "a" 1, "b" 2`, ""},
		{"the papers' pso", map[string]string{"common": "a", "middle": "b", "rare": "b"}, map[string]float64{"b": 2}, sparsekernel.Options{Method: sparsekernel.PSO, Paper: true}, "", "the papers' construction of pso (Paper) has none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			renamed := make([]string, len(labels))
			for i, l := range labels {
				renamed[i] = tc.classes[l]
			}
			opt := tc.opt
			opt.ClassWeights = tc.weights
			m, err := sparsekernel.FitLabels(X, renamed, opt)
			switch {
			case tc.bad != "":
				if !errors.Is(err, sparsekernel.ErrOption) || !strings.Contains(err.Error(), tc.bad) {
					t.Errorf("got %v, want ErrOption saying %q", err, tc.bad)
				}
			case err != nil:
				t.Fatal(err)
			case !strings.Contains(m.Training.Chose, tc.want) || strings.HasPrefix(m.Training.Chose, ";"):
				t.Errorf("chose %q, want it to say %q", m.Training.Chose, tc.want)
			case !strings.Contains(m.Calibration.Method, "folded into the outputs; classes weighted"):
				t.Errorf("calibration %q", m.Calibration.Method)
			}
		})
	}
}

// twoOf relabels every class but "common" as "other".
func twoOf(labels []string) []string {
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = "other"
		if l == "common" {
			out[i] = l
		}
	}
	return out
}

func TestClassWeightOptions(t *testing.T) {
	X3, labels3 := unevenClasses(60, 5)
	reg := synth.Sinc(60, 1, 0.1, 6)
	for _, tc := range []struct {
		name   string
		X      [][]float64
		labels []string
		opt    sparsekernel.Options
		want   string
	}{
		{"unknown class", X3, labels3, sparsekernel.Options{ClassWeights: map[string]float64{"Rare": 2}}, `class "Rare", which the training labels do not hold (classes: "common", "middle", "rare")`},
		{"zero weight", X3, labels3, sparsekernel.Options{ClassWeights: map[string]float64{"rare": 0}}, `class "rare" weighs 0`},
		{"infinite weight", X3, labels3, sparsekernel.Options{ClassWeights: map[string]float64{"rare": math.Inf(1)}}, `weighs +Inf`},
		{"NaN weight", X3, labels3, sparsekernel.Options{ClassWeights: map[string]float64{"rare": math.NaN()}}, `weighs NaN`},
		{"both", X3, labels3, sparsekernel.Options{ClassWeights: map[string]float64{"rare": 2}, BalanceClasses: true}, "both set"},
		{"extreme weights", X3, labels3, sparsekernel.Options{ClassWeights: map[string]float64{"rare": 1e300, "common": 1e-300}}, ""},
		{"extreme weights, two classes", X3[:40], twoOf(labels3[:40]), sparsekernel.Options{ClassWeights: map[string]float64{"common": 1e300, "other": 5e-324}}, ""},
		{"regression", reg.X, nil, sparsekernel.Options{BalanceClasses: true}, "class weights are for classes, and the targets are a regression target"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.want == "" { // extreme but valid: a model that Check passes
				m, err := sparsekernel.FitLabels(tc.X, tc.labels, tc.opt)
				if err != nil {
					t.Error(err)
				} else if err := m.Check(); err != nil {
					t.Error(err)
				}
				return
			}
			if tc.labels == nil {
				_, err = sparsekernel.Fit(tc.X, reg.Y, tc.opt)
			} else {
				_, err = sparsekernel.FitLabels(tc.X, tc.labels, tc.opt)
			}
			if !errors.Is(err, sparsekernel.ErrOption) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want ErrOption saying %q", err, tc.want)
			}
		})
	}
}

// Class weights: a rare class found more often (its recall on these data 0.24 unweighted,
// 0.69 weighted 5, 0.63 balanced). Weighted 5, "rare" is the answer wherever its probability is
// more than a fifth of every other class's.
func ExampleOptions_classWeights() {
	X, labels := unevenClasses(400, 7)
	test, truth := unevenClasses(2000, 8)
	recall := func(opt sparsekernel.Options) float64 {
		m, err := sparsekernel.FitLabels(X, labels, opt)
		if err != nil {
			panic(err)
		}
		found, rare := 0, 0
		for i, x := range test {
			f, _ := m.Decision(x)
			if l, _ := m.Label(f); truth[i] == "rare" {
				rare++
				if l == "rare" {
					found++
				}
			}
		}
		return float64(found) / float64(rare)
	}
	plain := recall(sparsekernel.Options{Seed: 1})
	weighted := recall(sparsekernel.Options{Seed: 1, ClassWeights: map[string]float64{"rare": 5}})
	balanced := recall(sparsekernel.Options{Seed: 1, BalanceClasses: true})
	fmt.Println("weighted, the rare class found more than twice as often:", weighted > 2*plain)
	fmt.Println("balanced, the same:", balanced > 2*plain)
	// Output:
	// weighted, the rare class found more than twice as often: true
	// balanced, the same: true
}

// Weights that are all equal (balanced on balanced classes, or every class named at one
// weight) leave the model unweighted, its labels as they were.
func TestUniformClassWeights(t *testing.T) {
	d := synth.Ripley(120, 5) // 60 points a class
	labels := make([]string, len(d.Y))
	for i, v := range d.Y {
		labels[i] = map[bool]string{true: "b", false: "a"}[v > 0]
	}
	plain, err := sparsekernel.FitLabels(d.X, labels, sparsekernel.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := plain.Write(&want); err != nil {
		t.Fatal(err)
	}
	for _, opt := range []sparsekernel.Options{{Seed: 1, BalanceClasses: true}, {Seed: 1, ClassWeights: map[string]float64{"a": 2, "b": 2}}} {
		m, err := sparsekernel.FitLabels(d.X, labels, opt)
		if err != nil {
			t.Fatal(err)
		}
		m.Training.Seconds = plain.Training.Seconds
		var got bytes.Buffer
		if err := m.Write(&got); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%+v: another model than the unweighted one", opt.ClassWeights)
		}
	}
}
