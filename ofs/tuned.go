package ofs

import (
	"errors"
	"fmt"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"math"
	"slices"

	"github.com/sparsekernel/sparsekernel/internal/paired"
	"github.com/sparsekernel/sparsekernel/internal/seeds"
	"github.com/sparsekernel/sparsekernel/internal/vecmath"
	"github.com/sparsekernel/sparsekernel/optim"
)

// Tuned is the tunable-node construction of sparsekernel's pso and rwbs methods, built on the
// default's machinery so that it works on any data: each stage appends one Gaussian node
// exp(-||z - mu||^2 / (2 v)) whose centre mu and variance v a global optimiser (PSO or RWBS)
// fits to the stage's regularised LOO MSE (with a bias term, as Auto). The search is where the
// data are: the inputs are weighted as Auto chose, the centres range over the data's box, the
// log-variance over a factor WidthRange around Auto's width, and the optimiser starts from the
// fixed candidates (training points and prototypes) that would reduce the residual most. The
// model size is chosen by cross-validating the whole construction (the construction runs on
// every fold, its held-out decisions tracked after every node), so the figure it reports
// includes the node search, and the model is then built on all points with that size. The size
// rule leans to small models: it allows one standard error more than Auto's, and stops at the
// first size whose held-out squared error is within Auto's standard errors of the fixed-node
// model's or (classifiers) that makes no more held-out mistakes than it.
type Tuned struct {
	// Method is the optimiser, optim.PSO or optim.RWBS.
	Method optim.Method
	// Auto supplies the input weighting and the width scale (it runs first), the folds, the
	// seed and the workers.
	Auto Auto
	// MaxTerms caps the size; default the default model's size (at least 3), at most 50.
	MaxTerms int
	// Lambda is the ridge on the orthogonal weights; default 0.1.
	Lambda float64
	// WidthRange bounds each node's variance to [v0/WidthRange, v0*WidthRange], v0 = tau/2 of
	// Auto's width; default 16.
	WidthRange float64
	// Refine is the number of L-BFGS iterations that refine each node after the optimiser, on
	// the same stage cost; default 30, negative for none.
	Refine int
	// NoPrune keeps every node built; by default the final model's weights are re-estimated by
	// sparse Bayesian learning, which drops the nodes the data do not support (as Auto does).
	NoPrune bool
	// NoLinear leaves out the linear node: by default, at every stage until it is taken, the
	// ridge direction of Auto's linear candidate (linearDirections) competes with the tuned
	// Gaussian node on the same stage cost, and joins the model instead when it does better.
	NoLinear bool
}

// TunedResult is the model Tuned built.
type TunedResult struct {
	// Scale multiplies each standardised input before the kernel.
	Scale []float64
	// Centres and Vars are the nodes' centres (scaled space) and variances; Linear[i] says
	// that node i is instead the linear node Centres[i]'z (Vars[i] is then 0).
	Centres [][]float64
	Vars    []float64
	Linear  []bool
	Weights [][]float64
	Bias    []float64
	Size    int
	// Built is the number of nodes the construction built; Size is what the evidence pruning
	// kept of them.
	Built int
	// CVCurve and CVMiss are the cross-validated MSE and misclassification rate (classifiers)
	// of the construction against size; OOF the out-of-fold decisions at the chosen size.
	CVCurve, CVMiss []float64
	OOF             [][]float64
	Calibrate       [][]float64 // as in AutoResult
	Evaluations     int
	Chose           string
	// Fixed is the fixed-node model whose configuration the construction started from.
	Fixed *AutoResult
}

// seedTuned is the purpose of the tunable construction's random streams.
const seedTuned = 2

// ErrTunedOutputs reports a multi-output problem, which the tunable construction does not
// handle.
var ErrTunedOutputs = errors.New("ofs: tunable nodes are for one output (two classes or regression)")

// Fit builds the model on standardised inputs Z for one target vector Y[0]; class is as for
// Auto.Fit.
func (t Tuned) Fit(Z [][]float64, Y [][]float64, class []int) (_ *TunedResult, err error) {
	defer stopped(&err)
	if len(Y) != 1 {
		return nil, ErrTunedOutputs
	}
	a := t.Auto
	a.NoPrune = true           // the fixed nodes only seed the search: their path's size, unpruned
	a.NoLinear = true          // the seed sets the Gaussian nodes' width and their number
	a.Refine = RefineNever     // and its nodes as selected are the size rule's reference
	a.inputs = newFoldInputs() // shared with the seed's fit: its folds' input weights and candidates
	ar, err := a.Fit(Z, Y, class)
	if err != nil {
		return nil, err
	}
	if ar.Alt { // the seed kept the other encoding: the construction runs on it too
		Z, a.inputs = a.Alt, newFoldInputs()
	}
	a.defaults(len(Z), classCount(class))
	if t.Lambda == 0 {
		t.Lambda = 0.1
	}
	if t.WidthRange == 0 {
		t.WidthRange = 16
	}
	if t.Refine == 0 {
		t.Refine = 30
	}
	maxT := t.MaxTerms
	if maxT <= 0 {
		maxT = min(max(ar.Size, 3), 50)
	}
	maxT = min(maxT, len(Z)-1)
	res := &TunedResult{Fixed: ar, Evaluations: ar.Evaluations}
	n := len(Z)
	t.NoLinear = t.NoLinear || !linearAffordable(n, len(Z[0])) // every fold as the final model (Auto.Fit)
	folds := a.folds(n, class)
	nf := slices.Max(folds) + 1

	// Every fold: the construction to maxT nodes, the held-out loss and decision after each.
	point := make([][]float64, maxT+1) // point[s][i]: loss of point i held out, s nodes
	dec := make([][]float64, maxT+1)   // dec[s][i]: its decision
	for s := range point {
		point[s], dec[s] = make([]float64, n), make([]float64, n)
	}
	evals := make([]int, nf)
	errs := make([]error, nf)
	a.parallel("tunable nodes", nf, func(f int) {
		tr, va := foldRows(folds, f)
		Ztr, Ytr, ctr := pickRows(Z, Y, class, tr)
		Zva, Yva, _ := pickRows(Z, Y, class, va)
		ytr, yva := Ytr[0], Yva[0]
		scale, _, pts := a.trainingInputs(f, ar.Weighting, Ztr, Ytr, ctr) // the seed's, computed by its fit
		Ztr, Zva = scaled(Ztr, scale), scaled(Zva, scale)
		last := 0
		evals[f], errs[f] = t.construct(&a, Ztr, ytr, pts, ar.Tau, maxT, f, nil, Zva, func(size int, fv []float64) {
			for v, i := range va {
				d := yva[v] - fv[v]
				point[size][i], dec[size][i] = d*d, fv[v]
			}
			last = size
		})
		for s := last + 1; s <= maxT; s++ { // a construction that stopped keeps its last model
			for _, i := range va {
				point[s][i], dec[s][i] = point[last][i], dec[last][i]
			}
		}
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, e := range evals {
		res.Evaluations += e
	}
	res.CVCurve = make([]float64, maxT)
	best := 1
	for s := 1; s <= maxT; s++ {
		res.CVCurve[s-1] = sum(point[s]) / float64(n)
		if res.CVCurve[s-1] < res.CVCurve[best-1] {
			best = s
		}
	}
	// Tunable nodes are for the smallest models: one standard error more than Auto's rule, and
	// no more nodes than it takes to match the fixed-node model's held-out squared error or
	// (classifiers) to make no more held-out mistakes than it.
	oof, fixed := make([]float64, n), make([]float64, n) // the fixed-node model's held-out decisions and losses
	for i, f := range ar.OOF {
		d := Y[0][i] - f[0]
		oof[i], fixed[i] = f[0], d*d
	}
	size := smallestMatching(point, smallestWithin(point, best, a.SE+1), fixed, a.SE)
	loss := point // the losses the note below compares: squared errors, or mistakes
	if class != nil {
		loss = make([][]float64, maxT+1) // loss[s][i]: 1 if point i held out is misclassified
		for s := range loss {
			loss[s] = mistakes(dec[s], class)
		}
		res.CVMiss = make([]float64, maxT)
		for s := 1; s <= maxT; s++ {
			res.CVMiss[s-1] = sum(loss[s]) / float64(n)
		}
		fixed = mistakes(oof, class)
		size = smallestMatching(loss, size, fixed, 0)
	}
	note := worseNote(loss[size], fixed, ar.Size)
	res.OOF = make([][]float64, n)
	for i := range res.OOF {
		res.OOF[i] = []float64{dec[size][i]}
	}

	// The final construction on all points.
	scale, _, pts := a.trainingInputs(-1, ar.Weighting, Z, Y, class) // the seed's final ones
	res.Scale = scale
	Zs := scaled(Z, res.Scale)
	var final *State
	built, err := t.construct(&a, Zs, Y[0], pts, ar.Tau, size, -1, func(_ int, u []float64, linear bool, s *State) {
		m := len(Zs[0])
		res.Centres = append(res.Centres, slices.Clone(u[:m]))
		res.Linear = append(res.Linear, linear)
		if linear {
			res.Vars = append(res.Vars, 0)
		} else {
			res.Vars = append(res.Vars, math.Exp(u[m]))
		}
		final = s
	}, nil, nil)
	res.Evaluations += built
	if err != nil {
		return nil, err
	}
	if final == nil {
		return nil, fmt.Errorf("ofs: tunable nodes: no node could be built")
	}
	all := final.PrefixWeightsK(final.Terms())
	res.Weights = [][]float64{all[0][1:]}
	res.Bias = []float64{all[0][0]}
	res.Built = len(res.Centres)
	kept := ""
	if !t.NoPrune {
		k := newGaussians(res.Centres, nil, Zs)
		cols := make([][]float64, len(res.Centres))
		for j, v := range res.Vars { // exp(-||z-c||^2/(2 v)), or z'c
			cols[j] = k.g[j*n : (j+1)*n]
			if res.Linear[j] {
				linearColumns(cols[j], res.Centres[j:j+1], Zs)
				continue
			}
			vecmath.ExpScaled(cols[j], k.d2[j*n:(j+1)*n], -1/(2*v))
		}
		if ev := prune(cols, Y, class, a.SE, a.Workers, 0); ev.ok {
			res.Centres, res.Vars, res.Weights, res.Bias = subset(res.Centres, ev.keep), subset(res.Vars, ev.keep), ev.w, ev.bias
			res.Linear = subset(res.Linear, ev.keep)
			res.Calibrate = rows(ev.loo)
			kept = fmt.Sprintf(", %d kept by the %s evidence", len(res.Centres), ev.likelihood)
		}
		k.release()
	}
	res.Size = len(res.Centres)
	if slices.Contains(res.Linear, true) {
		kept += ", one of them linear"
	}
	res.Chose = fmt.Sprintf("%s, centres and widths of %s tuned and refined (cross-validated; least error at %d)%s; started from the default's width tau %.3g (%s)%s",
		ar.Weighting, words.Count(res.Built, "node"), best, kept, ar.Tau, words.Count(ar.Size, "fixed node"), note)
	return res, nil
}

// worseNote says, when the fixed-node model's out-of-fold losses (squared errors, or mistakes
// for a classifier, by the sign of the uncalibrated decisions) are lower than the tunable
// model's by more than two paired standard errors, that the fixed nodes predicted better; ""
// otherwise. Tunable nodes can overfit where a centre has many coordinates to fit from few
// points.
func worseNote(tuned, fixed []float64, fixedSize int) string {
	if paired.Within(tuned, fixed, 2) {
		return ""
	}
	return fmt.Sprintf("; the default's %d fixed nodes predicted better out of fold, by more than two standard errors: the default method may suit these data better", fixedSize)
}

// construct grows a model of tunable nodes on (Z, y) to size nodes, calling added after each
// node with the node's parameters (u = (mu, log v), or for the linear node its direction) and,
// when Zva is given, held with the held-out decisions; pts are the fixed candidates (the
// seed's, trainingInputs) that start each node's search. It returns the number of cost
// evaluations. fold picks the random streams (-1: the final construction).
func (t Tuned) construct(a *Auto, Z [][]float64, y []float64, pts [][]float64, tau float64, size, fold int,
	added func(n int, u []float64, linear bool, s *State), Zva [][]float64, held func(n int, fv []float64)) (int, error) {
	n, m := len(Z), len(Z[0])
	var dirs [][]float64 // the linear node's direction, until it joins the model
	if !t.NoLinear {
		dirs = linearDirections(Z, nil, [][]float64{y})
	}
	lin := make([]float64, n)
	linearColumns(lin, dirs, Z)
	sc, s := a.build(newGaussians(pts, nil, Z).at(tau), [][]float64{y}, len(pts), size)
	var h *holdout
	if Zva != nil {
		h = newHoldout(nil, [][]float64{make([]float64, len(Zva))}, nil, s, LossMSE)
	}
	flat := make([]float64, n*m)
	lower, upper := make([]float64, m+1), make([]float64, m+1)
	for j := range m {
		lo, hi := math.Inf(1), math.Inf(-1)
		for k, z := range Z {
			flat[k*m+j] = z[j]
			lo, hi = min(lo, z[j]), max(hi, z[j])
		}
		pad := 0.1 * (hi - lo)
		lower[j], upper[j] = lo-pad, hi+pad
	}
	v0 := tau / 2
	lower[m], upper[m] = math.Log(v0/t.WidthRange), math.Log(v0*t.WidthRange)
	newCost := func() func([]float64) float64 {
		c := &tunedCost{s: s, x: flat, m: m, lambda: t.Lambda, g: make([]float64, n), alpha: make([]float64, size+2)}
		return c.cost
	}
	final := &tunedCost{s: s, x: flat, m: m, lambda: t.Lambda, g: make([]float64, n), alpha: make([]float64, size+2)}
	starts := 10
	evals := 0
	for stage := 1; stage <= size; stage++ {
		var start [][]float64
		for _, c := range sc.top(starts, t.Lambda) {
			start = append(start, append(slices.Clone(pts[c]), math.Log(v0)))
		}
		seed := seeds.Derive(a.Seed, seedTuned+uint64(fold+1)<<20, uint64(stage))
		r, err := optim.Minimize(optim.Problem{Lower: lower, Upper: upper, Start: start, NewFunc: newCost},
			t.Method, optim.Settings{Seed: seed, Workers: 1})
		if errors.Is(err, optim.ErrSetting) { // the method's settings: no stage can run
			return evals, fmt.Errorf("ofs: tunable nodes: %w", err)
		}
		if err != nil {
			break
		}
		evals += r.Evaluations
		x := r.X
		if t.Refine > 0 {
			var e int
			x, e = final.refine(x, lower, upper, t.Refine)
			evals += e
		}
		linear := false
		if dirs != nil { // the linear node instead, if its stage cost is lower
			if final.costOf(lin) < final.cost(x) {
				x, linear, dirs = dirs[0], true, nil
			}
		}
		var pp, py float64
		var ok bool
		if linear {
			pp, py, ok = final.columnOf(lin, true)
		} else {
			pp, py, ok = final.column(x, true)
		}
		if !ok {
			break
		}
		alpha := append([]float64(nil), final.alpha[:s.Terms()]...)
		s.Add(final.g, alpha, pp, py, t.Lambda)
		sc.catchUp(s)
		u := slices.Clone(x)
		if added != nil {
			added(stage, u, linear, s)
		}
		if h != nil {
			gv := make([]float64, len(Zva))
			if linear {
				linearColumns(gv, [][]float64{u}, Zva)
			} else {
				inv := 0.5 / math.Exp(u[m])
				for i, z := range Zva {
					gv[i] = math.Exp(-sqDist(z, u[:m]) * inv)
				}
			}
			h.addColumn(gv, s)
			held(stage, h.f[0])
		}
	}
	if h != nil && s.Selected() == 0 {
		held(0, h.f[0])
	}
	return evals, nil
}

// tunedCost is the stage cost of a tunable node u = (mu, log v): the regularised LOO MSE of
// the model with the node added. One per goroutine: it owns its scratch.
type tunedCost struct {
	s        *State
	x        []float64 // inputs, row-major N x m
	m        int
	lambda   float64
	g, alpha []float64
	// scratch of costGrad
	raw, q, w, r, G []float64
}

// column fills c.g with the orthogonalised column of node u (orthogonalised a second time if
// twice, for a column that joins the model) and returns p'p, p'y and whether it is
// independent of the model.
func (c *tunedCost) column(u []float64, twice bool) (pp, py float64, ok bool) {
	return c.orthogonalise(c.fill(u, nil), twice)
}

// columnOf is column for the raw column g (a linear node's).
func (c *tunedCost) columnOf(g []float64, twice bool) (pp, py float64, ok bool) {
	copy(c.g, g)
	return c.orthogonalise(dot(g, g), twice)
}

// costOf is cost for the raw column g.
func (c *tunedCost) costOf(g []float64) float64 { return c.stageCost(c.columnOf(g, false)) }

// orthogonalise orthogonalises c.g, of energy gg, against the model (see column).
func (c *tunedCost) orthogonalise(gg float64, twice bool) (pp, py float64, ok bool) {
	if gg == 0 {
		return 0, 0, false
	}
	pp, py = c.s.Orthogonalise(c.g, c.alpha)
	if twice {
		second := make([]float64, len(c.alpha))
		pp, py = c.s.Orthogonalise(c.g, second)
		for j := range c.s.Terms() {
			c.alpha[j] += second[j]
		}
	}
	return pp, py, pp >= DependenceTol*gg
}

// fill writes node u's column exp(-||x_k - mu||^2 / (2 v)) into c.g, and the squared distances
// into q if it is not nil, and returns the column's energy g'g.
func (c *tunedCost) fill(u, q []float64) float64 {
	m := c.m
	mu := u[:m]
	inv := 0.5 / math.Exp(u[m])
	var gg float64
	for k := range c.g {
		row := c.x[k*m : k*m+m]
		var d2 float64
		for j, v := range row {
			d := v - mu[j]
			d2 += d * d
		}
		if q != nil {
			q[k] = d2
		}
		v := math.Exp(-d2 * inv)
		c.g[k] = v
		gg += v * v
	}
	return gg
}

// cost is the stage cost of node u = (mu, log v).
func (c *tunedCost) cost(u []float64) float64 { return c.stageCost(c.column(u, false)) }

// stageCost is the regularised LOO MSE with the column in c.g added (+Inf if it depends on
// the model).
func (c *tunedCost) stageCost(pp, py float64, ok bool) float64 {
	if !ok {
		return math.Inf(1)
	}
	return c.s.CandidateMSE(c.g, pp, py, c.lambda)
}

// mistakes returns 1 for each point whose decision f (one output) has the wrong sign for its
// class, 0 for the others.
func mistakes(f []float64, class []int) []float64 {
	out := make([]float64, len(f))
	for i, d := range f {
		if (d > 0) != (class[i] == 1) {
			out[i] = 1
		}
	}
	return out
}

// top returns up to k free candidates of largest regularised error reduction.
func (sc *screen) top(k int, lambda float64) []int {
	type scored struct {
		c int
		v float64
	}
	var all []scored
	for c := range sc.l {
		if sc.status[c] != free {
			continue
		}
		var q float64
		for _, v := range sc.py[c*sc.k : (c+1)*sc.k] {
			q += v * v
		}
		d := sc.pp[c] + lambda
		all = append(all, scored{c, q * (sc.pp[c] + 2*lambda) / (d * d)})
	}
	slices.SortStableFunc(all, func(a, b scored) int { return cmpDesc(a.v, b.v) })
	out := make([]int, 0, k)
	for _, s := range all[:min(k, len(all))] {
		out = append(out, s.c)
	}
	return out
}

// addColumn brings the held-out decisions up to date with the state's last term, whose
// original column at the held-out points is g.
func (h *holdout) addColumn(g []float64, s *State) {
	t := s.Terms() - 1
	h.p = append(h.p, g...)
	p := h.p[t*h.nv : (t+1)*h.nv]
	for j, aj := range s.Alpha(t) {
		axpy(-aj, h.p[j*h.nv:(j+1)*h.nv], p)
	}
	h.terms++
	h.move(s.ThetaK(t), p)
}
