package dataset

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Table is data read from one file: features and the raw label text of each row.
type Table struct {
	Source   string      // file path (used in error messages)
	X        [][]float64 // N rows x M features
	Labels   []string    // raw label text per row (trimmed); nil if the file has no label column
	Lines    []int       // 1-based source line of each row (for error messages)
	Features []string    // column names from a CSV header, nil if none

	sparse      bool   // read from LIBSVM: missing trailing features are zeros
	maxIndex    int    // LIBSVM: the highest index seen
	dimLine     int    // LIBSVM: line and field of the highest index (for WithDim)
	dimCol      int    //
	labelCol    int    // 1-based field of the label, for error messages (0 unknown)
	labelSource string // file of the labels when it is not Source (folders: y.csv)
	labelLines  []int  // lines of the labels in labelSource
}

// Dim returns the number of features (0 for a table without rows).
func (t *Table) Dim() int {
	if len(t.X) == 0 {
		return 0
	}
	return len(t.X[0])
}

// WithDim makes the table m-dimensional. Rows read from a LIBSVM file are sparse, so they
// are padded with zeros up to m (or cut back to m, if the highest index seen is at most m);
// any other difference is an error wrapping ErrDimensionMismatch that names the file and
// line (for LIBSVM, the line and field of the highest index seen).
func (t *Table) WithDim(m int) error {
	if m < 0 {
		return fmt.Errorf("dataset: negative dimension %d", m)
	}
	cur := t.Dim()
	if len(t.X) == 0 || cur == m {
		return nil
	}
	if t.sparse {
		if t.maxIndex > m {
			return at(t.Source, t.dimLine, t.dimCol, errorf(ErrDimensionMismatch,
				"feature index %d is above the expected dimension %d", t.maxIndex, m))
		}
		flat := make([]float64, len(t.X)*m)
		for i, row := range t.X {
			r := flat[i*m : (i+1)*m : (i+1)*m]
			copy(r, row) // beyond maxIndex all values are zero
			t.X[i] = r
		}
		return nil
	}
	line := 0
	if len(t.Lines) > 0 {
		line = t.Lines[0]
	}
	return at(t.Source, line, 0, errorf(ErrDimensionMismatch,
		"rows have %d features, expected %d", cur, m))
}

// labelPos returns the file, line and field of label i, for error messages.
func (t *Table) labelPos(i int) (file string, line, col int) {
	if t.labelSource != "" {
		file = t.labelSource
		if i < len(t.labelLines) {
			line = t.labelLines[i]
		}
		return file, line, t.labelCol
	}
	if i < len(t.Lines) {
		line = t.Lines[i]
	}
	return t.Source, line, t.labelCol
}

// parseValue parses one trimmed feature value. Its errors carry no position.
func parseValue(s string) (float64, error) {
	switch s {
	case "":
		return 0, errorf(ErrMissing, "empty field: expected a number (missing values are not supported)")
	case "?":
		return 0, errorf(ErrMissing, `missing value "?": expected a number (missing values are not supported)`)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0) {
			return 0, errorf(ErrNonFinite, "field %q overflows float64", short(s))
		}
		return 0, errorf(ErrNotNumber, "field %q is not a number", short(s))
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, errorf(ErrNonFinite, "field %q is not finite: expected a finite number", short(s))
	}
	return v, nil
}

// isNumber reports whether s parses as a float (NaN and ±Inf included).
func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// finite parses s as a finite float.
func finite(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

// short shortens s for an error message.
func short(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// isSpace reports whether b separates fields in whitespace-separated input.
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

// stripBOM removes a leading UTF-8 byte order mark.
func stripBOM(s string) string { return strings.TrimPrefix(s, "\uFEFF") }

// lineIter yields the lines of s without their line ending, numbered from 1.
type lineIter struct {
	s    string
	line int
}

func (it *lineIter) next() (string, bool) {
	if it.s == "" {
		return "", false
	}
	it.line++
	l := it.s
	if i := strings.IndexByte(it.s, '\n'); i >= 0 {
		l, it.s = it.s[:i], it.s[i+1:]
	} else {
		it.s = ""
	}
	return strings.TrimSuffix(l, "\r"), true
}

// nextField returns the first whitespace-separated field of s and the rest.
func nextField(s string) (field, rest string) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isSpace(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}

// interner shares the storage of repeated labels.
type interner map[string]string

func (in interner) get(s string) string {
	if v, ok := in[s]; ok {
		return v
	}
	s = strings.Clone(s)
	in[s] = s
	return s
}

// rows slices a flat row-major array into n rows of m values (capacities capped).
func rows(flat []float64, n, m int) [][]float64 {
	X := make([][]float64, n)
	for i := range X {
		X[i] = flat[i*m : (i+1)*m : (i+1)*m]
	}
	return X
}

// checkLabel rejects a missing label.
func checkLabel(s string) error {
	switch s {
	case "":
		return errorf(ErrMissing, "empty label field: expected a label")
	case "?":
		return errorf(ErrMissing, `missing label "?": expected a label`)
	}
	return nil
}
