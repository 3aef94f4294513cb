package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

func randomVec(r *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = r.NormFloat64() * math.Exp(4*r.NormFloat64()) // magnitudes far apart: rounding shows
	}
	return v
}

// withGo runs f with the Go forms of the products, whatever the processor.
func withGo(f func()) {
	saved := useAVX2
	useAVX2 = false
	defer func() { useAVX2 = saved }()
	f()
}

// TestProductsMatch checks that the assembly forms give the Go forms' values bit for bit, for
// every length around the blocks they work in, and that both are sums of the right products.
func TestProductsMatch(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this processor: only the Go forms run")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 70; n++ {
		x, y := randomVec(r, n), randomVec(r, n+3)
		got := Dot(x, y)
		var want float64
		withGo(func() { want = Dot(x, y) })
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("Dot, n %d: assembly %v, Go %v", n, got, want)
		}
	}
	for _, rows := range []int{1, 2, 3, 4, 5, 7, 8, 9, 13} {
		for _, n := range []int{1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 1237} {
			stride := n + r.IntN(3)
			A, x := randomVec(r, rows*stride), randomVec(r, n+2)
			got, want := make([]float64, rows), make([]float64, rows)
			MulRows(A, stride, n, x, got)
			withGo(func() { MulRows(A, stride, n, x, want) })
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("MulRows %d x %d, row %d: assembly %v, Go %v", rows, n, i, got[i], want[i])
				}
			}
			// MulRowsBy: xs rows of X (at a stride) against the rows of A, each entry as
			// MulRows gives it, in the assembly and the Go forms.
			for _, xs := range []int{1, 3, 4, 5, 8, 9} {
				xstride, ystride := n+r.IntN(3), rows+r.IntN(3)
				X := randomVec(r, (xs-1)*xstride+n)
				Y, W := make([]float64, (xs-1)*ystride+rows), make([]float64, (xs-1)*ystride+rows)
				MulRowsBy(A, stride, n, rows, X, xstride, xs, Y, ystride)
				withGo(func() { MulRowsBy(A, stride, n, rows, X, xstride, xs, W, ystride) })
				one := make([]float64, rows)
				for k := range xs {
					MulRows(A, stride, n, X[k*xstride:k*xstride+n], one)
					for i, v := range one {
						g, w := Y[k*ystride+i], W[k*ystride+i]
						if math.Float64bits(g) != math.Float64bits(v) || math.Float64bits(w) != math.Float64bits(v) {
							t.Fatalf("MulRowsBy %d x %d, %d rows of X, entry (%d, %d): assembly %v, Go %v, MulRows %v", rows, n, xs, k, i, g, w, v)
						}
					}
				}
			}
			// MulElems on n entries.
			e0, e1 := make([]float64, n), make([]float64, n)
			MulElems(e0, A, x)
			withGo(func() { MulElems(e1, A, x) })
			for i := range e0 {
				if math.Float64bits(e0[i]) != math.Float64bits(e1[i]) || e0[i] != A[i]*x[i] {
					t.Fatalf("MulElems %d, entry %d: assembly %v, Go %v", n, i, e0[i], e1[i])
				}
			}
			// SubMulRows on the same rows as slices: SubMulTrans's numbers; with the terms
			// negated, a loop of y += b_j row_j.
			a0 := randomVec(r, rows)
			rs := make([][]float64, rows)
			for j := range rs {
				rs[j] = A[j*stride : j*stride+n]
			}
			y1, y2, y3 := randomVec(r, n), make([]float64, n), make([]float64, n)
			copy(y2, y1)
			copy(y3, y1)
			start := append([]float64(nil), y1...)
			SubMulRows(rs, a0, y1)
			SubMulTrans(A, stride, a0, y2)
			neg := make([]float64, rows)
			for j, v := range a0 {
				neg[j] = -v
			}
			SubMulRows(rs, neg, y3)
			for i := range y1 {
				if math.Float64bits(y1[i]) != math.Float64bits(y2[i]) {
					t.Fatalf("SubMulRows %d x %d, entry %d: %v, SubMulTrans %v", rows, n, i, y1[i], y2[i])
				}
				sum := start[i]
				for j := range rows {
					sum += float64(a0[j] * rs[j][i])
				}
				if math.Float64bits(y3[i]) != math.Float64bits(sum) {
					t.Fatalf("SubMulRows, negated terms, %d x %d, entry %d: %v, a loop of additions %v", rows, n, i, y3[i], sum)
				}
			}
			// SubMulTrans with the same shapes: len(a) = rows terms, y of n entries.
			a := randomVec(r, rows)
			y0 := randomVec(r, n)
			ga, gw := append([]float64(nil), y0...), append([]float64(nil), y0...)
			SubMulTrans(A, stride, a, ga)
			withGo(func() { SubMulTrans(A, stride, a, gw) })
			for i := range ga {
				if math.Float64bits(ga[i]) != math.Float64bits(gw[i]) {
					t.Fatalf("SubMulTrans %d x %d, entry %d: assembly %v, Go %v", rows, n, i, ga[i], gw[i])
				}
			}
		}
	}
}

// TestProductsValues checks the products (in whichever form this processor runs) against
// plain sums on small integers, which every order of summation gives exactly.
func TestProductsValues(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ints := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(r.IntN(21) - 10)
		}
		return v
	}
	for _, rows := range []int{0, 1, 4, 6} {
		for _, n := range []int{0, 1, 5, 8, 16, 23, 40} {
			stride := n + 1
			A, x := ints(rows*stride+1), ints(n)
			y := make([]float64, rows)
			MulRows(A, stride, n, x, y)
			for i := range rows {
				var want float64
				for k := range n {
					want += A[i*stride+k] * x[k]
				}
				if y[i] != want {
					t.Fatalf("MulRows %d x %d row %d: %v, want %v", rows, n, i, y[i], want)
				}
				if d := Dot(A[i*stride:i*stride+n], x); d != want {
					t.Fatalf("Dot of row %d (n %d): %v, want %v", i, n, d, want)
				}
			}
			a, z := ints(rows), ints(n)
			want := append([]float64(nil), z...)
			for i := range n {
				for j := range rows {
					want[i] -= a[j] * A[j*stride+i]
				}
			}
			SubMulTrans(A, stride, a, z)
			for i := range z {
				if z[i] != want[i] {
					t.Fatalf("SubMulTrans %d x %d entry %d: %v, want %v", rows, n, i, z[i], want[i])
				}
			}
		}
	}
}

func BenchmarkProducts(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	l, n := 230, 240
	A, x, y := randomVec(r, l*n), randomVec(r, n), make([]float64, l)
	a := randomVec(r, 60)
	for _, form := range []string{"asm", "go"} {
		run := func(name string, f func()) {
			b.Run(form+"/"+name, func(b *testing.B) {
				if form == "go" {
					withGo(func() {
						for b.Loop() {
							f()
						}
					})
					return
				}
				for b.Loop() {
					f()
				}
			})
		}
		run("Dot1300", func() { Dot(A[:1300], A[1300:2600]) })
		run("MulRows230x240", func() { MulRows(A, n, n, x, y) })
		run("SubMulTrans60x240", func() { SubMulTrans(A, n, a, x) })
	}
}

// BenchmarkBigProducts compares the products with gonum's at letter's sizes (826 candidates,
// 12,800 points, 600 terms), where the matrices stream from memory.
func BenchmarkBigProducts(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	l, n, t := 826, 12800, 600
	A, x, y := randomVec(r, l*n), randomVec(r, n), make([]float64, l)
	a, z := randomVec(r, t), randomVec(r, n)
	b.Run("MulRows", func(b *testing.B) {
		for b.Loop() {
			MulRows(A, n, n, x, y)
		}
	})
	b.Run("GemvN", func(b *testing.B) {
		for b.Loop() {
			blas64.Gemv(blas.NoTrans, 1, blas64.General{Rows: l, Cols: n, Stride: n, Data: A}, blas64.Vector{N: n, Inc: 1, Data: x}, 0, blas64.Vector{N: l, Inc: 1, Data: y})
		}
	})
	b.Run("SubMulTrans", func(b *testing.B) {
		for b.Loop() {
			SubMulTrans(A, n, a, z)
		}
	})
	b.Run("GemvT", func(b *testing.B) {
		for b.Loop() {
			blas64.Gemv(blas.Trans, -1, blas64.General{Rows: t, Cols: n, Stride: n, Data: A}, blas64.Vector{N: t, Inc: 1, Data: a}, 1, blas64.Vector{N: n, Inc: 1, Data: z})
		}
	})
}
