package sparsekernel

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestBestPower checks the likelihood's power on data made by inverting a known power.
func TestBestPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, l0 := range []float64{0, 0.5, -0.5, 2} {
		u := make([]float64, 4000)
		for i := range u {
			g := 0.1 * rng.NormFloat64() // (u+1)^l0 - 1 = l0 g, or ln(u+1) = g
			if l0 == 0 {
				u[i] = math.Expm1(g)
			} else {
				u[i] = math.Pow(1+l0*g, 1/l0) - 1
			}
		}
		if got := bestPower(u); math.Abs(got-l0) > 0.3 {
			t.Errorf("power %v: got %v", l0, got)
		}
	}
}

func TestFitPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	X := make([][]float64, 500)
	for i := range X {
		g := rng.NormFloat64()
		X[i] = []float64{rng.NormFloat64(), float64(rng.IntN(2)), 100 + math.Exp(1.5*g), -math.Exp(g)}
	}
	p := fitPower(X)
	if p == nil {
		t.Fatal("no input transformed")
	}
	for j, want := range []bool{false, false, true, true} {
		if got := p.Lambda[j] != 1; got != want {
			t.Errorf("input %d: power %v, transformed %v, want %v", j+1, p.Lambda[j], got, want)
		}
	}
	if p.Lambda[2] >= 0.5 || p.Lambda[3] <= 1.5 { // right skew compressed, left skew stretched
		t.Errorf("powers %v: want < 0.5 for the right-skewed input, > 1.5 for the left-skewed", p.Lambda)
	}
	lo, _, _, _ := columnShape(X, 2)
	var excess []float64
	for _, x := range X {
		if x[2] > lo {
			excess = append(excess, x[2]-lo)
		}
	}
	slices.Sort(excess)
	if med := excess[len(excess)/2]; p.Shift[2] != lo || p.Scale[2] != med || lo <= 100 {
		t.Errorf("input 3 shifted by %v, scaled by %v; want its minimum %v and its median excess %v", p.Shift[2], p.Scale[2], lo, med)
	}
	for i := range X {
		X[i] = X[i][:2]
	}
	if p := fitPower(X); p != nil {
		t.Errorf("symmetric and binary inputs transformed: %+v", p)
	}
}

// TestAutoPower checks the race of the power-transformed inputs: on classes that follow the
// logarithms of heavy-tailed inputs the default keeps the transform, and does better with it
// than without; Options.NoPower leaves the inputs alone.
func TestAutoPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	gen := func(n int) ([][]float64, []float64) {
		X, y := make([][]float64, n), make([]float64, n)
		for i := range X {
			g1, g2 := rng.NormFloat64(), rng.NormFloat64()
			X[i] = []float64{math.Exp(3 * g1), math.Exp(3 * g2), rng.NormFloat64()}
			if math.Sin(2*g1)+0.5*g2 > 0 {
				y[i] = 1
			}
		}
		return X, y
	}
	X, y := gen(400)
	Xt, yt := gen(2000)
	test := func(opt Options) (float64, bool) {
		m, err := Fit(X, y, opt)
		if err != nil {
			t.Fatal(err)
		}
		wrong := 0
		for i, x := range Xt {
			f, err := m.Decision(x)
			if err != nil {
				t.Fatal(err)
			}
			if (f[0] > 0) != (yt[i] == 1) {
				wrong++
			}
		}
		if (m.Scaling.Power != nil) != strings.Contains(m.Training.Chose, "power-transformed") {
			t.Errorf("power %v, but chose: %s", m.Scaling.Power, m.Training.Chose)
		}
		return float64(wrong) / float64(len(Xt)), m.Scaling.Power != nil
	}
	errPow, kept := test(Options{Seed: 1})
	errRaw, keptRaw := test(Options{Seed: 1, NoPower: true})
	if !kept || keptRaw {
		t.Fatalf("transform kept %v by default, %v under NoPower", kept, keptRaw)
	}
	// The tunable nodes start from the default's fixed nodes, and build on the inputs it kept.
	if _, keptPSO := test(Options{Seed: 1, Method: PSO}); !keptPSO {
		t.Errorf("pso: the transform not kept")
	}
	if errPow >= errRaw {
		t.Errorf("test error %.3f with the transform, %.3f without", errPow, errRaw)
	}
	t.Logf("test error %.3f with the transform, %.3f without", errPow, errRaw)
}

// TestFitPowerExtremes checks that inputs whose third moment overflows are left alone, and that a
// fit on them still succeeds.
func TestFitPowerExtremes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	X := make([][]float64, 60)
	y := make([]float64, len(X))
	for i := range X {
		g := rng.NormFloat64()
		X[i] = []float64{1e150 * math.Exp(g), math.Exp(3 * g), 1e-300 * math.Exp(2*g)}
		if g+0.3*rng.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	if p := fitPower(X); p == nil || p.Lambda[0] != 1 || p.Lambda[1] == 1 {
		t.Errorf("powers %+v: want input 1 (moments overflow) left alone, input 2 transformed", p)
	}
	if _, err := Fit(X, y, Options{Seed: 1}); err != nil {
		t.Errorf("Fit: %v", err)
	}
}
