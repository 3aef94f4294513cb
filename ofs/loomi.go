package ofs

import "math"

// LOOMI is forward selection maximising the LOO mutual information between the true and the
// LOO-predicted labels, with a Bayesian fit of each term's regularisation inside its stage
// (Hong et al. 2014; docs/ALGORITHMS.md, section 6.3). The zero value is the paper's method
// with the choices it leaves open made as documented on each field.
type LOOMI struct {
	// Lambda is the regularisation with which candidates are evaluated and from which each
	// stage's Bayesian fit starts; default 1e-6.
	Lambda float64
	// BayesIters is the number of iterations of the per-stage fit; default 10.
	BayesIters int
	// Patience p: stop when the LOO MI has not risen above its best for p consecutive
	// steps (the paper's rule); default 3.
	Patience int
	// MinTerms is the minimum model size (a one-term model always predicts one class);
	// default 2.
	MinTerms int
	// Plateau makes a step that keeps the MI but lowers the LOO MSE count as an improvement.
	Plateau bool
	// MaxTerms caps the model size; default min(L, 100).
	MaxTerms int
}

// maxBayesLambda is the value above which a stage's Bayesian lambda is reset.
const maxBayesLambda = 1e6

// Select runs LOOMI over the pool, whose state must be empty. The first term minimises the
// LOO MSE (every one-term model predicts one class, so MI cannot choose it); later terms
// maximise the LOO MI, ties broken by the LOO MSE, then by the lower candidate index.
func (l LOOMI) Select(pool *Pool, s *State) Selection {
	lambda := l.Lambda
	if lambda == 0 {
		lambda = 1e-6
	}
	iters := l.BayesIters
	if iters == 0 {
		iters = 10
	}
	patience := l.Patience
	if patience == 0 {
		patience = 3
	}
	minTerms := l.MinTerms
	if minTerms == 0 {
		minTerms = 2
	}
	maxTerms := l.MaxTerms
	if maxTerms <= 0 {
		maxTerms = min(pool.Len(), 100)
	}
	maxTerms = min(maxTerms, s.Cap()-s.Forced(), pool.Len())
	sel := Selection{Criterion: "loo-mutual-information"}
	// The criterion is -MI (lower is better); the empty model has MI 0.
	stop := newStopper(0, patience, minTerms, maxTerms, l.Plateau)
	for n := 1; ; n++ {
		best, bestMI, bestMSE := -1, math.Inf(-1), math.Inf(1)
		pool.Scan(func(c int, p []float64, pp, py float64) {
			mi := 0.0
			if n > 1 {
				mi = s.Candidate(p, pp, py, lambda, false).MI()
				if mi < bestMI {
					return
				}
			}
			mse := s.CandidateMSE(p, pp, py, lambda)
			if mi > bestMI || mse < bestMSE {
				best, bestMI, bestMSE = c, mi, mse
			}
		})
		if best < 0 {
			break
		}
		pp, py := pool.Energy(best)
		pool.Select(best, bayesLambda(s, pp, py, lambda, iters))
		sel.Index = append(sel.Index, best)
		st := s.Current()
		mi := st.MI()
		sel.Curve = append(sel.Curve, mi)
		if !stop.step(n, -mi, st.MSE) {
			break
		}
	}
	stop.finish(s, &sel)
	complete(s, &sel)
	return sel
}

// bayesLambda fits the regularisation of a stage's new term (p'p = kappa, p'y = py) to the
// current residual e^(l-1) by iters iterations of the per-stage Bayesian update of Hong et al.
// (2014), starting from lambda0 (docs/ALGORITHMS.md, section 6.3); a value that diverges, is
// not finite or exceeds 1e6 is reset to lambda0.
func bayesLambda(s *State, kappa, py, lambda0 float64, iters int) float64 {
	ee := dot(s.e, s.e)
	n := float64(s.N())
	lambda := lambda0
	for range iters {
		g := py / (kappa + lambda)
		eps := (n - kappa/(kappa+lambda)) / (ee - g*g*(kappa+2*lambda))
		h := kappa / (g * g * (kappa + lambda))
		lambda = h / eps
		if !(lambda > 0 && lambda <= maxBayesLambda) { // also catches NaN and Inf
			return lambda0
		}
	}
	return lambda
}

// Capacity returns MaxTerms, or the default cap min(l, 100).
func (r LOOMI) Capacity(l int) int {
	if r.MaxTerms > 0 {
		return r.MaxTerms
	}
	return min(l, 100)
}
