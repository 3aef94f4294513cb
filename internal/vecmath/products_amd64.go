//go:build amd64 && !purego && !noasm

package vecmath

// useAVX2 says whether the processor (and the operating system) run AVX2 instructions.
var useAVX2, hasFMA = features()

// HasAVX2FMA reports whether the processor has AVX2 and FMA and the operating system saves
// the YMM registers (build with -tags purego or noasm for the Go forms everywhere).
func HasAVX2FMA() bool { return useAVX2 && hasFMA }

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)

// features reports AVX2, and FMA, where the operating system saves the YMM registers.
func features() (avx2, fma bool) {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false, false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const (
		fmaBit  = 1 << 12
		osxsave = 1 << 27
		avx     = 1 << 28
	)
	if ecx1&(osxsave|avx) != osxsave|avx {
		return false, false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // XMM and YMM state enabled
		return false, false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0, ecx1&fmaBit != 0
}

//go:noescape
func dotAVX2(x, y []float64) float64

//go:noescape
func mulRowsAVX2(A []float64, stride, n int, x, y []float64)

//go:noescape
func mulRows4AVX2(A []float64, stride, n, rows int, X []float64, xstride, groups int, Y []float64, ystride int)

//go:noescape
func subAxpy4AVX2(y, p0, p1, p2, p3 []float64, a *[4]float64)

//go:noescape
func subAxpyAVX2(y, p []float64, a float64)

//go:noescape
func expScaledAVX2(dst, d []float64, c float64, tab *[64]uint64, k *[10][4]float64) (slow bool)

//go:noescape
func mulElemsAVX2(dst, a, b []float64)

//go:noescape
func log1pAVX2(dst, x []float64, k *[21][4]uint64) (slow bool)
