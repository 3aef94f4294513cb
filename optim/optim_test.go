package optim

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/sparsekernel/sparsekernel/optim/testfunc"
)

// offCentre is the sphere searched on [-2, 8]^d, so that its minimiser is not the centre of the
// box (which favours methods that average points, like RWBS's weighted combination).
type offCentre struct{ testfunc.Sphere }

func (offCentre) Box(dim int) (lower, upper []float64) {
	lower, upper = make([]float64, dim), make([]float64, dim)
	for j := range lower {
		lower[j], upper[j] = -2, 8
	}
	return lower, upper
}

// want bounds the median and the worst cost found over seeds 1..5.
type want struct{ median, worst float64 }

// TestMethodsOnTestFunctions runs every method on every test function in 2, 5 and 10
// dimensions over seeds 1..5 and checks the median and the worst cost reached against the
// tolerances written in the table: they are what each method achieves (rounded up), not what
// one would like. The published settings are used where they are sensible, with a larger budget
// beside them. Run with -v to see what each achieves.
func TestMethodsOnTestFunctions(t *testing.T) {
	var (
		sphere     = testfunc.Sphere{}
		offcentre  = offCentre{}
		rosenbrock = testfunc.Rosenbrock{}
		rastrigin  = testfunc.Rastrigin{}
		ackley     = testfunc.Ackley{}
	)
	tests := []struct {
		name string
		m    Method
		fn   testfunc.Function
		want [3]want // in 2, 5 and 10 dimensions
	}{
		{"PSO S=10 I=20 (Chen, Hong and Harris 2010)", PSO{}, sphere, [3]want{{5e-6, 5e-5}, {1e-2, 5e-2}, {2, 5}}},
		{"PSO S=10 I=20 (Chen, Hong and Harris 2010)", PSO{}, offcentre, [3]want{{2e-5, 5e-5}, {5e-2, 2e-1}, {10, 10}}},
		{"PSO S=10 I=20 (Chen, Hong and Harris 2010)", PSO{}, rosenbrock, [3]want{{1e-1, 5}, {50, 1000}, {1000, 5000}}},
		{"PSO S=10 I=20 (Chen, Hong and Harris 2010)", PSO{}, rastrigin, [3]want{{2, 5}, {20, 50}, {100, 100}}},
		{"PSO S=10 I=20 (Chen, Hong and Harris 2010)", PSO{}, ackley, [3]want{{5e-2, 2e-1}, {5, 10}, {20, 50}}},
		{"PSO S=20 I=200", PSO{Swarm: 20, Iterations: 200}, sphere, [3]want{{1e-12, 1e-12}, {1e-12, 1e-12}, {2e-2, 2e-2}}},
		{"PSO S=20 I=200", PSO{Swarm: 20, Iterations: 200}, offcentre, [3]want{{1e-12, 1e-12}, {1e-12, 1e-12}, {5e-1, 5}}},
		{"PSO S=20 I=200", PSO{Swarm: 20, Iterations: 200}, rosenbrock, [3]want{{5e-10, 1e-8}, {2, 10}, {500, 500}}},
		{"PSO S=20 I=200", PSO{Swarm: 20, Iterations: 200}, rastrigin, [3]want{{1e-12, 1e-12}, {5, 10}, {10, 50}}},
		{"PSO S=20 I=200", PSO{Swarm: 20, Iterations: 200}, ackley, [3]want{{1e-12, 1e-12}, {1e-12, 5e-12}, {10, 20}}},
		{"RWBS Ps=7 Mi=400 Ng=11 (Chen, Hong, Luk and Harris 2009)", RWBS{}, sphere, [3]want{{5e-12, 2e-8}, {1e-2, 5e-2}, {5e-1, 1}}},
		{"RWBS Ps=7 Mi=400 Ng=11 (Chen, Hong, Luk and Harris 2009)", RWBS{}, offcentre, [3]want{{1e-12, 2e-9}, {1e-1, 5e-1}, {5, 20}}},
		{"RWBS Ps=7 Mi=400 Ng=11 (Chen, Hong, Luk and Harris 2009)", RWBS{}, rosenbrock, [3]want{{5e-1, 2}, {50, 200}, {500, 1000}}},
		{"RWBS Ps=7 Mi=400 Ng=11 (Chen, Hong, Luk and Harris 2009)", RWBS{}, rastrigin, [3]want{{5e-6, 5e-1}, {10, 10}, {100, 100}}},
		{"RWBS Ps=7 Mi=400 Ng=11 (Chen, Hong, Luk and Harris 2009)", RWBS{}, ackley, [3]want{{5e-5, 1e-4}, {5, 5}, {10, 20}}},
		{"RWBS Ps=20 Mi=400 Ng=20", RWBS{Population: 20, Generations: 20}, sphere, [3]want{{1e-12, 1e-12}, {5e-6, 2e-4}, {1e-1, 1e-1}}},
		{"RWBS Ps=20 Mi=400 Ng=20", RWBS{Population: 20, Generations: 20}, offcentre, [3]want{{1e-12, 1e-12}, {5e-5, 2e-3}, {5e-2, 2e-1}}},
		{"RWBS Ps=20 Mi=400 Ng=20", RWBS{Population: 20, Generations: 20}, rosenbrock, [3]want{{1e-2, 1e-1}, {5, 50}, {500, 1000}}},
		{"RWBS Ps=20 Mi=400 Ng=20", RWBS{Population: 20, Generations: 20}, rastrigin, [3]want{{1e-11, 2}, {5, 10}, {20, 20}}},
		{"RWBS Ps=20 Mi=400 Ng=20", RWBS{Population: 20, Generations: 20}, ackley, [3]want{{1e-9, 2e-7}, {5e-1, 5}, {5, 10}}},
		{"CCA defaults", CCA{}, sphere, [3]want{{1e-12, 1e-12}, {1e-7, 2e-7}, {2e-6, 2e-6}}},
		{"CCA defaults", CCA{}, offcentre, [3]want{{1e-12, 1e-12}, {5e-8, 5e-7}, {1e-6, 1e-5}}},
		{"CCA defaults", CCA{}, rosenbrock, [3]want{{5e-2, 1}, {5, 20}, {20, 200}}},
		{"CCA defaults", CCA{}, rastrigin, [3]want{{2e-9, 5}, {50, 50}, {50, 100}}},
		{"CCA defaults", CCA{}, ackley, [3]want{{1e-7, 2e-5}, {5, 20}, {10, 20}}},
		{"SA 1000", SA{Evaluations: 1000}, sphere, [3]want{{1e-7, 5e-7}, {5e-5, 1e-4}, {2e-4, 5e-4}}},
		{"SA 1000", SA{Evaluations: 1000}, offcentre, [3]want{{5e-7, 5e-6}, {2e-4, 1e-3}, {5e-3, 1}}},
		{"SA 1000", SA{Evaluations: 1000}, rosenbrock, [3]want{{1, 5}, {500, 2000}, {5000, 5000}}},
		{"SA 1000", SA{Evaluations: 1000}, rastrigin, [3]want{{5, 20}, {50, 50}, {100, 200}}},
		{"SA 1000", SA{Evaluations: 1000}, ackley, [3]want{{5e-3, 1e-2}, {2e-2, 5}, {5, 5}}},
		{"SA 10000", SA{Evaluations: 10000}, sphere, [3]want{{2e-8, 1e-7}, {5e-6, 2e-5}, {5e-5, 5e-5}}},
		{"SA 10000", SA{Evaluations: 10000}, offcentre, [3]want{{1e-7, 2e-7}, {1e-5, 5e-5}, {2e-4, 2e-4}}},
		{"SA 10000", SA{Evaluations: 10000}, rosenbrock, [3]want{{2e-1, 5e-1}, {50, 500}, {500, 1000}}},
		{"SA 10000", SA{Evaluations: 10000}, rastrigin, [3]want{{1, 2}, {10, 20}, {100, 200}}},
		{"SA 10000", SA{Evaluations: 10000}, ackley, [3]want{{5e-3, 5e-3}, {2e-2, 2e-2}, {5e-2, 5e-2}}},
	}
	for _, tc := range tests {
		for k, dim := range []int{2, 5, 10} {
			name := fmt.Sprintf("%s/%T/%dD", tc.name, tc.fn, dim)
			t.Run(name, func(t *testing.T) {
				lower, upper := tc.fn.Box(dim)
				_, fMin := tc.fn.Minimum(dim)
				var excess []float64
				for seed := uint64(1); seed <= 5; seed++ {
					res, err := Minimize(Problem{Lower: lower, Upper: upper, Func: tc.fn.Func}, tc.m, Settings{Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					excess = append(excess, res.F-fMin)
				}
				slices.Sort(excess)
				median, worst := excess[len(excess)/2], excess[len(excess)-1]
				t.Logf("f - f*: median %.2g, worst %.2g", median, worst)
				if median > tc.want[k].median || worst > tc.want[k].worst {
					t.Errorf("f - f* over 5 seeds: median %.3g (want <= %g), worst %.3g (want <= %g)",
						median, tc.want[k].median, worst, tc.want[k].worst)
				}
			})
		}
	}
}

// methods are the methods of the package with small budgets, for the property tests.
var methods = []struct {
	name string
	m    Method
}{
	{"PSO", PSO{Swarm: 9, Iterations: 7}},
	{"RWBS", RWBS{Population: 5, Generations: 3, Inner: 20}},
	{"RWBS-Tol", RWBS{Population: 5, Generations: 3, Inner: 200, Tol: 1e-3}},
	{"CCA", CCA{MaxDecades: 30}},
	{"SA", SA{Evaluations: 150}},
}

func rastriginProblem(dim int) Problem {
	f := testfunc.Rastrigin{}
	lower, upper := f.Box(dim)
	return Problem{Lower: lower, Upper: upper, Func: f.Func, NewFunc: func() func([]float64) float64 { return f.Func }}
}

func sameResult(a, b Result) bool {
	if math.Float64bits(a.F) != math.Float64bits(b.F) || a.Evaluations != b.Evaluations ||
		a.Iterations != b.Iterations || len(a.X) != len(b.X) {
		return false
	}
	for j := range a.X {
		if math.Float64bits(a.X[j]) != math.Float64bits(b.X[j]) {
			return false
		}
	}
	return true
}

// TestDeterminism checks that a seed fixes the Result bit for bit, whatever the number of
// workers, and that different seeds give different runs.
func TestDeterminism(t *testing.T) {
	p := rastriginProblem(5)
	for _, tc := range methods {
		t.Run(tc.name, func(t *testing.T) {
			ref, err := Minimize(p, tc.m, Settings{Seed: 42})
			if err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{0, 1, 2, 7} {
				res, err := Minimize(p, tc.m, Settings{Seed: 42, Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				if !sameResult(res, ref) {
					t.Errorf("Workers %d: %+v, want %+v", workers, res, ref)
				}
			}
			other, err := Minimize(p, tc.m, Settings{Seed: 43})
			if err != nil {
				t.Fatal(err)
			}
			if slices.Equal(other.X, ref.X) {
				t.Errorf("seeds 42 and 43 both gave X = %v", ref.X)
			}
		})
	}
}

// boxChecker wraps a cost: it counts evaluations and records any point outside the box or any
// change of a fixed coordinate. Its functions may run in parallel.
type boxChecker struct {
	lower, upper []float64
	f            func([]float64) float64
	mu           sync.Mutex
	evaluations  int
	outside      []float64 // the first point outside the box
}

func (c *boxChecker) newFunc() func([]float64) float64 {
	return func(x []float64) float64 {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.evaluations++
		for j, v := range x {
			if !(v >= c.lower[j] && v <= c.upper[j]) && c.outside == nil {
				c.outside = slices.Clone(x)
			}
		}
		return c.f(x)
	}
}

// TestEvaluationsAndBox checks every method's evaluation count against the count of calls of
// the cost, the counts the methods promise, and that every evaluated point lies in the box,
// whose second dimension is fixed (Lower == Upper).
func TestEvaluationsAndBox(t *testing.T) {
	tests := []struct {
		name        string
		m           Method
		evaluations int // 0: not known in advance
	}{
		{"PSO defaults", PSO{}, 10 * (20 + 1)},
		{"PSO S=13 I=4", PSO{Swarm: 13, Iterations: 4}, 13 * (4 + 1)},
		{"RWBS Ps=7 Mi=40 Ng=3", RWBS{Inner: 40, Generations: 3}, 3*(7+2*40) - (3 - 1)},
		{"RWBS Ps=21 Mi=200 Ng=11 (Boston: 4,621)", RWBS{Population: 21, Inner: 200}, 4621},
		{"RWBS Ps=7 Mi=400 Ng=11 (Ripley)", RWBS{}, 11*(7+2*400) - 10},
		{"RWBS with Tol", RWBS{Tol: 1e-2}, 0},
		{"CCA", CCA{}, 0},
		{"SA 1", SA{Evaluations: 1}, 1},
		{"SA 777", SA{Evaluations: 777}, 777},
	}
	f := testfunc.Rastrigin{}
	lower, upper := f.Box(4)
	lower[1], upper[1] = 0.7, 0.7 // a fixed dimension
	for _, tc := range tests {
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/workers=%d", tc.name, workers), func(t *testing.T) {
				c := &boxChecker{lower: lower, upper: upper, f: f.Func}
				p := Problem{Lower: lower, Upper: upper, Func: c.newFunc(), NewFunc: c.newFunc}
				res, err := Minimize(p, tc.m, Settings{Seed: 7, Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				if res.Evaluations != c.evaluations {
					t.Errorf("Result.Evaluations = %d, but the cost was called %d times", res.Evaluations, c.evaluations)
				}
				if tc.evaluations > 0 && res.Evaluations != tc.evaluations {
					t.Errorf("Result.Evaluations = %d, want %d", res.Evaluations, tc.evaluations)
				}
				if c.outside != nil {
					t.Errorf("evaluated %v, outside the box [%v, %v]", c.outside, lower, upper)
				}
				if res.X[1] != 0.7 {
					t.Errorf("fixed coordinate moved: X = %v", res.X)
				}
				if got := f.Func(res.X); got != res.F {
					t.Errorf("Result.F = %v, but f(Result.X) = %v", res.F, got)
				}
			})
		}
	}
}

// TestRWBSTol checks that the convergence test saves evaluations and still finds the minimum.
func TestRWBSTol(t *testing.T) {
	f := testfunc.Sphere{}
	lower, upper := f.Box(2)
	p := Problem{Lower: lower, Upper: upper, Func: f.Func}
	full, err := Minimize(p, RWBS{}, Settings{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	early, err := Minimize(p, RWBS{Tol: 1e-6}, Settings{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if early.Evaluations >= full.Evaluations/2 || early.F > 1e-8 {
		t.Errorf("Tol 1e-6: %d evaluations, F = %g; without: %d evaluations, F = %g",
			early.Evaluations, early.F, full.Evaluations, full.F)
	}
}

// TestCCAStops checks that the CCA's stop rule (one empire left, its colonies coinciding with
// it) fires before the decade cap on the 2-D sphere.
func TestCCAStops(t *testing.T) {
	f := testfunc.Sphere{}
	lower, upper := f.Box(2)
	res, err := Minimize(Problem{Lower: lower, Upper: upper, Func: f.Func}, CCA{}, Settings{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations >= 100 || res.F > 1e-12 {
		t.Errorf("%d decades, F = %g: want the stop rule before 100 decades and F <= 1e-12", res.Iterations, res.F)
	}
}

// TestAwkwardCosts runs every method on a constant cost, a cost that is NaN on half the box
// and a negative cost.
func TestAwkwardCosts(t *testing.T) {
	costs := []struct {
		name  string
		f     func([]float64) float64
		check func(Result) bool
	}{
		{"constant", func([]float64) float64 { return 3 }, func(r Result) bool { return r.F == 3 }},
		{"zero", func([]float64) float64 { return 0 }, func(r Result) bool { return r.F == 0 }},
		{"NaN for x0 > 0", func(x []float64) float64 {
			if x[0] > 0 {
				return math.NaN()
			}
			return x[1] * x[1]
		}, func(r Result) bool { return r.X[0] <= 0 && r.F < 0.01 }},
		{"negative", func(x []float64) float64 { return testfunc.Sphere{}.Func(x) - 5 },
			func(r Result) bool { return r.F < -4.9 }},
	}
	for _, c := range costs {
		for _, tc := range methods {
			t.Run(c.name+"/"+tc.name, func(t *testing.T) {
				p := Problem{Lower: []float64{-1, -1}, Upper: []float64{1, 1}, Func: c.f}
				res, err := Minimize(p, tc.m, Settings{Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				if !c.check(res) {
					t.Errorf("Result %+v", res)
				}
			})
		}
	}
}

// TestInvalid checks that invalid problems, settings and methods are refused before any
// evaluation, with errors that errors.Is recognises.
func TestInvalid(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	box := []float64{0, 0}
	tests := []struct {
		name         string
		lower, upper []float64
		noFunc       bool
		m            Method
		s            Settings
		want         error
		dim          int // for ErrBound: the dimension reported
	}{
		{"no cost", box, []float64{1, 1}, true, PSO{}, Settings{}, ErrNoFunc, 0},
		{"lengths", []float64{0, 0}, []float64{1}, false, PSO{}, Settings{}, ErrDimensionMismatch, 0},
		{"empty", nil, nil, false, PSO{}, Settings{}, ErrEmptyBox, 0},
		{"lower > upper", []float64{0, 2}, []float64{1, 1}, false, PSO{}, Settings{}, ErrBound, 1},
		{"NaN bound", []float64{0, 0, nan}, []float64{1, 1, 1}, false, PSO{}, Settings{}, ErrBound, 2},
		{"infinite bound", []float64{0, 0}, []float64{inf, 1}, false, PSO{}, Settings{}, ErrBound, 0},
		{"infinite bounds", []float64{0, -inf}, []float64{1, inf}, false, PSO{}, Settings{}, ErrBound, 1},
		{"fixed at infinity", []float64{0, -inf}, []float64{1, -inf}, false, PSO{}, Settings{}, ErrBound, 1},
		{"width overflows", []float64{-1e308, 0}, []float64{1e308, 1}, false, PSO{}, Settings{}, ErrBound, 0},
		{"negative workers", box, []float64{1, 1}, false, PSO{}, Settings{Workers: -1}, ErrSetting, 0},
		{"nil method", box, []float64{1, 1}, false, nil, Settings{}, ErrSetting, 0},
		{"PSO swarm", box, []float64{1, 1}, false, PSO{Swarm: -1}, Settings{}, ErrSetting, 0},
		{"PSO gamma", box, []float64{1, 1}, false, PSO{Gamma: -0.1}, Settings{}, ErrSetting, 0},
		{"RWBS population 1", box, []float64{1, 1}, false, RWBS{Population: 1}, Settings{}, ErrSetting, 0},
		{"RWBS tol", box, []float64{1, 1}, false, RWBS{Tol: nan}, Settings{}, ErrSetting, 0},
		{"CCA imperialists", box, []float64{1, 1}, false, CCA{Countries: 5, Imperialists: 5}, Settings{}, ErrSetting, 0},
		{"CCA revolution", box, []float64{1, 1}, false, CCA{Revolution: 1.5}, Settings{}, ErrSetting, 0},
		{"CCA decay", box, []float64{1, 1}, false, CCA{RevolutionDecay: -1}, Settings{}, ErrSetting, 0},
		{"SA no budget", box, []float64{1, 1}, false, SA{}, Settings{}, ErrSetting, 0},
		{"SA cooling", box, []float64{1, 1}, false, SA{Evaluations: 10, Cooling: 2}, Settings{}, ErrSetting, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			p := Problem{Lower: tc.lower, Upper: tc.upper}
			if !tc.noFunc {
				p.Func = func([]float64) float64 { calls++; return 0 }
			}
			_, err := Minimize(p, tc.m, tc.s)
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if calls != 0 {
				t.Errorf("%d evaluations before the error", calls)
			}
			if tc.want == ErrBound {
				var be *BoundError
				if !errors.As(err, &be) || be.Dim != tc.dim {
					t.Errorf("error %v: want a *BoundError for dimension %d", err, tc.dim)
				}
			}
		})
	}
}

func TestBoost(t *testing.T) {
	tests := []struct {
		name     string
		J, delta []float64
		want     []float64
	}{
		// Jbar = (1, 2, 3)/6, xi = 1/3, beta = 1/2: delta_i ∝ 2^(-Jbar_i)
		{"beta < 1", []float64{1, 2, 3}, []float64{1. / 3, 1. / 3, 1. / 3}, normalised(
			math.Pow(0.5, 1./6), math.Pow(0.5, 2./6), math.Pow(0.5, 3./6))},
		// Jbar = (0.1, 0.9), xi = 0.82, beta = 0.82/0.18 > 1: delta_i *= beta^(1 - Jbar_i)
		{"beta > 1", []float64{1, 9}, []float64{0.1, 0.9}, normalised(
			0.1*math.Pow(0.82/0.18, 0.9), 0.9*math.Pow(0.82/0.18, 0.1))},
		{"all equal", []float64{2, 2, 2}, []float64{0.2, 0.3, 0.5}, []float64{0.2, 0.3, 0.5}},
		{"all zero", []float64{0, 0}, []float64{0.4, 0.6}, []float64{0.4, 0.6}},
		// shifted by +1: as if J = (0, 2, 4); xi = 1/3, beta = 1/2
		{"negative", []float64{-1, 1, 3}, []float64{1. / 3, 1. / 3, 1. / 3}, normalised(
			1, math.Pow(0.5, 1./3), math.Pow(0.5, 2./3))},
		// +Inf counts as the largest finite cost, 3: as if J = (1, 3, 3); xi = 2/7, beta = 0.4
		{"infinite", []float64{1, 3, math.Inf(1)}, []float64{0.5, 0.25, 0.25}, normalised(
			0.5*math.Pow(0.4, 1./7), 0.25*math.Pow(0.4, 3./7), 0.25*math.Pow(0.4, 3./7))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			delta := slices.Clone(tc.delta)
			boost(delta, tc.J, make([]float64, len(tc.J)))
			for i := range delta {
				if math.Abs(delta[i]-tc.want[i]) > 1e-14 {
					t.Fatalf("delta = %v, want %v", delta, tc.want)
				}
			}
		})
	}
}

func normalised(v ...float64) []float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	for i := range v {
		v[i] /= s
	}
	return v
}

func TestNormalisedPowerAndApportion(t *testing.T) {
	tests := []struct {
		name   string
		c      []float64
		power  []float64
		n      int
		counts []int
	}{
		{"1.3 max c - c", []float64{1, 2, 4}, []float64{4.2, 3.2, 1.2}, 15, []int{7, 6, 2}},
		{"negative costs: 0.7 max c - c", []float64{-4, -2}, []float64{2.6, 0.6}, 4, []int{3, 1}},
		{"all zero", []float64{0, 0, 0}, []float64{1, 1, 1}, 4, []int{2, 1, 1}},
		{"infinite", []float64{1, math.Inf(1)}, []float64{0.3, 0}, 3, []int{3, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := make([]float64, len(tc.c))
			normalisedPower(p, tc.c)
			for i := range p {
				if math.Abs(p[i]-tc.power[i]) > 1e-15 {
					t.Fatalf("power %v, want %v", p, tc.power)
				}
			}
			if got := apportion(p, tc.n); !slices.Equal(got, tc.counts) {
				t.Errorf("apportion(%v, %d) = %v, want %v", p, tc.n, got, tc.counts)
			}
		})
	}
}

func TestSpread(t *testing.T) {
	tests := []struct {
		f    []float64
		want float64
	}{
		{[]float64{1, 3}, math.Sqrt2},
		{[]float64{2, 2, math.Inf(1)}, 2},
		{[]float64{0, 0}, 1},
		{[]float64{math.Inf(1)}, 1},
	}
	for _, tc := range tests {
		if got := spread(tc.f); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("spread(%v) = %v, want %v", tc.f, got, tc.want)
		}
	}
}
