// Package median holds the median, the quantiles and the robust spread the project takes of
// samples: of the training medians that fill missing inputs, of regression residuals (the
// Huber loss), of targets (the outlier warning, the Huber loss's skewness guard).
package median

import (
	"math"
	"slices"
)

// InPlace returns the median of v (at least one value), the midpoint of the middle two for an
// even count; it sorts v.
func InPlace(v []float64) float64 {
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	a, b := v[n/2-1], v[n/2]
	if (a < 0) != (b < 0) {
		return (a + b) / 2 // (of opposite signs: the difference could overflow, the sum cannot)
	}
	return a + (b-a)/2 // (of one sign: the sum could overflow)
}

// Of returns the median of v (at least one value), v left as it is.
func Of(v []float64) float64 { return InPlace(slices.Clone(v)) }

// Spread returns the median of v (at least one value) and its robust standard deviation:
// 1.4826 times the median absolute deviation from the median, a normal sample's standard
// deviation. v is left as it is.
func Spread(v []float64) (med, sd float64) {
	dev := slices.Clone(v)
	med = InPlace(dev)
	for i, x := range dev {
		dev[i] = math.Abs(x - med)
	}
	return med, 1.4826 * InPlace(dev)
}

// Quantiles returns the p-quantiles of v (at least one value; each p in [0, 1]), interpolated
// linearly between the order statistics (position p (n - 1)); v is left as it is. The
// 0.5-quantile is the median.
func Quantiles(v []float64, p ...float64) []float64 {
	s := slices.Sorted(slices.Values(v))
	q := make([]float64, len(p))
	for k, pk := range p {
		x := pk * float64(len(s)-1)
		i := int(x)
		if i+1 >= len(s) {
			q[k] = s[len(s)-1]
			continue
		}
		q[k] = s[i] + (x-float64(i))*(s[i+1]-s[i])
	}
	return q
}
