//go:build !purego && !noasm

package lssvm

import "github.com/sparsekernel/sparsekernel/internal/vecmath"

// On amd64 the micro-kernel is Go assembly with AVX2 and FMA (kernel_amd64.s) when the CPU
// and the operating system support them; build with -tags purego (or noasm) to use the
// plain Go kernel everywhere.

func init() {
	if vecmath.HasAVX2FMA() {
		microKernel, microKernelC, kernelName = microKernelAVX2, microKernelCAVX2, "avx2"
	}
}

//go:noescape
func kernTile(k int, a *float64, lda int, b *float64, tile *[mr * nr]float64)

//go:noescape
func kernC(k int, a *float64, lda int, b *float64, c *float64, ldc int, s float64)

// microKernelAVX2 is microKernelGo in assembly.
func microKernelAVX2(k int, a []float64, lda int, b []float64, tile *[mr * nr]float64) {
	if k <= 0 {
		*tile = [mr * nr]float64{}
		return
	}
	_ = a[(mr-1)*lda+k-1] // bounds checks for the assembly
	_ = b[k*nr-1]
	kernTile(k, &a[0], lda, &b[0], tile)
}

// microKernelCAVX2 is microKernelCGo in assembly.
func microKernelCAVX2(k int, a []float64, lda int, b []float64, c []float64, ldc int, s float64) {
	if k <= 0 {
		return
	}
	_ = a[(mr-1)*lda+k-1]
	_ = b[k*nr-1]
	_ = c[(mr-1)*ldc+nr-1]
	kernC(k, &a[0], lda, &b[0], &c[0], ldc, s)
}
