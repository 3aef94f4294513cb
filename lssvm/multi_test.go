package lssvm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/optim"
)

// blobs returns n points of c Gaussian blobs in m dimensions (m >= 2), their class indices and
// one-vs-rest targets: class j is centred at radius r in direction 2 pi j / c of the first two
// coordinates, with unit-variance noise scaled by spread.
func blobs(rng *rand.Rand, n, m, c int, r, spread float64) ([][]float64, []int, [][]float64) {
	X := make([][]float64, n)
	class := make([]int, n)
	for i := range X {
		j := rng.IntN(c)
		x := make([]float64, m)
		for l := range x {
			x[l] = spread * rng.NormFloat64()
		}
		a := 2 * math.Pi * float64(j) / float64(c)
		x[0] += r * math.Cos(a)
		x[1] += r * math.Sin(a)
		X[i], class[i] = x, j
	}
	Y, err := OneVsRest(class, c)
	if err != nil {
		panic(err)
	}
	return X, class, Y
}

// bruteLOOK refits FitK on the N-1 other points for every i and returns the residuals
// Y[j][i] - f_j(x_i), output after output.
func bruteLOOK(t *testing.T, X, Y [][]float64, k kernel.Kernel, gamma float64) []float64 {
	t.Helper()
	n := len(X)
	r := make([]float64, len(Y)*n)
	Yi := make([][]float64, len(Y))
	for i := range X {
		Xi := append(append([][]float64(nil), X[:i]...), X[i+1:]...)
		for j, y := range Y {
			Yi[j] = append(append([]float64(nil), y[:i]...), y[i+1:]...)
		}
		mach, err := FitK(Xi, Yi, k, gamma)
		if err != nil {
			t.Fatalf("refit without %d: %v", i, err)
		}
		for j, f := range mach.Decision(X[i]) {
			r[j*n+i] = Y[j][i] - f
		}
	}
	return r
}

func TestLOOKMatchesRefits(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	real3 := func(n, m int) ([][]float64, [][]float64) { // three real-valued targets
		X, y0 := synth(rng, n, m, false)
		Y := [][]float64{y0, make([]float64, n), make([]float64, n)}
		for i, x := range X {
			Y[1][i] = math.Cos(x[0]) + 0.2*rng.NormFloat64()
			Y[2][i] = x[m-1]*x[0] + 0.2*rng.NormFloat64()
		}
		return X, Y
	}
	type data struct {
		X, Y [][]float64
	}
	mk := func(X [][]float64, _ []int, Y [][]float64) data { return data{X, Y} }
	tests := []struct {
		name   string
		d      data
		k      kernel.Kernel
		wantLU bool
	}{
		{"gaussian 3 classes", mk(blobs(rng, 60, 2, 3, 2, 1)), kernel.Gaussian{Sigma: 1.2}, false},
		{"gaussian 5 classes 4-d", mk(blobs(rng, 80, 4, 5, 2, 1)), &kernel.Gaussian{Sigma: 2}, false},
		{"wavelet 3 classes", mk(blobs(rng, 60, 3, 3, 2, 1)), kernel.Wavelet{A: 1.5}, false},
		{"wavelet narrow 4 classes", mk(blobs(rng, 50, 2, 4, 1.5, 1)), &kernel.Wavelet{A: 0.7}, false},
		{"gaussian 3 real targets", func() data { X, Y := real3(60, 3); return data{X, Y} }(), kernel.Gaussian{Sigma: 1.3}, false},
		{"sigmoid 3 classes (LU)", mk(blobs(rng, 40, 3, 3, 2, 1)), sigmoid{}, true},
	}
	for _, tc := range tests {
		X, Y := tc.d.X, tc.d.Y
		e, err := NewEvaluatorK(X, Y)
		if err != nil {
			t.Fatal(err)
		}
		n := len(X)
		for _, gamma := range []float64{0.1, 3, 100, 1e4} {
			t.Run(fmt.Sprintf("%s/gamma=%g", tc.name, gamma), func(t *testing.T) {
				mse, miss, err := e.LOO(tc.k, gamma)
				if err != nil {
					t.Fatal(err)
				}
				if tc.wantLU && gamma > 1 && e.lu == nil {
					t.Error("LU fall-back not used")
				} else if !tc.wantLU && e.lu != nil {
					t.Error("LU fall-back used")
				}
				r := e.Residuals(nil)
				want := bruteLOOK(t, X, Y, tc.k, gamma)
				var worst, wantMSE float64
				for i := range r {
					worst = max(worst, math.Abs(r[i]-want[i]))
					wantMSE += want[i] * want[i]
				}
				wantMSE /= float64(n)
				rel := worst / maxAbs(want)
				t.Logf("max |r - r_refit| / max |r_refit| = %.2g", rel)
				if rel > 1e-9 {
					t.Errorf("residuals differ from refits by %.3g (relative)", rel)
				}
				for j := range Y {
					rj := e.OutputResiduals(j, nil)
					for i := range rj {
						if rj[i] != r[j*n+i] {
							t.Fatalf("OutputResiduals(%d)[%d] = %v, Residuals has %v", j, i, rj[i], r[j*n+i])
						}
					}
				}
				if math.Abs(mse-wantMSE) > 1e-9*wantMSE {
					t.Errorf("LOO MSE = %v, refits give %v", mse, wantMSE)
				}
				wantMiss := 0
				for i := range X {
					best, cls := 0, 0
					for j := range Y {
						if Y[j][i]-want[j*n+i] > Y[best][i]-want[best*n+i] {
							best = j
						}
						if Y[j][i] > Y[cls][i] {
							cls = j
						}
					}
					if best != cls {
						wantMiss++
					}
				}
				if miss != wantMiss {
					t.Errorf("misclassified = %d, refits give %d", miss, wantMiss)
				}
				pm, pmiss, err := LOOK(X, Y, tc.k, gamma)
				if err != nil || pm != mse || pmiss != miss {
					t.Errorf("LOOK = %v, %d, %v; Evaluator gave %v, %d", pm, pmiss, err, mse, miss)
				}
			})
		}
	}
}

// TestOutputsBitForBit checks that K = 1 through the K-output API is the single-output API, and
// that every output of a K-output fit is, bit for bit, the fit of that output alone.
func TestOutputsBitForBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	for _, tc := range []struct {
		name string
		k    kernel.Kernel
	}{
		{"gaussian", kernel.Gaussian{Sigma: 1.1}},
		{"wavelet", kernel.Wavelet{A: 1.7}},
		{"sigmoid (LU)", sigmoid{}},
	} {
		X, _, Y := blobs(rng, 70, 3, 4, 2, 1)
		for _, gamma := range []float64{0.3, 1e3} {
			t.Run(fmt.Sprintf("%s/gamma=%g", tc.name, gamma), func(t *testing.T) {
				mk, err := FitK(X, Y, tc.k, gamma)
				if err != nil {
					t.Fatal(err)
				}
				eK, err := NewEvaluatorK(X, Y)
				if err != nil {
					t.Fatal(err)
				}
				if _, _, err := eK.LOO(tc.k, gamma); err != nil {
					t.Fatal(err)
				}
				for j, y := range Y {
					m1, err := Fit(X, y, tc.k, gamma, true)
					if err != nil {
						t.Fatal(err)
					}
					k1, err := FitK(X, Y[j:j+1], tc.k, gamma)
					if err != nil {
						t.Fatal(err)
					}
					if !same(m1.Coef, mk.Coef[j]) || m1.Bias != mk.Bias[j] || !same(m1.Coef, k1.Coef[0]) || m1.Bias != k1.Bias[0] {
						t.Errorf("output %d: FitK differs from Fit", j)
					}
					mse, miss, err := LOO(X, y, tc.k, gamma)
					if err != nil {
						t.Fatal(err)
					}
					if kmse, kmiss, err := LOOK(X, Y[j:j+1], tc.k, gamma); err != nil || kmse != mse || kmiss != miss {
						t.Errorf("output %d: LOOK with K = 1 gives %v, %d, %v; LOO %v, %d", j, kmse, kmiss, err, mse, miss)
					}
					e1, err := NewEvaluator(X, y)
					if err != nil {
						t.Fatal(err)
					}
					if _, _, err := e1.LOO(tc.k, gamma); err != nil {
						t.Fatal(err)
					}
					if !same(e1.Residuals(nil), eK.OutputResiduals(j, nil)) {
						t.Errorf("output %d: residuals differ from those of the output alone", j)
					}
				}
			})
		}
	}
	X, y := synth(rng, 40, 2, false)
	r1, err := Tune(X, y, "wavelet", false, optim.CCA{MaxDecades: 6}, optim.Settings{Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	rK, err := TuneK(X, [][]float64{y}, "wavelet", optim.CCA{MaxDecades: 6}, optim.Settings{Seed: 3, Workers: 2})
	if err != nil || rK != r1 {
		t.Errorf("TuneK with K = 1: %+v, %v; Tune: %+v", rK, err, r1)
	}
}

func same(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// TestMultiClassBlobs tunes and fits a 3-class one-vs-rest LS-SVM on blobs and checks its
// accuracy on fresh points, and that the LOO count estimates it.
func TestMultiClassBlobs(t *testing.T) {
	for _, kind := range []string{"gaussian", "wavelet"} {
		t.Run(kind, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(35, 36))
			X, _, Y := blobs(rng, 150, 2, 3, 2, 0.8)
			Xt, ct, _ := blobs(rng, 1000, 2, 3, 2, 0.8)
			res, err := TuneK(X, Y, kind, optim.CCA{}, optim.Settings{Seed: 1, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			mach, err := FitK(X, Y, res.Kernel, res.Gamma)
			if err != nil {
				t.Fatal(err)
			}
			wrong := 0
			for i, x := range Xt {
				if mach.Class(x) != ct[i] {
					wrong++
				}
			}
			testErr := float64(wrong) / float64(len(Xt))
			looErr := float64(res.Misclassified) / float64(len(X))
			t.Logf("gamma %.4g, width %.4g, LOO MSE %.4f; LOO error %.3f, test error %.3f (%d evaluations)",
				res.Gamma, res.Width, res.MSE, looErr, testErr, res.Evaluations)
			// The three blobs overlap a little: the Bayes error (nearest centre) is about 3%.
			if testErr > 0.08 {
				t.Errorf("test error %.3f, want at most 0.08", testErr)
			}
			if math.Abs(looErr-testErr) > 0.05 {
				t.Errorf("LOO error %.3f far from the test error %.3f", looErr, testErr)
			}
			grid := gridBestK(t, X, Y, kind)
			if res.MSE > grid*(1+1e-3) {
				t.Errorf("TuneK LOO MSE %v, worse than the grid's %v", res.MSE, grid)
			}
		})
	}
}

// gridBestK is gridBest for K outputs.
func gridBestK(t *testing.T, X, Y [][]float64, kind string) float64 {
	t.Helper()
	e, err := NewEvaluatorK(X, Y)
	if err != nil {
		t.Fatal(err)
	}
	best := math.Inf(1)
	for i := 0; i < 7; i++ {
		gamma := math.Pow(10, -1+5*float64(i)/6)
		for j := 0; j < 7; j++ {
			w := math.Pow(10, -1+3*float64(j)/6)
			if mse, _, err := e.LOO(tuneKinds[kind].value(w), gamma); err == nil {
				best = min(best, mse)
			}
		}
	}
	return best
}

func TestEvaluatorKAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	X, _, Y := blobs(rng, 100, 8, 7, 2, 1)
	e, err := NewEvaluatorK(X, Y)
	if err != nil {
		t.Fatal(err)
	}
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
		t.Errorf("Evaluator.LOO with %d outputs allocates %v times per call pair, want 0", e.Outputs(), allocs)
	}
}

func TestMultiErrors(t *testing.T) {
	X := [][]float64{{0, 1}, {1, 0}, {1, 1}}
	Y := [][]float64{{1, -1, -1}, {-1, 1, 1}}
	g := kernel.Gaussian{Sigma: 1}
	tests := []struct {
		name string
		err  error
	}{
		{"no outputs", func() error { _, err := NewEvaluatorK(X, nil); return err }()},
		{"short output", func() error { _, err := FitK(X, [][]float64{Y[0], Y[1][:2]}, g, 1); return err }()},
		{"no samples", func() error { _, _, err := LOOK(nil, [][]float64{{}}, g, 1); return err }()},
		{"LOOK one sample", func() error { _, _, err := LOOK(X[:1], [][]float64{{1}, {-1}}, g, 1); return err }()},
		{"TuneK unknown kernel", func() error {
			_, err := TuneK(X, Y, "laplace", optim.CCA{}, optim.Settings{})
			return err
		}()},
		{"TuneK ragged", func() error {
			_, err := TuneK(X, [][]float64{{1}}, "gaussian", optim.CCA{}, optim.Settings{})
			return err
		}()},
		{"OneVsRest class out of range", func() error { _, err := OneVsRest([]int{0, 3}, 3); return err }()},
		{"OneVsRest no classes", func() error { _, err := OneVsRest(nil, 0); return err }()},
		{"FitK gamma 0", func() error { _, err := FitK(X, Y, g, 0); return err }()},
	}
	for _, tc := range tests {
		if tc.err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	if mse, _, _ := LOOK(X, Y, g, -1); !math.IsInf(mse, 1) {
		t.Errorf("LOOK with an invalid gamma: mse = %v, want +Inf", mse)
	}
}

func TestOneVsRest(t *testing.T) {
	Y, err := OneVsRest([]int{2, 0, 1, 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{-1, 1, -1, -1}, {-1, -1, 1, -1}, {1, -1, -1, 1}}
	for j := range want {
		if !same(Y[j], want[j]) {
			t.Errorf("Y[%d] = %v, want %v", j, Y[j], want[j])
		}
	}
}
