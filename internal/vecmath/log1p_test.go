package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLog1p compares Log1p with math.Log1p bit for bit: on uniform and e^-|f| arguments, on
// the branch points of math.Log1p's arithmetic and their neighbours (2^-54, 2^-29, sqrt(2)-1,
// 1 + x at sqrt(2), 1 and the values just below it, where the |f| < 2^-20 shortcut applies),
// and on arguments outside [0, 1] (negative, above one, NaN, infinities, subnormals), in
// lengths that are not multiples of four.
func TestLog1p(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var xs []float64
	for range 200000 {
		xs = append(xs, r.Float64(), math.Exp(-math.Abs(40*r.NormFloat64())))
	}
	near := func(v float64, k int) {
		for i := -k; i <= k; i++ {
			b := math.Float64bits(v)
			xs = append(xs, math.Float64frombits(uint64(int64(b)+int64(i))))
		}
	}
	near(1.0/(1<<54), 3)
	near(1.0/(1<<29), 3)
	near(math.Sqrt2-1, 8)
	near(math.Nextafter(math.Sqrt2, 0)-1, 8)
	near(1, 12)
	near(0.5, 3)
	for _, v := range []float64{0, math.Copysign(0, -1), 5e-324, 1e-310, -1e-300, -0.25, -1, 1.5, 2, 1e300,
		math.Inf(1), math.Inf(-1), math.NaN()} {
		xs = append(xs, v)
	}
	for _, n := range []int{len(xs), len(xs) - 1, len(xs) - 2, len(xs) - 3, 5, 4, 3, 0} {
		x := xs[len(xs)-n:]
		dst := make([]float64, n)
		Log1p(dst, x)
		for j, v := range x {
			want := math.Log1p(v)
			if math.Float64bits(dst[j]) != math.Float64bits(want) && !(math.IsNaN(want) && math.IsNaN(dst[j])) {
				t.Fatalf("Log1p(%v = %#x) = %v, math.Log1p %v", v, math.Float64bits(v), dst[j], want)
			}
		}
	}
	if !useAVX2 {
		t.Log("no AVX2: math.Log1p throughout")
	}
}

func BenchmarkLog1p(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	x, dst := make([]float64, 1000), make([]float64, 1000)
	for i := range x {
		x[i] = math.Exp(-math.Abs(3 * r.NormFloat64()))
	}
	b.Run("vecmath", func(b *testing.B) {
		for b.Loop() {
			Log1p(dst, x)
		}
	})
	b.Run("math", func(b *testing.B) {
		for b.Loop() {
			for i, v := range x {
				dst[i] = math.Log1p(v)
			}
		}
	})
}
