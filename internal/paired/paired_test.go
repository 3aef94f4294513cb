package paired

import "testing"

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
