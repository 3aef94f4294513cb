package smooth

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/optimize"
)

// TestProblem minimises a shifted quadratic through Problem and checks the minimiser, that the
// gradient is taken from the cache at a point just evaluated, and that the calls are counted.
func TestProblem(t *testing.T) {
	calls := 0
	fg := func(x, grad []float64) float64 {
		var f float64
		for i, v := range x {
			d := v - float64(i+1)
			f += d * d
			grad[i] = 2 * d
		}
		return f
	}
	p := Problem(fg, &calls)
	x := []float64{0, 0, 0}
	f := p.Func(x)
	g := make([]float64, 3)
	p.Grad(g, x)
	if f != 14 || g[0] != -2 || g[2] != -6 || calls != 1 {
		t.Errorf("at 0: f %v, grad %v, %d calls (want 14, [-2 -4 -6], 1)", f, g, calls)
	}
	p.Grad(g, []float64{1, 2, 3})
	if calls != 2 || g[0] != 0 {
		t.Errorf("gradient at a new point: %v after %d calls", g, calls)
	}
	res, err := optimize.Minimize(p, []float64{0, 0, 0}, nil, &optimize.LBFGS{})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range res.X {
		if math.Abs(v-float64(i+1)) > 1e-6 {
			t.Errorf("minimiser %v, want [1 2 3]", res.X)
		}
	}
	if Problem(fg, nil).Func(x) != 14 {
		t.Error("without a counter")
	}
}
