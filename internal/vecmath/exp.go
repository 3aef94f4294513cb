// Package vecmath holds vectorised elementary functions for the kernel matrices, the inner
// products of the selection (Dot, MulRows, SubMulTrans; AVX2 assembly on amd64 where the
// processor has it, Go of the same arithmetic elsewhere), and a matrix product that stays on
// the calling goroutine (Gemm).
package vecmath

import "math"

// ExpScaled sets dst[j] = e^(c d[j]) for c d[j] <= 0 (NaN passes through) to within about two
// ulp, three to four times as fast as calling math.Exp: it fills kernel matrices. It is the table method of Tang (1989): x = (k + f) ln2/64 with
// k an integer and |f| <= 1/2, so e^x = 2^(k/64) e^r, r = x - k ln2/64 in [-ln2/128, ln2/128],
// 2^(k/64) from a 64-entry table and an exponent shift, e^r from a degree-5 polynomial
// (truncation error below r^6/720 < 4e-17). Arguments below -708, near the subnormals, go to
// math.Exp. With AVX2 it runs four lanes at a time in assembly (the table read by a gather),
// the same arithmetic as expScaledGo, bit for bit (TestExpScaledForms).
func ExpScaled(dst, d []float64, c float64) {
	d = d[:len(dst)]
	n := 0
	if useAVX2 && len(dst) >= 4 {
		n = len(dst) &^ 3
		if expScaledAVX2(dst[:n], d[:n], c, &expTab, &expConsts) { // a lane below -708 (or NaN): math.Exp
			for j, v := range d[:n] {
				if x := c * v; !(x >= -708) {
					dst[j] = math.Exp(x)
				}
			}
		}
	}
	expScaledGo(dst[n:], d[n:], c)
}

// The constants of ExpScaled.
const (
	expShift   = 0x1.8p52                        // adding it rounds to an integer (ties to even)
	expInvLn2N = 64 / math.Ln2                   // 64 / ln 2
	expLn2HiN  = 6.93147180369123816490e-01 / 64 // ln 2 / 64, high part (exact products with k)
	expLn2LoN  = 1.90821492927058770002e-10 / 64 // ln 2 / 64, low part
)

// expConsts are the constants of expScaledGo, four copies each, for its assembly form: the
// products' factors, the shift, the polynomial's coefficients, -708, and the table index mask.
var expConsts = func() (k [10][4]float64) {
	for i, v := range []float64{expInvLn2N, expShift, expLn2HiN, expLn2LoN, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, -708, math.Float64frombits(63)} {
		k[i] = [4]float64{v, v, v, v}
	}
	return k
}()

// expScaledGo is ExpScaled in Go, the arithmetic its assembly form (exp_amd64.s) repeats four
// lanes at a time; the explicit conversions keep a compiler from fusing products and sums.
func expScaledGo(dst, d []float64, c float64) {
	d = d[:len(dst)]
	for j, v := range d {
		x := c * v
		if !(x >= -708) {
			dst[j] = math.Exp(x)
			continue
		}
		kf := float64(x*expInvLn2N) + expShift
		k := int64(math.Float64bits(kf) - math.Float64bits(expShift)) // same exponent: the bits differ by k
		kf -= expShift
		r := x - float64(kf*expLn2HiN) - float64(kf*expLn2LoN)
		p := r + float64(float64(r*r)*(0.5+float64(r*(1.0/6+float64(r*(1.0/24+float64(r*(1.0/120))))))))
		scale := math.Float64frombits(expTab[k&63] + uint64(k>>6)<<52)
		dst[j] = scale + float64(scale*p)
	}
}

// expTab[i] holds the bits of 2^(i/64).
var expTab [64]uint64

func init() {
	for i := range expTab {
		expTab[i] = math.Float64bits(math.Exp2(float64(i) / 64))
	}
}
