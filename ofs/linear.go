package ofs

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/mat"

	"github.com/sparsekernel/sparsekernel/internal/vecmath"
)

// linearBudget bounds N m min(N, m), the flops of the ridge directions' eigendecomposition
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

// ridge holds what every ridge regression on centred inputs Zc (N x m) needs: orthogonal
// columns u_j (N x r, ||u_j||^2 = s_j) spanning Zc, from the eigendecomposition of Zc'Zc or
// of Zc Zc', whichever is smaller, and back, which maps coefficients a on the u_j to a
// direction in the inputs, v = back a, with Zc v = U a.
type ridge struct {
	zc      *mat.Dense
	m, r    int
	s       []float64
	u, back *mat.Dense
	keep    []bool    // the u_j of a positive s_j (relative to the largest)
	u2      []float64 // N x r, row-major: u_ij^2 where keep[j], else 0
	trace   float64
}

// newRidge centres Z (input j multiplied by scale[j] unless scale is nil) and factorises it;
// nil if the factorisation fails or Z is constant.
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
	rg := &ridge{zc: zc, m: m}
	var gram mat.SymDense
	if m <= n {
		gram.SymOuterK(1, zc.T()) // Zc'Zc = V S V'
	} else {
		gram.SymOuterK(1, zc) // Zc Zc' = W S W'
	}
	var eig mat.EigenSym
	if !eig.Factorize(&gram, true) {
		return nil
	}
	rg.s = eig.Values(nil)
	rg.r = len(rg.s)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	// The products on this goroutine (vecmath.Gemm), as mat.Dense.Mul computes them.
	if m <= n {
		rg.back = &vecs // V
		rg.u = mat.NewDense(n, rg.r, nil)
		vecmath.Gemm(blas.NoTrans, blas.NoTrans, 1, zc.RawMatrix(), vecs.RawMatrix(), 0, rg.u.RawMatrix()) // U = Zc V
	} else {
		rg.u = &vecs // U = W S^(1/2), its columns scaled below, after back is computed from W
		rg.back = mat.NewDense(m, rg.r, nil)
		vecmath.Gemm(blas.Trans, blas.NoTrans, 1, zc.RawMatrix(), vecs.RawMatrix(), 0, rg.back.RawMatrix()) // back = Zc' W S^(-1/2)
		for j, sj := range rg.s {
			c := 0.0
			if sj > 0 {
				c = math.Sqrt(sj)
			}
			scaleCol(rg.u, j, c)
			if c > 0 {
				c = 1 / c
			}
			scaleCol(rg.back, j, c)
		}
	}
	top := 0.0
	for _, v := range rg.s {
		top = max(top, v)
		rg.trace += max(v, 0)
	}
	if !(top > 0) {
		return nil
	}
	rg.keep = make([]bool, rg.r)
	for j, v := range rg.s {
		rg.keep[j] = v > 1e-12*top
	}
	rg.u2 = make([]float64, n*rg.r)
	for i := range n {
		row, sq := rg.u.RawRowView(i), rg.u2[i*rg.r:(i+1)*rg.r]
		for j, uij := range row[:rg.r] {
			if rg.keep[j] {
				sq[j] = uij * uij
			}
		}
	}
	return rg
}

func scaleCol(a *mat.Dense, j int, c float64) {
	r, _ := a.Dims()
	for i := range r {
		a.Set(i, j, a.At(i, j)*c)
	}
}

// grid returns the ridge parameters tried: (trace/r) 10^e, e = -4, -3.5, ..., 3.
func (rg *ridge) grid() []float64 {
	var out []float64
	for e := -8; e <= 6; e++ {
		out = append(out, rg.trace/float64(rg.r)*math.Pow(10, float64(e)/2))
	}
	return out
}

// projections returns u_j'yc for every j.
func (rg *ridge) projections(yc []float64) []float64 {
	uy := make([]float64, rg.r)
	mat.NewVecDense(rg.r, uy).MulVec(rg.u.T(), mat.NewVecDense(len(yc), yc))
	return uy
}

// coef returns the coefficients on the u_j of the ridge fit of yc with parameter lam:
// a_j = u_j'yc / (s_j + lam).
func (rg *ridge) coef(yc []float64, lam float64) []float64 {
	a := rg.projections(yc)
	for j := range a {
		if rg.keep[j] {
			a[j] /= rg.s[j] + lam
		} else {
			a[j] = 0
		}
	}
	return a
}

// ridgeLOO is the work space of a ridge's leave-one-out sums.
type ridgeLOO struct {
	rg         *ridge
	a, d, f, h []float64
}

func (rg *ridge) newLOO() *ridgeLOO {
	n := rg.zc.RawMatrix().Rows
	return &ridgeLOO{rg: rg, a: make([]float64, rg.r), d: make([]float64, rg.r), f: make([]float64, n), h: make([]float64, n)}
}

// sum returns the leave-one-out sum of squares of the ridge fit (with an intercept) of the
// centred targets yc, whose projections u_j'yc are uy, with parameter lam:
// sum_i ((yc_i - f_i) / (1 - h_i))^2, with the fit f = U a, a_j = u_j'yc / (s_j + lam), and
// the hat matrix's diagonal h_i = 1/N + sum_j u_ij^2 / (s_j + lam) (the u_j of keep only).
func (lo *ridgeLOO) sum(uy, yc []float64, lam float64) float64 {
	rg := lo.rg
	for j, v := range uy {
		lo.a[j], lo.d[j] = 0, 0
		if rg.keep[j] {
			lo.d[j] = 1 / (rg.s[j] + lam)
			lo.a[j] = v * lo.d[j]
		}
	}
	u := rg.u.RawMatrix()
	vecmath.MulRows(u.Data, u.Stride, rg.r, lo.a, lo.f)
	vecmath.MulRows(rg.u2, rg.r, rg.r, lo.d, lo.h)
	n := len(yc)
	var e float64
	for i := range n {
		r := (yc[i] - lo.f[i]) / max(1-(1/float64(n)+lo.h[i]), 1e-12)
		e += r * r
	}
	return e
}

// direction returns the ridge fit's direction in the inputs, v with Zc v = f.
func (rg *ridge) direction(yc []float64, lam float64) []float64 {
	v := make([]float64, rg.m)
	mat.NewVecDense(rg.m, v).MulVec(rg.back, mat.NewVecDense(rg.r, rg.coef(yc, lam)))
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
