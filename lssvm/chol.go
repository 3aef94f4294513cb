package lssvm

import "math"

// Recursive dense kernels on row-major lower-triangular matrices: the Cholesky factorisation,
// the triangular solve with a transposed factor from the right, and the triangular inverse.
// Every level splits the matrix in two and hands the bulk of the work (N^3/3 flops each) to
// mulAdd; the base cases are small unblocked loops.

const (
	baseChol = 32 // unblocked Cholesky at or below this size
	baseTrsm = 32 // unblocked triangular solve at or below this many columns
	baseInv  = 32 // unblocked triangular inverse at or below this size
)

// split returns the size of the leading half of an n x n problem, a multiple of nr when
// possible so that the packed panels stay aligned to whole micro-tiles.
func split(n int) int {
	h := n / 2
	if h >= 2*nr {
		h -= h % nr
	}
	return h
}

// cholesky overwrites the lower triangle of the n x n matrix at a (leading dimension ld) with
// its Cholesky factor L (A = L L'). The strict upper triangle is neither read nor written. It
// reports false, leaving a partly overwritten, if a pivot is not positive (A is not positive
// definite to working precision) or not finite.
func (w *gemmWork) cholesky(a []float64, ld, n int) bool {
	if n <= baseChol {
		return cholUnblocked(a, ld, n)
	}
	n1 := split(n)
	n2 := n - n1
	if !w.cholesky(a, ld, n1) {
		return false
	}
	a21 := a[n1*ld:]
	w.trsmRLT(a21, ld, n2, n1, a, ld)
	// A22 -= L21 L21'
	w.mulAdd(a[n1*ld+n1:], ld, n2, n2, n1, operand{a21, ld, false}, operand{a21, ld, false}, -1, lowerC)
	return w.cholesky(a[n1*ld+n1:], ld, n2)
}

// cholUnblocked is the row-oriented (Cholesky-Crout) factorisation for small n.
func cholUnblocked(a []float64, ld, n int) bool {
	for j := 0; j < n; j++ {
		rj := a[j*ld : j*ld+j+1]
		d := rj[j]
		for _, v := range rj[:j] {
			d -= v * v
		}
		if !(d > 0) || math.IsInf(d, 0) {
			return false
		}
		ljj := math.Sqrt(d)
		rj[j] = ljj
		inv := 1 / ljj
		for i := j + 1; i < n; i++ {
			ri := a[i*ld : i*ld+j+1]
			s := ri[j]
			for p, v := range rj[:j] {
				s -= ri[p] * v
			}
			ri[j] = s * inv
		}
	}
	return true
}

// trsmRLT overwrites the m x n matrix B at b with X solving X L' = B, L the n x n lower
// triangular matrix at l.
func (w *gemmWork) trsmRLT(b []float64, ldb, m, n int, l []float64, ldl int) {
	if n <= baseTrsm {
		trsmUnblocked(b, ldb, m, n, l, ldl)
		return
	}
	n1 := split(n)
	n2 := n - n1
	w.trsmRLT(b, ldb, m, n1, l, ldl)
	// B2 -= X1 L21'
	w.mulAdd(b[n1:], ldb, m, n2, n1, operand{b, ldb, false}, operand{l[n1*ldl:], ldl, false}, -1, 0)
	w.trsmRLT(b[n1:], ldb, m, n2, l[n1*ldl+n1:], ldl)
}

// trsmUnblocked solves X L' = B by forward substitution, four rows at a time so that four
// independent dot products are in flight.
func trsmUnblocked(b []float64, ldb, m, n int, l []float64, ldl int) {
	var inv [baseTrsm]float64
	for c := 0; c < n; c++ {
		inv[c] = 1 / l[c*ldl+c]
	}
	i := 0
	for ; i+4 <= m; i += 4 {
		x0 := b[i*ldb : i*ldb+n]
		x1 := b[(i+1)*ldb : (i+1)*ldb+n]
		x2 := b[(i+2)*ldb : (i+2)*ldb+n]
		x3 := b[(i+3)*ldb : (i+3)*ldb+n]
		for c := range x0 {
			y0 := x0[:c] // the solved part of each row
			y1, y2, y3 := x1[:len(y0)], x2[:len(y0)], x3[:len(y0)]
			lc := l[c*ldl:]
			lc = lc[:len(y0)]
			s0, s1, s2, s3 := x0[c], x1[c], x2[c], x3[c]
			for p, v := range lc {
				s0 -= y0[p] * v
				s1 -= y1[p] * v
				s2 -= y2[p] * v
				s3 -= y3[p] * v
			}
			x0[c], x1[c], x2[c], x3[c] = s0*inv[c], s1*inv[c], s2*inv[c], s3*inv[c]
		}
	}
	for ; i < m; i++ {
		x := b[i*ldb : i*ldb+n]
		for c := range x {
			lc := l[c*ldl : c*ldl+c]
			s := x[c]
			for p, v := range lc {
				s -= x[p] * v
			}
			x[c] = s * inv[c]
		}
	}
}

// trinv writes Z = L^-1 into the lower triangle of the n x n matrix at z, L the lower
// triangular matrix at l. t is scratch of at least (n/2+nr)^2 entries. The strict upper
// triangle of z is not written; it must hold zeros (mulAdd relies on them).
func (w *gemmWork) trinv(z []float64, ldz int, l []float64, ldl, n int, t []float64) {
	if n <= baseInv {
		trinvUnblocked(z, ldz, l, ldl, n)
		return
	}
	n1 := split(n)
	n2 := n - n1
	w.trinv(z, ldz, l, ldl, n1, t)
	w.trinv(z[n1*ldz+n1:], ldz, l[n1*ldl+n1:], ldl, n2, t)
	// Z21 = -Z22 L21 Z11: first T = L21 Z11 (n2 x n1), then Z21 = -Z22 T.
	t = t[:n2*n1]
	clear(t)
	w.mulAdd(t, n1, n2, n1, n1, operand{l[n1*ldl:], ldl, false}, operand{z, ldz, true}, 1, upperB)
	z21 := z[n1*ldz:]
	for i := 0; i < n2; i++ {
		clear(z21[i*ldz : i*ldz+n1])
	}
	w.mulAdd(z21, ldz, n2, n1, n2, operand{z[n1*ldz+n1:], ldz, false}, operand{t, n1, true}, -1, lowerA)
}

// trinvUnblocked inverts a small lower triangular matrix column by column.
func trinvUnblocked(z []float64, ldz int, l []float64, ldl, n int) {
	for j := 0; j < n; j++ {
		z[j*ldz+j] = 1 / l[j*ldl+j]
		for i := j + 1; i < n; i++ {
			li := l[i*ldl : i*ldl+i]
			var s float64
			for p := j; p < i; p++ {
				s += li[p] * z[p*ldz+j]
			}
			z[i*ldz+j] = -s / l[i*ldl+i]
		}
	}
}
