package ofs

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/optimize"

	"github.com/sparsekernel/sparsekernel/internal/smooth"
)

// costGrad returns the stage cost of node u = (mu, log v), the regularised LOO MSE of the
// model with the node added (as cost), and writes its gradient with respect to u into grad.
// With p the node's orthogonalised column, c = 1/(p'p + lambda), theta = c p'y, a_k = e_k -
// theta p_k, b_k = eta_k - c p_k^2 and r_k = a_k/b_k, the cost is (1/N) sum r_k^2; its
// gradient in p (docs/ALGORITHMS.md, section 5) is
//
//	G_k = w_k (2 c r_k p_k - theta) - A c y_k + 2 c (A theta - B c) p_k,
//
// w_k = 2 r_k/(N b_k), A = sum w_k p_k, B = sum w_k r_k p_k^2; the column map g -> p is the
// orthogonal projection (I - P), so the gradient in g is (I - P) G, and in u it follows from
// dg_k/dmu = g_k (x_k - mu)/v and dg_k/dlog v = g_k ||x_k - mu||^2/(2 v).
func (c *tunedCost) costGrad(u, grad []float64) float64 {
	m, n := c.m, len(c.g)
	if len(c.raw) != n {
		c.raw, c.q, c.w, c.r, c.G = make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	}
	mu, v := u[:m], math.Exp(u[m])
	gg := c.fill(u, c.q)
	copy(c.raw, c.g)
	clear(grad)
	if gg == 0 {
		return math.Inf(1)
	}
	pp, py := c.s.Orthogonalise(c.g, c.alpha)
	if pp < DependenceTol*gg {
		return math.Inf(1)
	}
	s := c.s
	cc := 1 / (pp + c.lambda)
	theta := py * cc
	var loss, A, B float64
	for k, p := range c.g {
		b := s.eta[k] - p*p*cc
		clamped := b < etaMin
		b = max(b, etaMin)
		r := (s.e[k] - theta*p) / b
		loss += r * r
		w := 2 * r / (float64(n) * b)
		A += w * p
		if clamped {
			c.r[k] = 0 // b does not move with p here
		} else {
			c.r[k] = r
			B += w * r * p * p
		}
		c.w[k] = w
	}
	for k, p := range c.g {
		c.G[k] = c.w[k]*(2*cc*c.r[k]*p-theta) - A*cc*s.y[k] + 2*cc*(A*theta-B*cc)*p
	}
	c.s.Orthogonalise(c.G, c.alpha)
	for k, gk := range c.G {
		f := gk * c.raw[k] / v
		if f == 0 {
			continue
		}
		row := c.x[k*m : k*m+m]
		for j, x := range row {
			grad[j] += f * (x - mu[j])
		}
		grad[m] += f * c.q[k] / 2
	}
	return loss / float64(n)
}

// refine improves node u by L-BFGS on the stage cost, at most iters iterations, and returns
// the better of u and the refined node, kept inside [lower, upper], with the number of cost
// evaluations.
func (c *tunedCost) refine(u, lower, upper []float64, iters int) ([]float64, int) {
	grad := make([]float64, len(u))
	best, bestF := slices.Clone(u), c.costGrad(u, grad)
	if iters <= 0 || math.IsInf(bestF, 1) {
		return best, 1
	}
	evals := 1
	// gonum's tolerances are absolute: the cost is divided by the targets' mean square (1 for
	// class codes), so that the refinement does not depend on the targets' unit.
	unit := dot(c.s.y, c.s.y) / float64(len(c.s.y))
	if !(unit > 0) {
		unit = 1
	}
	prob := smooth.Problem(func(x, grad []float64) float64 {
		f := c.costGrad(x, grad)
		for j := range grad {
			grad[j] /= unit
		}
		return f / unit
	}, &evals)
	res, _ := optimize.Minimize(prob, slices.Clone(u), &optimize.Settings{MajorIterations: iters}, &optimize.LBFGS{})
	if res == nil {
		return best, evals
	}
	x := slices.Clone(res.X)
	for j := range x {
		x[j] = min(max(x[j], lower[j]), upper[j])
	}
	if f := c.costGrad(x, grad); f < bestF {
		best = x
	}
	return best, evals + 1
}
