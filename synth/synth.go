// Package synth generates the data sets that sparsekernel ships with no files: a two-class
// problem in the manner of Ripley's synthetic set (for the demo, tests and scaling benchmarks)
// and the two test functions of Ren and Bai (2011). Every generator is deterministic in its
// seed.
package synth

import (
	"math"
	"math/rand/v2"
)

// Set is generated data: inputs X and targets Y (+1/-1 for a two-class set).
type Set struct {
	X [][]float64
	Y []float64
}

// ClassIndex returns the class indices (0 for -1, 1 for +1) of a two-class set's targets, as
// bench.Score takes them.
func (s Set) ClassIndex() []float64 {
	idx := make([]float64, len(s.Y))
	for i, v := range s.Y {
		if v > 0 {
			idx[i] = 1
		}
	}
	return idx
}

// Ripley draws n points of a two-class problem shaped like Ripley's synthetic set: each class
// is an equal mixture of two Gaussians with covariance 0.03 I in the plane, class +1 centred at
// (-0.7, 0.3) and (0.3, 0.3), class -1 at (-0.3, 0.7) and (0.4, 0.7). Classes are equally
// likely; the Bayes error is about 8 %.
func Ripley(n int, seed uint64) Set {
	rng := rand.New(rand.NewPCG(seed, 0x5249504c4559))
	centres := [2][2][2]float64{
		{{-0.3, 0.7}, {0.4, 0.7}}, // class -1
		{{-0.7, 0.3}, {0.3, 0.3}}, // class +1
	}
	sd := math.Sqrt(0.03)
	s := Set{X: make([][]float64, n), Y: make([]float64, n)}
	for i := range n {
		cls := i % 2 // balanced classes
		c := centres[cls][rng.IntN(2)]
		s.X[i] = []float64{c[0] + sd*rng.NormFloat64(), c[1] + sd*rng.NormFloat64()}
		s.Y[i] = float64(2*cls - 1)
	}
	rng.Shuffle(n, func(a, b int) { s.X[a], s.X[b] = s.X[b], s.X[a]; s.Y[a], s.Y[b] = s.Y[b], s.Y[a] })
	return s
}

// RipleyBayes returns the Bayes-optimal class (+1/-1) of x for the Ripley-style problem.
func RipleyBayes(x []float64) float64 {
	dens := func(cs [2][2]float64) float64 {
		var p float64
		for _, c := range cs {
			dx, dy := x[0]-c[0], x[1]-c[1]
			p += math.Exp(-(dx*dx + dy*dy) / (2 * 0.03))
		}
		return p
	}
	if dens([2][2]float64{{-0.7, 0.3}, {0.3, 0.3}}) > dens([2][2]float64{{-0.3, 0.7}, {0.4, 0.7}}) {
		return 1
	}
	return -1
}

// Piecewise is the one-dimensional test function of Ren and Bai (2011) on [-10, 10].
func Piecewise(x float64) float64 {
	switch {
	case x < -2:
		return -2.186*x - 12.864
	case x < 0:
		return 4.246 * x
	default:
		return 10 * math.Exp(-0.05*x-0.5) * math.Sin((0.03*x+0.7)*x)
	}
}

// Saddle is the two-dimensional test function (x1^2 - x2^2) sin(0.5 x1) of Ren and Bai (2011)
// on [-10, 10]^2.
func Saddle(x1, x2 float64) float64 { return (x1*x1 - x2*x2) * math.Sin(0.5*x1) }

// PiecewiseSet draws n inputs uniformly on [-10, 10] and returns Piecewise at them (noise-free;
// Ren and Bai do not describe their sampling).
func PiecewiseSet(n int, seed uint64) Set {
	rng := rand.New(rand.NewPCG(seed, 0x3144))
	s := Set{X: make([][]float64, n), Y: make([]float64, n)}
	for i := range n {
		x := -10 + 20*rng.Float64()
		s.X[i] = []float64{x}
		s.Y[i] = Piecewise(x)
	}
	return s
}

// SaddleGrid returns Saddle on a k x k grid spanning [-10, 10]^2 (Ren and Bai use 81 training
// and 1600 test points, taken here as 9x9 and 40x40 grids).
func SaddleGrid(k int) Set {
	s := Set{}
	for i := range k {
		for j := range k {
			x1 := -10 + 20*float64(i)/float64(k-1)
			x2 := -10 + 20*float64(j)/float64(k-1)
			s.X = append(s.X, []float64{x1, x2})
			s.Y = append(s.Y, Saddle(x1, x2))
		}
	}
	return s
}

// Sinc draws n noisy samples of a smooth m-dimensional regression function,
// y = sin(|x|)/|x| + noise*N(0,1), x uniform in [-5, 5]^m; for tests and scaling benchmarks.
func Sinc(n, m int, noise float64, seed uint64) Set {
	rng := rand.New(rand.NewPCG(seed, 0x53494e43))
	s := Set{X: make([][]float64, n), Y: make([]float64, n)}
	for i := range n {
		x := make([]float64, m)
		var r2 float64
		for j := range x {
			x[j] = -5 + 10*rng.Float64()
			r2 += x[j] * x[j]
		}
		r := math.Sqrt(r2)
		y := 1.0
		if r > 0 {
			y = math.Sin(r) / r
		}
		s.X[i] = x
		s.Y[i] = y + noise*rng.NormFloat64()
	}
	return s
}
