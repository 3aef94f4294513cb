package dataset

import (
	"math"

	"github.com/sparsekernel/sparsekernel/internal/median"
)

// FillMedians returns the median of each column of X over the rows that have a value there
// (not NaN, a missing value), and X with every missing value replaced by its column's median:
// a copy where any is missing, X itself otherwise. X must be rectangular. A column missing on
// every row is an error wrapping ErrMissing that names it (1-based).
func FillMedians(X [][]float64) (filled [][]float64, medians []float64, err error) {
	if len(X) == 0 {
		return X, nil, nil
	}
	m := len(X[0])
	medians = make([]float64, m)
	col := make([]float64, 0, len(X))
	missing := false
	for j := range m {
		col = col[:0]
		for _, x := range X {
			if !math.IsNaN(x[j]) {
				col = append(col, x[j])
			}
		}
		if len(col) == 0 {
			return nil, nil, errorf(ErrMissing, "column %d is missing on every row, so there is no value to fill it with", j+1)
		}
		missing = missing || len(col) < len(X)
		medians[j] = median.InPlace(col)
	}
	if !missing {
		return X, medians, nil
	}
	filled = rows(make([]float64, len(X)*m), len(X), m)
	for i, x := range X {
		for j, v := range x {
			if math.IsNaN(v) {
				v = medians[j]
			}
			filled[i][j] = v
		}
	}
	return filled, medians, nil
}

// CountMissing returns the number of missing values (NaN) in each column of X (rectangular).
func CountMissing(X [][]float64) []int {
	if len(X) == 0 {
		return nil
	}
	n := make([]int, len(X[0]))
	for _, x := range X {
		for j, v := range x {
			if math.IsNaN(v) {
				n[j]++
			}
		}
	}
	return n
}
