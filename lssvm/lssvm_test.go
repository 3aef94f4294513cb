package lssvm

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sparsekernel/sparsekernel/kernel"
)

// sigmoid is the tanh kernel, not positive definite: it drives the LU fall-back.
type sigmoid struct{}

func (sigmoid) Eval(x, z []float64) float64 {
	var s float64
	for j := range x {
		s += x[j] * z[j]
	}
	return math.Tanh(0.5*s - 1)
}

// synth returns n random standardised-looking samples with m features and a noisy nonlinear
// target: real-valued, or its sign for classification.
func synth(rng *rand.Rand, n, m int, classification bool) ([][]float64, []float64) {
	X := make([][]float64, n)
	y := make([]float64, n)
	for i := range X {
		X[i] = make([]float64, m)
		for j := range X[i] {
			X[i][j] = rng.NormFloat64()
		}
		x1 := 0.0
		if m > 1 {
			x1 = X[i][1]
		}
		f := math.Sin(2*X[i][0]) + 0.5*x1*x1 - 0.5 + 0.3*rng.NormFloat64()
		if classification {
			f = sign(f)
		}
		y[i] = f
	}
	return X, y
}

func sign(v float64) float64 {
	if v > 0 {
		return 1
	}
	return -1
}

// bruteLOO refits on the N-1 other points for every k and returns the residuals y_k - f(x_k).
func bruteLOO(t *testing.T, X [][]float64, y []float64, k kernel.Kernel, gamma float64, classification bool) []float64 {
	t.Helper()
	n := len(X)
	r := make([]float64, n)
	for i := range X {
		Xi := append(append([][]float64(nil), X[:i]...), X[i+1:]...)
		yi := append(append([]float64(nil), y[:i]...), y[i+1:]...)
		mach, err := Fit(Xi, yi, k, gamma, classification)
		if err != nil {
			t.Fatalf("refit without %d: %v", i, err)
		}
		r[i] = y[i] - mach.Decision(X[i])
	}
	return r
}

func maxAbs(v []float64) float64 {
	var s float64
	for _, x := range v {
		s = max(s, math.Abs(x))
	}
	return s
}

func TestLOOMatchesRefits(t *testing.T) {
	tests := []struct {
		name           string
		n, m           int
		k              kernel.Kernel
		classification bool
		wantLU         bool
	}{
		{"gaussian regression", 60, 3, kernel.Gaussian{Sigma: 1.3}, false, false},
		{"gaussian wide regression", 45, 2, kernel.Gaussian{Sigma: 4}, false, false},
		{"gaussian regression N=200", 200, 8, kernel.Gaussian{Sigma: 2}, false, false},
		{"gaussian classification", 60, 4, kernel.Gaussian{Sigma: 2}, true, false},
		{"wavelet regression", 60, 3, kernel.Wavelet{A: 1.5}, false, false},
		{"wavelet narrow classification", 50, 5, &kernel.Wavelet{A: 0.7}, true, false},
		{"gaussian pointer 1-d", 40, 1, &kernel.Gaussian{Sigma: 0.5}, false, false},
		{"sigmoid (indefinite, LU)", 40, 3, sigmoid{}, false, true},
		{"sigmoid classification (LU)", 40, 3, sigmoid{}, true, true},
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, tc := range tests {
		X, y := synth(rng, tc.n, tc.m, tc.classification)
		e, err := NewEvaluator(X, y)
		if err != nil {
			t.Fatal(err)
		}
		for _, gamma := range []float64{0.1, 3, 100, 1e4} {
			t.Run(tc.name+"/gamma="+ftoa(gamma), func(t *testing.T) {
				mse, miss, err := e.LOO(tc.k, gamma)
				if tc.wantLU && gamma < 1 {
					// A small gamma can make even the sigmoid's H positive definite.
				} else if got := e.lu != nil; got != tc.wantLU {
					t.Errorf("LU fall-back used = %v, want %v", got, tc.wantLU)
				}
				if err != nil {
					t.Fatal(err)
				}
				r := e.Residuals(nil)
				want := bruteLOO(t, X, y, tc.k, gamma, tc.classification)
				var diff []float64
				var wantMSE float64
				wantMiss := 0
				for i := range r {
					diff = append(diff, r[i]-want[i])
					wantMSE += want[i] * want[i]
					if sign(y[i]-want[i]) != sign(y[i]) {
						wantMiss++
					}
				}
				wantMSE /= float64(len(r))
				rel := maxAbs(diff) / maxAbs(want)
				if rel > 1e-9 {
					t.Errorf("residuals differ from refits by %.3g (relative)", rel)
				}
				t.Logf("max |r - r_refit| / max |r_refit| = %.2g", rel)
				if math.Abs(mse-wantMSE) > 1e-9*wantMSE {
					t.Errorf("LOO MSE = %v, refits give %v", mse, wantMSE)
				}
				if miss != wantMiss {
					t.Errorf("misclassified = %d, refits give %d", miss, wantMiss)
				}
				pm, pmiss, err := LOO(X, y, tc.k, gamma)
				if err != nil || pm != mse || pmiss != miss {
					t.Errorf("package LOO = %v, %d, %v; Evaluator gave %v, %d", pm, pmiss, err, mse, miss)
				}
			})
		}
	}
}

func ftoa(v float64) string {
	switch v {
	case 0.1:
		return "0.1"
	case 3:
		return "3"
	case 100:
		return "100"
	}
	return "1e4"
}

// TestFitSolvesSystem builds the bordered systems (docs/ALGORITHMS.md, section 8) from
// kernel.Eval (both the regression form and the classification form with
// Omega_kl = y_k y_l K) and checks Fit's solution against them.
func TestFitSolvesSystem(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	tests := []struct {
		name           string
		k              kernel.Kernel
		gamma          float64
		classification bool
	}{
		{"gaussian regression", kernel.Gaussian{Sigma: 1}, 10, false},
		{"gaussian classification", kernel.Gaussian{Sigma: 2}, 1000, true},
		{"wavelet regression", kernel.Wavelet{A: 1.2}, 50, false},
		{"wavelet classification", kernel.Wavelet{A: 3}, 0.5, true},
		{"sigmoid regression (LU)", sigmoid{}, 1e4, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			X, y := synth(rng, 70, 3, tc.classification)
			mach, err := Fit(X, y, tc.k, tc.gamma, tc.classification)
			if err != nil {
				t.Fatal(err)
			}
			n := len(X)
			// Unknowns: b and alpha (classification: alpha_k = Coef_k / y_k = Coef_k y_k).
			alpha := make([]float64, n)
			border := make([]float64, n)
			rhs := make([]float64, n)
			for i := range alpha {
				alpha[i], border[i], rhs[i] = mach.Coef[i], 1, y[i]
				if tc.classification {
					alpha[i], border[i], rhs[i] = mach.Coef[i]*y[i], y[i], 1
				}
			}
			var res0, scale float64
			for i := range alpha {
				res0 += border[i] * alpha[i]
				scale = max(scale, math.Abs(alpha[i]))
			}
			worst := math.Abs(res0) / scale
			for i := range X {
				s := border[i] * mach.Bias
				for j := range X {
					o := tc.k.Eval(X[i], X[j])
					if tc.classification {
						o *= y[i] * y[j]
					}
					if i == j {
						o += 1 / tc.gamma
					}
					s += o * alpha[j]
				}
				worst = max(worst, math.Abs(s-rhs[i])/(1+math.Abs(rhs[i])))
			}
			if worst > 1e-10 {
				t.Errorf("bordered-system residual %.3g", worst)
			}
		})
	}
}

func TestFitSeparable(t *testing.T) {
	var X [][]float64
	var y []float64
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 40; i++ {
		c := float64(2*(i%2) - 1)
		X = append(X, []float64{2*c + 0.5*rng.NormFloat64(), c + 0.5*rng.NormFloat64()})
		y = append(y, c)
	}
	for _, k := range []kernel.Kernel{kernel.Gaussian{Sigma: 1}, kernel.Wavelet{A: 2}} {
		mach, err := Fit(X, y, k, 100, true)
		if err != nil {
			t.Fatal(err)
		}
		for i, x := range X {
			if got := mach.Predict(x); got != y[i] {
				t.Errorf("%T: Predict(x_%d) = %v, want %v", k, i, got, y[i])
			}
		}
		if _, miss, err := LOO(X, y, k, 100); err != nil || miss != 0 {
			t.Errorf("%T: LOO misclassified %d (err %v), want 0", k, miss, err)
		}
	}
}

// TestKernelMatrix checks the Evaluator's fast kernel matrices against kernel.Eval.
func TestKernelMatrix(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	X, y := synth(rng, 50, 8, false)
	for i := range X {
		for j := range X[i] {
			X[i][j] *= 3 // large wavelet arguments
		}
	}
	e, err := NewEvaluator(X, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []kernel.Kernel{
		kernel.Gaussian{Sigma: 0.3}, kernel.Gaussian{Sigma: 5}, kernel.Wavelet{A: 0.1},
		kernel.Wavelet{A: 0.9}, kernel.Wavelet{A: 40}, sigmoid{},
	} {
		const gamma = 4.0
		if err := e.fill(k, gamma); err != nil {
			t.Fatal(err)
		}
		n := len(X)
		for i := 0; i < n; i++ {
			for j := 0; j <= i; j++ {
				want := k.Eval(X[i], X[j])
				if i == j {
					want += 1 / gamma
				}
				if got := e.a[i*n+j]; math.Abs(got-want) > 1e-13 {
					t.Fatalf("%#v: H_%d%d = %v, want %v", k, i, j, got, want)
				}
			}
		}
	}
}

func TestEvaluatorAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	X, y := synth(rng, 100, 8, true)
	e, err := NewEvaluator(X, y)
	if err != nil {
		t.Fatal(err)
	}
	// Pointer kernels whose fields are updated: converting a kernel value to the
	// kernel.Kernel interface would itself allocate 8 bytes (Go's convT64), outside LOO.
	g, w := &kernel.Gaussian{Sigma: 1}, &kernel.Wavelet{A: 1}
	gamma := 1.0
	allocs := testing.AllocsPerRun(20, func() {
		g.Sigma *= 1.1
		w.A *= 1.05
		gamma *= 2
		if _, _, err := e.LOO(g, gamma); err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.LOO(w, gamma); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Evaluator.LOO allocates %v times per call pair, want 0", allocs)
	}
}

func TestErrors(t *testing.T) {
	X := [][]float64{{0, 1}, {1, 0}, {1, 1}}
	y := []float64{1, -1, 1}
	g := kernel.Gaussian{Sigma: 1}
	tests := []struct {
		name string
		err  error
		want error // nil: any non-nil error
	}{
		{"targets short", func() error { _, err := Fit(X, y[:2], g, 1, false); return err }(), ErrDimensionMismatch},
		{"ragged rows", func() error { _, err := Fit([][]float64{{0, 1}, {1}}, y[:2], g, 1, false); return err }(), ErrDimensionMismatch},
		{"no samples", func() error { _, _, err := LOO(nil, nil, g, 1); return err }(), ErrDimensionMismatch},
		{"LOO one sample", func() error { _, _, err := LOO(X[:1], y[:1], g, 1); return err }(), ErrDimensionMismatch},
		{"label 0", func() error { _, err := Fit(X, []float64{1, 0, -1}, g, 1, true); return err }(), ErrLabel},
		{"gamma 0", func() error { _, err := Fit(X, y, g, 0, false); return err }(), nil},
		{"gamma NaN", func() error { _, _, err := LOO(X, y, g, math.NaN()); return err }(), nil},
		{"sigma 0", func() error { _, _, err := LOO(X, y, kernel.Gaussian{}, 1); return err }(), nil},
		{"wavelet a negative", func() error { _, _, err := LOO(X, y, kernel.Wavelet{A: -1}, 1); return err }(), nil},
		{"singular (duplicate points, huge gamma)", func() error {
			_, _, err := LOO([][]float64{{0}, {0}, {1}}, y, g, 1e300)
			return err
		}(), ErrSingular},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err == nil || (tc.want != nil && !errors.Is(tc.err, tc.want)) {
				t.Errorf("err = %v, want %v", tc.err, tc.want)
			}
		})
	}
	// The failed LOO still reports an infinite MSE for tuners.
	if mse, _, _ := LOO(X, y, g, -1); !math.IsInf(mse, 1) {
		t.Errorf("LOO with an invalid gamma: mse = %v, want +Inf", mse)
	}
}

// TestWaveletPositiveDefinite backs the package documentation's claim: over the whole Tune box,
// H = Omega + I/gamma of the wavelet kernel factors by Cholesky, with no LU fall-back.
func TestWaveletPositiveDefinite(t *testing.T) {
	X, y := synth(rand.New(rand.NewPCG(29, 30)), 150, 8, true)
	for _, a := range []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 100} {
		e, err := NewEvaluator(X, y)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.LOO(kernel.Wavelet{A: a}, maxGamma); err != nil || e.lu != nil {
			t.Errorf("a = %v, gamma = %v: err %v, LU fall-back used %v", a, maxGamma, err, e.lu != nil)
		}
	}
}
