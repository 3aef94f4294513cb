package ofs

import (
	"math"

	"github.com/sparsekernel/sparsekernel/internal/vecmath"
	"gonum.org/v1/gonum/blas/blas64"
)

// reorthKept is the share of a selected column's energy below which the screen orthogonalises
// it a second time: with one pass the loss of orthogonality is at most about the rounding
// error over reorthKept (2e-12 here). Parlett's bound, a half, asks for the second pass on
// most steps of a path (87 % of letter's), where it is about a third of a step's cost; with
// 1e-4 letter trains in 53-59 s instead of 65-68 s, the same model choice and test error.
const reorthKept = 1e-4

// screen is the candidate pool of Auto's paths. Unlike Pool it never modifies the candidate
// columns: the projection of candidate c on a model column, a_cj = p_j'g_c/kappa_j, is the
// same for the original column as for the deflated one (the p_j are orthogonal), so one
// matrix-vector product G p_n per step (over the rows of the candidates still free) updates
// every free candidate's projections and, from them, its energy p'p = g'g - sum_j a_cj^2
// kappa_j and p'y_o = g'y_o - sum_j a_cj p_j'y_o (classical Gram-Schmidt for the scores). The column of the candidate selected is then built from its
// projections and orthogonalised a second time (Gram-Schmidt with reorthogonalisation), so
// the model's columns stay orthogonal to working precision. A step costs 2 L N flops, L the
// candidates still free.
type screen struct {
	g      []float64 // L x N original columns
	l, n   int
	k      int       // outputs
	alpha  []float64 // L x maxT projections on the model's columns
	maxT   int
	pp     []float64 // energy of the deflated candidate
	gg     []float64 // energy of the original candidate
	py     []float64 // L x K
	status []uint8
	done   int // model columns accounted for
	visits int
	proj   []float64 // scratch: G p_n (the free candidates' entries)
	rows   []int     // scratch: the free candidates
	col    []float64 // scratch: the selected column
	a      []float64 // scratch: its alphas
	cores  cores     // the fit's workers, for the products over all candidates or columns
}

func newScreen(g []float64, l int, s *State, maxT int) *screen {
	n := s.N()
	k := s.Outputs()
	sc := &screen{l: l, n: n, k: k, maxT: maxT, alpha: make([]float64, l*maxT), pp: make([]float64, l),
		gg: make([]float64, l), py: make([]float64, l*k), status: make([]uint8, l), proj: make([]float64, l),
		col: make([]float64, n), a: make([]float64, maxT)}
	sc.reset(g, s)
	return sc
}

// reset starts the screen again on the columns g (of the same shape) for the state s (of the
// same targets, just reset): a path of another width reuses the buffers. An entry of alpha
// is always written before it is read.
func (sc *screen) reset(g []float64, s *State) {
	sc.g, sc.done, sc.visits = g, 0, 0
	clear(sc.status)
	n, k := sc.n, sc.k
	for c := range sc.l {
		gc := g[c*n : (c+1)*n]
		sc.gg[c] = vecmath.Dot(gc, gc)
		sc.pp[c] = sc.gg[c]
		for o, y := range s.ys {
			sc.py[c*k+o] = vecmath.Dot(gc, y)
		}
		if sc.gg[c] == 0 {
			sc.status[c] = dependent
		}
	}
	sc.catchUp(s)
}

// catchUp accounts for the model columns added since the last call.
func (sc *screen) catchUp(s *State) {
	for ; sc.done < s.Terms(); sc.done++ {
		j := sc.done
		pj := s.Column(j)
		kj := s.Kappa(j)
		sc.rows = sc.rows[:0]
		for c, st := range sc.status {
			if st == free {
				sc.rows = append(sc.rows, c)
			}
		}
		sc.cores.mulRowsAt(blas64.General{Rows: sc.l, Cols: sc.n, Stride: sc.n, Data: sc.g}, sc.rows, pj, sc.proj)
		pyj := s.pyK[j]
		for _, c := range sc.rows {
			a := sc.proj[c] / kj
			sc.alpha[c*sc.maxT+j] = a
			sc.pp[c] -= a * a * kj
			py := sc.py[c*sc.k : (c+1)*sc.k]
			for o, v := range pyj {
				py[o] -= a * v
			}
			if sc.pp[c] < DependenceTol*sc.gg[c] {
				sc.status[c] = dependent
			}
		}
	}
}

// step selects, for Auto, the candidate that most reduces the regularised residual sum of
// squares over all outputs and adds it to s; it returns the candidate or -1.
func (sc *screen) step(s *State, lambda float64) int {
	best, bestV := -1, math.Inf(-1)
	for c := range sc.l {
		if sc.status[c] != free {
			continue
		}
		sc.visits++
		var q float64
		for _, v := range sc.py[c*sc.k : (c+1)*sc.k] {
			q += v * v
		}
		d := sc.pp[c] + lambda
		if v := q * (sc.pp[c] + 2*lambda) / (d * d); v > bestV {
			best, bestV = c, v
		}
	}
	if best < 0 {
		return -1
	}
	// The column: p = g - sum_j a_j p_j, orthogonalised once more against the model when
	// the first pass left less than reorthKept of its energy ("twice is enough", Parlett
	// 1980: after one classical pass the column's components along the model's columns are
	// of the order of the rounding error times the energy removed over the energy kept).
	terms := s.Terms()
	p := sc.col
	copy(p, sc.g[best*sc.n:(best+1)*sc.n])
	a := sc.a[:terms]
	copy(a, sc.alpha[best*sc.maxT:best*sc.maxT+terms])
	P := s.columns()
	sc.cores.subMulTrans(P, a, p)
	if dot(p, p) < reorthKept*sc.gg[best] {
		d := sc.proj[:terms]
		sc.cores.mulRows(P, p, d)
		for j := range d {
			d[j] /= s.Kappa(j)
			a[j] += d[j]
		}
		sc.cores.subMulTrans(P, d, p)
	}
	pp, py := dot2(p, s.y)
	sc.status[best] = selected
	if pp < DependenceTol*sc.gg[best] {
		sc.status[best] = dependent
		return sc.step(s, lambda)
	}
	s.Add(p, a, pp, py, lambda)
	sc.catchUp(s)
	return best
}
