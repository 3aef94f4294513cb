package model

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

func TestPowerTransform(t *testing.T) {
	tests := []struct {
		u, lambda, want float64
	}{
		{0, 0.5, 0},
		{3, 0, math.Log(4)},
		{3, 0.5, (2 - 1) / 0.5},
		{3, 2, (16 - 1) / 2.0},
		{3, -1, (0.25 - 1) / -1},
		{-2, 0.5, -2}, // below the shift: the line of slope 1
		{-2, -1, -2},
	}
	for _, tc := range tests {
		if got := PowerTransform(tc.u, tc.lambda); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("PowerTransform(%v, %v) = %v, want %v", tc.u, tc.lambda, got, tc.want)
		}
	}
	for _, l := range []float64{-2, 0, 0.5, 1, 3} { // monotone, slope 1 at 0
		prev := math.Inf(-1)
		for u := -3.0; u < 10; u += 0.25 {
			v := PowerTransform(u, l)
			if v <= prev {
				t.Errorf("lambda %v: not increasing at u = %v", l, u)
			}
			prev = v
		}
		if d := (PowerTransform(1e-7, l) - PowerTransform(-1e-7, l)) / 2e-7; math.Abs(d-1) > 1e-5 {
			t.Errorf("lambda %v: slope %v at 0, want 1", l, d)
		}
	}
}

// powerModel is validModel with its first input power-transformed.
func powerModel() *Model {
	m := validModel()
	m.Scaling.Power = &Power{Shift: []float64{-1, 0}, Scale: []float64{2, 1}, Lambda: []float64{0, 1}}
	return m
}

func TestDecisionPower(t *testing.T) {
	m, plain := powerModel(), validModel()
	for _, x := range [][]float64{{3, 2.5}, {-4, 1}, {100, 0}} {
		// the same model on the transformed input: t_1 = ln((x_1 + 1)/2 + 1) for x_1 >= -1
		u := (x[0] + 1) / 2
		tx := []float64{u, x[1]}
		if u >= 0 {
			tx[0] = math.Log1p(u)
		}
		got, err := m.Decision(x)
		want, err2 := plain.Decision(tx)
		if err != nil || err2 != nil || math.Abs(got[0]-want[0]) > 1e-12 {
			t.Errorf("Decision(%v) = %v, %v; want %v, %v", x, got, err, want, err2)
		}
	}
}

func TestPowerFile(t *testing.T) {
	m := powerModel()
	var b bytes.Buffer
	if err := m.Write(&b); err != nil {
		t.Fatal(err)
	}
	file := b.String()
	if !strings.Contains(file, `"version": 6`) {
		t.Errorf("a model with a power transform written as %.80q, want version 6", file)
	}
	r, err := Read(strings.NewReader(file), "power")
	if err != nil || r.Scaling.Power == nil || r.Scaling.Power.Lambda[0] != 0 || r.Scaling.Power.Shift[0] != -1 {
		t.Fatalf("read back: %v, %+v", err, r.Scaling.Power)
	}
	old := strings.Replace(file, `"version": 6`, `"version": 5`, 1)
	if _, err := Read(strings.NewReader(old), "old"); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "needs version 6") {
		t.Errorf("a version 5 file with a power transform: %v, want an error naming version 6", err)
	}
	var plain bytes.Buffer
	if err := validModel().Write(&plain); err != nil || !strings.Contains(plain.String(), `"version": 2`) {
		t.Errorf("a model without a power transform: %v, %.80q, want version 2", err, plain.String())
	}
	tests := []struct {
		name   string
		mutate func(p *Power)
		want   string
	}{
		{"lengths", func(p *Power) { p.Lambda = p.Lambda[:1] }, "2 shifts, 2 scales and 1 powers for 2 inputs"},
		{"zero scale", func(p *Power) { p.Scale[1] = 0 }, "power transform of input 2"},
		{"nan power", func(p *Power) { p.Lambda[0] = math.NaN() }, "power transform of input 1"},
		{"inf shift", func(p *Power) { p.Shift[0] = math.Inf(1) }, "power transform of input 1"},
	}
	for _, tc := range tests {
		m := powerModel()
		tc.mutate(m.Scaling.Power)
		if err := m.Check(); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrInvalid mentioning %q", tc.name, err, tc.want)
		}
		if _, err := m.Decision([]float64{1, 2}); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Decision: %v, want ErrInvalid", tc.name, err)
		}
	}
}

func TestPowerInvert(t *testing.T) {
	p := &Power{Shift: []float64{-1, 2, 0, 5}, Scale: []float64{2, 0.5, 1, 3}, Lambda: []float64{0, -1.5, 1, 2.5}}
	for j := range p.Lambda {
		for _, x := range []float64{-3, -1, 0, 0.7, 2, 5, 40} {
			if got := p.Invert(j, p.Apply(j, x)); math.Abs(got-x) > 1e-9*math.Max(1, math.Abs(x)) {
				t.Errorf("input %d: Invert(Apply(%v)) = %v", j+1, x, got)
			}
		}
	}
	if got := p.Invert(1, 1/1.5); !math.IsInf(got, 1) { // the bound of a negative power
		t.Errorf("Invert at the bound: %v, want +Inf", got)
	}
	m := powerModel()
	z := make([]float64, 2)
	m.Standardise(z, []float64{3, 2.5})
	if a, b := m.Raw(0, z[0]), m.Raw(1, z[1]); math.Abs(a-3) > 1e-12 || math.Abs(b-2.5) > 1e-12 {
		t.Errorf("Raw(Standardise(3, 2.5)) = %v, %v", a, b)
	}
}
