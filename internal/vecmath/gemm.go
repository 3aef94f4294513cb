package vecmath

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// gemmBlock is the side of the blocks gonum's matrix product computes C in (its blockSize),
// and from four of which it shares the blocks out among the processors (its minParBlock).
const (
	gemmBlock     = 64
	gemmParBlocks = 4
)

// Gemm computes C = alpha op(A) op(B) + beta C on the calling goroutine, entry for entry as
// blas64.Gemm does. gonum computes a product of four or more 64 x 64 blocks of C on as many
// goroutines as there are processors, whatever a fit's Workers say, each block summed along
// op(A)'s columns in steps of 64; Gemm computes the same blocks in the same steps, in turn,
// so that a fit uses the processors its Workers allow and its model does not change.
func Gemm(tA, tB blas.Transpose, alpha float64, A, B blas64.General, beta float64, C blas64.General) {
	GemmOn(1, tA, tB, alpha, A, B, beta, C)
}

// GemmOn is Gemm with C's bands of 64 rows shared out among up to workers goroutines, which
// take the next band as they finish one. Every block is computed as Gemm computes it, so the
// product does not depend on workers.
func GemmOn(workers int, tA, tB blas.Transpose, alpha float64, A, B blas64.General, beta float64, C blas64.General) {
	m, n := C.Rows, C.Cols
	if blocksOf(m)*blocksOf(n) < gemmParBlocks {
		blas64.Gemm(tA, tB, alpha, A, B, beta, C) // gonum's own serial path
		return
	}
	k := A.Cols
	if tA != blas.NoTrans {
		k = A.Rows
	}
	band := func(b int) {
		i := b * gemmBlock
		li := min(gemmBlock, m-i)
		for r := i; r < i+li; r++ { // beta first, as gonum does
			row := C.Data[r*C.Stride : r*C.Stride+n]
			switch beta {
			case 0:
				clear(row)
			case 1:
			default:
				for j := range row {
					row[j] *= beta
				}
			}
		}
		for j := 0; j < n; j += gemmBlock {
			lj := min(gemmBlock, n-j)
			c := blas64.General{Rows: li, Cols: lj, Stride: C.Stride, Data: C.Data[i*C.Stride+j:]}
			for l := 0; l < k; l += gemmBlock {
				ll := min(gemmBlock, k-l)
				blas64.Gemm(tA, tB, alpha, block(A, tA, i, l, li, ll), block(B, tB, l, j, ll, lj), 1, c)
			}
		}
	}
	Each(blocksOf(m), workers, band)
}

// blocksOf returns the number of gemmBlock blocks that cover dim.
func blocksOf(dim int) int { return (dim + gemmBlock - 1) / gemmBlock }

// block returns the r x c block of op(X) whose top left entry is (i, j).
func block(X blas64.General, t blas.Transpose, i, j, r, c int) blas64.General {
	if t != blas.NoTrans {
		i, j, r, c = j, i, c, r
	}
	return blas64.General{Rows: r, Cols: c, Stride: X.Stride, Data: X.Data[i*X.Stride+j:]}
}
