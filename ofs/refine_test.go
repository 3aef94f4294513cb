package ofs

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestCostGrad checks costGrad's value against cost and its gradient against central
// differences, on models of zero to three terms (with a bias) and several nodes.
func TestCostGrad(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n, m = 40, 3
	x, y := sample(rng, n, m, rng.NormFloat64, func(z []float64) float64 { return math.Sin(2 * z[0]) }, 0.3)
	for _, terms := range []int{0, 1, 3} {
		s := NewState(y, terms+3)
		s.SetBias(1e-6)
		c := &tunedCost{s: s, x: x, m: m, lambda: 0.1, g: make([]float64, n), alpha: make([]float64, terms+3)}
		for range terms {
			u := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), math.Log(0.5)}
			pp, py, ok := c.column(u, true)
			if !ok {
				t.Fatal("dependent column")
			}
			s.Add(c.g, append([]float64(nil), c.alpha[:s.Terms()]...), pp, py, 0.1)
		}
		for trial := range 4 {
			u := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), math.Log(0.2 + rng.Float64())}
			grad := make([]float64, len(u))
			f := c.costGrad(u, grad)
			if want := c.cost(u); math.Abs(f-want) > 1e-12*math.Abs(want) {
				t.Fatalf("terms %d trial %d: costGrad %v, cost %v", terms, trial, f, want)
			}
			for j := range u {
				const h = 1e-6
				up, dn := append([]float64(nil), u...), append([]float64(nil), u...)
				up[j] += h
				dn[j] -= h
				fd := (c.cost(up) - c.cost(dn)) / (2 * h)
				if math.Abs(fd-grad[j]) > 1e-5*(1+math.Abs(fd)) {
					t.Errorf("terms %d trial %d: d/du[%d] = %v, finite difference %v", terms, trial, j, grad[j], fd)
				}
			}
		}
	}
}

// TestRefine checks that refining a node never raises its stage cost and keeps it in the box.
func TestRefine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n, m = 60, 2
	x, y := sample(rng, n, m, func() float64 { return rng.Float64()*4 - 2 },
		func(z []float64) float64 { return math.Exp(-(z[0]*z[0] + z[1]*z[1]) / 0.5) }, 0.05)
	s := NewState(y, 2)
	s.SetBias(1e-6)
	c := &tunedCost{s: s, x: x, m: m, lambda: 0.1, g: make([]float64, n), alpha: make([]float64, 2)}
	lower, upper := []float64{-2.2, -2.2, math.Log(0.01)}, []float64{2.2, 2.2, math.Log(4)}
	for _, start := range [][]float64{{1, 1, 0}, {-1.5, 0.5, math.Log(0.1)}, {0.1, -0.1, math.Log(0.3)}} {
		before := c.cost(start)
		u, evals := c.refine(start, lower, upper, 30)
		after := c.cost(u)
		if after > before || evals < 1 {
			t.Errorf("start %v: cost %v -> %v (%d evaluations)", start, before, after, evals)
		}
		for j := range u {
			if u[j] < lower[j] || u[j] > upper[j] {
				t.Errorf("start %v: refined %v outside the box", start, u)
			}
		}
		if start[0] == 1 && after > 0.9*before {
			t.Errorf("start %v: refinement barely moved the cost (%v -> %v)", start, before, after)
		}
	}
}

// sample draws n points of m inputs by draw (row-major in x) and targets f(x) plus Gaussian
// noise of standard deviation noise, each point's inputs and then its noise from rng.
func sample(rng *rand.Rand, n, m int, draw func() float64, f func([]float64) float64, noise float64) (x, y []float64) {
	x, y = make([]float64, n*m), make([]float64, n)
	for k := range n {
		row := x[k*m : k*m+m]
		for j := range row {
			row[j] = draw()
		}
		y[k] = f(row) + noise*rng.NormFloat64()
	}
	return x, y
}
