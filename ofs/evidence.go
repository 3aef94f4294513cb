package ofs

import (
	"math"
	"slices"

	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/internal/vecmath"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// Evidence pruning: sparse Bayesian learning (Tipping 2001, "Sparse Bayesian learning and the
// relevance vector machine", JMLR 1) on the columns forward selection chose. Each column i has
// a prior precision alpha_i on its weights, shared by the K outputs (the nodes are shared), the
// bias has a flat prior, and the noise precision beta is shared too. MacKay's fixed point
// (Tipping's equations 12 and 13, summed over the outputs)
//
//	Sigma = (beta Phi'Phi + A)^-1,   mu_k = beta Sigma Phi' y_k,   gamma_i = 1 - alpha_i Sigma_ii,
//	alpha_i = K gamma_i / sum_k mu_ik^2,   beta = K (N - sum_i gamma_i) / sum_k ||y_k - Phi mu_k||^2
//
// drives the precisions of columns the data do not support to infinity; such columns are
// removed. The weights returned are the posterior means mu.

// Evidence settings: the iterations at most; the precision above which a column is removed,
// for outputs of unit scale (its weights' prior sd is then 1e-4 of the outputs'); the change of
// every log precision below which the iteration has converged; the change of the log noise
// precision below which it has settled, after which a column is removed as soon as the
// evidence no longer supports it (before, a noise level far from the data's would remove good
// columns); and the largest change of a weight, relative to the largest weight, below which it
// has converged as well (precisions of weakly supported columns creep long after the weights
// have stopped moving).
const (
	evidenceIterations = 300
	evidenceDrop       = 1e8
	evidenceTol        = 1e-2
	evidenceSettled    = 1e-2
	evidenceWeightTol  = 1e-3
)

// evidenceFit is the result of sparse Bayesian learning on a bias and the given columns.
type evidenceFit struct {
	keep  []int       // indices of the columns kept, increasing
	w     [][]float64 // w[k][j]: output k's weight of column keep[j]
	bias  []float64
	alpha []float64 // alpha[j]: precision of column keep[j]
	beta  float64
	// inverse is U^-1 for the Cholesky factor U of Sigma^-1 over the bias and the kept columns
	// (Sigma = U^-1 U^-T; evidencePrune's, for the leave-one-out decisions).
	inverse blas64.Triangular
	// loo holds a two-class model's approximate leave-one-out logits (bernoulliEvidence), for
	// calibration: its weights are not on the scale of forward selection's decisions.
	loo        []float64
	likelihood string // "Gaussian" or "Bernoulli"
	ok         bool   // false if the posterior could not be computed (the caller keeps its model)
}

// prune removes the columns the evidence does not support: with the Gaussian likelihood for a
// regressor or several classes; for two classes (one output, class not nil) with both
// likelihoods, keeping the Bernoulli model (the smaller, as a rule) unless the Gaussian one's
// leave-one-out log-loss is lower by more than se paired standard errors (compareLogLoss).
// The last group columns share one precision (sharedPrecision). workers bounds the goroutines
// of the Gram matrices (vecmath.GemmOn, gram).
func prune(cols [][]float64, Y [][]float64, class []int, se float64, workers, group int) evidenceFit {
	g := evidencePrune(cols, Y, class != nil, workers, group)
	g.likelihood = "Gaussian"
	if class == nil || len(Y) > 1 {
		return g
	}
	t := positives(Y[0])
	b := bernoulliEvidence(cols, t, workers, bernoulliNewton, group)
	b.likelihood = "Bernoulli"
	switch {
	case !b.ok:
		return g
	case !g.ok:
		return b
	}
	if compareLogLoss(b.loo, g.gaussianLOO(cols, Y[0]), t) > se {
		return g
	}
	return b
}

// positives returns the Bernoulli labels of one output's class codes: 1 where the code is
// positive (the positive output's class), else 0.
func positives(y []float64) []float64 {
	t := make([]float64, len(y))
	for i, v := range y {
		if v > 0 {
			t[i] = 1
		}
	}
	return t
}

// compareLogLoss returns by how many paired standard errors the log-loss of decisions fb exceeds
// that of decisions fg, each mapped to probabilities by its own Platt sigmoid, for the labels t
// (0 or 1): the two prunings' leave-one-out decisions (prune: the Bernoulli model's logits and
// the Gaussian model's decisions, both fitted on the columns selection chose on all points, so
// both optimistic alike), or two models' out-of-fold decisions (rvmContender). +Inf if fb cannot
// be calibrated, -Inf if fg cannot.
func compareLogLoss(fb, fg, t []float64) float64 {
	lb, lg := plattLosses(fb, t), plattLosses(fg, t)
	switch {
	case lb == nil:
		return math.Inf(1)
	case lg == nil:
		return math.Inf(-1)
	}
	d := make([]float64, len(t))
	for i := range d {
		d[i] = lb[i] - lg[i]
	}
	n := float64(len(d))
	m := sum(d) / n
	v := max(dot(d, d)/n-m*m, 0)
	if v == 0 { // identical losses, or a constant difference
		switch {
		case m > 0:
			return math.Inf(1)
		case m < 0:
			return math.Inf(-1)
		}
		return 0
	}
	return m / math.Sqrt(v/n)
}

// plattLosses returns each point's log-loss under the Platt sigmoid fitted on the decisions f
// for the labels t (0 or 1), or nil if it cannot be fitted.
func plattLosses(f, t []float64) []float64 {
	F := make([][]float64, len(f))
	class := make([]int, len(f))
	for i, v := range f {
		F[i], class[i] = []float64{v}, int(t[i])
	}
	A, B, ok := calibrate.Fit(F, class, 2)
	if !ok {
		return nil
	}
	L := make([]float64, len(f))
	for i, v := range f {
		z := A[1][0]*v + B[1]
		if t[i] > 0 {
			L[i] = softplus(-z)
		} else {
			L[i] = softplus(z)
		}
	}
	return L
}

// gaussianLOO returns the leave-one-out decisions of a one-output Gaussian evidence model at
// its precisions and noise precision: without point i the posterior mean's decision is
// f_-i = (f_i - h_i y_i) / (1 - h_i), h_i = beta phi_i' Sigma phi_i (the deletion formula of
// a ridge regression; exact).
func (ev evidenceFit) gaussianLOO(cols [][]float64, y []float64) []float64 {
	C := withBias(subset(cols, ev.keep))
	lev := leverages(ev.inverse, C) // phi_i' Sigma phi_i
	w := append([]float64{ev.bias[0]}, ev.w[0]...)
	out := make([]float64, len(y))
	for x, c := range C {
		axpy(w[x], c, out) // the decisions f_i
	}
	for i, f := range out {
		hi := ev.beta * lev[i]
		out[i] = (f - hi*y[i]) / max(1-hi, 1e-12)
	}
	return out
}

// withBias returns the design's columns: a column of ones, then cols.
func withBias(cols [][]float64) [][]float64 {
	ones := make([]float64, len(cols[0]))
	for i := range ones {
		ones[i] = 1
	}
	return append([][]float64{ones}, cols...)
}

// leverages returns phi_i' Sigma phi_i for the rows phi_i of the design whose columns are C,
// given inv = U^-1 for the Cholesky factor U of Sigma^-1 (Sigma = U^-1 U^-T): the squared
// norms of the columns of U^-T Phi'.
func leverages(inv blas64.Triangular, C [][]float64) []float64 {
	m, n := len(C), len(C[0])
	V := make([]float64, m*n)
	for x, c := range C {
		copy(V[x*n:(x+1)*n], c)
	}
	blas64.Trmm(blas.Left, blas.Trans, 1, inv, blas64.General{Rows: m, Cols: n, Stride: n, Data: V})
	h := make([]float64, n)
	for x := range m {
		for i, v := range V[x*n : (x+1)*n] {
			h[i] += v * v
		}
	}
	return h
}

// evidencePrune runs sparse Bayesian learning on a bias and the columns cols (each of length
// N) for the K target vectors Y (K x N). It keeps at least one column if it is given one (the
// best supported: the model of forward selection always has a node); with none it returns
// the bias alone (the outputs' means). codes says that Y holds class codes (+-1), whose unit
// is 1 whatever the class sizes; otherwise the unit is the targets' standard deviation, so
// that the pruning does not depend on the targets' scale (evidenceDrop is relative to it).
// workers bounds the goroutines of the Gram matrix; the fit does not depend on it. The last
// group columns share one precision (sharedPrecision).
func evidencePrune(cols [][]float64, Y [][]float64, codes bool, workers, group int) evidenceFit {
	n, K, M := len(Y[0]), len(Y), len(cols)+1
	shared := sharedPrecision{from: M - group}
	// C is the (M x N) design matrix transposed: a row of ones, then the columns.
	C := make([]float64, M*n)
	for i := range n {
		C[i] = 1
	}
	for j, c := range cols {
		copy(C[(j+1)*n:(j+2)*n], c)
	}
	Yf := make([]float64, K*n)
	for k, y := range Y {
		copy(Yf[k*n:], y)
	}
	G := make([]float64, M*M) // Phi'Phi
	vecmath.GemmOn(workers, blas.NoTrans, blas.Trans, 1, blas64.General{Rows: M, Cols: n, Stride: n, Data: C},
		blas64.General{Rows: M, Cols: n, Stride: n, Data: C}, 0, blas64.General{Rows: M, Cols: M, Stride: M, Data: G})
	PY := make([]float64, M*K) // Phi'Y
	vecmath.Gemm(blas.NoTrans, blas.Trans, 1, blas64.General{Rows: M, Cols: n, Stride: n, Data: C},
		blas64.General{Rows: K, Cols: n, Stride: n, Data: Yf}, 0, blas64.General{Rows: M, Cols: K, Stride: K, Data: PY})
	yy := make([]float64, K)
	var spread float64 // summed variance of the outputs
	for k, y := range Y {
		yy[k] = dot(y, y)
		m := sum(y) / float64(n)
		spread += yy[k]/float64(n) - m*m
	}
	if spread <= 0 {
		spread = 1
	}

	drop := evidenceDrop // for weights in the outputs' unit
	if !codes {
		drop *= float64(K) / spread
	}
	alpha := make([]float64, M)
	for i := range alpha {
		alpha[i] = 0.01 * float64(K) / spread // a broad prior: weight variance 100 times the outputs'
	}
	alpha[0] = 0 // the bias: flat prior
	beta := float64(K) / (0.1 * spread)
	active := make([]int, M)
	for i := range active {
		active[i] = i
	}
	var mu [][]float64 // mu[k][x] for active[x]
	settled := false   // the noise precision has settled: the prune test applies
	for range evidenceIterations {
		sigma, m, _, ok := evidencePosterior(G, PY, M, K, active, alpha, beta)
		if !ok {
			break
		}
		// The weights' largest change since the last iteration, relative to the largest weight
		// (infinite when the active set changed).
		moved := math.Inf(1)
		if mu != nil && len(mu[0]) == len(m[0]) {
			var d, top float64
			for k := range K {
				for x := range m[k] {
					d, top = max(d, math.Abs(m[k][x]-mu[k][x])), max(top, math.Abs(m[k][x]))
				}
			}
			moved = d / max(top, 1e-300)
		}
		mu = m
		if moved < evidenceWeightTol {
			break
		}
		na := len(active)
		ga := make([]float64, na*na) // G over the active set
		for x, a := range active {
			for z, b := range active {
				ga[x*na+z] = G[a*M+b]
			}
		}
		var sse, gsum, change float64
		gmu := make([][]float64, K) // (G mu_k) over the active set
		for k := range K {
			gmu[k] = make([]float64, na)
			// ||y - Phi mu||^2 = y'y - 2 mu'Phi'y + mu'Phi'Phi mu
			e := yy[k]
			for x, a := range active {
				gmu[k][x] = dot(ga[x*na:(x+1)*na], mu[k])
				e += mu[k][x] * (gmu[k][x] - 2*PY[a*K+k])
			}
			sse += max(e, 0)
		}
		next := make([]int, 0, na)
		last, lastGain := -1, math.Inf(-1) // the best supported column, kept if all would go
		shared.start()
		for x, a := range active {
			sii := sigma[x]
			g := 1 - alpha[a]*sii
			gsum += g
			if a == 0 {
				next = append(next, a)
				continue
			}
			var m2 float64
			for k := range K {
				m2 += mu[k][x] * mu[k][x]
			}
			if shared.holds(a) {
				shared.add(g, m2)
				next = append(next, a)
				continue
			}
			// With column i left out of the model, s_i = 1/Sigma_ii - alpha_i and q_ik =
			// mu_ik/Sigma_ii (Tipping and Faul 2003, "Fast marginal likelihood maximisation
			// for sparse Bayesian models"); the evidence, summed over the outputs, then grows
			// with alpha_i without bound, and the column goes, when sum_k q_ik^2 <= K s_i.
			gain := m2/(sii*sii) - float64(K)*(1/sii-alpha[a])
			nxt := math.Inf(1)
			if (gain > 0 || !settled) && m2 > 0 && g > 0 {
				nxt = float64(K) * g / m2 // MacKay's update
			}
			if nxt > drop {
				if gain > lastGain {
					last, lastGain = a, gain
				}
				continue
			}
			change = max(change, math.Abs(math.Log(nxt/alpha[a])))
			alpha[a] = nxt
			next = append(next, a)
		}
		// (Should last come back, its precision is still its last finite one.)
		next, _ = shared.update(next, alpha, float64(K), drop, &change, last)
		if sse > 0 {
			nb := float64(K) * max(float64(n)-gsum, 1) / sse
			settled = math.Abs(math.Log(nb/beta)) < evidenceSettled
			beta = nb
		}
		converged := len(next) == len(active) && change < evidenceTol
		active = next
		if converged {
			break
		}
	}
	// The posterior mean at the final precisions and active set.
	_, mu, inv, ok := evidencePosterior(G, PY, M, K, active, alpha, beta)
	if !ok {
		return evidenceFit{} // not positive definite to rounding
	}
	fit := evidenceFit{ok: true, beta: beta, inverse: inv, w: make([][]float64, K), bias: make([]float64, K)}
	for _, a := range active[1:] {
		fit.keep = append(fit.keep, a-1)
		fit.alpha = append(fit.alpha, alpha[a])
	}
	for k := range K {
		fit.bias[k] = mu[k][0]
		fit.w[k] = append([]float64(nil), mu[k][1:]...)
	}
	return fit
}

// evidencePosterior returns, for the active columns (index 0 the bias), the diagonal of
// Sigma = (beta G + A)^-1, the posterior means mu_k = beta Sigma Phi'y_k and U^-1 for the
// Cholesky factor U of Sigma^-1; ok is false if the matrix is not positive definite. With the Cholesky factor H = U'U, mu solves H mu =
// beta Phi'y and Sigma_ii is the squared norm of row i of U^-1 (Sigma = U^-1 U^-T).
func evidencePosterior(G, PY []float64, M, K int, active []int, alpha []float64, beta float64) (diag []float64, mu [][]float64, inv blas64.Triangular, ok bool) {
	m := len(active)
	h := make([]float64, m*m)
	for x, a := range active {
		for z := x; z < m; z++ {
			h[x*m+z] = beta * G[a*M+active[z]]
		}
		h[x*m+x] += alpha[a]
	}
	u, ok := lapack64.Potrf(blas64.Symmetric{N: m, Stride: m, Data: h, Uplo: blas.Upper})
	if !ok {
		return nil, nil, u, false
	}
	rhs := make([]float64, m*K) // m x K
	for x, b := range active {
		for k := range K {
			rhs[x*K+k] = beta * PY[b*K+k]
		}
	}
	lapack64.Potrs(u, blas64.General{Rows: m, Cols: K, Stride: K, Data: rhs})
	mu = make([][]float64, K)
	for k := range K {
		mu[k] = make([]float64, m)
		for x := range m {
			mu[k][x] = rhs[x*K+k]
		}
	}
	if !lapack64.Trtri(u) { // u now holds U^-1
		return nil, nil, u, false
	}
	return inverseDiag(u), mu, u, true
}

// inverseDiag returns the diagonal of Sigma = U^-1 U^-T given inv = U^-1 (upper triangular):
// Sigma_ii is the squared norm of row i of U^-1.
func inverseDiag(inv blas64.Triangular) []float64 {
	m := inv.N
	diag := make([]float64, m)
	for x := range m {
		row := inv.Data[x*inv.Stride+x : x*inv.Stride+m]
		diag[x] = dot(row, row)
	}
	return diag
}

// sharedPrecision is a group of a design's columns, from the index from on (the bias being 0),
// whose weights share one prior precision: a ridge on the group within sparse Bayesian
// learning, as for the inputs' linear terms beside the nodes (Auto's final model). MacKay's
// update for a shared precision sums over the group, alpha = K sum_j gamma_j / sum_jk mu_jk^2
// (MacKay 1992, "Bayesian interpolation", with gamma_j = 1 - alpha Sigma_jj); the group goes
// when its precision passes the drop threshold. An empty group (from past the last column)
// holds nothing.
type sharedPrecision struct {
	from       int
	gamma, ww  float64 // sums over the group's active columns in this iteration
	haveColumn bool
}

func (sp *sharedPrecision) start()           { sp.gamma, sp.ww, sp.haveColumn = 0, 0, false }
func (sp *sharedPrecision) holds(a int) bool { return a >= sp.from }
func (sp *sharedPrecision) add(gamma, w2 float64) {
	sp.gamma += gamma
	sp.ww += w2
	sp.haveColumn = true
}

// update ends an evidence iteration's prune tests, next being the columns kept so far (the
// bias first) and last the best supported node that went (-1 if none did): it sets the
// group's precision in alpha from this iteration's sums, for K outputs, and drops the group
// from next where the precision passes drop (gone true); change is raised to the precision's
// change in log. A model keeps one column at least: where next would hold the bias alone,
// last comes back or, with no node to take its place, the group stays, its precision as it
// was.
func (sp *sharedPrecision) update(next []int, alpha []float64, K, drop float64, change *float64, last int) ([]int, bool) {
	gone := false
	if sp.haveColumn {
		a := K * sp.gamma / sp.ww
		alone := last < 0 && !slices.ContainsFunc(next, func(c int) bool { return c != 0 && !sp.holds(c) })
		switch {
		case (!(a > 0) || a > drop) && !alone:
			next, gone = slices.DeleteFunc(next, sp.holds), true
		case a > 0 && a <= drop:
			for _, c := range next {
				if sp.holds(c) {
					*change = max(*change, math.Abs(math.Log(a/alpha[c])))
					alpha[c] = a
				}
			}
		}
	}
	if len(next) == 1 && last >= 0 {
		next = append(next, last)
	}
	return next, gone
}
