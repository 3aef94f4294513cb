//go:build amd64 && !purego

package vecmath

import "golang.org/x/sys/cpu"

// useAVX2 says whether the processor (and the operating system) run AVX2 instructions.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func dotAVX2(x, y []float64) float64

//go:noescape
func mulRowsAVX2(A []float64, stride, n int, x, y []float64)

//go:noescape
func subAxpy4AVX2(y, p0, p1, p2, p3 []float64, a *[4]float64)

//go:noescape
func subAxpyAVX2(y, p []float64, a float64)
