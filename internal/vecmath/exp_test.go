package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

func expNeg(x float64) float64 {
	var dst [1]float64
	ExpScaled(dst[:], []float64{x}, 1)
	return dst[0]
}

func TestExpScaled(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	worst := 0.0
	check := func(x float64) {
		got, want := expNeg(x), math.Exp(x)
		if got == want {
			return
		}
		ulp := math.Abs(got-want) / (math.Nextafter(want, math.Inf(1)) - want)
		worst = max(worst, ulp)
		if ulp > 2 {
			t.Errorf("expNeg(%v) = %v, math.Exp gives %v (%.1f ulp)", x, got, want, ulp)
		}
	}
	for _, x := range []float64{0, -1e-300, -0x1p-60, -math.Ln2 / 128, -math.Ln2, -1, -20, -700, -708, -708.1, -745, -746, -1e10} {
		check(x)
	}
	for i := 0; i < 200000; i++ {
		check(-rng.Float64() * math.Pow(10, 3*rng.Float64()-1)) // 0 to -1000, log-spread
	}
	for _, x := range []float64{math.Inf(-1), math.NaN()} {
		if got, want := expNeg(x), math.Exp(x); got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("expNeg(%v) = %v, want %v", x, got, want)
		}
	}
	t.Logf("largest difference from math.Exp: %.2f ulp", worst)
}
