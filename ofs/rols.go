package ofs

import "math"

// ROLS is ROLS-LOO (Hong, Chen and Harris 2008; docs/ALGORITHMS.md, section 6.2): forward
// selection minimising the LOO misclassification rate with a small common regularisation, then
// evidence (MacKay) updates of each term's regularisation. The zero value is the paper's method
// with the choices it leaves open made as documented on each field.
type ROLS struct {
	// Lambda is the regularisation used during selection ("very small"); default 1e-6.
	Lambda float64
	// Patience is the number of consecutive steps without improvement of the LOO
	// misclassification rate after which selection stops; default 1 (the paper's rule: stop at the
	// first step that does not improve).
	Patience int
	// Plateau makes a step that keeps the misclassification rate but lowers the LOO MSE
	// count as an improvement, so that a plateau of the piecewise-constant rate does not stop
	// a model that is still getting better.
	Plateau bool
	// MinTerms is the minimum model size; default 1.
	MinTerms int
	// MaxTerms caps the model size; default min(L, 100).
	MaxTerms int
	// EvidenceIters is the number of evidence sweeps after selection; default 10. Negative: none.
	EvidenceIters int
}

// MaxLambda caps every regularisation parameter (the evidence update divides by theta^2).
const MaxLambda = 1e10

// Select runs ROLS-LOO over the pool, whose state must be empty. Ties of the misclassification
// rate are broken by the LOO MSE, then by the lower candidate index.
func (r ROLS) Select(pool *Pool, s *State) Selection {
	lambda := r.Lambda
	if lambda == 0 {
		lambda = 1e-6
	}
	maxTerms := r.MaxTerms
	if maxTerms <= 0 {
		maxTerms = min(pool.Len(), 100)
	}
	maxTerms = min(maxTerms, s.Cap()-s.Forced(), pool.Len())
	iters := r.EvidenceIters
	if iters == 0 {
		iters = 10
	}
	sel := Selection{Criterion: "loo-misclassification-rate"}
	// J_0 = 1: with no terms every LOO signed decision is 0, an error.
	stop := newStopper(1, r.Patience, max(r.MinTerms, 1), maxTerms, r.Plateau)
	for n := 1; ; n++ {
		best, bestMiss, bestMSE := -1, math.MaxInt, math.Inf(1)
		pool.Scan(func(c int, p []float64, pp, py float64) {
			miss := s.CandidateMisses(p, pp, py, lambda, bestMiss)
			if miss > bestMiss {
				return
			}
			mse := s.CandidateMSE(p, pp, py, lambda)
			if miss < bestMiss || mse < bestMSE {
				best, bestMiss, bestMSE = c, miss, mse
			}
		})
		if best < 0 {
			break
		}
		pool.Select(best, lambda)
		sel.Index = append(sel.Index, best)
		j := float64(bestMiss) / float64(s.N())
		sel.Curve = append(sel.Curve, j)
		if !stop.step(n, j, bestMSE) {
			break
		}
	}
	stop.finish(s, &sel)
	if iters > 0 {
		s.Evidence(iters, MaxLambda)
	}
	complete(s, &sel)
	return sel
}

// Capacity returns MaxTerms, or the default cap min(l, 100).
func (r ROLS) Capacity(l int) int {
	if r.MaxTerms > 0 {
		return r.MaxTerms
	}
	return min(l, 100)
}
