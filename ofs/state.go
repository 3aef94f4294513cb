// Package ofs is the orthogonal forward selection (OFS) engine of sparsekernel
// (docs/ALGORITHMS.md, section 2) and the selection methods built on it: ROLS-LOO (rols.go),
// LOOMI (loomi.go), the tunable-node construction (tunable.go) and LROLS-LOO (lrols.go).
//
// A State holds the model after n terms in its orthogonal form: the columns p_i, kappa_i,
// lambda_i, theta_i and, for every training point k, the residual e_k and the LOO weighting
// eta_k. Adding a term is one O(N) rank-one update, and the leave-one-out statistics (MSE,
// misclassification rate, mutual information) follow from e and eta without refitting. The
// ridge penalty sum_i lambda_i theta_i^2 acts on the orthogonal weights theta, which is what
// makes the LOO identities exact.
package ofs

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

// DependenceTol is the relative energy below which an orthogonalised candidate is taken to be
// linearly dependent on the model and rejected: p'p < DependenceTol * g'g.
const DependenceTol = 1e-10

// biasLambda is the regularisation of the forced bias term: small, as for any term during
// construction.
const biasLambda = 1e-6

// etaMin is the LOO weighting below which a point is counted as a LOO error (its LOO residual
// e/eta is unbounded: the model interpolates it through a column concentrated on it).
const etaMin = 1e-12

// State is an OFS model in orthogonal form (docs/ALGORITHMS.md, section 2.1). The zero value is
// not usable: call NewState.
// A state may fit K target vectors at once (NewStateK): the terms, kappa, lambda and eta are
// shared, each output k has its own residual e_k and weights theta_ik = p_i'y_k/(kappa_i +
// lambda_i). The single-output fields below (y, e, theta, py) are those of output 0.
type State struct {
	n          int         // number of samples N
	ys, es     [][]float64 // K targets and residuals
	pyK        [][]float64 // pyK[i][k] = p_i'y_k
	thetaK     [][]float64 // thetaK[i][k]
	y          []float64
	pos        []int // pos[k] = 1 if y[k] > 0 (classification counts), else 0
	npos       int
	sorted     bool        // y is +1 for k < npos and -1 after: the fast miss count applies
	cols       [][]float64 // p_1..p_n
	kappa      []float64   // p_i'p_i
	lambda     []float64   // regularisation lambda_i
	theta      []float64   // p_i'y / (kappa_i + lambda_i)
	py         []float64   // p_i'y
	alpha      [][]float64 // alpha[i][j] = p_j'g_i/kappa_j for j < i
	e          []float64   // residual
	eta        []float64   // LOO weighting
	store      []float64   // backing array for cols
	bias       bool        // the constant column is a forced first term
	ones       []float64
	biasLambda float64
}

// release hands the columns' store back for reuse (matrixBuf); s must not be used after.
func (s *State) release() {
	recycle(s.store)
	s.store, s.cols = nil, nil
}

// NewState starts an empty model (e = y, eta = 1) for targets y, with room for maxTerms terms
// allocated up front so that adding terms does not allocate.
func NewState(y []float64, maxTerms int) *State {
	return NewStateK([][]float64{y}, maxTerms)
}

// NewStateK starts an empty model of K = len(Y) outputs for the target vectors Y[k] (all of
// length N). The classification statistics (misses, MI, logistic loss) use output 0.
func NewStateK(Y [][]float64, maxTerms int) *State {
	y := Y[0]
	n := len(y)
	s := &State{
		n:     n,
		ys:    Y,
		y:     y,
		pos:   make([]int, n),
		eta:   make([]float64, n),
		store: matrixBuf(n * maxTerms), // (a column is written before it is read: Add)
	}
	s.es = make([][]float64, len(Y))
	for k := range Y {
		s.es[k] = make([]float64, n)
	}
	s.e = s.es[0]
	s.pyK = make([][]float64, 0, maxTerms)
	s.thetaK = make([][]float64, 0, maxTerms)
	s.cols = make([][]float64, 0, maxTerms)
	s.kappa = make([]float64, 0, maxTerms)
	s.lambda = make([]float64, 0, maxTerms)
	s.theta = make([]float64, 0, maxTerms)
	s.py = make([]float64, 0, maxTerms)
	s.alpha = make([][]float64, 0, maxTerms)
	for k, v := range y {
		if v > 0 {
			s.pos[k] = 1
			s.npos++
		}
	}
	s.sorted = true
	for k, v := range y {
		if (k < s.npos && v != 1) || (k >= s.npos && v != -1) {
			s.sorted = false
		}
	}
	s.Reset()
	return s
}

// SetBias makes the constant column a forced first term of the model (a bias, regularised
// by lambda like any term, so the LOO statistics stay exact), and resets the state. Terms()
// counts it; Selected() does not. maxTerms given to NewState must leave room for it.
func (s *State) SetBias(lambda float64) {
	s.bias = true
	s.ones = make([]float64, s.n)
	for k := range s.ones {
		s.ones[k] = 1
	}
	s.biasLambda = lambda
	s.Reset()
}

// Forced returns the number of forced terms (1 with a bias, else 0).
func (s *State) Forced() int {
	if s.bias {
		return 1
	}
	return 0
}

// Selected returns the number of terms other than the forced ones.
func (s *State) Selected() int { return len(s.cols) - s.Forced() }

// columns returns the model's columns as a terms x N row-major matrix (not a copy).
func (s *State) columns() blas64.General {
	t := len(s.cols)
	return blas64.General{Rows: t, Cols: s.n, Stride: s.n, Data: s.store[:t*s.n]}
}

// Outputs returns K, the number of target vectors.
func (s *State) Outputs() int { return len(s.ys) }

// Reset empties the model: e = y, eta = 1, no terms but the forced bias, if any.
func (s *State) Reset() {
	for k, yk := range s.ys {
		copy(s.es[k], yk)
	}
	for k := range s.eta {
		s.eta[k] = 1
	}
	s.cols = s.cols[:0]
	s.kappa = s.kappa[:0]
	s.lambda = s.lambda[:0]
	s.theta = s.theta[:0]
	s.py = s.py[:0]
	s.pyK = s.pyK[:0]
	s.thetaK = s.thetaK[:0]
	s.alpha = s.alpha[:0]
	if s.bias {
		s.Add(s.ones, nil, float64(s.n), sum(s.y), s.biasLambda)
	}
}

func sum(v []float64) float64 {
	var t float64
	for _, x := range v {
		t += x
	}
	return t
}

// N returns the number of training samples.
func (s *State) N() int { return s.n }

// Terms returns the number of terms in the model.
func (s *State) Terms() int { return len(s.cols) }

// Cap returns the number of terms the state has room for.
func (s *State) Cap() int { return cap(s.cols) }

// Y returns the targets (not a copy).
func (s *State) Y() []float64 { return s.y }

// Residual returns e, the current residual (not a copy).
func (s *State) Residual() []float64 { return s.e }

// Eta returns the LOO weighting eta (not a copy).
func (s *State) Eta() []float64 { return s.eta }

// Column returns p_i (not a copy).
func (s *State) Column(i int) []float64 { return s.cols[i] }

// Kappa returns p_i'p_i.
func (s *State) Kappa(i int) float64 { return s.kappa[i] }

// Lambda returns the regularisation parameter of term i.
func (s *State) Lambda(i int) float64 { return s.lambda[i] }

// ThetaK returns the orthogonal weights of term i for every output (not a copy).
func (s *State) ThetaK(i int) []float64 { return s.thetaK[i] }

// Alpha returns term i's projections alpha_ij = p_j'g_i/kappa_j on the earlier terms j < i.
func (s *State) Alpha(i int) []float64 { return s.alpha[i] }

// Theta returns the orthogonal weight of term i.
func (s *State) Theta(i int) float64 { return s.theta[i] }

// Orthogonalise turns g into p = g - sum_j alpha_j p_j in place by modified Gram-Schmidt,
// writes alpha_j = p_j'g/kappa_j into alpha (len >= Terms()) and returns p'p and p'y.
// It does not allocate.
func (s *State) Orthogonalise(g, alpha []float64) (pp, py float64) {
	for j, pj := range s.cols {
		a := dot(pj, g) / s.kappa[j]
		alpha[j] = a
		axpy(-a, pj, g)
	}
	return dot2(g, s.y)
}

// Add appends the orthogonalised column p (with its alphas and p'p, p'y, as returned by
// Orthogonalise or a deflated Pool; py is p'y of output 0) as a new term with regularisation
// lambda, and applies the rank-one updates of e and eta. p and alpha are copied.
// With several outputs, p'y_k of the others is computed here.
func (s *State) Add(p, alpha []float64, pp, py, lambda float64) {
	i := len(s.cols)
	col := s.store[i*s.n : (i+1)*s.n]
	copy(col, p)
	s.cols = append(s.cols, col)
	s.kappa = append(s.kappa, pp)
	s.lambda = append(s.lambda, lambda)
	inv := 1 / (pp + lambda)
	pys := make([]float64, len(s.ys))
	thetas := make([]float64, len(s.ys))
	pys[0] = py
	for k := 1; k < len(s.ys); k++ {
		pys[k] = dot(col, s.ys[k])
	}
	for k, v := range pys {
		thetas[k] = v * inv
	}
	s.pyK = append(s.pyK, pys)
	s.thetaK = append(s.thetaK, thetas)
	s.theta = append(s.theta, thetas[0])
	s.py = append(s.py, py)
	s.alpha = append(s.alpha, append([]float64(nil), alpha[:i]...))
	for k, t := range col {
		s.eta[k] -= t * t * inv
	}
	for k, ek := range s.es {
		axpy(-thetas[k], col, ek)
	}
}

// Truncate keeps the forced terms and the first n selected terms, and recomputes e and eta.
func (s *State) Truncate(n int) {
	n += s.Forced()
	if n >= len(s.cols) {
		return
	}
	s.cols = s.cols[:n]
	s.kappa = s.kappa[:n]
	s.lambda = s.lambda[:n]
	s.theta = s.theta[:n]
	s.py = s.py[:n]
	s.pyK = s.pyK[:n]
	s.thetaK = s.thetaK[:n]
	s.alpha = s.alpha[:n]
	s.Refresh()
}

// SetLambda sets the regularisation of term i and its theta; call Refresh after changing
// lambdas to bring e and eta up to date.
func (s *State) SetLambda(i int, lambda float64) {
	s.lambda[i] = lambda
	for k, v := range s.pyK[i] {
		s.thetaK[i][k] = v / (s.kappa[i] + lambda)
	}
	s.theta[i] = s.thetaK[i][0]
}

// Refresh recomputes e and eta from the terms (O(N n)).
func (s *State) Refresh() {
	for k, yk := range s.ys {
		copy(s.es[k], yk)
	}
	for k := range s.eta {
		s.eta[k] = 1
	}
	for i, col := range s.cols {
		inv := 1 / (s.kappa[i] + s.lambda[i])
		for k, t := range col {
			s.eta[k] -= t * t * inv
		}
		for k, ek := range s.es {
			axpy(-s.thetaK[i][k], col, ek)
		}
	}
}

// Weights returns the weights w of the original columns g_1..g_n (the bias first, if any),
// solving the unit upper-triangular system A w = theta by back substitution.
func (s *State) Weights() []float64 { return s.PrefixWeights(len(s.cols)) }

// PrefixWeights returns the weights of the model made of the first n terms (forced terms
// included): with orthogonal columns, later terms leave theta_1..theta_n unchanged, so this is
// the back substitution of the leading n x n block.
func (s *State) PrefixWeights(n int) []float64 { return s.prefix(n, 0) }

// PrefixWeightsK returns PrefixWeights for every output: w[k][i].
func (s *State) PrefixWeightsK(n int) [][]float64 {
	w := make([][]float64, len(s.ys))
	for k := range w {
		w[k] = s.prefix(n, k)
	}
	return w
}

func (s *State) prefix(n, out int) []float64 {
	w := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		v := s.thetaK[i][out]
		for j := i + 1; j < n; j++ {
			v -= s.alpha[j][i] * w[j]
		}
		w[i] = v
	}
	return w
}

// Solution returns the weights and regularisation parameters of the selected terms and the
// bias (0 without one), splitting off the forced bias term of SetBias.
func (s *State) Solution() (weights []float64, bias float64, lambdas []float64) {
	w, l := s.Weights(), s.Lambdas()
	if s.bias {
		return w[1:], w[0], l[1:]
	}
	return w, 0, l
}

// Lambdas returns a copy of the terms' regularisation parameters.
func (s *State) Lambdas() []float64 { return append([]float64(nil), s.lambda...) }

// Evidence runs iters sweeps of the evidence (MacKay) update of every lambda_i
// (docs/ALGORITHMS.md, section 2.3): gamma_i = kappa_i/(kappa_i+lambda_i),
// lambda_i <- gamma_i/(N-gamma) e'e/theta_i^2, recomputing theta and e after each sweep.
// lambda is capped at maxLambda, and a term with theta_i = 0 gets the cap. The forced bias
// (SetBias) keeps its small lambda, a nearly flat prior: with its lambda updated too, the model
// would depend on the targets' offset.
func (s *State) Evidence(iters int, maxLambda float64) {
	for range iters {
		if len(s.cols) == 0 {
			return
		}
		var gamma float64
		for i := range s.cols {
			gamma += s.kappa[i] / (s.kappa[i] + s.lambda[i])
		}
		ee := dot(s.e, s.e)
		for i := s.Forced(); i < len(s.cols); i++ {
			gi := s.kappa[i] / (s.kappa[i] + s.lambda[i])
			th := s.theta[i]
			l := maxLambda
			if th != 0 && float64(s.n) > gamma {
				l = gi / (float64(s.n) - gamma) * ee / (th * th)
			}
			if !(l <= maxLambda) { // also catches NaN
				l = maxLambda
			}
			s.SetLambda(i, l)
		}
		s.Refresh()
	}
}

// Stats are the leave-one-out statistics of a model (docs/ALGORITHMS.md, section 2.2).
type Stats struct {
	N       int     // samples
	Pos     int     // samples with y > 0
	MissPos int     // LOO errors among y > 0 (s_k <= 0)
	MissNeg int     // LOO errors among y <= 0
	MSE     float64 // LOO MSE, (1/N) sum (e_k/eta_k)^2; NaN if not computed
}

// MR returns the LOO misclassification rate.
func (st Stats) MR() float64 { return float64(st.MissPos+st.MissNeg) / float64(st.N) }

// Misses returns the number of LOO misclassifications.
func (st Stats) Misses() int { return st.MissPos + st.MissNeg }

// MI returns the LOO mutual information (bits) between the true and the LOO labels, computed
// from the integer counts of the 2x2 table, with 0 log 0 = 0.
func (st Stats) MI() float64 {
	return MutualInfo(st.Pos-st.MissPos, st.MissPos, st.N-st.Pos-st.MissNeg, st.MissNeg)
}

// MutualInfo returns the mutual information in bits of a 2x2 table of counts: tp (y=+1 predicted
// +1), fn (y=+1 predicted -1), tn (y=-1 predicted -1), fp (y=-1 predicted +1).
func MutualInfo(tp, fn, tn, fp int) float64 {
	n := float64(tp + fn + tn + fp)
	if n == 0 {
		return 0
	}
	yp, yn := float64(tp+fn), float64(tn+fp) // true margins
	hp, hn := float64(tp+fp), float64(tn+fn) // predicted margins
	term := func(c int, ry, rh float64) float64 {
		if c == 0 {
			return 0
		}
		v := float64(c)
		return v / n * math.Log2(v*n/(ry*rh))
	}
	mi := term(tp, yp, hp) + term(fn, yp, hn) + term(tn, yn, hn) + term(fp, yn, hp)
	if mi < 0 { // rounding of an independent table
		mi = 0
	}
	return mi
}

// Current returns the LOO statistics of the model as it stands.
func (s *State) Current() Stats {
	st := Stats{N: s.n, Pos: s.npos}
	st.MissPos, st.MissNeg = missCount(nil, s.e, s.eta, s.y, s.pos, 0, 0)
	st.MSE = looMSE(nil, s.e, s.eta, 0, 0)
	return st
}

// Candidate returns the LOO statistics the model would have with the orthogonalised column p
// (p'p = pp, p'y = py) added with regularisation lambda, without changing the state. It costs
// O(N) and does not allocate. withMSE false skips the LOO MSE (left NaN).
func (s *State) Candidate(p []float64, pp, py, lambda float64, withMSE bool) Stats {
	theta, inv := py/(pp+lambda), 1/(pp+lambda)
	st := Stats{N: s.n, Pos: s.npos, MSE: math.NaN()}
	if s.sorted {
		st.MissPos, st.MissNeg = missCountSorted(p, s.e, s.eta, s.npos, theta, inv)
	} else {
		st.MissPos, st.MissNeg = missCount(p, s.e, s.eta, s.y, s.pos, theta, inv)
	}
	if withMSE {
		st.MSE = looMSE(p, s.e, s.eta, theta, inv)
	}
	return st
}

// CandidateMSE returns the LOO MSE the model would have with p added (see Candidate).
func (s *State) CandidateMSE(p []float64, pp, py, lambda float64) float64 {
	return looMSE(p, s.e, s.eta, py/(pp+lambda), 1/(pp+lambda))
}

// CandidateMisses returns the LOO misclassification count with p added, stopping early (and
// returning a count > limit) once the count exceeds limit.
func (s *State) CandidateMisses(p []float64, pp, py, lambda float64, limit int) int {
	theta, inv := py/(pp+lambda), 1/(pp+lambda)
	if s.sorted {
		miss, _ := missCountSorted(p[:s.npos], s.e[:s.npos], s.eta[:s.npos], s.npos, theta, inv)
		if miss > limit {
			return miss
		}
		_, neg := missCountSorted(p[s.npos:], s.e[s.npos:], s.eta[s.npos:], 0, theta, inv)
		return miss + neg
	}
	return missCountLimit(p, s.e, s.eta, s.y, theta, inv, limit)
}

// LOODecisions returns the leave-one-out decision value of every point for output 0,
// y_k - e_k/eta_k; a point with eta_k <= etaMin (the model interpolates it) gets 0.
func (s *State) LOODecisions() []float64 {
	f := make([]float64, s.n)
	for k, e := range s.e {
		if s.eta[k] > etaMin {
			f[k] = s.y[k] - e/s.eta[k]
		}
	}
	return f
}

// LogLoss returns the model's LOO logistic loss (1/N) sum log(1 + exp(-4 s_k)), s_k = psi_k/eta_k
// the LOO signed decision (docs/ALGORITHMS.md, section 2.2): a smooth measure of LOO
// classification quality.
func (s *State) LogLoss() float64 {
	var sum float64
	for k, e := range s.e {
		eta := s.eta[k]
		var v float64
		if eta <= etaMin {
			v = 50 // a LOO point the model cannot predict: a large, finite loss
		} else {
			sk := (eta - s.y[k]*e) / eta
			v = softplus(-4 * sk)
		}
		sum += v
	}
	return sum / float64(s.n)
}

// softplus returns log(1 + exp(x)) without overflow.
func softplus(x float64) float64 {
	if x > 30 {
		return x
	}
	return math.Log1p(math.Exp(x))
}
