package ofs

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/seeds"
	"github.com/sparsekernel/sparsekernel/optim"
	"github.com/sparsekernel/sparsekernel/synth"
)

// blobs draws n points of c classes, class k around (k, k mod 2) in the plane.
func blobs(n, c int, seed uint64) (X [][]float64, class []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := range n {
		k := i % c
		X = append(X, []float64{float64(k) + 0.3*rng.NormFloat64(), float64(k%2) + 0.3*rng.NormFloat64()})
		class = append(class, k)
	}
	return X, class
}

// fitTwoClass fits a on the points X of classes 0 and 1, failing the test on an error.
func fitTwoClass(t *testing.T, a Auto, X [][]float64, class []int) *AutoResult {
	t.Helper()
	r, err := a.Fit(X, oneVsRest(class, 2), class)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func oneVsRest(class []int, c int) [][]float64 {
	if c == 2 {
		y := make([]float64, len(class))
		for i, k := range class {
			y[i] = float64(2*k - 1)
		}
		return [][]float64{y}
	}
	Y := make([][]float64, c)
	for k := range Y {
		Y[k] = make([]float64, len(class))
		for i, ci := range class {
			Y[k][i] = -1
			if ci == k {
				Y[k][i] = 1
			}
		}
	}
	return Y
}

func decide(r *AutoResult, z []float64) []float64 {
	f := append([]float64(nil), r.Bias...)
	for i, c := range r.Centres {
		var d, lin float64
		for j := range z {
			x := z[j] * r.Scale[j]
			d += (x - c[j]) * (x - c[j])
			lin += x * c[j]
		}
		g := math.Exp(-0.5 * d / r.Vars[i])
		if r.Linear[i] {
			g = lin
		}
		for k := range f {
			f[k] += r.Weights[k][i] * g
		}
	}
	return f
}

// autoTestError returns the share of the points Z that the fitted model r puts in another class
// than class.
func autoTestError(r *AutoResult, Z [][]float64, class []int) float64 {
	wrong := 0
	for i, z := range Z {
		if argmax(decide(r, z)) != class[i] {
			wrong++
		}
	}
	return float64(wrong) / float64(len(Z))
}

func argmax(f []float64) int {
	if len(f) == 1 {
		if f[0] > 0 {
			return 1
		}
		return 0
	}
	b := 0
	for k, v := range f {
		if v > f[b] {
			b = k
		}
	}
	return b
}

func TestAutoClassifiers(t *testing.T) {
	for _, c := range []int{2, 3, 4} {
		X, class := blobs(240, c, uint64(c))
		Xt, ct := blobs(600, c, uint64(c)+100)
		r, err := Auto{Seed: 1, Workers: 2}.Fit(X, oneVsRest(class, c), class)
		if err != nil {
			t.Fatal(err)
		}
		if e := autoTestError(r, Xt, ct); e > 0.08 {
			t.Errorf("%d classes: test error %.3f", c, e)
		}
		if len(r.Weights) != len(oneVsRest(class, c)) || r.Size < 1 || r.Size != len(r.Centres) || r.Size > r.Selected {
			t.Errorf("%d classes: %d outputs, size %d of %d selected, %d centres", c, len(r.Weights), r.Size, r.Selected, len(r.Centres))
		}
		for i, o := range r.OOF {
			if len(o) != len(r.Weights) {
				t.Fatalf("%d classes: out-of-fold decisions of point %d: %v", c, i, o)
			}
		}
		if len(r.CVCurve) == 0 || len(r.CVMiss) != len(r.CVCurve) || r.CVMiss[r.Selected-1] > 0.1 {
			t.Errorf("%d classes: CV curves %d/%d points", c, len(r.CVCurve), len(r.CVMiss))
		}
	}
}

func TestAutoRegression(t *testing.T) {
	train, test := synth.Sinc(200, 2, 0.1, 1), synth.Sinc(500, 2, 0, 2)
	r, err := Auto{Seed: 3}.Fit(train.X, [][]float64{train.Y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var mse float64
	for i, x := range test.X {
		d := decide(r, x)[0] - test.Y[i]
		mse += d * d
	}
	if mse /= float64(len(test.X)); mse > 0.01 || r.CVMiss != nil {
		t.Errorf("test MSE %.4f (noise variance 0.01), CVMiss %v", mse, r.CVMiss)
	}
}

// The result does not depend on the number of goroutines. Four processors at least, so that
// four workers have four cores and the race halves its jobs (race).
func TestAutoWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0))))
	// 150 points: jobs on several workers; 700: products shared out too (L x N above splitMin).
	for _, n := range []int{150, 700} {
		X, class := blobs(n, 3, 9)
		var rs []*AutoResult
		for _, w := range []int{1, 2, 4} {
			r, err := Auto{Seed: 5, Workers: w}.Fit(X, oneVsRest(class, 3), class)
			if err != nil {
				t.Fatal(err)
			}
			r.Evaluations = 0
			rs = append(rs, r)
		}
		for _, r := range rs[1:] {
			if !reflect.DeepEqual(rs[0], r) {
				t.Fatalf("%d points: the model depends on the number of workers", n)
			}
		}
	}
}

// Data with many duplicated points run out of independent candidates: the paths stop early
// and every point still gets an out-of-fold decision.
func TestAutoDuplicates(t *testing.T) {
	var X [][]float64
	var class []int
	for i := range 60 {
		k := i % 3
		X = append(X, []float64{float64(k), float64(k * k)})
		class = append(class, (k+i/30)%2) // one conflicting pair of labels per point
	}
	r, err := Auto{Seed: 1}.Fit(X, oneVsRest(class, 2), class)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range r.OOF {
		if len(o) != 1 || math.IsNaN(o[0]) {
			t.Fatalf("point %d: out-of-fold decision %v", i, o)
		}
	}
	for _, w := range r.Weights[0] {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			t.Fatalf("weights %v", r.Weights)
		}
	}
}

// The held-out decisions tracked through the orthogonal columns equal the decisions of the
// model of the first n terms evaluated directly, at every size.
func TestHoldoutExact(t *testing.T) {
	X, class := blobs(120, 3, 2)
	Y := oneVsRest(class, 3)
	tr, va := X[:90], X[90:]
	Ytr, Yva := make([][]float64, 3), make([][]float64, 3)
	for k := range Y {
		Ytr[k], Yva[k] = Y[k][:90], Y[k][90:]
	}
	pts := append(append([][]float64(nil), tr[:40]...), Prototypes(tr, class[:90], 1)...)
	const tau = 0.7
	a := Auto{Lambda: 0.1}
	sc, s := a.build(newGaussians(pts, nil, tr).at(tau), Ytr, len(pts), 30)
	h := newHoldout(newGaussians(pts, nil, va).at(tau), Yva, class[90:], s, LossMSE)
	var chosen []int
	for n := 1; n <= 25; n++ {
		c := sc.step(s, a.Lambda)
		if c < 0 {
			break
		}
		chosen = append(chosen, c)
		h.add(c, s)
		w := s.PrefixWeightsK(s.Terms())
		for k := range Yva {
			for v, z := range va {
				f := w[k][0]
				for i, ci := range chosen {
					f += w[k][i+1] * math.Exp(-sqDist(z, pts[ci])/tau)
				}
				if d := math.Abs(f - h.f[k][v]); d > 1e-9*(1+math.Abs(f)) {
					t.Fatalf("size %d, output %d, point %d: tracked %v, direct %v", n, k, v, h.f[k][v], f)
				}
			}
		}
	}
	// The model's columns stay orthogonal.
	for i := 0; i < s.Terms(); i++ {
		for j := 0; j < i; j++ {
			if d := dot(s.Column(i), s.Column(j)); math.Abs(d) > 1e-9*math.Sqrt(s.Kappa(i)*s.Kappa(j)) {
				t.Fatalf("columns %d and %d: p'p = %v", i, j, d)
			}
		}
	}
}

// A fold's held-out path, kept compactly, gives the tracked held-out decisions, per-point
// losses and misclassifications at every size, bit for bit (the size rule's per-point losses
// and the out-of-fold decisions for calibration come from it).
func TestHeldPathReplay(t *testing.T) {
	X, class := blobs(150, 3, 5)
	Y := oneVsRest(class, 3)
	a := Auto{Seed: 3}
	a.defaults(len(X), 3)
	folds := a.folds(len(X), class)
	_, va := foldRows(folds, 1)
	_, yva, cva := pickRows(nil, Y, class, va)
	for _, kind := range []Loss{LossMSE, LossMiss} {
		a.Loss = kind
		type snap struct {
			f      [][]float64
			loss   []float64
			misses int
		}
		var tracked []snap
		recs, _ := a.runFold(X, Y, class, folds, 1, WeightNone, nil, []float64{1}, 20, func(s int, h *holdout) {
			sn := snap{loss: slices.Clone(h.loss), misses: h.misses}
			for k := range h.f {
				sn.f = append(sn.f, slices.Clone(h.f[k]))
			}
			tracked = append(tracked, sn)
		})
		if len(tracked) < 10 {
			t.Fatalf("the path reached %d terms", len(tracked)-1)
		}
		hp := recs[0].held
		for s, want := range tracked {
			if got := hp.decisions(s); !reflect.DeepEqual(got, want.f) {
				t.Fatalf("loss %d, size %d: replayed decisions differ from the tracked ones", kind, s)
			}
		}
		n := 0
		hp.replay(len(tracked)+5, yva, cva, kind, func(s int, h *holdout) {
			if want := tracked[s]; !reflect.DeepEqual(h.loss, want.loss) || h.misses != want.misses || !reflect.DeepEqual(h.f, want.f) {
				t.Fatalf("loss %d, size %d: replayed losses differ from the tracked ones", kind, s)
			}
			n++
		})
		if n != len(tracked) {
			t.Fatalf("loss %d: replayed %d sizes, tracked %d", kind, n, len(tracked))
		}
	}
}

// The screening pool scores candidates as a pool deflated by modified Gram-Schmidt does: the
// same selection by the regularised error reduction, step by step.
func TestScreenMatchesPool(t *testing.T) {
	X, class := blobs(100, 2, 4)
	y := oneVsRest(class, 2)[0]
	pts := X[:60]
	const tau, lambda = 1.0, 0.1
	g := newGaussians(pts, nil, X).at(tau)
	pool := NewPool(len(X), len(pts), 22)
	copy(pool.q, g)
	s1 := NewState(y, 22)
	s1.SetBias(biasLambda)
	pool.Start(s1)
	a := Auto{Lambda: lambda}
	sc, s2 := a.build(g, [][]float64{y}, len(pts), 22)
	for n := range 20 {
		want, bestV := -1, math.Inf(-1)
		pool.Scan(func(c int, _ []float64, pp, py float64) {
			d := pp + lambda
			if v := py * py * (pp + 2*lambda) / (d * d); v > bestV {
				want, bestV = c, v
			}
		})
		pool.Select(want, lambda)
		if c := sc.step(s2, lambda); c != want {
			t.Fatalf("step %d: screen chose %d, pool %d", n+1, c, want)
		}
	}
}

func tunedDecide(r *TunedResult, z []float64) float64 {
	f := r.Bias[0]
	for i, c := range r.Centres {
		var d float64
		for j := range z {
			x := z[j] * r.Scale[j]
			d += (x - c[j]) * (x - c[j])
		}
		f += r.Weights[0][i] * math.Exp(-0.5*d/r.Vars[i])
	}
	return f
}

// Tunable nodes: a small classifier and regressor of good accuracy, whatever the number of
// goroutines, and a clear error for several outputs.
func TestTuned(t *testing.T) {
	X, class := blobs(200, 2, 11)
	Xt, ct := blobs(600, 2, 12)
	var sizes []int
	for _, w := range []int{1, 3} {
		r, err := Tuned{Method: optim.PSO{}, Auto: Auto{Seed: 2, Workers: w}}.Fit(X, oneVsRest(class, 2), class)
		if err != nil {
			t.Fatal(err)
		}
		wrong := 0
		for i, x := range Xt {
			if (tunedDecide(r, x) > 0) != (ct[i] == 1) {
				wrong++
			}
		}
		if e := float64(wrong) / float64(len(Xt)); e > 0.08 || r.Size < 1 || r.Size > r.Built || r.Built > r.Fixed.Size {
			t.Errorf("workers %d: test error %.3f with %d of %d nodes (the fixed-node model: %d)", w, e, r.Size, r.Built, r.Fixed.Size)
		}
		if len(r.Vars) != r.Size || len(r.Weights[0]) != r.Size {
			t.Errorf("%d nodes, %d widths, %d weights", r.Size, len(r.Vars), len(r.Weights[0]))
		}
		if len(r.OOF) != len(X) || len(r.CVMiss) != len(r.CVCurve) {
			t.Errorf("out-of-fold decisions %d, curves %d/%d", len(r.OOF), len(r.CVCurve), len(r.CVMiss))
		}
		sizes = append(sizes, r.Size)
	}
	if sizes[0] != sizes[1] {
		t.Errorf("sizes %v depend on the number of workers", sizes)
	}
	train, test := synth.Sinc(150, 2, 0.1, 3), synth.Sinc(400, 2, 0, 4)
	r, err := Tuned{Method: optim.RWBS{Population: 6, Generations: 2, Inner: 10}, Auto: Auto{Seed: 1}}.Fit(train.X, [][]float64{train.Y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var mse float64
	for i, x := range test.X {
		d := tunedDecide(r, x) - test.Y[i]
		mse += d * d
	}
	if mse /= float64(len(test.X)); mse > 0.02 {
		t.Errorf("regression test MSE %.4f", mse)
	}
	X3, c3 := blobs(90, 3, 5)
	if _, err := (Tuned{Method: optim.PSO{}}).Fit(X3, oneVsRest(c3, 3), c3); !errors.Is(err, ErrTunedOutputs) {
		t.Errorf("three outputs: %v", err)
	}
	// An invalid optimiser setting is the optimiser's error, not "no node could be built".
	for _, meth := range []optim.Method{optim.PSO{Gamma: -1}, optim.RWBS{Tol: math.NaN()}} {
		if _, err := (Tuned{Method: meth, Auto: Auto{Seed: 1}}).Fit(train.X[:60], [][]float64{train.Y[:60]}, nil); !errors.Is(err, optim.ErrSetting) {
			t.Errorf("%+v: %v, want optim.ErrSetting", meth, err)
		}
	}
}

// TestAutoDefaults checks the defaults that depend on the problem: the random candidates
// (more with three or more classes) and the size cap.
func TestAutoDefaults(t *testing.T) {
	for _, c := range []struct {
		n, classes, budget, candidates, maxTerms int
		big                                      bool
	}{
		{n: 100, classes: 0, candidates: 200, maxTerms: 50},
		{n: 3000, classes: 2, candidates: 200, maxTerms: 300},
		{n: 600, classes: 3, candidates: 400, maxTerms: 200},
		{n: 20, classes: 26, candidates: 400, maxTerms: 19},
		{n: 4995, classes: 6, candidates: 400, maxTerms: 300},
		// More than 12 classes: 30 nodes a class up to 780, candidates 4/3 of that.
		{n: 4000, classes: 13, candidates: 520, maxTerms: 390},
		{n: 6000, classes: 20, candidates: 800, maxTerms: 600, big: true},
		{n: 16000, classes: 26, candidates: 1040, maxTerms: 780, big: true},
		// A classifier's held-out folds of 1,000 points or more: one race fold, one survivor.
		{n: 5000, classes: 2, candidates: 200, maxTerms: 300, big: true},
		{n: 8000, classes: 0, candidates: 200, maxTerms: 300}, // a regression races on two
		// A node budget above the default cap raises it, and the candidates with it.
		{n: 3000, classes: 2, budget: 900, candidates: 1200, maxTerms: 900},
		{n: 16000, classes: 26, budget: 1000, candidates: 1333, maxTerms: 1000, big: true},
		{n: 500, classes: 0, budget: 1000, candidates: 665, maxTerms: 499},
		{n: 3000, classes: 2, budget: 20, candidates: 200, maxTerms: 300},
		// The candidates stay within the memory bound (2^25 entries).
		{n: 100000, classes: 2, budget: 5000, candidates: 335, maxTerms: 5000, big: true},
		{n: 100000, classes: 26, candidates: 400, maxTerms: 780, big: true},
		{n: 50000, classes: 26, candidates: 671, maxTerms: 780, big: true},
	} {
		a := Auto{MaxSize: c.budget}
		a.defaults(c.n, c.classes)
		folds, survivors := 2, 2
		if c.big {
			folds, survivors = 1, 1
		}
		if a.Candidates != c.candidates || a.MaxTerms != c.maxTerms || a.RaceFolds != folds || a.Survivors != survivors {
			t.Errorf("n %d, %d classes: candidates %d, max terms %d, race folds %d, survivors %d; want %d, %d, %d, %d",
				c.n, c.classes, a.Candidates, a.MaxTerms, a.RaceFolds, a.Survivors, c.candidates, c.maxTerms, folds, survivors)
		}
	}
	a := Auto{Candidates: 50, RaceFolds: 1}
	if a.defaults(100, 5); a.Candidates != 50 || a.RaceFolds != 1 {
		t.Errorf("a set Candidates became %d, RaceFolds 1 became %d", a.Candidates, a.RaceFolds)
	}
	b := Auto{RaceFolds: 5}
	if b.defaults(100, 2); b.RaceFolds != 2 {
		t.Errorf("RaceFolds 5 became %d, want 2 (the race has a second fold at most)", b.RaceFolds)
	}
}

// TestCandidates checks the candidate centres: the random points then the prototypes (the
// mean, and 1 + 2 + 4 + 8 centroids a class); with the finer centroids (Auto.finer) the
// classes' clusterings go on to finerLevels centroids (clusters of 4 points at least) and the
// random points only fill the budget beyond them.
func TestCandidates(t *testing.T) {
	for _, c := range []struct {
		n, classes, budget, random, protos int
		finer                              bool
	}{
		{n: 240, classes: 3, budget: 100, random: 100, protos: 1 + 3*15},
		{n: 1040, classes: 13, budget: 450, random: 450, protos: 1 + 13*15},
		{n: 240, classes: 3, budget: 100, random: 100 - (1 + 3*31), protos: 1 + 3*31, finer: true},
		{n: 1040, classes: 13, budget: 450, random: 450 - (1 + 13*31), protos: 1 + 13*31, finer: true},
		{n: 1040, classes: 13, budget: 300, random: 0, protos: 1 + 13*31, finer: true},
		// 20 points a class: clusters of at least 4 points stop at k = 4.
		{n: 260, classes: 13, budget: 200, random: 200 - (1 + 13*7), protos: 1 + 13*7, finer: true},
		// 130 points a class reach k = 32.
		{n: 390, classes: 3, budget: 300, random: 300 - (1 + 3*63), protos: 1 + 3*63, finer: true},
	} {
		X, class := blobs(c.n, c.classes, 3)
		a := Auto{Candidates: c.budget, Seed: 1, finer: c.finer}
		pts := a.candidates(X, class, 0)
		if len(pts) != c.random+c.protos {
			t.Errorf("%d points, %d classes, budget %d, finer %v: %d candidates, want %d random and %d prototypes",
				c.n, c.classes, c.budget, c.finer, len(pts), c.random, c.protos)
			continue
		}
		finest := 8
		if c.finer {
			finest = finerLevels
		}
		if got := prototypeCount(class, finest); got != c.protos {
			t.Errorf("%d classes, finer %v: prototypeCount %d, want %d", c.classes, c.finer, got, c.protos)
		}
		if want := prototypes(X, class, seeds.Derive(1, streamPrototypes, 1), finest); !reflect.DeepEqual(pts[c.random:], want) {
			t.Errorf("%d classes, finer %v: the candidates do not end with the prototypes", c.classes, c.finer)
		}
		for _, p := range pts[:c.random] { // training points, copied: a fold's candidates are
			// kept for the fit, its weighted inputs are not (on wide data they were most of its memory)
			if !slices.ContainsFunc(X, func(x []float64) bool { return slices.Equal(x, p) }) {
				t.Fatalf("%d classes: random candidate %v is not a training point", c.classes, p)
			}
			if slices.ContainsFunc(X, func(x []float64) bool { return &x[0] == &p[0] }) {
				t.Fatalf("%d classes: random candidate %v is a row of the inputs, not a copy", c.classes, p)
			}
		}
	}
}

// TestScaledPoints checks that the points scaledPoints holds over the scaled rows' own array
// are newPoints's of those rows, bit for bit, and that the array is the rows'.
func TestScaledPoints(t *testing.T) {
	X, _ := blobs(50, 2, 7)
	scale := []float64{0.5, 1e-3}
	rows, p := scaledPoints(X, scale)
	if want := scaled(X, scale); !reflect.DeepEqual(rows, want) {
		t.Fatalf("scaledPoints's rows are not scaled's")
	}
	if want := newPoints(rows); !reflect.DeepEqual(p, want) {
		t.Errorf("scaledPoints's points differ from newPoints's")
	}
	for i, r := range rows {
		if &r[0] != &p.z[i*len(scale)] {
			t.Fatalf("row %d is not in the points' array", i)
		}
	}
}

// TestFoldKernelsKept checks the kernel matrices of a fold on wide data (more inputs than
// candidates): a fold and weighting's later paths get the first one's distances and linear
// columns, the same numbers as computed afresh, and those survive the pool's reuse of the
// buffers the paths hand back.
func TestFoldKernelsKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n, m = 60, 40
	Z := make([][]float64, n)
	y := make([]float64, n)
	class := make([]int, n)
	for i := range Z {
		class[i] = i % 2
		y[i] = float64(2*class[i] - 1)
		Z[i] = make([]float64, m)
		for j := range Z[i] {
			Z[i][j] = rng.NormFloat64() + 0.3*y[i]*float64(j%3)
		}
	}
	Ztr, Zva := Z[:45], Z[45:]
	Ytr := [][]float64{y[:45]}
	a := Auto{Seed: 1, Candidates: 12, NoPrototypes: true, inputs: newFoldInputs()}
	w := WeightRelevance
	in := a.foldInput(0, w, Ztr, Ytr, class[:45])
	scale, dirs, pts := in.scale, in.dirs, in.pts
	if l := len(pts) + len(dirs); l >= m {
		t.Fatalf("%d candidates for %d inputs: not the wide case", l, m)
	}
	fresh := func(Z [][]float64) []float64 {
		k := newGaussians(pts, dirs, scaled(Z, scale))
		return slices.Clone(k.at(0.5))
	}
	wantTr, wantVa := fresh(Ztr), fresh(Zva)
	for visit := range 3 {
		ktr, kva := a.foldKernels(in, Ztr, Zva)
		if !ktr.kept || !kva.kept {
			t.Fatalf("visit %d: the kernel matrices are not the kept ones", visit)
		}
		if got := ktr.at(0.5); !slices.Equal(got, wantTr) {
			t.Errorf("visit %d: training kernel matrix differs from a fresh one", visit)
		}
		if got := kva.at(0.5); !slices.Equal(got, wantVa) {
			t.Errorf("visit %d: held-out kernel matrix differs from a fresh one", visit)
		}
		sizes := []int{len(ktr.d2), len(ktr.g), len(kva.d2), len(kva.g)}
		ktr.release()
		kva.release()
		for _, size := range sizes { // the pool's buffers, written over: not the kept distances
			b := matrixBuf(size)
			for i := range b {
				b[i] = -1
			}
		}
	}
}

// TestAutoExtendsWidths checks that the race extends the width grid when its best width is at
// the grid's end: on a fast sine, whose best width is far below the default grid's smallest
// (m/16), the extended fit is narrower and more accurate than the one held to the grid.
func TestAutoExtendsWidths(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	sample := func(n int, noise float64) ([][]float64, []float64) {
		X, y := make([][]float64, n), make([]float64, n)
		for i := range X {
			x := (rng.Float64()*2 - 1) * math.Sqrt(3) // unit variance
			X[i], y[i] = []float64{x}, math.Sin(2*math.Pi*x/0.43)+noise*rng.NormFloat64()
		}
		return X, y
	}
	X, y := sample(400, 0.1)
	Xt, yt := sample(500, 0)
	mse := func(r *AutoResult) float64 {
		var s float64
		for i, x := range Xt {
			d := decide(r, x)[0] - yt[i]
			s += d * d
		}
		return s / float64(len(Xt))
	}
	held, err := Auto{Seed: 1, Extend: -1, NoLinear: true}.Fit(X, [][]float64{y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ext, err := Auto{Seed: 1, NoLinear: true}.Fit(X, [][]float64{y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if held.Tau != 1.0/16 {
		t.Errorf("held to the grid: tau %g, want its smallest, 1/16", held.Tau)
	}
	if !(ext.Tau < 1.0/16) || !(mse(ext) < mse(held)) {
		t.Errorf("extended: tau %g, test MSE %.4f; held to the grid: tau %g, MSE %.4f", ext.Tau, mse(ext), held.Tau, mse(held))
	}
}

// TestAutoRaceCut checks the race in two rounds against one: it runs (the evaluations
// differ) and chooses the same model, on a fast sine and on three blobs. (Whether it saves
// time depends on how long the paths are: bench measures that.)
func TestAutoRaceCut(t *testing.T) {
	skipOneWorker(t)
	rng := rand.New(rand.NewPCG(9, 10))
	X, y := make([][]float64, 600), make([]float64, 600)
	for i := range X {
		x := (rng.Float64()*2 - 1) * math.Sqrt(3)
		X[i], y[i] = []float64{x}, math.Sin(2*math.Pi*x/0.6)+0.1*rng.NormFloat64()
	}
	B, class := blobs(600, 3, 21)
	for _, tc := range []struct {
		name  string
		X, Y  [][]float64
		class []int
	}{
		{"sine", X, [][]float64{y}, nil},
		{"blobs", B, oneVsRest(class, 3), class},
	} {
		one, err := Auto{Seed: 4, RaceCut: -1}.Fit(tc.X, tc.Y, tc.class)
		if err != nil {
			t.Fatal(err)
		}
		two, err := Auto{Seed: 4}.Fit(tc.X, tc.Y, tc.class)
		if err != nil {
			t.Fatal(err)
		}
		if two.Evaluations == one.Evaluations {
			t.Errorf("%s: two rounds cost the same %d evaluations as one: the cut did not run", tc.name, one.Evaluations)
		}
		if two.Tau != one.Tau || two.Weighting != one.Weighting || two.Size != one.Size {
			t.Errorf("%s: two rounds chose %v tau %g, %d nodes; one round %v tau %g, %d nodes",
				tc.name, two.Weighting, two.Tau, two.Size, one.Weighting, one.Tau, one.Size)
		}
	}
}

// TestAutoSecondFold checks the race's second fold against paths run one by one: the leading
// third of the configurations ranked on the first fold (at least Survivors) are ranked by their
// held-out loss summed over the first two folds, and the others leave the race.
func TestAutoSecondFold(t *testing.T) {
	Z, class := blobs(300, 3, 5)
	Y := oneVsRest(class, 3)
	a := Auto{Seed: 2, Extend: -1}
	a.defaults(len(Z), 3)
	folds := a.folds(len(Z), class)
	taus := make([]float64, len(a.TauFactors))
	for i, f := range a.TauFactors {
		taus[i] = f * float64(len(Z[0]))
	}
	maxT := a.MaxTerms
	var evals int
	first := a
	first.RaceFolds = 1
	p1 := newAutoPaths(len(a.Weighting), len(taus), a.Folds, maxT)
	_, r1 := first.raceFirstFold(Z, Y, class, folds, taus, maxT, maxT, p1, &evals)
	p2 := newAutoPaths(len(a.Weighting), len(taus), a.Folds, maxT)
	_, r2 := a.raceFirstFold(Z, Y, class, folds, taus, maxT, maxT, p2, &evals)

	lead := max(a.Survivors, len(r1)/3)
	run := leading(r1, len(a.Weighting), len(taus), lead, true)
	want := map[config]float64{}
	for _, r := range r1 {
		if !run[r.c][r.t] {
			continue
		}
		recs, _ := a.runFold(Z, Y, class, folds, 1, a.Weighting[r.c], nil, taus[r.t:r.t+1], maxT, nil)
		loss := recs[0].loss
		best := math.Inf(1)
		for s := 1; s <= maxT; s++ {
			best = min(best, p1.loss[r.c][r.t][s]+loss[min(s, len(loss)-1)])
		}
		want[config{c: r.c, t: r.t}] = best
	}
	if len(r2) != len(r1) {
		t.Fatalf("%d configurations ranked, want %d", len(r2), len(r1))
	}
	for i, r := range r2 {
		w, ok := want[config{c: r.c, t: r.t}]
		switch {
		case i < len(want) && !ok:
			t.Errorf("rank %d: weighting %d, width %d was not among the first fold's leading %d or a weighting's best", i, r.c, r.t, lead)
		case i < len(want) && math.Abs(r.v-w) > 1e-9*w:
			t.Errorf("rank %d: loss over two folds %v, want %v from paths run alone", i, r.v, w)
		case i > 0 && r.v < r2[i-1].v:
			t.Errorf("rank %d: loss %v below rank %d's %v", i, r.v, i-1, r2[i-1].v)
		case i >= len(want) && !math.IsInf(r.v, 1):
			t.Errorf("rank %d: loss %v, want +Inf (out of the race)", i, r.v)
		}
	}
}

// leading keeps the first lead configurations and, with each, every weighting's best; never
// one out of the race.
func TestLeading(t *testing.T) {
	inf := math.Inf(1)
	ranked := []config{{0, 2, 1}, {0, 1, 2}, {0, 3, 3}, {1, 2, 4}, {1, 0, 5}, {2, 1, inf}}
	tests := []struct {
		name string
		lead int
		each bool
		want []config // marked (c, t)
	}{
		{"two", 2, false, []config{{0, 2, 0}, {0, 1, 0}}},
		{"two and each weighting's best", 2, true, []config{{0, 2, 0}, {0, 1, 0}, {1, 2, 0}}},
		{"one and each", 1, true, []config{{0, 2, 0}, {1, 2, 0}}},
		{"all but the one out", 9, true, []config{{0, 2, 0}, {0, 1, 0}, {0, 3, 0}, {1, 2, 0}, {1, 0, 0}}},
	}
	for _, tc := range tests {
		m := leading(ranked, 3, 4, tc.lead, tc.each)
		var got []config
		for _, r := range ranked {
			if m[r.c][r.t] {
				got = append(got, config{r.c, r.t, 0})
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: marked %v, want %v", tc.name, got, tc.want)
		}
	}
}

// The kernel matrix, by direct distances (few inputs) or by one matrix product (more), against
// exp(-||z - c||^2 / tau) entry by entry, and at a width half as large (by squaring); the
// linear candidates' rows after it untouched by either.
func TestGaussians(t *testing.T) {
	for _, m := range []int{1, directInputs, directInputs + 1, 13} {
		rng := rand.New(rand.NewPCG(uint64(m), 2))
		pts, Z, dirs := normals(rng, 7, m), normals(rng, 11, m), normals(rng, 2, m)
		k := newGaussians(pts, dirs, Z)
		for _, tau := range []float64{2 * float64(m), float64(m)} {
			g := k.at(tau)
			for c, p := range pts {
				for i, z := range Z {
					want := math.Exp(-sqDist(p, z) / tau)
					if got := g[c*len(Z)+i]; math.Abs(got-want) > 1e-12 {
						t.Fatalf("m %d, tau %g, entry (%d, %d): %g, want %g", m, tau, c, i, got, want)
					}
				}
			}
			// The linear candidates' rows follow, the same at every width.
			for d, v := range dirs {
				for i, z := range Z {
					if got, want := g[(len(pts)+d)*len(Z)+i], dot(v, z); got != want {
						t.Fatalf("m %d, tau %g, linear row %d, point %d: %g, want %g", m, tau, d, i, got, want)
					}
				}
			}
		}
	}
}

// TestBinnedRatio checks the regression relevance: an input of two values gets the squared
// correlation adjusted for two bins, a quadratic effect (no correlation) most of the
// variance, an irrelevant input about 0, and tied values share a bin.
func TestBinnedRatio(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 400
	Z, y := make([][]float64, n), make([]float64, n)
	for i := range Z {
		b := float64(rng.IntN(2))
		Z[i] = []float64{b, rng.Float64()*2 - 1, rng.NormFloat64()}
		y[i] = b + 4*Z[i][1]*Z[i][1] + 0.1*rng.NormFloat64()
	}
	// Input 0 has two values: the two bins' eta^2 is the squared correlation.
	var mb, my float64
	for i := range y {
		mb += Z[i][0] / float64(n)
		my += y[i] / float64(n)
	}
	var sbb, syy, sby float64
	for i := range y {
		sbb += (Z[i][0] - mb) * (Z[i][0] - mb)
		syy += (y[i] - my) * (y[i] - my)
		sby += (Z[i][0] - mb) * (y[i] - my)
	}
	r2 := sby * sby / (sbb * syy)
	if got, want := newBinnedRatio(y).of(Z, 0), 1-(1-r2)*float64(n-1)/float64(n-2); math.Abs(got-want) > 1e-12 {
		t.Errorf("two-valued input: %v, want %v", got, want)
	}
	if got := newBinnedRatio(y).of(Z, 1); got < 0.5 {
		t.Errorf("quadratic effect: %v, want most of the variance", got)
	}
	if got := newBinnedRatio(y).of(Z, 2); got > 0.03 {
		t.Errorf("irrelevant input: %v, want about 0", got)
	}
	// The relevance weighting of a regression uses it; of classes, the correlation.
	s := weights(Z, [][]float64{y}, nil, WeightRelevance, nil, 0)
	if s[1] < 2*s[2] || s[2] != 0.1 {
		t.Errorf("regression relevance %v: the quadratic input should dominate, the irrelevant one sit at the floor", s)
	}
}

// TestCodedRelevance checks a classifier's relevance of an input coded in a few levels (the
// correlation ratio over its levels, which does not depend on the coding) against a
// continuous input's (the linear correlation): an input coded 1 to 4 whose classes are 2 and 3
// against 1 and 4 has no linear correlation with the class but decides it.
func TestCodedRelevance(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 400
	Z := make([][]float64, n)
	y := make([]float64, n)
	class := make([]int, n)
	for i := range Z {
		code := float64(1 + rng.IntN(4))
		Z[i] = []float64{code, rng.NormFloat64(), rng.NormFloat64()}
		class[i] = 0
		if code == 2 || code == 3 {
			class[i] = 1
		}
		if rng.Float64() < 0.1 { // some noise in the labels
			class[i] = 1 - class[i]
		}
		Z[i][1] += float64(class[i]) // a continuous input shifted by the class
		y[i] = float64(2*class[i] - 1)
	}
	s := weights(Z, [][]float64{y}, class, WeightRelevance, nil, 0)
	if !(s[0] > s[1] && s[1] > 3*s[2]) {
		t.Errorf("relevance %v: want the coded input first, the shifted one second, the noise last", s)
	}
	// The same input recoded (levels permuted) has the same relevance.
	perm := map[float64]float64{1: 3, 2: 1, 3: 4, 4: 2}
	Zp := make([][]float64, n)
	for i, z := range Z {
		Zp[i] = []float64{perm[z[0]], z[1], z[2]}
	}
	if sp := weights(Zp, [][]float64{y}, class, WeightRelevance, nil, 0); math.Abs(sp[0]-s[0]) > 1e-12 {
		t.Errorf("recoded input: relevance %v, was %v", sp[0], s[0])
	}
}

// TestFewerMisses checks the several-class size rule: the squared error's rule, grown until
// the held-out misclassifications are within se paired standard errors of the fewest. (One
// miss more than the fewest, not offset by a point the other size gets wrong, is never within
// one standard error: its mean over its standard error is sqrt(n/(n-1)).)
func TestFewerMisses(t *testing.T) {
	flat := []float64{1, 1, 1, 1, 1, 1, 1, 1}
	noisy := []float64{1.2, 0.9, 1.3, 0.8, 1.1, 1, 1.2, 0.9} // within one standard error of flat
	high := []float64{3, 2, 3, 2, 3, 2, 3, 2}
	fewest := []float64{0, 1, 0, 0, 0, 0, 0, 0}
	swap := []float64{1, 0, 0, 0, 0, 0, 0, 0}  // as many, other points: within any tolerance
	extra := []float64{1, 0, 1, 0, 0, 0, 0, 0} // one more, offset by a swap: within one se
	many := []float64{1, 0, 1, 1, 0, 1, 1, 0}  // three more: not within
	for _, tc := range []struct {
		name        string
		loss, wrong [][]float64
		from, best  int
		se          float64
		want        int
	}{
		{"misses close enough: the squared error's size", [][]float64{nil, high, noisy, flat, flat}, [][]float64{nil, many, extra, fewest, swap}, 2, 4, 1, 2},
		{"too many misses: grown to the first size with few enough", [][]float64{nil, high, noisy, flat, flat}, [][]float64{nil, many, many, swap, fewest}, 2, 4, 1, 3},
		{"a size with few misses but too high a squared error is passed over", [][]float64{nil, high, noisy, high, flat, flat}, [][]float64{nil, many, many, fewest, swap, fewest}, 2, 5, 1, 4},
		{"no tolerance: one more miss is too many", [][]float64{nil, high, flat, flat}, [][]float64{nil, many, extra, fewest}, 2, 3, 0, 3},
		{"no tolerance: as many misses is enough", [][]float64{nil, high, flat, flat}, [][]float64{nil, many, swap, fewest}, 2, 3, 0, 2},
	} {
		if got := fewerMisses(tc.loss, tc.wrong, tc.from, tc.best, tc.se); got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestByMisses checks the size rule of Auto.ByMisses: the smallest size whose held-out
// misclassifications are within se paired standard errors of the fewest, the squared error not
// asked.
func TestByMisses(t *testing.T) {
	fewest := []float64{0, 1, 0, 0, 0, 0, 0, 0}
	extra := []float64{1, 1, 0, 0, 0, 0, 0, 0} // one more: within two standard errors, not one
	many := []float64{1, 1, 1, 1, 0, 1, 1, 0}  // five more: within neither
	for _, tc := range []struct {
		name  string
		wrong [][]float64
		best  int
		se    float64
		want  int
	}{
		{"one more miss at two standard errors: the smaller size", [][]float64{nil, many, extra, fewest, fewest}, 4, 2, 2},
		{"one more miss at one standard error: the size of fewest", [][]float64{nil, many, extra, fewest, fewest}, 4, 1, 3},
		{"the fewest beyond the size of least loss are not looked at", [][]float64{nil, many, extra, many, fewest}, 3, 2, 2},
		{"the first of equally few", [][]float64{nil, fewest, extra, fewest}, 3, 0, 1},
	} {
		if got := byMisses(tc.wrong, tc.best, tc.se); got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, got, tc.want)
		}
	}
}

// normalClasses draws n points of m standard normal inputs from the stream (seed, stream),
// each labelled by rule.
func normalClasses(n, m int, seed, stream uint64, rule func(z []float64, rng *rand.Rand) int) (Z [][]float64, class []int) {
	rng := rand.New(rand.NewPCG(seed, stream))
	for range n {
		z := make([]float64, m)
		for j := range z {
			z[j] = rng.NormFloat64()
		}
		Z, class = append(Z, z), append(class, rule(z, rng))
	}
	return Z, class
}

// spread draws n points whose two classes differ only in the spread of the first two of m
// inputs (inside or outside a circle of median radius), the other inputs noise: no input's
// mean differs between the classes.
func spread(n, m int, seed uint64) (Z [][]float64, class []int) {
	return normalClasses(n, m, seed, 5, func(z []float64, _ *rand.Rand) int {
		if z[0]*z[0]+z[1]*z[1] > 2*math.Ln2 { // the median of a chi-square of 2 degrees
			return 1
		}
		return 0
	})
}

// TestQuadraticRelevance checks WeightQuadratic: the inputs whose spread differs between
// the classes weigh more than the noise, where WeightRelevance cannot tell them apart; an
// input of two levels weighs as WeightRelevance weighs it (its square is linear in it).
func TestQuadraticRelevance(t *testing.T) {
	Z, class := spread(400, 5, 1)
	for i, z := range Z {
		Z[i] = append(z, float64(class[i]^(i%7/6))) // a binary input: the class, flipped on 1 in 7
	}
	Y := oneVsRest(class, 2)
	q, r := weights(Z, Y, class, WeightQuadratic, nil, 0), weights(Z, Y, class, WeightRelevance, nil, 0)
	for j := 2; j < 5; j++ {
		if q[0] < 3*q[j] || q[1] < 3*q[j] {
			t.Errorf("quadratic relevance %v: inputs 1 and 2 should weigh several times input %d", q, j+1)
		}
	}
	if r[0] > 0.5*r[5] || r[1] > 0.5*r[5] {
		t.Errorf("relevance %v: the spread should be invisible to the correlations", r)
	}
	// Both are normalised to a mean square of 1: compare the binary input's raw share.
	if math.Abs(q[5]*q[5]/(q[0]*q[0]+q[1]*q[1]+q[5]*q[5])-r[5]*r[5]/(r[0]*r[0]+r[1]*r[1]+r[5]*r[5])) < 0.1 {
		t.Errorf("quadratic %v and linear %v relevance: the spread inputs should take a share from the binary one", q, r)
	}
}

// TestAutoRescue checks that a classifier whose default weightings explain almost nothing
// out of fold is fitted again with the quadratic relevance, which then wins, and that one
// whose classes differ in mean is not.
func TestAutoRescue(t *testing.T) {
	Z, class := spread(300, 40, 2) // 2 of 40 inputs: the isotropic kernel drowns them
	r, err := Auto{Seed: 1}.Fit(Z, oneVsRest(class, 2), class)
	if err != nil {
		t.Fatal(err)
	}
	Zt, ct := spread(1000, 40, 3)
	if e := autoTestError(r, Zt, ct); !r.Rescued || r.Weighting != WeightQuadratic || e > 0.2 {
		t.Errorf("spread classes: rescued %v, weighting %v, test error %.3f; want the quadratic relevance under 0.2 (%s)",
			r.Rescued, r.Weighting, e, r.Chose)
	}
	X, cl := blobs(200, 2, 4)
	if r, err := (Auto{Seed: 1}).Fit(X, oneVsRest(cl, 2), cl); err != nil || r.Rescued {
		t.Errorf("classes apart in mean: rescued %v (%v)", r != nil && r.Rescued, err)
	}
}

// TestAutoResize checks the hook that may cut a several-class model's size: it is handed the
// size rule's size and out-of-fold decisions replayed at any size (at that size, those of the
// fit without the hook), and the model is built at the size it returns, with that size's
// out-of-fold decisions.
func TestAutoResize(t *testing.T) {
	X, class := blobs(240, 3, 7)
	Y := oneVsRest(class, 3)
	base, err := Auto{Seed: 1, Workers: 2, NoPrune: true}.Fit(X, Y, class)
	if err != nil {
		t.Fatal(err)
	}
	var asked int
	var small [][]float64
	a := Auto{Seed: 1, Workers: 2, NoPrune: true}
	a.Resize = func(_ [][]float64, size int, decisions func(s int) [][]float64) int {
		asked = size
		if got := decisions(size); !slices.EqualFunc(got, base.OOF, slices.Equal) {
			t.Error("the decisions at the size rule's size are not the out-of-fold decisions of the fit without the hook")
		}
		small = decisions(1)
		return 1
	}
	r, err := a.Fit(X, Y, class)
	if err != nil {
		t.Fatal(err)
	}
	if asked != base.Selected || asked < 2 {
		t.Fatalf("asked at size %d; the size rule chose %d", asked, base.Selected)
	}
	if r.Selected != 1 || len(r.Centres) != 1 || !slices.EqualFunc(r.OOF, small, slices.Equal) {
		t.Errorf("built %d nodes (%d centres); want 1, with the decisions at size 1", r.Selected, len(r.Centres))
	}
	// Size 0: no Gaussian node, the bias alone (its outputs the classes' shares), and the
	// folds' biases as the out-of-fold decisions.
	var none [][]float64
	a.Resize = func(_ [][]float64, size int, decisions func(s int) [][]float64) int {
		none = decisions(0)
		return 0
	}
	if r, err = a.Fit(X, Y, class); err != nil {
		t.Fatal(err)
	}
	if r.Selected != 0 || len(r.Centres) != 0 || len(r.Weights) != 3 || len(r.Weights[0]) != 0 || !slices.EqualFunc(r.OOF, none, slices.Equal) {
		t.Fatalf("size 0: %d selected, %d centres, weights %v", r.Selected, len(r.Centres), r.Weights)
	}
	for k, b := range r.Bias { // the one-vs-rest codes' means: 2 share - 1, about -1/3 each
		if math.Abs(b+1.0/3) > 0.05 {
			t.Errorf("output %d's bias %v, want about -1/3", k, b)
		}
	}
}

// TestAutoAlt checks the race of another encoding of the inputs: classes inside a circle of
// two uniform inputs, given as standardised exponentials of them (a few points far out, most
// crowded) with the inputs themselves as Alt. Alt is kept, decided on all folds or (early, as
// for a large classifier) on the first alone, and the model is built on it: its decisions on
// Alt reproduce its out-of-fold quality. An Alt equal to the inputs is never kept.
func TestAutoAlt(t *testing.T) {
	skipOneWorker(t)
	rng := rand.New(rand.NewPCG(11, 12))
	n := 1000
	X, Z := make([][]float64, n), make([][]float64, n)
	y := make([]float64, n)
	class := make([]int, n)
	for i := range X {
		X[i] = []float64{2*rng.Float64() - 1, 2*rng.Float64() - 1}
		Z[i] = []float64{math.Exp(5 * X[i][0]), math.Exp(5 * X[i][1])}
		y[i] = -1
		if X[i][0]*X[i][0]+X[i][1]*X[i][1] < 0.5 {
			y[i], class[i] = 1, 1
		}
	}
	standardise := func(M [][]float64) [][]float64 {
		out := make([][]float64, len(M))
		for i := range out {
			out[i] = slices.Clone(M[i])
		}
		for j := range M[0] {
			var m, v float64
			for _, r := range M {
				m += r[j] / float64(len(M))
			}
			for _, r := range M {
				v += (r[j] - m) * (r[j] - m) / float64(len(M)-1)
			}
			for _, r := range out {
				r[j] = (r[j] - m) / math.Sqrt(v)
			}
		}
		return out
	}
	Zs, Xs := standardise(Z), standardise(X)
	for _, tc := range []struct {
		name  string
		alt   [][]float64
		early bool
		want  bool
	}{
		{"better encoding", Xs, false, true},
		{"better encoding, early", Xs, true, true},
		{"the same inputs", Zs, false, false},
		{"the same inputs, early", Zs, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := Auto{Seed: 3, Alt: tc.alt}
			if tc.early {
				a.Survivors, a.RaceFolds = 1, 1
			}
			res, err := a.Fit(Zs, [][]float64{y}, class)
			if err != nil {
				t.Fatal(err)
			}
			if res.Alt != tc.want {
				t.Fatalf("Alt kept: %v, want %v (%s)", res.Alt, tc.want, res.Chose)
			}
			if !tc.want {
				return
			}
			wrong := 0 // the final model on the inputs it was built on
			for i, x := range Xs {
				f := res.Bias[0]
				for k, c := range res.Centres {
					zs := make([]float64, len(x))
					for j := range x {
						zs[j] = x[j] * res.Scale[j]
					}
					var d float64
					for j := range c {
						d += (zs[j] - c[j]) * (zs[j] - c[j])
					}
					g := math.Exp(-0.5 * d / res.Vars[k])
					if res.Linear[k] {
						g = 0
						for j := range c {
							g += c[j] * zs[j]
						}
					}
					f += res.Weights[0][k] * g
				}
				if (f > 0) != (class[i] == 1) {
					wrong++
				}
			}
			if wrong > n/20 {
				t.Errorf("%d of %d training points misclassified by the model built on Alt", wrong, n)
			}
		})
	}
}

// TestRaceFiner checks the first-fold race of the classes' finer centroids: kept where each
// class is spread over many small clusters (a checkerboard of 3 classes on an 8 x 8 grid, at a
// narrow width and with too few random points to reach every cell), not where each
// class is one blob that a wide node or two covers.
func TestRaceFiner(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	board := func(n int) (X [][]float64, class []int) {
		for range n {
			i, j := rng.IntN(8), rng.IntN(8)
			X = append(X, []float64{float64(i) + 0.08*rng.NormFloat64(), float64(j) + 0.08*rng.NormFloat64()})
			class = append(class, (i+2*j)%3)
		}
		return X, class
	}
	for _, c := range []struct {
		name string
		data func() ([][]float64, []int)
		tau  float64
		want bool
	}{
		{"checkerboard", func() ([][]float64, []int) { return board(900) }, 0.05, true},
		{"blobs", func() ([][]float64, []int) { return blobs(900, 3, 7) }, 1, false},
	} {
		X, class := c.data()
		Y := oneVsRest(class, 3)
		a := Auto{Seed: 1, Candidates: 60, MaxTerms: 60, Workers: 1}
		a.defaults(len(X), 3)
		a.inputs, a.cores = newFoldInputs(), newCores(1)
		folds := a.folds(len(X), class)
		taus := []float64{c.tau}
		raw := newAutoPaths(len(a.Weighting), len(taus), a.Folds, a.MaxTerms)
		var evals int
		a.race("race", X, Y, class, folds, []int{0}, taus, a.MaxTerms, mask(len(a.Weighting), 1, func(i, j int) bool { return i == 0 }), raw, &evals)
		got := a.raceFiner(X, Y, class, folds, taus, a.MaxTerms, a.MaxTerms, 0, 0, raw, &evals) != nil
		if got != c.want {
			t.Errorf("%s: finer centroids kept %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRaceKeeps checks how many configurations the first-fold race takes from its first round
// (to a cap/RaceCut nodes) on to the cap: a third of them, or bigKeep for a large classifier
// (one race fold).
func TestRaceKeeps(t *testing.T) {
	X, class := blobs(600, 3, 11)
	Y := oneVsRest(class, 3)
	for _, c := range []struct{ raceFolds, want int }{{2, 6}, {1, bigKeep}} {
		a := Auto{Seed: 1, MaxTerms: 160, Candidates: 300, RaceFolds: c.raceFolds, Survivors: 1, Extend: -1, Patience: 200, Workers: 1}
		a.defaults(len(X), 3)
		a.inputs, a.cores = newFoldInputs(), newCores(1)
		folds := a.folds(len(X), class)
		taus := []float64{0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32}
		paths := newAutoPaths(len(a.Weighting), len(taus), a.Folds, a.MaxTerms)
		var evals int
		a.raceFirstFold(X, Y, class, folds, taus, a.MaxTerms, a.MaxTerms, paths, &evals)
		on := 0 // configurations whose first-fold path went past the first round's 20 nodes
		for w := range paths.recs {
			for j := range paths.recs[w] {
				if r := paths.recs[w][j][0]; r != nil && len(r.loss)-1 > a.MaxTerms/a.RaceCut {
					on++
				}
			}
		}
		if on != c.want {
			t.Errorf("race folds %d: %d configurations went on to the cap, want %d", c.raceFolds, on, c.want)
		}
	}
}

// TestStarved checks when a fit starts again with more random candidates: the first fold's
// leading path had its least held-out loss at a size of at least its random candidates less
// Patience, and the cap and the memory bound leave room.
func TestStarved(t *testing.T) {
	falling := func(reached, best int) []float64 { // loss at sizes 0..300, least at best
		l := make([]float64, 301)
		for s := range l {
			l[s] = 100 + math.Abs(float64(s-best))
			if s > reached {
				l[s] = l[reached]
			}
		}
		return l
	}
	tests := []struct {
		name                   string
		twoClass               bool
		n                      int
		reached, best, maxT, c int
		want                   int
	}{
		{"used up, still falling", true, 50000, 230, 228, 300, 200, 400},
		{"used up, least at the end", true, 50000, 232, 232, 300, 200, 400},
		{"stopped by patience past the random candidates", true, 50000, 222, 212, 300, 200, 400},
		{"least before the random candidates less patience", true, 50000, 230, 189, 300, 200, 0},
		{"stopped before the candidates ran out", true, 50000, 150, 148, 300, 200, 0},
		{"several classes", false, 50000, 230, 228, 300, 200, 0},
		{"the cap leaves no room", true, 50000, 200, 199, 160, 200, 0},
		{"the memory bound leaves little room", true, 150000, 230, 228, 300, 200, 0},
	}
	for _, tc := range tests {
		a := Auto{MaxTerms: tc.maxT, Candidates: tc.c, Patience: 10}
		p := newAutoPaths(1, 1, 5, 300)
		p.loss[0][0], p.reached[0][0] = falling(tc.reached, tc.best), tc.reached
		ranked := p.ranked(min(tc.maxT, 300))
		if got := a.starved(p, ranked, tc.twoClass, tc.n, min(tc.maxT, 300)); got != tc.want {
			t.Errorf("%s: %d candidates, want %d", tc.name, got, tc.want)
		}
	}
	// A node budget below the cap bounds the pool too: 4/3 of it, if a quarter more than 200.
	for _, tc := range []struct{ budget, want int }{{220, 293}, {180, 0}, {0, 400}} {
		a := Auto{MaxTerms: 300, MaxSize: tc.budget, Candidates: 200, Patience: 10}
		p := newAutoPaths(1, 1, 5, 300)
		p.loss[0][0], p.reached[0][0] = falling(199, 199), 199
		if got := a.starved(p, p.ranked(200), true, 50000, 200); got != tc.want {
			t.Errorf("budget %d: %d candidates, want %d", tc.budget, got, tc.want)
		}
	}
}

// TestFitRoomy fits a two-class problem that needs more nodes than its few random candidates
// allow: a fit that may start again says it is starved after the first fold, and Fit's
// restart with the candidates it asks for is what the chose line tells.
func TestFitRoomy(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	var X [][]float64
	var class []int
	for range 1500 { // a 6 x 6 checkerboard
		x, y := 6*rng.Float64(), 6*rng.Float64()
		X = append(X, []float64{x, y})
		class = append(class, (int(x)+int(y))%2)
	}
	a := Auto{Seed: 1, Candidates: 40, Workers: 2}
	a.roomy = true // (Fit's default candidates need a longer test)
	res, err := a.fit(X, oneVsRest(class, 2), class)
	if err != nil {
		t.Fatal(err)
	}
	if res.starved <= 40 || res.starvedFrom != 40 || res.Centres != nil {
		t.Fatalf("starved %d (from %d), %d centres: want a stop after the first fold asking for more than 40",
			res.starved, res.starvedFrom, len(res.Centres))
	}
	a.roomy = false // as Fit's restart
	if res, err = a.fit(X, oneVsRest(class, 2), class); err != nil || res.starved != 0 || len(res.Centres) == 0 {
		t.Errorf("a fit that may not start again: starved %d, %d centres, %v", res.starved, len(res.Centres), err)
	}
	// Through Fit with the default candidates: a 10 x 10 checkerboard of 2,500 points uses up
	// 200, and the fit starts again with 400 (stages and chose line say so); with candidates
	// given, it does not.
	X, class = nil, nil
	for range 2500 {
		x, y := 10*rng.Float64(), 10*rng.Float64()
		X = append(X, []float64{x, y})
		class = append(class, (int(x)+int(y))%2)
	}
	for _, given := range []int{0, 200} {
		var stages []string
		b := Auto{Seed: 1, Candidates: given, Workers: 2, Progress: func(stage string, _, _ int) {
			if len(stages) == 0 || stages[len(stages)-1] != stage {
				stages = append(stages, stage)
			}
		}}
		r, err := b.Fit(X, oneVsRest(class, 2), class)
		if err != nil {
			t.Fatal(err)
		}
		again := strings.Contains(r.Chose, "400 random candidates, as") && slices.Contains(stages, "race (again, with 400 candidates)")
		if again != (given == 0) {
			t.Errorf("candidates %d: started again %v, want %v (stages %v; %s)", given, again, given == 0, stages, r.Chose)
		}
	}
}

// TestFitRoomyRegression fits a regression that needs more nodes than its few random
// candidates allow: unlike a two-class fit, it goes on past the first fold (its model is the
// contender's rival), and through Fit the refit with more candidates is kept only where it
// does better out of fold, which the chose line tells either way.
func TestFitRoomyRegression(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	var X [][]float64
	var y []float64
	for range 1500 { // 16 bumps of either sign
		u, v := 4*rng.Float64(), 4*rng.Float64()
		X = append(X, []float64{u, v})
		y = append(y, math.Sin(math.Pi*u)*math.Sin(math.Pi*v)+0.05*rng.NormFloat64())
	}
	a := Auto{Seed: 1, Candidates: 40, MaxTerms: 60, Workers: 2}
	a.roomy = true
	res, err := a.fit(X, [][]float64{y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.starved <= 40 || res.starvedFrom != 40 || len(res.Centres) == 0 || len(res.OOF) != len(X) {
		t.Fatalf("starved %d (from %d), %d centres, %d out-of-fold decisions: want a whole fit asking for more than 40",
			res.starved, res.starvedFrom, len(res.Centres), len(res.OOF))
	}
	r, err := a.fitRoomy(X, [][]float64{y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	kept, refused := strings.Contains(r.Chose, "random candidates, as the first fold's best path"), strings.Contains(r.Chose, "did no better out of fold")
	if kept == refused {
		t.Errorf("the refit with more candidates neither kept nor refused, or both: %s", r.Chose)
	}
	t.Log(r.Chose)
}

// compareSquared's sign and scale: paired standard errors of the squared errors summed over
// the outputs.
func TestCompareSquared(t *testing.T) {
	Y := [][]float64{{0, 0, 0, 0}, {1, 1, 1, 1}}
	col := func(a, b []float64) [][]float64 { // the decisions of two outputs at 4 points
		out := make([][]float64, len(a))
		for i := range a {
			out[i] = []float64{a[i], b[i]}
		}
		return out
	}
	exact := col([]float64{0, 0, 0, 0}, []float64{1, 1, 1, 1})
	off := col([]float64{1, 2, 1, 2}, []float64{1, 1, 1, 1}) // squared errors 1, 4, 1, 4
	if m := compareSquared(exact, off, Y); m >= 0 || math.IsInf(m, 0) {
		t.Errorf("exact against off: %g, want a finite negative margin", m)
	}
	if m := compareSquared(off, exact, Y); m <= 0 {
		t.Errorf("off against exact: %g, want positive", m)
	}
	// mean difference 2.5, sd (divisor N) 1.5: 2.5 / (1.5 / 2)
	if m := compareSquared(off, exact, Y); math.Abs(m-2.5/0.75) > 1e-12 {
		t.Errorf("off against exact: %g, want %g", m, 2.5/0.75)
	}
	if m := compareSquared(off, off, Y); m != 0 {
		t.Errorf("equal decisions: %g, want 0", m)
	}
}

// nearest finds the centre sqDist finds, with the same distances bit for bit, for fewer and
// more than four centres.
func TestNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, k := range []int{1, 3, 4, 7, 9} {
		C := make([][]float64, k)
		for c := range C {
			C[c] = make([]float64, 13)
			for j := range C[c] {
				C[c][j] = rng.NormFloat64() * 10
			}
		}
		C[k-1] = C[0] // a tie: the first of equally near
		dist := make([]float64, k)
		for range 50 {
			x := make([]float64, 13)
			for j := range x {
				x[j] = rng.NormFloat64() * 10
			}
			b, bd := 0, math.Inf(1)
			for c, cc := range C {
				if v := sqDist(x, cc); v < bd {
					b, bd = c, v
				}
			}
			if got := nearest(x, C, dist); got != b {
				t.Fatalf("%d centres: nearest %d, sqDist's %d", k, got, b)
			}
			for c, cc := range C {
				if want := sqDist(x, cc); math.Float64bits(dist[c]) != math.Float64bits(want) {
					t.Fatalf("%d centres: distance %d is %v, sqDist's %v", k, c, dist[c], want)
				}
			}
		}
	}
}

// directDistances gives sqDist's distances bit for bit, for one to four inputs.
func TestDirectDistances(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for m := 1; m <= directInputs; m++ {
		const n = 37
		z, mu := make([]float64, n*m), make([]float64, m)
		for i := range z {
			z[i] = rng.NormFloat64() * math.Exp(3*rng.NormFloat64())
		}
		for j := range mu {
			mu[j] = rng.NormFloat64()
		}
		d := make([]float64, n)
		directDistances(mu, z, d)
		for i := range n {
			if want := sqDist(mu, z[i*m:(i+1)*m]); math.Float64bits(d[i]) != math.Float64bits(want) {
				t.Fatalf("%d inputs, point %d: %v, sqDist's %v", m, i, d[i], want)
			}
		}
	}
}

// TestTally checks the held-out mistakes against a direct count: the sign of one output, or
// the first of the largest of several (ties, a NaN, -0 and a longer decision slice included),
// and LossMiss's loss as a count with a hundredth of the squared error.
func TestTally(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name  string
		f     [][]float64
		class []int
		want  []int // the predicted classes
	}{
		{"one output: the sign", [][]float64{{0.5, -0.5, 0, math.Copysign(0, -1), nan}}, []int{1, 0, 0, 1, 1}, []int{1, 0, 0, 0, 0}},
		{"several: the largest", [][]float64{{1, 0, 0}, {0, 2, 0}, {0, 0, 3}}, []int{0, 1, 1}, []int{0, 1, 2}},
		{"ties: the first", [][]float64{{1, 0, 2}, {1, 2, 2}, {0, 2, 2}}, []int{1, 1, 0}, []int{0, 1, 0}},
		{"a NaN first is never beaten, a NaN later never wins", [][]float64{{nan, 1}, {5, nan}, {1, 9}}, []int{1, 2}, []int{0, 2}},
		{"decisions longer than the points", [][]float64{{0, 5, 7}, {1, 0, 9}}, []int{1, 0}, []int{1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, kind := range []Loss{LossMSE, LossMiss} {
				n := len(tt.class)
				h := &holdout{nv: n, class: tt.class, f: tt.f, kind: kind, loss: make([]float64, n)}
				for round := range 2 { // the scratch reused
					for i := range h.loss {
						h.loss[i] = float64(i + 1)
					}
					h.tally()
					misses := 0
					for i, c := range tt.class {
						want := float64(i + 1)
						if kind == LossMiss {
							want *= 0.01
						}
						if tt.want[i] != c {
							misses++
							if kind == LossMiss {
								want++
							}
						}
						if h.loss[i] != want {
							t.Errorf("kind %v round %d: loss[%d] = %v, want %v", kind, round, i, h.loss[i], want)
						}
					}
					if h.misses != misses {
						t.Errorf("kind %v round %d: %d misses, want %d", kind, round, h.misses, misses)
					}
				}
			}
		})
	}
}

// TestMatrixClass checks the kernel matrices' size classes: a class's capacity holds its
// lengths with less than an eighth to spare, a capacity is its own class's, and classes grow
// with the length.
func TestMatrixClass(t *testing.T) {
	prevClass, prevCap := 0, 8
	for n := 1; n < 1<<20; n++ {
		c, size := matrixClass(n)
		if size < n || (n > 8 && 8*(size-n) >= n) {
			t.Fatalf("length %d: capacity %d", n, size)
		}
		if c2, s2 := matrixClass(size); c2 != c || s2 != size {
			t.Fatalf("capacity %d: class %d (%d), want %d", size, c2, s2, c)
		}
		if c < prevClass || (c == prevClass) != (size == prevCap) {
			t.Fatalf("length %d: class %d, capacity %d after class %d, capacity %d", n, c, size, prevClass, prevCap)
		}
		prevClass, prevCap = c, size
	}
	for _, n := range []int{math.MaxInt >> 23, math.MaxInt>>23 + 1, math.MaxInt >> 1} { // 2^40 and 2^62 - 1 with 64-bit ints
		if c, size := matrixClass(n); c >= matrixClasses || size < n {
			t.Errorf("length %d: class %d of %d, capacity %d", n, c, matrixClasses, size)
		}
	}
}

// TestFinalAhead checks the final selection run beside the class map's size cut (Resize),
// with two workers, against the one run after it, with one: the same result, evaluations
// included, whatever the cut takes of the path (none of it, one node, half, all of it).
func TestFinalAhead(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0))))
	X, class := blobs(240, 4, 3)
	cuts := []struct {
		name string
		cut  func(size int) int
	}{
		{"to none", func(int) int { return 0 }},
		{"to one", func(int) int { return 1 }},
		{"to half", func(size int) int { return size / 2 }},
		{"none", func(size int) int { return size }},
	}
	for _, tt := range cuts {
		t.Run(tt.name, func(t *testing.T) {
			var rs []*AutoResult
			for _, w := range []int{1, 2} {
				called := false
				a := Auto{Seed: 2, Workers: w, Resize: func(_ [][]float64, size int, _ func(int) [][]float64) int {
					called = true
					return tt.cut(size)
				}}
				r, err := a.Fit(X, oneVsRest(class, 4), class)
				if err != nil {
					t.Fatal(err)
				}
				if !called {
					t.Fatal("Resize was not called")
				}
				rs = append(rs, r)
			}
			if !reflect.DeepEqual(rs[0], rs[1]) {
				t.Errorf("the model with two workers differs: %d and %d nodes, %d and %d evaluations",
					len(rs[0].Centres), len(rs[1].Centres), rs[0].Evaluations, rs[1].Evaluations)
			}
		})
	}
}

// TestBudgetPruning checks that a two-class final pruning keeps within the node budget
// (MaxSize) where the inputs' linear terms would add a node beyond it: it prunes without them.
func TestBudgetPruning(t *testing.T) {
	train := synth.Ripley(250, 6)
	class := make([]int, len(train.Y))
	for i, y := range train.Y {
		if y > 0 {
			class[i] = 1
		}
	}
	over := 0
	for budget := 1; budget <= 4; budget++ {
		a := Auto{Seed: 1, MaxSize: budget, NoLogistic: true, NoRVM: true}
		r, err := a.Fit(train.X, [][]float64{train.Y}, class)
		if err != nil {
			t.Fatal(err)
		}
		if r.Size > budget {
			t.Errorf("budget %d: %d nodes (%s)", budget, r.Size, r.Chose)
		}
		a.MaxSize = 0
		if r, err = a.Fit(train.X, [][]float64{train.Y}, class); err == nil && r.Size > budget {
			over++
		}
	}
	if over == 0 {
		t.Error("no budget binds: the test checks nothing")
	}
}

// TestRidgeContender: a regression's linear contender is the ridge regression on the inputs,
// returned where its out-of-fold squared error is as low as the selection's (here far lower
// than decisions of 0, not as low as exact ones), and linearFinal makes it the model: one
// linear node whose decisions are close to least squares on linear data.
func TestRidgeContender(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 60
	Z := make([][]float64, n)
	y := make([]float64, n)
	for i := range Z {
		Z[i] = []float64{rng.NormFloat64(), rng.NormFloat64()}
		y[i] = 2*Z[i][0] - Z[i][1] + 0.5 + 0.01*rng.NormFloat64()
	}
	Y := [][]float64{y}
	a := Auto{Seed: 1, Workers: 1}
	a.defaults(n, 0)
	a.inputs, a.cores = newFoldInputs(), newCores(1)
	folds := a.folds(n, nil)
	w, tau := a.Weighting[0], 2.0
	if out := a.ridgeContender(Z, Y, folds, w, tau, rows(make([]float64, n))); out == nil {
		t.Fatal("the ridge regression against decisions of 0: nil, want its out-of-fold decisions")
	}
	out := a.ridgeContender(Z, Y, folds, w, tau, rows(slices.Clone(y)))
	if out != nil {
		t.Fatal("the ridge regression against exact decisions: want nil")
	}
	out = a.ridgeContender(Z, Y, folds, w, tau, rows(make([]float64, n)))
	res := &AutoResult{Centres: [][]float64{{0, 0}}, Linear: []bool{false}, Vars: []float64{1}}
	if !res.linearFinal(Z, Y, nil, out, 1) {
		t.Fatal("linearFinal: the posterior could not be computed")
	}
	if len(res.Centres) != 1 || !res.Linear[0] || len(res.Weights) != 1 || len(res.OOF) != n {
		t.Fatalf("want one linear node and the out-of-fold decisions: %d nodes (linear %v), %d outputs, %d decisions",
			len(res.Centres), res.Linear, len(res.Weights), len(res.OOF))
	}
	for i, z := range Z {
		f := res.Bias[0] + res.Weights[0][0]*(res.Centres[0][0]*z[0]+res.Centres[0][1]*z[1])
		if math.Abs(f-y[i]) > 0.05 {
			t.Fatalf("point %d: decision %g, target %g", i, f, y[i])
		}
	}
}
