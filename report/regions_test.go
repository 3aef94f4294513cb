package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// handModel returns a two-input classifier with the given outputs (1, or the number of
// classes) and nodes of per-input widths.
func handModel(outputs int) *model.Model {
	m := &model.Model{Task: model.Classification, Method: "hand", Kernel: model.KernelGaussian, Inputs: 2,
		Classes: []string{"a", "b"}, Scaling: model.Scaling{Mean: []float64{-0.1, 0.5}, Std: []float64{0.5, 0.3}}}
	if outputs > 1 {
		m.Classes = []string{"a", "b", "c"}[:outputs]
	}
	m.Nodes = []model.Node{
		{Centre: []float64{-1, 0.5}, Width: []float64{0.5, 2}},
		{Centre: []float64{1, -0.5}, Width: []float64{1.5, 0.4}},
		{Centre: []float64{0, 1.2}, Width: []float64{0.8, 0.8}},
	}
	for k := range outputs {
		w := []float64{1, -1, 0.5}
		m.Weights = append(m.Weights, []float64{w[k%3], w[(k+1)%3], w[(k+2)%3]})
		m.Bias = append(m.Bias, 0.1*float64(k))
	}
	if err := m.Check(); err != nil {
		panic(err)
	}
	return m
}

func TestNodeEllipses(t *testing.T) {
	m := &model.Model{Task: model.Classification, Kernel: model.KernelGaussian, Inputs: 2, Classes: []string{"a", "b"},
		Scaling: model.Scaling{Mean: []float64{1, 2}, Std: []float64{2, 3}},
		Nodes: []model.Node{
			{Centre: []float64{0.5, -1}, Width: []float64{4, 0.25}}, // per-input variances
			{Centre: []float64{0, 0}, Width: []float64{0.25}},       // one shared variance
		},
		Weights: [][]float64{{1, -2}}, Bias: []float64{0}}
	wav := *m
	wav.Kernel = model.KernelWavelet
	wav.Nodes = []model.Node{{Centre: []float64{1, 1}, Width: []float64{0.7}}}
	wav.Weights = [][]float64{{-1}}
	lin := *m
	lin.Nodes = []model.Node{m.Nodes[0], {Kind: model.NodeLinear, Centre: []float64{1, 1}}, m.Nodes[1]}
	lin.Weights = [][]float64{{1, 5, -2}}
	tests := []struct {
		name string
		m    *model.Model
		want []ellipse
	}{
		// centre Mean + Std c; semi-axes Std sqrt(s), or Std a for a wavelet.
		{"gaussian", m, []ellipse{{cx: 2, cy: -1, rx: 4, ry: 1.5, class: 1}, {cx: 1, cy: 2, rx: 1, ry: 1.5, class: 0}}},
		{"wavelet", &wav, []ellipse{{cx: 3, cy: 5, rx: 1.4, ry: 2.1, class: 0}}},
		{"a linear node has none", &lin, []ellipse{{cx: 2, cy: -1, rx: 4, ry: 1.5, class: 1}, {cx: 1, cy: 2, rx: 1, ry: 1.5, class: 0}}},
		{"three classes", handModel(3), []ellipse{
			{cx: -0.6, cy: 0.65, rx: 0.5 * math.Sqrt(0.5), ry: 0.3 * math.Sqrt(2), class: 0},
			{cx: 0.4, cy: 0.35, rx: 0.5 * math.Sqrt(1.5), ry: 0.3 * math.Sqrt(0.4), class: 2},
			{cx: -0.1, cy: 0.86, rx: 0.5 * math.Sqrt(0.8), ry: 0.3 * math.Sqrt(0.8), class: 1}}},
	}
	for _, tc := range tests {
		got := nodeEllipses(tc.m)
		if len(got) != len(tc.want) {
			t.Fatalf("%s: %d ellipses, want %d", tc.name, len(got), len(tc.want))
		}
		for i, w := range tc.want {
			g := got[i]
			if math.Abs(g.cx-w.cx)+math.Abs(g.cy-w.cy)+math.Abs(g.rx-w.rx)+math.Abs(g.ry-w.ry) > 1e-12 || g.class != w.class {
				t.Errorf("%s: node %d: %+v, want %+v", tc.name, i+1, g, w)
			}
		}
	}
	// The ellipse is the 1-sigma contour: a node's basis is exp(-1/2) on it.
	e := nodeEllipses(m)[0]
	z := make([]float64, 2)
	for _, a := range []float64{0, 1, 2.5, 4} {
		x := []float64{e.cx + e.rx*math.Cos(a), e.cy + e.ry*math.Sin(a)}
		m.Standardise(z, x)
		var q float64
		for j := range z {
			d := z[j] - m.Nodes[0].Centre[j]
			q += d * d / m.Nodes[0].Width[j]
		}
		if math.Abs(q-1) > 1e-12 {
			t.Errorf("angle %v: (z-c)^2/s sums to %v on the ellipse, want 1", a, q)
		}
	}
}

func TestRegionsSVG(t *testing.T) {
	data := synth.Ripley(60, 4)
	labels := make([]int, len(data.Y))
	for i, y := range data.Y {
		if y > 0 {
			labels[i] = 1
		}
	}
	three := make([]int, len(labels))
	for i := range three {
		three[i] = i % 3
	}
	reg := handModel(1)
	reg.Task, reg.Classes = model.Regression, nil
	m3 := handModel(1)
	m3.Inputs = 3
	tests := []struct {
		name   string
		m      *model.Model
		X      [][]float64
		labels []int
		err    error
		errMsg string
	}{
		{"two classes", handModel(1), data.X, labels, nil, ""},
		{"no labels", handModel(1), data.X, nil, nil, ""},
		{"three classes", handModel(3), data.X, three, nil, ""},
		{"regressor", reg, data.X, nil, model.ErrNotClassifier, ""},
		{"three inputs", m3, data.X, nil, ErrNot2D, ""},
		{"row of three", handModel(1), [][]float64{{1, 2}, {1, 2, 3}}, nil, ErrNot2D, "row 2"},
		{"labels short", handModel(1), data.X, labels[1:], nil, "59 labels for 60 points"},
		{"label range", handModel(1), data.X, three, nil, "label 2 of row 3"},
		{"no data", handModel(1), nil, nil, nil, "no data points"},
		{"not finite", handModel(1), [][]float64{{1, math.NaN()}}, nil, nil, "row 1 is not finite"},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		err := RegionsSVG(&buf, tc.m, tc.X, tc.labels)
		if tc.err != nil || tc.errMsg != "" {
			if err == nil || (tc.err != nil && !errors.Is(err, tc.err)) || !strings.Contains(err.Error(), tc.errMsg) {
				t.Errorf("%s: error %v, want %v %q", tc.name, err, tc.err, tc.errMsg)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		n := countSVG(t, buf.Bytes())
		// a region rectangle per run, one path per ellipse and per point glyph at least
		if n["svg"] != 1 || n["path"] < len(tc.m.Nodes)+len(tc.X) {
			t.Errorf("%s: elements %v", tc.name, n)
		}
	}
}

// countSVG parses a standalone SVG document and counts its elements by name.
func countSVG(t *testing.T, b []byte) map[string]int {
	t.Helper()
	n := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
		if s, ok := tok.(xml.StartElement); ok {
			n[s.Name.Local]++
		}
	}
}

func TestReadSVC(t *testing.T) {
	s, err := ReadSVC("testdata/ripley-svc.json")
	if err != nil {
		t.Fatal(err)
	}
	if s.Inputs() != 2 || len(s.Support) != len(s.DualCoef) || len(s.CheckX) == 0 {
		t.Fatalf("read %+v", s)
	}
	raw, _ := os.ReadFile("testdata/ripley-svc.json")
	edit := func(key string, v any) string {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		m[key] = v
		b, _ := json.Marshal(m)
		return string(b)
	}
	tests := []struct{ name, in, err string }{
		{"not json", "svc", "not an SVC file"},
		{"three classes", edit("classes", []string{"a", "b", "c"}), "want 2 classes, found 3"},
		{"no gamma", edit("gamma", 0), "gamma 0"},
		{"coefficients", edit("dual_coef", []float64{1}), "support vectors and 1 dual coefficients"},
		{"scale", edit("scale", []float64{1, 0}), "scale 2 is 0"},
		{"decision", edit("intercept", s.Intercept+0.01), "decision value 1: computed"},
		{"short check", edit("check_decision", []float64{1}), "check inputs and 1 check decisions"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		p := filepath.Join(dir, tc.name+".json")
		os.WriteFile(p, []byte(tc.in), 0o644)
		if _, err := ReadSVC(p); err == nil || !strings.Contains(err.Error(), tc.err) || !strings.HasPrefix(err.Error(), p) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
	}
}

func TestOpenSource(t *testing.T) {
	src, err := OpenSource("testdata/ripley-train.csv")
	if err != nil {
		t.Fatal(err)
	}
	tr, te, err := src.Split(0)
	if err != nil || src.Name() != "ripley-train" || len(tr.X) != 250 || len(te.X) != 0 {
		t.Errorf("data file: %s, %d/%d rows, %v", src.Name(), len(tr.X), len(te.X), err)
	}
	if _, _, err := src.Split(1); err == nil {
		t.Error("realisation 2 of a data file accepted")
	}
	// The training split of the generated set's first realisation is the fixture's data.
	gen, err := OpenSource("ripley")
	if err != nil {
		t.Fatal(err)
	}
	gtr, _, _ := gen.Split(0)
	if len(gtr.X) != len(tr.X) || gtr.X[7][1] != tr.X[7][1] || gtr.Labels[9] != tr.Labels[9] {
		t.Error("testdata/ripley-train.csv is not realisation 1 of the generated ripley set")
	}
	if _, err := OpenSource("no-such-set"); err == nil || !strings.Contains(err.Error(), "neither a file, a folder nor a generated benchmark") {
		t.Errorf("unknown data: %v", err)
	}
	// A regression set has no decision regions.
	pw, _ := OpenSource("piecewise")
	if _, err := FitRegions("piecewise", pw, nil, ""); err == nil {
		t.Error("regions of a regression set")
	}
	if _, err := FitRegions("ripley", gen, nil, "rols"); err == nil || !strings.Contains(err.Error(), `no result of method "rols"`) {
		t.Errorf("method without result: %v", err)
	}
}
