package ofs

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// evidenceProblem returns nCols random columns of length n and K outputs, output k being
// sum_j coef[k][j] col_j plus Gaussian noise of the given sd.
func evidenceProblem(seed uint64, n, nCols int, coef [][]float64, noise float64) ([][]float64, [][]float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	cols := make([][]float64, nCols)
	for j := range cols {
		cols[j] = make([]float64, n)
		for i := range n {
			cols[j][i] = math.Exp(-rng.Float64() * 3) // kernel-like values in (0, 1]
		}
	}
	Y := make([][]float64, len(coef))
	for k, c := range coef {
		Y[k] = make([]float64, n)
		for i := range n {
			Y[k][i] = 0.3 + noise*rng.NormFloat64()
			for j, w := range c {
				Y[k][i] += w * cols[j][i]
			}
		}
	}
	return cols, Y
}

func TestEvidencePrune(t *testing.T) {
	tests := []struct {
		name     string
		nCols    int
		coef     [][]float64
		noise    float64
		mustKeep []int
		maxKeep  int
		fixed    bool // check the fixed point (not when one column is kept for want of any)
	}{
		{"two relevant of eight", 8, [][]float64{{2, -1.5}}, 0.2, []int{0, 1}, 7, true},
		{"two outputs share the nodes", 6, [][]float64{{2}, {0, -2}}, 0.2, []int{0, 1}, 5, true},
		{"no signal keeps one node", 5, [][]float64{{}}, 1, nil, 4, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cols, Y := evidenceProblem(7, 300, tc.nCols, tc.coef, tc.noise)
			ev := evidencePrune(cols, Y, false, 1, 0)
			if len(ev.keep) == 0 || len(ev.keep) > tc.maxKeep {
				t.Fatalf("kept %v, want 1 to %d columns", ev.keep, tc.maxKeep)
			}
			for _, j := range tc.mustKeep {
				if !slices.Contains(ev.keep, j) {
					t.Errorf("column %d (relevant) dropped: kept %v", j, ev.keep)
				}
			}
			for k, c := range tc.coef {
				for x, j := range ev.keep {
					want := 0.0
					if j < len(c) {
						want = c[j]
					}
					if math.Abs(ev.w[k][x]-want) > 0.1+0.1*math.Abs(want) {
						t.Errorf("output %d, column %d: weight %.3f, want about %.3f", k, j, ev.w[k][x], want)
					}
				}
			}
			if tc.fixed {
				checkEvidenceFixedPoint(t, cols, Y, ev)
			}
		})
	}
}

// checkEvidenceFixedPoint recomputes, by brute force on the kept columns, the posterior
// Sigma = (beta Phi'Phi + A)^-1 and mean mu_k = beta Sigma Phi'y_k, and checks that the
// weights are that mean and the precisions satisfy alpha_i = K gamma_i / sum_k mu_ik^2.
func checkEvidenceFixedPoint(t *testing.T, cols [][]float64, Y [][]float64, ev evidenceFit) {
	t.Helper()
	n, K := len(Y[0]), len(Y)
	phi := denseDesign(withBias(subset(cols, ev.keep)))
	var H mat.Dense
	H.Mul(phi.T(), phi)
	H.Scale(ev.beta, &H)
	for x, a := range ev.alpha {
		H.Set(x+1, x+1, H.At(x+1, x+1)+a)
	}
	var S mat.Dense
	if err := S.Inverse(&H); err != nil {
		t.Fatal(err)
	}
	mu := make([]*mat.VecDense, K)
	for k := range K {
		var py, v mat.VecDense
		py.MulVec(phi.T(), mat.NewVecDense(n, Y[k]))
		v.MulVec(&S, &py)
		v.ScaleVec(ev.beta, &v)
		mu[k] = &v
		if d := math.Abs(v.AtVec(0) - ev.bias[k]); d > 1e-8*(1+math.Abs(ev.bias[k])) {
			t.Errorf("output %d: bias %v, posterior mean %v", k, ev.bias[k], v.AtVec(0))
		}
		for x := range ev.keep {
			if d := math.Abs(v.AtVec(x+1) - ev.w[k][x]); d > 1e-8*(1+math.Abs(ev.w[k][x])) {
				t.Errorf("output %d, weight %d: %v, posterior mean %v", k, x, ev.w[k][x], v.AtVec(x+1))
			}
		}
	}
	for x, a := range ev.alpha {
		gamma := 1 - a*S.At(x+1, x+1)
		var m2 float64
		for k := range K {
			m2 += mu[k].AtVec(x+1) * mu[k].AtVec(x+1)
		}
		// The iteration stops when the weights stop moving, so the precisions of weakly
		// supported columns (weights below 0.1 here) may still be creeping.
		if want := float64(K) * gamma / m2; math.Abs(math.Log(want/a)) > 5e-2 && m2 > 0.01 {
			t.Errorf("column %d: alpha %.4g, the fixed point gives %.4g", ev.keep[x], a, want)
		}
	}
}

// TestEvidenceScale checks that the Gaussian pruning of regression targets does not depend on
// their unit: targets scaled by s keep the same columns, with weights and bias scaled by s.
func TestEvidenceScale(t *testing.T) {
	cols, Y := evidenceProblem(11, 300, 8, [][]float64{{2, -1.5, 0.3}}, 0.2)
	ref := evidencePrune(cols, Y, false, 1, 0)
	for _, s := range []float64{1e-12, 1e-6, 1e-3, 1e4, 1e9} {
		Ys := [][]float64{make([]float64, len(Y[0]))}
		for i, y := range Y[0] {
			Ys[0][i] = s * y
		}
		ev := evidencePrune(cols, Ys, false, 1, 0)
		if !slices.Equal(ev.keep, ref.keep) {
			t.Errorf("scale %g: kept %v, at scale 1 %v", s, ev.keep, ref.keep)
			continue
		}
		for x := range ev.keep {
			if w, want := ev.w[0][x], s*ref.w[0][x]; math.Abs(w-want) > 1e-6*math.Abs(want) {
				t.Errorf("scale %g: weight %d = %g, want %g", s, x, w, want)
			}
		}
	}
}

// With no columns the evidence fit is the outputs' means.
func TestEvidenceNoColumns(t *testing.T) {
	Y := [][]float64{{1, 2, 3, 6}}
	ev := evidencePrune(nil, Y, false, 1, 0)
	if len(ev.keep) != 0 || math.Abs(ev.bias[0]-3) > 1e-12 {
		t.Fatalf("keep %v bias %v, want none and the mean 3", ev.keep, ev.bias)
	}
}

// Degenerate columns: an exact duplicate, a column of zeros (a kernel that underflowed) and
// noise-free targets (the noise precision grows without bound). The fit stays finite,
// reproduces the targets, and drops the zero column.
func TestEvidenceDegenerate(t *testing.T) {
	cols, Y := evidenceProblem(5, 200, 6, [][]float64{{1.5, 0, -1}}, 0)
	cols[1] = append([]float64(nil), cols[0]...)
	cols[3] = make([]float64, 200)
	ev := evidencePrune(cols, Y, false, 1, 0)
	if !ev.ok || slices.Contains(ev.keep, 3) || len(ev.keep) == 0 {
		t.Fatalf("ok %v, kept %v", ev.ok, ev.keep)
	}
	for i := range Y[0] {
		f := ev.bias[0]
		for x, j := range ev.keep {
			f += ev.w[0][x] * cols[j][i]
		}
		if math.IsNaN(f) || math.Abs(f-Y[0][i]) > 1e-3 {
			t.Fatalf("point %d: fit %v, target %v", i, f, Y[0][i])
		}
	}
}

// denseDesign returns the design matrix whose columns are C (rows are points).
func denseDesign(C [][]float64) *mat.Dense {
	phi := mat.NewDense(len(C[0]), len(C), nil)
	for j, c := range C {
		phi.SetCol(j, c)
	}
	return phi
}

// TestSharedPrecisionKeepsLastColumns checks that the inputs' group, whose shared precision
// passes the drop threshold, goes unless it is all that is left beside the bias with no node
// to keep in its place, and that such a node comes back: a pruned model keeps one column at
// least (a model of the bias alone
// once made the Gaussian model's leave-one-out decisions index an empty design).
func TestSharedPrecisionKeepsLastColumns(t *testing.T) {
	const drop = 1e8
	tests := []struct {
		name     string
		next     []int
		last     int
		ww       float64 // the group's summed squared weights: tiny, so its precision passes drop
		want     []int
		wantGone bool
	}{
		{"the group alone, no node to keep", []int{0, 3, 4}, -1, 1e-20, []int{0, 3, 4}, false},
		{"a node beside the group", []int{0, 1, 3, 4}, -1, 1e-20, []int{0, 1}, true},
		{"a node to keep in its place", []int{0, 3, 4}, 2, 1e-20, []int{0, 2}, true},
		{"no group, a node to keep", []int{0}, 2, 0, []int{0, 2}, false},
		{"a supported group stays", []int{0, 3, 4}, -1, 1, []int{0, 3, 4}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sp := sharedPrecision{from: 3}
			sp.start()
			if tc.ww > 0 {
				sp.add(0.5, tc.ww)
			}
			alpha := []float64{0, 1, 1, 1, 1}
			var change float64
			got, gone := sp.update(slices.Clone(tc.next), alpha, 1, drop, &change, tc.last)
			if !slices.Equal(got, tc.want) || gone != tc.wantGone {
				t.Errorf("update = %v, gone %v; want %v, gone %v", got, gone, tc.want, tc.wantGone)
			}
			if !tc.wantGone && tc.ww < 1e-10 && alpha[3] != 1 {
				t.Errorf("the kept group's precision moved to %g", alpha[3])
			}
		})
	}
}
