package lssvm

import (
	"math/rand/v2"
	"testing"

	"github.com/sparsekernel/sparsekernel/kernel"
)

// benchEvaluator returns an Evaluator on pid-like data: N = 512 samples, m = 8 features.
func benchEvaluator(b *testing.B) *Evaluator {
	X, y := synth(rand.New(rand.NewPCG(17, 18)), benchN, 8, true)
	e, err := NewEvaluator(X, y)
	if err != nil {
		b.Fatal(err)
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
	b.Run("cholesky", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			copy(e.a, h)
			if !e.w.cholesky(e.a, n, n) {
				b.Fatal("not SPD")
			}
		}
	})
	b.Run("trinv", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e.w.trinv(e.z, n, e.a, n, n, e.t)
		}
	})
}
