package model

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// fillModel is trendModel (a regressor with a linear node, a range and a trend) with values
// that fill its missing inputs.
func fillModel() *Model {
	m := trendModel()
	m.Scaling.Fill = make([]float64, m.Inputs)
	for j := range m.Scaling.Fill {
		m.Scaling.Fill[j] = 0.5 + float64(j)
	}
	return m
}

func TestDecisionFill(t *testing.T) {
	nan := math.NaN()
	for _, m := range []*Model{fillModel(), func() *Model { m := threeClass(); m.Scaling.Fill = []float64{-1, 4}; return m }()} {
		x := make([]float64, m.Inputs)
		for j := range x {
			x[j] = 2 - 1.5*float64(j)
		}
		for miss := range 1 << m.Inputs { // every subset of the inputs missing
			in, want := make([]float64, m.Inputs), make([]float64, m.Inputs)
			for j := range in {
				in[j], want[j] = x[j], x[j]
				if miss>>j&1 == 1 {
					in[j], want[j] = nan, m.Scaling.Fill[j]
				}
			}
			got, err := m.Decision(in)
			exp, err2 := m.Decision(want)
			if err != nil || err2 != nil || !slices.Equal(got, exp) {
				t.Errorf("%s, Decision(%v) = %v, %v; want Decision(%v) = %v, %v", m.Task, in, got, err, want, exp, err2)
			}
			for j := range in {
				if miss>>j&1 == 1 && !math.IsNaN(in[j]) {
					t.Errorf("Decision changed its input %d: %v", j+1, in)
				}
			}
			if m.Task == Regression {
				lo, hi, err := m.Bounds(in)
				lo2, hi2, err2 := m.Bounds(want)
				tr, err3 := m.LinearTerms(in)
				tr2, err4 := m.LinearTerms(want)
				if err != nil || err2 != nil || err3 != nil || err4 != nil || lo != lo2 || hi != hi2 || tr != tr2 {
					t.Errorf("Bounds and LinearTerms of %v differ from those of %v: %v %v %v, %v %v %v", in, want, lo, hi, tr, lo2, hi2, tr2)
				}
			}
		}
		// An infinite input is refused with or without missing values beside it.
		for _, k := range []int{0, m.Inputs - 1} {
			in := make([]float64, m.Inputs)
			for j := range in {
				in[j] = nan
			}
			in[k] = math.Inf(1 - 2*k)
			if _, err := m.Decision(in); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "Inf") {
				t.Errorf("Decision(%v) = %v, want ErrInput naming the infinite input", in, err)
			}
		}
	}
	// Without Fill a missing input is refused, saying so.
	m := validModel()
	if _, err := m.Decision([]float64{1, nan}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "input 2 is missing") {
		t.Errorf("a model without fill: %v, want ErrInput naming the missing input", err)
	}
}

func TestFillFile(t *testing.T) {
	m := fillModel()
	var b bytes.Buffer
	if err := m.Write(&b); err != nil {
		t.Fatal(err)
	}
	file := b.String()
	if !strings.Contains(file, `"version": 7`) || !strings.Contains(file, "scaling.fill[j]") {
		t.Errorf("a model with fill values written as %.200q, want version 7 and an about line", file)
	}
	r, err := Read(strings.NewReader(file), "fill")
	if err != nil || !slices.Equal(r.Scaling.Fill, m.Scaling.Fill) {
		t.Fatalf("read back: %v, %v; want %v", err, r.Scaling.Fill, m.Scaling.Fill)
	}
	old := strings.Replace(file, `"version": 7`, `"version": 6`, 1)
	if _, err := Read(strings.NewReader(old), "old"); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "need version 7") {
		t.Errorf("a version 6 file with fill values: %v, want an error naming version 7", err)
	}
	tests := []struct {
		name   string
		mutate func(m *Model)
		want   string
	}{
		{"long", func(m *Model) { m.Scaling.Fill = append(m.Scaling.Fill, 1) }, "fill has 2 values for 1 inputs"},
		{"empty", func(m *Model) { m.Scaling.Fill = []float64{} }, "fill has 0 values for"},
		{"nan", func(m *Model) { m.Scaling.Fill[0] = math.NaN() }, "fill of input 1 is NaN"},
		{"inf", func(m *Model) { m.Scaling.Fill[0] = math.Inf(-1) }, "fill of input 1 is -Inf"},
	}
	for _, tc := range tests {
		m := fillModel()
		tc.mutate(m)
		if err := m.Check(); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrInvalid mentioning %q", tc.name, err, tc.want)
		}
		if _, err := m.Decision(make([]float64, m.Inputs)); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Decision: %v, want ErrInvalid", tc.name, err)
		}
		if err := m.DecisionTo(make([]float64, 1), make([]float64, m.Inputs), make([]float64, m.Inputs)); !errors.Is(err, ErrInvalid) && tc.name != "nan" && tc.name != "inf" {
			t.Errorf("%s: DecisionTo: %v, want ErrInvalid", tc.name, err)
		}
	}
}
