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

// TestExpScaledForms checks that ExpScaled's assembly form gives its Go form's values bit for
// bit on long inputs, arguments below -708, NaN and -Inf among them.
func TestExpScaledForms(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this processor: only the Go form runs")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for n := 0; n < 80; n++ {
		d := make([]float64, n)
		for i := range d {
			d[i] = rng.Float64() * math.Pow(10, 3*rng.Float64()-1)
			switch rng.IntN(40) {
			case 0:
				d[i] = 708 + rng.Float64()
			case 1:
				d[i] = math.NaN()
			case 2:
				d[i] = math.Inf(1)
			case 3:
				d[i] = 1e10
			}
		}
		for _, c := range []float64{-1, -0.37, -1 / 0.0625} {
			got, want := make([]float64, n), make([]float64, n)
			ExpScaled(got, d, c)
			expScaledGo(want, d, c)
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
					t.Fatalf("n %d, c %g, entry %d (d %v): assembly %v, Go %v", n, c, i, d[i], got[i], want[i])
				}
			}
		}
	}
}

func BenchmarkExpScaled(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	d, dst := make([]float64, 230*240), make([]float64, 230*240)
	for i := range d {
		d[i] = 4 * rng.Float64()
	}
	b.Run("ExpScaled", func(b *testing.B) {
		for b.Loop() {
			ExpScaled(dst, d, -1/0.0625)
		}
	})
	b.Run("go", func(b *testing.B) {
		for b.Loop() {
			expScaledGo(dst, d, -1/0.0625)
		}
	})
}
