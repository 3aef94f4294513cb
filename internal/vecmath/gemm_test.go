package vecmath

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// TestGemm checks that Gemm, and GemmOn on 1 to 3 goroutines, give blas64.Gemm's result bit
// for bit, for products below and above the size from which gonum shares the blocks out, with
// lengths that are not multiples of the block, every transposition and several alpha and beta.
func TestGemm(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(r, c int) blas64.General {
		g := blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
		for i := range g.Data {
			g.Data[i] = rng.NormFloat64()
		}
		return g
	}
	for _, size := range []struct{ m, n, k int }{{3, 5, 7}, {100, 100, 3}, {70, 300, 2}, {130, 200, 150}, {257, 65, 64}, {64, 256, 200}} {
		for _, tA := range []blas.Transpose{blas.NoTrans, blas.Trans} {
			for _, tB := range []blas.Transpose{blas.NoTrans, blas.Trans} {
				for _, ab := range [][2]float64{{1, 0}, {-2, 0}, {0.5, 1}, {1.5, -0.25}} {
					name := fmt.Sprintf("%dx%dx%d/%c%c/%g,%g", size.m, size.n, size.k, tA, tB, ab[0], ab[1])
					A, B := random(size.m, size.k), random(size.k, size.n)
					if tA == blas.Trans {
						A = random(size.k, size.m)
					}
					if tB == blas.Trans {
						B = random(size.n, size.k)
					}
					want := random(size.m, size.n)
					start := append([]float64(nil), want.Data...)
					blas64.Gemm(tA, tB, ab[0], A, B, ab[1], want)
					for _, workers := range []int{1, 2, 3} {
						got := blas64.General{Rows: size.m, Cols: size.n, Stride: size.n, Data: append([]float64(nil), start...)}
						GemmOn(workers, tA, tB, ab[0], A, B, ab[1], got)
						for i := range want.Data {
							if math.Float64bits(want.Data[i]) != math.Float64bits(got.Data[i]) {
								t.Fatalf("%s, %d workers: entry %d is %v, blas64.Gemm's %v", name, workers, i, got.Data[i], want.Data[i])
							}
						}
					}
				}
			}
		}
	}
}

// Each calls do once for every index, on any number of workers.
func TestEach(t *testing.T) {
	for _, n := range []int{0, 1, 5, 100} {
		for _, workers := range []int{0, 1, 2, 7} {
			var mu sync.Mutex
			seen := make([]int, n)
			Each(n, workers, func(i int) {
				mu.Lock()
				seen[i]++
				mu.Unlock()
			})
			for i, c := range seen {
				if c != 1 {
					t.Fatalf("n %d, %d workers: index %d called %d times", n, workers, i, c)
				}
			}
		}
	}
}
