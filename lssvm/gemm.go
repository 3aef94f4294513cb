package lssvm

// This file holds the one dense primitive the factorisations in chol.go are built on:
// C += s * A * B' on row-major blocks, packed into cache-friendly panels and computed by an
// mr x nr register-blocked micro-kernel (GotoBLAS style). The micro-kernel is Go assembly
// (AVX2 + FMA) on amd64 machines that support it and plain Go elsewhere; see kernel_amd64.go.

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

// at returns element (i, p).
func (o operand) at(i, p int) float64 {
	if o.trans {
		return o.data[p*o.ld+i]
	}
	return o.data[i*o.ld+p]
}

// Structure flags of mulAdd: they skip work that is known to be zero or unwanted.
const (
	lowerC = 1 << iota // write only C(i, j) with j <= i
	lowerA             // A(i, p) = 0 for p > i
	upperB             // B(j, p) = 0 for p < j
)

// gemmWork holds the packing buffers of mulAdd.
type gemmWork struct {
	apack []float64 // mr x kc, p-major
	bpack []float64 // nc x kc, strip by strip, each p-major
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
				w.packA(a, ic, ib, pc, pend-pc)
				for jr := 0; jr < jend; jr += nr {
					jb := min(nr, nb-jr)
					p0 := pc
					if flags&upperB != 0 {
						p0 = max(pc, jc+jr)
					}
					if p0 >= pend {
						continue
					}
					strip := w.bpack[jr*pb:]
					microKernel(pend-p0, w.apack[(p0-pc)*mr:], strip[(p0-pc)*nr:], &w.tile)
					w.scatter(c, ldc, ic, jc+jr, ib, jb, s, flags&lowerC != 0)
				}
			}
		}
	}
}

// packA copies A(i0:i0+ib, p0:p0+pb) into apack, p-major with mr rows per p; missing rows
// are zero.
func (w *gemmWork) packA(a operand, i0, ib, p0, pb int) {
	dst := w.apack[:pb*mr]
	if a.trans {
		for p := 0; p < pb; p++ {
			row := a.data[(p0+p)*a.ld+i0:]
			d := dst[p*mr : p*mr+mr]
			for r := range d {
				if r < ib {
					d[r] = row[r]
				} else {
					d[r] = 0
				}
			}
		}
		return
	}
	for r := 0; r < mr; r++ {
		if r >= ib {
			for p := 0; p < pb; p++ {
				dst[p*mr+r] = 0
			}
			continue
		}
		row := a.data[(i0+r)*a.ld+p0:]
		row = row[:pb]
		for p, v := range row {
			dst[p*mr+r] = v
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

// microKernelGo sets tile(r, c) = sum_{p<k} a[p*mr+r] * b[p*nr+c], the mr x nr tile stored row
// by row. It works on 2 x 4 sub-tiles so that the accumulators stay in registers.
func microKernelGo(k int, a, b []float64, tile *[mr * nr]float64) {
	a = a[:k*mr]
	b = b[:k*nr]
	for r := 0; r < mr; r += 2 {
		for c := 0; c < nr; c += 4 {
			var t00, t01, t02, t03, t10, t11, t12, t13 float64
			for p := 0; p < k; p++ {
				ap := a[p*mr+r : p*mr+r+2]
				bp := b[p*nr+c : p*nr+c+4]
				a0, a1 := ap[0], ap[1]
				b0, b1, b2, b3 := bp[0], bp[1], bp[2], bp[3]
				t00 += a0 * b0
				t01 += a0 * b1
				t02 += a0 * b2
				t03 += a0 * b3
				t10 += a1 * b0
				t11 += a1 * b1
				t12 += a1 * b2
				t13 += a1 * b3
			}
			tile[r*nr+c], tile[r*nr+c+1], tile[r*nr+c+2], tile[r*nr+c+3] = t00, t01, t02, t03
			tile[(r+1)*nr+c], tile[(r+1)*nr+c+1], tile[(r+1)*nr+c+2], tile[(r+1)*nr+c+3] = t10, t11, t12, t13
		}
	}
}

// microKernel is the micro-kernel in use: microKernelGo, or an assembly kernel chosen at start-up
// on machines that support it.
var microKernel = microKernelGo

// kernelName names microKernel: "go" or "avx2".
var kernelName = "go"
