package paired

import (
	"math"
	"testing"
)

// TestWithin checks the paired test on losses whose differences have a known mean and
// standard deviation, and that one unmatched extra mistake in N never passes one standard
// error (its mean over its standard error is sqrt(N/(N-1)) > 1) but passes two.
func TestWithin(t *testing.T) {
	// a - b = +1 on two points, -1 on two, 0 elsewhere (mean 0): within at any se >= 0.
	a, b := make([]float64, 10), make([]float64, 10)
	a[0], a[1], b[2], b[3] = 1, 1, 1, 1
	one := make([]float64, 50) // one more mistake than zero
	one[7] = 1
	zero := make([]float64, 50)
	for _, tc := range []struct {
		name string
		a, b []float64
		se   float64
		want bool
	}{
		{"balanced differences, 0 se", a, b, 0, true},
		{"one extra mistake, 1 se", one, zero, 1, false},
		{"one extra mistake, 2 se", one, zero, 2, true},
		{"one mistake fewer, 0 se", zero, one, 0, true},
		{"identical", zero, zero, 0, true},
	} {
		if got := Within(tc.a, tc.b, tc.se); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestMargin checks the mean over its standard error against a hand-worked case, its sign,
// and the constant differences.
func TestMargin(t *testing.T) {
	one := make([]float64, 50)
	one[7] = 1
	zero := make([]float64, 50)
	// mean 1/50, sd sqrt(1/50 - 1/2500) = 7/50: margin (1/50) / (7/50 / sqrt(50)) = sqrt(50)/7.
	for _, tc := range []struct {
		name string
		a, b []float64
		want float64
	}{
		{"one extra mistake", one, zero, 1.0101525445522108},
		{"one mistake fewer", zero, one, -1.0101525445522108},
		{"identical", zero, zero, 0},
		{"constantly worse", []float64{2, 2}, []float64{1, 1}, math.Inf(1)},
		{"constantly better", []float64{1, 1}, []float64{2, 2}, math.Inf(-1)},
	} {
		if got := Margin(tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 && got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
