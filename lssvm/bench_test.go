package lssvm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/optim"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// benchEvaluator returns an Evaluator, warmed up, on random data: N = 512 samples, m = 8
// features.
func benchEvaluator(b *testing.B) *Evaluator {
	X, y := synth(rand.New(rand.NewPCG(17, 18)), benchN, 8, true)
	e, err := NewEvaluator(X, y)
	if err != nil {
		b.Fatal(err)
	}
	// Make the buffers allocated on first use, so that B/op shows the steady state.
	for _, k := range []kernel.Kernel{kernel.Gaussian{Sigma: 1}, kernel.Wavelet{A: 1}} {
		if _, _, err := e.LOO(k, 1); err != nil {
			b.Fatal(err)
		}
	}
	return e
}

// BenchmarkLOO is one fitness evaluation of the tuner at N = 512, m = 8: the kernel matrix for
// a new width, the factorisation and the LOO residuals.
func BenchmarkLOO(b *testing.B) {
	for _, tc := range []struct {
		name string
		k    func(w float64) kernel.Kernel
	}{
		{"gaussian", func(w float64) kernel.Kernel { return kernel.Gaussian{Sigma: w} }},
		{"wavelet", func(w float64) kernel.Kernel { return kernel.Wavelet{A: w} }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			e := benchEvaluator(b)
			ks := []kernel.Kernel{tc.k(2), tc.k(3)}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				if _, _, err := e.LOO(ks[i%2], 10); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLOOStages times the parts of one LOO evaluation at N = 512, m = 8.
func BenchmarkLOOStages(b *testing.B) {
	e := benchEvaluator(b)
	n := e.n
	if _, _, err := e.LOO(kernel.Gaussian{Sigma: 2}, 10); err != nil {
		b.Fatal(err)
	}
	g := []kernel.Kernel{kernel.Gaussian{Sigma: 2}, kernel.Gaussian{Sigma: 3}}
	w := []kernel.Kernel{kernel.Wavelet{A: 2}, kernel.Wavelet{A: 3}}
	b.Run("fill-gaussian", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			i++
			_ = e.fill(g[i%2], 10)
		}
	})
	b.Run("fill-wavelet", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			i++
			_ = e.fill(w[i%2], 10)
		}
	})
	_ = e.fill(g[0], 10)
	h := append([]float64(nil), e.a...)
	b.Run("cholInv", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			copy(e.a, h)
			if !e.w.cholInv(e.a, n, e.z, n, n, e.t) {
				b.Fatal("not SPD")
			}
		}
	})
	b.Run("fromInverse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e.fromInverse()
		}
	})
}

// pidLike returns n samples shaped like the Pima diabetes set (pid in Ren and Bai 2011): 8
// standardised features, some correlated, and +-1 labels from a noisy nonlinear rule with about
// a third positive.
func pidLike(rng *rand.Rand, n int) ([][]float64, []float64) {
	X := make([][]float64, n)
	y := make([]float64, n)
	for i := range X {
		x := make([]float64, 8)
		for j := range x {
			x[j] = rng.NormFloat64()
		}
		x[5] = 0.6*x[1] + 0.8*x[5] // correlated pairs, as glucose / BMI / age are
		x[7] = 0.5*x[0] + 0.866*x[7]
		f := 1.1*x[1] + 0.5*x[5] + 0.4*x[7] - 0.3*x[2]*x[6] + 0.5*math.Sin(2*x[3]) - 0.6 + 0.9*rng.NormFloat64()
		X[i], y[i] = x, sign(f)
	}
	return X, y
}

// BenchmarkTune is one whole Tune run with CCA (the settings of Ren and Bai, the optim
// defaults) on pid-sized data, N = 512, m = 8, Gaussian kernel.
func BenchmarkTune(b *testing.B) {
	X, y := pidLike(rand.New(rand.NewPCG(27, 28)), benchN)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			evals := 0
			for b.Loop() {
				res, err := Tune(X, y, "gaussian", true, optim.CCA{}, optim.Settings{Seed: 1, Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				evals = res.Evaluations
			}
			b.ReportMetric(float64(evals), "evals/op")
		})
	}
}

// evalOnly hides a kernel's type, so that the Evaluator calls its Eval for every entry.
type evalOnly struct{ kernel.Kernel }

// BenchmarkLOOVariants compares routes to one LOO evaluation at N = 512, m = 8 (Gaussian, a
// new sigma each time): the obvious one (kernel.Eval for every entry, gonum's Dpotrf and
// Dtrtri), the fast kernel matrix with gonum's factorisation, and the package's own route.
func BenchmarkLOOVariants(b *testing.B) {
	gonumFactor := func(e *Evaluator) {
		n := e.n
		if _, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: n, Stride: n, Data: e.a}); !ok {
			b.Fatal("not SPD")
		}
		if e.z == nil {
			e.z = make([]float64, n*n)
		}
		for i := 0; i < n; i++ {
			copy(e.z[i*n:i*n+i+1], e.a[i*n:])
		}
		if !lapack64.Trtri(blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: n, Stride: n, Data: e.z}) {
			b.Fatal("singular")
		}
		e.fromInverse()
	}
	for _, tc := range []struct {
		name   string
		k      func(sigma float64) kernel.Kernel
		factor func(e *Evaluator)
	}{
		{"Eval-fill+gonum-Dpotrf+Dtrtri", func(s float64) kernel.Kernel { return evalOnly{kernel.Gaussian{Sigma: s}} }, gonumFactor},
		{"fast-fill+gonum-Dpotrf+Dtrtri", func(s float64) kernel.Kernel { return kernel.Gaussian{Sigma: s} }, gonumFactor},
		{"fast-fill+own-cholInv", func(s float64) kernel.Kernel { return kernel.Gaussian{Sigma: s} }, nil},
	} {
		b.Run(tc.name, func(b *testing.B) {
			e := benchEvaluator(b)
			ks := []kernel.Kernel{tc.k(2), tc.k(3)}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				if tc.factor == nil {
					if err := e.solve(ks[i%2], 10); err != nil {
						b.Fatal(err)
					}
					continue
				}
				if err := e.fill(ks[i%2], 10); err != nil {
					b.Fatal(err)
				}
				tc.factor(e)
			}
			b.StopTimer()
			want := benchEvaluator(b)
			if err := want.solve(ks[i%2], 10); err != nil {
				b.Fatal(err)
			}
			for j, r := range want.res {
				if math.Abs(e.res[j]-r) > 1e-9*(1+math.Abs(r)) {
					b.Fatalf("residual %d: %v, own route %v", j, e.res[j], r)
				}
			}
		})
	}
}

// BenchmarkLOOK is one fitness evaluation of TuneK at N = 512, m = 8 with K one-vs-rest
// outputs (random classes), against K = 1: one factorisation, K more right-hand sides.
func BenchmarkLOOK(b *testing.B) {
	rng := rand.New(rand.NewPCG(39, 40))
	X, _ := synth(rng, benchN, 8, false)
	class := make([]int, benchN)
	for _, K := range []int{1, 2, 3, 5, 10} {
		for i := range class {
			class[i] = rng.IntN(K + 1)
		}
		Y, err := OneVsRest(class, K+1)
		if err != nil {
			b.Fatal(err)
		}
		Y = Y[:K]
		b.Run(fmt.Sprintf("K=%d", K), func(b *testing.B) {
			e, err := NewEvaluatorK(X, Y)
			if err != nil {
				b.Fatal(err)
			}
			ks := []kernel.Kernel{kernel.Gaussian{Sigma: 2}, kernel.Gaussian{Sigma: 3}}
			if _, _, err := e.LOO(ks[0], 10); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				if _, _, err := e.LOO(ks[i%2], 10); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFromInverseK times the part of a LOO evaluation that grows with K at N = 512: the
// K + 1 right-hand sides through L^-1 and its transpose, once L^-1 is known.
func BenchmarkFromInverseK(b *testing.B) {
	rng := rand.New(rand.NewPCG(41, 42))
	X, _ := synth(rng, benchN, 8, false)
	for _, K := range []int{1, 2, 3, 5, 10} {
		Y := make([][]float64, K)
		for j := range Y {
			Y[j] = make([]float64, benchN)
			for i := range Y[j] {
				Y[j][i] = sign(rng.NormFloat64())
			}
		}
		b.Run(fmt.Sprintf("K=%d", K), func(b *testing.B) {
			e, err := NewEvaluatorK(X, Y)
			if err != nil {
				b.Fatal(err)
			}
			if err := e.solve(kernel.Gaussian{Sigma: 2}, 10); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				e.fromInverse()
			}
		})
	}
}
