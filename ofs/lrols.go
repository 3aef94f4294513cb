package ofs

import "math"

// LROLS is LROLS-LOO, locally regularised orthogonal least squares with the LOO MSE
// (Chen, Hong, Harris and Sharkey 2004, as used by Chen, Hong, Luk and Harris 2009;
// docs/ALGORITHMS.md, section 6.4): forward selection minimising the LOO MSE, each
// candidate with its own regularisation lambda, alternating with evidence updates of the
// selected terms' lambdas. A candidate that a later pass does not select is dropped, so the
// passes can shrink the model. It is the fixed-node regression method and the refinement
// applied after a tunable-node regression.
type LROLS struct {
	// Lambda is every candidate's initial regularisation; default 1e-6.
	Lambda float64
	// Passes is the number of selection passes, each followed by evidence updates; default 10
	// (fewer if a pass selects the same terms as the one before).
	Passes int
	// EvidenceIters is the number of evidence sweeps after each pass; default 1.
	EvidenceIters int
	// MinDecrease stops a pass when a term lowers the LOO MSE by less than this fraction of it;
	// default 0.002 (the rule of Chen, Hong, Luk and Harris, stop when J_(n+1) >= J_n, let
	// Boston models grow to the cap of 100 nodes while the LOO MSE crept down by hundredths of
	// a percent). Negative: the paper's rule.
	MinDecrease float64
	// MaxTerms caps the model size; default min(L, 200).
	MaxTerms int
}

// Select runs LROLS-LOO over the pool, whose state must be empty. The pool's columns are
// kept (Pool.Keep) for the repeated passes.
func (l LROLS) Select(pool *Pool, s *State) Selection {
	lambda0 := l.Lambda
	if lambda0 == 0 {
		lambda0 = 1e-6
	}
	passes := l.Passes
	if passes <= 0 {
		passes = 10
	}
	iters := l.EvidenceIters
	if iters <= 0 {
		iters = 1
	}
	minDec := l.MinDecrease
	if minDec == 0 {
		minDec = 0.002
	}
	minDec = max(minDec, 0)
	maxTerms := l.MaxTerms
	if maxTerms <= 0 {
		maxTerms = min(pool.Len(), 200)
	}
	maxTerms = min(maxTerms, s.Cap()-s.Forced(), pool.Len())
	lambda := make([]float64, pool.Len())
	for i := range lambda {
		lambda[i] = lambda0
	}
	pool.Keep()
	var sel Selection
	var prev []int
	for pass := range passes {
		if pass > 0 {
			pool.Restart(s)
		}
		sel = Selection{Criterion: "loo-mse"}
		j := looMSE(nil, s.e, s.eta, 0, 0) // J_0: the LOO MSE of the empty model (the bias alone)
		stop := newStopper(j, 1, 0, maxTerms, false)
		stop.minGain = minDec
		for n := 1; ; n++ {
			best, bestMSE := -1, math.Inf(1)
			pool.Scan(func(c int, p []float64, pp, py float64) {
				if mse := s.CandidateMSE(p, pp, py, lambda[c]); mse < bestMSE {
					best, bestMSE = c, mse
				}
			})
			if best < 0 {
				break
			}
			pool.Select(best, lambda[best])
			sel.Index = append(sel.Index, best)
			sel.Curve = append(sel.Curve, bestMSE)
			if !stop.step(n, bestMSE, bestMSE) {
				break
			}
		}
		stop.finish(s, &sel)
		s.Evidence(iters, MaxLambda)
		for i, c := range sel.Index {
			lambda[c] = s.Lambda(i + s.Forced())
		}
		if equalInts(prev, sel.Index) {
			break
		}
		prev = append(prev[:0], sel.Index...)
	}
	complete(s, &sel)
	return sel
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Capacity returns MaxTerms, or the default cap min(l, 200).
func (r LROLS) Capacity(l int) int {
	if r.MaxTerms > 0 {
		return r.MaxTerms
	}
	return min(l, 200)
}

// WidthSearch returns the settings for choosing the width: one selection pass per width, the
// refinement passes left for the chosen width.
func (l LROLS) WidthSearch() LROLS {
	l.Passes = 1
	return l
}
