package kernel

import (
	"math"
	"testing"
)

func TestConventions(t *testing.T) {
	x := []float64{0.3, -1.2, 2}
	c := []float64{1, 0.5, -0.25}
	tests := []struct {
		name string
		got  float64
		want float64
	}{
		{"gaussian sigma vs tau", Gaussian{Sigma: 1.5}.Eval(x, c), math.Exp(-SqDist(x, c) / (2 * 1.5 * 1.5))},
		{"diag equals isotropic", Diag(x, c, []float64{TauToVar(3), TauToVar(3), TauToVar(3)}), math.Exp(-SqDist(x, c) / 3)},
		{"wavelet at zero distance", Wavelet{A: 2}.Eval(x, x), 1},
		{"wavelet 1-d", Wavelet{A: 2}.Eval([]float64{1}, []float64{0}), math.Cos(1.75*0.5) * math.Exp(-0.125)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if math.Abs(tc.got-tc.want) > 1e-15 {
				t.Errorf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
}
