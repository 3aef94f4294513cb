package ofs

import "math"

// Criterion is a LOO loss that a forward selection minimises.
type Criterion int

// The criteria. Each is a mean over the training points of a loss of the LOO residual
// r_k = e_k/eta_k (SPEC 2); for classification y_k r_k = 1 - s_k, s_k the LOO signed decision.
const (
	// LOOMSE is (1/N) sum r_k^2.
	LOOMSE Criterion = iota
	// LOOHinge is the squared hinge loss of the LOO decision, (1/N) sum max(0, 1 - s_k)^2 =
	// (1/N) sum max(0, y_k r_k)^2: the LOO MSE without the points that the LOO model puts
	// beyond their target, which a classifier need not fit.
	LOOHinge
	// LOOMiss is the LOO misclassification rate, ties broken by the LOO MSE.
	LOOMiss
	// SSE is the training residual sum of squares (regularised error reduction, as classical
	// orthogonal least squares): the cheapest, for selections whose size is chosen otherwise.
	SSE
)

// PathPoint is the model after a step of a forward selection.
type PathPoint struct {
	Terms int     // selected terms (forced terms not counted)
	Crit  float64 // the criterion
	SE    float64 // its standard error over the points, sd(loss_k)/sqrt(N)
	MR    float64 // LOO misclassification rate (classification)
	MSE   float64 // LOO MSE
}

// Greedy is forward selection over a fixed pool by a LOO criterion, growing the model past
// its first minimum (Patience) and then choosing the size on the recorded path.
type Greedy struct {
	Criterion Criterion
	// Lambda is the common regularisation of every term; default 1e-6.
	Lambda float64
	// MaxTerms caps the model size; default min(L, 100).
	MaxTerms int
	// Patience: stop when the criterion has not fallen below (1 - MinGain) times its best for
	// Patience consecutive steps; default 10.
	Patience int
	MinGain  float64
	// SE chooses the smallest model whose criterion is within SE standard errors of the
	// minimum (0: the minimum; 1: the one-standard-error rule).
	SE float64
	// EvidenceIters, if positive, runs that many evidence sweeps on the chosen model's lambdas.
	EvidenceIters int
	// Path receives the path (when not nil).
	Path *[]PathPoint
	// Prefixes makes the selection keep every term it tried (no size choice, no evidence)
	// and record in Selection.Prefixes the weights of the model at every size.
	Prefixes bool
}

// Select runs the selection over the pool, whose state must be empty but for forced terms.
func (g Greedy) Select(pool *Pool, s *State) Selection {
	lambda := g.Lambda
	if lambda == 0 {
		lambda = 1e-6
	}
	patience := g.Patience
	if patience == 0 {
		patience = 10
	}
	maxTerms := g.MaxTerms
	if maxTerms <= 0 {
		maxTerms = min(pool.Len(), 100)
	}
	maxTerms = min(maxTerms, s.Cap()-s.Forced(), pool.Len())
	sel := Selection{Criterion: g.Criterion.String()}
	path := []PathPoint{s.pathPoint(0, g.Criterion)}
	best, since := path[0].Crit, 0
	sel.Stop = "no candidate left"
	for n := 1; n <= maxTerms; n++ {
		c := g.scan(pool, s, lambda)
		if c < 0 {
			break
		}
		pool.Select(c, lambda)
		sel.Index = append(sel.Index, c)
		pt := s.pathPoint(n, g.Criterion)
		path = append(path, pt)
		sel.Curve = append(sel.Curve, pt.Crit)
		if pt.Crit < best*(1-g.MinGain) {
			best, since = pt.Crit, 0
		} else if since++; since >= patience {
			sel.Stop = "criterion stopped improving"
			break
		}
		if n == maxTerms {
			sel.Stop = "maximum model size reached"
		}
	}
	if g.Prefixes {
		sel.Prefixes = make([][]float64, s.Selected()+1)
		for n := range sel.Prefixes {
			sel.Prefixes[n] = s.PrefixWeights(n + s.Forced())
		}
		complete(s, &sel)
		sel.Path = path
		return sel
	}
	size := chooseSize(path, g.SE)
	s.Truncate(size)
	sel.Index = sel.Index[:size]
	if g.EvidenceIters > 0 {
		s.Evidence(g.EvidenceIters, MaxLambda)
	}
	complete(s, &sel)
	sel.Value = s.pathPoint(size, g.Criterion).Crit
	sel.Path = path
	if g.Path != nil {
		*g.Path = path
	}
	return sel
}

// chooseSize returns the smallest size whose criterion is within se standard errors of the
// path's minimum.
func chooseSize(path []PathPoint, se float64) int {
	m := 0
	for i, p := range path {
		if p.Crit < path[m].Crit {
			m = i
		}
	}
	limit := path[m].Crit + se*path[m].SE
	for i, p := range path[:m+1] {
		if p.Crit <= limit {
			return p.Terms
		}
		_ = i
	}
	return path[m].Terms
}

// scan returns the candidate minimising the criterion, or -1.
func (g Greedy) scan(pool *Pool, s *State, lambda float64) int {
	best := -1
	switch g.Criterion {
	case LOOMiss:
		bestMiss, bestMSE := math.MaxInt, math.Inf(1)
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
	case LOOHinge:
		bestV := math.Inf(1)
		pool.Scan(func(c int, p []float64, pp, py float64) {
			if v := hingeLoss(p, s.e, s.eta, s.y, py/(pp+lambda), 1/(pp+lambda), bestV); v < bestV {
				best, bestV = c, v
			}
		})
	case SSE:
		bestV := math.Inf(-1)
		pool.Scan(func(c int, p []float64, pp, py float64) {
			d := pp + lambda
			if v := py * py * (pp + 2*lambda) / (d * d); v > bestV {
				best, bestV = c, v
			}
		})
	default:
		bestV := math.Inf(1)
		pool.Scan(func(c int, p []float64, pp, py float64) {
			if v := s.CandidateMSE(p, pp, py, lambda); v < bestV {
				best, bestV = c, v
			}
		})
	}
	return best
}

// String names the criterion.
func (c Criterion) String() string {
	switch c {
	case LOOHinge:
		return "loo-squared-hinge"
	case LOOMiss:
		return "loo-misclassification-rate"
	}
	return "loo-mse"
}

// pathPoint measures the model as it stands.
func (s *State) pathPoint(terms int, c Criterion) PathPoint {
	n := float64(s.n)
	var sum, sum2, mse float64
	miss := 0
	for k, e := range s.e {
		eta := max(s.eta[k], etaMin)
		r := e / eta
		mse += r * r
		var l float64
		switch c {
		case LOOHinge:
			if v := s.y[k] * r; v > 0 {
				l = v * v
			}
		case LOOMiss:
			l = float64(lossBit(s.eta[k], s.y[k], e))
		default:
			l = r * r
		}
		miss += lossBit(s.eta[k], s.y[k], e)
		sum += l
		sum2 += l * l
	}
	mean := sum / n
	sd := math.Sqrt(max(sum2/n-mean*mean, 0))
	return PathPoint{Terms: terms, Crit: mean, SE: sd / math.Sqrt(n), MR: float64(miss) / n, MSE: mse / n}
}

// hingeLoss returns (1/N) sum max(0, y_k r_k)^2 for the model with p added, giving up (and
// returning +Inf) once the partial sum exceeds limit.
func hingeLoss(p, e, eta, y []float64, theta, inv, limit float64) float64 {
	n := len(y)
	e, eta, p = e[:n], eta[:n], p[:n]
	lim := limit * float64(n)
	var sum float64
	for k0 := 0; k0 < n; k0 += 64 {
		k1 := min(k0+64, n)
		for k := k0; k < k1; k++ {
			t := p[k]
			v := y[k] * (e[k] - theta*t) / max(eta[k]-t*t*inv, etaMin)
			if v > 0 {
				sum += v * v
			}
		}
		if sum > lim {
			return math.Inf(1)
		}
	}
	return sum / float64(n)
}

// Capacity returns MaxTerms, or the default cap min(l, 100).
func (r Greedy) Capacity(l int) int {
	if r.MaxTerms > 0 {
		return r.MaxTerms
	}
	return min(l, 100)
}
