package dataset

import "math"

// Scaler standardises features: x_j -> (x_j - Mean_j) / Std_j. Fit it on training data
// only and store it with the model.
type Scaler struct {
	Mean, Std []float64
}

// FitScaler returns the per-feature mean and sample standard deviation (divisor n-1) of X.
// A constant feature (all values equal, or a single row) gets its value as Mean and Std = 1,
// so that it transforms to exactly 0 instead of dividing by zero or by rounding noise.
func FitScaler(X [][]float64) Scaler {
	if len(X) == 0 {
		return Scaler{}
	}
	n, m := len(X), len(X[0])
	s := Scaler{Mean: make([]float64, m), Std: make([]float64, m)}
	for j := range m {
		lo, hi, sum := X[0][j], X[0][j], 0.0
		for _, x := range X {
			v := x[j]
			sum += v
			lo, hi = min(lo, v), max(hi, v)
		}
		if lo == hi {
			s.Mean[j], s.Std[j] = lo, 1
			continue
		}
		mean := sum / float64(n)
		ss := 0.0
		for _, x := range X {
			d := x[j] - mean
			ss += d * d
		}
		s.Mean[j], s.Std[j] = mean, math.Sqrt(ss/float64(n-1))
	}
	return s
}

// Transform returns the standardised rows of X as new rows; X is not modified.
func (s Scaler) Transform(X [][]float64) [][]float64 {
	m := len(s.Mean)
	out := rows(make([]float64, len(X)*m), len(X), m)
	for i, x := range X {
		s.TransformRow(out[i], x)
	}
	return out
}

// TransformRow writes the standardised x into dst (which may be x). It panics if x or dst
// does not have len(s.Mean) elements.
func (s Scaler) TransformRow(dst, x []float64) {
	if len(x) != len(s.Mean) || len(dst) != len(s.Mean) {
		panic("dataset: Scaler.TransformRow: dimension mismatch")
	}
	for j, v := range x {
		dst[j] = (v - s.Mean[j]) / s.Std[j]
	}
}
