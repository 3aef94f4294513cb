package ofs

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/optimize"

	"github.com/sparsekernel/sparsekernel/internal/paired"
	"github.com/sparsekernel/sparsekernel/internal/smooth"
	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// Joint refinement of a selected model (docs/ALGORITHMS.md, section 4.11). Forward selection
// places each Gaussian node on a candidate (a training point or a prototype) at the one width
// of its configuration, and never moves it again. Here the centres and the log variances of
// all the model's Gaussian nodes move at once, by L-BFGS on the ridge-regularised squared
// error of the K outputs,
//
//	J(u) = min_W ||Phi(u) W - Y||^2 + lambda ||W_nodes||^2,
//
// whose weights W (bias unpenalised, linear nodes fixed columns) are the exact ridge solution
// for the current nodes (variable projection: at that W the derivative of J through W
// vanishes, so dJ/dPhi = 2 (Phi W - Y) W'). With the residuals E (K x N), H_ci = 2 (W_c' E)_i
// Phi_ci for Gaussian node c of centre mu_c and variance v_c = exp(l_c),
//
//	dJ/dmu_c = sum_i H_ci (z_i - mu_c) / v_c,     dJ/dl_c = sum_i H_ci ||z_i - mu_c||^2 / (2 v_c).
//
// How many iterations (none included) is chosen by the held-out decisions of the folds'
// models refined the same way (Auto.Fit).

// jointIters are the iteration counts at which the folds' refined models are measured on their
// held-out points; the count is chosen among them and none.
var jointIters = []int{5, 10, 20, 40}

// jointBudget bounds the multiply-adds of one fold's refinement to the last of jointIters,
// taken as jointRun evaluations of N (M^2 + 3 M m + 2 M K) multiply-adds for M nodes (an
// iteration costs about 1.2): beyond it the refinement is left out. A satellite fold (3,548
// points, 36 inputs, 197 nodes, 6 classes) needs 1.1e10, one of 4,800 points, 20 inputs and
// 495 nodes for 20 classes 6.8e10, letter's (12,800 points, 600 nodes, 26 classes) 2.6e11.
const (
	jointBudget = 1e11
	jointRun    = 48
)

// joint is the refinement problem on one set of points.
type joint struct {
	n, m, k, ng, rows int // points, inputs, outputs, Gaussian nodes, design rows (1 + ng + fixed)
	points                // the training points
	y                 []float64
	lambda, unit      float64
	workers           int
	phi, d2           []float64 // rows x N design (row 0 the bias, then the Gaussians, then fixed); ng x N distances
	a, w, e, h, gc    []float64
	coef              []float64 // scratch: one column of the weights, negated
	zt                []float64 // m x N: the points by input
}

// newJoint returns the refinement of ng Gaussian nodes on points Z (N x m, in the kernel's
// input space) for the targets Y (K x N), with the fixed columns (each N values) beside them
// and ridge lambda on every weight but the bias.
func newJoint(Z, Y, fixed [][]float64, ng int, lambda float64, workers int) *joint {
	n, m := len(Z), len(Z[0])
	j := &joint{n: n, m: m, k: len(Y), ng: ng, rows: 1 + ng + len(fixed), points: newPoints(Z), y: flatten(Y), lambda: lambda, workers: workers}
	j.unit = dot(j.y, j.y)
	if !(j.unit > 0) {
		j.unit = 1
	}
	j.phi = make([]float64, j.rows*n)
	for i := range n {
		j.phi[i] = 1
	}
	for f, col := range fixed {
		copy(j.phi[(1+ng+f)*n:], col)
	}
	j.d2 = make([]float64, ng*n)
	j.a = make([]float64, j.rows*j.rows)
	j.w = make([]float64, j.rows*j.k)
	j.e = make([]float64, j.k*n)
	j.h = make([]float64, ng*n)
	j.gc = make([]float64, ng*m)
	j.coef = make([]float64, max(j.rows, j.k))
	j.zt = make([]float64, m*n) // the points by input
	for i, z := range Z {
		for d, v := range z {
			j.zt[d*n+i] = v
		}
	}
	return j
}

// jointCost is the multiply-adds of one evaluation for n points, m inputs, M nodes, K outputs.
func jointCost(n, m, nodes, k int) float64 {
	return float64(n) * (float64(nodes*nodes) + 3*float64(nodes*m) + 2*float64(nodes*k))
}

// gaussianRows fills rows 0..ng-1 of phi (ng x p.n) with the Gaussian nodes of u at the points
// p (m inputs), and d2 with the squared distances.
func gaussianRows(u []float64, p points, m, ng int, phi, d2 []float64) {
	sqDistances(u[:ng*m], p, m, ng, d2)
	n := p.n
	for c := range ng {
		vecmath.ExpScaled(phi[c*n:(c+1)*n], d2[c*n:(c+1)*n], -0.5*math.Exp(-u[ng*m+c]))
	}
}

// solve fills the design for nodes u and sets w to the ridge weights (rows x K); false if the
// regularised Gram matrix is not positive definite to rounding.
func (j *joint) solve(u []float64) bool {
	n := j.n
	gaussianRows(u, j.points, j.m, j.ng, j.phi[n:], j.d2)
	chunkedGram(j.phi, j.rows, n, j.a, j.workers)
	for r := 1; r < j.rows; r++ {
		j.a[r*j.rows+r] += j.lambda
	}
	j.a[0] += biasLambda
	for r := range j.rows {
		for k := range j.k {
			j.w[r*j.k+k] = vecmath.Dot(j.phi[r*n:(r+1)*n], j.y[k*n:(k+1)*n])
		}
	}
	f, ok := lapack64.Potrf(blas64.Symmetric{N: j.rows, Stride: j.rows, Data: j.a, Uplo: blas.Upper})
	if !ok {
		return false
	}
	lapack64.Potrs(f, blas64.General{Rows: j.rows, Cols: j.k, Stride: j.k, Data: j.w})
	return true
}

// costGrad returns J(u) / ||Y||^2 and writes its gradient into grad (+Inf if the weights
// cannot be solved for).
func (j *joint) costGrad(u, grad []float64) float64 {
	clear(grad)
	if !j.solve(u) {
		return math.Inf(1)
	}
	n, m, ng, K := j.n, j.m, j.ng, j.k
	// The products below are vecmath's (SubMulTrans, MulRows, as in the selection): y = 0 -
	// sum_j (-a_j) p_j is sum_j a_j p_j exactly. E = W' Phi:
	neg := j.coef[:j.rows]
	for k := range K {
		for r := range j.rows {
			neg[r] = -j.w[r*K+k]
		}
		ek := j.e[k*n : (k+1)*n]
		clear(ek)
		vecmath.SubMulTrans(j.phi, n, neg, ek)
	}
	var f float64
	for i, v := range j.e {
		d := v - j.y[i]
		j.e[i] = d
		f += d * d
	}
	for _, v := range j.w[K:] {
		f += j.lambda * v * v
	}
	// H = 2 W_g E, times the Gaussian columns entry by entry, and gc = H Z (by the rows of Z').
	g := j.phi[n:]
	neg = j.coef[:K]
	for c := range ng {
		for k := range K {
			neg[k] = -2 * j.w[(1+c)*K+k]
		}
		hc := j.h[c*n : (c+1)*n]
		clear(hc)
		vecmath.SubMulTrans(j.e, n, neg, hc)
		for i, v := range g[c*n : (c+1)*n] {
			hc[i] *= v
		}
	}
	vecmath.MulRowsBy(j.zt, n, n, m, j.h, n, ng, j.gc, m) // gc_c = Z' h_c, each row of Z' read once for four c
	for c := range ng {
		iv := math.Exp(-u[ng*m+c]) / j.unit
		hc := j.h[c*n : (c+1)*n]
		var sh float64
		for _, v := range hc {
			sh += v
		}
		mu := u[c*m : (c+1)*m]
		for d := range m {
			grad[c*m+d] = (j.gc[c*m+d] - sh*mu[d]) * iv
		}
		grad[ng*m+c] = 0.5 * dot(hc, j.d2[c*n:(c+1)*n]) * iv
	}
	return f / j.unit
}

// advance refines u by at most iters L-BFGS iterations and returns the nodes found (u itself
// if the optimiser failed). The levels of the refinement are reached by successive calls,
// each starting L-BFGS afresh.
func (j *joint) advance(u []float64, iters int) []float64 {
	prob := smooth.Problem(j.costGrad, nil)
	res, _ := optimize.Minimize(prob, slices.Clone(u), &optimize.Settings{MajorIterations: iters,
		Converger: &optimize.FunctionConverge{Absolute: 1e-10, Relative: 1e-10, Iterations: 20}}, &optimize.LBFGS{})
	if res == nil || math.IsInf(res.F, 0) || math.IsNaN(res.F) {
		return u
	}
	return res.X
}

// run refines u0 level by level (jointIters up to iters) and returns the nodes after iters
// iterations, as the folds reached them.
func (j *joint) run(u0 []float64, iters int) []float64 {
	u, done := u0, 0
	for _, t := range jointIters {
		if t > iters {
			break
		}
		u, done = j.advance(u, t-done), t
	}
	return u
}

// points are points in the kernel's input space as gaussianRows takes them: row-major, with
// their squared norms.
type points struct {
	z, zz []float64
	n     int
}

func newPoints(Z [][]float64) points { return pointsOver(Z, flatten(Z)) }

// pointsOver returns the points Z whose rows are flat's, end to end (read, never written).
func pointsOver(Z [][]float64, flat []float64) points {
	p := points{z: flat, zz: make([]float64, len(Z)), n: len(Z)}
	for i, z := range Z {
		p.zz[i] = dot(z, z)
	}
	return p
}

// decisions returns the decisions (K x p.n) at the points p of the model whose nodes are u and
// weights j.w (as the last solve left them), with fixed columns fixed at those points.
func (j *joint) decisions(u []float64, p points, fixed [][]float64) [][]float64 {
	r, m, ng := p.n, j.m, j.ng
	phi := make([]float64, ng*r)
	gaussianRows(u, p, m, ng, phi, make([]float64, ng*r))
	f := make([][]float64, j.k)
	for k := range f {
		f[k] = make([]float64, r)
		for i := range f[k] {
			f[k][i] = j.w[k]
		}
		for c := range ng {
			axpy(j.w[(1+c)*j.k+k], phi[c*r:(c+1)*r], f[k])
		}
		for x, col := range fixed {
			axpy(j.w[(1+ng+x)*j.k+k], col, f[k])
		}
	}
	return f
}

// jointStart returns the parameter vector of Gaussian nodes of the given centres, all of
// variance v.
func jointStart(centres [][]float64, v float64) []float64 {
	var u []float64
	for _, c := range centres {
		u = append(u, c...)
	}
	for range centres {
		u = append(u, math.Log(v))
	}
	return u
}

// jointNodes splits a parameter vector of ng nodes of m inputs into centres and variances.
func jointNodes(u []float64, ng, m int) (centres [][]float64, vars []float64) {
	for c := range ng {
		centres = append(centres, slices.Clone(u[c*m:(c+1)*m]))
		vars = append(vars, math.Exp(u[ng*m+c]))
	}
	return centres, vars
}

// jointFolds refines, on every fold's training part, the first size nodes of the fold's path
// of the chosen configuration (weighting w, width tau), level by level (jointIters), and
// measures the refined models on the held-out points after each level. point and wrong are
// the unrefined paths' per-point held-out losses and misclassifications at that size. It
// stops at the first level that does not lower the summed held-out loss or, for a
// classifier, whose misclassifications are not within SE paired standard errors of the
// fewest so far, and chooses among the levels run by jointPick. It returns 0 for none, or the
// iterations chosen and every point's out-of-fold decisions after them, with a note for the
// Chose line.
func (a *Auto) jointFolds(Z, Y [][]float64, class, folds []int, w Weighting, tau float64, size int,
	held []heldPath, reached []int, point, wrong []float64) (int, [][]float64, string) {
	n, m, K, nf := len(Z), len(Z[0]), len(Y), len(held)
	const none = ", not refined (the folds' held-out error did not support it)"
	if c := jointRun * jointCost(n-n/nf, m, size, K); c > jointBudget {
		return 0, nil, fmt.Sprintf(", not refined (too costly: %.2g multiply-adds a fold, beyond %.2g)", c, float64(jointBudget))
	}
	type fold struct {
		*foldModel
		j   *joint
		u   []float64
		pva points // the held-out points
	}
	fs := make([]*fold, nf)
	a.parallel("refinement", nf, func(f int) {
		fm := a.foldNodes(Z, Y, class, folds, f, w, held[f].upTo(size, reached[f]))
		if len(fm.centres) > 0 {
			fs[f] = &fold{foldModel: fm, j: newJoint(fm.Ztr, fm.Ytr, fm.fixTr, len(fm.centres), a.Lambda, 1), u: jointStart(fm.centres, tau/2),
				pva: fm.pVa}
		}
	})
	if slices.Contains(fs, nil) { // a fold without a Gaussian node: nothing to refine
		return 0, nil, none
	}
	L, W := [][]float64{point}, [][]float64{wrong} // L[0]: unrefined, L[1 + x]: jointIters[x]
	var dec [][][]float64
	fewest, done := 0, 0
	for _, t := range jointIters {
		loss, miss, dx := make([]float64, n), make([]float64, n), make([][]float64, n)
		failed := false
		var mu sync.Mutex
		a.parallel("refinement", nf, func(f int) {
			fd := fs[f]
			u := fd.j.advance(fd.u, t-done)
			ok := fd.j.solve(u)
			var h *holdout
			if ok {
				fd.u = u
				h = &holdout{nv: len(fd.va), y: fd.Yva, class: fd.cva, loss: make([]float64, len(fd.va)), kind: a.Loss,
					f: fd.j.decisions(u, fd.pva, fd.fixVa)}
				h.measure()
			}
			mu.Lock()
			defer mu.Unlock()
			if !ok {
				failed = true
				return
			}
			for v, i := range fd.va {
				loss[i] = h.loss[v]
				if class != nil && predicted(h.f, v) != fd.cva[v] {
					miss[i] = 1
				}
				dx[i] = make([]float64, K)
				for k := range K {
					dx[i][k] = h.f[k][v]
				}
			}
		})
		if failed {
			break
		}
		done = t
		L, W, dec = append(L, loss), append(W, miss), append(dec, dx)
		if sum(miss) < sum(W[fewest]) {
			fewest = len(W) - 1
		}
		if sum(loss) >= sum(L[len(L)-2]) || (class != nil && !paired.Within(miss, W[fewest], max(a.SE, 0))) {
			break
		}
	}
	pick := jointPick(L, W, class != nil, max(a.SE, 0))
	if pick == 0 {
		return 0, nil, none
	}
	return jointIters[pick-1], dec[pick-1], fmt.Sprintf(", refined jointly (%d iterations)", jointIters[pick-1])
}

// jointPick returns the level of refinement chosen from the per-point held-out losses L[x]
// and, for a classifier, misclassifications W[x] of the levels (L[0] unrefined, then more
// iterations): the fewest iterations whose losses are within se paired standard errors of
// the least and, for a classifier, whose misclassifications are within se of the fewest; 0 if
// no level passes both. The squared error of the one-against-the-rest outputs can fall with
// the refinement while the decisions get worse (digits: 19 held-out mistakes unrefined, 24
// after 40 iterations that lowered the squared error by a tenth), so the mistakes must agree.
func jointPick(L, W [][]float64, classes bool, se float64) int {
	best, fewest := 0, 0
	for x := 1; x < len(L); x++ {
		if sum(L[x]) < sum(L[best]) {
			best = x
		}
		if sum(W[x]) < sum(W[fewest]) {
			fewest = x
		}
	}
	for x := range L {
		if paired.Within(L[x], L[best], se) && (!classes || paired.Within(W[x], W[fewest], se)) {
			return x
		}
	}
	return 0
}

// gramChunk is the number of points whose design values chunkedGram takes at a time: the
// chunk of every row (up to a few hundred rows) stays in a core's cache while each pair of
// rows is multiplied.
const gramChunk = 512

// chunkedGram sets the upper triangle of the m x m matrix h to B B' (B: m x n, row-major),
// summing each entry over chunks of gramChunk columns in order, a chunk's rows shared out
// among up to workers goroutines: every entry is computed the same way whatever their number.
// Against gram's one dot product of whole rows an entry, it reads the rows from cache rather
// than memory once they outgrow it: BenchmarkJointCost (a satellite fold's evaluation, one
// core) 32.4 -> 27.9 ms, median of four (with gonum's products for the rest of the evaluation).
func chunkedGram(B []float64, m, n int, h []float64, workers int) {
	for i := range m {
		clear(h[i*m+i : (i+1)*m])
	}
	if m*m*gramChunk < gramParallel {
		workers = 1
	}
	for lo := 0; lo < n; lo += gramChunk {
		hi := min(lo+gramChunk, n)
		vecmath.Each(m, workers, func(i int) {
			bi := B[i*n+lo : i*n+hi]
			hr := h[i*m : (i+1)*m]
			for j := i; j < m; j++ {
				hr[j] += vecmath.Dot(bi, B[j*n+lo:j*n+hi])
			}
		})
	}
}

// linearColumn returns the values z'd of direction d at the points Z.
func linearColumn(d []float64, Z [][]float64) []float64 {
	col := make([]float64, len(Z))
	linearColumns(col, [][]float64{d}, Z)
	return col
}

// jointFinal refines the final model's Gaussian nodes (res.Centres where not res.Linear, of
// variance res.Tau/2) on all points Zs for iters iterations, writes the refined centres and
// variances into res with the ridge weights, and returns the model's columns at the points
// (cols, the refined Gaussians' replaced). Should the refined model not be finite everywhere,
// res and cols are left as selected.
func (a *Auto) jointFinal(Zs, Y [][]float64, res *AutoResult, cols [][]float64, iters int) ([][]float64, bool) {
	n, m := len(Zs), len(Zs[0])
	var centres, fixed [][]float64
	var gi, li []int
	for i, lin := range res.Linear {
		if lin {
			fixed, li = append(fixed, cols[i]), append(li, i)
		} else {
			centres, gi = append(centres, res.Centres[i]), append(gi, i)
		}
	}
	if len(centres) == 0 {
		return cols, false
	}
	j := newJoint(Zs, Y, fixed, len(centres), a.Lambda, a.Workers)
	u := j.run(jointStart(centres, res.Tau/2), iters)
	if !finite(u) || !j.solve(u) || !finite(j.w) || !finite(j.phi) {
		return cols, false // the nodes as selected, with their weights
	}
	ng, K := len(centres), len(Y)
	C, V := jointNodes(u, ng, m)
	out := slices.Clone(cols)
	res.Weights, res.Bias = make([][]float64, K), make([]float64, K)
	for k := range K {
		res.Weights[k] = make([]float64, len(cols))
		res.Bias[k] = j.w[k]
	}
	for x, i := range gi {
		res.Centres[i], res.Vars[i] = C[x], V[x]
		out[i] = slices.Clone(j.phi[(1+x)*n : (2+x)*n])
		for k := range K {
			res.Weights[k][i] = j.w[(1+x)*K+k]
		}
	}
	for x, i := range li {
		for k := range K {
			res.Weights[k][i] = j.w[(1+ng+x)*K+k]
		}
	}
	return out, true
}
