package sparsekernel

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/nopanic"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/optim"
)

// sentinels are the errors every condition Fit rejects wraps.
var sentinels = []error{ErrNoData, ErrDimensionMismatch, ErrNonFinite, ErrOneClass, ErrTargets, ErrUnknownMethod, ErrTask, ErrOption, ErrNoSignal}

// Bad inputs and options are errors wrapping the sentinel that names them, never a panic, an
// error of no sentinel or an invalid model; the inputs that fit give a model that Check
// accepts.
func TestFitRobust(t *testing.T) {
	X := [][]float64{{0, 1}, {1, 0}, {2, 2}, {3, 1}, {4, 4}, {5, 3}, {6, 5}, {7, 7}, {8, 6}, {9, 9}, {1, 5}, {6, 1}}
	y := []float64{-1, -1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 1}
	huge := make([][]float64, len(X))
	tiny := make([][]float64, len(X))
	for i, x := range X {
		huge[i] = []float64{x[0] * 1e300, x[1]}
		tiny[i] = []float64{x[0] * 5e-324, x[1]}
	}
	labels := []string{"a", "a", "a", "a", "a", "a", "b", "b", "b", "b", "b", "\xff"}
	X20 := append(slices.Clone(X), X[:8]...)
	na := []string{"0", "0", "0", "0", "0", "0", "1", "1", "1", "1", "1", "1", "0", "0", "0", "0", "0", "0", "1", "NA"}
	tests := []struct {
		name   string
		X      [][]float64
		y      []float64
		labels []string // FitLabels instead of Fit when set
		opt    Options
		want   error // nil: a model
	}{
		{"nil", nil, nil, nil, Options{}, ErrNoData},
		{"empty rows", [][]float64{{}, {}}, []float64{1, 2}, nil, Options{}, ErrNoData},
		{"nil first row", [][]float64{nil, {1}}, []float64{1, 2}, nil, Options{}, ErrNoData},
		{"ragged", [][]float64{{1, 2}, {1}}, []float64{1, 2}, nil, Options{}, ErrDimensionMismatch},
		{"fewer targets", X, y[:11], nil, Options{}, ErrDimensionMismatch},
		{"nan target", X, append([]float64{math.NaN()}, y[1:]...), nil, Options{}, ErrNonFinite},
		{"huge input", huge, y, nil, Options{}, ErrNonFinite},
		{"subnormal input", tiny, y, nil, Options{}, nil},
		{"targets whose variance overflows", X, []float64{1e308, -1e308, 1e308, 0, 1, 2, 3, 4, 5, 6, 7, -1e308}, nil, Options{Task: model.Regression}, ErrNonFinite},
		{"one class", X, make([]float64, len(X)), nil, Options{Task: model.Classification}, ErrOneClass},
		{"unknown method", X, y, nil, Options{Method: "svm"}, ErrUnknownMethod},
		{"unknown task", X, y, nil, Options{Task: "ranking"}, ErrOption},
		{"unknown prefer", X, y, nil, Options{Prefer: "tiny"}, ErrOption},
		{"short features", X, y, nil, Options{Features: []string{"a"}}, ErrOption},
		{"features not utf-8", X, y, nil, Options{Features: []string{"a", "\xff"}}, ErrOption},
		{"a feature name twice", X, y, nil, Options{Features: []string{"a", "a"}}, ErrOption},
		{"labels not utf-8", X, nil, labels, Options{}, ErrTargets},
		{"a missing label among numeric classes", X20, nil, na, Options{}, ErrTargets},
		{"the same, classes asked for", X20, nil, na, Options{Task: model.Classification}, nil},
		{"nan tau", X, y, nil, Options{Tau: math.NaN()}, ErrOption},
		{"nan pso gamma", X, y, nil, Options{Method: PSO, PSO: optim.PSO{Gamma: math.NaN()}}, ErrOption},
		{"negative pso gamma", X, y, nil, Options{Method: PSO, PSO: optim.PSO{Gamma: -1}}, ErrOption},
		{"nan rwbs tol", X, y, nil, Options{Method: RWBS, RWBS: optim.RWBS{Tol: math.NaN()}}, ErrOption},
		{"infinite lssvm gamma", X, y, nil, Options{Method: LSSVM, LSSVM: LSSVMOptions{Tuner: "none", Gamma: math.Inf(1), Width: 1}}, ErrOption},
		{"lssvm width whose square underflows", X, y, nil, Options{Method: LSSVM, LSSVM: LSSVMOptions{Tuner: "none", Gamma: 1, Width: 1e-200}}, ErrOption},
		{"lssvm width whose square overflows", X, y, nil, Options{Method: LSSVM, LSSVM: LSSVMOptions{Tuner: "none", Gamma: 1, Width: 1e200}}, ErrOption},
		{"lssvm system singular at a huge gamma", [][]float64{{0}, {0}, {1}, {2}}, []float64{1, 2, 3, 5}, nil, Options{Method: LSSVM, Task: model.Regression, LSSVM: LSSVMOptions{Tuner: "none", Gamma: 1e16, Width: 1}}, ErrOption},
		{"bad cca settings", X, y, nil, Options{Method: LSSVM, LSSVM: LSSVMOptions{CCA: optim.CCA{Countries: 3, Imperialists: 5}}}, ErrOption},
		{"bad cca settings for sa", X, y, nil, Options{Method: LSSVM, LSSVM: LSSVMOptions{Tuner: "sa", CCA: optim.CCA{Beta: -1}}}, ErrOption},
		{"regression method on classes", X, y, nil, Options{Method: LROLS}, ErrTask},
		{"many folds", X, y, nil, Options{Folds: 1000}, nil},
		{"huge node budget", X, y, nil, Options{MaxTerms: math.MaxInt >> 23}, nil}, // 2^40 with 64-bit ints
		{"huge tau", X, y, nil, Options{Tau: 1e308}, nil},
		{"subnormal tau", X, y, nil, Options{Tau: 5e-324}, nil},
		{"min-terms beyond the rows", X, y, nil, Options{Method: ROLS, MinTerms: 100}, nil},
		{"many workers", X, y, nil, Options{Workers: 1 << 20}, nil},
		{"two rows", X[:2], []float64{-1, 1}, nil, Options{}, nil},
	}
	for _, tc := range tests {
		var m *model.Model
		err := nopanic.Call(func() (err error) {
			if tc.labels != nil {
				m, err = FitLabels(tc.X, tc.labels, tc.opt)
			} else {
				m, err = Fit(tc.X, tc.y, tc.opt)
			}
			return err
		})
		switch {
		case tc.want == nil && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == nil:
			if cerr := m.Check(); cerr != nil || m.Size() == 0 {
				t.Errorf("%s: a model of %d nodes: %v", tc.name, m.Size(), cerr)
			}
			// A default classifier has probabilities, if only the classes' frequencies.
			if m.Task == model.Classification && tc.opt.Method == "" {
				p := make([]float64, len(m.Classes))
				if perr := m.Probabilities(p, make([]float64, m.Outputs())); perr != nil {
					t.Errorf("%s: probabilities: %v", tc.name, perr)
				}
			}
		case !errors.Is(err, tc.want):
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if err != nil {
			wraps := false
			for _, s := range sentinels {
				wraps = wraps || errors.Is(err, s)
			}
			if !wraps {
				t.Errorf("%s: %v wraps none of the package's errors", tc.name, err)
			}
		}
	}
}

// FuzzFitLabels fits the default method on small data sets made from the fuzzer's bytes
// (2 to 41 rows of 1 to 4 inputs, values from a few scales with ties and constant columns,
// labels from a few classes or numbers for a regression; the default's options or another
// method now and then) and checks what every fit must give: an error wrapping one of the package's errors, or a valid model whose decisions at
// the training rows are finite and whose class probabilities are a distribution.
func FuzzFitLabels(f *testing.F) {
	f.Add([]byte("\x05\x02\x00abcdefghijklmnopqrstuvwxyz0123456789"))
	f.Add([]byte("\x10\x01\x01\x00\x00\x00\x00\xff\xff\xff\xff\x80\x80\x80\x80"))
	f.Add([]byte("\x08\x03\x02zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"))
	scales := []float64{1, 1e-300, 1e-6, 1e6, 1e30}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		n, m, kind := 2+int(data[0])%40, 1+int(data[1])%4, int(data[2])%4
		opt := Options{Seed: 1, Workers: 1}
		switch int(data[2]) / 4 % 12 { // the default mostly, some of its options and methods
		case 1:
			opt.Prefer = PreferSmall
		case 2:
			opt.Prefer = PreferAccurate
		case 3:
			opt.NoLinear, opt.NoPower = true, true
		case 4:
			opt.Refine = RefineAlways
		case 5:
			opt.Folds, opt.MaxTerms = 2+int(data[1])%9, 1+int(data[0])%7
		case 6:
			opt.Method = LOOMI
		case 7:
			opt.Method = ROLS
		case 8:
			opt.Method = PSO
		}
		data = data[3:]
		at := func(i int) byte {
			if len(data) == 0 {
				return 0
			}
			return data[i%len(data)]
		}
		X := make([][]float64, n)
		labels := make([]string, n)
		for i := range X {
			X[i] = make([]float64, m)
			for j := range X[i] {
				b := at(i*(m+1) + j)
				X[i][j] = (float64(b%16) - 7.5) * scales[(int(b)/16+j)%len(scales)]
			}
			b := at(i*(m+1) + m)
			switch kind {
			case 0, 1: // two or three classes
				labels[i] = string(rune('a' + int(b)%(2+kind)))
			case 2: // many classes of few rows
				labels[i] = string(rune('a' + int(b)%7))
			default: // a regression target
				labels[i] = strconv.Itoa(int(b)) + ".5"
			}
		}
		mdl, err := FitLabels(X, labels, opt)
		if err != nil {
			if !slices.ContainsFunc(sentinels, func(s error) bool { return errors.Is(err, s) }) {
				t.Fatalf("%v wraps none of the package's errors", err)
			}
			return
		}
		if err := mdl.Check(); err != nil {
			t.Fatalf("invalid model: %v", err)
		}
		p := make([]float64, len(mdl.Classes))
		for _, x := range X {
			d, err := mdl.Decision(x)
			if err != nil {
				t.Fatalf("decision: %v", err)
			}
			for _, v := range d {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("decision %v at %v", d, x)
				}
			}
			if mdl.Task != model.Classification || mdl.Calibration == nil {
				continue
			}
			if err := mdl.Probabilities(p, d); err != nil {
				t.Fatalf("probabilities: %v", err)
			}
			var sum float64
			for _, v := range p {
				if !(v >= 0 && v <= 1) {
					t.Fatalf("probabilities %v", p)
				}
				sum += v
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("probabilities %v sum to %v", p, sum)
			}
		}
	})
}

// A regression's labels are numbers as the data readers take them, plain decimals: a Go
// literal such as 1_000 or 0x1p4 among them is refused, not read as 1000 or 16.
func TestFitLabelsPlainDecimals(t *testing.T) {
	X := make([][]float64, 40)
	labels := make([]string, len(X))
	for i := range X {
		X[i] = []float64{float64(i), float64(i % 7)}
		labels[i] = strconv.FormatFloat(0.37*float64(i), 'g', -1, 64)
	}
	for _, odd := range []string{"1_000", "0x1p4"} {
		l := slices.Clone(labels)
		l[3] = odd
		if m, err := FitLabels(X, l, Options{Seed: 1}); !errors.Is(err, ErrTargets) {
			t.Errorf("label %q: model %v, error %v; want ErrTargets", odd, m != nil, err)
		}
	}
}

// A fixed-node method that builds no node (a width so narrow that no node lowers the LOO
// error) returns ErrNoSignal, not a model of the bias alone.
func TestFixedNoNode(t *testing.T) {
	X := make([][]float64, 60)
	y := make([]float64, len(X))
	for i := range X {
		X[i] = []float64{float64(i%13) / 13, float64(i%7) / 7}
		y[i] = 3.3*X[i][0] + 0.1*X[i][1]*X[i][1]
	}
	if m, err := Fit(X, y, Options{Method: LROLS, Tau: 1e-30, Seed: 1}); !errors.Is(err, ErrNoSignal) {
		t.Errorf("lrols at tau 1e-30: a model of %d nodes, error %v; want ErrNoSignal", m.Size(), err)
	}
}

// Unused names the options that the method, or the settings chosen within it, ignores.
func TestUnused(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
		want []string
	}{
		{"default, nothing set", Options{}, nil},
		{"tau for auto", Options{Tau: 2}, nil},
		{"min-terms for auto", Options{MinTerms: 3}, []string{"min-terms"}},
		{"prefer for rols", Options{Method: ROLS, Prefer: PreferSmall}, []string{"prefer"}},
		{"lssvm width for another method", Options{Method: LOOMI, LSSVM: LSSVMOptions{Width: 2}}, []string{"lssvm settings"}},
		{"lssvm gamma and width with the cca tuner", Options{Method: LSSVM, LSSVM: LSSVMOptions{Gamma: 3, Width: 2}},
			[]string{"gamma and width (the tuner cca chooses them; tuner none takes them)"}},
		{"lssvm gamma and width with tuner none", Options{Method: LSSVM, LSSVM: LSSVMOptions{Tuner: "none", Gamma: 3, Width: 2}}, nil},
		{"lssvm evaluations with cca", Options{Method: LSSVM, LSSVM: LSSVMOptions{Evaluations: 50}}, []string{"evaluations (the budget of tuner sa)"}},
		{"lssvm evaluations with sa", Options{Method: LSSVM, LSSVM: LSSVMOptions{Tuner: "sa", Evaluations: 50}}, nil},
		{"no-linear for paper pso", Options{Method: PSO, Paper: true, NoLinear: true}, []string{"no-linear (the papers' construction has no linear node)"}},
		{"no-power for rwbs", Options{Method: RWBS, NoPower: true}, nil},
	}
	for _, tc := range tests {
		if got := tc.opt.Unused(); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A method given a task it cannot do suggests reading the targets as the other task only where
// that could work: numeric classes as a regression target, few distinct values as classes.
func TestTaskSuggestions(t *testing.T) {
	X := make([][]float64, 40)
	text, codes, values := make([]string, len(X)), make([]string, len(X)), make([]float64, len(X))
	for i := range X {
		X[i] = []float64{float64(i % 9), float64(i % 5)}
		text[i] = []string{"no", "yes"}[i%2]
		codes[i] = []string{"0", "1"}[i%2]
		values[i] = 0.37 * float64(i)
	}
	for _, tc := range []struct {
		name    string
		fit     func() error
		suggest string
		want    bool
	}{
		{"lrols, text classes", func() error { _, err := FitLabels(X, text, Options{Method: LROLS}); return err }, "as a regression target", false},
		{"lrols, numeric classes", func() error { _, err := FitLabels(X, codes, Options{Method: LROLS, Task: ""}); return err }, "as a regression target", true},
		{"rols, 40 distinct values", func() error { _, err := Fit(X, values, Options{Method: ROLS}); return err }, "as classes", false},
	} {
		err := tc.fit()
		if !errors.Is(err, ErrTask) {
			t.Fatalf("%s: %v, want ErrTask", tc.name, err)
		}
		if got := strings.Contains(err.Error(), tc.suggest); got != tc.want {
			t.Errorf("%s: %v; suggests %q: %v, want %v", tc.name, err, tc.suggest, got, tc.want)
		}
	}
}
