package sparsekernel

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/internal/paired"
	"github.com/sparsekernel/sparsekernel/model"
)

// classGaussian is one class's Gaussian in the standardised inputs: its mean and the lower
// triangular R with R' R the inverse of its shrunk covariance, and log det of that covariance.
type classGaussian struct {
	mean   []float64
	R      [][]float64
	logDet float64
}

// value returns the class's log-density at z up to its constant: -0.5 ||R (z - mean)||^2,
// the value of the quadratic node it becomes.
func (g classGaussian) value(z []float64) float64 { return model.Quadratic(z, g.mean, g.R) }

// node returns the quadratic node of the class's log-density (value) in a model whose inputs
// are z'_j = s_j z_j, s = scale (its input weights): -0.5 ||R (z - mu)||^2 = -0.5 ||R' (z' -
// mu')||^2 with mu'_j = s_j mu_j and R'[j][l] = R[j][l] / s_l.
func (g classGaussian) node(scale []float64) model.Node {
	ctr := make([]float64, len(g.mean))
	for j := range ctr {
		ctr[j] = g.mean[j] * scale[j]
	}
	R := make([][]float64, len(g.R))
	for j, row := range g.R {
		R[j] = make([]float64, len(row))
		for l, v := range row {
			R[j][l] = v / scale[l]
		}
	}
	return model.Node{Kind: model.NodeQuadratic, Centre: ctr, Matrix: R}
}

// fitGaussians returns every class's Gaussian fitted on the points of Z with use[i] true (all
// if use is nil), its covariance shrunk towards the identity, (1 - shrink) S + shrink I (the
// inputs are standardised). ok is false if a covariance is not positive definite.
func fitGaussians(Z [][]float64, class []int, classes int, use []bool, shrink float64) ([]classGaussian, bool) {
	means, covs := classMoments(Z, class, classes, use)
	return gaussiansFrom(means, covs, shrink)
}

// classMoments returns every class's mean and covariance (divisor count - 1, at least 1) over
// the points of Z with use[i] true (all if use is nil).
func classMoments(Z [][]float64, class []int, classes int, use []bool) ([][]float64, []*mat.SymDense) {
	m := len(Z[0])
	rows := make([][]int, classes)
	for i, c := range class {
		if use == nil || use[i] {
			rows[c] = append(rows[c], i)
		}
	}
	means, covs := make([][]float64, classes), make([]*mat.SymDense, classes)
	for c, idx := range rows {
		means[c] = make([]float64, m)
		covs[c] = mat.NewSymDense(m, nil)
		if len(idx) == 0 {
			continue
		}
		for _, i := range idx {
			for j, v := range Z[i] {
				means[c][j] += v
			}
		}
		for j := range means[c] {
			means[c][j] /= float64(len(idx))
		}
		D := mat.NewDense(len(idx), m, nil)
		for r, i := range idx {
			row := D.RawRowView(r)
			for j, v := range Z[i] {
				row[j] = v - means[c][j]
			}
		}
		covs[c].SymOuterK(1/max(float64(len(idx)-1), 1), D.T())
	}
	return means, covs
}

// gaussiansFrom returns the class Gaussians of the given means and covariances, each
// covariance shrunk to (1 - shrink) S + shrink I; ok is false if one is not positive definite.
func gaussiansFrom(means [][]float64, covs []*mat.SymDense, shrink float64) ([]classGaussian, bool) {
	out := make([]classGaussian, len(means))
	for c := range out {
		m := len(means[c])
		S := mat.NewSymDense(m, nil)
		for j := range m {
			for l := j; l < m; l++ {
				v := (1 - shrink) * covs[c].At(j, l)
				if j == l {
					v += shrink
				}
				S.SetSym(j, l, v)
			}
		}
		var ch mat.Cholesky
		if !ch.Factorize(S) {
			return nil, false
		}
		var L, Li mat.TriDense
		ch.LTo(&L)
		if err := Li.InverseTri(&L); err != nil {
			return nil, false
		}
		R := make([][]float64, m)
		for j := range R {
			R[j] = make([]float64, j+1)
			for l := range R[j] {
				R[j][l] = Li.At(j, l)
			}
		}
		out[c] = classGaussian{mean: means[c], R: R, logDet: ch.LogDet()}
	}
	return out, true
}

// quadraticShrinks are the covariance shrinkages the class Gaussians are fitted with; the one
// of least out-of-fold Brier score of the quadratic discriminant is kept. The inputs are
// standardised, and correlated measurements leave covariance eigenvalues of a thousandth of
// the variance (mlbench's vehicle: the quadratic discriminant makes 13 to 18 % test errors
// at 0.001, 22 to 28 % at 0.1).
var quadraticShrinks = []float64{0.001, 0.01, 0.1, 0.3, 0.6, 0.9}

// quadraticFeatures returns every point's class log-densities (up to their constants) from
// class Gaussians fitted without its group (the j-th point of each class in group j mod
// groups), at the shrinkage of least out-of-fold Brier score of the quadratic discriminant
// (priors the classes' frequencies), and that shrinkage. ok is false if no fit succeeded.
// The Brier score, not the log-loss: at a small shrinkage a point far from its class's
// Gaussian gets a log-loss in the hundreds, and two such points of 564 decided the log-loss's
// choice on vehicle (0.6, where 0.01 made half the out-of-fold mistakes); a point costs the
// Brier score at most 2.
func quadraticFeatures(Z [][]float64, class []int, classes, groups int) ([][]float64, float64, bool) {
	H, _, shrink, ok := quadraticDiscriminant(Z, class, classes, groups)
	return H, shrink, ok
}

// quadraticDiscriminant is quadraticFeatures that also returns the quadratic discriminant's
// out-of-group logits at the shrinkage chosen: each class's log-density, with its log
// determinant, and the log of its share of the group's training points.
func quadraticDiscriminant(Z [][]float64, class []int, classes, groups int) (H, logits [][]float64, shrink float64, ok bool) {
	n := len(Z)
	group := calibrate.Groups(class, classes, groups)
	type fold struct {
		means [][]float64
		covs  []*mat.SymDense
		prior []float64 // log of the classes' shares of the fold's training points
		held  []int
	}
	folds := make([]fold, 0, groups)
	for g := range groups {
		use := make([]bool, n)
		var f fold
		count := make([]float64, classes)
		for i := range use {
			use[i] = group[i] != g
			if use[i] {
				count[class[i]]++
			} else {
				f.held = append(f.held, i)
			}
		}
		if len(f.held) == 0 {
			continue
		}
		f.means, f.covs = classMoments(Z, class, classes, use)
		f.prior = make([]float64, classes)
		for c, v := range count {
			f.prior[c] = math.Log(max(v, 0.5) / float64(n-len(f.held)))
		}
		folds = append(folds, f)
	}
	var (
		bestH, bestL [][]float64
		bestS        float64
		bestLoss     = math.Inf(1)
	)
	for _, shrink := range quadraticShrinks {
		// H, and the quadratic discriminant's logits: log-density, log det and prior.
		H, logits := make([][]float64, n), make([][]float64, n)
		ok := true
		for _, f := range folds {
			gs, fitted := gaussiansFrom(f.means, f.covs, shrink)
			if !fitted {
				ok = false
				break
			}
			for _, i := range f.held {
				H[i], logits[i] = make([]float64, classes), make([]float64, classes)
				for c, gc := range gs {
					H[i][c] = gc.value(Z[i])
					logits[i][c] = H[i][c] - 0.5*gc.logDet + f.prior[c]
				}
			}
		}
		if !ok {
			continue
		}
		if loss := calibrate.LogitBrier(logits, class); loss < bestLoss {
			bestH, bestL, bestS, bestLoss = H, logits, shrink, loss
		}
	}
	return bestH, bestL, bestS, bestH != nil
}

// quadSE is the margin, in paired standard errors of log-loss, by which the two classes'
// quadratic discriminant must do better out of fold than the model to replace it
// (quadraticContender).
const quadSE = 1

// quadraticContender replaces a classifier by the quadratic discriminant of the classes'
// Gaussians (quadraticDiscriminant: their covariances shrunk towards the identity by the
// out-of-group Brier score's choice), a quadratic node a class, where the discriminant's
// cross-fitted logits, calibrated, have a log-loss lower than the model's out-of-fold ones by
// quadSE paired standard errors: with two classes Platt's sigmoid on the difference of the
// logits against the model's out-of-fold decisions (c.oof) Platt-calibrated, with more
// quadraticContenders. Two classes of at most quadLogisticInputs inputs have a second
// contender, the logistic regression on the inputs, their squares and products (quadLogistic),
// whose boundary is any quadric, not the one the classes' Gaussians imply (points uniform in a
// square, the class inside a circle: the discriminant makes 8.8 % test errors, the regression
// 0.8); of the two, the one of lower log-loss. Classes that differ in the spread and orientation of their points have
// a quadratic boundary, which Gaussian nodes of one width draw only piecewise; normal classes
// of one covariance are told apart best by the difference of their means, the discriminant at
// a strong shrinkage. Not under Options.NoLinear (Gaussian nodes only) or a node budget below
// a node a class. scale holds the model's input weights (its inputs are c.Z's times them).
func (c *fitContext) quadraticContender(scale []float64) {
	p := c.p
	n, in, classes := len(c.Z), len(c.Z[0]), len(p.classes)
	if classes < 2 || c.opt.NoLinear || len(c.oof) != n || quadraticCost(n, in, classes) > quadraticWork ||
		c.opt.MaxTerms > 0 && c.opt.MaxTerms < classes || // (a node budget below a node a class)
		classes > 2 && (len(c.mapLogits) != n || !calibrate.Newton(n, classes, classes)) { // (quadraticContenders)
		return
	}
	inputs := c.inputsMap() // (the discriminant the class map may have computed already)
	if classes > 2 {
		if inputs.quadratic(p.class, classes) != nil {
			c.quadraticContenders(scale, inputs)
		}
		return
	}
	m := c.m
	if len(m.Weights) != 1 {
		return
	}
	ma, mb, ok := plattOf(c.oof, p.class)
	if !ok {
		return
	}
	mLoss := calibrate.LogitLosses(plattLogits(c.oof, ma, mb), p.class)
	// Each contender's cross-fitted logits, Platt-calibrated (qa, qb); the one of least
	// log-loss among those the model does worse than by more than quadSE paired standard
	// errors replaces it (apply, which may still fail: the model is then kept).
	type contender struct {
		d      [][]float64 // the calibrated cross-fitted logits
		loss   []float64
		qa, qb float64
		apply  func(qa, qb, margin float64) bool
	}
	var best *contender
	try := func(logits []float64, apply func(qa, qb, margin float64) bool) {
		d := make([][]float64, n)
		for i, l := range logits {
			d[i] = []float64{l}
		}
		qa, qb, ok := plattOf(d, p.class)
		if !ok {
			return
		}
		for i := range d {
			d[i][0] = qa*d[i][0] + qb
		}
		loss := calibrate.LogitLosses(plattLogits(d, 1, 0), p.class)
		if paired.Within(mLoss, loss, quadSE) || best != nil && mean(loss) >= mean(best.loss) {
			return
		}
		best = &contender{d: d, loss: loss, qa: qa, qb: qb, apply: apply}
	}
	if inputs.quadratic(p.class, classes) != nil {
		diff := make([]float64, n)
		for i, l := range inputs.logits {
			diff[i] = l[1] - l[0]
		}
		try(diff, func(qa, qb, margin float64) bool {
			nodes, konst := c.discriminantNodes(scale, inputs.gauss)
			m.Nodes = nodes
			m.Weights = [][]float64{{-qa, qa}}
			m.Bias = []float64{qa*(konst[1]-konst[0]) + qb}
			m.Training.Chose += fmt.Sprintf("; "+model.QuadraticChose+" (two quadratic nodes, covariances shrunk by %g), as its cross-validated log-loss was lower by %.1f standard errors",
				inputs.shrink, margin)
			return true
		})
	}
	if quadLogisticAffordable(n, in) {
		cols, mu, sd := quadColumns(c.Z)
		if L := quadLogistic(cols, p.class, in, calibGroups, c.opt.Workers); L != nil {
			try(L, func(qa, qb, margin float64) bool {
				q, ok := quadLogisticForm(cols, mu, sd, p.class, in, c.opt.Workers)
				if !ok {
					return false
				}
				ga, gb, bias, ok := q.nodes()
				if !ok {
					return false
				}
				m.Nodes = []model.Node{ga.node(scale), gb.node(scale)}
				m.Weights = [][]float64{{-qa, qa}}
				m.Bias = []float64{qa*bias + qb}
				m.Training.Chose += fmt.Sprintf("; "+model.QuadLogisticChose+" (two quadratic nodes), as its cross-validated log-loss was lower by %.1f standard errors", margin)
				return true
			})
		}
	}
	if best == nil || !best.apply(best.qa, best.qb, paired.Margin(mLoss, best.loss)) {
		return
	}
	m.Calibration = &model.Calibration{Method: "platt-cv, folded into the outputs", A: [][]float64{{0}, {1}}, B: []float64{0, 0}}
	c.oof = best.d
	c.noSignal = !beatsTrivial(best.d, p.class)
	t := &m.Training
	t.LOOError = oofError(best.d, p.class)
	t.CVError = t.LOOError
}

// quadraticContenders is quadraticContender for three classes or more: the discriminant's
// out-of-group logits (inputs.logits), tempered, mapped by a multinomial map, cross-fitted,
// against the model's map's cross-fitted logits (c.mapLogits); where it wins, the model becomes
// a quadratic node a class with the map folded into the outputs. Only where the map is fitted
// by Newton's method (calibrate.Newton), as the class map's other forms are: letter's 26
// classes would take five cross-fits by L-BFGS, about 20 s (quadraticContender looks first).
func (c *fitContext) quadraticContenders(scale []float64, inputs *inputsMap) {
	p, m := c.p, c.m
	classes := len(p.classes)
	L, temp := tempered(inputs.logits, p.class)
	A, B, ok := calibrate.Fit(L, p.class, classes)
	if !ok {
		return
	}
	QL, ok := calibrate.CrossLogits(L, p.class, classes, calibGroups, c.opt.Workers, A, B)
	if !ok {
		return
	}
	qLoss, mLoss := calibrate.LogitLosses(QL, p.class), calibrate.LogitLosses(c.mapLogits, p.class)
	if paired.Within(mLoss, qLoss, quadSE) {
		return
	}
	nodes, konst := c.discriminantNodes(scale, inputs.gauss)
	m.Nodes = nodes
	m.Weights, m.Bias = make([][]float64, classes), slices.Clone(B)
	for k := range classes {
		m.Weights[k] = make([]float64, classes)
		for q, a := range A[k] {
			m.Weights[k][q] = a * temp
			m.Bias[k] += a * temp * konst[q]
		}
	}
	m.Calibration = &model.Calibration{Method: "multinomial-cv, folded into the outputs", A: identity(classes), B: make([]float64, classes)}
	c.mapLogits = QL
	t := &m.Training
	t.LOOError = mean(mistakes(argmaxLabels(QL), p.class))
	t.CVError = t.LOOError
	t.Chose += fmt.Sprintf("; %s (%d quadratic nodes, covariances shrunk by %g), as its cross-validated log-loss was lower by %.1f standard errors",
		model.QuadraticChose, classes, inputs.shrink, paired.Margin(mLoss, qLoss))
}

// tempered returns the discriminant's logits L scaled by the temperature of least log-loss
// among 1, 1/2, 1/5, ..., 1/100, and that temperature: in many dimensions the log-densities of
// points far from a class reach hundreds, a scale on which the multinomial map's ridge and
// steps fit badly (digits: 2 % mistakes by the logits' arg max, 9 % by the map fitted on them).
func tempered(L [][]float64, class []int) ([][]float64, float64) {
	best, temp := math.Inf(1), 1.0
	var out [][]float64
	for _, t := range []float64{1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01} {
		S := make([][]float64, len(L))
		for i, l := range L {
			S[i] = make([]float64, len(l))
			for j, v := range l {
				S[i][j] = t * v
			}
		}
		if loss := calibrate.LogitLoss(S, class); loss < best {
			best, temp, out = loss, t, S
		}
	}
	return out, temp
}

// discriminantNodes returns the classes' Gaussians gs (fitted on all the points) as quadratic
// nodes of the model's inputs (scale: its input weights), and each class's constant, -0.5 log
// det of its covariance plus the log of its share of the points.
func (c *fitContext) discriminantNodes(scale []float64, gs []classGaussian) (nodes []model.Node, konst []float64) {
	count := classCounts(c.p.class, len(gs))
	nodes, konst = make([]model.Node, len(gs)), make([]float64, len(gs))
	for q, g := range gs {
		nodes[q] = g.node(scale)
		konst[q] = -0.5*g.logDet + math.Log(max(float64(count[q]), 0.5)/float64(len(c.Z)))
	}
	return nodes, konst
}

// plattOf returns Platt's sigmoid fitted on the one-output decisions F, p = 1 / (1 + exp(-(a f
// + b))); ok is false where it cannot be fitted or does not order the classes (a <= 0).
func plattOf(F [][]float64, class []int) (a, b float64, ok bool) {
	A, B, ok := calibrate.Fit(F, class, 2)
	if !ok || !(A[1][0] > 0) {
		return 0, 0, false
	}
	return A[1][0], B[1], true
}

// plattLogits returns the two classes' logits (0, a f + b) of the one-output decisions F under
// Platt's sigmoid of slope a and intercept b, for calibrate.LogitLosses.
func plattLogits(F [][]float64, a, b float64) [][]float64 {
	out := make([][]float64, len(F))
	for i, f := range F {
		out[i] = []float64{0, a*f[0] + b}
	}
	return out
}
