package sparsekernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestHuberGain checks the heavy-tail measure of LossAuto: Huber's least favourable density
// integrates to 1 (its normaliser c_k), the measure is about 0 or below for Gaussian
// residuals, above heavyTails for residuals of which one in 100 is 10 standard deviations
// out, and the same at any scale of the residuals.
func TestHuberGain(t *testing.T) {
	k := huberK
	c := math.Sqrt(2*math.Pi)*math.Erf(k/math.Sqrt2) + 2*math.Exp(-k*k/2)/k
	var integral float64
	const h = 1e-3
	for z := -60 + h/2; z < 60; z += h { // the midpoint rule
		rho := z * z / 2
		if math.Abs(z) > k {
			rho = k*math.Abs(z) - k*k/2
		}
		integral += h * math.Exp(-rho) / c
	}
	if math.Abs(integral-1) > 1e-6 {
		t.Errorf("Huber's least favourable density integrates to %v", integral)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	gauss := make([]float64, 2000)
	for i := range gauss {
		gauss[i] = rng.NormFloat64()
	}
	dirty := make([]float64, len(gauss))
	copy(dirty, gauss)
	for i := 0; i < len(dirty); i += 100 {
		dirty[i] += 10
	}
	for _, tc := range []struct {
		name   string
		r      []float64
		lo, hi float64
	}{
		{"gaussian", gauss, -0.05, 0.02},
		{"one in 100 moved by 10", dirty, heavyTails + 0.05, 2},
		{"zero", make([]float64, 10), 0, 0},
	} {
		g := huberGain(tc.r, k)
		if !(g >= tc.lo && g <= tc.hi) {
			t.Errorf("%s: gain %v, want [%v, %v]", tc.name, g, tc.lo, tc.hi)
		}
		scaled := make([]float64, len(tc.r))
		for i, v := range tc.r {
			scaled[i] = 1e-200 * v
		}
		if s := huberGain(scaled, k); math.Abs(s-g) > 1e-9 {
			t.Errorf("%s: gain %v at the scale 1e-200, %v at 1", tc.name, s, g)
		}
	}
}
