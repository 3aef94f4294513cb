package ofs

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// kernelNorm tracks, along a selection path, the model whose weights w minimise
//
//	||Y - A w||^2 + alpha w'R w
//
// where A holds a column of ones and the selected nodes' kernel columns on the training
// points and R is the kernel among the selected centres (the norm a kernel ridge regression
// penalises; the bias is not penalised), instead of the ridge on the orthogonal weights. It
// keeps an incremental Cholesky factor L of M = A'A + alpha R (one row per term), z = L^-1 A'y
// (whose earlier entries never change) and the held-out values of the columns of A_val L^-T
// (one column per term), so that the held-out decisions f = A_val w = (A_val L^-T) z grow by
// one term per size, as those of the orthogonal form do (holdout), and replay the same way
// (heldPath).
type kernelNorm struct {
	alpha    float64
	gtr, gva []float64 // candidate-major kernel columns on the training and held-out points
	n        int
	pts      [][]float64 // candidate centres, for R
	tau      float64
	y        [][]float64 // K x N training targets
	sel      []int       // the selected candidates
	l        [][]float64 // rows of L
	z        [][]float64 // z[t][k]
	h        *holdout    // held-out decisions and losses; h.p holds the columns of A_val L^-T
	stopped  bool        // M was no longer numerically positive definite
	row      []float64   // scratch
}

// kernelNormJitter is added to M's diagonal, relative to N, so that a duplicated centre does
// not make it singular.
const kernelNormJitter = 1e-9

// newKernelNorm starts the tracker with the bias term. gva, yva and cva may be nil when
// there are no held-out points.
func newKernelNorm(alpha float64, gtr, gva []float64, pts [][]float64, tau float64, y, yva [][]float64, cva []int, kind Loss) *kernelNorm {
	n := len(y[0])
	kn := &kernelNorm{alpha: alpha, gtr: gtr, gva: gva, n: n, pts: pts, tau: tau, y: y}
	l00 := math.Sqrt(float64(n) * (1 + kernelNormJitter))
	kn.l = [][]float64{{l00}}
	z := make([]float64, len(y))
	for k, yk := range y {
		z[k] = sum(yk) / l00
	}
	kn.z = [][]float64{z}
	if yva != nil {
		nv := len(yva[0])
		h := &holdout{nv: nv, y: yva, class: cva, loss: make([]float64, nv), kind: kind, terms: 1}
		h.p = make([]float64, nv, nv*8)
		h.f = make([][]float64, len(y))
		for k := range h.f {
			h.f[k] = make([]float64, nv)
		}
		for i := range nv {
			h.p[i] = 1 / l00
		}
		for k := range h.f {
			axpy(z[k], h.p[:nv], h.f[k])
		}
		h.measure()
		kn.h = h
	}
	return kn
}

// add appends candidate c as the next term; false (and the tracker stopped) if M would no
// longer be positive definite.
func (kn *kernelNorm) add(c int) bool {
	if kn.stopped {
		return false
	}
	n, s := kn.n, len(kn.l) // s: the new term's index (0 is the bias)
	gc := kn.gtr[c*n : (c+1)*n]
	m := append(kn.row[:0], sum(gc))
	for _, j := range kn.sel {
		m = append(m, dot(kn.gtr[j*n:(j+1)*n], gc)+kn.alpha*math.Exp(-sqDist(kn.pts[j], kn.pts[c])/kn.tau))
	}
	mss := dot(gc, gc) + kn.alpha + kernelNormJitter*float64(n)
	kn.row = m
	l := make([]float64, s+1) // forward substitution: L[:s,:s] l = m
	var ll float64
	for j := range s {
		v := m[j]
		for i := range j {
			v -= kn.l[j][i] * l[i]
		}
		l[j] = v / kn.l[j][j]
		ll += l[j] * l[j]
	}
	d := mss - ll
	if !(d > 1e-12*mss) {
		kn.stopped = true
		return false
	}
	l[s] = math.Sqrt(d)
	kn.l = append(kn.l, l)
	kn.sel = append(kn.sel, c)
	z := make([]float64, len(kn.y))
	for k, yk := range kn.y {
		v := dot(gc, yk)
		for j := range s {
			v -= l[j] * kn.z[j][k]
		}
		z[k] = v / l[s]
	}
	kn.z = append(kn.z, z)
	if h := kn.h; h != nil {
		nv := h.nv
		h.p = append(h.p, kn.gva[c*nv:(c+1)*nv]...)
		q := h.p[s*nv : (s+1)*nv]
		blas64.Gemv(blas.Trans, -1, blas64.General{Rows: s, Cols: nv, Stride: nv, Data: h.p[:s*nv]},
			blas64.Vector{N: s, Inc: 1, Data: l[:s]}, 1, blas64.Vector{N: nv, Inc: 1, Data: q})
		for i := range q {
			q[i] /= l[s]
		}
		h.terms++
		for k := range h.f {
			axpy(z[k], q, h.f[k])
		}
		h.measure()
	}
	return true
}

// held returns the held-out path for replay (as keepPath does for the orthogonal form, whose
// first column is all ones: here it is 1/L_00, folded into the first weights).
func (kn *kernelNorm) held() heldPath {
	theta := slices.Clone(kn.z)
	theta[0] = slices.Clone(kn.z[0])
	for k := range theta[0] {
		theta[0][k] /= kn.l[0][0]
	}
	return heldPath{p: kn.h.p[:kn.h.terms*kn.h.nv], theta: theta, nv: kn.h.nv}
}

// weights returns the bias and node weights of every output, w = L^-T z.
func (kn *kernelNorm) weights() (bias []float64, w [][]float64) {
	t := len(kn.l)
	for k := range kn.y {
		v := make([]float64, t)
		for i := t - 1; i >= 0; i-- {
			x := kn.z[i][k]
			for j := i + 1; j < t; j++ {
				x -= kn.l[j][i] * v[j]
			}
			v[i] = x / kn.l[i][i]
		}
		bias = append(bias, v[0])
		w = append(w, v[1:])
	}
	return bias, w
}
