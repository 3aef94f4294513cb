package ofs

// Pool is a fixed set of L candidate columns over the N training points (SPEC 2, 3), kept
// orthogonal to the model by modified Gram-Schmidt deflation so that evaluating a candidate
// at any stage costs O(N). Deflation is lazy: the column selected last is projected out of
// each candidate when Scan next visits it, in the same cache-warm pass that evaluates it.
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

// Start binds the pool to an empty state and computes each candidate's energy. Candidates
// with zero energy are marked dependent.
func (pl *Pool) Start(s *State) {
	pl.state = s
	y := s.Y()
	for c := range pl.l {
		g := pl.Column(c)
		pl.gg[c], pl.py[c] = dot2(g, y)
		pl.pp[c] = pl.gg[c]
		pl.done[c] = s.Terms()
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
	s := pl.state
	terms := s.Terms()
	y := s.Y()
	for c := range pl.l {
		if pl.status[c] != free {
			continue
		}
		q := pl.Column(c)
		if pl.done[c] < terms {
			for j := pl.done[c]; j < terms; j++ {
				a := dot(s.cols[j], q) / s.kappa[j]
				pl.alpha[c*pl.maxTerms+j] = a
				axpy(-a, s.cols[j], q)
			}
			pl.done[c] = terms
			pl.pp[c], pl.py[c] = dot2(q, y)
			if pl.pp[c] < DependenceTol*pl.gg[c] {
				pl.status[c] = dependent
				continue
			}
		}
		visit(c, q, pl.pp[c], pl.py[c])
	}
}

// Select adds candidate c (as last visited by Scan) to the model with regularisation lambda.
func (pl *Pool) Select(c int, lambda float64) {
	s := pl.state
	pl.status[c] = selected
	s.Add(pl.Column(c), pl.alpha[c*pl.maxTerms:c*pl.maxTerms+s.Terms()], pl.pp[c], pl.py[c], lambda)
}

// Energy returns p'p and p'y of candidate c as last visited.
func (pl *Pool) Energy(c int) (pp, py float64) { return pl.pp[c], pl.py[c] }
