//go:build !amd64 || purego || noasm

package vecmath

// useAVX2 is false: only the Go forms run here.
var useAVX2 = false

// HasAVX2FMA is false where the assembly is not built.
func HasAVX2FMA() bool { return false }

func dotAVX2(x, y []float64) float64                         { panic("no AVX2") }
func mulRowsAVX2(A []float64, stride, n int, x, y []float64) { panic("no AVX2") }
func mulRows4AVX2(A []float64, stride, n, rows int, X []float64, xstride, groups int, Y []float64, ystride int) {
	panic("no AVX2")
}
func subAxpy4AVX2(y, p0, p1, p2, p3 []float64, a *[4]float64) { panic("no AVX2") }
func subAxpyAVX2(y, p []float64, a float64)                   { panic("no AVX2") }
func mulElemsAVX2(dst, a, b []float64)                        { panic("no AVX2") }
func expScaledAVX2(dst, d []float64, c float64, tab *[64]uint64, k *[10][4]float64) bool {
	panic("no AVX2")
}
func log1pAVX2(dst, x []float64, k *[21][4]uint64) bool { panic("no AVX2") }
