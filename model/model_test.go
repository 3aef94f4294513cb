package model

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		Weights: []float64{1.5, -0.75},
		Bias:    0.1,
	}
}

func TestDecision(t *testing.T) {
	m := validModel()
	x := []float64{3, 2.5} // z = (1, 1)
	want := 0.1 + 1.5*math.Exp(-0.5*2/0.5) - 0.75*math.Exp(-0.5*(0/0.25+4/2))
	if got := m.Decision(x); math.Abs(got-want) > 1e-15 {
		t.Errorf("Decision = %v, want %v", got, want)
	}
	if got := m.Label(m.Decision(x)); got != "yes" {
		t.Errorf("Label = %q", got)
	}
	w := &Model{Task: Regression, Kernel: KernelWavelet, Inputs: 1, Scaling: Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes: []Node{{Centre: []float64{0}, Width: []float64{2}}}, Weights: []float64{3}}
	if got, want := w.Decision([]float64{1}), 3*math.Cos(1.75*0.5)*math.Exp(-0.125); math.Abs(got-want) > 1e-15 {
		t.Errorf("wavelet Decision = %v, want %v", got, want)
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(m *Model)
		want   string // "" = valid
	}{
		{"valid", func(m *Model) {}, ""},
		{"one class", func(m *Model) { m.Classes = []string{"a"} }, "two distinct classes"},
		{"same classes", func(m *Model) { m.Classes = []string{"a", "a"} }, "two distinct classes"},
		{"unknown task", func(m *Model) { m.Task = "ranking" }, "unknown task"},
		{"unknown kernel", func(m *Model) { m.Kernel = "poly" }, "unknown kernel"},
		{"scaling length", func(m *Model) { m.Scaling.Std = m.Scaling.Std[:1] }, "scaling"},
		{"zero std", func(m *Model) { m.Scaling.Std[1] = 0 }, "scaling of input 2"},
		{"weights length", func(m *Model) { m.Weights = m.Weights[:1] }, "1 weights for 2 nodes"},
		{"centre length", func(m *Model) { m.Nodes[1].Centre = []float64{1} }, "node 2 has a centre"},
		{"width count", func(m *Model) { m.Nodes[0].Width = []float64{1, 2, 3} }, "node 1 has 3 width"},
		{"negative width", func(m *Model) { m.Nodes[1].Width[0] = -1 }, "node 2 width"},
		{"nan weight", func(m *Model) { m.Weights[0] = math.NaN() }, "weight 1"},
		{"inf bias", func(m *Model) { m.Bias = math.Inf(1) }, "bias"},
		{"feature names", func(m *Model) { m.Features = []string{"a"} }, "feature names"},
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
	m := validModel()
	m.Weights[0] = 0.1 + 0.2 // not exactly representable in short decimal
	m.Training.LOOCurve = []float64{0.5, 0.25}
	path := filepath.Join(t.TempDir(), "m.json")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	x := []float64{0.3, 7}
	if a, b := m.Decision(x), got.Decision(x); a != b {
		t.Errorf("decision %v after reload, %v before", b, a)
	}
	if got.Weights[0] != m.Weights[0] {
		t.Errorf("weight %v after reload, %v before", got.Weights[0], m.Weights[0])
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
		{"wrong format", `{"format":"other","version":1}`, "not a sparsekernel model"},
		{"future version", strings.Replace(good.String(), `"version": 1`, `"version": 9`, 1), "version 9"},
		{"unknown field", strings.Replace(good.String(), `"bias"`, `"biass"`, 1), "unknown field"},
		{"inconsistent", strings.Replace(good.String(), `"inputs": 2`, `"inputs": 3`, 1), "invalid model"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.input), "m.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "m.json") {
				t.Fatalf("error %v, want one naming m.json and %q", err, tc.want)
			}
		})
	}
}

func TestSaveLeavesNothingOnFailure(t *testing.T) {
	dir := t.TempDir()
	m := validModel()
	m.Weights[0] = math.NaN()
	path := filepath.Join(dir, "bad.json")
	if err := m.Save(path); err == nil {
		t.Fatal("saved an invalid model")
	}
	if err := validModel().Save(filepath.Join(dir, "missing", "m.json")); err == nil {
		t.Fatal("saved into a missing directory")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left %d files behind", len(entries))
	}
}

func FuzzRead(f *testing.F) {
	var good bytes.Buffer
	if err := validModel().Write(&good); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add([]byte(`{"format":"sparsekernel-model","version":1}`))
	f.Add([]byte(`{"format":"sparsekernel-model","version":1,"task":"regression","kernel":"wavelet","inputs":1,"scaling":{"mean":[0],"std":[1]},"nodes":[{"centre":[0],"width":[1]}],"weights":[1]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		// A model that loads must predict without panicking, and survive a round trip.
		m.Decision(make([]float64, m.Inputs))
		var buf bytes.Buffer
		if err := m.Write(&buf); err != nil {
			t.Fatalf("a loaded model does not write: %v", err)
		}
	})
}

func TestRange(t *testing.T) {
	m := &Model{Task: Regression, Kernel: KernelGaussian, Inputs: 1, Scaling: Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes: []Node{{Centre: []float64{0}, Width: []float64{1}}}, Weights: []float64{10}, Bias: 1, Range: []float64{2, 5}}
	tests := []struct{ x, want float64 }{{0, 5}, {100, 2}, {1.8, 1 + 10*math.Exp(-0.5*1.8*1.8)}}
	for _, tc := range tests {
		if got := m.Decision([]float64{tc.x}); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("Decision(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
	m.Range = []float64{5, 2}
	if err := m.Check(); err == nil {
		t.Error("reversed range accepted")
	}
}
