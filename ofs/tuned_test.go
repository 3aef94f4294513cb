package ofs

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/optim"
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

// TestTunedScale checks that tunable regression does not depend on the targets' unit: targets
// scaled by 1e-6 or 1e6 give the same nodes, and weights scaled alike (gonum's absolute
// tolerances in the refinement, the evidence pruning's threshold).
func TestTunedScale(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 150
	Z, y := make([][]float64, n), make([]float64, n)
	for i := range Z {
		Z[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		y[i] = math.Sin(Z[i][0]*Z[i][1]) + Z[i][2]*Z[i][2] + 0.3*rng.NormFloat64()
	}
	for _, meth := range []optim.Method{optim.PSO{}, optim.RWBS{Population: 10, Generations: 4, Inner: 25}} {
		var ref *TunedResult
		for _, s := range []float64{1, 1e-6, 1e6} {
			ys := make([]float64, n)
			for i := range y {
				ys[i] = s * y[i]
			}
			r, err := Tuned{Method: meth, Auto: Auto{Seed: 1}}.Fit(Z, [][]float64{ys}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if ref == nil {
				ref = r
				continue
			}
			if r.Size != ref.Size || r.Built != ref.Built {
				t.Errorf("%T, scale %g: %d of %d nodes, at scale 1 %d of %d", meth, s, r.Size, r.Built, ref.Size, ref.Built)
				continue
			}
			for j, w := range r.Weights[0] {
				if want := s * ref.Weights[0][j]; math.Abs(w-want) > 1e-6*math.Abs(want) {
					t.Errorf("%T, scale %g: weight %d = %g, want %g", meth, s, j, w, want)
				}
			}
		}
	}
}
