package testfunc

import (
	"fmt"
	"math"
	"testing"
)

func TestMinima(t *testing.T) {
	fns := []Function{Sphere{}, Rosenbrock{}, Rastrigin{}, Ackley{}}
	for _, f := range fns {
		for _, dim := range []int{1, 2, 5, 10, 60} {
			t.Run(fmt.Sprintf("%T/%d", f, dim), func(t *testing.T) {
				x, fMin := f.Minimum(dim)
				lower, upper := f.Box(dim)
				if len(x) != dim || len(lower) != dim || len(upper) != dim {
					t.Fatalf("lengths %d, %d, %d, want %d", len(x), len(lower), len(upper), dim)
				}
				for j := range x {
					if !(lower[j] <= x[j] && x[j] <= upper[j]) {
						t.Fatalf("minimiser %v outside the box", x)
					}
				}
				if got := f.Func(x); math.Abs(got-fMin) > 1e-15 {
					t.Errorf("f(minimiser) = %g, want %g", got, fMin)
				}
				if _, ok := f.(Rosenbrock); ok && dim == 1 {
					return // constant in one dimension
				}
				// A nearby point is worse.
				y := append([]float64(nil), x...)
				y[0] += 1e-3
				if !(f.Func(y) > fMin) {
					t.Errorf("f(minimiser + 1e-3 e_0) = %g, not above %g", f.Func(y), fMin)
				}
			})
		}
	}
}

func TestValues(t *testing.T) {
	tests := []struct {
		name string
		got  float64
		want float64
	}{
		{"sphere", Sphere{}.Func([]float64{1, -2, 3}), 14},
		{"rosenbrock at 0", Rosenbrock{}.Func(make([]float64, 5)), 4},
		{"rosenbrock 2-D", Rosenbrock{}.Func([]float64{-1, 2}), 100*1 + 4},
		{"rastrigin at an integer point", Rastrigin{}.Func([]float64{1, -2}), 5},
		{"rastrigin at half", Rastrigin{}.Func([]float64{0.5}), 10 + 0.25 + 10},
		{"ackley at e_0", Ackley{}.Func([]float64{1, 0}), -20*math.Exp(-0.2*math.Sqrt(0.5)) - math.E + 20 + math.E},
	}
	for _, tc := range tests {
		if math.Abs(tc.got-tc.want) > 1e-12 {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
