package dataset

import (
	"fmt"
	"math"
)

// Scaler standardises features: x_j -> (x_j - Mean_j) / Std_j. Fit it on training data
// only and store it with the model.
type Scaler struct {
	Mean, Std []float64
}

// FitScaler returns the per-feature mean and sample standard deviation (divisor n-1) of X,
// which must be rectangular: NewScaler checks that. Values of any small magnitude (1e-300)
// are standardised as well as ordinary ones. A constant feature (all values equal, a single
// row, or values so close together that they are equal to their mean in float64) gets its
// mean as Mean and Std = 1, so that it transforms to (nearly) 0 instead of dividing by zero.
// A column whose mean or variance overflows gets an infinite Mean or Std.
func FitScaler(X [][]float64) Scaler {
	s, _ := fitScaler(X)
	return s
}

// NewScaler is FitScaler for X of any shape: a row whose length differs from the first's is
// an error wrapping ErrDimensionMismatch, a value that is not finite one wrapping
// ErrNonFinite, and a column whose mean or variance overflows float64 one wrapping ErrScale;
// each names the row and the column (1-based). Table.Scale does the same with the file's
// lines.
func NewScaler(X [][]float64) (Scaler, error) {
	if err := rectangular(X); err != nil {
		return Scaler{}, err
	}
	s, _ := fitScaler(X)
	if j := s.overflow(); j >= 0 {
		i := largest(X, j)
		return Scaler{}, fmt.Errorf("row %d: %w", i+1, scaleError("value", X[i][j], fmt.Sprintf("column %d", j+1), len(X)))
	}
	return s, nil
}

// rectangular checks that X has rows of one length and finite values.
func rectangular(X [][]float64) error {
	for i, x := range X {
		if len(x) != len(X[0]) {
			return errorf(ErrDimensionMismatch, "row %d has %d values, row 1 has %d", i+1, len(x), len(X[0]))
		}
		for j, v := range x {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return errorf(ErrNonFinite, "row %d, column %d: %v is not finite", i+1, j+1, v)
			}
		}
	}
	return nil
}

// tinySpread is the largest deviation from the mean below which fitScaler rescales a column's
// deviations before squaring them.
const tinySpread = 1e-100

// fitScaler implements FitScaler and reports which columns are constant.
func fitScaler(X [][]float64) (Scaler, []bool) {
	if len(X) == 0 {
		return Scaler{}, nil
	}
	n, m := len(X), len(X[0])
	s := Scaler{Mean: make([]float64, m), Std: make([]float64, m)}
	constant := make([]bool, m)
	for j := range m {
		lo, hi, sum := X[0][j], X[0][j], 0.0
		for _, x := range X {
			v := x[j]
			sum += v
			lo, hi = min(lo, v), max(hi, v)
		}
		if lo == hi {
			s.Mean[j], s.Std[j], constant[j] = lo, 1, true
			continue
		}
		mean := sum / float64(n)
		// Deviations below tinySpread have squares that underflow or lose precision: they are
		// divided by the largest deviation first (only then, so that other columns keep the
		// plain formula's last bits).
		unit := 1.0
		if spread := max(hi-mean, mean-lo); spread < tinySpread {
			unit = spread
		}
		ss := 0.0
		for _, x := range X {
			d := (x[j] - mean) / unit
			ss += d * d
		}
		s.Mean[j], s.Std[j] = mean, unit*math.Sqrt(ss/float64(n-1))
		if s.Std[j] == 0 { // no deviation survives the rounding: the column is constant to float64
			s.Std[j], constant[j] = 1, true
		}
	}
	return s, constant
}

// overflow returns the first column whose mean or standard deviation is not finite, or -1.
func (s Scaler) overflow() int {
	for j := range s.Mean {
		if math.IsInf(s.Mean[j], 0) || math.IsNaN(s.Mean[j]) || math.IsInf(s.Std[j], 0) || math.IsNaN(s.Std[j]) {
			return j
		}
	}
	return -1
}

// largest returns the row of the value of largest magnitude in column j.
func largest(X [][]float64, j int) int {
	best := 0
	for i, x := range X {
		if math.Abs(x[j]) > math.Abs(X[best][j]) {
			best = i
		}
	}
	return best
}

// SafeMagnitude returns a bound below which the values of a column of n rows can always be
// standardised: if every |x| < SafeMagnitude(n), the sum, the mean and the sum of squared
// deviations from the mean stay finite.
func SafeMagnitude(n int) float64 {
	return 0.5 * math.Sqrt(math.MaxFloat64/float64(max(n, 1)))
}

// scaleError describes the overflow of the mean or variance of a column (what) of n rows,
// caused by value v.
func scaleError(kind string, v float64, what string, n int) error {
	verb := "is too large to standardise"
	if kind == "label" {
		verb = "is too large"
	}
	return errorf(ErrScale, "%s %g %s: the mean or the variance of %s overflows float64 (magnitudes below %.2g are safe in %d rows)",
		kind, v, verb, what, SafeMagnitude(n), n)
}

// Transform returns the standardised rows of X as new rows; X is not modified. It panics if
// a row does not have len(s.Mean) values.
//
// Deprecated: use Apply, which returns an error instead.
func (s Scaler) Transform(X [][]float64) [][]float64 {
	Z, err := s.Apply(X)
	if err != nil {
		panic("dataset: Scaler.Transform: " + err.Error())
	}
	return Z
}

// Apply returns the standardised rows of X as new rows; X is not modified. A row that does
// not have len(s.Mean) values is an error wrapping ErrDimensionMismatch.
func (s Scaler) Apply(X [][]float64) ([][]float64, error) {
	m := len(s.Mean)
	out := rows(make([]float64, len(X)*m), len(X), m)
	for i, x := range X {
		if err := s.TransformRow(out[i], x); err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
	}
	return out, nil
}

// TransformRow writes the standardised x into dst (which may be x). If x or dst does not
// have len(s.Mean) elements, or s.Std does not, it returns an error wrapping
// ErrDimensionMismatch and writes nothing.
func (s Scaler) TransformRow(dst, x []float64) error {
	m := len(s.Mean)
	if len(x) != m || len(dst) != m || len(s.Std) != m {
		return errorf(ErrDimensionMismatch, "%d values into %d for a scaler of %d means and %d deviations", len(x), len(dst), m, len(s.Std))
	}
	for j, v := range x {
		dst[j] = (v - s.Mean[j]) / s.Std[j]
	}
	return nil
}

// Scale returns the scaler of the table's features (see FitScaler) and the features that are
// constant (0-based; see FitScaler for what counts as constant), so that a caller can warn
// about them. A feature whose mean or variance overflows float64 is a *ParseError wrapping
// ErrScale that names the file, the line and the column of its value of largest magnitude.
func (t *Table) Scale() (Scaler, []int, error) {
	if err := rectangular(t.X); err != nil {
		return Scaler{}, nil, at(t.Source, 0, 0, err)
	}
	s, constant := fitScaler(t.X)
	if j := s.overflow(); j >= 0 {
		i := largest(t.X, j)
		line := 0
		if i < len(t.Lines) {
			line = t.Lines[i]
		}
		what := fmt.Sprintf("column %d", t.column(j))
		if j < len(t.Features) && t.Features[j] != "" {
			what = fmt.Sprintf("column %d (%s)", t.column(j), t.Features[j])
		}
		return Scaler{}, nil, at(t.Source, line, t.column(j), scaleError("value", t.X[i][j], what, len(t.X)))
	}
	var cs []int
	for j, c := range constant {
		if c {
			cs = append(cs, j)
		}
	}
	return s, cs, nil
}

// column returns the 1-based column in the file of feature j.
func (t *Table) column(j int) int {
	if j < len(t.Columns) {
		return t.Columns[j]
	}
	return j + 1
}
