// Package paired compares two models point by point: the paired standard-error test of the
// default's size rule, pruning choice and several-class labelling.
package paired

import "math"

// Within reports whether the mean of a - b (per-point losses of two models on the same
// points) is at most se standard errors of that mean above 0 (sd with divisor N): a is not
// worse than b by more than se paired standard errors.
func Within(a, b []float64, se float64) bool {
	mean, sd := moments(a, b)
	return mean <= se*sd/math.Sqrt(float64(len(a)))
}

// Margin returns the mean of a - b over its standard error (sd with divisor N): how many paired
// standard errors a's losses are above b's (below, if negative); +-Inf where the difference is
// constant and not 0, and 0 where the losses are equal.
func Margin(a, b []float64) float64 {
	mean, sd := moments(a, b)
	if sd == 0 {
		if mean == 0 {
			return 0
		}
		return math.Inf(int(math.Copysign(1, mean)))
	}
	return mean / (sd / math.Sqrt(float64(len(a))))
}

// moments returns the mean and the standard deviation (divisor N) of a - b.
func moments(a, b []float64) (mean, sd float64) {
	n := float64(len(a))
	var sum, sum2 float64
	for i := range a {
		d := a[i] - b[i]
		sum += d
		sum2 += d * d
	}
	mean = sum / n
	return mean, math.Sqrt(max(sum2/n-mean*mean, 0))
}
