package ofs

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"

	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// Evidence pruning of a two-class model: sparse Bayesian learning with a Bernoulli likelihood
// (Tipping 2001, section 4). At the precisions A the weights' posterior is approximated at its
// mode w (Laplace): with p = sigma(Phi w) and B = diag(p (1 - p)),
//
//	Phi'(t - p) = A w,   Sigma = (Phi'B Phi + A)^-1,
//
// and the precisions follow MacKay's update alpha_i = gamma_i / w_i^2, gamma_i = 1 - alpha_i
// Sigma_ii, as in the Gaussian case. The weights are logits: the squared loss of forward
// selection asks every point to sit at +-1, the Bernoulli likelihood only that it sits on its
// side, so it needs fewer nodes (development sets: a third fewer than the Gaussian evidence,
// error within 1 %).

// bernoulliWarmup is the number of iterations before the prune test applies: from the broad
// starting prior the precisions are far from the evidence's, and the test would remove good
// columns. bernoulliNewton caps the Newton steps per mode. bernoulliWeightCap bounds the
// weights on the logit scale: columns in [0, 1] whose weights pass it cancel one another
// (nearly collinear wide Gaussians, whose precisions then swing between iterations while the
// weights grow to 1e10), a posterior with no use as a model, so the fit gives up.
const (
	bernoulliWarmup    = 10
	bernoulliNewton    = 25
	bernoulliWeightCap = 1e6
)

// bernoulliEvidence runs sparse Bayesian learning with a Bernoulli likelihood on a bias and the
// columns cols for the labels t (0 or 1). It returns the columns kept (at least one), their
// weights and the bias on the logit scale, and the approximate leave-one-out logits of the
// final model (for calibration); ok is false if a posterior could not be computed. The
// warm-up's iterations take at most warmSteps Newton steps to each mode (bernoulliNewton: as
// many as the mode needs): from a broad prior over many columns the warm-up's precisions move
// far at every iteration, so an exact mode there buys little (the relevance vector machine on
// a fit's candidates, rvm.go, takes one step, at about half the cost). The last group columns
// share one precision (sharedPrecision): they go or stay together, and take no prune test of
// their own.
func bernoulliEvidence(cols [][]float64, t []float64, workers, warmSteps, group int) evidenceFit {
	M := len(cols) + 1
	shared := sharedPrecision{from: M - group}
	C := withBias(cols) // C[j]: column j of the design, the bias first
	alpha := make([]float64, M)
	for j := range alpha {
		alpha[j] = 1 // weight sd 1 on the logit scale, columns in [0, 1]
	}
	alpha[0] = 1e-6 // the bias: nearly flat (a flat prior has no mode on separable data)
	active := make([]int, M)
	for j := range active {
		active[j] = j
	}
	l := newLaplace(C, t, workers)
	for it := range evidenceIterations {
		steps := bernoulliNewton
		if it < bernoulliWarmup {
			steps = warmSteps
		}
		sigma, ok := l.mode(active, alpha, steps)
		if !ok || !bounded(l.w, active) {
			return evidenceFit{}
		}
		next := make([]int, 0, len(active))
		var change float64
		last, lastGain := -1, math.Inf(-1) // the best supported column, kept if all would go
		shared.start()
		for x, a := range active {
			if a == 0 {
				next = append(next, a)
				continue
			}
			if shared.holds(a) {
				shared.add(1-alpha[a]*sigma[x], l.w[a]*l.w[a])
				next = append(next, a)
				continue
			}
			sii, wa := sigma[x], l.w[a]
			g := 1 - alpha[a]*sii
			// The prune test of the Gaussian case (evidencePrune) on the Laplace approximation.
			gain := wa*wa/(sii*sii) - (1/sii - alpha[a])
			nxt := math.Inf(1)
			if (gain > 0 || it < bernoulliWarmup) && wa != 0 && g > 0 {
				nxt = g / (wa * wa)
			}
			if nxt > evidenceDrop {
				if gain > lastGain {
					last, lastGain = a, gain
				}
				l.w[a] = 0
				l.fresh = false
				continue
			}
			change = max(change, math.Abs(math.Log(nxt/alpha[a])))
			alpha[a] = nxt
			next = append(next, a)
		}
		var gone bool
		next, gone = shared.update(next, alpha, 1, evidenceDrop, &change, last)
		if gone {
			for a := shared.from; a < M; a++ {
				l.w[a] = 0
			}
			l.fresh = false
		}
		converged := len(next) == len(active) && change < evidenceTol
		active = next
		if converged {
			break
		}
	}
	if _, ok := l.mode(active, alpha, bernoulliNewton); !ok || !finite(l.w) || !bounded(l.w, active) {
		return evidenceFit{}
	}
	fit := evidenceFit{ok: true, w: [][]float64{nil}, bias: []float64{l.w[0]}, loo: l.loo(active)}
	for _, a := range active[1:] {
		fit.keep = append(fit.keep, a-1)
		fit.alpha = append(fit.alpha, alpha[a])
		fit.w[0] = append(fit.w[0], l.w[a])
	}
	return fit
}

// laplace holds the Laplace approximation of a Bernoulli model: the design's columns C, the
// labels t, the weights w over all columns (0 where inactive), the logits f and probabilities
// p at w, and the inverse Cholesky factor of Phi'B Phi + A over the active columns (valid
// until the next mode: it lives in the buffer h). h, g, B and trial are mode's work space,
// sized for every column active.
type laplace struct {
	C           [][]float64
	t, w        []float64
	f, p        []float64
	inverse     blas64.Triangular
	h, g, B, tr []float64
	r, b        []float64 // per point: t - p and sqrt(p (1 - p)), at the current weights
	cols        [][]float64
	neg         []float64 // at's work space: the active columns and their weights negated
	e, lp       []float64 // and per point exp(-|f|) and log(1 + exp(-|f|))
	workers     int       // goroutines for the Gram matrix
	// data is the log-likelihood at f; fresh says that f, p and data are those of w (set by
	// mode, cleared where a column's weight is zeroed).
	data  float64
	fresh bool
}

func newLaplace(C [][]float64, t []float64, workers int) *laplace {
	n, M := len(t), len(C)
	return &laplace{C: C, t: t, w: make([]float64, M), f: make([]float64, n), p: make([]float64, n),
		h: make([]float64, M*M), g: make([]float64, M), B: make([]float64, M*n), tr: make([]float64, M),
		r: make([]float64, n), b: make([]float64, n), cols: make([][]float64, 0, M), neg: make([]float64, 0, M),
		e: make([]float64, n), lp: make([]float64, n), workers: workers}
}

// at sets f and p at the weights w and returns the log posterior, up to a constant: the
// prior's term plus the likelihood's, which it keeps (data) for the next mode to start from
// while w stays where it is. One exponential and one log1p a point: with e = exp(-|f|),
// p = 1/(1 + e) or e/(1 + e), and log(1 + exp(-|f|)) gives both log sigma(f) and log sigma(-f).
func (l *laplace) at(w []float64, active []int, alpha []float64) float64 {
	// f = sum_a w_a C_a, added column after column (SubMulRows with the weights negated).
	clear(l.f)
	cols, neg := l.cols[:0], l.neg[:0]
	for _, a := range active {
		cols, neg = append(cols, l.C[a]), append(neg, -w[a])
	}
	vecmath.SubMulRows(cols, neg, l.f)
	es, lps := l.e[:len(l.f)], l.lp[:len(l.f)]
	for i, v := range l.f {
		es[i] = math.Exp(-math.Abs(v))
	}
	vecmath.Log1p(lps, es) // softplus(-|v|), as math.Log1p computes it
	var data float64
	for i, v := range l.f {
		e, lp := es[i], lps[i]
		pos := l.t[i] > 0
		if v >= 0 {
			l.p[i] = 1 / (1 + e)
			if !pos {
				lp += v
			}
		} else {
			l.p[i] = e / (1 + e)
			if pos {
				lp -= v
			}
		}
		data -= lp // log sigma(v) for the positive class, log sigma(-v) for the other
	}
	l.data = data
	return l.prior(w, active, alpha) + data
}

// dotsInOrder sets s[x] to the dot product of column C[cols[x]] (its first len(r) entries)
// with r for up to four columns, each summed in the order of the points as a plain loop sums
// it (the same sums bit for bit), the four sums in one pass: four independent chains of
// additions instead of one at a time.
func dotsInOrder(C [][]float64, cols []int, r, s []float64) {
	n := len(r)
	if len(cols) == 4 {
		c0, c1, c2, c3 := C[cols[0]][:n], C[cols[1]][:n], C[cols[2]][:n], C[cols[3]][:n]
		var s0, s1, s2, s3 float64
		for i, v := range r {
			s0 += c0[i] * v
			s1 += c1[i] * v
			s2 += c2[i] * v
			s3 += c3[i] * v
		}
		s[0], s[1], s[2], s[3] = s0, s1, s2, s3
		return
	}
	for x, a := range cols {
		c := C[a][:n]
		var sum float64
		for i, v := range r {
			sum += c[i] * v
		}
		s[x] = sum
	}
}

// prior returns the log prior of the weights w over the active columns, up to a constant.
func (l *laplace) prior(w []float64, active []int, alpha []float64) float64 {
	var L float64
	for _, a := range active {
		L -= alpha[a] * w[a] * w[a] / 2
	}
	return L
}

// mode moves w to the posterior's mode over the active columns by Newton's method (at most
// steps steps, halving a step that lowers the log posterior) and returns the diagonal of Sigma
// there.
func (l *laplace) mode(active []int, alpha []float64, steps int) ([]float64, bool) {
	n, m := len(l.t), len(active)
	var L float64
	if l.fresh { // f and p are those of w: only the prior moved
		L = l.prior(l.w, active, alpha) + l.data
	} else {
		L = l.at(l.w, active, alpha)
	}
	h, g := l.h[:m*m], l.g[:m]
	B := l.B[:m*n] // row x: active column x times sqrt(p (1 - p))
	trial := l.tr
	var u blas64.Triangular
	r, b := l.r, l.b
	for step := 0; ; step++ {
		for i, p := range l.p {
			r[i], b[i] = l.t[i]-p, math.Sqrt(max(p*(1-p), 1e-12))
		}
		for x0 := 0; x0 < m; x0 += 4 {
			x1 := min(x0+4, m)
			dotsInOrder(l.C, active[x0:x1], r[:n], g[x0:x1]) // C_a . r
			for x := x0; x < x1; x++ {
				a := active[x]
				vecmath.MulElems(B[x*n:(x+1)*n], l.C[a][:n], b)
				g[x] -= alpha[a] * l.w[a]
			}
		}
		gram(B, m, n, h, l.workers)
		for x, a := range active {
			h[x*m+x] += alpha[a]
		}
		var ok bool
		if u, ok = lapack64.Potrf(blas64.Symmetric{N: m, Stride: m, Data: h, Uplo: blas.Upper}); !ok {
			return nil, false
		}
		if step == steps {
			break
		}
		lapack64.Potrs(u, blas64.General{Rows: m, Cols: 1, Stride: 1, Data: g}) // g is now the Newton step
		var big float64
		for _, d := range g {
			big = max(big, math.Abs(d))
		}
		length := 1.0
		for {
			copy(trial, l.w)
			for x, a := range active {
				trial[a] += length * g[x]
			}
			if nl := l.at(trial, active, alpha); nl >= L-1e-12 || length < 1e-4 {
				L = nl
				break
			}
			length /= 2
		}
		copy(l.w, trial)
		l.fresh = true
		if big*length < 1e-6 { // at the mode: the factor of the step before serves
			break
		}
	}
	if !lapack64.Trtri(u) {
		return nil, false
	}
	l.inverse = u
	return inverseDiag(u), true
}

// loo returns the approximate leave-one-out logits at the mode: one Newton step from the mode
// without point i gives f_-i = f_i - h_i (t_i - p_i) / (1 - b_i h_i), with h_i = phi_i' Sigma
// phi_i and b_i = p_i (1 - p_i) (the logistic case of the deletion formulas; exact for the
// Gaussian likelihood).
func (l *laplace) loo(active []int) []float64 {
	h := leverages(l.inverse, subset(l.C, active))
	out := make([]float64, len(l.t))
	for i, p := range l.p {
		out[i] = l.f[i] - h[i]*(l.t[i]-p)/max(1-p*(1-p)*h[i], 1e-6)
	}
	return out
}

// bounded reports whether the weights w of the active columns (the bias, first, aside) are
// within bernoulliWeightCap.
func bounded(w []float64, active []int) bool {
	for _, a := range active[1:] {
		if !(math.Abs(w[a]) <= bernoulliWeightCap) {
			return false
		}
	}
	return true
}

func finite(v []float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// gram sets the upper triangle of the m x m matrix h to B B' (B: m x n, row-major), each
// entry one dot product of two rows (vecmath.MulRowsBy, four rows i of h at a time, each row of
// B read once for the four), the groups of rows shared out among up to workers goroutines when
// the product is large enough to pay for them; every entry is computed the same way whatever
// the number of goroutines. The groups also write entries below the diagonal of their rows
// (the products of their own rows), which nothing reads. Where B is too large for a cache
// (more than gramCache entries) the points are taken gramBlock at a time, and each entry is
// the sum, block after block, of the blocks' dot products: row i of h reads the rows j >= i,
// which are then read from a cache rather than from memory once a row.
func gram(B []float64, m, n int, h []float64, workers int) {
	if m*m*n < gramParallel {
		workers = 1
	}
	groups := (m + gramRows - 1) / gramRows
	if m*n <= gramCache {
		vecmath.Each(groups, workers, func(g int) { // B_j . B_i for j >= i, i in the group
			i := g * gramRows
			vecmath.MulRowsBy(B[i*n:], n, n, m-i, B[i*n:], n, min(gramRows, m-i), h[i*m+i:], m)
		})
		return
	}
	part := make([]float64, m*m)
	for lo := 0; lo < n; lo += gramBlock {
		w := min(gramBlock, n-lo)
		vecmath.Each(groups, workers, func(g int) {
			i := g * gramRows
			rows := min(gramRows, m-i)
			vecmath.MulRowsBy(B[i*n+lo:], n, w, m-i, B[i*n+lo:], n, rows, part[i*m+i:], m)
			for r := i; r < i+rows; r++ {
				p, hi := part[r*m+i:r*m+m], h[r*m+i:r*m+m]
				if lo == 0 {
					copy(hi, p)
					continue
				}
				for k, v := range p {
					hi[k] += v
				}
			}
		})
	}
}

// gramRows is the number of rows of a Gram matrix gram computes together.
const gramRows = 4

// gramCache is the size, in entries, of the rows above which gram takes the points gramBlock
// at a time (16 MiB of rows: two-class fits of up to a few thousand points stay below it and
// keep their sums). 300 rows of 40,000 points (a fold of 50,000), one goroutine: 405 ms all at
// once, 122 ms by blocks of 256 (130 by 64 or 512, 149 by 1,024; BenchmarkGram). Variables for
// the benchmark and the tests.
var (
	gramCache = 1 << 21
	gramBlock = 256
)

// gramParallel is the size m*m*n of a Gram matrix from which gram shares it out.
const gramParallel = 1 << 22
