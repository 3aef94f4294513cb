package vecmath

// The products below are the inner loops of the default method's selection and of its
// Bernoulli evidence. Each has one arithmetic, fixed here: which products are summed in which
// order. On amd64 processors with AVX2 they run as assembly (products_amd64.s), elsewhere as
// the Go functions of this file, which perform the same operations in the same order, so a
// model is the same bit for bit on every processor (TestProductsMatch). Neither uses fused
// multiply-adds: each product is rounded before it is added (the Go forms convert it to
// float64 explicitly, which the language does not let a compiler fuse).

// Dot returns x'y (len(y) >= len(x)), summed in 16 lanes: lane l accumulates the products of
// the entries k = l mod 16 of the leading multiple of 16; the lanes are combined as
// v_l = (a_l + a_{4+l}) + (a_{8+l} + a_{12+l}), then (v_0 + v_2) + (v_1 + v_3), and the
// remaining products are added one by one.
func Dot(x, y []float64) float64 {
	y = y[:len(x)]
	if useAVX2 {
		return dotAVX2(x, y)
	}
	return dotGo(x, y)
}

// MulRows sets y[r] = sum_{k < n} A[r*stride + k] x[k] for every r < len(y), each row summed as
// by rowDot.
func MulRows(A []float64, stride, n int, x, y []float64) {
	if len(y) == 0 {
		return
	}
	if n == 0 {
		clear(y)
		return
	}
	_ = A[(len(y)-1)*stride+n-1]
	x = x[:n]
	if useAVX2 {
		four := len(y) / 4 * 4 // x as the one row of A, the rows of A as X: four a pass
		if four > 0 {
			mulRows4AVX2(x, n, n, 1, A, stride, four/4, y, 1)
		}
		if four < len(y) {
			mulRowsAVX2(A[four*stride:], stride, n, x, y[four:])
		}
		return
	}
	for r := range y {
		y[r] = rowDot(A[r*stride:r*stride+n], x)
	}
}

// MulRowsBy sets Y[k*ystride + r] = sum_{i < n} A[r*stride + i] X[k*xstride + i] for every
// r < rows and k < xs: MulRows for the xs rows X_k of X, each entry summed as MulRows sums it.
// Four rows of X are taken at a time, so that each row of A is read once for the four (in a
// Gram matrix, where X's rows are A's own, a fourth of the reads from beyond the first-level
// cache).
func MulRowsBy(A []float64, stride, n, rows int, X []float64, xstride, xs int, Y []float64, ystride int) {
	if rows == 0 || xs == 0 {
		return
	}
	k := 0
	if groups := xs / 4; useAVX2 && n > 0 && groups > 0 {
		_ = A[(rows-1)*stride+n-1]
		_ = X[(4*groups-1)*xstride+n-1]
		_ = Y[(4*groups-1)*ystride+rows-1]
		mulRows4AVX2(A, stride, n, rows, X, xstride, groups, Y, ystride)
		k = 4 * groups
	}
	for ; k < xs; k++ {
		MulRows(A, stride, n, X[k*xstride:k*xstride+n], Y[k*ystride:k*ystride+rows])
	}
}

// SubMulTrans sets y[i] -= sum_j a[j] P[j*stride + i] for every i < len(y), the terms j taken
// in order (y[i] = (y[i] - a_0 P_0i) - a_1 P_1i - ...): entry i does not depend on the
// others, so a part of y computed alone gives the same values. y is taken in blocks of
// subBlock entries, each brought up to date four terms a pass, so that the rows of P are read
// as long streams however many terms there are.
func SubMulTrans(P []float64, stride int, a, y []float64) {
	if len(y) == 0 || len(a) == 0 {
		return
	}
	_ = P[(len(a)-1)*stride+len(y)-1]
	subMul(a, y, func(j, lo, n int) []float64 { return P[j*stride+lo : j*stride+lo+n] })
}

// MulElems sets dst[i] = a[i] b[i] for every i < len(dst) (len(a), len(b) >= len(dst)): one
// rounded product each, the same on every processor.
func MulElems(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	if useAVX2 {
		mulElemsAVX2(dst, a, b)
		return
	}
	for i := range dst {
		dst[i] = a[i] * b[i]
	}
}

// SubMulRows sets y[i] -= sum_j a[j] rows[j][i] for every i < len(y), the terms j taken in
// order, as SubMulTrans does for rows held at a stride (each rows[j] of at least len(y)
// entries). With a[j] = -b[j] it adds b[j] rows[j] to y term after term, exactly as a loop of
// y[i] += b[j] rows[j][i] would (a negation is exact).
func SubMulRows(rows [][]float64, a, y []float64) {
	if len(y) == 0 || len(a) == 0 {
		return
	}
	rows = rows[:len(a)]
	subMul(a, y, func(j, lo, n int) []float64 { return rows[j][lo : lo+n] })
}

// subMul is SubMulTrans and SubMulRows: row(j, lo, n) returns entries lo to lo+n of the j-th
// row. y is taken in blocks of subBlock entries, each brought up to date four terms a pass, so
// that the rows are read as long streams however many terms there are.
func subMul(a, y []float64, row func(j, lo, n int) []float64) {
	for lo := 0; lo < len(y); lo += subBlock {
		yb := y[lo:min(lo+subBlock, len(y))]
		n := len(yb)
		j := 0
		for ; j+3 < len(a); j += 4 {
			p0, p1, p2, p3 := row(j, lo, n), row(j+1, lo, n), row(j+2, lo, n), row(j+3, lo, n)
			if useAVX2 {
				subAxpy4AVX2(yb, p0, p1, p2, p3, (*[4]float64)(a[j:j+4]))
				continue
			}
			for i := range yb {
				yb[i] = (((yb[i] - float64(a[j]*p0[i])) - float64(a[j+1]*p1[i])) - float64(a[j+2]*p2[i])) - float64(a[j+3]*p3[i])
			}
		}
		for ; j < len(a); j++ {
			p0 := row(j, lo, n)
			if useAVX2 {
				subAxpyAVX2(yb, p0, a[j])
				continue
			}
			for i := range yb {
				yb[i] -= float64(a[j] * p0[i])
			}
		}
	}
}

// subBlock is the number of entries of y that SubMulTrans brings up to date at a time (128
// KiB: within the second-level cache, long enough for the rows' streams).
const subBlock = 16384

func dotGo(x, y []float64) float64 {
	var a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15 float64
	k := 0
	for ; k+15 < len(x); k += 16 {
		xs, ys := x[k:k+16:k+16], y[k:k+16:k+16]
		a0 += float64(xs[0] * ys[0])
		a1 += float64(xs[1] * ys[1])
		a2 += float64(xs[2] * ys[2])
		a3 += float64(xs[3] * ys[3])
		a4 += float64(xs[4] * ys[4])
		a5 += float64(xs[5] * ys[5])
		a6 += float64(xs[6] * ys[6])
		a7 += float64(xs[7] * ys[7])
		a8 += float64(xs[8] * ys[8])
		a9 += float64(xs[9] * ys[9])
		a10 += float64(xs[10] * ys[10])
		a11 += float64(xs[11] * ys[11])
		a12 += float64(xs[12] * ys[12])
		a13 += float64(xs[13] * ys[13])
		a14 += float64(xs[14] * ys[14])
		a15 += float64(xs[15] * ys[15])
	}
	v0, v1 := (a0+a4)+(a8+a12), (a1+a5)+(a9+a13)
	v2, v3 := (a2+a6)+(a10+a14), (a3+a7)+(a11+a15)
	s := (v0 + v2) + (v1 + v3)
	for ; k < len(x); k++ {
		s += float64(x[k] * y[k])
	}
	return s
}

// rowDot is MulRows' sum for one row: 8 lanes over the leading multiple of 8, combined as
// v_l = a_l + a_{4+l}, then (v_0 + v_2) + (v_1 + v_3), then the remaining products one by one.
func rowDot(a, x []float64) float64 {
	x = x[:len(a)]
	var a0, a1, a2, a3, a4, a5, a6, a7 float64
	k := 0
	for ; k+7 < len(a); k += 8 {
		as, xs := a[k:k+8:k+8], x[k:k+8:k+8]
		a0 += float64(as[0] * xs[0])
		a1 += float64(as[1] * xs[1])
		a2 += float64(as[2] * xs[2])
		a3 += float64(as[3] * xs[3])
		a4 += float64(as[4] * xs[4])
		a5 += float64(as[5] * xs[5])
		a6 += float64(as[6] * xs[6])
		a7 += float64(as[7] * xs[7])
	}
	s := ((a0 + a4) + (a2 + a6)) + ((a1 + a5) + (a3 + a7))
	for ; k < len(a); k++ {
		s += float64(a[k] * x[k])
	}
	return s
}
