package lssvm

// This file holds the one dense primitive the factorisations in chol.go are built on:
// C += s * A * B' on row-major blocks, packed into cache-friendly panels and computed by an
// mr x nr register-blocked micro-kernel (GotoBLAS style). The micro-kernel is Go assembly
// (AVX2 + FMA) on amd64 machines that support it and plain Go elsewhere; see kernel_amd64.go.

import "math"

const (
	mr = 6   // rows of a micro-tile (broadcast operand A)
	nr = 8   // columns of a micro-tile (vector operand B)
	kc = 256 // depth of a packed panel
	nc = 512 // columns of a packed B panel
)

// operand is a read-only view of an m x k matrix inside a row-major array: element (i, p) is
// data[i*ld+p], or data[p*ld+i] when trans is set.
type operand struct {
	data  []float64
	ld    int
	trans bool
}

// Structure flags of mulAdd: they skip work that is known to be zero or unwanted.
const (
	lowerC = 1 << iota // write only C(i, j) with j <= i
	lowerA             // A(i, p) = 0 for p > i
	upperB             // B(j, p) = 0 for p < j
	lowerB             // B(j, p) = 0 for p > j
)

// gemmWork holds the packing buffers of mulAdd.
type gemmWork struct {
	apack []float64 // mr x kc, row-major: the rows of a partial (or transposed) strip of A
	bpack []float64 // nc x kc, strip by strip, each p-major with nr entries per p
	tile  [mr * nr]float64
}

// newGemmWork returns buffers for products of at most n x n matrices.
func newGemmWork(n int) *gemmWork {
	k := min(kc, n)
	cols := (min(nc, n) + nr - 1) / nr * nr
	return &gemmWork{
		apack: make([]float64, mr*k),
		bpack: make([]float64, cols*k),
	}
}

// mulAdd computes C(i, j) += s * sum_p A(i, p) B(j, p) for i < m, j < n, p < k, where C(i, j)
// is c[i*ldc+j]. flags (lowerC, lowerA, upperB) restrict the work as documented on them; the
// entries they declare zero must be stored as zeros if they fall inside a packed panel.
//
// B is packed once per nc x kc panel; A is read in place, mr rows at a time, unless it is
// transposed or the strip is partial.
func (w *gemmWork) mulAdd(c []float64, ldc, m, n, k int, a, b operand, s float64, flags int) {
	for jc := 0; jc < n; jc += nc {
		nb := min(nc, n-jc)
		for pc := 0; pc < k; pc += kc {
			pb := min(kc, k-pc)
			w.packB(b, jc, nb, pc, pb)
			for ic := 0; ic < m; ic += mr {
				ib := min(mr, m-ic)
				// Columns this row strip needs, and the end of its p range.
				jend := nb
				if flags&lowerC != 0 {
					jend = min(nb, ic+ib-jc)
					if jend <= 0 {
						continue
					}
				}
				pend := pc + pb
				if flags&lowerA != 0 {
					pend = min(pend, ic+ib)
				}
				if pend <= pc {
					continue
				}
				as, lda := a.data[ic*a.ld+pc:], a.ld
				if a.trans || ib < mr {
					w.packA(a, ic, ib, pc, pend-pc)
					as, lda = w.apack, pend-pc
				}
				for jr := 0; jr < jend; jr += nr {
					jb := min(nr, nb-jr)
					p0 := pc
					if flags&upperB != 0 {
						p0 = max(pc, jc+jr)
					}
					p1 := pend
					if flags&lowerB != 0 {
						p1 = min(pend, jc+jr+nr)
					}
					if p0 >= p1 {
						continue
					}
					off := p0 - pc
					strip := w.bpack[jr*pb+off*nr:]
					j0 := jc + jr
					if ib == mr && jb == nr && (flags&lowerC == 0 || j0+nr <= ic+1) {
						microKernelC(p1-p0, as[off:], lda, strip, c[ic*ldc+j0:], ldc, s)
						continue
					}
					microKernel(p1-p0, as[off:], lda, strip, &w.tile)
					w.scatter(c, ldc, ic, j0, ib, jb, s, flags&lowerC != 0)
				}
			}
		}
	}
}

// packA copies A(i0:i0+ib, p0:p0+pb) into apack as mr rows of pb entries; missing rows are
// zero.
func (w *gemmWork) packA(a operand, i0, ib, p0, pb int) {
	for r := 0; r < mr; r++ {
		dst := w.apack[r*pb : (r+1)*pb]
		switch {
		case r >= ib:
			clear(dst)
		case a.trans:
			for p := range dst {
				dst[p] = a.data[(p0+p)*a.ld+i0+r]
			}
		default:
			copy(dst, a.data[(i0+r)*a.ld+p0:])
		}
	}
}

// packB copies B(j0:j0+jb, p0:p0+pb) into bpack as consecutive strips of nr columns, each
// p-major; missing columns are zero.
func (w *gemmWork) packB(b operand, j0, jb, p0, pb int) {
	for jr := 0; jr < jb; jr += nr {
		n := min(nr, jb-jr)
		dst := w.bpack[jr*pb : jr*pb+pb*nr]
		if b.trans {
			for p := 0; p < pb; p++ {
				row := b.data[(p0+p)*b.ld+j0+jr:]
				d := dst[p*nr : p*nr+nr]
				for c := range d {
					if c < n {
						d[c] = row[c]
					} else {
						d[c] = 0
					}
				}
			}
			continue
		}
		for c := 0; c < nr; c++ {
			if c >= n {
				for p := 0; p < pb; p++ {
					dst[p*nr+c] = 0
				}
				continue
			}
			row := b.data[(j0+jr+c)*b.ld+p0:]
			row = row[:pb]
			for p, v := range row {
				dst[p*nr+c] = v
			}
		}
	}
}

// scatter adds s times the first ib x jb entries of the micro-tile to C at (i0, j0), only on
// or below the diagonal if lower is set.
func (w *gemmWork) scatter(c []float64, ldc, i0, j0, ib, jb int, s float64, lower bool) {
	for r := 0; r < ib; r++ {
		n := jb
		if lower {
			n = min(jb, i0+r-j0+1)
		}
		if n <= 0 {
			continue
		}
		row := c[(i0+r)*ldc+j0 : (i0+r)*ldc+j0+n]
		t := w.tile[r*nr : r*nr+n]
		for j := range row {
			row[j] += s * t[j]
		}
	}
}

// The micro-kernels in use: plain Go, or assembly chosen at start-up on machines that
// support it (kernel_amd64.go). kernelName names them: "go" or "avx2".
var (
	microKernel  = microKernelGo
	microKernelC = microKernelCGo
	kernelName   = "go"
)

// microKernelGo sets tile[r*nr+c] = sum_{p<k} a[r*lda+p] * b[p*nr+c] for r < mr, c < nr. It
// works on 2 x 4 sub-tiles so that the accumulators stay in registers. Each product is added
// by a fused multiply-add (math.FMA, one rounding), in order of p, as the assembly kernel
// adds it: the two give the same bits, so that a model does not depend on the machine (where
// the processor has no FMA instruction, math.FMA computes it in software, slowly).
func microKernelGo(k int, a []float64, lda int, b []float64, tile *[mr * nr]float64) {
	b = b[:k*nr]
	for r := 0; r < mr; r += 2 {
		a0 := a[r*lda : r*lda+k]
		a1 := a[(r+1)*lda : (r+1)*lda+k]
		for c := 0; c < nr; c += 4 {
			var t00, t01, t02, t03, t10, t11, t12, t13 float64
			for p, x0 := range a0 {
				x1 := a1[p]
				bp := b[p*nr+c : p*nr+c+4]
				b0, b1, b2, b3 := bp[0], bp[1], bp[2], bp[3]
				t00 = math.FMA(x0, b0, t00)
				t01 = math.FMA(x0, b1, t01)
				t02 = math.FMA(x0, b2, t02)
				t03 = math.FMA(x0, b3, t03)
				t10 = math.FMA(x1, b0, t10)
				t11 = math.FMA(x1, b1, t11)
				t12 = math.FMA(x1, b2, t12)
				t13 = math.FMA(x1, b3, t13)
			}
			tile[r*nr+c], tile[r*nr+c+1], tile[r*nr+c+2], tile[r*nr+c+3] = t00, t01, t02, t03
			tile[(r+1)*nr+c], tile[(r+1)*nr+c+1], tile[(r+1)*nr+c+2], tile[(r+1)*nr+c+3] = t10, t11, t12, t13
		}
	}
}

// microKernelCGo adds s times the tile of microKernelGo to c[r*ldc+j], r < mr, j < nr, each by
// a fused multiply-add, as the assembly does.
func microKernelCGo(k int, a []float64, lda int, b []float64, c []float64, ldc int, s float64) {
	var tile [mr * nr]float64
	microKernelGo(k, a, lda, b, &tile)
	for r := 0; r < mr; r++ {
		row := c[r*ldc : r*ldc+nr]
		for j := range row {
			row[j] = math.FMA(tile[r*nr+j], s, row[j])
		}
	}
}
