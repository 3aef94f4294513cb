package synth

import (
	"math"
	"testing"
)

func TestRipleyBayesError(t *testing.T) {
	s := Ripley(20000, 1)
	wrong, pos := 0, 0
	for i, x := range s.X {
		if RipleyBayes(x) != s.Y[i] {
			wrong++
		}
		if s.Y[i] > 0 {
			pos++
		}
	}
	rate := float64(wrong) / float64(len(s.X))
	if rate < 0.06 || rate > 0.10 {
		t.Errorf("Bayes error %.3f, want about 0.08", rate)
	}
	if pos != 10000 {
		t.Errorf("%d positives of 20000, want balanced", pos)
	}
	if a, b := Ripley(50, 3), Ripley(50, 3); a.X[7][1] != b.X[7][1] {
		t.Error("same seed gave different data")
	}
}

func TestFunctions(t *testing.T) {
	tests := []struct {
		name      string
		got, want float64
	}{
		{"piecewise left", Piecewise(-10), -2.186*-10 - 12.864},
		{"piecewise middle", Piecewise(-1), -4.246},
		{"piecewise right", Piecewise(5), 10 * math.Exp(-0.75) * math.Sin(0.85*5)},
		{"saddle", Saddle(2, 1), 3 * math.Sin(1)},
	}
	for _, tc := range tests {
		if math.Abs(tc.got-tc.want) > 1e-12 {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	g := SaddleGrid(9)
	if len(g.X) != 81 || g.X[0][0] != -10 || g.X[80][1] != 10 {
		t.Errorf("9x9 grid: %d points, corners %v %v", len(g.X), g.X[0], g.X[80])
	}
}
