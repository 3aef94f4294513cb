// Package optim minimises a cost over a box with the global, derivative-free methods of the
// papers: particle swarm optimisation (PSO; Chen, Hong and Harris 2010), repeated weighted
// boosting search (RWBS; Chen, Hong, Luk and Harris 2009), the colonial competitive algorithm
// (CCA; Ren and Bai 2011) and the simulated annealing baseline it is compared with (SA). They
// are stated in docs/ALGORITHMS.md, section 7.
//
// As in gonum.org/v1/gonum/optimize, three things are kept apart: the Problem (what is
// minimised: a cost over a box), the Method (how: PSO, RWBS, CCA, SA, one file each) and the
// driver Minimize, which validates the box, draws every random number from Settings.Seed, counts
// the evaluations, keeps the best point evaluated and runs the worker pool.
//
// A run is reproducible: the same Problem, Method and Settings.Seed give the same Result, bit for
// bit, whatever Settings.Workers is. Workers only fill the cost slots of a batch (a swarm, a
// population, the colonies of a decade); all random draws happen in the method's goroutine.
package optim

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// Problem is a cost to minimise over the box Lower <= x <= Upper.
type Problem struct {
	// Lower and Upper bound the box; its dimension is len(Lower). Lower[j] == Upper[j] is
	// allowed and fixes x[j].
	Lower, Upper []float64

	// Func is the cost. It must not retain or modify x. A NaN cost is treated as +Inf.
	Func func(x []float64) float64

	// Start, if not empty, holds initial points of len(Lower) values, none NaN (clamped to the
	// box; other lengths and NaN are errors of Minimize): the methods take their
	// first initial points from it (PSO's particles, RWBS's first population, CCA's first
	// countries) and draw the rest uniformly, so that a search can begin where good points
	// are known to be.
	Start [][]float64

	// NewFunc, if not nil, makes an independent cost function (with its own scratch) for each
	// worker when Settings.Workers > 1; every function it makes must return the same value as
	// Func for the same x. If NewFunc is nil, evaluation is sequential. If Func is nil, NewFunc
	// also makes the function of the calling goroutine.
	NewFunc func() func(x []float64) float64
}

// Settings holds what a run needs besides the problem and the method.
type Settings struct {
	// Seed is the seed of the run's one random source (math/rand/v2 PCG): the same seed gives
	// the same Result.
	Seed uint64

	// Workers is the number of cost evaluations run in parallel within a batch; 0 and 1 mean
	// sequential. It needs Problem.NewFunc. The Result does not depend on it.
	Workers int
}

// Result is the outcome of a run.
type Result struct {
	X           []float64 // the best point evaluated (the first one evaluated among equal costs)
	F           float64   // its cost
	Evaluations int       // the number of cost evaluations performed
	Iterations  int       // method-defined: PSO iterations, RWBS generations, CCA decades, SA moves
}

// Method is a box-constrained global minimisation method: PSO, RWBS, CCA or SA. Its only
// method is unexported: a method is written against the driver's internal runner.
type Method interface {
	// search checks the method's settings, then minimises through r, which holds the box,
	// draws the random numbers and evaluates points. It returns the number of iterations.
	search(r *runner) (iterations int, err error)
}

// Errors returned by Minimize; test for them with errors.Is.
var (
	ErrNoFunc            = errors.New("optim: Problem has neither Func nor NewFunc")
	ErrDimensionMismatch = errors.New("optim: len(Lower) != len(Upper)")
	ErrEmptyBox          = errors.New("optim: box of dimension 0")
	ErrBound             = errors.New("optim: bounds not finite or Lower > Upper")
	ErrSetting           = errors.New("optim: invalid setting")
)

// BoundError reports the first dimension of the box whose bounds are not ordered, or not
// finite, or whose width Upper - Lower overflows. It wraps ErrBound.
type BoundError struct {
	Dim          int // 0-based
	Lower, Upper float64
}

// Error names the dimension and its bounds.
func (e *BoundError) Error() string {
	if e.Lower <= e.Upper {
		return fmt.Sprintf("optim: box dimension %d: [%g, %g] not finite", e.Dim, e.Lower, e.Upper)
	}
	if math.IsNaN(e.Lower) || math.IsNaN(e.Upper) {
		return fmt.Sprintf("optim: box dimension %d: bounds [%g, %g] not numbers", e.Dim, e.Lower, e.Upper)
	}
	return fmt.Sprintf("optim: box dimension %d: lower bound %g > upper bound %g", e.Dim, e.Lower, e.Upper)
}

// Unwrap returns ErrBound.
func (e *BoundError) Unwrap() error { return ErrBound }

// finiteNonNeg reports whether v is a finite number, 0 or more (not NaN).
func finiteNonNeg(v float64) bool { return v >= 0 && !math.IsInf(v, 1) }

// settingError reports an invalid method or driver setting, wrapping ErrSetting.
func settingError(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrSetting}, args...)...)
}

// Minimize minimises p over its box with method m. It returns an error, before any evaluation,
// if the box, the settings or the method's parameters are invalid.
func Minimize(p Problem, m Method, s Settings) (Result, error) {
	if p.Func == nil && p.NewFunc == nil {
		return Result{}, ErrNoFunc
	}
	if len(p.Lower) != len(p.Upper) {
		return Result{}, fmt.Errorf("%w: %d lower and %d upper bounds", ErrDimensionMismatch, len(p.Lower), len(p.Upper))
	}
	if len(p.Lower) == 0 {
		return Result{}, ErrEmptyBox
	}
	for j, lo := range p.Lower {
		hi := p.Upper[j]
		if !(lo <= hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || math.IsInf(hi-lo, 0) { // !(<=) catches NaN
			return Result{}, &BoundError{Dim: j, Lower: lo, Upper: hi}
		}
	}
	if s.Workers < 0 {
		return Result{}, settingError("Settings.Workers = %d < 0", s.Workers)
	}
	if m == nil {
		return Result{}, settingError("nil Method")
	}
	for i, x := range p.Start {
		if len(x) != len(p.Lower) {
			return Result{}, settingError("Problem.Start[%d] has %d values for a box of dimension %d", i, len(x), len(p.Lower))
		}
		for j, v := range x {
			if math.IsNaN(v) {
				return Result{}, settingError("Problem.Start[%d][%d] is NaN", i, j)
			}
		}
	}

	r := newRunner(p, s)
	defer r.close()
	if r.f == nil {
		return Result{}, fmt.Errorf("%w: Problem.NewFunc returned nil", ErrNoFunc)
	}
	iterations, err := m.search(r)
	if err != nil {
		return Result{}, err
	}
	return Result{X: r.bestX, F: r.bestF, Evaluations: r.evaluations, Iterations: iterations}, nil
}

// runner is the driver's state during one run: the box, the random source, the cost functions
// and the record of evaluations. Methods evaluate points only through eval and evalBatch.
type runner struct {
	lower, upper []float64
	width        []float64 // Upper - Lower
	start        [][]float64
	rng          *rand.Rand

	f       func([]float64) float64 // the calling goroutine's cost function
	workers int                     // > 1 only if Problem.NewFunc can make the others
	newFunc func() func([]float64) float64
	pool    *pool // started at the first batch that can use it

	evaluations int
	bestX       []float64
	bestF       float64
}

// pcgStream is the second PCG seed word; Settings.Seed is the first.
const pcgStream = 0x9e3779b97f4a7c15

func newRunner(p Problem, s Settings) *runner {
	d := len(p.Lower)
	r := &runner{
		lower:   p.Lower,
		upper:   p.Upper,
		start:   p.Start,
		width:   make([]float64, d),
		rng:     rand.New(rand.NewPCG(s.Seed, pcgStream)),
		f:       p.Func,
		newFunc: p.NewFunc,
		bestF:   math.Inf(1),
	}
	for j := range r.width {
		r.width[j] = p.Upper[j] - p.Lower[j]
	}
	if r.f == nil {
		r.f = p.NewFunc()
	}
	if s.Workers > 1 && p.NewFunc != nil {
		r.workers = s.Workers
	}
	return r
}

func (r *runner) close() {
	if r.pool != nil {
		r.pool.close()
	}
}

// dim returns the dimension of the box.
func (r *runner) dim() int { return len(r.lower) }

// uniform sets x to a point drawn uniformly from the box.
func (r *runner) uniform(x []float64) {
	for j := range x {
		x[j] = min(r.lower[j]+r.rng.Float64()*r.width[j], r.upper[j])
	}
}

// initial sets x to the i-th initial point: Problem.Start[i] clamped to the box, or a uniform
// draw beyond the points given.
func (r *runner) initial(i int, x []float64) {
	if i < len(r.start) && len(r.start[i]) == len(x) {
		copy(x, r.start[i])
		r.clamp(x)
		return
	}
	r.uniform(x)
}

// clamp moves x to the nearest point of the box.
func (r *runner) clamp(x []float64) {
	for j := range x {
		x[j] = min(max(x[j], r.lower[j]), r.upper[j])
	}
}

// eval returns the cost of x, evaluated in the calling goroutine.
func (r *runner) eval(x []float64) float64 {
	f := r.f(x)
	r.record(x, &f)
	return f
}

// evalBatch sets fs[i] to the cost of xs[i], in parallel if Settings.Workers > 1. The result
// does not depend on the number of workers: each slot is filled by one evaluation and the
// record is kept in index order.
func (r *runner) evalBatch(xs [][]float64, fs []float64) {
	fs = fs[:len(xs)]
	if r.workers > 1 && len(xs) > 1 {
		if r.pool == nil {
			// No more helpers than the batch or the processors can use: each holds its own
			// cost function, which may be large (an LS-SVM's N x N system).
			r.pool = newPool(min(r.workers, len(xs), runtime.GOMAXPROCS(0))-1, r.newFunc)
		}
		r.pool.run(r.f, xs, fs)
	} else {
		for i, x := range xs {
			fs[i] = r.f(x)
		}
	}
	for i, x := range xs {
		r.record(x, &fs[i])
	}
}

// record counts one evaluation of x with cost *f (a NaN becomes +Inf) and keeps x if it is the
// best so far.
func (r *runner) record(x []float64, f *float64) {
	if math.IsNaN(*f) {
		*f = math.Inf(1)
	}
	r.evaluations++
	if r.bestX == nil {
		r.bestX = make([]float64, len(x))
	} else if !(*f < r.bestF) {
		return
	}
	copy(r.bestX, x)
	r.bestF = *f
}

// pool evaluates the slots of a batch with helper goroutines, each with its own cost function,
// and the calling goroutine. A batch allocates nothing.
type pool struct {
	helpers int
	wake    chan struct{} // one token per helper wanted for the current batch
	wg      sync.WaitGroup
	next    atomic.Int64 // the next slot to evaluate
	xs      [][]float64
	fs      []float64
}

func newPool(helpers int, newFunc func() func([]float64) float64) *pool {
	p := &pool{helpers: helpers, wake: make(chan struct{})}
	for range helpers {
		f := newFunc()
		if f == nil { // a Problem.NewFunc that returned nil: one helper fewer
			p.helpers--
			continue
		}
		go func() {
			for range p.wake {
				p.work(f)
				p.wg.Done()
			}
		}()
	}
	return p
}

// run fills fs[i] = f(xs[i]) using the calling goroutine (with f) and up to len(xs)-1 helpers.
func (p *pool) run(f func([]float64) float64, xs [][]float64, fs []float64) {
	p.xs, p.fs = xs, fs
	p.next.Store(0)
	helpers := min(p.helpers, len(xs)-1)
	p.wg.Add(helpers)
	for range helpers {
		p.wake <- struct{}{}
	}
	p.work(f)
	p.wg.Wait()
	p.xs, p.fs = nil, nil
}

func (p *pool) work(f func([]float64) float64) {
	for {
		i := int(p.next.Add(1)) - 1
		if i >= len(p.xs) {
			return
		}
		p.fs[i] = f(p.xs[i])
	}
}

func (p *pool) close() { close(p.wake) }

// rows returns n vectors of length d sharing one backing array.
func rows(n, d int) [][]float64 {
	back := make([]float64, n*d)
	m := make([][]float64, n)
	for i := range m {
		m[i] = back[i*d : (i+1)*d : (i+1)*d]
	}
	return m
}

// argmin returns the first index of the smallest of f.
func argmin(f []float64) int {
	k := 0
	for i, v := range f {
		if v < f[k] {
			k = i
		}
	}
	return k
}
