// Package calibrate turns a classifier's decision values into class probabilities, fitted on
// decision values the model did not train on (out-of-fold or leave-one-out), and measures
// probabilities (log-loss, Brier score, reliability).
//
// Two classes: Platt scaling (Platt 1999, "Probabilistic outputs for support vector
// machines"), p(class 1 | f) = 1/(1 + exp(-(a f + b))), fitted by Newton's method on Platt's
// smoothed targets (N+ + 1)/(N+ + 2) and 1/(N- + 2). Several classes: a multinomial logistic
// regression on the K decision values, p_c = softmax_c(b_c + sum_k A_ck f_k), with a small
// ridge penalty on A, fitted by Newton's method. Both are returned in the softmax form of
// model.Calibration.
package calibrate

import (
	"math"
	"slices"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/optimize"

	"github.com/sparsekernel/sparsekernel/internal/smooth"
	"github.com/sparsekernel/sparsekernel/internal/vecmath"
	"github.com/sparsekernel/sparsekernel/kernel"
)

// Fit returns the calibration maps A (C x K) and B (C) for decision values F (N x K) of points
// of classes class (0..C-1). With K = 1 and C = 2 it is Platt scaling (A = [[0],[a]], B = [0,b]);
// otherwise a multinomial logistic regression. ok is false if the fit failed (a singular
// Hessian), in which case no calibration should be stored.
func Fit(F [][]float64, class []int, C int) (A [][]float64, B []float64, ok bool) {
	if len(F) == 0 {
		return nil, nil, false
	}
	if len(F[0]) == 1 && C == 2 {
		a, b, ok := platt(F, class)
		return [][]float64{{0}, {a}}, []float64{0, b}, ok
	}
	return multinomial(F, class, C, nil)
}

// CrossLogits returns every point's logits B + A f under a multinomial map (Fit's, K > 1 or
// C > 2) fitted without it: the points of each class are dealt into groups in turn (the j-th
// point of a class to group j mod groups, so every group has its share of every class, however
// the points are ordered) and each group is mapped by the map fitted on the others, started
// from A, B (the map fitted on all points, so that a few steps suffice). The groups' fits run
// on up to workers goroutines; the logits do not depend on their number. ok is false if a fit
// failed.
func CrossLogits(F [][]float64, class []int, C, groups, workers int, A [][]float64, B []float64) (logits [][]float64, ok bool) {
	n := len(F)
	start := pack(A, B, len(F[0])+1)
	group := Groups(class, C, groups)
	logits = make([][]float64, n)
	failed := make([]bool, groups)
	next := make(chan int, groups)
	for g := range groups {
		next <- g
	}
	close(next)
	var wg sync.WaitGroup
	for range max(1, min(workers, groups)) {
		wg.Go(func() {
			for g := range next {
				var Ft [][]float64
				var ct, held []int
				for i, f := range F {
					if group[i] == g {
						held = append(held, i)
					} else {
						Ft, ct = append(Ft, f), append(ct, class[i])
					}
				}
				if len(held) == 0 {
					continue
				}
				if len(Ft) == 0 {
					failed[g] = true // every point in one group (a point a class): nothing to fit on
					continue
				}
				Ag, Bg, ok := multinomial(Ft, ct, C, start)
				if !ok {
					failed[g] = true
					continue
				}
				for _, i := range held {
					logits[i] = rowLogits(Ag, Bg, F[i])
				}
			}
		})
	}
	wg.Wait()
	if slices.Contains(failed, true) {
		return nil, false
	}
	return logits, true
}

// Groups returns the group of every point of the cross-fits: the j-th point of each class in
// group j mod groups, so that every group has its share of every class however the points are
// ordered.
func Groups(class []int, C, groups int) []int {
	group, seen := make([]int, len(class)), make([]int, C)
	for i, c := range class {
		group[i], seen[c] = seen[c]%groups, seen[c]+1
	}
	return group
}

// FitFrom is Fit for several classes started from the map A, B; a row of A shorter than the
// decisions (F has columns A does not) is taken as zero on the columns it lacks.
func FitFrom(F [][]float64, class []int, C int, A [][]float64, B []float64) ([][]float64, []float64, bool) {
	if len(F) == 0 {
		return nil, nil, false
	}
	return multinomial(F, class, C, pack(A, B, len(F[0])+1))
}

// Logits returns the logits B + A f of every row f of F.
func Logits(F [][]float64, A [][]float64, B []float64) [][]float64 {
	out := make([][]float64, len(F))
	for i, f := range F {
		out[i] = rowLogits(A, B, f)
	}
	return out
}

// rowLogits returns the logits B + A f of one row f.
func rowLogits(A [][]float64, B, f []float64) []float64 {
	l := make([]float64, len(B))
	for c := range B {
		l[c] = B[c] + kernel.Dot(A[c], f)
	}
	return l
}

// pack returns the parameters of the map A, B as the fits hold them (per class: intercept,
// then slopes; p per class), a row of A shorter than p-1 padded with zeros.
func pack(A [][]float64, B []float64, p int) []float64 {
	th := make([]float64, len(B)*p)
	for c := range B {
		th[c*p] = B[c]
		copy(th[c*p+1:c*p+p], A[c])
	}
	return th
}

// plattTargets returns Platt's smoothed targets for the labels class (1 for the positive
// class): hi = (N+ + 1)/(N+ + 2) for its points, lo = 1/(N- + 2) for the others, and the
// classes' counts.
func plattTargets(class []int) (hi, lo, npos, nneg float64) {
	for _, c := range class {
		if c == 1 {
			npos++
		} else {
			nneg++
		}
	}
	return (npos + 1) / (npos + 2), 1 / (nneg + 2), npos, nneg
}

// platt fits p = 1/(1+exp(-(a f + b))) to the smoothed targets (plattTargets).
func platt(F [][]float64, class []int) (a, b float64, ok bool) {
	hi, lo, npos, nneg := plattTargets(class)
	a, b = 1, math.Log((nneg+1)/(npos+1))*-1
	loss := func(a, b float64) float64 {
		var l float64
		for i, f := range F {
			t := lo
			if class[i] == 1 {
				t = hi
			}
			z := a*f[0] + b
			l += softplus(z) - t*z
		}
		return l
	}
	cur := loss(a, b)
	for range 100 {
		var g0, g1, h00, h01, h11 float64
		for i, f := range F {
			t := lo
			if class[i] == 1 {
				t = hi
			}
			p := sigmoid(a*f[0] + b)
			d := p - t
			w := max(p*(1-p), 1e-12)
			g0 += d * f[0]
			g1 += d
			h00 += w * f[0] * f[0]
			h01 += w * f[0]
			h11 += w
		}
		h00 += 1e-12
		h11 += 1e-12
		det := h00*h11 - h01*h01
		if det <= 0 {
			return a, b, false
		}
		da := (h11*g0 - h01*g1) / det
		db := (h00*g1 - h01*g0) / det
		// Where the full Newton step would lower the loss by less than 1e-10 of it (half the
		// Newton decrement, g'H^-1 g / 2), that gain is within the rounding of the loss's sum,
		// which the line search below cannot see: the step is taken as it is (its error is of
		// the order of the decrement squared) and the fit stops. Before, only a step below
		// 1e-10 in (a, b) stopped it, which that rounding may never allow: the acceptance test
		// then flipped at random and the fit ran on to its 100 steps, each ending in a line
		// search of some 30 halvings (4,000 points: 32 steps and 261 passes over the points
		// where 6 do; BenchmarkPlatt).
		if (g0*da+g1*db)/2 < 1e-10*max(1, math.Abs(cur)) {
			a, b = a-da, b-db
			break
		}
		step := 1.0
		for ; step > 1e-10; step /= 2 {
			if nl := loss(a-step*da, b-step*db); nl <= cur+1e-12 {
				a, b, cur = a-step*da, b-step*db, nl
				break
			}
		}
		if step <= 1e-10 || math.Abs(da)+math.Abs(db) < 1e-10 {
			break
		}
	}
	return a, b, finite(a) && finite(b)
}

// ridge is the penalty on the multinomial slopes per point, up to ridgePoints points (ridgeAt):
// it keeps the fit finite for separable classes. Beyond ridgePoints it stays at its value
// there, a prior that the points then outweigh: a penalty growing with the points took a fifth
// of the slopes of confident decisions off however many points there were (letter's log-loss
// 0.229 against 0.134; docs/ALGORITHMS.md, section 9).
const (
	ridge       = 1e-3
	ridgePoints = 300
)

// ridgeAt returns the penalty on the slopes of a fit on n points.
func ridgeAt(n int) float64 { return ridge * float64(min(n, ridgePoints)) }

// newtonWork bounds the work of one Newton step, N (C(K+1))^2 (the Hessian's entries times
// the points; its upper triangle, which is assembled, is about half of them): beyond it
// (letter: 16,000 points, 26 classes, 26 outputs) the fit uses L-BFGS, which needs only
// gradients, O(N C (K+1)) each.
const newtonWork = 2e8

// newtonParams bounds the parameters C(K+1) of a Newton fit: beyond, the Hessian and its
// factorisation cost far more than L-BFGS's gradients, which reach the same minimum (20
// classes of 15 training points: 70 % of a fit in Newton steps, 0.48 -> 0.15 s a fit).
const newtonParams = 200

// Newton reports whether a several-class fit of n points, C classes and k decision columns
// uses Newton's method (its Hessian's cost, n (C (k+1))^2, at most newtonWork, and its
// parameters C (k+1) at most newtonParams), not L-BFGS.
func Newton(n, C, k int) bool {
	return float64(n)*float64(C*(k+1))*float64(C*(k+1)) <= newtonWork && C*(k+1) <= newtonParams
}

// multinomial fits softmax(B + A f) by Newton's method with a backtracking line search, or by
// L-BFGS when the Hessian would be costly; both minimise the same strictly convex loss, from
// the parameters start (per class: intercept, then slopes) or, if start is nil, from zero.
func multinomial(F [][]float64, class []int, C int, start []float64) ([][]float64, []float64, bool) {
	if Newton(len(F), C, len(F[0])) {
		pr := newProblem(F, class, C)
		theta := multinomialNewton(pr, start)
		if theta == nil {
			return nil, nil, false
		}
		return unpack(theta, C, pr.p)
	}
	// L-BFGS on the decisions less their means: the same loss, as the ridge is on the slopes
	// alone and the intercepts take up the shift, but far better conditioned (the decisions of
	// one against the rest sit near -1, which ties every intercept to its slopes): letter's
	// map took 231 iterations, now 67.
	G, mu := centred(F)
	if start != nil {
		start = shiftIntercepts(slices.Clone(start), mu, C, 1)
	}
	pr := newProblem(G, class, C)
	theta, ok := multinomialLBFGS(pr, start)
	if !ok {
		return nil, nil, false
	}
	return unpack(shiftIntercepts(theta, mu, C, -1), C, pr.p)
}

// centred returns the rows of F less the mean row mu, and mu.
func centred(F [][]float64) (G [][]float64, mu []float64) {
	k := len(F[0])
	mu = make([]float64, k)
	for _, f := range F {
		floats.Add(mu, f)
	}
	floats.Scale(1/float64(len(F)), mu)
	G = make([][]float64, len(F))
	flat := make([]float64, len(F)*k)
	for i, f := range F {
		G[i] = flat[i*k : (i+1)*k : (i+1)*k]
		floats.SubTo(G[i], f, mu)
	}
	return G, mu
}

// shiftIntercepts moves the packed parameters theta (per class: intercept, then slopes) between
// decisions f and centred ones f - mu: sign 1 adds A_c mu to each intercept B_c (the map on
// f - mu that equals the map on f), -1 subtracts it (back). It returns theta.
func shiftIntercepts(theta, mu []float64, C int, sign float64) []float64 {
	p := len(mu) + 1
	for c := range C {
		theta[c*p] += sign * floats.Dot(theta[c*p+1:c*p+p], mu)
	}
	return theta
}

// problem is a multinomial fit's data in the form the matrix products want: the rows x_i =
// (1, f_i) of the decision values (N x p, p = K + 1), their sums over each class's points
// (C x p) and, after loss, every point's class probabilities (N x C).
type problem struct {
	n, p, C int
	x       blas64.General
	class   []int
	tx      []float64 // tx[c p + j] = sum of x_ij over the points of class c
	prob    blas64.General
	q, pt   []float64 // the Hessian's scratch (hessian)
	xt      []float64 // the rows x_i transposed, for the Hessian
	dots    []float64 // a row of its products
}

func newProblem(F [][]float64, class []int, C int) *problem {
	n, p := len(F), len(F[0])+1
	pr := &problem{n: n, p: p, C: C, class: class,
		x:    blas64.General{Rows: n, Cols: p, Stride: p, Data: make([]float64, n*p)},
		prob: blas64.General{Rows: n, Cols: C, Stride: C, Data: make([]float64, n*C)}}
	pr.tx = make([]float64, C*p)
	for i, f := range F {
		x := pr.x.Data[i*p : (i+1)*p]
		x[0] = 1
		copy(x[1:], f)
		for j, v := range x {
			pr.tx[class[i]*p+j] += v
		}
	}
	return pr
}

// params views th (per class: intercept, then slopes) as the C x p matrix Theta.
func (pr *problem) params(th []float64) blas64.General {
	return blas64.General{Rows: pr.C, Cols: pr.p, Stride: pr.p, Data: th}
}

// loss returns the penalised negative log-likelihood of parameters th, leaving the class
// probabilities softmax(Theta x_i) in pr.prob, and, if grad is not nil, writes its gradient
// there (gradient).
func (pr *problem) loss(th, grad []float64) float64 {
	C := pr.C
	vecmath.Gemm(blas.NoTrans, blas.Trans, 1, pr.x, pr.params(th), 0, pr.prob) // the logits
	var l float64
	for i, c := range pr.class {
		row := pr.prob.Data[i*C : (i+1)*C]
		toProbabilities(row)
		l -= math.Log(max(row[c], 1e-300))
	}
	lam := ridgeAt(pr.n)
	for c := range C {
		for _, v := range th[c*pr.p+1 : (c+1)*pr.p] {
			l += 0.5 * lam * v * v
		}
	}
	if grad != nil {
		pr.gradient(th, grad)
	}
	return l
}

// toProbabilities maps the logits row to softmax probabilities in place, without overflow
// where one logit is far above the others.
func toProbabilities(row []float64) {
	top := slices.Max(row)
	var s float64
	for k, v := range row {
		row[k] = math.Exp(v - top)
		s += row[k]
	}
	for k := range row {
		row[k] /= s
	}
}

// gradient writes the loss's gradient at th into grad, from the probabilities the last call
// of loss (at th) left: per class c, sum_i prob_ic x_i less the sum of x_i over the class's
// points, plus the ridge's share.
func (pr *problem) gradient(th, grad []float64) {
	vecmath.Gemm(blas.Trans, blas.NoTrans, 1, pr.prob, pr.x, 0, pr.params(grad))
	lam := ridgeAt(pr.n)
	for r := range grad {
		grad[r] -= pr.tx[r]
		if r%pr.p != 0 {
			grad[r] += lam * th[r]
		}
	}
}

// multinomialLBFGS minimises the loss of multinomialNewton by L-BFGS from start (zero if nil).
func multinomialLBFGS(pr *problem, start []float64) ([]float64, bool) {
	prob := smooth.Problem(pr.loss, nil)
	settings := &optimize.Settings{
		GradientThreshold: 1e-6 * float64(pr.n),
		MajorIterations:   5000,
	}
	x0 := make([]float64, pr.C*pr.p)
	if start != nil {
		copy(x0, start)
	}
	res, err := optimize.Minimize(prob, x0, settings, &optimize.LBFGS{Store: 20})
	if res == nil || (err != nil && res.Status != optimize.GradientThreshold) {
		return nil, false
	}
	return res.X, true
}

// hessianRows is the number of points whose terms of the Hessian one pass adds.
const hessianRows = 512

// hessian sets the upper triangle of h to the Hessian of the loss (less the ridge), by blocks
// of two classes c <= d: the block (c, d) is sum_i w_i x_i x_i', with w_i = prob_ic (1 -
// prob_ic) on the diagonal (c = d) and -prob_ic prob_id off it (the products of prob_ic prob_id,
// subtracted: the same numbers, as a negation is exact), a symmetric p x p matrix of
// which only the upper triangle is computed (and mirrored off the diagonal). That is
// C (C+1) / 2 weighted Gram matrices of p x p, (C+1) / 2C of the products of (C p)^2. Over
// blocks of hessianRows points, each entry is a dot product over the block's points of two
// columns held contiguously (the weighted x_j's, and the rows x_i's, transposed once for all
// the Hessians: pr.xt), four entries a pass (vecmath.MulRows, in SIMD): on the small maps of
// the class map (tens of parameters) a rank-k update's short rows cost several times as much.
func (pr *problem) hessian(h blas64.Symmetric) {
	n, p, C := pr.n, pr.p, pr.C
	np := C * p
	if pr.q == nil {
		pr.q, pr.pt, pr.dots = make([]float64, hessianRows*p), make([]float64, hessianRows*(C+1)), make([]float64, p)
		pr.xt = make([]float64, p*n) // xt[j n + i] = x_ij
		for i := range n {
			for j, v := range pr.x.Data[i*p : (i+1)*p] {
				pr.xt[j*n+i] = v
			}
		}
	}
	for r := range np {
		clear(h.Data[r*h.Stride+r : r*h.Stride+np])
	}
	for lo := 0; lo < n; lo += hessianRows {
		rows := min(hessianRows, n-lo)
		pt := pr.pt[:C*rows] // pt[c rows + v] = prob_vc
		w := pr.pt[C*rows : (C+1)*rows]
		for v := range rows {
			for c, pc := range pr.prob.Data[(lo+v)*C : (lo+v+1)*C] {
				pt[c*rows+v] = pc
			}
		}
		qt, dots := pr.q[:p*rows], pr.dots
		for c := range C {
			pc := pt[c*rows : (c+1)*rows]
			for d := c; d < C; d++ {
				// Off the diagonal the weights are p_vc p_vd, and the block is subtracted.
				sign := -1.0
				if d == c {
					sign = 1
					for v, a := range pc {
						w[v] = a * (1 - a)
					}
				} else {
					vecmath.MulElems(w, pc, pt[d*rows:(d+1)*rows])
				}
				for j := range p { // qt[j rows + v] = w_v x_vj
					vecmath.MulElems(qt[j*rows:(j+1)*rows], w, pr.xt[j*n+lo:j*n+lo+rows])
				}
				for j := range p {
					vecmath.MulRows(pr.xt[j*n+lo:], n, rows, qt[j*rows:(j+1)*rows], dots[:p-j]) // x_l . q_j, l >= j
					row := h.Data[(c*p+j)*h.Stride:]
					for l, dl := range dots[:p-j] {
						dl *= sign
						row[d*p+j+l] += dl
						if d != c && l > 0 { // the block's lower triangle, (c, j+l) x (d, j)
							h.Data[(c*p+j+l)*h.Stride+d*p+j] += dl
						}
					}
				}
			}
		}
	}
}

// multinomialNewton fits by Newton's method with a backtracking line search from start (zero
// if nil); nil if the Hessian is singular. After each full step the gain the next would bring
// is foreseen with the factor at hand, half of g'H^-1 g (the Newton decrement): where it is below
// 1e-10 of the loss, within the rounding of the loss's sum, the step with that factor is taken
// as it is and the fit ends, without the Hessian at the new point (of some five to ten a fit,
// the last one) that the step would otherwise cost.
func multinomialNewton(pr *problem, start []float64) []float64 {
	n, p, C := pr.n, pr.p, pr.C
	np := C * p
	theta := make([]float64, np)
	if start != nil {
		copy(theta, start)
	}
	g := make([]float64, np)
	hs := blas64.Symmetric{Uplo: blas.Upper, N: np, Stride: np, Data: make([]float64, np*np)}
	u := blas64.Triangular{Uplo: blas.Upper, Diag: blas.NonUnit, N: np, Stride: hs.Stride, Data: hs.Data}
	next, d := make([]float64, np), make([]float64, np)
	// direction sets d = H^-1 g by the Cholesky factor H = U'U in hs, and returns g'd / 2.
	direction := func() float64 {
		copy(d, g)
		dv := blas64.Vector{N: np, Inc: 1, Data: d}
		blas64.Trsv(blas.Trans, u, dv)
		blas64.Trsv(blas.NoTrans, u, dv)
		return vecmath.Dot(g, d) / 2
	}
	cur := pr.loss(theta, g)
	for range 50 {
		pr.hessian(hs)
		addPenalty(hs, C, p, n)
		// The Cholesky factor, computed in place (the Hessian is rebuilt at every step),
		// without mat.Cholesky's condition estimate: the ridge bounds the condition far below
		// where it would matter.
		if _, ok := lapack64.Potrf(hs); !ok {
			return nil
		}
		direction()
		step := 1.0
		for ; step > 1e-10; step /= 2 {
			for r := range next {
				next[r] = theta[r] - step*d[r]
			}
			if nl := pr.loss(next, nil); nl <= cur+1e-12 {
				copy(theta, next)
				improved := cur - nl
				cur = nl
				if improved < 1e-10*max(1, cur) {
					step = 0
				}
				break
			}
		}
		if step <= 1e-10 {
			break
		}
		pr.gradient(theta, g) // (the probabilities are those of the step taken)
		// Only after a full step: one the line search shortened may have gone where the
		// Hessian is far from the factor's, and the foreseen gain then says little.
		if step == 1 && direction() < 1e-10*max(1, cur) {
			for r, v := range d {
				theta[r] -= v
			}
			break
		}
	}
	return theta
}

// unpack splits the parameters into A and B, false if any is not finite.
func unpack(theta []float64, C, p int) ([][]float64, []float64, bool) {
	A := make([][]float64, C)
	B := make([]float64, C)
	for c := range C {
		B[c] = theta[c*p]
		A[c] = append([]float64(nil), theta[c*p+1:c*p+p]...)
		for _, v := range A[c] {
			if !finite(v) {
				return nil, nil, false
			}
		}
		if !finite(B[c]) {
			return nil, nil, false
		}
	}
	return A, B, true
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func softplus(x float64) float64 {
	if x > 30 {
		return x
	}
	return math.Log1p(math.Exp(x))
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// LogLoss returns the mean negative log-probability of the true classes; probabilities are
// clipped at 1e-15 so that one confident mistake gives a large, finite loss.
func LogLoss(P [][]float64, class []int) float64 {
	var l float64
	for i, p := range P {
		l -= math.Log(max(p[class[i]], 1e-15))
	}
	return l / float64(len(P))
}

// LogitLoss returns the mean log-loss of softmax probabilities given by their logits (the
// mean of LogitLosses).
func LogitLoss(logits [][]float64, class []int) float64 {
	var s float64
	for _, v := range LogitLosses(logits, class) {
		s += v
	}
	return s / float64(len(logits))
}

// LogitLosses returns every point's log-loss under softmax probabilities given by its logits,
// -log softmax(l_i)[class_i], computed without forming the probabilities (a logit far above
// the others does not overflow).
func LogitLosses(logits [][]float64, class []int) []float64 {
	out := make([]float64, len(logits))
	for i, l := range logits {
		top := slices.Max(l)
		var z float64
		for _, v := range l {
			z += math.Exp(v - top)
		}
		out[i] = top + math.Log(z) - l[class[i]]
	}
	return out
}

// Brier returns the mean over points of sum_c (p_c - [c is the true class])^2.
func Brier(P [][]float64, class []int) float64 {
	var s float64
	for i, p := range P {
		for c, v := range p {
			t := 0.0
			if c == class[i] {
				t = 1
			}
			s += (v - t) * (v - t)
		}
	}
	return s / float64(len(P))
}

// LogitBrier returns the Brier score (Brier) of softmax probabilities given by their logits,
// computed without overflow where one logit is far above the others.
func LogitBrier(logits [][]float64, class []int) float64 {
	var s float64
	var p []float64
	for i, l := range logits {
		p = append(p[:0], l...)
		toProbabilities(p)
		for c, v := range p {
			if c == class[i] {
				v--
			}
			s += v * v
		}
	}
	return s / float64(len(logits))
}

// Bin is one row of a reliability table: the points whose predicted probability (of the
// predicted class) fell in [Lo, Hi), their number, their mean predicted probability and the
// fraction of them that were right.
type Bin struct {
	Lo, Hi     float64
	Count      int
	Confidence float64
	Accuracy   float64
}

// Reliability returns a reliability table of bins equal-width bins of the confidence (the
// probability of the predicted class).
func Reliability(P [][]float64, class []int, bins int) []Bin {
	out := make([]Bin, bins)
	for b := range out {
		out[b].Lo, out[b].Hi = float64(b)/float64(bins), float64(b+1)/float64(bins)
	}
	for i, p := range P {
		pred := 0
		for c, v := range p {
			if v > p[pred] {
				pred = c
			}
		}
		b := min(int(p[pred]*float64(bins)), bins-1)
		out[b].Count++
		out[b].Confidence += p[pred]
		if pred == class[i] {
			out[b].Accuracy++
		}
	}
	for b := range out {
		if out[b].Count > 0 {
			out[b].Confidence /= float64(out[b].Count)
			out[b].Accuracy /= float64(out[b].Count)
		}
	}
	return out
}

// LOOLogits returns every point's approximate leave-one-out logits under a multinomial map
// A, B (Fit's or FitFrom's, several classes, fitted on all of F): one Newton step from the fit
// towards the fit without the point (Rad and Maleki 2020, "A scalable estimate of the
// out-of-sample prediction error via approximate leave-one-out"),
//
//	l_-i = l_i + K_i (I - W_i K_i)^-1 (p_i - e_{y_i}),   K_i = X_i H^-1 X_i',
//
// with H the penalised loss's Hessian at the fit, W_i = diag(p_i) - p_i p_i' its share of
// point i, and X_i the map from the parameters to point i's logits (the Sherman-Morrison-Woodbury
// form of X_i (H - X_i' W_i X_i)^-1 X_i'). It costs about two Newton steps, where refits
// without each group cost five fits. ok is false if H or a point's C x C system is singular.
func LOOLogits(F [][]float64, class []int, C int, A [][]float64, B []float64) ([][]float64, bool) {
	pr := newProblem(F, class, C)
	p, n := pr.p, pr.n
	np := C * p
	pr.loss(pack(A, B, p), nil) // the probabilities at the fit
	hs := blas64.Symmetric{Uplo: blas.Upper, N: np, Stride: np, Data: make([]float64, np*np)}
	pr.hessian(hs)
	addPenalty(hs, C, p, n)
	if _, ok := lapack64.Potrf(hs); !ok {
		return nil, false
	}
	if _, ok := lapack64.Potri(blas64.Triangular{Uplo: blas.Upper, Diag: blas.NonUnit, N: np, Stride: np, Data: hs.Data}); !ok {
		return nil, false
	}
	hi := hs.Data // H^-1, its upper triangle mirrored so that hi[r np + s] holds every entry
	for r := range np {
		for s := r + 1; s < np; s++ {
			hi[s*np+r] = hi[r*np+s]
		}
	}
	logits := make([][]float64, n)
	u := make([]float64, np*C)                         // u[d np + r] = -(H^-1 X_i')[r][d]
	K, M := make([]float64, C*C), make([]float64, C*C) // row-major C x C
	ipiv := make([]int, C)
	for i := range n {
		x := pr.x.Data[i*p : (i+1)*p]
		prob := pr.prob.Data[i*C : (i+1)*C]
		// -u, column d: the rows d p + j of H^-1 (symmetric) times x_j subtracted in order j,
		// which is -(sum_j hi[row][d p + j] x_j) summed in that order, exactly.
		clear(u)
		for d := range C {
			vecmath.SubMulTrans(hi[d*p*np:], np, x, u[d*np:(d+1)*np])
		}
		for c := range C {
			for d := range C {
				var s float64
				for j, xj := range x {
					s += xj * u[d*np+c*p+j]
				}
				K[c*C+d] = -s
			}
		}
		// M = I - W K, W = diag(p) - p p'.
		for c := range C {
			for d := range C {
				var wk float64
				for e := range C {
					w := -prob[c] * prob[e]
					if c == e {
						w += prob[c]
					}
					wk += w * K[e*C+d]
				}
				M[c*C+d] = boolFloat(c == d) - wk
			}
		}
		res := make([]float64, C)
		for c := range C {
			res[c] = prob[c] - boolFloat(c == class[i])
		}
		mg := blas64.General{Rows: C, Cols: C, Stride: C, Data: M}
		if !lapack64.Getrf(mg, ipiv) {
			return nil, false
		}
		lapack64.Getrs(blas.NoTrans, mg, blas64.General{Rows: C, Cols: 1, Stride: 1, Data: res}, ipiv)
		l := rowLogits(A, B, F[i])
		for c := range C {
			l[c] += kernel.Dot(K[c*C:(c+1)*C], res)
		}
		logits[i] = l
	}
	return logits, true
}

// addPenalty adds the fit's penalty to the upper triangle of the likelihood's Hessian h of C
// classes of p parameters each (intercept first) on n points: the ridge on the slopes, and
// 1e-9 n on the intercepts, which are defined up to a constant.
func addPenalty(h blas64.Symmetric, C, p, n int) {
	lam := ridgeAt(n)
	for c := range C {
		h.Data[c*p*h.Stride+c*p] += 1e-9 * float64(n)
		for j := 1; j < p; j++ {
			r := c*p + j
			h.Data[r*h.Stride+r] += lam
		}
	}
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
