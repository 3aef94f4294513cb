package dataset

import (
	"errors"
	"math"
	"strings"
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
	if err := s.TransformRow(row, row); err != nil {
		t.Fatal(err)
	}
	equal(t, "TransformRow in place", row, []float64{0, 4.9 / 1, 0})

	one := FitScaler([][]float64{{7, -1}})
	equal(t, "single row", one, Scaler{Mean: []float64{7, -1}, Std: []float64{1, 1}})
	equal(t, "empty", FitScaler(nil), Scaler{})
}

// TestScalerTiny checks that columns of tiny magnitude are standardised as a column of
// ordinary numbers scaled by the same factor is, not taken for constant (their squared
// deviations underflow).
func TestScalerTiny(t *testing.T) {
	base := []float64{1, 2, 3, 6, -4}
	for _, f := range []float64{1e-90, 1e-200, 1e-300, 1e-310} {
		X := make([][]float64, len(base))
		for i, v := range base {
			X[i] = []float64{v * f}
		}
		s, constant := fitScaler(X)
		ref := FitScaler(func() [][]float64 {
			R := make([][]float64, len(base))
			for i, v := range base {
				R[i] = []float64{v}
			}
			return R
		}())
		if constant[0] {
			t.Fatalf("scale %g: column taken for constant", f)
		}
		Z := s.Transform(X)
		for i, z := range Z {
			want := (base[i] - ref.Mean[0]) / ref.Std[0]
			if math.Abs(z[0]-want) > 1e-6 {
				t.Errorf("scale %g, row %d: %v, want %v", f, i+1, z[0], want)
			}
		}
	}
	// Equal to float64 all the same: still constant.
	if _, constant := fitScaler([][]float64{{5e-324}, {5e-324}, {5e-324}}); !constant[0] {
		t.Error("a column of one subnormal value is not constant")
	}
}

func TestScalerErrors(t *testing.T) {
	s := Scaler{Mean: []float64{0}, Std: []float64{1}}
	if err := s.TransformRow(make([]float64, 2), []float64{1, 2}); !errors.Is(err, ErrDimensionMismatch) {
		t.Errorf("TransformRow of a wrong length: %v", err)
	}
	if err := s.TransformRow(make([]float64, 1), nil); !errors.Is(err, ErrDimensionMismatch) {
		t.Errorf("TransformRow of nil: %v", err)
	}
	if err := (Scaler{Mean: []float64{0}}).TransformRow(make([]float64, 1), []float64{1}); !errors.Is(err, ErrDimensionMismatch) {
		t.Errorf("TransformRow with no Std: %v", err)
	}
	if _, err := s.Apply([][]float64{{1}, {1, 2}}); !errors.Is(err, ErrDimensionMismatch) || !strings.HasPrefix(err.Error(), "row 2: ") {
		t.Errorf("Apply of a ragged X: %v", err)
	}
	tests := []struct {
		name string
		X    [][]float64
		kind error
		want string
	}{
		{"ragged", [][]float64{{1, 2}, {3}}, ErrDimensionMismatch, "row 2 has 1 values, row 1 has 2"},
		{"NaN", [][]float64{{1, 2}, {3, math.NaN()}}, ErrNonFinite, "row 2, column 2: NaN"},
		{"mean overflows", [][]float64{{1, 1e308}, {3, 1.5e308}}, ErrScale, "row 2: value 1.5e+308 is too large to standardise: the mean or the variance of column 2"},
		{"variance overflows", [][]float64{{1, 1e200}, {3, -1e200}, {2, 0}}, ErrScale, "row 1: value 1e+200 is too large"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewScaler(tc.X)
			wantErr(t, err, tc.kind, tc.want)
		})
	}
	s, err := NewScaler([][]float64{{1e150, 1e-300}, {-1e150, 2e-300}, {0, 3e-300}})
	if err != nil {
		t.Fatal(err)
	}
	// A column whose squared deviations underflow is rescaled, not taken for constant.
	if math.Abs(s.Std[1]-1e-300) > 1e-313 {
		t.Errorf("Std[1] = %v, want 1e-300", s.Std[1])
	}
	if s.Std[0] != 1e150 {
		t.Errorf("Std[0] = %v, want 1e150", s.Std[0])
	}
}

func TestTableScale(t *testing.T) {
	tab, err := ParseCSV(strings.NewReader("a,b,c,y\n1,5,1e-300,x\n2,5,2e-300,y\n3,5,3e-300,x\n"), "data.csv", CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, constant, err := tab.Scale()
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "constant", constant, []int{1}) // c's tiny values vary
	tab, err = ParseCSV(strings.NewReader("id,a,b,y\nq,1,5,x\nr,2,1e300,y\ns,3,-1e300,x\n"), "data.csv", CSVOptions{Drop: []Column{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = tab.Scale()
	wantErr(t, err, ErrScale, "data.csv:3:3: value 1e+300 is too large to standardise: the mean or the variance of column 3 (b) overflows float64 (magnitudes below 3.9e+153 are safe in 3 rows)")
}
