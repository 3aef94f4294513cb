package ofs

import (
	"slices"
	"sync"

	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// pathRecord is one path's held-out error after 0, 1, ... terms: the squared error summed
// over the held-out points and outputs, and the number of misclassified held-out points; and
// the path itself, held.
type pathRecord struct {
	loss, miss []float64
	held       heldPath
}

// pickRows returns the rows of Z (nil for none), Y and class (nil for none) in rows.
func pickRows(Z, Y [][]float64, class []int, rows []int) ([][]float64, [][]float64, []int) {
	var z [][]float64
	if Z != nil {
		z = make([][]float64, len(rows))
	}
	y := make([][]float64, len(Y))
	for k := range y {
		y[k] = make([]float64, len(rows))
	}
	var cl []int
	for r, i := range rows {
		if z != nil {
			z[r] = Z[i]
		}
		for k := range Y {
			y[k][r] = Y[k][i]
		}
		if class != nil {
			cl = append(cl, class[i])
		}
	}
	return z, y, cl
}

// runFold runs, on fold f (held out) with weighting w, one path per width in taus and returns
// their records; the kernel matrices of the widths warm (wider than taus, in decreasing
// order) are computed first and no path run on them (race: a job's narrower half). With
// watch set (tests observe a path through it) it calls watch after every term with the size
// and the held-out decisions and per-point losses, and runs each path to exactly maxT terms
// (no patience).
func (a *Auto) runFold(Z [][]float64, Y [][]float64, class []int, folds []int, f int, w Weighting,
	warm, taus []float64, maxT int, watch func(s int, h *holdout)) ([]pathRecord, int) {
	tr, va := foldRows(folds, f)
	Ztr, Ytr, ctr := pickRows(Z, Y, class, tr)
	Zva, Yva, cva := pickRows(Z, Y, class, va)
	in := a.foldInput(f, w, Ztr, Ytr, ctr)
	l := len(in.pts) + len(in.dirs)
	maxT = min(maxT, l, len(tr)-1)
	recs := make([]pathRecord, len(taus))
	evals := 0
	ktr, kva := a.foldKernels(in, Ztr, Zva)
	defer ktr.release()
	defer kva.release()
	for _, tau := range warm {
		ktr.at(tau)
		kva.at(tau)
	}
	order := make([]int, len(taus))
	for t := range order {
		order[t] = t
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmpDesc(taus[i], taus[j]) })
	var (
		sc *screen
		s  *State
	)
	for _, t := range order {
		tau := taus[t]
		if g := ktr.at(tau); s == nil {
			sc, s = a.build(g, Ytr, l, maxT)
		} else { // the next width reuses the buffers
			s.Reset()
			sc.reset(g, s)
		}
		h := newHoldout(kva.at(tau), Yva, cva, s, a.Loss)
		rec := pathRecord{loss: []float64{h.sum()}, miss: []float64{float64(h.misses)}}
		if watch != nil {
			watch(0, h)
		}
		best, since := rec.loss[0], 0
		for n := 1; n <= maxT; n++ {
			c := sc.step(s, a.Lambda)
			if c < 0 {
				break
			}
			h.add(c, s)
			rec.loss = append(rec.loss, h.sum())
			rec.miss = append(rec.miss, float64(h.misses))
			if watch != nil {
				watch(n, h)
				continue
			}
			if l := rec.loss[n]; l < best {
				best, since = l, 0
			} else if since++; since >= a.Patience {
				break
			}
		}
		evals += sc.visits
		rec.held = keepPath(h, s)
		recs[t] = rec
	}
	if s != nil { // (the records keep none of its columns)
		s.release()
	}
	return recs, evals
}

// foldKernels returns the kernel matrices (before any width) of the candidates and linear
// candidates of a fold and weighting's entry in at its training points Ztr and held-out
// points Zva. On wide data, more inputs than candidates, the squared distances and the linear
// columns, which cost 2 L N m flops and a copy of the fold's inputs in the weighted inputs, are
// computed by the first path on the fold and weighting and kept in the fit's cache for the
// others (the race's rounds, the survivors; keptKernels), in less memory than that copy: the
// same numbers, computed once.
func (a *Auto) foldKernels(in *foldInput, Ztr, Zva [][]float64) (ktr, kva *gaussians) {
	compute := func() (*gaussians, *gaussians) {
		Ztr, ptr := scaledPoints(Ztr, in.scale)
		Zva, pva := scaledPoints(Zva, in.scale)
		return newGaussiansAt(in.pts, in.dirs, Ztr, ptr), newGaussiansAt(in.pts, in.dirs, Zva, pva)
	}
	if a.inputs == nil || len(in.scale) <= len(in.pts)+len(in.dirs) {
		return compute()
	}
	in.kept.once.Do(func() {
		ktr, kva := compute()
		in.kept.tr, in.kept.va = keep(ktr), keep(kva)
	})
	return in.kept.tr.view(), in.kept.va.view()
}

// keptKernels are a fold and weighting's kernel distances and linear columns, kept for its
// later paths on wide data (foldKernels).
type keptKernels struct {
	once   sync.Once
	tr, va keptKernel
}

// keptKernel is one matrix's: the candidates' squared distances and the linear columns.
type keptKernel struct{ d2, lin []float64 }

// keep takes k's distances and a copy of its linear columns (after its Gaussian rows) for
// keeping, and hands its kernel values back to the pool.
func keep(k *gaussians) keptKernel {
	kk := keptKernel{d2: k.d2, lin: slices.Clone(k.g[len(k.d2):])}
	k.kept = true
	k.release()
	return kk
}

// view returns gaussians over the kept distances (read, never written, and not handed back
// to the pool by release) with their own kernel values, the linear columns copied in.
func (kk keptKernel) view() *gaussians {
	g := matrixBuf(len(kk.d2) + len(kk.lin))
	copy(g[len(kk.d2):], kk.lin)
	return &gaussians{d2: kk.d2, g: g, kept: true}
}

// heldPath is what a fold's held-out decisions at any size follow from: the held-out values
// of the path's orthogonal columns and their weights, theta[t][k] of term t for output k.
type heldPath struct {
	p      []float64 // terms x N_val, as holdout.p
	theta  [][]float64
	nv     int
	chosen []int // the candidates of terms 1, 2, ... (the fold's, as holdout.chosen)
}

// keepPath keeps of a path, tracked by h on the state st, only what decisions needs.
func keepPath(h *holdout, st *State) heldPath {
	hp := heldPath{p: h.p[:h.terms*h.nv], nv: h.nv, chosen: h.chosen}
	for t := range h.terms {
		hp.theta = append(hp.theta, st.ThetaK(t))
	}
	return hp
}

// upTo returns a pick of foldNodes: the path's first size candidates, or as many as it reached.
func (hp heldPath) upTo(size, reached int) func(np, nd int) []int {
	c := hp.chosen[:min(size, reached, len(hp.chosen))]
	return func(int, int) []int { return c }
}

// decisions returns the held-out decisions f_k = sum_{t <= size} theta_tk p_t, accumulated in
// the order holdout.add accumulates them, so they equal the tracked decisions bit for bit.
func (hp heldPath) decisions(size int) [][]float64 {
	f := make([][]float64, len(hp.theta[0]))
	for k, th := range hp.theta[0] {
		f[k] = make([]float64, hp.nv)
		for i := range f[k] {
			f[k][i] = th
		}
	}
	for t := 1; t <= size; t++ {
		hp.addTerm(t, f)
	}
	return f
}

// addTerm adds term t to the decisions f.
func (hp heldPath) addTerm(t int, f [][]float64) {
	p := hp.p[t*hp.nv : (t+1)*hp.nv]
	for k, th := range hp.theta[t] {
		axpy(th, p, f[k])
	}
}

// replay calls visit after 0, 1, ..., min(upTo, terms kept) terms with a holdout on targets y
// and classes class whose decisions and per-point losses equal, bit for bit, those tracked
// when the path ran.
func (hp heldPath) replay(upTo int, y [][]float64, class []int, kind Loss, visit func(s int, h *holdout)) {
	h := &holdout{nv: hp.nv, y: y, class: class, loss: make([]float64, hp.nv), kind: kind, f: hp.decisions(0)}
	for t := 0; t <= min(upTo, len(hp.theta)-1); t++ {
		if t > 0 {
			hp.addTerm(t, h.f)
		}
		h.measure()
		visit(t, h)
	}
}

// holdout tracks a path's decisions on held-out points: the held-out values of the model's
// orthogonal columns and the decisions f_k = sum_i theta_ik p_i.
type holdout struct {
	g      []float64 // candidates' kernel values at the held-out points (L x N_val)
	nv     int
	y      [][]float64
	class  []int
	p      []float64 // held-out values of the orthogonal columns, term-major (terms x N_val)
	terms  int
	chosen []int       // the candidate of each term after the bias
	f      [][]float64 // K x N_val decisions
	loss   []float64   // per point, summed over the outputs
	misses int
	kind   Loss
	pred   []int     // scratch: argmax's classes
	top    []float64 // scratch: argmax's largest decisions
}

func newHoldout(g []float64, y [][]float64, class []int, s *State, kind Loss) *holdout {
	nv := len(y[0])
	h := &holdout{g: g, nv: nv, y: y, class: class, loss: make([]float64, nv), kind: kind}
	h.f = make([][]float64, len(y))
	for k := range h.f {
		h.f[k] = make([]float64, nv)
	}
	h.p = make([]float64, nv, nv*8)
	for i := range nv {
		h.p[i] = 1 // the bias term
	}
	h.terms = 1
	for k, th := range s.ThetaK(0) {
		for i := range h.f[k] {
			h.f[k][i] = th
		}
	}
	h.measure()
	return h
}

// add brings the held-out decisions up to date with the state's last term, candidate c.
func (h *holdout) add(c int, s *State) {
	t := s.Terms() - 1
	h.chosen = append(h.chosen, c)
	h.p = append(h.p, h.g[c*h.nv:(c+1)*h.nv]...)
	p := h.p[t*h.nv : (t+1)*h.nv]
	vecmath.SubMulTrans(h.p, h.nv, s.Alpha(t)[:t], p)
	h.terms++
	h.move(s.ThetaK(t), p)
}

// move adds theta[k] p to the decisions of each output k and measures them: the per-point
// squared errors summed in the same pass, as measure sums them (output after output).
func (h *holdout) move(theta, p []float64) {
	clear(h.loss)
	for k, th := range theta {
		fk, yk := h.f[k][:len(p)], h.y[k][:len(p)]
		for i, v := range p {
			f := fk[i] + th*v
			fk[i] = f
			d := yk[i] - f
			h.loss[i] += d * d
		}
	}
	h.tally()
}

// measure sets the per-point losses and the misclassifications of the decisions f.
func (h *holdout) measure() {
	clear(h.loss)
	for k, fk := range h.f {
		for i, v := range fk {
			d := h.y[k][i] - v
			h.loss[i] += d * d
		}
	}
	h.tally()
}

// tally counts the misclassifications, given the per-point squared errors in loss, and
// for LossMiss makes the loss a count with the squared error as a tie-break.
func (h *holdout) tally() {
	h.misses = 0
	if h.class == nil {
		return
	}
	if h.kind == LossMiss {
		for i := range h.loss {
			h.loss[i] *= 0.01
		}
	}
	var pred []int // several outputs: the first of the largest decision
	if len(h.f) > 1 {
		pred = h.argmax()
	}
	for i, c := range h.class {
		var p int
		if pred != nil {
			p = pred[i]
		} else if h.f[0][i] > 0 {
			p = 1
		}
		if p != c {
			h.misses++
			if h.kind == LossMiss {
				h.loss[i]++
			}
		}
	}
}

// argmax returns, for every point, the first output of the largest decision (as a scan of
// the point's outputs in order with a strict comparison finds it), output after output so
// that each output's decisions are read in order; the slice is valid until the next call.
func (h *holdout) argmax() []int {
	n := len(h.class)
	if cap(h.pred) < n {
		h.pred, h.top = make([]int, n), make([]float64, n)
	}
	pred, top := h.pred[:n], h.top[:n]
	clear(pred)
	copy(top, h.f[0][:n])
	for k, fk := range h.f[1:] {
		for i, v := range fk[:n] {
			if v > top[i] {
				top[i], pred[i] = v, k+1
			}
		}
	}
	return pred
}

func (h *holdout) sum() float64 {
	var s float64
	for _, v := range h.loss {
		s += v
	}
	return s
}
