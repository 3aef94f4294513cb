// Package testfunc holds test problems for package optim with known global minima, in any
// dimension: Sphere, Rosenbrock, Rastrigin and Ackley. Each has the box on which it is usually
// searched.
package testfunc

import "math"

// Function is a cost with a box and a known global minimum.
type Function interface {
	// Func returns the cost at x; len(x) is the dimension.
	Func(x []float64) float64
	// Box returns the usual search box in dimension dim.
	Box(dim int) (lower, upper []float64)
	// Minimum returns the global minimiser and minimum in dimension dim.
	Minimum(dim int) (x []float64, f float64)
}

// Sphere is sum_j x_j^2 on [-5.12, 5.12]^d; its minimum 0 is at the origin, the box's centre.
type Sphere struct{}

// Func returns sum_j x_j^2.
func (Sphere) Func(x []float64) float64 {
	f := 0.0
	for _, v := range x {
		f += v * v
	}
	return f
}

// Box returns [-5.12, 5.12]^dim.
func (Sphere) Box(dim int) (lower, upper []float64) { return cube(dim, -5.12, 5.12) }

// Minimum returns the origin and 0.
func (Sphere) Minimum(dim int) ([]float64, float64) { return fill(dim, 0), 0 }

// Rosenbrock is the extended Rosenbrock function sum_{j<d-1} 100 (x_{j+1} - x_j^2)^2 + (1 - x_j)^2
// on [-5, 10]^d; its minimum 0 is at (1, ..., 1), at the bottom of a long curved valley. In one
// dimension it is 0.
type Rosenbrock struct{}

// Func returns the extended Rosenbrock function.
func (Rosenbrock) Func(x []float64) float64 {
	f := 0.0
	for j := 0; j+1 < len(x); j++ {
		a, b := x[j+1]-x[j]*x[j], 1-x[j]
		f += 100*a*a + b*b
	}
	return f
}

// Box returns [-5, 10]^dim.
func (Rosenbrock) Box(dim int) (lower, upper []float64) { return cube(dim, -5, 10) }

// Minimum returns (1, ..., 1) and 0.
func (Rosenbrock) Minimum(dim int) ([]float64, float64) { return fill(dim, 1), 0 }

// Rastrigin is 10 d + sum_j (x_j^2 - 10 cos(2 pi x_j)) on [-5.12, 5.12]^d: a sphere with about
// 10^d local minima on the integer lattice; the global minimum 0 is at the origin.
type Rastrigin struct{}

// Func returns the Rastrigin function.
func (Rastrigin) Func(x []float64) float64 {
	f := 10 * float64(len(x))
	for _, v := range x {
		f += v*v - 10*math.Cos(2*math.Pi*v)
	}
	return f
}

// Box returns [-5.12, 5.12]^dim.
func (Rastrigin) Box(dim int) (lower, upper []float64) { return cube(dim, -5.12, 5.12) }

// Minimum returns the origin and 0.
func (Rastrigin) Minimum(dim int) ([]float64, float64) { return fill(dim, 0), 0 }

// Ackley is -20 exp(-0.2 sqrt(mean x_j^2)) - exp(mean cos(2 pi x_j)) + 20 + e on
// [-32.768, 32.768]^d: nearly flat far out, with many local minima; the global minimum 0 is at
// the origin.
type Ackley struct{}

// Func returns the Ackley function.
func (Ackley) Func(x []float64) float64 {
	s2, sc := 0.0, 0.0
	for _, v := range x {
		s2 += v * v
		sc += math.Cos(2 * math.Pi * v)
	}
	n := float64(len(x))
	return -20*math.Exp(-0.2*math.Sqrt(s2/n)) - math.Exp(sc/n) + 20 + math.E
}

// Box returns [-32.768, 32.768]^dim.
func (Ackley) Box(dim int) (lower, upper []float64) { return cube(dim, -32.768, 32.768) }

// Minimum returns the origin and 0.
func (Ackley) Minimum(dim int) ([]float64, float64) { return fill(dim, 0), 0 }

func cube(dim int, lo, hi float64) (lower, upper []float64) {
	return fill(dim, lo), fill(dim, hi)
}

func fill(dim int, v float64) []float64 {
	x := make([]float64, dim)
	for j := range x {
		x[j] = v
	}
	return x
}
