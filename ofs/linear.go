package ofs

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/blas"
	lapack "gonum.org/v1/gonum/lapack/gonum"
	"gonum.org/v1/gonum/mat"

	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// linearBudget bounds N m min(N, m), the flops of the ridge directions' factorisation
// (of a min(N, m)-square matrix): beyond it linearDirections returns none.
const linearBudget = 2.5e8

// linearRows is the most rows the ridge directions are fitted on: beyond it, every
// (N/linearRows)-th row, evenly spread (a direction in m inputs needs far fewer points than a
// kernel model does).
const linearRows = 2000

// linearAffordable reports whether linearDirections fits directions for n points of m
// inputs: at least 3 points, and N m min(N, m) within linearBudget, N = min(n, linearRows).
// From 3 points on, more points never make it true: where all of a fit's points are within the
// budget, so is every fold's training part (of 3 points or more), and Auto.Fit asks it once,
// of all the points, for every fold.
func linearAffordable(n, m int) bool {
	n = min(n, linearRows)
	return n >= 3 && float64(n)*float64(m)*float64(min(n, m)) <= linearBudget
}

// linearDirections returns, for each output k, the ridge regression direction v_k of the
// targets Y[k] on the inputs Z (both centred; input j multiplied by scale[j] unless scale is
// nil, the direction then in the scaled inputs), its ridge parameter the one of least exact
// leave-one-out error on the grid ridge.grid, scaled so that the column z'v_k has a root mean
// square of 1 about its mean on Z (on at most linearRows rows of Z). A direction is a
// candidate node of its own, g(z) = v'z: one term for what a linear boundary or trend needs.
// It returns none when N m min(N, m) exceeds linearBudget (N counting those rows) or N < 3,
// and leaves out the directions of targets the inputs do not predict at all.
func linearDirections(Z [][]float64, scale []float64, Y [][]float64) [][]float64 {
	Z, Y = evenRows(Z, Y, linearRows)
	n := len(Z)
	if !linearAffordable(n, len(Z[0])) {
		return nil
	}
	rg := newRidge(Z, scale)
	if rg == nil {
		return nil
	}
	var dirs [][]float64
	lo := rg.newLOO()
	for _, y := range Y {
		yc := centred(y)
		uy := rg.projections(yc)
		best, lam := math.Inf(1), 0.0
		for _, l := range rg.grid() {
			if e := lo.sum(uy, yc, l); e < best {
				best, lam = e, l
			}
		}
		v := rg.direction(yc, lam)
		col := make([]float64, n)
		mat.NewVecDense(n, col).MulVec(rg.zc, mat.NewVecDense(rg.m, v))
		rms := math.Sqrt(dot(col, col) / float64(n))
		if !(rms > 0) || math.IsInf(rms, 0) {
			continue
		}
		for j := range v {
			v[j] /= rms
		}
		dirs = append(dirs, v)
	}
	return dirs
}

// centred returns y minus its mean.
func centred(y []float64) []float64 {
	mean := sum(y) / float64(len(y))
	out := make([]float64, len(y))
	for i, v := range y {
		out[i] = v - mean
	}
	return out
}

// ridge holds what every ridge regression on centred inputs Zc (N x m) needs, from the
// tridiagonal form G = Q T Q' (Q orthogonal, T tridiagonal, q x q) of Zc'Zc (m x m, q = m)
// or, where m > N, of the Gram matrix of Zc's rows in the complement of the constant vector
// (dual: Zc Zc' = H G H', H the N x (N-1) orthonormal basis of that complement that a
// Householder reflection gives, q = N - 1; centring puts the constant vector in the null
// space of Zc Zc', which the complement leaves out exactly). Every ridge parameter lam costs a
// factorisation of T + lam I in O(q) and passes of O(N q) over W' (q x N): W = Zc Q (primal) or
// W = H Q (dual). An eigendecomposition would serve as well, but accumulating its
// eigenvectors alone costs more than all of this (docs/ALGORITHMS.md, 4.2).
type ridge struct {
	zc      *mat.Dense
	n, m, q int
	dual    bool      // m > N: G in the complement of the constant vector
	d, e    []float64 // T's diagonal (q) and off-diagonal (q-1)
	orth    []float64 // Q, q x q, row-major
	wt      []float64 // W', q x N, row-major
	trace   float64   // the trace of G (of T)
	varying int       // the columns of Zc not zero (the inputs not constant)
}

// newRidge centres Z (input j multiplied by scale[j] unless scale is nil) and factorises it;
// nil if Z is constant.
func newRidge(Z [][]float64, scale []float64) *ridge {
	n, m := len(Z), len(Z[0])
	zc := mat.NewDense(n, m, nil)
	mean := make([]float64, m)
	for i, z := range Z {
		row := zc.RawRowView(i)
		copy(row, z)
		if scale != nil {
			for j, c := range scale {
				row[j] *= c
			}
		}
		for j, v := range row {
			mean[j] += v
		}
	}
	for i := range n {
		row := zc.RawRowView(i)
		for j := range row {
			row[j] -= mean[j] / float64(n)
		}
	}
	rg := &ridge{zc: zc, n: n, m: m, q: m, dual: m > n}
	for j := range m {
		for i := range n {
			if zc.At(i, j) != 0 {
				rg.varying++
				break
			}
		}
	}
	// G's upper triangle, four rows at a time: G_jl = c_j'c_l for the rows c of ct (q x span), Zc's
	// columns (primal) or the rows of P Zc but its first (dual), in the selection's products
	// (MulRows). P = I - beta v v' with v = 1/sqrt(N) - e_1 maps the constant vector to e_1:
	// the first row of P Zc is zero (Zc is centred), and P's other columns are H.
	var ct, v []float64 // v: the dual's reflection, P = I - beta v v'
	var beta float64
	span := n
	if rg.dual {
		rg.q, span = n-1, m
		v = make([]float64, n)
		for i := range n {
			v[i] = 1 / math.Sqrt(float64(n))
		}
		v[0] -= 1
		beta = 2 / dot(v, v)
		sv := make([]float64, m) // v'Zc
		for i := range n {
			axpy(v[i], zc.RawRowView(i), sv)
		}
		ct = make([]float64, (n-1)*m)
		for i := 1; i < n; i++ {
			row := ct[(i-1)*m : i*m]
			copy(row, zc.RawRowView(i))
			axpy(-beta*v[i], sv, row)
		}
	} else {
		ct = transposed(zc)
	}
	q := rg.q
	g := make([]float64, q*q)
	for j := 0; j < q; j += gramRows { // rows j to j+3 at once (and, below the diagonal, unread products)
		vecmath.MulRowsBy(ct[j*span:], span, span, q-j, ct[j*span:], span, min(gramRows, q-j), g[j*q+j:], q)
	}
	for j := range q {
		rg.trace += g[j*q+j]
	}
	if !(rg.trace > 0) || math.IsInf(rg.trace, 0) {
		return nil
	}
	rg.d, rg.e = make([]float64, q), make([]float64, max(q-1, 0))
	tau := make([]float64, max(q-1, 1))
	var lp lapack.Implementation
	w1, w2 := []float64{0}, []float64{0} // the work space both ask
	lp.Dsytrd(blas.Upper, q, g, q, rg.d, rg.e, tau, w1, -1)
	lp.Dorgtr(blas.Upper, q, g, q, tau, w2, -1)
	work := make([]float64, max(int(w1[0]), int(w2[0]), 1))
	lp.Dsytrd(blas.Upper, q, g, q, rg.d, rg.e, tau, work, len(work))
	lp.Dorgtr(blas.Upper, q, g, q, tau, work, len(work))
	rg.orth = g
	rg.wt = make([]float64, q*n)
	Qt := transposed(mat.NewDense(q, q, g)) // row k: Q's column k
	for k := range q {
		row, col := rg.wt[k*n:(k+1)*n], Qt[k*q:(k+1)*q]
		if rg.dual { // W' = Q'H': H_ik = [i = k+1] - beta v_i v_(k+1)
			copy(row[1:], col)
			axpy(-beta*dot(v[1:], col), v, row)
		} else { // W' = Q' Zc': row k holds the products of Zc's rows with Q's column k
			vecmath.MulRows(zc.RawMatrix().Data, m, m, col, row)
		}
	}
	return rg
}

// grid returns the ridge parameters tried: (trace/r) 10^e, e = -4, -3.5, ..., 3, r = min(N, m),
// m counting the inputs that are not constant (a constant one adds nothing to the trace).
func (rg *ridge) grid() []float64 {
	var out []float64
	for e := -8; e <= 6; e++ {
		out = append(out, rg.trace/float64(min(rg.n, max(rg.varying, 1)))*math.Pow(10, float64(e)/2))
	}
	return out
}

// projections returns W'yc.
func (rg *ridge) projections(yc []float64) []float64 {
	b := make([]float64, rg.q)
	for k := range b {
		b[k] = dot(rg.wt[k*rg.n:(k+1)*rg.n], yc)
	}
	return b
}

// factor writes the factors of T + lam I = L D L' (L unit lower bidiagonal, multipliers l)
// into D (q) and l (q-1); T + lam I is positive definite for lam > 0, so no pivoting is
// needed.
func (rg *ridge) factor(lam float64, D, l []float64) {
	D[0] = rg.d[0] + lam
	for k := 1; k < rg.q; k++ {
		l[k-1] = rg.e[k-1] / D[k-1]
		D[k] = rg.d[k] + lam - l[k-1]*rg.e[k-1]
	}
}

// solveTri overwrites b with (L D L')^-1 b.
func solveTri(D, l, b []float64) {
	for k := 1; k < len(b); k++ {
		b[k] -= l[k-1] * b[k-1]
	}
	for k := range b {
		b[k] /= D[k]
	}
	for k := len(b) - 2; k >= 0; k-- {
		b[k] -= l[k] * b[k+1]
	}
}

// coef returns c = (T + lam I)^-1 W'yc, given the projections uy = W'yc.
func (rg *ridge) coef(uy []float64, lam float64) []float64 {
	D, l := make([]float64, rg.q), make([]float64, max(rg.q-1, 0))
	rg.factor(lam, D, l)
	c := slices.Clone(uy)
	solveTri(D, l, c)
	return c
}

// ridgeLOO is the work space of a ridge's leave-one-out sums.
type ridgeLOO struct {
	rg             *ridge
	D, l, c        []float64
	f, h, z, zprev []float64
}

func (rg *ridge) newLOO() *ridgeLOO {
	n, q := rg.n, rg.q
	return &ridgeLOO{rg: rg, D: make([]float64, q), l: make([]float64, max(q-1, 0)), c: make([]float64, q),
		f: make([]float64, n), h: make([]float64, n), z: make([]float64, n), zprev: make([]float64, n)}
}

// sum returns the leave-one-out sum of squares of the ridge fit (with an intercept) of the
// centred targets yc, whose projections W'yc are uy, with parameter lam: sum_i ((yc_i - f_i) /
// (1 - h_i))^2, with the fit f and the hat matrix's diagonal h_i = 1/N + H_ii. Primal: H = Zc
// (Zc'Zc + lam I)^-1 Zc' = W (T + lam I)^-1 W', f = W c, c = (T + lam I)^-1 W'yc. Dual: H =
// Zc Zc' (Zc Zc' + lam I)^-1, whose complement I - 11'/N - H is lam W (T + lam I)^-1 W', so
// that 1 - h_i = lam q_i and yc_i - f_i = lam (W c)_i, and the point's residual is (W c)_i /
// q_i, without the cancellation 1 - h_i would suffer where lam is small. The quadratic forms
// q_i = w_i' (T + lam I)^-1 w_i of the rows of W are sum_k z_ik^2 / D_k with z_i = L^-1 w_i,
// one forward substitution over the rows of W' at once.
func (lo *ridgeLOO) sum(uy, yc []float64, lam float64) float64 {
	rg := lo.rg
	n, q := rg.n, rg.q
	rg.factor(lam, lo.D, lo.l)
	copy(lo.c, uy)
	solveTri(lo.D, lo.l, lo.c)
	clear(lo.f)
	clear(lo.h)
	z, zprev := lo.z, lo.zprev
	for k := range q {
		row := rg.wt[k*n : (k+1)*n]
		ck, dk := lo.c[k], 1/lo.D[k]
		if k == 0 {
			copy(z, row)
		} else {
			lk := lo.l[k-1]
			for i, w := range row {
				z[i] = w - lk*zprev[i]
			}
		}
		for i, w := range row {
			lo.f[i] += ck * w
			lo.h[i] += z[i] * z[i] * dk
		}
		z, zprev = zprev, z
	}
	var e float64
	if rg.dual { // residual lam (W c)_i over 1 - h_i = lam q_i: lam cancels
		for i, f := range lo.f {
			r := f / max(lo.h[i], 1e-12/lam)
			e += r * r
		}
		return e
	}
	for i, f := range lo.f {
		r := (yc[i] - f) / max(1-(1/float64(n)+lo.h[i]), 1e-12)
		e += r * r
	}
	return e
}

// direction returns the ridge fit's direction in the inputs, v with Zc v = f: Q c (primal)
// or Zc' W c (dual: (Zc Zc' + lam I)^-1 yc = W c), c = (T + lam I)^-1 W'yc.
func (rg *ridge) direction(yc []float64, lam float64) []float64 {
	q := rg.q
	c := rg.coef(rg.projections(yc), lam)
	if !rg.dual {
		v := make([]float64, q)
		mat.NewVecDense(q, v).MulVec(mat.NewDense(q, q, rg.orth), mat.NewVecDense(q, c))
		return v
	}
	wc := make([]float64, rg.n)
	for k, ck := range c {
		axpy(ck, rg.wt[k*rg.n:(k+1)*rg.n], wc)
	}
	v := make([]float64, rg.m)
	mat.NewVecDense(rg.m, v).MulVec(rg.zc.T(), mat.NewVecDense(rg.n, wc))
	return v
}

// linearColumns writes the values z'v of each direction v at the points Z into out,
// direction after direction (len(dirs) x N).
func linearColumns(out []float64, dirs, Z [][]float64) {
	n := len(Z)
	for d, v := range dirs {
		row := out[d*n : (d+1)*n]
		for i, z := range Z {
			row[i] = dot(v, z)
		}
	}
}

// evenRows returns Z and the targets Y at most rows rows, evenly spread: every (N/most)-th
// row (row r*N/most) when N is larger, else Z and Y themselves.
func evenRows(Z, Y [][]float64, most int) ([][]float64, [][]float64) {
	if len(Z) <= most {
		return Z, Y
	}
	sub, ys := make([][]float64, most), make([][]float64, len(Y))
	for k := range ys {
		ys[k] = make([]float64, most)
	}
	for r := range sub {
		i := r * len(Z) / most
		sub[r] = Z[i]
		for k, y := range Y {
			ys[k][r] = y[i]
		}
	}
	return sub, ys
}

// transposed returns a's transpose, row-major.
func transposed(a *mat.Dense) []float64 {
	r, c := a.Dims()
	t := make([]float64, r*c)
	for i := range r {
		for j, v := range a.RawRowView(i) {
			t[j*r+i] = v
		}
	}
	return t
}
