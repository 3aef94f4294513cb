package sparsekernel_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/synth"
)

// knockOut returns a copy of X with about a fifth of its values, at random, made missing
// (NaN), and X with each of those replaced by want[j], the median of input j over the rows
// that keep it, worked out here from scratch.
func knockOut(X [][]float64, seed uint64) (holed, filled [][]float64, want []float64) {
	rng := rand.New(rand.NewPCG(seed, 5))
	m := len(X[0])
	holed = make([][]float64, len(X))
	for i, x := range X {
		holed[i] = append([]float64(nil), x...)
		for j := range x {
			if rng.IntN(5) == 0 {
				holed[i][j] = math.NaN()
			}
		}
	}
	want = make([]float64, m)
	for j := range m {
		var kept []float64
		for _, x := range holed {
			if !math.IsNaN(x[j]) {
				kept = append(kept, x[j])
			}
		}
		// the median by counting: the values with as many kept below as above
		var lo, hi float64
		for _, v := range kept {
			below, above := 0, 0
			for _, u := range kept {
				if u < v {
					below++
				} else if u > v {
					above++
				}
			}
			if 2*below < len(kept) && 2*(below+1) >= len(kept) {
				lo = v
			}
			if 2*above < len(kept) && 2*(above+1) >= len(kept) {
				hi = v
			}
		}
		want[j] = lo + (hi-lo)/2
	}
	filled = make([][]float64, len(X))
	for i, x := range holed {
		filled[i] = append([]float64(nil), x...)
		for j, v := range x {
			if math.IsNaN(v) {
				filled[i][j] = want[j]
			}
		}
	}
	return holed, filled, want
}

// TestFillMissing checks that a fit with FillMissing is the fit on the data with each missing
// value replaced by its input's median, and that the model fills a missing input of a new
// point with that median.
func TestFillMissing(t *testing.T) {
	X3, labels3 := unevenClasses(150, 3)
	two := synth.Ripley(150, 5)
	labels2 := make([]string, len(two.Y))
	for i, y := range two.Y {
		labels2[i] = strconv.FormatFloat(y, 'g', -1, 64)
	}
	reg := synth.Sinc(120, 1, 0.1, 6)
	Xr := make([][]float64, len(reg.X))
	labelsr := make([]string, len(reg.X))
	for i, x := range reg.X {
		Xr[i] = []float64{x[0], x[0]*x[0] + 0.1*float64(i%7)}
		labelsr[i] = strconv.FormatFloat(reg.Y[i], 'g', -1, 64)
	}
	// skewed inputs whose logarithms the classes follow: the power transform is kept
	rng := rand.New(rand.NewPCG(8, 8))
	Xs, labelss := make([][]float64, 200), make([]string, 200)
	for i := range Xs {
		c := i % 2
		Xs[i] = []float64{math.Exp(1.5*float64(c) + rng.NormFloat64()), math.Exp(rng.NormFloat64() - float64(c))}
		labelss[i] = []string{"a", "b"}[c]
	}
	for _, tc := range []struct {
		name   string
		X      [][]float64
		labels []string
		opt    sparsekernel.Options
	}{
		{"auto, skewed inputs", Xs, labelss, sparsekernel.Options{}},
		{"auto, two classes", two.X, labels2, sparsekernel.Options{}},
		{"auto, three classes", X3, labels3, sparsekernel.Options{}},
		{"auto, regression", Xr, labelsr, sparsekernel.Options{Task: "regression"}},
		{"loomi", two.X, labels2, sparsekernel.Options{Method: sparsekernel.LOOMI}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			holed, filled, want := knockOut(tc.X, 7)
			opt := tc.opt
			if _, err := sparsekernel.FitLabels(holed, tc.labels, opt); !errors.Is(err, sparsekernel.ErrNonFinite) || !strings.Contains(err.Error(), "FillMissing") {
				t.Errorf("missing values without FillMissing: %v, want ErrNonFinite naming the option", err)
			}
			plain, err := sparsekernel.FitLabels(filled, tc.labels, opt)
			if err != nil {
				t.Fatal(err)
			}
			opt.FillMissing = true
			m, err := sparsekernel.FitLabels(holed, tc.labels, opt)
			if err != nil {
				t.Fatal(err)
			}
			for j, v := range m.Scaling.Fill {
				if v != want[j] {
					t.Errorf("fill of input %d is %v, want the median %v", j+1, v, want[j])
				}
			}
			if len(m.Scaling.Fill) != len(want) {
				t.Fatalf("fill %v, want %v", m.Scaling.Fill, want)
			}
			if strings.Contains(tc.name, "skewed") && m.Scaling.Power == nil {
				t.Errorf("the inputs were not power-transformed: %s", m.Training.Chose)
			}
			// The same model but for the fill values.
			m.Scaling.Fill = nil
			var a, b bytes.Buffer
			if err := m.Write(&a); err != nil {
				t.Fatal(err)
			}
			if err := plain.Write(&b); err != nil {
				t.Fatal(err)
			}
			if a.String() != b.String() {
				t.Errorf("the fit with missing values filled differs from the fit on the filled data")
			}
			m.Scaling.Fill = want
			// A new point with missing inputs is decided as with its inputs' medians.
			for _, x := range holed[:20] {
				f, err := m.Decision(x)
				g, err2 := m.Decision(filledRow(x, want))
				if err != nil || err2 != nil || !slices.Equal(f, g) {
					t.Errorf("Decision(%v) = %v, %v; with the medians %v, %v", x, f, err, g, err2)
				}
			}
			// Complete data with FillMissing: the same model, with the medians recorded.
			full, err := sparsekernel.FitLabels(tc.X, tc.labels, opt)
			if err != nil || full.Scaling.Fill == nil {
				t.Fatalf("complete data with FillMissing: %v, fill %v", err, full.Scaling.Fill)
			}
		})
	}
	// An input missing on every row cannot be filled.
	X := [][]float64{{1, math.NaN()}, {2, math.NaN()}, {3, math.NaN()}, {4, math.NaN()}}
	_, err := sparsekernel.FitLabels(X, []string{"a", "b", "a", "b"}, sparsekernel.Options{FillMissing: true})
	if !errors.Is(err, sparsekernel.ErrNonFinite) || !strings.Contains(err.Error(), "column 2 is missing on every row") {
		t.Errorf("an input missing everywhere: %v, want an error naming it", err)
	}
	// Infinities are refused with or without FillMissing.
	X[0][1], X[1][1] = math.Inf(1), 1
	if _, err := sparsekernel.FitLabels(X, []string{"a", "b", "a", "b"}, sparsekernel.Options{FillMissing: true}); !errors.Is(err, sparsekernel.ErrNonFinite) {
		t.Errorf("an infinite input with FillMissing: %v, want ErrNonFinite", err)
	}
}

func filledRow(x, fill []float64) []float64 {
	r := append([]float64(nil), x...)
	for j, v := range r {
		if math.IsNaN(v) {
			r[j] = fill[j]
		}
	}
	return r
}

// Missing values: a NaN in X is filled with its input's median over the training rows, in
// the fit and, through the medians the model keeps, in its predictions.
func ExampleOptions_fillMissing() {
	nan := math.NaN()
	X := [][]float64{{1, 10}, {2, nan}, {3, 30}, {4, 40}, {nan, 50}, {6, 60}, {7, nan}, {8, 80}, {9, 90}, {10, 100}}
	labels := []string{"low", "low", "low", "low", "low", "high", "high", "high", "high", "high"}
	if _, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{}); err != nil {
		fmt.Println("without FillMissing:", errors.Is(err, sparsekernel.ErrNonFinite))
	}
	m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{FillMissing: true})
	if err != nil {
		panic(err)
	}
	fmt.Println("medians:", m.Scaling.Fill)
	for _, x := range [][]float64{{nan, 95}, {1.5, nan}} {
		f, _ := m.Decision(x)
		label, _ := m.Label(f)
		fmt.Println(x, label)
	}
	// Output:
	// without FillMissing: true
	// medians: [6 55]
	// [NaN 95] high
	// [1.5 NaN] low
}
