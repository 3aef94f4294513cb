package vecmath

import "math"

// Log1p sets dst[j] = math.Log1p(x[j]), bit for bit. With AVX2, four lanes at a time in
// assembly for arguments in [0, 1] (a logistic likelihood's log(1 + e^-|f|), about three times
// as fast): math.Log1p's arithmetic for that range (FreeBSD's s_log1p.c: log(1+x) = k ln2 +
// log(1+f) with 1+f in [sqrt(2)/2, sqrt(2)), log(1+f) = f - (f^2/2 - s (f^2/2 + R(s^2))),
// s = f/(2+f)), every lane through each branch and the branches' results chosen lane by lane.
// Other arguments, and the few at which math.Log1p takes its |f| < 2^-20 shortcut (1+x within
// four units in the last place below 2, or x = 1), go to math.Log1p, as every argument does
// in a build whose math.Log1p fuses products with sums (GOAMD64=v3).
func Log1p(dst, x []float64) {
	x = x[:len(dst)]
	n := 0
	if useAVX2 && !log1pFused && len(dst) >= 4 {
		n = len(dst) &^ 3
		if log1pAVX2(dst[:n], x[:n], &log1pConsts) { // NaN marks a lane it left to math.Log1p
			for j, v := range dst[:n] {
				if v != v {
					dst[j] = math.Log1p(x[j])
				}
			}
		}
	}
	for j := n; j < len(dst); j++ {
		dst[j] = math.Log1p(x[j])
	}
}

// log1pConsts are the constants of Log1p's assembly form, four copies each (as bits): 1, 1/2,
// 2, 2^-54, 2^-29, sqrt(2)-1, the polynomial's Lp1..Lp7, ln2's high and low parts, the
// mantissa mask, the exponents of [1, 2) and [1/2, 1), the mantissa of sqrt(2) less one,
// 2^52 - 4 and a NaN.
var log1pConsts = func() (k [21][4]uint64) {
	f := math.Float64bits
	for i, v := range []uint64{
		f(1), f(0.5), f(2), f(1.0 / (1 << 54)), f(1.0 / (1 << 29)), f(4.142135623730950488017e-01),
		f(6.666666666666735130e-01), f(3.999999999940941908e-01), f(2.857142874366239149e-01),
		f(2.222219843214978396e-01), f(1.818357216161805012e-01), f(1.531383769920937332e-01),
		f(1.479819860511658591e-01), f(6.93147180369123816490e-01), f(1.90821492927058770002e-10),
		0x000fffffffffffff, 0x3ff0000000000000, 0x3fe0000000000000, 0x0006a09e667f3bcd - 1,
		1<<52 - 4, 0x7ff8000000000000,
	} {
		k[i] = [4]uint64{v, v, v, v}
	}
	return k
}()
