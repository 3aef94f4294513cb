// Package paired compares two models point by point: the paired standard-error test of the
// default's size rule, pruning choice and several-class labelling.
package paired

import "math"

// Within reports whether the mean of a - b (per-point losses of two models on the same
// points) is at most se standard errors of that mean above 0 (sd with divisor N): a is not
// worse than b by more than se paired standard errors.
func Within(a, b []float64, se float64) bool {
	n := float64(len(a))
	var sum, sum2 float64
	for i := range a {
		d := a[i] - b[i]
		sum += d
		sum2 += d * d
	}
	mean := sum / n
	sd := math.Sqrt(max(sum2/n-mean*mean, 0))
	return mean <= se*sd/math.Sqrt(n)
}
