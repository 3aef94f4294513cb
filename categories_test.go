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
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
)

// categoricalData returns n rows of (a number, a colour of three, a size of two), the colour
// index in X, and labels that follow the number and the colour: two classes, three, or a
// regression target.
func categoricalData(n int, task string, seed uint64) (X [][]float64, labels []string) {
	rng := rand.New(rand.NewPCG(seed, 11))
	X, labels = make([][]float64, n), make([]string, n)
	for i := range X {
		x, colour, size := rng.NormFloat64(), rng.IntN(3), rng.IntN(2)
		X[i] = []float64{x, float64(colour), float64(size)}
		shift := []float64{-1, 0.5, 1.5}[colour]
		switch task {
		case "regression":
			labels[i] = strconv.FormatFloat(math.Sin(x)+shift+0.1*rng.NormFloat64(), 'g', -1, 64)
		case "three":
			labels[i] = []string{"a", "b", "c"}[(colour+int(max(0, math.Floor(x+0.3*rng.NormFloat64()+2))))%3]
		default:
			labels[i] = []string{"no", "yes"}[boolInt(x+shift+0.5*rng.NormFloat64() > 0.5)]
		}
	}
	return X, labels
}

// oneHot returns X with its categorical inputs as indicators, built here from scratch.
func oneHot(X [][]float64, categories [][]string) [][]float64 {
	out := make([][]float64, len(X))
	for i, x := range X {
		for j, v := range x {
			if len(categories[j]) == 0 {
				out[i] = append(out[i], v)
				continue
			}
			for c := range categories[j] {
				switch {
				case math.IsNaN(v):
					out[i] = append(out[i], v)
				case int(v) == c:
					out[i] = append(out[i], 1)
				default:
					out[i] = append(out[i], 0)
				}
			}
		}
	}
	return out
}

// TestFitCategories checks that a fit with categorical inputs is the fit on their indicators,
// built by hand, and that the model takes the category indices where that one takes the
// indicators.
func TestFitCategories(t *testing.T) {
	categories := [][]string{nil, {"red", "green", "blue"}, {"S", "L"}}
	for _, tc := range []struct {
		name, task string
		opt        sparsekernel.Options
		missing    bool
	}{
		{"auto, two classes", "two", sparsekernel.Options{}, false},
		{"auto, three classes", "three", sparsekernel.Options{}, false},
		{"auto, regression", "regression", sparsekernel.Options{Task: model.Regression}, false},
		{"loomi", "two", sparsekernel.Options{Method: sparsekernel.LOOMI}, false},
		{"auto, missing values", "two", sparsekernel.Options{FillMissing: true}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			X, labels := categoricalData(160, tc.task, 3)
			if tc.missing {
				for i := 0; i < len(X); i += 7 {
					X[i][1+i%2] = math.NaN()
				}
			}
			opt := tc.opt
			opt.Features = []string{"x", "colour", "size"}
			plainOpt := opt
			plainOpt.Features = []string{"x", "colour=red", "colour=green", "colour=blue", "size=S", "size=L"}
			plain, err := sparsekernel.FitLabels(oneHot(X, categories), labels, plainOpt)
			if err != nil {
				t.Fatal(err)
			}
			opt.Categories = categories
			m, err := sparsekernel.FitLabels(X, labels, opt)
			if err != nil {
				t.Fatal(err)
			}
			if m.Inputs != 3 || m.Width() != 6 || !slices.Equal(m.Features, opt.Features) || m.FormatVersion() != 8 {
				t.Errorf("inputs %d, width %d, features %q, version %d", m.Inputs, m.Width(), m.Features, m.FormatVersion())
			}
			// The same model but for what names and encodes the inputs.
			m2 := *m
			m2.Inputs, m2.Categories, m2.Features = plain.Inputs, nil, plain.Features
			if chose, ok := strings.CutSuffix(m.Training.Chose, "; m = 6, each category one 0/1 input"); ok {
				m2.Training.Chose = chose // (the width's unit said)
			} else if strings.Contains(m.Training.Chose, " m)") {
				t.Errorf("the chose line does not say what m counts: %s", m.Training.Chose)
			}
			var a, b bytes.Buffer
			if err := m2.Write(&a); err != nil {
				t.Fatal(err)
			}
			if err := plain.Write(&b); err != nil {
				t.Fatal(err)
			}
			if a.String() != b.String() {
				t.Errorf("the fit with categories differs from the fit on their indicators")
			}
			rows := append(X[:10:10], []float64{0.3, -1, 1}, []float64{-0.2, 2, -1})
			for _, x := range rows {
				f, err := m.Decision(x)
				g, err2 := plain.Decision(oneHot([][]float64{x}, [][]string{nil, {"", "", ""}, {"", ""}})[0])
				if err != nil || err2 != nil || !slices.Equal(f, g) {
					t.Errorf("Decision(%v) = %v, %v; on the indicators %v, %v", x, f, err, g, err2)
				}
			}
		})
	}
}

// TestFitCategoriesErrors checks the categories' checks.
func TestFitCategoriesErrors(t *testing.T) {
	X, labels := categoricalData(40, "two", 1)
	for _, tc := range []struct {
		name       string
		categories [][]string
		edit       func(X [][]float64)
		want       string
	}{
		{"too few", [][]string{nil, {"r", "g", "b"}}, nil, "categories for 2 inputs, the data have 3"},
		{"twice", [][]string{nil, {"r", "g", "r"}, nil}, nil, `lists category "r" twice`},
		{"index beyond", [][]string{nil, {"r", "g"}, nil}, nil, "not the index of one of its 2 categories"},
		{"unknown in training", [][]string{nil, {"r", "g", "b"}, nil}, func(X [][]float64) { X[3][1] = -1 }, "row 4, input 2 is -1"},
		{"not an index", [][]string{nil, {"r", "g", "b"}, nil}, func(X [][]float64) { X[5][1] = 0.5 }, "row 6, input 2 is 0.5"},
		{"bad UTF-8", [][]string{nil, {"r", "g", "\xff"}, nil}, nil, "not valid UTF-8"},
	} {
		Xc := make([][]float64, len(X))
		for i := range X {
			Xc[i] = slices.Clone(X[i])
		}
		if tc.edit != nil {
			tc.edit(Xc)
		}
		_, err := sparsekernel.FitLabels(Xc, labels, sparsekernel.Options{Categories: tc.categories})
		if !errors.Is(err, sparsekernel.ErrOption) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrOption saying %q", tc.name, err, tc.want)
		}
	}
	// A missing category needs FillMissing, as a missing number does.
	X[2][1] = math.NaN()
	if _, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Categories: [][]string{nil, {"r", "g", "b"}, nil}}); !errors.Is(err, sparsekernel.ErrNonFinite) {
		t.Errorf("a missing category without FillMissing: %v, want ErrNonFinite", err)
	}
}

// Categorical inputs: X holds a category's index in its input's list of categories, and the
// model takes the same indices (Category looks one up by name).
func ExampleOptions_categories() {
	X := [][]float64{{1, 0}, {2, 0}, {3, 1}, {4, 1}, {5, 2}, {6, 2}, {7, 0}, {8, 1}, {9, 2}, {10, 0}}
	labels := []string{"no", "no", "yes", "yes", "no", "no", "no", "yes", "no", "no"}
	opt := sparsekernel.Options{Features: []string{"age", "colour"}, Categories: [][]string{nil, {"red", "green", "blue"}}}
	m, err := sparsekernel.FitLabels(X, labels, opt)
	if err != nil {
		panic(err)
	}
	fmt.Println("inputs:", m.Inputs, "encoded:", m.Width())
	green := float64(m.Category(1, "green"))
	f, err := m.Decision([]float64{5, green})
	if err != nil {
		panic(err)
	}
	label, _ := m.Label(f)
	fmt.Println("age 5, green:", label)
	// Output:
	// inputs: 2 encoded: 4
	// age 5, green: yes
}

// Categories end to end: a file's text columns read as categories, a model fitted on them, and
// new rows, read with the model's categorical inputs, renumbered as the model's categories.
func Example_categoricalCSV() {
	train := "age,sex,port,survived\n22,male,S,no\n38,female,C,yes\n26,female,S,yes\n35,male,Q,no\n" +
		"54,male,S,no\n2,female,C,yes\n27,female,S,yes\n14,male,C,no\n58,female,S,yes\n20,male,Q,no\n"
	t, err := dataset.ParseCSV(strings.NewReader(train), "train.csv", dataset.CSVOptions{CategoricalText: true})
	if err != nil {
		panic(err)
	}
	m, err := sparsekernel.FitLabels(t.X, t.Labels, sparsekernel.Options{Features: t.Features, Categories: t.Levels})
	if err != nil {
		panic(err)
	}
	var cats []bool
	for _, c := range m.Categories {
		cats = append(cats, c != nil)
	}
	rows := "age,sex,port\n30,female,Q\n40,male,X\n"
	u, err := dataset.ParseCSV(strings.NewReader(rows), "new.csv", dataset.CSVOptions{LabelColumn: -1, CategoricalFeatures: cats})
	if err != nil {
		panic(err)
	}
	unknown, err := m.Recode(u.X, u.Levels) // the file's category indices as the model's
	if err != nil {
		panic(err)
	}
	labels, err := m.Labels(u.X)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Categories[1], m.Categories[2])
	fmt.Println(labels, "not trained on:", unknown[2])
	// Output:
	// [female male] [C Q S]
	// [yes no] not trained on: [X]
}

// TestCategoriesOptionsEdges checks what a fit makes of Categories at their edges: Check
// refuses a list that names a category twice or in invalid UTF-8 without the data; entries
// that are all nil or empty leave the model as the fit without Categories (no format 8); an
// input missing on every row is named by its place among the raw inputs, not the encoded ones.
func TestCategoriesOptionsEdges(t *testing.T) {
	for _, tc := range []struct {
		name       string
		categories [][]string
		want       string
	}{
		{"twice", [][]string{nil, {"r", "g", "r"}}, `input 2 lists category "r" twice`},
		{"bad UTF-8", [][]string{{"\xff"}}, "input 1 (\"\\xff\") is not valid UTF-8"},
		{"fine", [][]string{nil, {"r", "g"}, {}}, ""},
	} {
		err := sparsekernel.Options{Categories: tc.categories}.Check()
		if tc.want == "" && err != nil || tc.want != "" && (!errors.Is(err, sparsekernel.ErrOption) || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: Check() = %v, want ErrOption saying %q", tc.name, err, tc.want)
		}
	}

	X, labels := categoricalData(60, "two", 5)
	plain, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, categories := range [][][]string{{nil, nil, nil}, {{}, nil, {}}} {
		m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{Workers: 1, Categories: categories})
		if err != nil {
			t.Fatal(err)
		}
		m.Training.Seconds = plain.Training.Seconds
		var a, b bytes.Buffer
		if err := m.Write(&a); err != nil {
			t.Fatal(err)
		}
		if err := plain.Write(&b); err != nil {
			t.Fatal(err)
		}
		if m.Categories != nil || m.FormatVersion() != plain.FormatVersion() || a.String() != b.String() {
			t.Errorf("Categories %q: the model has categories %q, version %d; without them %d", categories, m.Categories, m.FormatVersion(), plain.FormatVersion())
		}
	}

	// The third raw input, missing on every row, is the sixth encoded one.
	Xm := make([][]float64, len(X))
	for i, x := range X {
		Xm[i] = []float64{x[1], x[2], math.NaN()}
	}
	opt := sparsekernel.Options{FillMissing: true, Categories: [][]string{{"r", "g", "b"}, {"S", "L"}, nil}}
	if _, err := sparsekernel.FitLabels(Xm, labels, opt); !errors.Is(err, sparsekernel.ErrNonFinite) || !strings.Contains(err.Error(), "input 3 is missing on every row") {
		t.Errorf("an input missing on every row: %v, want ErrNonFinite naming input 3", err)
	}
}
