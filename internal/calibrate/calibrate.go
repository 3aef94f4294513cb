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

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"

	"github.com/sparsekernel/sparsekernel/internal/smooth"
	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/model"
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

// CrossLabels labels every point of F by the arg max of a multinomial map (Fit's, K > 1 or
// C > 2) fitted without it: the points of each class are dealt into groups in turn (the j-th
// point of a class to group j mod groups, so every group has its share of every class, however
// the points are ordered) and each group is labelled by the map fitted on the others, started
// from A, B (the map fitted on all points, so that a few steps suffice). The groups' fits run
// on up to workers goroutines; the labels do not depend on their number. ok is false if a fit
// failed.
func CrossLabels(F [][]float64, class []int, C, groups, workers int, A [][]float64, B []float64) (labels []int, ok bool) {
	n, p := len(F), len(F[0])+1
	start := make([]float64, C*p)
	for c := range C {
		start[c*p] = B[c]
		copy(start[c*p+1:c*p+p], A[c])
	}
	group, seen := make([]int, n), make([]int, C)
	for i, c := range class {
		group[i] = seen[c] % groups
		seen[c]++
	}
	labels = make([]int, n)
	failed := make([]bool, groups)
	next := make(chan int, groups)
	for g := range groups {
		next <- g
	}
	close(next)
	var wg sync.WaitGroup
	for range max(1, min(workers, groups)) {
		wg.Go(func() {
			logits := make([]float64, C)
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
					labels[i] = label(logits, Ag, Bg, F[i])
				}
			}
		})
	}
	wg.Wait()
	if slices.Contains(failed, true) {
		return nil, false
	}
	return labels, true
}

// label returns the class of largest logit B + A f, using l (length C) as scratch.
func label(l []float64, A [][]float64, B, f []float64) int {
	for c := range l {
		l[c] = B[c] + kernel.Dot(A[c], f)
	}
	return model.Class(l)
}

// platt fits p = 1/(1+exp(-(a f + b))) to the smoothed targets.
func platt(F [][]float64, class []int) (a, b float64, ok bool) {
	var npos, nneg float64
	for _, c := range class {
		if c == 1 {
			npos++
		} else {
			nneg++
		}
	}
	hi, lo := (npos+1)/(npos+2), 1/(nneg+2)
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

// ridge is the penalty on the multinomial slopes, per point: it keeps the fit finite for
// separable classes.
const ridge = 1e-3

// newtonWork bounds the work of one Newton step, N (C(K+1))^2 (the Hessian's entries times
// the points; its upper triangle, which is assembled, is about half of them): beyond it
// (letter: 16,000 points, 26 classes, 26 outputs) the fit uses L-BFGS, which needs only
// gradients, O(N C (K+1)) each.
const newtonWork = 2e8

// multinomial fits softmax(B + A f) by Newton's method with a backtracking line search, or by
// L-BFGS when the Hessian would be costly; both minimise the same strictly convex loss, from
// the parameters start (per class: intercept, then slopes) or, if start is nil, from zero.
func multinomial(F [][]float64, class []int, C int, start []float64) ([][]float64, []float64, bool) {
	n, k := len(F), len(F[0])
	p := k + 1 // parameters per class: intercept, slopes
	np := C * p
	var theta []float64
	if float64(n)*float64(np)*float64(np) > newtonWork {
		var ok bool
		if theta, ok = multinomialLBFGS(F, class, C, start); !ok {
			return nil, nil, false
		}
	} else if theta = multinomialNewton(F, class, C, start); theta == nil {
		return nil, nil, false
	}
	return unpack(theta, C, p)
}

// multinomialLoss returns the penalised negative log-likelihood of parameters th and, if grad
// is not nil, writes its gradient there.
func multinomialLoss(th, grad []float64, F [][]float64, class []int, C int, probs []float64) float64 {
	p := len(F[0]) + 1
	lam := ridge * float64(len(F))
	if grad != nil {
		clear(grad)
	}
	var l float64
	for i, f := range F {
		softmax(probs, th, f, C, p)
		l -= math.Log(max(probs[class[i]], 1e-300))
		if grad == nil {
			continue
		}
		for c := range C {
			d := probs[c]
			if class[i] == c {
				d--
			}
			g := grad[c*p : c*p+p]
			g[0] += d
			for j, v := range f {
				g[1+j] += d * v
			}
		}
	}
	for c := range C {
		for j := 1; j < p; j++ {
			r := c*p + j
			l += 0.5 * lam * th[r] * th[r]
			if grad != nil {
				grad[r] += lam * th[r]
			}
		}
	}
	return l
}

// multinomialLBFGS minimises the loss of multinomialNewton by L-BFGS from start (zero if nil).
func multinomialLBFGS(F [][]float64, class []int, C int, start []float64) ([]float64, bool) {
	n, np := len(F), C*(len(F[0])+1)
	probs := make([]float64, C)
	prob := smooth.Problem(func(th, grad []float64) float64 {
		return multinomialLoss(th, grad, F, class, C, probs)
	}, nil)
	settings := &optimize.Settings{
		GradientThreshold: 1e-6 * float64(n),
		MajorIterations:   5000,
	}
	x0 := make([]float64, np)
	if start != nil {
		copy(x0, start)
	}
	res, err := optimize.Minimize(prob, x0, settings, &optimize.LBFGS{Store: 20})
	if res == nil || (err != nil && res.Status != optimize.GradientThreshold) {
		return nil, false
	}
	return res.X, true
}

// multinomialNewton fits by Newton's method with a backtracking line search from start (zero
// if nil); nil if the Hessian is singular.
func multinomialNewton(F [][]float64, class []int, C int, start []float64) []float64 {
	n, k := len(F), len(F[0])
	p := k + 1 // parameters per class: intercept, slopes
	np := C * p
	theta := make([]float64, np)
	if start != nil {
		copy(theta, start)
	}
	lam := ridge * float64(n)
	probs := make([]float64, C)
	loss := func(th []float64) float64 { return multinomialLoss(th, nil, F, class, C, probs) }
	cur := loss(theta)
	g := make([]float64, np)
	H := mat.NewSymDense(np, nil)
	x := make([]float64, p)
	for range 50 {
		clear(g)
		H.Zero()
		hd := H.RawSymmetric().Data
		for i, f := range F {
			softmax(probs, theta, f, C, p)
			x[0] = 1
			copy(x[1:], f)
			for c := range C {
				t := 0.0
				if class[i] == c {
					t = 1
				}
				for j := range p {
					g[c*p+j] += (probs[c] - t) * x[j]
				}
				for d := c; d < C; d++ {
					w := -probs[c] * probs[d]
					if c == d {
						w += probs[c]
					}
					for j := range p {
						// The upper triangle: row c p + j, columns from d p + j on the
						// diagonal block, all of block (c, d) above it.
						l0 := 0
						if c == d {
							l0 = j
						}
						wx := w * x[j]
						row := hd[(c*p+j)*np+d*p : (c*p+j)*np+d*p+p]
						for l := l0; l < p; l++ {
							row[l] += wx * x[l]
						}
					}
				}
			}
		}
		for c := range C {
			hd[c*p*np+c*p] += 1e-9 * float64(n) // the intercepts are defined up to a constant
			for j := 1; j < p; j++ {
				r := c*p + j
				g[r] += lam * theta[r]
				hd[r*np+r] += lam
			}
		}
		var ch mat.Cholesky
		if !ch.Factorize(H) {
			return nil
		}
		var d mat.VecDense
		if err := ch.SolveVecTo(&d, mat.NewVecDense(np, g)); err != nil {
			return nil
		}
		step := 1.0
		next := make([]float64, np)
		for ; step > 1e-10; step /= 2 {
			for r := range next {
				next[r] = theta[r] - step*d.AtVec(r)
			}
			if nl := loss(next); nl <= cur+1e-12 {
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

// softmax writes the class probabilities of decision values f under parameters th (per class:
// intercept, then slopes) into out and returns it.
func softmax(out, th, f []float64, C, p int) []float64 {
	top := math.Inf(-1)
	for c := range C {
		l := th[c*p]
		for j, v := range f {
			l += th[c*p+1+j] * v
		}
		out[c] = l
		top = max(top, l)
	}
	var s float64
	for c := range C {
		out[c] = math.Exp(out[c] - top)
		s += out[c]
	}
	for c := range C {
		out[c] /= s
	}
	return out
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
