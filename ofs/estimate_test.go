package ofs

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// hastieSet draws n points of Hastie et al.'s 10-input problem: class 1 outside the sphere
// sum x_j^2 = 9.34 (the chi-square median), without noise.
func hastieSet(n int, seed uint64) ([][]float64, []int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	X := make([][]float64, n)
	class := make([]int, n)
	for i := range X {
		X[i] = make([]float64, 10)
		var s float64
		for d := range X[i] {
			X[i][d] = rng.NormFloat64()
			s += X[i][d] * X[i][d]
		}
		if s > 9.34 {
			class[i] = 1
		}
	}
	return X, class
}

// signError returns the share of the one-output decisions F on the wrong side for class.
func signError(F [][]float64, class []int) float64 {
	w := 0
	for i, f := range F {
		if (f[0] > 0) != (class[i] == 1) {
			w++
		}
	}
	return float64(w) / float64(len(F))
}

// TestPrunedEstimate checks the error estimate of a model the Bernoulli evidence pruned, on
// large clean data where the pruning makes the model far better than the selection's: the
// first fold's pruned model gives an estimate within a point of the test error.
func TestPrunedEstimate(t *testing.T) {
	skipOneWorker(t)
	X, class := hastieSet(5000, 1)
	Xt, ct := hastieSet(5000, 2)
	r := fitTwoClass(t, Auto{Seed: 1, NoRVM: true}, X, class)
	F := r.Estimate
	cl := subset(class, r.EstimateRows)
	if len(F) < bigFold || len(F) != len(cl) {
		t.Fatalf("%d decisions of a pruned fold model (%s)", len(F), r.Chose)
	}
	est, test, unpruned := signError(F, cl), autoTestError(r, Xt, ct), signError(r.OOF, class)
	if d := est - test; d > 0.01 || d < -0.01 {
		t.Errorf("estimate %.4f, test error %.4f (the unpruned folds' %.4f)", est, test, unpruned)
	}
}

// circleSet returns n points uniform in the square [-1, 1]^2 and their classes: 1 inside the
// circle of half its area (mlbench's circle, without noise).
func circleSet(n int, seed uint64) ([][]float64, []int) {
	rng := rand.New(rand.NewPCG(seed, 9))
	X := make([][]float64, n)
	class := make([]int, n)
	for i := range X {
		x, y := 2*rng.Float64()-1, 2*rng.Float64()-1
		X[i] = []float64{x, y}
		if x*x+y*y < 2/math.Pi {
			class[i] = 1
		}
	}
	return X, class
}

// TestRVMContender checks the relevance vector machine that may replace a two-class model: on
// a circle's boundary without noise, where forward selection on the squared error needs many
// narrow nodes, it replaces the selection's model, is more accurate on test points, and its
// out-of-fold logits estimate its test error within two points. On a sphere's boundary in 10
// inputs (Hastie et al.'s problem) it does better out of fold than the selection's fold models
// but not than those models pruned as the final one is (with the inputs' linear terms), and
// the selection's model, as accurate, stays. On two overlapping normal classes, whose best
// boundary is a plane, the selection's model stays.
func TestRVMContender(t *testing.T) {
	skipOneWorker(t)
	X, class := circleSet(500, 1)
	Xt, ct := circleSet(4000, 101)
	r := fitTwoClass(t, Auto{Seed: 1}, X, class)
	sel := fitTwoClass(t, Auto{Seed: 1, NoRVM: true}, X, class)
	if !strings.Contains(r.Chose, model.RVMChose) {
		t.Fatalf("circle: the selection's model was kept: %s", r.Chose)
	}
	test, was := autoTestError(r, Xt, ct), autoTestError(sel, Xt, ct)
	if test >= was {
		t.Errorf("circle: test error %.4f with the relevance vector machine, %.4f without", test, was)
	}
	if est := signError(r.OOF, class); math.Abs(est-test) > 0.02 {
		t.Errorf("circle: out-of-fold error %.4f, test error %.4f", est, test)
	}
	if r.Size > 30 || r.Tau <= 0 || len(r.Vars) != r.Size {
		t.Errorf("circle: %d nodes, tau %g, %d widths", r.Size, r.Tau, len(r.Vars))
	}

	Xs, cs := hastieSet(1000, 3)
	Xst, cst := hastieSet(4000, 4)
	rs := fitTwoClass(t, Auto{Seed: 1}, Xs, cs)
	if strings.Contains(rs.Chose, model.RVMChose) {
		t.Errorf("sphere: the relevance vector machine replaced the pruned model: %s", rs.Chose)
	}
	if test := autoTestError(rs, Xst, cst); test > 0.01 { // 0.425 % (the contender: 0.475 %)
		t.Errorf("sphere: test error %.4f", test)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	Xn := make([][]float64, 300)
	cn := make([]int, len(Xn))
	for i := range Xn {
		cn[i] = i % 2
		Xn[i] = []float64{rng.NormFloat64() + float64(cn[i]), rng.NormFloat64(), rng.NormFloat64()}
	}
	rn := fitTwoClass(t, Auto{Seed: 1}, Xn, cn)
	if strings.Contains(rn.Chose, model.RVMChose) {
		t.Errorf("two normal classes: the relevance vector machine replaced the model: %s", rn.Chose)
	}
}
