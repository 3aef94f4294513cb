package median

import (
	"math"
	"slices"
	"testing"
)

func TestSpread(t *testing.T) {
	for _, tc := range []struct {
		v       []float64
		med, sd float64
	}{
		{[]float64{1, 2, 3, 4, 100}, 3, 1.4826},                  // deviations 2 1 0 1 97
		{[]float64{-1, 1}, 0, 1.4826},                            // deviations 1 1
		{[]float64{0, 0, 0, 5}, 0, 0},                            // deviations 0 0 0 5
		{[]float64{2, 4, 6, 8, 1e9, -1e9}, 5, 4.4478},            // deviations 3 1 1 3 1e9 1e9
		{[]float64{7}, 7, 0},                                     // one value
		{[]float64{-1e308, 1e308}, 0, 1.4826e308},                // (no overflow in the midpoint)
		{[]float64{1e308, 1.7e308}, 1.35e308, 1.4826 * 0.35e308}, // (nor here)
	} {
		v := slices.Clone(tc.v)
		med, sd := Spread(v)
		if med != tc.med || math.Abs(sd-tc.sd) > 1e-12*max(1, tc.sd) || !slices.Equal(v, tc.v) {
			t.Errorf("Spread(%v) = %v, %v, want %v, %v (v left as it was: %v)", tc.v, med, sd, tc.med, tc.sd, v)
		}
		if got := Of(v); got != tc.med {
			t.Errorf("Of(%v) = %v, want %v", tc.v, got, tc.med)
		}
	}
}

func TestQuantiles(t *testing.T) {
	for _, tc := range []struct {
		v, p, want []float64
	}{
		{[]float64{3, 1, 2}, []float64{0, 0.5, 1}, []float64{1, 2, 3}},
		{[]float64{10, 0, 20, 30}, []float64{0.25, 0.5, 0.75}, []float64{7.5, 15, 22.5}}, // positions 0.75, 1.5, 2.25
		{[]float64{7}, []float64{0.1, 0.9}, []float64{7, 7}},
	} {
		v := slices.Clone(tc.v)
		if got := Quantiles(v, tc.p...); !slices.Equal(got, tc.want) || !slices.Equal(v, tc.v) {
			t.Errorf("Quantiles(%v, %v) = %v, want %v (v left as it was: %v)", tc.v, tc.p, got, tc.want, v)
		}
	}
}
