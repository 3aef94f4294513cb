package ofs

import (
	"math"
	"math/rand/v2"
	"sort"
	"sync"
)

// Selector is a forward-selection strategy over a fixed candidate pool (ROLS, LOOMI,
// LROLS). Capacity returns the largest model it can select from l candidates (its MaxTerms
// or its default), which sizes the state.
type Selector interface {
	Select(pool *Pool, s *State) Selection
	Capacity(l int) int
}

// Bounds on the fixed-node candidate pool: at most MaxCandidates training points are
// candidate centres, and N times the number of candidates stays at most MaxPoolEntries (the
// pool holds an N x L matrix, and the width search one per worker). Larger training sets use
// a seeded random subset of the training points (CentreSubset), which keeps memory and each
// stage's cost linear in N.
const (
	MaxCandidates  = 2000
	MaxPoolEntries = 1 << 24
	minCandidates  = 100
)

// CentreSubset returns the candidate centres of a fixed-node pool over n training points:
// nil (every point) when n <= min(MaxCandidates, MaxPoolEntries/n), else that many points
// (but at least 100) drawn from seed, in increasing order.
func CentreSubset(n int, seed uint64) []int {
	l := max(minCandidates, min(MaxCandidates, MaxPoolEntries/n))
	if n <= l {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, streamCandidates))
	idx := rng.Perm(n)[:l]
	sort.Ints(idx)
	return idx
}

// Fixed is the fixed-node problem (docs/ALGORITHMS.md, section 6.1): candidate Gaussians
// exp(-||x-c||^2/tau) centred on training points, with one common width tau.
type Fixed struct {
	X       [][]float64 // standardised training inputs
	Y       []float64   // targets
	Centres []int       // candidate centres that are training points, indices into X
	// Points are the candidate centres' coordinates: the training points of Centres, then
	// any added by AddCandidates.
	Points [][]float64
	// Bias adds a constant column to every model as a forced first term.
	Bias  bool
	ys    []float64 // targets in the engine's sample order
	order []int
	d2    []float64 // d2[c*N + i] = ||x_order[i] - Points[c]||^2
}

// AddCandidates adds candidate centres that need not be training points.
func (f *Fixed) AddCandidates(pts [][]float64) {
	n := len(f.X)
	for _, xc := range pts {
		f.Points = append(f.Points, xc)
		f.d2 = append(f.d2, make([]float64, n)...)
		f.fill(len(f.Points) - 1)
	}
}

func (f *Fixed) fill(c int) {
	n := len(f.X)
	col := f.d2[c*n : (c+1)*n]
	xc := f.Points[c]
	for k, ik := range f.order {
		x := f.X[ik]
		var s float64
		for j, v := range x {
			d := v - xc[j]
			s += d * d
		}
		col[k] = s
	}
}

// ClassOrder returns the sample order the engine uses for targets y: when y holds only -1 and
// +1, the positives first (then the LOO misclassification count needs no per-point target,
// see missCountSorted), each class in its original order; otherwise the identity. The LOO
// statistics do not depend on the order.
func ClassOrder(y []float64) []int {
	order := make([]int, 0, len(y))
	for _, v := range y {
		if v != 1 && v != -1 {
			order = order[:0]
			for k := range y {
				order = append(order, k)
			}
			return order
		}
	}
	for k, v := range y {
		if v == 1 {
			order = append(order, k)
		}
	}
	for k, v := range y {
		if v == -1 {
			order = append(order, k)
		}
	}
	return order
}

// NewFixed prepares the candidate pool's squared distances. centres nil means every training point.
func NewFixed(X [][]float64, y []float64, centres []int) *Fixed {
	if centres == nil {
		centres = make([]int, len(X))
		for i := range centres {
			centres[i] = i
		}
	}
	n := len(X)
	order := ClassOrder(y)
	f := &Fixed{X: X, Y: y, Centres: centres, d2: make([]float64, n*len(centres)), ys: make([]float64, n), order: order}
	for i, k := range order {
		f.ys[i] = y[k]
	}
	for c, ic := range centres {
		f.Points = append(f.Points, X[ic])
		f.fill(c)
	}
	return f
}

// DefaultTaus is the width grid searched when the user gives none: tau = m * 2^k for
// k = -2, -1.5, ..., 4, m the number of inputs that vary (Varying). Inputs are standardised,
// so the mean squared distance between two points is about 2m and the grid spans widths from
// very local to smooth.
func DefaultTaus(m int) []float64 {
	var taus []float64
	for k := -2.0; k <= 4; k += 0.5 {
		taus = append(taus, float64(m)*math.Exp2(k))
	}
	return taus
}

// WidthResult is the selection made at one width.
type WidthResult struct {
	Tau float64
	Selection
}

// Score is the criterion by which a width is chosen: the final model's LOO logistic loss for
// classification (it generalises better than the LOO misclassification rate;
// docs/ALGORITHMS.md, section 6.1), the LOO MSE for regression. Lower is better.
func (w WidthResult) Score(classify bool) float64 {
	if classify {
		return w.LogLoss
	}
	return w.Stats.MSE
}

// Run selects a model with method at every width in taus and returns the results in the
// order of taus. Widths are processed by up to workers goroutines; the results do not depend
// on workers. Columns for widths in the ratio 2 are derived by squaring
// (exp(-d/(tau/2)) = exp(-d/tau)^2), so only one exponential per chain of widths is computed.
// Each result's LOO decisions are in the order of f.X.
func (f *Fixed) Run(method Selector, taus []float64, workers int) []WidthResult {
	maxTerms := min(method.Capacity(len(f.Points)), len(f.Points))
	out := make([]WidthResult, len(taus))
	chains := tauChains(taus)
	var wg sync.WaitGroup
	jobs := make(chan []int)
	for range max(1, min(workers, len(chains))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, l := len(f.X), len(f.Points)
			cur := make([]float64, n*l)
			pool := NewPool(n, l, maxTerms+1)
			s := NewState(f.ys, maxTerms+1)
			if f.Bias {
				s.SetBias(biasLambda)
			}
			for chain := range jobs {
				for i, ti := range chain {
					if i == 0 {
						inv := -1 / taus[ti]
						for k, d := range f.d2 {
							cur[k] = math.Exp(d * inv)
						}
					} else {
						for k, v := range cur {
							cur[k] = v * v
						}
					}
					copy(pool.q, cur)
					s.Reset()
					pool.Start(s)
					sel := method.Select(pool, s)
					sel.Evaluations = pool.Visits()
					if sel.LOO != nil {
						loo := make([]float64, len(sel.LOO))
						for i, k := range f.order {
							loo[k] = sel.LOO[i]
						}
						sel.LOO = loo
					}
					out[ti] = WidthResult{Tau: taus[ti], Selection: sel}
				}
			}
		}()
	}
	for _, c := range chains {
		jobs <- c
	}
	close(jobs)
	wg.Wait()
	return out
}

// tauChains groups the indices of taus into chains, each in decreasing order of tau, where
// each width is half the previous one.
func tauChains(taus []float64) [][]int {
	idx := make([]int, len(taus))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return taus[idx[a]] > taus[idx[b]] })
	used := make([]bool, len(taus))
	var chains [][]int
	for a, ia := range idx {
		if used[a] {
			continue
		}
		chain := []int{ia}
		used[a] = true
		last := taus[ia]
		for b := a + 1; b < len(idx); b++ {
			if !used[b] && math.Abs(taus[idx[b]]*2-last) <= 1e-12*last {
				chain = append(chain, idx[b])
				used[b] = true
				last = taus[idx[b]]
			}
		}
		chains = append(chains, chain)
	}
	return chains
}

// Best returns the index of the result with the lowest score; ties go to the larger width
// (the smoother model).
func Best(results []WidthResult, classify bool) int {
	best := -1
	for i, r := range results {
		if best < 0 {
			best = i
			continue
		}
		si, sb := r.Score(classify), results[best].Score(classify)
		if si < sb || (si == sb && r.Tau > results[best].Tau) {
			best = i
		}
	}
	return best
}
