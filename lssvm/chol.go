package lssvm

import "math"

// The Cholesky factorisation H = L L' together with the triangular inverse Z = L^-1, on
// row-major lower-triangular matrices. Every level of the recursion splits the matrix in two
// and hands the bulk of the work (N^3/3 flops for L, as many for Z) to mulAdd; the base cases
// are small unblocked loops.

const baseChol = 32 // unblocked factorisation and inverse at or below this size

// split returns the size of the leading half of an n x n problem, a multiple of nr when
// possible so that the packed panels stay aligned to whole micro-tiles.
func split(n int) int {
	h := n / 2
	if h >= 2*nr {
		h -= h % nr
	}
	return h
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

// cholInv overwrites the lower triangle of the n x n matrix at a (leading dimension lda) with
// its Cholesky factor L (A = L L') and writes Z = L^-1 into the lower triangle of z. The strict
// upper triangle of a is neither read nor written; that of z is not written and must hold
// zeros (mulAdd relies on them). t is scratch of at least (n/2+nr)^2 entries. It reports false,
// leaving a and z partly overwritten, if a pivot is not positive (A is not positive definite to
// working precision) or not finite.
//
// With A = [A11 .; A21 A22] it factors A11 = L11 L11' (and Z11) recursively, forms
// L21 = A21 Z11' by a product rather than a triangular solve (so that all the O(n^3) work is in
// mulAdd; about 10% faster at n = 512 than LAPACK's trsm route), A22 - L21 L21' = L22 L22'
// recursively, and Z21 = -Z22 L21 Z11.
func (w *gemmWork) cholInv(a []float64, lda int, z []float64, ldz, n int, t []float64) bool {
	if n <= baseChol {
		if !cholUnblocked(a, lda, n) {
			return false
		}
		trinvUnblocked(z, ldz, a, lda, n)
		return true
	}
	n1 := split(n)
	n2 := n - n1
	if !w.cholInv(a, lda, z, ldz, n1, t) {
		return false
	}
	a21 := a[n1*lda:]
	// L21 = A21 Z11'
	t1 := t[:n2*n1]
	for i := 0; i < n2; i++ {
		row := a21[i*lda : i*lda+n1]
		copy(t1[i*n1:], row)
		clear(row)
	}
	w.mulAdd(a21, lda, n2, n1, n1, operand{t1, n1, false}, operand{z, ldz, false}, 1, lowerB)
	// A22 -= L21 L21'
	w.mulAdd(a[n1*lda+n1:], lda, n2, n2, n1, operand{a21, lda, false}, operand{a21, lda, false}, -1, lowerC)
	if !w.cholInv(a[n1*lda+n1:], lda, z[n1*ldz+n1:], ldz, n2, t) {
		return false
	}
	// Z21 = -Z22 L21 Z11: first T = L21 Z11 (n2 x n1), then Z21 = -Z22 T.
	clear(t1)
	w.mulAdd(t1, n1, n2, n1, n1, operand{a21, lda, false}, operand{z, ldz, true}, 1, upperB)
	z21 := z[n1*ldz:]
	for i := 0; i < n2; i++ {
		clear(z21[i*ldz : i*ldz+n1])
	}
	w.mulAdd(z21, ldz, n2, n1, n2, operand{z[n1*ldz+n1:], ldz, false}, operand{t1, n1, true}, -1, lowerA)
	return true
}
