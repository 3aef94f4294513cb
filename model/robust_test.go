package model

import (
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/nopanic"
)

// A model built by hand (not checked, not read from a file) whose parts do not fit together
// is an error wrapping ErrInvalid from every prediction method, never a panic nor a decision
// that silently leaves a node, a weight or an output out. DecisionTo, the fast path, checks
// the shapes it indexes, not the values (values: Check), but never panics.
func TestHandBuiltModels(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(m *Model)
		want   string
	}{
		{"zero value", func(m *Model) { *m = Model{} }, "unknown task"},
		{"regressor without kernel", func(m *Model) { *m = Model{Task: Regression, Inputs: 1} }, "unknown kernel"},
		{"negative inputs", func(m *Model) { m.Inputs = -1 }, "inputs = -1"},
		{"no scaling", func(m *Model) { m.Scaling = Scaling{} }, "scaling has 0 means"},
		{"short mean", func(m *Model) { m.Scaling.Mean = m.Scaling.Mean[:1] }, "scaling has 1 means"},
		{"zero std", func(m *Model) { m.Scaling.Std[0] = 0 }, "scaling of input 1"},
		{"nan mean", func(m *Model) { m.Scaling.Mean[1] = math.NaN() }, "scaling of input 2"},
		{"short weights", func(m *Model) { m.Weights[0] = m.Weights[0][:1] }, "1 weights for 2 nodes"},
		{"long weights", func(m *Model) { m.Weights[0] = append(m.Weights[0], 1) }, "3 weights for 2 nodes"},
		{"no bias", func(m *Model) { m.Bias = nil }, "0 biases"},
		{"two outputs for two classes", func(m *Model) { m.Weights = append(m.Weights, []float64{1, 2}); m.Bias = append(m.Bias, 0) }, "2 weight rows"},
		{"one class", func(m *Model) { m.Classes = m.Classes[:1] }, "two classes"},
		{"short centre", func(m *Model) { m.Nodes[0].Centre = []float64{1} }, "node 1 has a centre of 1"},
		{"no width", func(m *Model) { m.Nodes[1].Width = nil }, "node 2 has 0 width"},
		{"empty width with room behind", func(m *Model) { m.Nodes[1].Width = []float64{1, 2}[:0] }, "node 2 has 0 width"},
		{"negative width", func(m *Model) { m.Nodes[0].Width[0] = -1 }, "node 1 width holds -1"},
		{"nan centre", func(m *Model) { m.Nodes[1].Centre[0] = math.NaN() }, "node 2 centre holds NaN"},
		{"wavelet node without width", func(m *Model) { m.Kernel = KernelWavelet; m.Nodes[0].Width = nil }, "node 1 has 0 width"},
		{"unknown kind", func(m *Model) { m.Nodes[0].Kind = "cubic" }, "unknown kind"},
		{"quadratic node without a matrix", func(m *Model) { m.Nodes[0].Kind, m.Nodes[0].Width = NodeQuadratic, nil }, "matrix belongs to a quadratic node"},
		{"quadratic node of a short matrix", func(m *Model) {
			m.Nodes[0].Kind, m.Nodes[0].Width, m.Nodes[0].Matrix = NodeQuadratic, nil, [][]float64{{1}}
		}, "matrix of 1 rows"},
		{"quadratic node of a square row", func(m *Model) {
			m.Nodes[0].Kind, m.Nodes[0].Width, m.Nodes[0].Matrix = NodeQuadratic, nil, [][]float64{{1}, {1}}
		}, "row 2 of its matrix has 1 values"},
		{"range of one value", func(m *Model) { m.Task, m.Classes, m.Range = Regression, nil, []float64{1} }, "range [1]"},
		{"range of a classifier", func(m *Model) { m.Range = []float64{0, 1} }, "for a regressor only"},
		{"trend without a range", func(m *Model) { m.Task, m.Classes, m.Trend = Regression, nil, []float64{0, 1} }, "with a range"},
		{"trend of one value", func(m *Model) { m.Task, m.Classes, m.Range, m.Trend = Regression, nil, []float64{0, 1}, []float64{1} }, "trend [1]"},
		{"calibration short b", func(m *Model) { m.Calibration = &Calibration{A: [][]float64{{0}, {1}}, B: []float64{0}} }, "calibration has 2 rows and 1 offsets"},
		{"calibration empty rows", func(m *Model) { m.Calibration = &Calibration{A: [][]float64{{}, {}}, B: []float64{0, 1}} }, "calibration row 1 has 0 values"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := validModel()
			tc.mutate(m)
			x := []float64{3, 1}
			calls := []struct {
				name string
				call func() error
			}{
				{"Decision", func() error { _, err := m.Decision(x); return err }},
				{"DecisionTo", func() error { return m.DecisionTo(make([]float64, 1), make([]float64, 2), x) }},
				{"Decisions", func() error { _, err := m.Decisions([][]float64{x}); return err }},
				{"Check", m.Check},
			}
			if m.Task == Classification {
				calls = append(calls, struct {
					name string
					call func() error
				}{"Label", func() error { _, err := m.Label(make([]float64, m.Outputs())); return err }})
				if m.Calibration != nil {
					calls = append(calls, struct {
						name string
						call func() error
					}{"Probabilities", func() error { return m.Probabilities(make([]float64, len(m.Classes)), make([]float64, m.Outputs())) }})
				}
			}
			values := map[string]bool{"zero std": true, "nan mean": true, "one class": true, "negative width": true, "nan centre": true,
				"range of a classifier": true, "calibration short b": true, "calibration empty rows": true}
			for _, c := range calls {
				if c.name == "DecisionTo" && values[tc.name] {
					if err := nopanic.Call(c.call); err != nil && strings.HasPrefix(err.Error(), "panic") {
						t.Errorf("DecisionTo: %v", err)
					}
					continue
				}
				if c.name == "Label" && strings.Contains(tc.want, "node") {
					continue // Label does not look at the nodes
				}
				err := nopanic.Call(c.call)
				if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%s: %v, want ErrInvalid mentioning %q", c.name, err, tc.want)
				}
			}
		})
	}
}

// Decision values that are not finite (never returned by Decision, but Label and
// Probabilities take them from the caller) are refused, not turned into class 0 or NaN
// probabilities; probabilities that overflow are an error.
func TestNonFiniteDecisionValues(t *testing.T) {
	m, c := validModel(), threeClass()
	for _, f := range [][]float64{{math.NaN()}, {math.Inf(1)}} {
		if l, err := m.Label(f); !errors.Is(err, ErrInput) {
			t.Errorf("Label(%v) = %q, %v; want ErrInput", f, l, err)
		}
	}
	p := make([]float64, 3)
	for _, f := range [][]float64{{math.NaN(), 0, 0}, {math.Inf(1), math.Inf(1), 0}} {
		if err := c.Probabilities(p, f); !errors.Is(err, ErrInput) {
			t.Errorf("Probabilities(%v) = %v, %v; want ErrInput", f, p, err)
		}
	}
	if err := c.Probabilities(p, []float64{1e300, -1e300, 0}); err != nil {
		t.Errorf("large finite decision values: %v", err)
	}
	c.Calibration.A[0][0] = 1e300
	c.Calibration.A[1][0] = 1e300
	if err := c.Probabilities(p, []float64{1e300, 0, 0}); !errors.Is(err, ErrOverflow) {
		t.Errorf("overflowing calibration: %v %v, want ErrOverflow", p, err)
	}
}

// A nil *Model is an error wrapping ErrInvalid, not a nil dereference; it has no nodes, no
// outputs, no about lines and no format version.
func TestNilModel(t *testing.T) {
	var m *Model
	var n, k, v int
	var about []string
	if err := nopanic.Call(func() error {
		n, k, v, about = m.Size(), m.Outputs(), m.FormatVersion(), m.About()
		return nil
	}); err != nil || n != 0 || k != 0 || v != 0 || about != nil {
		t.Errorf("nil model: Size %d, Outputs %d, FormatVersion %d, About %q, %v", n, k, v, about, err)
	}
	for name, call := range map[string]func() error{
		"Check":         m.Check,
		"Decision":      func() error { _, err := m.Decision([]float64{1}); return err },
		"DecisionTo":    func() error { return m.DecisionTo(nil, nil, nil) },
		"Decisions":     func() error { _, err := m.Decisions([][]float64{{1}}); return err },
		"Label":         func() error { _, err := m.Label([]float64{1}); return err },
		"Probabilities": func() error { return m.Probabilities([]float64{1, 0}, []float64{1}) },
		"Write":         func() error { return m.Write(io.Discard) },
	} {
		if err := nopanic.Call(call); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
}
