package lssvm

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randSPD returns a random n x n SPD matrix (row-major, full) with a moderate condition number.
func randSPD(rng *rand.Rand, n int) []float64 {
	g := make([]float64, n*n)
	for i := range g {
		g[i] = rng.NormFloat64()
	}
	a := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j <= i; j++ {
			var s float64
			for p := 0; p < n; p++ {
				s += g[i*n+p] * g[j*n+p]
			}
			a[i*n+j], a[j*n+i] = s, s
		}
		a[i*n+i] += float64(n)
	}
	return a
}

// at returns element (i, p) of the operand.
func (o operand) at(i, p int) float64 {
	if o.trans {
		return o.data[p*o.ld+i]
	}
	return o.data[i*o.ld+p]
}

// withKernel runs f with each micro-kernel pair installed in turn: plain Go and, if it
// differs, the one chosen at start-up.
func withKernel(t *testing.T, f func(t *testing.T)) {
	k, kc, name := microKernel, microKernelC, kernelName
	defer func() { microKernel, microKernelC = k, kc }()
	microKernel, microKernelC = microKernelGo, microKernelCGo
	t.Run("go", f)
	if name != "go" {
		microKernel, microKernelC = k, kc
		t.Run(name, f)
	}
}

func TestMulAdd(t *testing.T) { withKernel(t, testMulAdd) }

func TestCholeskyAndInverse(t *testing.T) { withKernel(t, testCholeskyAndInverse) }

func testMulAdd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	w := newGemmWork(800)
	tests := []struct {
		name          string
		m, n, k       int
		ta, tb        bool
		flags         int
		lda, ldb, ldc int
	}{
		{"small", 5, 3, 7, false, false, 0, 9, 9, 9},
		{"exact tiles", 12, 16, 20, false, false, 0, 20, 20, 16},
		{"trans both", 13, 17, 19, true, true, 0, 40, 40, 40},
		{"big k and n", 37, 600, 300, false, true, 0, 700, 700, 700},
		{"lowerC", 45, 45, 30, false, false, lowerC, 50, 50, 50},
		{"lowerA", 45, 21, 45, false, true, lowerA, 50, 50, 50},
		{"upperB", 33, 40, 40, false, true, upperB, 50, 50, 50},
		{"lowerB", 33, 40, 40, false, false, lowerB, 50, 50, 50},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := make([]float64, 800*800)
			b := make([]float64, 800*800)
			for i := range a {
				a[i], b[i] = rng.NormFloat64(), rng.NormFloat64()
			}
			A := operand{a, tc.lda, tc.ta}
			B := operand{b, tc.ldb, tc.tb}
			if tc.flags&lowerA != 0 { // zero A(i, p), p > i, as stored
				for i := 0; i < tc.m; i++ {
					for p := i + 1; p < tc.k; p++ {
						if tc.ta {
							a[p*tc.lda+i] = 0
						} else {
							a[i*tc.lda+p] = 0
						}
					}
				}
			}
			if tc.flags&lowerB != 0 {
				for j := 0; j < tc.n; j++ {
					for p := j + 1; p < tc.k; p++ {
						b[j*tc.ldb+p] = 0
					}
				}
			}
			if tc.flags&upperB != 0 {
				for j := 0; j < tc.n; j++ {
					for p := 0; p < j && p < tc.k; p++ {
						if tc.tb {
							b[p*tc.ldb+j] = 0
						} else {
							b[j*tc.ldb+p] = 0
						}
					}
				}
			}
			c := make([]float64, tc.m*tc.ldc)
			for i := range c {
				c[i] = rng.NormFloat64()
			}
			want := append([]float64(nil), c...)
			for i := 0; i < tc.m; i++ {
				for j := 0; j < tc.n; j++ {
					if tc.flags&lowerC != 0 && j > i {
						continue
					}
					var s float64
					for p := 0; p < tc.k; p++ {
						s += A.at(i, p) * B.at(j, p)
					}
					want[i*tc.ldc+j] -= 0.5 * s
				}
			}
			w.mulAdd(c, tc.ldc, tc.m, tc.n, tc.k, A, B, -0.5, tc.flags)
			for i := range c {
				if math.Abs(c[i]-want[i]) > 1e-12*(1+math.Abs(want[i]))*float64(tc.k) {
					t.Fatalf("c[%d] = %v, want %v", i, c[i], want[i])
				}
			}
		})
	}
}

func testCholeskyAndInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	w := newGemmWork(300)
	for _, n := range []int{1, 7, 32, 33, 70, 129, 300} {
		a := randSPD(rng, n)
		l := append([]float64(nil), a...)
		z := make([]float64, n*n)
		if !w.cholInv(l, n, z, n, n, make([]float64, (n/2+nr)*(n/2+nr))) {
			t.Fatalf("n=%d: cholInv failed on an SPD matrix", n)
		}
		// L L' = A on the lower triangle; upper triangle untouched.
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if j > i {
					if l[i*n+j] != a[i*n+j] {
						t.Fatalf("n=%d: upper triangle written at (%d,%d)", n, i, j)
					}
					continue
				}
				var s float64
				for p := 0; p <= j; p++ {
					s += l[i*n+p] * l[j*n+p]
				}
				if math.Abs(s-a[i*n+j]) > 1e-12*float64(n)*float64(n) {
					t.Fatalf("n=%d: (LL')_%d%d = %v, want %v", n, i, j, s, a[i*n+j])
				}
			}
		}
		// Z L = I; Z's upper triangle still zero.
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if j > i {
					if z[i*n+j] != 0 {
						t.Fatalf("n=%d: Z upper (%d,%d) = %v", n, i, j, z[i*n+j])
					}
					continue
				}
				var s float64
				for p := j; p <= i; p++ {
					s += z[i*n+p] * l[p*n+j]
				}
				want := 0.0
				if i == j {
					want = 1
				}
				if math.Abs(s-want) > 1e-12 {
					t.Fatalf("n=%d: (Z L)_%d%d = %v, want %v", n, i, j, s, want)
				}
			}
		}
	}
	// A symmetric indefinite matrix is reported, not factored, small or large.
	for _, n := range []int{2, 100} {
		a := randSPD(rng, n)
		a[(n-1)*n+n-1] = -1
		if w.cholInv(a, n, make([]float64, n*n), n, n, make([]float64, (n/2+nr)*(n/2+nr))) {
			t.Errorf("n=%d: cholInv accepted an indefinite matrix", n)
		}
	}
}

// The plain Go micro-kernels give the assembly's bits (both fuse each multiply-add, in the same
// order), so that a model does not depend on the machine.
func TestKernelsSameBits(t *testing.T) {
	if kernelName == "go" {
		t.Skip("no assembly kernel on this machine")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range []int{1, 3, 4, 5, 17, 64, 301} {
		lda := k + 3
		a, b := make([]float64, mr*lda), make([]float64, k*nr)
		for i := range a {
			a[i] = rng.NormFloat64() * math.Exp(4*rng.NormFloat64())
		}
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		var got, want [mr * nr]float64
		microKernelGo(k, a, lda, b, &want)
		microKernel(k, a, lda, b, &got)
		if got != want {
			t.Fatalf("k %d: tiles differ:\n%v\n%v", k, got, want)
		}
		c1, c2 := make([]float64, mr*(nr+2)), make([]float64, mr*(nr+2))
		for i := range c1 {
			c1[i] = rng.NormFloat64()
			c2[i] = c1[i]
		}
		microKernelCGo(k, a, lda, b, c1, nr+2, -0.7)
		microKernelC(k, a, lda, b, c2, nr+2, -0.7)
		if !slices.Equal(c1, c2) {
			t.Fatalf("k %d: C updates differ", k)
		}
	}
}
