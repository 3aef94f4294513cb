package model

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/version"
)

func validModel() *Model {
	return &Model{
		Task: Classification, Method: "loomi", Kernel: KernelGaussian, Inputs: 2,
		Classes: []string{"no", "yes"},
		Scaling: Scaling{Mean: []float64{1, 2}, Std: []float64{2, 0.5}},
		Nodes: []Node{
			{Centre: []float64{0, 0}, Width: []float64{0.5}},
			{Centre: []float64{1, -1}, Width: []float64{0.25, 2}},
		},
		Weights: [][]float64{{1.5, -0.75}},
		Bias:    []float64{0.1},
	}
}

func threeClass() *Model {
	m := validModel()
	m.Classes = []string{"a", "b", "c"}
	m.Weights = [][]float64{{1, 0}, {0, 1}, {-1, -1}}
	m.Bias = []float64{0, 0, 0.5}
	m.Calibration = &Calibration{Method: "test", A: [][]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, B: []float64{0, 0, 0}}
	return m
}

func TestDecision(t *testing.T) {
	m := validModel()
	x := []float64{3, 2.5} // z = (1, 1)
	g1, g2 := math.Exp(-0.5*2/0.5), math.Exp(-0.5*(0/0.25+4/2))
	want := 0.1 + 1.5*g1 - 0.75*g2
	f, err := m.Decision(x)
	if err != nil || math.Abs(f[0]-want) > 1e-15 {
		t.Errorf("Decision = %v, %v, want %v", f, err, want)
	}
	if got, err := m.Label(f); got != "yes" || err != nil {
		t.Errorf("Label = %q, %v", got, err)
	}
	w := &Model{Task: Regression, Kernel: KernelWavelet, Inputs: 1, Scaling: Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes: []Node{{Centre: []float64{0}, Width: []float64{2}}}, Weights: [][]float64{{3}}, Bias: []float64{0}}
	if got, _ := w.Decision([]float64{1}); math.Abs(got[0]-3*math.Cos(1.75*0.5)*math.Exp(-0.125)) > 1e-15 {
		t.Errorf("wavelet Decision = %v", got)
	}
	if _, err := w.Label([]float64{1}); !errors.Is(err, ErrNotClassifier) {
		t.Errorf("Label of a regressor: %v", err)
	}

	mc := threeClass()
	f, err = mc.Decision(x)
	if err != nil {
		t.Fatal(err)
	}
	wantK := []float64{g1, g2, 0.5 - g1 - g2}
	for k := range wantK {
		if math.Abs(f[k]-wantK[k]) > 1e-15 {
			t.Errorf("output %d = %v, want %v", k, f[k], wantK[k])
		}
	}
	if l, _ := mc.Label(f); l != mc.Classes[Class(wantK)] {
		t.Errorf("label %q", l)
	}
	p := make([]float64, 3)
	if err := mc.Probabilities(p, f); err != nil {
		t.Fatal(err)
	}
	var sum float64
	for k := range p {
		sum += p[k]
		if want := math.Exp(f[k]) / (math.Exp(f[0]) + math.Exp(f[1]) + math.Exp(f[2])); math.Abs(p[k]-want) > 1e-15 {
			t.Errorf("p[%d] = %v, want %v", k, p[k], want)
		}
	}
	if math.Abs(sum-1) > 1e-15 {
		t.Errorf("probabilities sum to %v", sum)
	}
	if err := m.Probabilities(p[:2], f[:1]); !errors.Is(err, ErrNoCalibration) {
		t.Errorf("probabilities without calibration: %v", err)
	}
}

// withLinear is validModel with a linear node added between its two Gaussian nodes.
func withLinear() *Model {
	m := validModel()
	m.Nodes = []Node{m.Nodes[0], {Kind: NodeLinear, Centre: []float64{0.5, -2}}, m.Nodes[1]}
	m.Weights = [][]float64{{1.5, 0.25, -0.75}}
	return m
}

// withQuadratic is validModel with a quadratic node added after its two Gaussian nodes.
func withQuadratic() *Model {
	m := validModel()
	m.Nodes = append(m.Nodes, Node{Kind: NodeQuadratic, Centre: []float64{0.5, -1}, Matrix: [][]float64{{2}, {-1, 0.5}}})
	m.Weights = [][]float64{{1.5, -0.75, 0.2}}
	return m
}

func TestDecisionQuadratic(t *testing.T) {
	m := withQuadratic()
	x := []float64{3, 2.5} // z = (1, 1), z - c = (0.5, 2): R (z - c) = (1, -0.5 + 1)
	g1, g2 := math.Exp(-0.5*2/0.5), math.Exp(-0.5*(0/0.25+4/2))
	want := 0.1 + 1.5*g1 - 0.75*g2 + 0.2*(-0.5*(1+0.25))
	f, err := m.Decision(x)
	if err != nil || math.Abs(f[0]-want) > 1e-15 {
		t.Errorf("Decision = %v, %v, want %v", f, err, want)
	}
	if got := m.basis([]float64{1, 1}, m.Nodes[2]); got != -0.625 {
		t.Errorf("basis of the quadratic node = %v, want -0.625", got)
	}
}

func TestDecisionLinear(t *testing.T) {
	m := withLinear()
	x := []float64{3, 2.5} // z = (1, 1)
	g1, g2 := math.Exp(-0.5*2/0.5), math.Exp(-0.5*(0/0.25+4/2))
	want := 0.1 + 1.5*g1 + 0.25*(0.5*1-2*1) - 0.75*g2
	f, err := m.Decision(x)
	if err != nil || math.Abs(f[0]-want) > 1e-15 {
		t.Errorf("Decision = %v, %v, want %v", f, err, want)
	}
	if got := m.basis([]float64{1, 1}, m.Nodes[1]); got != -1.5 {
		t.Errorf("basis of the linear node = %v, want -1.5", got)
	}
	// Many nodes (more than one block of DecisionTo): the plain loop of basis values.
	big := withLinear()
	for i := range 70 {
		nd := Node{Centre: []float64{float64(i) / 10, 1}, Width: []float64{1}}
		if i%7 == 0 {
			nd = Node{Kind: NodeLinear, Centre: []float64{float64(i) / 50, -1}}
		}
		big.Nodes = append(big.Nodes, nd)
		big.Weights[0] = append(big.Weights[0], 0.01*float64(i%5-2))
	}
	z := make([]float64, 2)
	big.Standardise(z, x)
	plain := big.Bias[0]
	for i, nd := range big.Nodes {
		plain += big.Weights[0][i] * big.basis(z, nd)
	}
	if f, _ := big.Decision(x); f[0] != plain {
		t.Errorf("Decision %v, the plain loop %v", f[0], plain)
	}
}

func TestDecisionErrors(t *testing.T) {
	m := validModel()
	tests := []struct {
		name string
		x    []float64
		want error
	}{
		{"short", []float64{1}, ErrInput},
		{"long", []float64{1, 2, 3}, ErrInput},
		{"nan", []float64{1, math.NaN()}, ErrInput},
		{"inf", []float64{math.Inf(-1), 1}, ErrInput},
	}
	for _, tc := range tests {
		if _, err := m.Decision(tc.x); !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
	m.Weights[0][0] = math.MaxFloat64
	m.Weights[0][1] = math.MaxFloat64
	m.Nodes[1] = m.Nodes[0]
	if _, err := m.Decision([]float64{1, 2}); !errors.Is(err, ErrOverflow) {
		t.Errorf("overflowing weights: %v", err)
	}
	if _, err := validModel().Decisions([][]float64{{1, 2}, {1}}); err == nil || !strings.HasPrefix(err.Error(), "row 2") {
		t.Errorf("Decisions error %v, want one naming row 2", err)
	}
}

// Wrong lengths of the caller's buffers are errors, never panics.
func TestBufferLengths(t *testing.T) {
	m, c := validModel(), threeClass()
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"DecisionTo short f", c.DecisionTo(make([]float64, 1), make([]float64, c.Inputs), make([]float64, c.Inputs))},
		{"DecisionTo long f", m.DecisionTo(make([]float64, 2), make([]float64, m.Inputs), make([]float64, m.Inputs))},
		{"DecisionTo short z", m.DecisionTo(make([]float64, 1), nil, make([]float64, m.Inputs))},
		{"Label long f", func() error { _, err := m.Label([]float64{1, 2, 3}); return err }()},
		{"Label empty f", func() error { _, err := c.Label(nil); return err }()},
		{"Probabilities short p", c.Probabilities(make([]float64, 1), make([]float64, c.Outputs()))},
		{"Probabilities long f", c.Probabilities(make([]float64, len(c.Classes)), make([]float64, c.Outputs()+1))},
	} {
		if !errors.Is(tc.err, ErrInput) {
			t.Errorf("%s: %v, want ErrInput", tc.name, tc.err)
		}
	}
}

func TestWriteRefusesNonFiniteTraining(t *testing.T) {
	m := validModel()
	m.Training.TrivialError = math.Inf(1)
	err := m.Write(io.Discard)
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "trivial_error is +Inf") {
		t.Errorf("Write: %v", err)
	}
}

func TestClass(t *testing.T) {
	tests := []struct {
		f    []float64
		want int
	}{
		{[]float64{0.1}, 1}, {[]float64{0}, 0}, {[]float64{-2}, 0},
		{[]float64{1, 3, 2}, 1}, {[]float64{5, 5, 1}, 0}, {[]float64{-3, -2, -1}, 2},
	}
	for _, tc := range tests {
		if got := Class(tc.f); got != tc.want {
			t.Errorf("Class(%v) = %d, want %d", tc.f, got, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(m *Model)
		want   string // "" = valid
	}{
		{"valid", func(m *Model) {}, ""},
		{"valid three classes", func(m *Model) { *m = *threeClass() }, ""},
		{"one class", func(m *Model) { m.Classes = []string{"a"} }, "at least two classes"},
		{"same classes", func(m *Model) { m.Classes = []string{"a", "a"} }, "listed twice"},
		{"bad utf8 class", func(m *Model) { m.Classes = []string{"a", "\xe9t\xe9"} }, "UTF-8"},
		{"unknown task", func(m *Model) { m.Task = "ranking" }, "unknown task"},
		{"unknown kernel", func(m *Model) { m.Kernel = "poly" }, "unknown kernel"},
		{"scaling length", func(m *Model) { m.Scaling.Std = m.Scaling.Std[:1] }, "scaling"},
		{"zero std", func(m *Model) { m.Scaling.Std[1] = 0 }, "scaling of input 2"},
		{"weights length", func(m *Model) { m.Weights[0] = m.Weights[0][:1] }, "1 weights for 2 nodes"},
		{"outputs for three classes", func(m *Model) { m.Classes = []string{"a", "b", "c"} }, "3 outputs"},
		{"bias count", func(m *Model) { m.Bias = nil }, "0 biases"},
		{"centre length", func(m *Model) { m.Nodes[1].Centre = []float64{1} }, "node 2 has a centre"},
		{"width count", func(m *Model) { m.Nodes[0].Width = []float64{1, 2, 3} }, "node 1 has 3 width"},
		{"negative width", func(m *Model) { m.Nodes[1].Width[0] = -1 }, "node 2 width"},
		{"nan weight", func(m *Model) { m.Weights[0][0] = math.NaN() }, "weight 1"},
		{"inf bias", func(m *Model) { m.Bias[0] = math.Inf(1) }, "bias"},
		{"feature names", func(m *Model) { m.Features = []string{"a"} }, "feature names"},
		{"a feature name twice", func(m *Model) { m.Features = []string{"a", "a"} }, `feature name "a" is that of inputs 1 and 2`},
		{"calibration shape", func(m *Model) { m.Calibration = &Calibration{A: [][]float64{{1}}, B: []float64{0}} }, "calibration"},
		{"regressor with classes", func(m *Model) { m.Task = Regression }, "no classes"},
		{"valid linear node", func(m *Model) { *m = *withLinear() }, ""},
		{"linear node with a width", func(m *Model) { *m = *withLinear(); m.Nodes[1].Width = []float64{1} }, "node 2 has 1 width"},
		{"linear node of a wavelet model", func(m *Model) { *m = *withLinear(); m.Kernel = KernelWavelet; m.Nodes[2].Width = m.Nodes[2].Width[:1] }, "node 2 has 0 width"},
		{"unknown node kind", func(m *Model) { m.Nodes[0].Kind = "cubic" }, `unknown kind "cubic"`},
		{"valid quadratic node", func(m *Model) { *m = *withQuadratic() }, ""},
		{"quadratic node with a width", func(m *Model) { *m = *withQuadratic(); m.Nodes[2].Width = []float64{1} }, "node 3 has 1 width"},
		{"quadratic node without a matrix", func(m *Model) { *m = *withQuadratic(); m.Nodes[2].Matrix = nil }, "matrix belongs to a quadratic node"},
		{"matrix on a Gaussian node", func(m *Model) { m.Nodes[0].Matrix = [][]float64{{1}, {0, 1}} }, "matrix belongs to a quadratic node"},
		{"matrix rows", func(m *Model) { *m = *withQuadratic(); m.Nodes[2].Matrix = m.Nodes[2].Matrix[:1] }, "matrix of 1 rows"},
		{"matrix row length", func(m *Model) { *m = *withQuadratic(); m.Nodes[2].Matrix[1] = []float64{1} }, "row 2 of its matrix has 1 values, want 2"},
		{"nan in a matrix", func(m *Model) { *m = *withQuadratic(); m.Nodes[2].Matrix[1][0] = math.NaN() }, "node 3 matrix holds NaN"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := validModel()
			tc.mutate(m)
			err := m.Check()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want ErrInvalid mentioning %q", err, tc.want)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	for _, m := range []*Model{validModel(), threeClass(), withLinear(), withQuadratic()} {
		m.Weights[0][0] = 0.1 + 0.2 // not exactly representable in short decimal
		m.Training.LOOCurve = []float64{0.5, 0.25}
		m.Training.Chosen = 2
		path := filepath.Join(t.TempDir(), "m.json")
		if err := m.Save(path); err != nil {
			t.Fatal(err)
		}
		got, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		x := []float64{0.3, 7}
		a, _ := m.Decision(x)
		b, _ := got.Decision(x)
		for k := range a {
			if a[k] != b[k] {
				t.Errorf("decision %v after reload, %v before", b, a)
			}
		}
		if got.WrittenBy == "" || got.WrittenBy != version.String() || m.WrittenBy != "" {
			t.Errorf("written_by %q", got.WrittenBy)
		}
		data, _ := os.ReadFile(path)
		// A person can read it: one node per line, the formula stated.
		if !strings.Contains(string(data), "\n  {\"centre\":[0,0],\"width\":[0.5]},\n") || !strings.Contains(string(data), "f_k(x) = bias[k]") {
			t.Errorf("file layout:\n%s", data)
		}
		// Version 3 only for linear nodes, so that older builds read the others.
		version := `"version": 2,`
		if m.Nodes[1].Kind == NodeLinear {
			version = `"version": 3,`
			if !strings.Contains(string(data), `{"kind":"linear","centre":[0.5,-2]}`) {
				t.Errorf("linear node layout:\n%s", data)
			}
			old := strings.Replace(string(data), version, `"version": 2,`, 1)
			if _, err := Read(strings.NewReader(old), "old.json"); err == nil || !strings.Contains(err.Error(), "linear nodes") {
				t.Errorf("a version 2 file with linear nodes: %v", err)
			}
		}
		// Version 5 for quadratic nodes.
		if len(m.Nodes) > 2 && m.Nodes[2].Kind == NodeQuadratic {
			version = `"version": 5,`
			if !strings.Contains(string(data), `{"kind":"quadratic","centre":[0.5,-1],"matrix":[[2],[-1,0.5]]}`) || !strings.Contains(string(data), `of kind \"quadratic\" (row j`) {
				t.Errorf("quadratic node layout:\n%s", data)
			}
			old := strings.Replace(string(data), version, `"version": 4,`, 1)
			if _, err := Read(strings.NewReader(old), "old.json"); err == nil || !strings.Contains(err.Error(), "quadratic nodes") {
				t.Errorf("a version 4 file with quadratic nodes: %v", err)
			}
		}
		if !strings.Contains(string(data), version) {
			t.Errorf("want %s in\n%s", version, data)
		}
	}
}

// readPred reads the label and decision columns written by version 1's predict -decision.
func readPred(t *testing.T, path string) (labels []string, f []float64) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	recs, err := csv.NewReader(bufio.NewReader(fh)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		labels, f = append(labels, r[0]), append(f, v)
	}
	return labels, f
}

func readInputs(t *testing.T, path string) [][]float64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var X [][]float64
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i == 0 {
			continue // header
		}
		fields := strings.Split(line, ",")
		var x []float64
		for _, s := range fields[:2] {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatal(err)
			}
			x = append(x, v)
		}
		X = append(X, x[:len(fields)-1])
	}
	return X
}

// Files written by version 1 (sparsekernel 0.3) load and predict exactly as that version did.
func TestVersion1Files(t *testing.T) {
	tests := []struct{ model, data, pred string }{
		{"v1-classifier.model.json", "circle.csv", "v1-classifier.pred"},
		{"v1-regressor.model.json", "parab.csv", "v1-regressor.pred"},
	}
	for _, tc := range tests {
		m, err := Load(filepath.Join("testdata", tc.model))
		if err != nil {
			t.Fatal(err)
		}
		X := readInputs(t, filepath.Join("testdata", tc.data))
		labels, want := readPred(t, filepath.Join("testdata", tc.pred))
		f, err := m.Decisions(X)
		if err != nil {
			t.Fatal(err)
		}
		for i := range X {
			if f[i][0] != want[i] {
				t.Fatalf("%s row %d: decision %v, version 1 gave %v", tc.model, i+1, f[i][0], want[i])
			}
			if m.Task == Classification {
				if l, _ := m.Label(f[i]); l != labels[i] {
					t.Fatalf("%s row %d: label %q, version 1 gave %q", tc.model, i+1, l, labels[i])
				}
			}
		}
	}
}

func TestReadErrors(t *testing.T) {
	var good bytes.Buffer
	if err := validModel().Write(&good); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, input, want string
	}{
		{"empty", "", "not a model file"},
		{"not json", "hello", "not a model file"},
		{"wrong format", `{"format":"other","version":1}`, `not a model file: its format is "other", not a sparsekernel model's "sparsekernel-model"`},
		{"future version", strings.Replace(good.String(), `"version": 2`, `"version": 10`, 1), "version 10"},
		{"unknown field", strings.Replace(good.String(), `"bias"`, `"biass"`, 1), "unknown field"},
		// its line and column, not those of the same text as a value before it
		{"unknown field, where", `{"format": "sparsekernel-model", "version": 2, "task": "colour",` + "\n  \"colour\" : 1}", `m.json:2:3: not a model file: unknown field "colour"`},
		{"inconsistent", strings.Replace(good.String(), `"inputs": 2`, `"inputs": 3`, 1), "invalid model"},
		{"trailing data", good.String() + "{}", "not a model file"},
		{"a list", "[1, 2]", "m.json: not a model file: it starts with '[', not a JSON object"},
		{"zeros", "\x00\x00\x00", `m.json: not a model file: it starts with '\x00', not a JSON object`},
		{"white space only, endlessly", strings.Repeat(" ", 2<<20) + "{}", "m.json: not a model file: it starts with more than 1048576 bytes of white space"},
		{"a fraction for an integer", `{"format": "sparsekernel-model", "version": 2.5}`, `m.json:1:48: not a model file: "version" holds number 2.5, expected an integer`},
		{"null weight", strings.Replace(good.String(), `[1.5,-0.75]`, `[1.5,null]`, 1), `"weights[0][1]" is null`},
		{"null bias", strings.Replace(good.String(), `"bias": [0.1]`, `"bias": [null]`, 1), `"bias[0]" is null`},
		{"null centre", strings.Replace(good.String(), `"centre":[1,-1]`, `"centre":[1,null]`, 1), `"nodes[1].centre[1]" is null`},
		{"null mean", strings.Replace(good.String(), `"mean":[1,2]`, `"mean":[null,2]`, 1), `"scaling.mean[0]" is null`},
		{"null samples", strings.Replace(good.String(), `"samples": 0`, `"samples": null`, 1), `"training.samples" is null`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.input), "m.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "m.json") {
				t.Fatalf("error %v, want one naming m.json and %q", err, tc.want)
			}
			if notModel := strings.Contains(err.Error(), "not a model file"); notModel != errors.Is(err, ErrNotModel) {
				t.Errorf("error %v: errors.Is ErrNotModel %v, want %v", err, !notModel, notModel)
			}
		})
	}
}

// A model file that an editor saved with a UTF-8 byte-order mark reads as without it, and a
// damaged one's errors keep their columns.
func TestReadBOM(t *testing.T) {
	var good bytes.Buffer
	if err := validModel().Write(&good); err != nil {
		t.Fatal(err)
	}
	m, err := Read(strings.NewReader("\uFEFF"+good.String()), "m.json")
	if err != nil {
		t.Fatal(err)
	}
	if want := validModel(); !slices.Equal(m.Bias, want.Bias) || m.Inputs != want.Inputs {
		t.Errorf("read %+v, want %+v", m, want)
	}
	_, err = Read(strings.NewReader("\uFEFF{\"format\": 1}"), "m.json")
	if err == nil || !strings.HasPrefix(err.Error(), "m.json:1:") {
		t.Errorf("error %v, want one at line 1", err)
	}
}

func TestSaveLeavesNothingOnFailure(t *testing.T) {
	dir := t.TempDir()
	m := validModel()
	m.Weights[0][0] = math.NaN()
	path := filepath.Join(dir, "bad.json")
	if err := m.Save(path); err == nil {
		t.Fatal("saved an invalid model")
	}
	if err := validModel().Save(filepath.Join(dir, "missing", "m.json")); err == nil {
		t.Fatal("saved into a missing directory")
	}
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	if err := validModel().Save(sub); err == nil || !strings.Contains(err.Error(), "is a directory") || strings.Contains(err.Error(), ".sub.tmp") {
		t.Fatalf("saving over a directory: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("left %d files behind", len(entries)-1)
	}
}

func FuzzRead(f *testing.F) {
	for _, m := range []*Model{validModel(), threeClass(), trendModel(), withLinear(), withQuadratic(), powerModel(), fillModel()} {
		var good bytes.Buffer
		if err := m.Write(&good); err != nil {
			f.Fatal(err)
		}
		f.Add(good.Bytes())
	}
	for _, name := range []string{"v1-classifier.model.json", "v1-regressor.model.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"format":"sparsekernel-model","version":1}`))
	f.Add([]byte(`{"format":"sparsekernel-model","version":1,"task":"regression","kernel":"wavelet","inputs":1,"scaling":{"mean":[0],"std":[1]},"nodes":[{"centre":[0],"width":[1]}],"weights":[1]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		// A model that loads must predict without panicking, and survive a round trip.
		if _, _, err := m.Bounds(make([]float64, m.Inputs)); err != nil {
			t.Fatalf("a loaded model has no bounds: %v", err)
		}
		if fv, err := m.Decision(make([]float64, m.Inputs)); err == nil {
			if m.Task == Classification {
				m.Label(fv)
				if m.Calibration != nil {
					m.Probabilities(make([]float64, len(m.Classes)), fv)
				}
			}
		}
		var buf bytes.Buffer
		if err := m.Write(&buf); err != nil {
			t.Fatalf("a loaded model does not write: %v", err)
		}
		if _, err := Read(&buf, "again"); err != nil {
			t.Fatalf("a written model does not read: %v", err)
		}
	})
}

func TestRange(t *testing.T) {
	m := &Model{Task: Regression, Kernel: KernelGaussian, Inputs: 1, Scaling: Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes: []Node{{Centre: []float64{0}, Width: []float64{1}}}, Weights: [][]float64{{10}}, Bias: []float64{1}, Range: []float64{2, 5}}
	tests := []struct{ x, want float64 }{{0, 5}, {100, 2}, {1.8, 1 + 10*math.Exp(-0.5*1.8*1.8)}}
	for _, tc := range tests {
		if got, _ := m.Decision([]float64{tc.x}); math.Abs(got[0]-tc.want) > 1e-15 {
			t.Errorf("Decision(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
	m.Range = []float64{5, 2}
	if err := m.Check(); err == nil {
		t.Error("reversed range accepted")
	}
}

// trendModel is f(x) = 1 + 2x + 10 g(x), clipped to [-2, 4] widened by the trend 2x beyond
// [-2, 2].
func trendModel() *Model {
	return &Model{Task: Regression, Kernel: KernelGaussian, Inputs: 1, Scaling: Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes:   []Node{{Centre: []float64{0}, Width: []float64{1}}, {Kind: NodeLinear, Centre: []float64{1}}},
		Weights: [][]float64{{10, 2}}, Bias: []float64{1}, Range: []float64{-2, 4}, Trend: []float64{-2, 2}}
}

// TestTrend checks the range widened along a linear trend: f(x) = 1 + 2x + 10 g(x) with the
// linear term t = 2x seen on [-1, 1] in training and the targets on [-2, 4].
func TestTrend(t *testing.T) {
	m := trendModel()
	g := func(x float64) float64 { return 10 * math.Exp(-0.5*x*x) }
	tests := []struct {
		x, want, lo, hi float64
	}{
		{0, 4, -2, 4},                          // the Gaussian node clipped inside the trend's range
		{0.9, min(1+1.8+g(0.9), 4), -2, 4},     // below the top end, or at it
		{5, 1 + 10 + g(5), -2, 4 + 10 - 2},     // beyond the trend's range: the trend carries on
		{-5, 1 - 10 + g(5), -2 + (-10 + 2), 4}, // ... and the lower end moves with it
		{1.5, 4 + 3 - 2, -2, 4 + 3 - 2},        // the node's bump clipped at the widened end
	}
	for _, tc := range tests {
		got, err := m.Decision([]float64{tc.x})
		if err != nil || math.Abs(got[0]-tc.want) > 1e-12 {
			t.Errorf("Decision(%v) = %v, %v; want %v", tc.x, got, err, tc.want)
		}
		lo, hi, err := m.Bounds([]float64{tc.x})
		if err != nil || math.Abs(lo-tc.lo) > 1e-12 || math.Abs(hi-tc.hi) > 1e-12 {
			t.Errorf("Bounds(%v) = %v, %v, %v; want %v, %v", tc.x, lo, hi, err, tc.lo, tc.hi)
		}
	}
	if tr, err := m.LinearTerms([]float64{3}); err != nil || tr != 6 {
		t.Errorf("LinearTerms(3) = %v, %v; want 6", tr, err)
	}
	if _, _, err := m.Bounds([]float64{1, 2}); !errors.Is(err, ErrInput) {
		t.Errorf("Bounds of two values: %v, want ErrInput", err)
	}
	for _, bm := range []*Model{m, validModel()} { // (with a range and without)
		if _, _, err := bm.Bounds([]float64{math.NaN(), 1}[:bm.Inputs]); !errors.Is(err, ErrInput) {
			t.Errorf("Bounds of a missing input without fill values: %v, want ErrInput", err)
		}
	}
	var b bytes.Buffer
	if err := m.Write(&b); err != nil {
		t.Fatal(err)
	}
	file := b.String()
	if !strings.Contains(file, `"version": 4`) {
		t.Errorf("a model with a trend written as %.80q, want version 4", file)
	}
	r, err := Read(&b, "trend")
	if err != nil || !slices.Equal(r.Trend, m.Trend) {
		t.Fatalf("read back: %v, trend %v", err, r.Trend)
	}
	old := strings.Replace(file, `"version": 4`, `"version": 3`, 1)
	if _, err := Read(strings.NewReader(old), "old"); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "needs version 4") {
		t.Errorf("a version 3 file with a trend: %v, want an error naming version 4", err)
	}
}

// TestCompactNumberLists checks that lists of numbers go on one line and that brackets inside
// strings stay text (an unclosed one used to crash Write).
func TestCompactNumberLists(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"{\n \"a\": [\n  1,\n  2\n ]\n}", "{\n \"a\": [1, 2]\n}"},
		{"{\"s\": \"MS[ stopped\"}", "{\"s\": \"MS[ stopped\"}"},
		{"{\"s\": \"a[  b   c]\"}", "{\"s\": \"a[  b   c]\"}"},
		{"{\"s\": \"q\\\"[ x  y]\", \"v\": [\n 3\n]}", "{\"s\": \"q\\\"[ x  y]\", \"v\": [3]}"},
		{"{\"n\": [\n [\n  1\n ]\n]}", "{\"n\": [\n [1]\n]}"},
	} {
		if got := string(compactNumberLists([]byte(c.in))); got != c.want {
			t.Errorf("compactNumberLists(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestAboutLines checks that a model file explains the kinds of node it has: the kernel's
// formula where it has a Gaussian node, the linear one where it has a linear node, neither
// where it has none.
func TestAboutLines(t *testing.T) {
	linearOnly := withLinear()
	linearOnly.Nodes, linearOnly.Weights = linearOnly.Nodes[1:2], [][]float64{{0.25}}
	for _, c := range []struct {
		name           string
		m              *Model
		kernel, linear bool
	}{
		{"Gaussian nodes", validModel(), true, false},
		{"Gaussian and linear nodes", withLinear(), true, true},
		{"one linear node", linearOnly, false, true},
	} {
		about := strings.Join(c.m.About(), "\n")
		if got := strings.Contains(about, "g_i(z) = exp("); got != c.kernel {
			t.Errorf("%s: the kernel's formula %v, want %v:\n%s", c.name, got, c.kernel, about)
		}
		if got := strings.Contains(about, `kind "linear"`); got != c.linear {
			t.Errorf("%s: the linear node's formula %v, want %v:\n%s", c.name, got, c.linear, about)
		}
	}
}

// TestConcurrentWrites writes one model from several goroutines at once (run with -race):
// Write does not modify its model.
func TestConcurrentWrites(t *testing.T) {
	m := validModel()
	var want bytes.Buffer
	if err := m.Write(&want); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			var b bytes.Buffer
			err := m.Write(&b)
			if err == nil && !bytes.Equal(b.Bytes(), want.Bytes()) {
				err = errors.New("another file")
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if m.WrittenBy != "" {
		t.Errorf("Write set WrittenBy to %q", m.WrittenBy)
	}
}

// TestNoSignal checks that a model whose estimated error is not below the trivial rule's is
// said to have found no signal, and that an unknown trivial error says nothing.
func TestNoSignal(t *testing.T) {
	for _, tc := range []struct {
		loo, trivial float64
		want         bool
	}{
		{0.10, 0.50, false},
		{0.50, 0.50, true},
		{0.5 * (1 - 1e-12), 0.50, true}, // (rounding)
		{0.62, 0.50, true},
		{0.30, 0, false},
		{12.5, 11.9, true}, // an MSE above the targets' variance
	} {
		tr := Training{LOOError: tc.loo, TrivialError: tc.trivial}
		if got := tr.NoSignal(); got != tc.want {
			t.Errorf("LOOError %g, TrivialError %g: NoSignal %v, want %v", tc.loo, tc.trivial, got, tc.want)
		}
	}
}

// TestApplyPanics checks that Calibration.Apply panics on a p of the wrong length rather than
// reading a stale value as a logit.
func TestApplyPanics(t *testing.T) {
	c := Calibration{A: [][]float64{{1}}, B: []float64{0}}
	for _, n := range []int{0, 2} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Apply with %d probabilities for 1 row: no panic", n)
				}
			}()
			c.Apply(make([]float64, n), []float64{1})
		}()
	}
	p := []float64{0}
	c.Apply(p, []float64{1})
	if p[0] != 1 {
		t.Errorf("one class: p = %v, want 1", p)
	}
}
