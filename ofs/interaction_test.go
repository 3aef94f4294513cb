package ofs

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// interacting2 draws n points of m standard normal inputs whose class is the sign of
// sin(2 z1) + z2 z3 plus noise: input 1 acts alone, inputs 2 and 3 only through their product.
func interacting2(n, m int, seed uint64) (Z [][]float64, class []int) {
	return normalClasses(n, m, seed, 11, func(z []float64, rng *rand.Rand) int {
		if math.Sin(2*z[0])+z[1]*z[2]+0.3*rng.NormFloat64() > 0 {
			return 1
		}
		return 0
	})
}

// partialR2 is the squared partial correlation of s_j s_l and y given (1, s_j, s_l), s the
// inputs' normal scores, by least squares from scratch: the share of y's residual sum of
// squares on (1, s_j, s_l) that adding the product removes.
func partialR2(Z [][]float64, y []float64, j, l int) float64 {
	Z = scores(Z)
	rss := func(cols int) float64 {
		n := len(Z)
		X := mat.NewDense(n, cols, nil)
		for i, z := range Z {
			row := []float64{1, z[j], z[l], z[j] * z[l]}
			for c := range cols {
				X.Set(i, c, row[c])
			}
		}
		var qr mat.QR
		qr.Factorize(X)
		var b mat.Dense
		if err := qr.SolveTo(&b, false, mat.NewDense(n, 1, y)); err != nil {
			panic(err)
		}
		var r float64
		for i := range n {
			f := mat.Row(nil, i, X)
			e := y[i] - mat.Dot(mat.NewVecDense(cols, f), b.ColView(0))
			r += e * e
		}
		return r
	}
	r3, r4 := rss(3), rss(4)
	return (r3 - r4) / r3
}

// scores returns Z with each column replaced by its normal scores, computed from scratch.
func scores(Z [][]float64) [][]float64 {
	n, m := len(Z), len(Z[0])
	S := make([][]float64, n)
	for i := range S {
		S[i] = make([]float64, m)
	}
	for j := range m {
		for i := range n {
			var below, tied float64 // the mid-rank: the points below, and half the ties
			for _, z := range Z {
				switch {
				case z[j] < Z[i][j]:
					below++
				case z[j] == Z[i][j]:
					tied++
				}
			}
			rank := below + (tied+1)/2
			S[i][j] = math.Sqrt2 * math.Erfinv(2*(rank-0.5)/float64(n)-1)
		}
	}
	return S
}

// TestInteractionShares checks interactionShares against least-squares refits pair by pair,
// and that only the inputs of the product get a share.
func TestInteractionShares(t *testing.T) {
	Z, class := interacting2(400, 6, 1)
	for i := range Z {
		Z[i][5] = math.Exp(Z[i][5])       // a skewed input: its scores are normal again
		Z[i][4] = math.Round(Z[i][4] * 2) // an input of few levels: ties share their mid-rank
	}
	Y := oneVsRest(class, 2)
	share := interactionShares(Z, Y)
	if want := partialR2(Z, Y[0], 1, 2); math.Abs(share[1]-want) > 1e-9 || math.Abs(share[2]-want) > 1e-9 {
		t.Errorf("shares of inputs 2 and 3: %v, want %.6f from a refit", share[1:3], want)
	}
	for _, j := range []int{0, 3, 4, 5} {
		if share[j] != 0 {
			t.Errorf("input %d: share %.4f, want none (no significant product)", j+1, share[j])
		}
	}
	// Several outputs: the mean of the outputs' squared partial correlations.
	Z3, c3 := interacting2(300, 3, 2)
	for i := range c3 {
		if c3[i] == 1 && Z3[i][0] > 0 {
			c3[i] = 2
		}
	}
	Y3 := oneVsRest(c3, 3)
	got := interactionShares(Z3, Y3)
	var want float64
	for _, y := range Y3 {
		want += partialR2(Z3, y, 1, 2) / 3
	}
	if math.Abs(got[1]-want) > 1e-9 {
		t.Errorf("three classes: share %.6f, want %.6f", got[1], want)
	}
}

// TestChiSquareQuantile checks the Wilson-Hilferty quantiles against tabulated ones.
func TestChiSquareQuantile(t *testing.T) {
	for _, tc := range []struct {
		k    int
		p, q float64
	}{
		{1, 0.999, 10.828}, {3, 0.999, 16.266}, {10, 0.99, 23.209}, {26, 0.9999, 60.0},
	} {
		if got := chiSquareQuantile(tc.k, tc.p); math.Abs(got-tc.q) > 0.05*tc.q {
			t.Errorf("chi-square %d, p %g: %.3f, want %.3f within 5 %%", tc.k, tc.p, got, tc.q)
		}
	}
}

// TestAutoInteraction checks that a classifier whose inputs act through a product races
// WeightInteraction and is better for it on new points, and that one without is not raced.
func TestAutoInteraction(t *testing.T) {
	Z, class := interacting2(500, 12, 3)
	Zt, ct := interacting2(2000, 12, 4)
	with, err := Auto{Seed: 1}.Fit(Z, oneVsRest(class, 2), class)
	if err != nil {
		t.Fatal(err)
	}
	without, err := Auto{Seed: 1, Weighting: []Weighting{WeightNone, WeightRelevance}}.Fit(Z, oneVsRest(class, 2), class)
	if err != nil {
		t.Fatal(err)
	}
	ew, eo := autoTestError(with, Zt, ct), autoTestError(without, Zt, ct)
	if with.Weighting != WeightInteraction || ew > eo-0.03 {
		t.Errorf("product of inputs: weighting %v at %.3f test error, %.3f without it; want the interaction relevance, 3 points better (%s)",
			with.Weighting, ew, eo, with.Chose)
	}
	X, cl := blobs(200, 2, 4)
	if _, lift := interacting(X, oneVsRest(cl, 2), cl); lift > interactionLift {
		t.Error("classes apart in mean: the interaction relevance raced")
	}
}
