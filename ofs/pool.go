package ofs

// Pool is a fixed set of L candidate columns over the N training points, kept orthogonal to the
// model by modified Gram-Schmidt deflation so that evaluating a candidate at any stage costs
// O(N) (docs/ALGORITHMS.md, section 2.4). Deflation is lazy: the column selected last is
// projected out of each candidate when Scan next visits it, in the same cache-warm pass that
// evaluates it.
type Pool struct {
	n, l     int
	maxTerms int
	q        []float64 // candidate c is q[c*n : (c+1)*n], deflated in place
	gg       []float64 // g'g of the original candidate
	pp, py   []float64 // p'p and p'y of the deflated candidate
	alpha    []float64 // alpha[c*maxTerms + j]: projection of candidate c on p_j
	done     []int     // number of model columns projected out of candidate c
	status   []uint8
	state    *State
	visits   int
	orig     []float64 // the undeflated columns, kept by Keep for restarts
	k        int       // outputs of the state (pyK is kept when k > 1)
	pyK      []float64 // pyK[c*k + o] = p'y_o of the deflated candidate c
}

const (
	free uint8 = iota
	selected
	dependent
)

// NewPool allocates a pool of l candidates over n points for models of up to maxTerms terms.
func NewPool(n, l, maxTerms int) *Pool {
	return &Pool{
		n: n, l: l, maxTerms: maxTerms,
		q:      make([]float64, n*l),
		gg:     make([]float64, l),
		pp:     make([]float64, l),
		py:     make([]float64, l),
		alpha:  make([]float64, l*maxTerms),
		done:   make([]int, l),
		status: make([]uint8, l),
	}
}

// Len returns the number of candidates L.
func (pl *Pool) Len() int { return pl.l }

// Column returns candidate c's column, to be filled before Start.
func (pl *Pool) Column(c int) []float64 { return pl.q[c*pl.n : (c+1)*pl.n] }

// Start binds the pool to a state (empty but for forced terms) and computes each candidate's
// energy. Candidates with zero energy are marked dependent.
func (pl *Pool) Start(s *State) {
	pl.state = s
	pl.visits = 0
	y := s.Y()
	pl.k = s.Outputs()
	if pl.k > 1 && len(pl.pyK) != pl.l*pl.k {
		pl.pyK = make([]float64, pl.l*pl.k)
	}
	for c := range pl.l {
		g := pl.Column(c)
		pl.gg[c], pl.py[c] = dot2(g, y)
		if pl.k > 1 {
			for o, yo := range s.ys {
				pl.pyK[c*pl.k+o] = dot(g, yo)
			}
		}
		pl.pp[c] = pl.gg[c]
		pl.done[c] = 0 // Scan projects out the state's terms, forced ones included
		pl.status[c] = free
		if pl.gg[c] == 0 {
			pl.status[c] = dependent
		}
	}
}

// Scan brings every free candidate up to date with the model (deflating it by the columns
// added since its last visit and rejecting it if it became dependent) and calls visit with
// its index, its orthogonalised column p and p'p, p'y. visit must not modify p.
func (pl *Pool) Scan(visit func(c int, p []float64, pp, py float64)) {
	for c := range pl.l {
		if pl.update(c) {
			pl.visits++
			visit(c, pl.Column(c), pl.pp[c], pl.py[c])
		}
	}
}

// ScanK is Scan for a state of several outputs: visit gets p'y_o of every output o (not to
// be modified), kept up to date by the deflation without touching the targets.
func (pl *Pool) ScanK(visit func(c int, p []float64, pp float64, pys []float64)) {
	for c := range pl.l {
		if pl.update(c) {
			pl.visits++
			var pys []float64
			if pl.k > 1 {
				pys = pl.pyK[c*pl.k : (c+1)*pl.k]
			} else {
				pys = pl.py[c : c+1]
			}
			visit(c, pl.Column(c), pl.pp[c], pys)
		}
	}
}

// update deflates candidate c by the model columns added since its last visit and reports
// whether it is still free and independent of the model.
func (pl *Pool) update(c int) bool {
	if pl.status[c] != free {
		return false
	}
	s := pl.state
	terms := s.Terms()
	if pl.done[c] >= terms {
		return true
	}
	q := pl.Column(c)
	for j := pl.done[c]; j < terms; j++ {
		a := dot(s.cols[j], q) / s.kappa[j]
		pl.alpha[c*pl.maxTerms+j] = a
		if j < terms-1 {
			axpy(-a, s.cols[j], q)
		} else {
			pl.pp[c], pl.py[c] = axpyDot2(-a, s.cols[j], q, s.y)
		}
		if pl.k > 1 {
			pk := pl.pyK[c*pl.k : (c+1)*pl.k]
			for o, v := range s.pyK[j] {
				pk[o] -= a * v
			}
		}
	}
	pl.done[c] = terms
	if pl.pp[c] < DependenceTol*pl.gg[c] {
		pl.status[c] = dependent
		return false
	}
	return true
}

// Select adds candidate c (as last visited by Scan) to the model with regularisation lambda.
func (pl *Pool) Select(c int, lambda float64) {
	s := pl.state
	pl.status[c] = selected
	s.Add(pl.Column(c), pl.alpha[c*pl.maxTerms:c*pl.maxTerms+s.Terms()], pl.pp[c], pl.py[c], lambda)
}

// Energy returns p'p and p'y of candidate c as last visited.
func (pl *Pool) Energy(c int) (pp, py float64) { return pl.pp[c], pl.py[c] }

// Visits returns the number of candidate evaluations (visits by Scan) since Start.
func (pl *Pool) Visits() int { return pl.visits }

// Keep saves the candidate columns as they are now (before Start) so that Restart can run
// another selection over the same pool.
func (pl *Pool) Keep() {
	pl.orig = append(pl.orig[:0], pl.q...)
}

// Restart restores the columns saved by Keep and binds the pool to the (empty) state s.
func (pl *Pool) Restart(s *State) {
	copy(pl.q, pl.orig)
	s.Reset()
	pl.Start(s)
}
