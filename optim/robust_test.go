package optim

import (
	"errors"
	"math"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/nopanic"
)

// Bad problems and settings are errors before any evaluation, never a panic (in a worker, one
// that no caller could recover) nor initial points silently left out; odd but valid ones run.
func TestMinimizeRobust(t *testing.T) {
	sq := func(x []float64) float64 { return x[0] * x[0] }
	box := func() Problem { return Problem{Lower: []float64{-1}, Upper: []float64{1}, Func: sq} }
	nilFunc := func() func([]float64) float64 { return nil }
	tests := []struct {
		name string
		p    func() Problem
		m    Method
		s    Settings
		want error // nil: a run
	}{
		{"start of another dimension", func() Problem { p := box(); p.Start = [][]float64{{0.5, 2}}; return p }, PSO{}, Settings{}, ErrSetting},
		{"empty start point", func() Problem { p := box(); p.Start = [][]float64{{}}; return p }, CCA{}, Settings{}, ErrSetting},
		{"nan start", func() Problem { p := box(); p.Start = [][]float64{{math.NaN()}}; return p }, RWBS{}, Settings{}, ErrSetting},
		{"NewFunc returning nil", func() Problem { return Problem{Lower: []float64{-1}, Upper: []float64{1}, NewFunc: nilFunc} }, PSO{}, Settings{}, ErrNoFunc},
		{"NewFunc returning nil, workers", func() Problem { p := box(); p.NewFunc = nilFunc; return p }, PSO{}, Settings{Workers: 4}, nil},
		{"nil method", box, nil, Settings{}, ErrSetting},
		{"nan pso gamma", box, PSO{Gamma: math.NaN()}, Settings{}, ErrSetting},
		{"infinite pso gamma", box, PSO{Gamma: math.Inf(1)}, Settings{}, ErrSetting},
		{"nan rwbs tol", box, RWBS{Tol: math.NaN()}, Settings{}, ErrSetting},
		{"infinite rwbs tol", box, RWBS{Tol: math.Inf(1)}, Settings{}, ErrSetting},
		{"nan cca beta", box, CCA{Beta: math.NaN()}, Settings{}, ErrSetting},
		{"nan cca angle", box, CCA{MaxAngle: math.NaN()}, Settings{}, ErrSetting},
		{"infinite cca zeta", box, CCA{Zeta: math.Inf(1)}, Settings{}, ErrSetting},
		{"infinite cca coincide", box, CCA{Coincide: math.Inf(1)}, Settings{}, ErrSetting},
		{"infinite sa step", box, SA{Evaluations: 20, Step: math.Inf(1)}, Settings{}, ErrSetting},
		{"sa without budget", box, SA{}, Settings{}, ErrSetting},
		{"infinite start", func() Problem { p := box(); p.Start = [][]float64{{math.Inf(1)}}; return p }, CCA{}, Settings{}, nil},
		{"nan costs", func() Problem { p := box(); p.Func = func([]float64) float64 { return math.NaN() }; return p }, CCA{}, Settings{}, nil},
		{"huge box", func() Problem {
			return Problem{Lower: []float64{-math.MaxFloat64 / 4}, Upper: []float64{math.MaxFloat64 / 4}, Func: sq}
		}, SA{Evaluations: 30}, Settings{}, nil},
	}
	for _, tc := range tests {
		var r Result
		err := nopanic.Call(func() (err error) { r, err = Minimize(tc.p(), tc.m, tc.s); return err })
		switch {
		case tc.want == nil && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == nil && len(r.X) != 1:
			t.Errorf("%s: result %+v", tc.name, r)
		case tc.want != nil && !errors.Is(err, tc.want):
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}
