package ofs

import (
	"slices"
	"strings"
	"testing"
)

// TestSmallestMatching checks the size rule against a reference model's per-point losses.
func TestSmallestMatching(t *testing.T) {
	ref := []float64{1, 1, 1, 1, 1, 1, 1, 1}
	worse := []float64{3, 2, 3, 2, 3, 2, 3, 2}               // clearly above ref
	noisy := []float64{1.2, 0.9, 1.3, 0.8, 1.1, 1, 1.2, 0.9} // within one standard error
	better := []float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}
	loss := [][]float64{nil, worse, worse, noisy, better}
	for _, tc := range []struct {
		name string
		upTo int
		se   float64
		want int
	}{
		{"first size within one se", 4, 1, 3},
		{"no tolerance: a mean above ref's is not a match", 4, 0, 4},
		{"never above upTo", 2, 1, 2},
		{"upTo when none matches", 3, 0, 3},
	} {
		if got := smallestMatching(loss, tc.upTo, ref, tc.se); got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestMistakes checks the held-out mistakes of one output's decisions: positive decisions
// are class 1, zero and below class 0.
func TestMistakes(t *testing.T) {
	for _, tc := range []struct {
		f     []float64
		class []int
		want  []float64
	}{
		{[]float64{0.5, -0.5, 0, 2}, []int{1, 0, 0, 1}, []float64{0, 0, 0, 0}},
		{[]float64{0.5, -0.5, 0, 2}, []int{0, 1, 1, 0}, []float64{1, 1, 1, 1}},
		{[]float64{-1e-9, 1e-9}, []int{1, 1}, []float64{1, 0}},
		{nil, nil, []float64{}},
	} {
		if got := mistakes(tc.f, tc.class); !slices.Equal(got, tc.want) {
			t.Errorf("mistakes(%v, %v) = %v, want %v", tc.f, tc.class, got, tc.want)
		}
	}
}

// The note that the fixed nodes predicted better appears only when their out-of-fold losses
// are lower by more than two paired standard errors.
func TestWorseNote(t *testing.T) {
	rep := func(v []float64, k int) []float64 {
		var out []float64
		for range k {
			out = append(out, v...)
		}
		return out
	}
	for _, tc := range []struct {
		name         string
		tuned, fixed []float64
		note         bool
	}{
		{"equal", rep([]float64{1, 0, 0, 1}, 25), rep([]float64{1, 0, 0, 1}, 25), false},
		{"tunable better", rep([]float64{0, 0, 0, 1}, 25), rep([]float64{1, 0, 0, 1}, 25), false},
		{"fixed a little better", rep([]float64{1, 1, 1, 0, 0, 0, 0, 0, 0, 0}, 10), rep([]float64{0, 0, 0, 1, 1, 0, 0, 0, 0, 0}, 10), false},
		{"fixed clearly better", rep([]float64{1, 1, 0, 0}, 25), rep([]float64{0, 0, 0, 0}, 25), true},
	} {
		got := worseNote(tc.tuned, tc.fixed, 7)
		if (got != "") != tc.note {
			t.Errorf("%s: note %q, want one: %v", tc.name, got, tc.note)
		}
		if got != "" && !strings.Contains(got, "7 fixed nodes") {
			t.Errorf("%s: note %q does not name the fixed model's size", tc.name, got)
		}
	}
}
