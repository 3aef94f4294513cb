package dataset

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestFillMedians(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name    string
		X       [][]float64
		medians []float64
		filled  [][]float64 // nil: X itself
		counts  []int
	}{
		{"none missing", [][]float64{{3, 1}, {1, 2}, {2, 9}}, []float64{2, 2}, nil, []int{0, 0}},
		{"odd", [][]float64{{5, nan}, {nan, 2}, {1, 4}, {3, 8}}, []float64{3, 4}, [][]float64{{5, 4}, {3, 2}, {1, 4}, {3, 8}}, []int{1, 1}},
		{"even", [][]float64{{1, nan}, {4, nan}, {nan, 0}, {2, 1}, {10, nan}}, []float64{3, 0.5}, [][]float64{{1, 0.5}, {4, 0.5}, {3, 0}, {2, 1}, {10, 0.5}}, []int{1, 3}},
		{"huge", [][]float64{{math.MaxFloat64}, {math.MaxFloat64}, {nan}}, []float64{math.MaxFloat64}, [][]float64{{math.MaxFloat64}, {math.MaxFloat64}, {math.MaxFloat64}}, []int{1}},
	}
	for _, tc := range tests {
		filled, medians, err := FillMedians(tc.X)
		if err != nil || !slices.Equal(medians, tc.medians) {
			t.Errorf("%s: medians %v, %v; want %v", tc.name, medians, err, tc.medians)
			continue
		}
		want := tc.filled
		if want == nil {
			want = tc.X
			if &filled[0] != &tc.X[0] {
				t.Errorf("%s: a copy where nothing is missing", tc.name)
			}
		}
		for i := range want {
			if !slices.Equal(filled[i], want[i]) {
				t.Errorf("%s: row %d is %v, want %v", tc.name, i+1, filled[i], want[i])
			}
		}
		if got := CountMissing(tc.X); !slices.Equal(got, tc.counts) { // (after the fill: X is not changed)
			t.Errorf("%s: counts %v, want %v", tc.name, got, tc.counts)
		}
	}
	_, _, err := FillMedians([][]float64{{1, nan}, {2, nan}})
	if !errors.Is(err, ErrMissing) || err.Error() != "column 2 is missing on every row, so there is no value to fill it with" {
		t.Errorf("a column missing everywhere: %v", err)
	}
}
