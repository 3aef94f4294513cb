package ofs

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// bernoulliProblem returns nCols kernel-like columns of length n and labels t drawn with
// P(t = 1) = sigma(bias + sum_j coef[j] col_j).
func bernoulliProblem(seed uint64, n, nCols int, bias float64, coef []float64) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 2))
	cols := make([][]float64, nCols)
	for j := range cols {
		cols[j] = make([]float64, n)
		for i := range n {
			cols[j][i] = math.Exp(-rng.Float64() * 3)
		}
	}
	t := make([]float64, n)
	for i := range n {
		f := bias
		for j, w := range coef {
			f += w * cols[j][i]
		}
		if rng.Float64() < 1/(1+math.Exp(-f)) {
			t[i] = 1
		}
	}
	return cols, t
}

// bruteMode returns the posterior mode of a Bernoulli model on the design phi (rows are
// points) with prior precisions alpha, by Newton's method on dense matrices, skipping row
// skip (-1: none).
func bruteMode(t *testing.T, phi *mat.Dense, y, alpha []float64, skip int) *mat.VecDense {
	t.Helper()
	n, m := phi.Dims()
	w := mat.NewVecDense(m, nil)
	for range 100 {
		g := mat.NewVecDense(m, nil)
		H := mat.NewSymDense(m, nil)
		for i := range n {
			if i == skip {
				continue
			}
			row := phi.RawRowView(i)
			p := 1 / (1 + math.Exp(-mat.Dot(mat.NewVecDense(m, row), w)))
			for x := range m {
				g.SetVec(x, g.AtVec(x)+row[x]*(y[i]-p))
				for z := x; z < m; z++ {
					H.SetSym(x, z, H.At(x, z)+p*(1-p)*row[x]*row[z])
				}
			}
		}
		for x := range m {
			g.SetVec(x, g.AtVec(x)-alpha[x]*w.AtVec(x))
			H.SetSym(x, x, H.At(x, x)+alpha[x])
		}
		var d mat.VecDense
		if err := d.SolveVec(H, g); err != nil {
			t.Fatal(err)
		}
		w.AddVec(w, &d)
		if mat.Norm(&d, math.Inf(1)) < 1e-12 {
			break
		}
	}
	return w
}

func TestBernoulliPrune(t *testing.T) {
	tests := []struct {
		name     string
		nCols    int
		bias     float64
		coef     []float64
		mustKeep []int
		maxKeep  int
	}{
		{"two relevant of eight", 8, -1, []float64{8, -6}, []int{0, 1}, 6},
		{"one relevant of six", 6, -2, []float64{10}, []int{0}, 4},
		{"no signal keeps one node", 5, 0, nil, nil, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cols, y := bernoulliProblem(3, 200, tc.nCols, tc.bias, tc.coef)
			ev := bernoulliEvidence(cols, y, 1, bernoulliNewton, 0)
			if !ev.ok || len(ev.keep) == 0 || len(ev.keep) > tc.maxKeep {
				t.Fatalf("ok %v, kept %v, want 1 to %d columns", ev.ok, ev.keep, tc.maxKeep)
			}
			for _, j := range tc.mustKeep {
				if !slices.Contains(ev.keep, j) {
					t.Errorf("column %d (relevant) dropped: kept %v", j, ev.keep)
				}
			}
			for x, j := range ev.keep {
				if j < len(tc.coef) && ev.w[0][x]*tc.coef[j] <= 0 {
					t.Errorf("column %d: weight %.3f, true %.3f", j, ev.w[0][x], tc.coef[j])
				}
			}
			// The weights are the posterior mode at the final precisions (the bias's is 1e-6).
			m := len(ev.keep) + 1
			phi := denseDesign(withBias(subset(cols, ev.keep)))
			alpha := append([]float64{1e-6}, ev.alpha...)
			w := bruteMode(t, phi, y, alpha, -1)
			got := append([]float64{ev.bias[0]}, ev.w[0]...)
			for x := range m {
				if d := math.Abs(w.AtVec(x) - got[x]); d > 1e-6*(1+math.Abs(got[x])) {
					t.Errorf("weight %d: %v, brute-force mode %v", x, got[x], w.AtVec(x))
				}
			}
		})
	}
}

// TestBernoulliLOO checks the approximate leave-one-out logits against refits without each
// point, at fixed precisions, on a small sample (where leaving a point out moves the fit).
func TestBernoulliLOO(t *testing.T) {
	for _, n := range []int{30, 80} {
		cols, y := bernoulliProblem(11, n, 6, -0.5, []float64{5, -4, 3})
		C := withBias(cols)
		m := len(C)
		alpha := slices.Repeat([]float64{0.5}, m)
		alpha[0] = 1e-6
		active := make([]int, m)
		for j := range active {
			active[j] = j
		}
		l := newLaplace(C, y, 1)
		if _, ok := l.mode(active, alpha, bernoulliNewton); !ok {
			t.Fatal("no mode")
		}
		loo := l.loo(active)
		phi := denseDesign(C)
		var off, shift float64
		for i := range n {
			x := mat.NewVecDense(m, phi.RawRowView(i))
			exact := mat.Dot(x, bruteMode(t, phi, y, alpha, i))
			off += math.Abs(loo[i] - exact)
			shift += math.Abs(l.f[i] - exact)
		}
		// The approximation must account for nearly all of the shift from f_i to the refit's.
		if off > 0.05*shift {
			t.Errorf("n %d: leave-one-out logits off the refits by %.3g in all, %.3g of the shift %.3g", n, off, off/shift, shift)
		}
	}
}

func TestPruneLikelihood(t *testing.T) {
	cols, y := bernoulliProblem(5, 200, 4, 0, []float64{8})
	Y := [][]float64{make([]float64, len(y))}
	class := make([]int, len(y))
	for i, v := range y {
		Y[0][i], class[i] = 2*v-1, int(v)
	}
	tests := []struct {
		name  string
		class []int
		se    float64
		want  string
	}{
		{"regression", nil, 1, "Gaussian"},
		{"two classes, the Bernoulli model whatever its loss", class, math.Inf(1), "Bernoulli"},
		{"two classes, the Gaussian model whatever its loss", class, math.Inf(-1), "Gaussian"},
	}
	for _, tc := range tests {
		ev := prune(cols, Y, tc.class, tc.se, 1, 0)
		if !ev.ok || ev.likelihood != tc.want || (ev.loo != nil) != (tc.want == "Bernoulli") {
			t.Errorf("%s: ok %v, %s evidence, leave-one-out logits %v; want the %s evidence", tc.name, ev.ok, ev.likelihood, ev.loo != nil, tc.want)
		}
	}
}

func TestComparePrunings(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	n := 300
	lab, good, poor := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range n {
		lab[i] = float64(i % 2)
		good[i] = 4*(lab[i]-0.5) + rng.NormFloat64()
		poor[i] = 4*(lab[i]-0.5) + 4*rng.NormFloat64()
	}
	if z := compareLogLoss(poor, good, lab); z < 3 {
		t.Errorf("Bernoulli decisions far worse: %.2f standard errors, want > 3", z)
	}
	if z := compareLogLoss(good, poor, lab); z > -3 {
		t.Errorf("Bernoulli decisions far better: %.2f standard errors, want < -3", z)
	}
	if z := compareLogLoss(good, good, lab); z != 0 {
		t.Errorf("the same decisions: %v standard errors, want 0", z)
	}
}

// TestGaussianLOO checks the Gaussian evidence model's leave-one-out decisions against the
// posterior mean refitted without each point at the same precisions.
func TestGaussianLOO(t *testing.T) {
	for _, group := range []int{0, 3} { // without and with the last 3 columns sharing a precision
		cols, Y := evidenceProblem(3, 60, 5, [][]float64{{1.5, -1, 0, 0.5, 0.3}}, 0.3)
		ev := evidencePrune(cols, Y, false, 1, group)
		if group > 0 && (len(ev.keep) < group || ev.keep[len(ev.keep)-group] != len(cols)-group ||
			ev.alpha[len(ev.alpha)-1] != ev.alpha[len(ev.alpha)-group]) {
			t.Fatalf("kept %v at precisions %v: the group should stay, with one precision", ev.keep, ev.alpha)
		}
		checkGaussianLOO(t, ev, cols, Y)
	}
}

// checkGaussianLOO compares ev's leave-one-out decisions with refits without each point at
// ev's precisions.
func checkGaussianLOO(t *testing.T, ev evidenceFit, cols, Y [][]float64) {
	t.Helper()
	loo := ev.gaussianLOO(cols, Y[0])
	n, m := len(Y[0]), len(ev.keep)+1
	phi := denseDesign(withBias(subset(cols, ev.keep)))
	for i := range n {
		var H mat.Dense
		var py mat.VecDense
		rest := mat.NewDense(n-1, m, nil)
		yr := mat.NewVecDense(n-1, nil)
		for r, k := 0, 0; k < n; k++ {
			if k != i {
				rest.SetRow(r, phi.RawRowView(k))
				yr.SetVec(r, Y[0][k])
				r++
			}
		}
		H.Mul(rest.T(), rest)
		H.Scale(ev.beta, &H)
		for x, a := range ev.alpha {
			H.Set(x+1, x+1, H.At(x+1, x+1)+a)
		}
		py.MulVec(rest.T(), yr)
		py.ScaleVec(ev.beta, &py)
		var w mat.VecDense
		if err := w.SolveVec(&H, &py); err != nil {
			t.Fatal(err)
		}
		want := mat.Dot(mat.NewVecDense(m, phi.RawRowView(i)), &w)
		if d := math.Abs(loo[i] - want); d > 1e-9*(1+math.Abs(want)) {
			t.Fatalf("point %d: leave-one-out decision %v, refit %v", i, loo[i], want)
		}
	}
}

// TestBernoulliHard: separable labels, duplicated columns and a class of one point give a
// finite model with at least one column.
func TestBernoulliHard(t *testing.T) {
	cols, _ := bernoulliProblem(9, 150, 5, 0, nil)
	separable := make([]float64, 150)
	lonely := make([]float64, 150)
	for i, v := range cols[0] {
		if v > 0.5 {
			separable[i] = 1
		}
	}
	lonely[17] = 1
	twins := append([][]float64{cols[0]}, cols...)
	tests := []struct {
		name    string
		cols    [][]float64
		t       []float64
		minRate float64 // training points on their side at least
	}{
		{"separable", cols, separable, 0.97},
		{"duplicated columns", twins, separable, 0.97},
		{"a class of one point", cols, lonely, 0.99},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev := bernoulliEvidence(tc.cols, tc.t, 1, bernoulliNewton, 0)
			if !ev.ok || len(ev.keep) == 0 || !finite(ev.w[0]) || !finite(ev.bias) || len(ev.loo) != len(tc.t) {
				t.Fatalf("ok %v, kept %v, weights %v, bias %v", ev.ok, ev.keep, ev.w, ev.bias)
			}
			right := 0
			for i, y := range tc.t {
				f := ev.bias[0]
				for x, j := range ev.keep {
					f += ev.w[0][x] * tc.cols[j][i]
				}
				if (f > 0) == (y > 0) {
					right++
				}
				if math.IsNaN(ev.loo[i]) || math.IsInf(ev.loo[i], 0) {
					t.Fatalf("leave-one-out logit %d: %v", i, ev.loo[i])
				}
			}
			if rate := float64(right) / float64(len(tc.t)); rate < tc.minRate {
				t.Errorf("%.3f of the training points on their side, want %.2f", rate, tc.minRate)
			}
		})
	}
}

// upper returns the m x m matrix h with the entries below its diagonal set to zero (gram
// leaves there what it likes).
func upper(h []float64, m int) []float64 {
	for i := range m {
		clear(h[i*m : i*m+i])
	}
	return h
}

// The Gram matrix on one goroutine or several, bit for bit the rows' products (each summed as
// vecmath.MulRows sums one row, whichever rows share its pass), and the Bernoulli pruning the
// same whatever the number of goroutines.
func TestGramWorkers(t *testing.T) {
	const m, n = 70, 1000 // m*m*n above gramParallel: shared out
	if m*m*n < gramParallel {
		t.Fatal("too small to share out")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	B := make([]float64, m*n)
	for i := range B {
		B[i] = rng.NormFloat64()
	}
	want := make([]float64, m*m)
	for i := range m { // each entry alone: the same sum whatever rows share its pass
		for j := i; j < m; j++ {
			vecmath.MulRows(B[j*n:], n, n, B[i*n:(i+1)*n], want[i*m+j:i*m+j+1])
		}
	}
	for _, w := range []int{1, 2, 5} {
		h := make([]float64, m*m)
		gram(B, m, n, h, w)
		if !slices.Equal(upper(h, m), want) {
			t.Errorf("%d goroutines: not the rows' dot products", w)
		}
	}
	// Too large for a cache: block after block, each entry the blocks' dot products summed in
	// order, whatever the number of goroutines.
	defer func(c, k int) { gramCache, gramBlock = c, k }(gramCache, gramBlock)
	gramCache, gramBlock = m*n/2, 300 // four blocks, the last of 100 points
	clear(want)
	for i := range m {
		for j := i; j < m; j++ {
			for lo := 0; lo < n; lo += gramBlock {
				var d [1]float64
				w := min(gramBlock, n-lo)
				vecmath.MulRows(B[j*n+lo:], n, w, B[i*n+lo:i*n+lo+w], d[:])
				if lo == 0 {
					want[i*m+j] = d[0]
				} else {
					want[i*m+j] += d[0]
				}
			}
		}
	}
	for _, w := range []int{1, 2, 5} {
		h := make([]float64, m*m)
		gram(B, m, n, h, w)
		if !slices.Equal(upper(h, m), want) {
			t.Errorf("blocks, %d goroutines: not the blocks' dot products summed in order", w)
		}
	}
	coef := make([]float64, 20)
	for j := range coef {
		coef[j] = 3 * (float64(j%5) - 2)
	}
	cols, y := bernoulliProblem(7, 1000, 70, -1, coef)
	one, three := bernoulliEvidence(cols, y, 1, bernoulliNewton, 0), bernoulliEvidence(cols, y, 3, bernoulliNewton, 0)
	if !reflect.DeepEqual(one, three) {
		t.Errorf("kept %v on one goroutine, %v on three", one.keep, three.keep)
	}
}

// TestBernoulliWeightCap checks that the Bernoulli evidence gives up where the columns are
// so wide that their weights cancel one another (two interleaved half-circles, 50 Gaussians
// at width 1000: the weights reach 4e9 without the cap), and not where they are of a width
// the data support.
func TestBernoulliWeightCap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 600
	X := make([][2]float64, n)
	labels := make([]float64, n)
	for i := range X {
		a := rng.Float64() * math.Pi
		x, y := math.Cos(a), math.Sin(a)
		if i%2 == 1 {
			x, y = 1-x, 0.5-y
		}
		X[i] = [2]float64{x + 0.1*rng.NormFloat64(), y + 0.1*rng.NormFloat64()}
		labels[i] = float64(i % 2)
	}
	centres := make([][2]float64, 50)
	for j := range centres {
		centres[j] = X[rng.IntN(n)]
	}
	for _, tc := range []struct {
		tau float64
		ok  bool
	}{{10, true}, {300, true}, {1000, false}} {
		cols := make([][]float64, len(centres))
		for j, c := range centres {
			cols[j] = make([]float64, n)
			for i, x := range X {
				cols[j][i] = math.Exp(-((x[0]-c[0])*(x[0]-c[0]) + (x[1]-c[1])*(x[1]-c[1])) / tc.tau)
			}
		}
		ev := bernoulliEvidence(cols, labels, 1, 1, 0)
		if ev.ok != tc.ok {
			t.Fatalf("width %v: ok %v, want %v", tc.tau, ev.ok, tc.ok)
		}
		if ev.ok {
			for _, w := range ev.w[0] {
				if !(math.Abs(w) <= bernoulliWeightCap) {
					t.Errorf("width %v: weight %g beyond the cap", tc.tau, w)
				}
			}
		}
	}
}

// TestLaplaceStart checks that a mode started from the likelihood kept by the previous one
// (only the precisions moved) takes the steps of a mode that recomputes it, and that zeroing a
// weight makes the next mode recompute it.
func TestLaplaceStart(t *testing.T) {
	cols, y := bernoulliProblem(5, 150, 4, -1, []float64{6, -4})
	C := withBias(cols)
	active := []int{0, 1, 2, 3, 4}
	alpha := []float64{1e-6, 1, 1, 1, 1}
	kept := newLaplace(C, y, 1)
	if _, ok := kept.mode(active, alpha, bernoulliNewton); !ok {
		t.Fatal("first mode failed")
	}
	for _, step := range []struct {
		name string
		move func(l *laplace)
	}{
		{"precisions moved", func(*laplace) { alpha[2], alpha[3] = 5, 0.2 }},
		{"a weight zeroed", func(l *laplace) { l.w[4], l.fresh = 0, false }},
	} {
		step.move(kept)
		again := newLaplace(C, y, 1) // the same weights, nothing kept
		copy(again.w, kept.w)
		d1, ok1 := kept.mode(active, alpha, 3)
		d2, ok2 := again.mode(active, alpha, 3)
		if !ok1 || !ok2 || !slices.Equal(kept.w, again.w) || !slices.Equal(d1, d2) || kept.data != again.data {
			t.Errorf("%s: weights %v and %v, data %v and %v", step.name, kept.w, again.w, kept.data, again.data)
		}
	}
}

// dotsInOrder sums each column's products in the order of a plain loop: the same bits, for
// four columns a pass and for fewer.
func TestDotsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 257
	C := make([][]float64, 7)
	for a := range C {
		C[a] = make([]float64, n+3) // longer than r: only the first n entries count
		for i := range C[a] {
			C[a][i] = rng.NormFloat64() * math.Exp(4*rng.NormFloat64())
		}
	}
	r := make([]float64, n)
	for i := range r {
		r[i] = rng.NormFloat64()
	}
	for _, cols := range [][]int{{0, 1, 2, 3}, {6, 2, 5, 4}, {1, 3}, {5}, {4, 0, 6}} {
		s := make([]float64, len(cols))
		dotsInOrder(C, cols, r, s)
		for x, a := range cols {
			var want float64
			for i, v := range C[a][:n] {
				want += v * r[i]
			}
			if math.Float64bits(s[x]) != math.Float64bits(want) {
				t.Fatalf("columns %v: sum %d is %v, the plain loop's %v", cols, x, s[x], want)
			}
		}
	}
}
