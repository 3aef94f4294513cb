package calibrate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/model"
)

// Decision values drawn from a known logistic model are calibrated back to it.
func TestPlattRecovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const a, b = 2.0, -0.5
	var F [][]float64
	var class []int
	for range 20000 {
		f := 3 * rng.NormFloat64()
		c := 0
		if rng.Float64() < 1/(1+math.Exp(-(a*f+b))) {
			c = 1
		}
		F, class = append(F, []float64{f}), append(class, c)
	}
	A, B, ok := Fit(F, class, 2)
	if !ok || math.Abs(A[1][0]-a) > 0.1 || math.Abs(B[1]-b) > 0.1 || A[0][0] != 0 || B[0] != 0 {
		t.Fatalf("Platt fit A %v, B %v, ok %v; want a %v, b %v", A, B, ok, a, b)
	}
}

// plattDraw returns n decision values of two overlapping classes (the class's sign times 0.8,
// plus unit noise) and their classes.
func plattDraw(n int, seed uint64) ([][]float64, []int) {
	rng := rand.New(rand.NewPCG(seed, 2))
	F, class := make([][]float64, n), make([]int, n)
	for i := range F {
		class[i] = rng.IntN(2)
		F[i] = []float64{float64(2*class[i]-1)*0.8 + rng.NormFloat64()}
	}
	return F, class
}

// The Platt fit stops at the optimum of its loss, however many points: the gradient of the
// smoothed targets' log-loss is zero there, to within the sum's rounding. (Its stop where a
// Newton step would gain less than 1e-10 of the loss must not end the fit early;
// BenchmarkPlatt has its cost.)
func TestPlattStationary(t *testing.T) {
	for _, n := range []int{50, 300, 4000, 40000} {
		for seed := range uint64(3) {
			F, class := plattDraw(n, seed)
			a, b, ok := platt(F, class)
			if !ok {
				t.Fatalf("n %d, seed %d: fit failed", n, seed)
			}
			hi, lo, _, _ := plattTargets(class)
			var g0, g1 float64
			for i, f := range F {
				tgt := lo
				if class[i] == 1 {
					tgt = hi
				}
				d := 1/(1+math.Exp(-(a*f[0]+b))) - tgt
				g0 += d * f[0]
				g1 += d
			}
			if tol := 1e-6 * float64(n); math.Abs(g0) > tol || math.Abs(g1) > tol {
				t.Errorf("n %d, seed %d: gradient (%.3g, %.3g) at a %.6g, b %.6g; want below %.3g", n, seed, g0, g1, a, b, tol)
			}
		}
	}
}

// BenchmarkPlatt fits Platt's sigmoid at the sizes of the two-class comparisons of a large fit
// (out-of-fold or leave-one-out decisions of every training point).
func BenchmarkPlatt(b *testing.B) {
	for _, n := range []int{4000, 40000} {
		F, class := plattDraw(n, 1)
		b.Run(fmt.Sprintf("n%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, ok := platt(F, class); !ok {
					b.Fatal("fit failed")
				}
			}
		})
	}
}

// Three classes from a known softmax of two decision values are calibrated back to it (up to
// the constant the softmax ignores), and the probabilities improve on a uniform guess.
func TestMultinomial(t *testing.T) {
	A0 := [][]float64{{1, 0}, {0, 1}, {-1, -1}}
	F, class := drawSoftmax(rand.New(rand.NewPCG(3, 4)), A0, 6000)
	A, B, ok := Fit(F, class, 3)
	if !ok {
		t.Fatal("fit failed")
	}
	// Differences between classes are identified; compare those.
	checkSlopes(t, A, A0, func(float64) float64 { return 0.15 })
	for c := 1; c < 3; c++ {
		if math.Abs(B[c]-B[0]) > 0.15 {
			t.Errorf("B[%d] - B[0] = %.3f, want 0", c, B[c]-B[0])
		}
	}
	P := make([][]float64, len(F))
	for i, f := range F {
		P[i] = make([]float64, 3)
		l := make([]float64, 3)
		for c := range 3 {
			l[c] = B[c] + A[c][0]*f[0] + A[c][1]*f[1]
		}
		softmax(P[i], []float64{l[0], 0, 0, l[1], 0, 0, l[2], 0, 0}, []float64{0, 0}, 3, 3)
	}
	if ll := LogLoss(P, class); ll > math.Log(3)*0.8 {
		t.Errorf("log-loss %.3f, no better than guessing (%.3f)", ll, math.Log(3))
	}
}

// TestMultinomialManyPoints checks that the ridge does not grow with the points: on 20,000
// points drawn from a map of steep slopes (logits of four times decisions of spread two) the
// fitted slopes are within a tenth of the true ones, where a ridge of 1e-3 per point took a
// fifth to a quarter off them.
func TestMultinomialManyPoints(t *testing.T) {
	const s = 4.0
	A0 := [][]float64{{s, 0}, {0, s}, {-s, -s}}
	F, class := drawSoftmax(rand.New(rand.NewPCG(5, 6)), A0, 20000)
	A, _, ok := Fit(F, class, 3)
	if !ok {
		t.Fatal("fit failed")
	}
	checkSlopes(t, A, A0, func(want float64) float64 { return 0.1 * math.Abs(want) })
}

// checkSlopes reports the slopes of the fitted map A whose differences from class 0's, A[c][k]
// - A[0][k] (what a softmax identifies), are further than tol(want) from the true map A0's.
func checkSlopes(t *testing.T, A, A0 [][]float64, tol func(want float64) float64) {
	t.Helper()
	for c := 1; c < len(A0); c++ {
		for k := range A0[c] {
			got, want := A[c][k]-A[0][k], A0[c][k]-A0[0][k]
			if math.Abs(got-want) > tol(want) {
				t.Errorf("A[%d][%d] - A[0][%d] = %.3f, want %.3f within %.3f", c, k, k, got, want, tol(want))
			}
		}
	}
}

// drawSoftmax draws n points of two decision values of spread 2 and, for each, one of three
// classes from the softmax of its logits A0 f (no intercepts).
func drawSoftmax(rng *rand.Rand, A0 [][]float64, n int) (F [][]float64, class []int) {
	p := make([]float64, 3)
	for range n {
		f := []float64{2 * rng.NormFloat64(), 2 * rng.NormFloat64()}
		softmax(p, []float64{0, A0[0][0], A0[0][1], 0, A0[1][0], A0[1][1], 0, A0[2][0], A0[2][1]}, f, 3, 3)
		u, c := rng.Float64(), 0
		for u > p[c] && c < 2 {
			u -= p[c]
			c++
		}
		F, class = append(F, f), append(class, c)
	}
	return F, class
}

func TestMetrics(t *testing.T) {
	P := [][]float64{{0.9, 0.1}, {0.2, 0.8}, {0.6, 0.4}, {0.3, 0.7}}
	class := []int{0, 1, 1, 0}
	want := -(math.Log(0.9) + math.Log(0.8) + math.Log(0.4) + math.Log(0.3)) / 4
	if got := LogLoss(P, class); math.Abs(got-want) > 1e-15 {
		t.Errorf("LogLoss %v, want %v", got, want)
	}
	wantB := (2*0.01 + 2*0.04 + 2*0.36 + 2*0.49) / 4
	if got := Brier(P, class); math.Abs(got-wantB) > 1e-15 {
		t.Errorf("Brier %v, want %v", got, wantB)
	}
	bins := Reliability(P, class, 10)
	// Confidences 0.9, 0.8, 0.6, 0.7 fall in bins 9, 8, 6, 7; right, right, wrong, wrong.
	for b, want := range map[int][2]float64{9: {0.9, 1}, 8: {0.8, 1}, 6: {0.6, 0}, 7: {0.7, 0}} {
		if bins[b].Count != 1 || math.Abs(bins[b].Confidence-want[0]) > 1e-12 || bins[b].Accuracy != want[1] {
			t.Errorf("bin %d: %+v, want confidence %v accuracy %v", b, bins[b], want[0], want[1])
		}
	}
	if LogLoss([][]float64{{1, 0}}, []int{1}) > 40 {
		t.Error("a confident mistake gives an unbounded log-loss")
	}
	logits := make([][]float64, len(P)) // log p shifted by a constant a point: the same softmax
	for i, p := range P {
		for _, v := range p {
			logits[i] = append(logits[i], math.Log(v)+5+float64(i))
		}
	}
	if got := LogitLoss(logits, class); math.Abs(got-want) > 1e-14 {
		t.Errorf("LogitLoss %v, want %v", got, want)
	}
	if got := LogitLoss([][]float64{{1000, 0}}, []int{1}); math.Abs(got-1000) > 1e-9 {
		t.Errorf("LogitLoss of a logit 1000 above the class's: %v, want 1000", got)
	}
}

// TestMultinomialSolversAgree checks that the L-BFGS path (large problems) reaches the
// optimum Newton's method finds: the same loss and the same probabilities.
func TestMultinomialSolversAgree(t *testing.T) {
	const C, K = 5, 5
	F, class := decisions(rand.New(rand.NewPCG(5, 6)), 2000, C)
	pr := newProblem(F, class, C)
	newton := multinomialNewton(pr, nil)
	lbfgs, ok := multinomialLBFGS(pr, nil)
	if newton == nil || !ok {
		t.Fatalf("newton ok %v, lbfgs ok %v", newton != nil, ok)
	}
	ln, ll := pr.loss(newton, nil), pr.loss(lbfgs, nil)
	if math.Abs(ln-ll) > 1e-6*ln {
		t.Errorf("loss: newton %.9g, lbfgs %.9g", ln, ll)
	}
	pn, pl := make([]float64, C), make([]float64, C)
	for _, f := range F[:200] {
		softmax(pn, newton, f, C, K+1)
		softmax(pl, lbfgs, f, C, K+1)
		for c := range C {
			if math.Abs(pn[c]-pl[c]) > 1e-4 {
				t.Fatalf("probabilities differ: newton %v, lbfgs %v", pn, pl)
			}
		}
	}
}

// TestMultinomialCentred checks that multinomial's L-BFGS path, which fits the map on the
// decisions less their means and moves the intercepts back, reaches Newton's optimum on the
// decisions as they are, from zero and from a start (as CrossLogits starts), with decisions
// far from zero.
func TestMultinomialCentred(t *testing.T) {
	const C = 15 // C (C+1) = 240 parameters: beyond Newton's
	F, class := decisions(rand.New(rand.NewPCG(11, 12)), 1500, C)
	for _, f := range F {
		for k := range f {
			f[k] += 3
		}
	}
	if Newton(len(F), C, C) {
		t.Fatal("the problem is Newton's: the test wants the L-BFGS path")
	}
	pr := newProblem(F, class, C)
	newton := multinomialNewton(pr, nil)
	if newton == nil {
		t.Fatal("Newton's fit failed")
	}
	half := multinomialNewton(newProblem(F[:700], class[:700], C), nil)
	for _, start := range [][]float64{nil, half} {
		A, B, ok := multinomial(F, class, C, start)
		if !ok {
			t.Fatalf("start %v: the fit failed", start != nil)
		}
		got := pack(A, B, C+1)
		if ln, lg := pr.loss(newton, nil), pr.loss(got, nil); math.Abs(ln-lg) > 1e-6*ln {
			t.Errorf("start %v: loss: Newton %.9g, centred L-BFGS %.9g", start != nil, ln, lg)
		}
		pn, pg := make([]float64, C), make([]float64, C)
		for _, f := range F[:300] {
			softmax(pn, newton, f, C, C+1)
			softmax(pg, got, f, C, C+1)
			for c := range C {
				if math.Abs(pn[c]-pg[c]) > 1e-4 {
					t.Fatalf("start %v: probabilities differ: Newton %v, centred L-BFGS %v", start != nil, pn, pg)
				}
			}
		}
	}
}

// decisions returns n noisy one-against-the-rest decision values of C classes, and the classes.
func decisions(rng *rand.Rand, n, C int) ([][]float64, []int) {
	var F [][]float64
	var class []int
	for range n {
		c := rng.IntN(C)
		f := make([]float64, C)
		for k := range f {
			f[k] = 0.8*rng.NormFloat64() - 1
			if k == c {
				f[k] += 1.5
			}
		}
		F, class = append(F, f), append(class, c)
	}
	return F, class
}

// TestWarmStart checks that both solvers reach the optimum from another problem's optimum as
// from zero (CrossLogits starts every group's fit from the fit on all points).
func TestWarmStart(t *testing.T) {
	const C = 5
	F, class := decisions(rand.New(rand.NewPCG(7, 8)), 2000, C)
	start := multinomialNewton(newProblem(F, class, C), nil)
	sub := newProblem(F[:1200], class[:1200], C)
	for _, tc := range []struct {
		name  string
		solve func(start []float64) []float64
	}{
		{"newton", func(start []float64) []float64 { return multinomialNewton(sub, start) }},
		{"lbfgs", func(start []float64) []float64 {
			th, ok := multinomialLBFGS(sub, start)
			if !ok {
				return nil
			}
			return th
		}},
	} {
		cold, warm := tc.solve(nil), tc.solve(start)
		if cold == nil || warm == nil {
			t.Fatalf("%s: a fit failed", tc.name)
		}
		lc, lw := sub.loss(cold, nil), sub.loss(warm, nil)
		if math.Abs(lc-lw) > 1e-6*lc {
			t.Errorf("%s: loss from zero %.9g, from the full fit %.9g", tc.name, lc, lw)
		}
	}
}

// TestFitFrom checks a fit started from the map of fewer columns (padded with zeros) reaches
// the optimum of one from zero, and Labels gives the arg max of its logits.
func TestFitFrom(t *testing.T) {
	const C = 4
	rng := rand.New(rand.NewPCG(9, 10))
	F, class := decisions(rng, 600, C)
	A, B, ok := Fit(F, class, C)
	if !ok {
		t.Fatal("fit failed")
	}
	F2 := make([][]float64, len(F)) // two more columns: one of signal, one of noise
	for i, f := range F {
		F2[i] = append(slices.Clone(f), float64(class[i]%2)+rng.NormFloat64(), rng.NormFloat64())
	}
	A2, B2, ok := FitFrom(F2, class, C, A, B)
	if !ok {
		t.Fatal("fit from the map failed")
	}
	A0, B0, ok := Fit(F2, class, C)
	if !ok {
		t.Fatal("fit from zero failed")
	}
	pr := newProblem(F2, class, C)
	if lw, lc := pr.loss(pack(A2, B2, 1+len(F2[0])), nil), pr.loss(pack(A0, B0, 1+len(F2[0])), nil); math.Abs(lw-lc) > 1e-6*lc {
		t.Errorf("loss from the map %.9g, from zero %.9g", lw, lc)
	}
	for i, got := range Logits(F2, A2, B2) {
		for c := range C {
			if want := B2[c] + kernel.Dot(A2[c], F2[i]); got[c] != want {
				t.Fatalf("point %d: logit %d %v, want %v", i, c, got[c], want)
			}
		}
	}
}

// TestCrossLabels checks the cross-fitted labels and logits against maps fitted from scratch
// without each group (the data are such that some labels differ from those of the map fitted
// on all points).
func TestCrossLabels(t *testing.T) {
	const C, groups = 4, 5
	F, class := decisions(rand.New(rand.NewPCG(9, 10)), 600, C)
	A, B, got := fitCross(t, F, class, C, groups, 2)
	logits, ok := CrossLogits(F, class, C, groups, 1, A, B)
	if !ok {
		t.Fatal("CrossLogits failed")
	}
	for _, workers := range []int{1, 3, 8} {
		if other, _ := crossLabels(F, class, C, groups, workers, A, B); !slices.Equal(other, got) {
			t.Fatalf("the labels depend on the number of workers (%d against 2)", workers)
		}
	}
	group, seen := make([]int, len(F)), make([]int, C) // each class dealt round the groups
	for i, c := range class {
		group[i], seen[c] = seen[c]%groups, seen[c]+1
	}
	differ := 0
	for g := range groups {
		var Ft [][]float64
		var ct []int
		for i := range F {
			if group[i] != g {
				Ft, ct = append(Ft, F[i]), append(ct, class[i])
			}
		}
		Ag, Bg, ok := Fit(Ft, ct, C)
		if !ok {
			t.Fatalf("group %d: fit failed", g)
		}
		for i := range F {
			if group[i] != g {
				continue
			}
			if want := model.Class(Logits([][]float64{F[i]}, Ag, Bg)[0]); got[i] != want {
				t.Errorf("point %d: label %d, the map fitted without its group says %d", i, got[i], want)
			}
			for c := range C {
				if want := Bg[c] + kernel.Dot(Ag[c], F[i]); math.Abs(logits[i][c]-want) > 1e-5*(1+math.Abs(want)) {
					t.Fatalf("point %d class %d: logit %v, the map fitted without its group's %v", i, c, logits[i][c], want)
				}
			}
			if got[i] != model.Class(Logits([][]float64{F[i]}, A, B)[0]) {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("every cross-fitted label equals the full map's: the data do not show that the groups were left out")
	}
}

// TestCrossLabelsOrder: points ordered so that their classes repeat with the period of the
// groups (point i of class i mod 5) still give every group's fit every class, so the
// cross-fitted labels are nearly as good as the full map's (dealt by index, each group would
// hold one class, left out of its own fit, and every label would be wrong).
func TestCrossLabelsOrder(t *testing.T) {
	const C, groups = 5, 5
	F, class := decisions(rand.New(rand.NewPCG(13, 14)), 1000, C)
	idx := make([][]int, C)
	for i, c := range class {
		idx[c] = append(idx[c], i)
	}
	var Fo [][]float64
	var co []int
	for j := 0; ; j++ {
		added := false
		for c := range C {
			if j < len(idx[c]) {
				Fo, co, added = append(Fo, F[idx[c][j]]), append(co, c), true
			}
		}
		if !added {
			break
		}
	}
	A, B, labels := fitCross(t, Fo, co, C, groups, 1)
	var cross, full int
	for i, f := range Fo {
		if labels[i] != co[i] {
			cross++
		}
		if model.Class(Logits([][]float64{f}, A, B)[0]) != co[i] {
			full++
		}
	}
	if cross > full+len(Fo)/20 {
		t.Errorf("%d cross-fitted mistakes, %d by the full map, of %d", cross, full, len(Fo))
	}
}

// TestCrossLabelsTiny: classes of one or two points leave some groups empty, or nothing to fit
// a group's map on; CrossLogits then maps what it can or says it failed, without panicking.
func TestCrossLabelsTiny(t *testing.T) {
	for _, tc := range []struct {
		name   string
		class  []int
		wantOK bool
	}{
		{"a point a class", []int{0, 1, 2}, false},
		{"two points a class", []int{0, 1, 2, 0, 1, 2}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			F := make([][]float64, len(tc.class))
			for i, c := range tc.class {
				F[i] = []float64{-1, -1, -1}
				F[i][c] = 1 + 0.1*float64(i)
			}
			A, B, ok := Fit(F, tc.class, 3)
			if !ok {
				t.Fatal("fit failed")
			}
			labels, ok := crossLabels(F, tc.class, 3, 5, 2, A, B)
			if ok != tc.wantOK || (ok && len(labels) != len(F)) {
				t.Errorf("ok %v with %d labels, want ok %v", ok, len(labels), tc.wantOK)
			}
		})
	}
}

// fitCross fits the map on all of F and returns it with the cross-fitted labels.
func fitCross(t *testing.T, F [][]float64, class []int, C, groups, workers int) ([][]float64, []float64, []int) {
	t.Helper()
	A, B, ok := Fit(F, class, C)
	if !ok {
		t.Fatal("fit failed")
	}
	labels, ok := crossLabels(F, class, C, groups, workers, A, B)
	if !ok {
		t.Fatal("CrossLogits failed")
	}
	return A, B, labels
}

// crossLabels returns the arg max of every point's cross-fitted logits (CrossLogits).
func crossLabels(F [][]float64, class []int, C, groups, workers int, A [][]float64, B []float64) ([]int, bool) {
	logits, ok := CrossLogits(F, class, C, groups, workers, A, B)
	if !ok {
		return nil, false
	}
	labels := make([]int, len(logits))
	for i, l := range logits {
		labels[i] = model.Class(l)
	}
	return labels, true
}

// BenchmarkMultinomial fits the multinomial map by each solver at the sizes the default's
// calibration meets: 3 and 11 classes on about 900 points (Newton's method) and 26 on 2,000
// (L-BFGS).
func BenchmarkMultinomial(b *testing.B) {
	for _, bc := range []struct{ n, C int }{{960, 3}, {900, 11}, {2000, 26}} {
		F, class := decisions(rand.New(rand.NewPCG(7, 8)), bc.n, bc.C)
		b.Run(fmt.Sprintf("n%d-C%d", bc.n, bc.C), func(b *testing.B) {
			for b.Loop() {
				if _, _, ok := multinomial(F, class, bc.C, nil); !ok {
					b.Fatal("fit failed")
				}
			}
		})
	}
}

// softmax writes the class probabilities of decision values f under parameters th (per class:
// intercept, then slopes) into out and returns it.
func softmax(out, th, f []float64, C, p int) []float64 {
	top := math.Inf(-1)
	for c := range C {
		l := th[c*p]
		for j, v := range f {
			l += th[c*p+1+j] * v
		}
		out[c] = l
		top = max(top, l)
	}
	var s float64
	for c := range C {
		out[c] = math.Exp(out[c] - top)
		s += out[c]
	}
	for c := range C {
		out[c] /= s
	}
	return out
}

// TestDerivatives checks the multinomial loss's gradient against central differences of the
// loss, and its Hessian (less the ridge) against central differences of the gradient, on
// more points than one block of the Hessian's products.
func TestDerivatives(t *testing.T) {
	const C = 4
	F, class := decisions(rand.New(rand.NewPCG(9, 10)), hessianRows+37, C)
	pr := newProblem(F, class, C)
	np := C * pr.p
	rng := rand.New(rand.NewPCG(11, 12))
	th := make([]float64, np)
	for r := range th {
		th[r] = 0.5 * rng.NormFloat64()
	}
	g := make([]float64, np)
	pr.loss(th, g)
	H := mat.NewSymDense(np, nil)
	pr.hessian(H.RawSymmetric())
	lam := ridgeAt(pr.n)
	const h = 1e-5
	shifted := func(r int, d float64) []float64 {
		x := slices.Clone(th)
		x[r] += d
		return x
	}
	for r := range np {
		up, down := make([]float64, np), make([]float64, np)
		lu, ld := pr.loss(shifted(r, h), up), pr.loss(shifted(r, -h), down)
		if fd := (lu - ld) / (2 * h); math.Abs(fd-g[r]) > 1e-5*max(1, math.Abs(g[r])) {
			t.Errorf("gradient %d: %.9g, differences %.9g", r, g[r], fd)
		}
		for s := range np {
			fd := (up[s] - down[s]) / (2 * h)
			if s == r && s%pr.p != 0 {
				fd -= lam // the ridge on the slopes
			}
			if got := H.At(r, s); math.Abs(fd-got) > 1e-5*max(1, math.Abs(got)) {
				t.Errorf("Hessian (%d, %d): %.9g, differences %.9g", r, s, got, fd)
			}
		}
	}
}

// TestLOOLogits checks the approximate leave-one-out logits against refits without each
// point: one Newton step accounts for most of the change from the logits of the fit on all
// points, and for more of it the more points share the map (its error falls faster than the
// change itself).
func TestLOOLogits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n, C   int
		missed float64 // the share of the change the approximation may miss
	}{{"3 classes, 60 points", 60, 3, 0.3}, {"4 classes, 120 points", 120, 4, 0.1}, {"3 classes, 400 points", 400, 3, 0.05}} {
		t.Run(tc.name, func(t *testing.T) {
			F, class := decisions(rand.New(rand.NewPCG(uint64(tc.n), 5)), tc.n, tc.C)
			A, B, ok := Fit(F, class, tc.C)
			if !ok {
				t.Fatal("fit failed")
			}
			alo, ok := LOOLogits(F, class, tc.C, A, B)
			if !ok {
				t.Fatal("LOOLogits failed")
			}
			full := Logits(F, A, B)
			var moved, missed float64
			for i := range F {
				Ft := append(slices.Clone(F[:i]), F[i+1:]...)
				ct := append(slices.Clone(class[:i]), class[i+1:]...)
				Ai, Bi, ok := Fit(Ft, ct, tc.C)
				if !ok {
					t.Fatalf("refit without %d failed", i)
				}
				exact := Logits([][]float64{F[i]}, Ai, Bi)[0]
				for c := range tc.C {
					// Logits are defined up to a constant per point: compare differences to class 0.
					e := exact[c] - exact[0]
					moved += math.Abs(full[i][c] - full[i][0] - e)
					missed += math.Abs(alo[i][c] - alo[i][0] - e)
				}
			}
			if !(moved > 0) || missed > tc.missed*moved {
				t.Errorf("leave-one-out logits moved %.4g in all; the approximation missed %.4g of it", moved, missed)
			}
		})
	}
}

// TestLogitBrier checks the Brier score from logits against Brier on their softmax
// probabilities, and that a logit far above the others gives a finite score.
func TestLogitBrier(t *testing.T) {
	logits := [][]float64{{0.5, -1, 2}, {3, 0, 0}, {-2, 1, 0.3}, {1000, 0, -1000}}
	class := []int{2, 1, 0, 1}
	P := make([][]float64, len(logits))
	for i, l := range logits {
		P[i] = softmax(make([]float64, 3), []float64{l[0], 0, 0, 0, l[1], 0, 0, 0, l[2], 0, 0, 0}, []float64{0, 0, 0}, 3, 4)
	}
	if got, want := LogitBrier(logits, class), Brier(P, class); math.Abs(got-want) > 1e-15 || math.IsNaN(got) {
		t.Errorf("LogitBrier %v, Brier of the probabilities %v", got, want)
	}
}

// TestNewtonStationary checks that Newton's method ends at a stationary point of the penalised
// loss, however it ends (a step of no gain, or the last step taken with the factor at hand where
// the next was foreseen to gain nothing): every entry of the gradient within 1e-6 of the
// number of points.
func TestNewtonStationary(t *testing.T) {
	for _, tc := range []struct {
		n, C int
		seed uint64
	}{{60, 3, 1}, {300, 4, 2}, {900, 6, 3}, {2000, 5, 4}} {
		F, class := decisions(rand.New(rand.NewPCG(tc.seed, 7)), tc.n, tc.C)
		pr := newProblem(F, class, tc.C)
		for _, start := range [][]float64{nil, multinomialNewton(newProblem(F[:tc.n/2], class[:tc.n/2], tc.C), nil)} {
			theta := multinomialNewton(pr, start)
			if theta == nil {
				t.Fatalf("n %d, C %d: Newton failed", tc.n, tc.C)
			}
			g := make([]float64, len(theta))
			pr.loss(theta, g)
			for r, v := range g {
				if math.Abs(v) > 1e-6*float64(tc.n) {
					t.Errorf("n %d, C %d, warm %v: gradient[%d] = %g", tc.n, tc.C, start != nil, r, v)
				}
			}
		}
	}
}
