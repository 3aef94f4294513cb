package dataset

import (
	"math"
	"testing"
)

func TestScaler(t *testing.T) {
	X := [][]float64{
		{1, 0.1, -2},
		{2, 0.1, 0},
		{3, 0.1, 2},
		{6, 0.1, 4},
	}
	s := FitScaler(X)
	equal(t, "Mean", s.Mean, []float64{3, 0.1, 1})
	wantStd := []float64{math.Sqrt(14.0 / 3), 1, math.Sqrt(20.0 / 3)} // sample std (n-1); constant -> 1
	for j := range wantStd {
		if math.Abs(s.Std[j]-wantStd[j]) > 1e-12 {
			t.Errorf("Std[%d] = %v, want %v", j, s.Std[j], wantStd[j])
		}
	}

	before := [][]float64{{1, 0.1, -2}, {2, 0.1, 0}, {3, 0.1, 2}, {6, 0.1, 4}}
	Z := s.Transform(X)
	equal(t, "X after Transform", X, before)
	for i, z := range Z {
		if z[1] != 0 {
			t.Errorf("constant feature of row %d -> %v, want exactly 0", i, z[1])
		}
	}
	// Standardised columns have mean 0 and sample std 1.
	for j := range 3 {
		if j == 1 {
			continue
		}
		var sum, ss float64
		for _, z := range Z {
			sum += z[j]
		}
		for _, z := range Z {
			ss += (z[j] - sum/4) * (z[j] - sum/4)
		}
		if math.Abs(sum) > 1e-12 || math.Abs(ss/3-1) > 1e-12 {
			t.Errorf("column %d: mean %v, var %v", j, sum/4, ss/3)
		}
	}

	row := []float64{3, 5, 1}
	s.TransformRow(row, row)
	equal(t, "TransformRow in place", row, []float64{0, 4.9 / 1, 0})

	one := FitScaler([][]float64{{7, -1}})
	equal(t, "single row", one, Scaler{Mean: []float64{7, -1}, Std: []float64{1, 1}})
	equal(t, "empty", FitScaler(nil), Scaler{})
}

func TestTransformRowPanicsOnDimension(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	Scaler{Mean: []float64{0}, Std: []float64{1}}.TransformRow(make([]float64, 2), []float64{1, 2})
}
