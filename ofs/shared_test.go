package ofs

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// sharedProblem returns nodes kernel-like columns and inputs Gaussian input columns of n
// points, and a target of two nodes and a linear trend in the inputs plus noise.
func sharedProblem(seed uint64, n, nodes, inputs int) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 2))
	cols := make([][]float64, nodes+inputs)
	for j := range cols {
		cols[j] = make([]float64, n)
		for i := range n {
			if j < nodes {
				cols[j][i] = math.Exp(-3 * rng.Float64())
			} else {
				cols[j][i] = rng.NormFloat64()
			}
		}
	}
	y := make([]float64, n)
	for i := range n {
		y[i] = 1.5*cols[0][i] - cols[1][i] + 0.3*rng.NormFloat64()
		for j := nodes; j < nodes+inputs; j++ {
			y[i] += 0.4 * float64(j-nodes+1) / float64(inputs) * cols[j][i]
		}
	}
	return cols, y
}

// TestSharedPrecisionGaussian checks the Gaussian evidence with a group of columns sharing one
// precision: the group's kept columns all have one precision, which is MacKay's fixed point for
// the group (alpha = sum_j gamma_j / sum_j mu_j^2), and the posterior mean is the ridge
// solution at the final precisions (the bias unpenalised).
func TestSharedPrecisionGaussian(t *testing.T) {
	const n, nodes, inputs = 200, 4, 5
	cols, y := sharedProblem(3, n, nodes, inputs)
	ev := evidencePrune(cols, [][]float64{y}, false, 1, inputs)
	if !ev.ok {
		t.Fatal("no fit")
	}
	var group []int // positions in ev.keep of the group's columns
	for x, c := range ev.keep {
		if c >= nodes {
			group = append(group, x)
		}
	}
	if len(group) != inputs {
		t.Fatalf("kept %v: the group (columns %d to %d) must stay whole", ev.keep, nodes, nodes+inputs-1)
	}
	a := ev.alpha[group[0]]
	for _, x := range group {
		if ev.alpha[x] != a {
			t.Fatalf("group precisions %v differ", ev.alpha)
		}
	}
	// The posterior at the final precisions: H = beta Phi'Phi + A over the bias and the kept columns.
	m := len(ev.keep) + 1
	phi := mat.NewDense(n, m, nil)
	for i := range n {
		phi.Set(i, 0, 1)
		for x, c := range ev.keep {
			phi.Set(i, x+1, cols[c][i])
		}
	}
	var h mat.Dense
	h.Mul(phi.T(), phi)
	h.Scale(ev.beta, &h)
	for x := range ev.keep {
		h.Set(x+1, x+1, h.At(x+1, x+1)+ev.alpha[x])
	}
	var rhs, mu mat.VecDense
	rhs.MulVec(phi.T(), mat.NewVecDense(n, y))
	rhs.ScaleVec(ev.beta, &rhs)
	if err := mu.SolveVec(&h, &rhs); err != nil {
		t.Fatal(err)
	}
	if d := math.Abs(mu.AtVec(0) - ev.bias[0]); d > 1e-6 {
		t.Errorf("bias %g, ridge solution %g", ev.bias[0], mu.AtVec(0))
	}
	for x := range ev.keep {
		if d := math.Abs(mu.AtVec(x+1) - ev.w[0][x]); d > 1e-6*max(1, math.Abs(mu.AtVec(x+1))) {
			t.Errorf("weight %d: %g, ridge solution %g", x, ev.w[0][x], mu.AtVec(x+1))
		}
	}
	var sigma mat.Dense
	if err := sigma.Inverse(&h); err != nil {
		t.Fatal(err)
	}
	var gamma, ww float64
	for _, x := range group {
		gamma += 1 - a*sigma.At(x+1, x+1)
		ww += ev.w[0][x] * ev.w[0][x]
	}
	if fixed := gamma / ww; math.Abs(math.Log(fixed/a)) > 5*evidenceTol {
		t.Errorf("group precision %g, MacKay's update gives %g", a, fixed)
	}
}

// TestSharedPrecisionBernoulli checks the Bernoulli evidence with a shared group: one precision
// for the group's columns, at which the weights are the mode, Phi'(t - p) = A w.
func TestSharedPrecisionBernoulli(t *testing.T) {
	const n, nodes, inputs = 300, 4, 5
	cols, y := sharedProblem(5, n, nodes, inputs)
	tl := make([]float64, n)
	for i, v := range y {
		if v > 0.2 {
			tl[i] = 1
		}
	}
	ev := bernoulliEvidence(cols, tl, 1, bernoulliNewton, inputs)
	if !ev.ok {
		t.Fatal("no fit")
	}
	var a float64
	seen := 0
	for x, c := range ev.keep {
		if c >= nodes {
			if seen > 0 && ev.alpha[x] != a {
				t.Fatalf("group precisions %v differ", ev.alpha)
			}
			a = ev.alpha[x]
			seen++
		}
	}
	if seen != 0 && seen != inputs {
		t.Fatalf("kept %v: the group must go or stay whole", ev.keep)
	}
	if seen == 0 {
		t.Fatalf("kept %v: the inputs' trend should keep the group", ev.keep)
	}
	r := make([]float64, n) // t - p
	for i := range n {
		f := ev.bias[0]
		for x, c := range ev.keep {
			f += ev.w[0][x] * cols[c][i]
		}
		r[i] = tl[i] - 1/(1+math.Exp(-f))
	}
	for x, c := range ev.keep {
		if g := dot(cols[c], r); math.Abs(g-ev.alpha[x]*ev.w[0][x]) > 1e-5*max(1, math.Abs(g)) {
			t.Errorf("column %d: gradient %g, A w %g", c, g, ev.alpha[x]*ev.w[0][x])
		}
	}
}

// TestSharedPrecisionNoSignal checks that a group orthogonal to the targets and to the other
// columns (its posterior weight 0) goes: the group has no prune test of its own, and goes when
// its precision passes the drop threshold.
func TestSharedPrecisionNoSignal(t *testing.T) {
	const n = 100
	cols, y := sharedProblem(9, n, 3, 0)
	noise := make([]float64, n)
	for i := range noise {
		noise[i] = float64(1 - 2*(i/2%2))
	}
	// Orthogonal to the ones, the columns and y (Gram-Schmidt twice over an orthogonal basis).
	var basis [][]float64
	for _, v := range append([][]float64{ones(n), y}, cols...) {
		u := append([]float64(nil), v...)
		for range 2 {
			for _, b := range basis {
				c := dot(u, b) / dot(b, b)
				for i := range u {
					u[i] -= c * b[i]
				}
			}
		}
		basis = append(basis, u)
	}
	for range 2 {
		for _, b := range basis {
			c := dot(noise, b) / dot(b, b)
			for i := range noise {
				noise[i] -= c * b[i]
			}
		}
	}
	ev := evidencePrune(append(cols, noise), [][]float64{y}, false, 1, 1)
	if !ev.ok {
		t.Fatal("no fit")
	}
	for _, c := range ev.keep {
		if c == 3 {
			t.Errorf("kept %v: the column orthogonal to the targets stayed", ev.keep)
		}
	}
}

func ones(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = 1
	}
	return v
}

// TestKeepPruned checks that the inputs' linear terms and the linear node the pruning kept are
// folded into one linear node with the same decisions, and that the nodes keep their weights.
func TestKeepPruned(t *testing.T) {
	const m = 3
	res := &AutoResult{
		Centres: [][]float64{{0, 0, 0}, {1, 1, 1}, {0.5, -1, 2}},
		Linear:  []bool{false, false, true},
		Vars:    []float64{1, 1, 0},
	}
	// Columns: nodes 0, 1, 2 (2 linear), then inputs 0, 1, 2 at 3, 4, 5; kept 0, 2, 3, 5.
	ev := evidenceFit{keep: []int{0, 2, 3, 5}, w: [][]float64{{0.7, 2, -1, 0.25}}, bias: []float64{0.1}}
	res.keepPruned(ev, 3, m)
	if len(res.Centres) != 2 || res.Linear[0] || !res.Linear[1] || res.Vars[1] != 0 {
		t.Fatalf("model %+v: want node 0 and one linear node", res)
	}
	if res.Weights[0][0] != 0.7 || res.Weights[0][1] != 1 || res.Bias[0] != 0.1 {
		t.Fatalf("weights %v, bias %v", res.Weights, res.Bias)
	}
	for _, z := range [][]float64{{1, 2, 3}, {-0.5, 0.25, 4}} {
		want := 2*(0.5*z[0]-1*z[1]+2*z[2]) - 1*z[0] + 0.25*z[2]
		if got := dot(res.Centres[1], z); math.Abs(got-want) > 1e-12 {
			t.Errorf("linear node at %v: %g, want %g", z, got, want)
		}
	}
	// Without any input's term kept, the subset alone.
	res = &AutoResult{Centres: [][]float64{{0}, {1}}, Linear: []bool{false, true}, Vars: []float64{1, 0}}
	res.keepPruned(evidenceFit{keep: []int{1}, w: [][]float64{{3}}, bias: []float64{0}}, 2, 1)
	if len(res.Centres) != 1 || !res.Linear[0] || res.Centres[0][0] != 1 || res.Weights[0][0] != 3 {
		t.Fatalf("model %+v: want the linear node alone, unchanged", res)
	}
}
