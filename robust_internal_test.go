package sparsekernel

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
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

// TestSkewness checks the targets' quantile skewness against values worked by hand and its
// invariances: 0 for symmetric or tied samples, (t-1)/(t+1) for an upper tail t times the
// lower, negated with the sample, the same at any scale and offset.
func TestSkewness(t *testing.T) {
	ramp := make([]float64, 11) // 0..10: q10 = 1, q50 = 5, q90 = 9
	for i := range ramp {
		ramp[i] = float64(i)
	}
	bent := make([]float64, 11) // the upper half stretched 5 times: q90 = 5 + 20
	for i, v := range ramp {
		bent[i] = v
		if v > 5 {
			bent[i] = 5 + 5*(v-5)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	lognormal := make([]float64, 20000)
	for i := range lognormal {
		lognormal[i] = math.Exp(2 * rng.NormFloat64())
	}
	for _, tc := range []struct {
		name string
		y    []float64
		want float64
		tol  float64
	}{
		{"symmetric", ramp, 0, 1e-15},
		{"upper tail five times the lower", bent, 4.0 / 6, 1e-15},
		{"all tied", []float64{2, 2, 2, 2}, 0, 0},
		{"one value", []float64{7}, 0, 0},
		{"none", nil, 0, 0},
		{"90 % tied", append(append([]float64{0}, slices.Repeat([]float64{1}, 18)...), 9), 0, 0},
		// tanh(sigma z / 2), z = 1.2816 the normal's 90th percentile
		{"log-normal, sigma 2", lognormal, math.Tanh(2 * 1.2816 / 2), 0.02},
	} {
		b := skewness(tc.y)
		if math.Abs(b-tc.want) > tc.tol {
			t.Errorf("%s: %v, want %v", tc.name, b, tc.want)
		}
		moved := make([]float64, len(tc.y))
		for i, v := range tc.y {
			moved[i] = -3*v + 1e3
		}
		if m := skewness(moved); math.Abs(m+b) > 1e-9 {
			t.Errorf("%s: %v after -3 y + 1000, %v before", tc.name, m, b)
		}
	}
}

// TestHuberRefitsKeepThePool: a Huber refit draws as many random candidates as the
// squared-error fit before it did (robustFit passes fitContext.pool on as candidates, and
// autoOptions hands that to the engine), so that a fit that started again with more does not
// start again in every refit.
func TestHuberRefitsKeepThePool(t *testing.T) {
	y := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 100} // one wild target
	oof := make([][]float64, len(y))
	for i, v := range y {
		oof[i] = []float64{v}
	}
	fc := &fitContext{p: &problem{task: model.Regression, y: y}, opt: Options{Method: Auto, Loss: LossHuber},
		m: &model.Model{}, oof: oof, pool: 321}
	var asked []int
	fit := func(c *fitContext) error {
		asked = append(asked, c.candidates, autoOptions(c).Candidates)
		c.oof, c.pool = oof, c.candidates
		return nil
	}
	if _, err := robustFit(fc, fit, func() *model.Model { return &model.Model{} }, nil); err != nil {
		t.Fatal(err)
	}
	if len(asked) == 0 || slices.ContainsFunc(asked, func(c int) bool { return c != 321 }) {
		t.Errorf("refits drew %v candidates (the fit's own, then the engine's), want 321 each", asked)
	}
}
