package dataset

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Table is data read from one file: features and the raw label text of each row.
type Table struct {
	Source   string      // file path (used in error messages)
	X        [][]float64 // N rows x M features
	Labels   []string    // raw label text per row (trimmed); nil if the file has no label column
	Lines    []int       // 1-based source line of each row (for error messages)
	Features []string    // column names from a CSV header, nil if none
	// Columns holds the 1-based column (CSV field, or LIBSVM feature index) of each feature.
	Columns []int
	// Header holds the names of all the columns of a CSV header, the label's and those left
	// out included; nil if none. LabelName is the label column's name ("" if none).
	Header    []string
	LabelName string
	// Levels, where some features are read as categories (CSVOptions.Categorical), has one
	// entry a feature: nil for a number, else the names of its categories in order (by value
	// where every name is a number, else lexically), X holding each row's category as its
	// index in them (NaN where missing); nil where every feature is a number.
	Levels [][]string

	libsvm      bool      // read from a LIBSVM file
	sparse      bool      // read from LIBSVM: missing trailing features are zeros
	zeroBased   bool      // read from LIBSVM, its indices counting from 0
	dropped     []int     // LIBSVM: the feature indices dropped, increasing (for WithDim)
	maxIndex    int       // LIBSVM: the highest index seen
	dimLine     int       // LIBSVM: line and field of the highest index (for WithDim)
	dimCol      int       //
	labelCol    int       // 1-based field of the label, for error messages (0 unknown)
	labelSource string    // file of the labels when it is not Source (folders: y.csv)
	labelLines  []int     // lines of the labels in labelSource
	cats        []*levels // the categorical features' categories as read (nil for a number)
}

// LIBSVM reports whether the table was read from a LIBSVM file (labels first on every line,
// features by index).
func (t *Table) LIBSVM() bool { return t.libsvm }

// ZeroBased reports whether the table was read from a LIBSVM file whose indices count from 0
// (CSVOptions.ZeroBased).
func (t *Table) ZeroBased() bool { return t.libsvm && t.zeroBased }

// Dim returns the number of features (0 for a table without rows).
func (t *Table) Dim() int {
	if len(t.X) == 0 {
		return 0
	}
	return len(t.X[0])
}

// dropRange writes the indices lo to hi as -drop takes them.
func dropRange(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
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
			index, counted := t.maxIndex, ""
			if t.zeroBased { // (maxIndex counts columns from 1; the file's indices from 0)
				index, counted = index-1, ", the file's indices counting from 0, -drop's columns from 1"
			}
			return at(t.Source, t.dimLine, t.dimCol, errorf(ErrDimensionMismatch,
				"feature index %d is above the expected dimension %d (inputs the training data never had: leave them out with -drop %s%s, or retrain with them)", index, m, dropRange(m+1, t.maxIndex), counted))
		}
		flat := make([]float64, len(t.X)*m)
		for i, row := range t.X {
			r := flat[i*m : (i+1)*m : (i+1)*m]
			copy(r, row) // beyond maxIndex all values are zero
			t.X[i] = r
		}
		t.Columns = sparseColumns(m, t.dropped)
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

// IsMissing reports whether the trimmed field s is a common marker of a missing value: "?",
// "NA", "N/A", "null" or "None", or a spreadsheet's "#N/A" or pandas' "<NA>" (an empty field
// is one too, reported apart).
func IsMissing(s string) bool { return missingSet[s] }

// missingMarkers are IsMissing's markers.
var missingMarkers = []string{"?", "NA", "N/A", "na", "n/a", "NULL", "null", "None", "#N/A", "#NA", "<NA>"}

var missingSet = func() map[string]bool {
	set := make(map[string]bool, len(missingMarkers))
	for _, m := range missingMarkers {
		set[m] = true
	}
	return set
}()

// MissingValue reports whether the trimmed field s stands for a missing feature value where
// missing values are read (CSVOptions.Missing): an empty field, a marker of IsMissing, or NaN
// in any case, with an optional sign.
func MissingValue(s string) bool {
	if s == "" || IsMissing(s) {
		return true
	}
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	return strings.EqualFold(s, "nan")
}

// ParseValue parses one trimmed feature value as the data readers do: a finite number in plain
// decimal notation (see scanNumber). Its errors carry no position and wrap ErrMissing (an
// empty field or a marker of IsMissing), ErrNonFinite or ErrNotNumber.
func ParseValue(s string) (float64, error) {
	switch s {
	case "":
		return 0, errorf(errMissingValue, "empty field (a missing value?): expected a number")
	}
	if IsMissing(s) {
		return 0, errorf(errMissingValue, "missing value %q: expected a number", s)
	}
	v, kind := scanNumber(s)
	switch kind {
	case numberBad:
		hint, kind := numberHint(s)
		return 0, errorf(kind, "field %q is not a number%s", short(s), hint)
	case numberOverflow:
		return 0, errorf(ErrNonFinite, "field %q overflows float64 (magnitudes up to about 1.8e308 are representable)", short(s))
	case numberNonFinite:
		kind := ErrNonFinite
		if MissingValue(s) {
			kind = errNaNValue
		}
		return 0, errorf(kind, "field %q is not finite: expected a finite number", short(s))
	}
	return v, nil
}

// The kinds of text scanNumber tells apart.
const (
	numberFinite    = iota // a finite decimal number
	numberNonFinite        // inf, infinity or nan (any case, optional sign)
	numberOverflow         // a decimal number beyond the range of float64
	numberBad              // anything else
)

// scanNumber parses s if it is a plain decimal number: an optional sign, digits with at most
// one decimal point (at least one digit in all), and an optional exponent (e or E, an
// optional sign, digits). The names inf, infinity and nan (any case, optional sign) are
// numbers that are not finite. Go literal syntax that strconv.ParseFloat also accepts
// (underscores between digits, hexadecimal mantissas) is not a number here, so that every
// field is read the same way whatever its form. A number too small for float64 reads as 0.
func scanNumber(s string) (float64, int) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	switch strings.ToLower(s[i:]) {
	case "inf", "infinity", "nan":
		return 0, numberNonFinite
	}
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i, digits = i+1, digits+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return 0, numberBad
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < len(s) && isDigit(s[i]) {
			i, exp = i+1, exp+1
		}
		if exp == 0 {
			return 0, numberBad
		}
	}
	if i != len(s) {
		return 0, numberBad
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0) {
			return 0, numberOverflow
		}
		return 0, numberBad // cannot happen for the syntax above
	}
	return v, numberFinite
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// numberHint says why a field that looks like a number in some notation is not read as one,
// and which kind of ErrNotNumber that is: errText for text (no hint) or a boolean,
// errDecimalComma for a decimal comma, ErrNotNumber itself for another notation.
func numberHint(s string) (string, error) {
	body := strings.TrimLeft(s, "+-")
	lower := strings.ToLower(body)
	switch {
	case strings.HasPrefix(lower, "0x") || strings.HasPrefix(lower, "0b") || strings.HasPrefix(lower, "0o"):
		return ": hexadecimal, binary and octal notations are not accepted; write the value in decimal", ErrNotNumber
	case strings.Contains(s, "_"):
		if _, k := scanNumber(strings.ReplaceAll(s, "_", "")); k == numberFinite {
			return fmt.Sprintf(": underscores between digits are not accepted; write %s", strings.ReplaceAll(s, "_", "")), ErrNotNumber
		}
	case s == "True" || s == "False" || s == "TRUE" || s == "FALSE" || s == "true" || s == "false":
		// (pandas' to_csv writes a bool column as True and False, R's write.csv as TRUE and FALSE)
		return ": a boolean? write 1 for true and 0 for false", errText
	case date(s):
		return ": a date? write it as a number (days since a first day, say), or leave the column out", errText
	case s == "-" || s == "--" || s == ".":
		// (a placeholder some write for a missing value: pandas' na_rep, a table's dash)
		return ": a placeholder for a missing value? write it as NA or leave the field empty, and read missing values with -missing median", errText
	case decorated(s) != "":
		v := decorated(s)
		if strings.HasSuffix(s, "%") {
			return fmt.Sprintf(": a percentage? write it as a number, %s (or its fraction)", v), ErrNotNumber
		}
		return fmt.Sprintf(": a currency sign? write the amount as a number, %s", v), ErrNotNumber
	case thousands(body):
		plain := strings.ReplaceAll(s, ",", "")
		if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") { // 1,234: a thousand, or 1.234?
			return fmt.Sprintf(": a thousands separator or a decimal comma? neither is read; write %s, or %s or read the file with decimal commas",
				plain, strings.Replace(s, ",", ".", 1)), errDecimalComma
		}
		return fmt.Sprintf(": thousands separators are not read; write %s", plain), ErrNotNumber
	case strings.Count(s, ",") == 1:
		if _, k := scanNumber(strings.Replace(s, ",", ".", 1)); k == numberFinite {
			return ": a decimal comma? write it as a point, or read the file with decimal commas", errDecimalComma
		}
	}
	return "", errText
}

// date reports whether s starts with a date as spreadsheets and databases write one:
// 2024-01-31 (a time may follow) or 31/01/2024, 1/31/24, 31.01.2024.
func date(s string) bool {
	digits := func(t string) bool { return t != "" && strings.Trim(t, "0123456789") == "" }
	if len(s) >= 10 && s[4] == '-' && s[7] == '-' && digits(s[:4]) && digits(s[5:7]) && digits(s[8:10]) {
		return len(s) == 10 || s[10] == 'T' || s[10] == ' '
	}
	for _, sep := range []string{"/", "."} {
		if p := strings.Split(s, sep); len(p) == 3 && digits(p[0]) && digits(p[1]) && digits(p[2]) &&
			len(p[0]) <= 2 && len(p[1]) <= 2 && (len(p[2]) == 2 || len(p[2]) == 4) {
			return true
		}
	}
	return false
}

// decorated returns the number s writes with a percent sign after it or a currency sign
// before it (a sign first or after the currency sign; thousands grouped by commas), as
// spreadsheets show them: "45%" is 45, "-$1,200.50" is -1200.50; "" if s is not such a number.
func decorated(s string) string {
	t := strings.TrimSuffix(s, "%")
	percent := len(t) < len(s)
	sign := ""
	if t != "" && (t[0] == '-' || t[0] == '+') {
		sign, t = t[:1], t[1:]
	}
	currency := false
	for _, c := range []string{"$", "€", "£", "¥"} {
		if strings.HasPrefix(t, c) {
			t, currency = strings.TrimPrefix(t, c), true
			break
		}
	}
	if percent == currency { // (one or the other)
		return ""
	}
	if sign == "" && t != "" && (t[0] == '-' || t[0] == '+') {
		sign, t = t[:1], t[1:]
	}
	if thousands(t) {
		t = strings.ReplaceAll(t, ",", "")
	}
	if t == "" || t[0] == '-' || t[0] == '+' {
		return ""
	}
	if _, ok := finite(t); !ok {
		return ""
	}
	return sign + t
}

// thousands reports whether s (unsigned) is digits grouped by commas in threes, as in 1,234 or
// 12,345,678.9: one to three digits, then groups of a comma and three digits, then an
// optional point and digits.
func thousands(s string) bool {
	i := strings.IndexByte(s, '.')
	if i >= 0 {
		if i+1 == len(s) || strings.Trim(s[i+1:], "0123456789") != "" {
			return false
		}
		s = s[:i]
	}
	groups := strings.Split(s, ",")
	if len(groups) < 2 || len(groups[0]) < 1 || len(groups[0]) > 3 {
		return false
	}
	for k, g := range groups {
		if k > 0 && len(g) != 3 || strings.Trim(g, "0123456789") != "" {
			return false
		}
	}
	return true
}

// isNumber reports whether s is a number in the sense of scanNumber (NaN, ±Inf and values
// beyond float64 included).
func isNumber(s string) bool {
	_, k := scanNumber(s)
	return k != numberBad
}

// finite parses s as a finite number in the sense of scanNumber.
func finite(s string) (float64, bool) {
	v, k := scanNumber(s)
	return v, k == numberFinite
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

// checkUTF16 rejects data that start with a UTF-16 byte order mark (Excel's "Unicode text",
// PowerShell's redirections): read as UTF-8, they would be reported as Latin-1.
func checkUTF16(s, source string) error {
	if strings.HasPrefix(s, "\xff\xfe") || strings.HasPrefix(s, "\xfe\xff") {
		return at(source, 1, 0, errorf(ErrEncoding,
			"the data are UTF-16 (they start with a UTF-16 byte order mark): convert them to UTF-8, for example with iconv -f utf-16 -t utf-8"))
	}
	return nil
}

// stripBOM removes a leading UTF-8 byte order mark.
func stripBOM(s string) string { return strings.TrimPrefix(s, "\uFEFF") }

// crLines returns s with its line endings made line feeds where they are carriage returns
// alone (no line feed anywhere), as classic Mac OS and Excel's "CSV (Macintosh)" write them:
// otherwise the whole file would read as one line.
func crLines(s string) string {
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\r", "\n")
}

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

// checkLabel rejects a missing label and one that is not valid UTF-8.
func checkLabel(s string) error {
	switch s {
	case "":
		return errorf(ErrMissing, "empty label field: expected a label")
	case "?":
		return errorf(ErrMissing, `missing label "?": expected a label`)
	}
	return checkUTF8("label", s)
}

// checkUTF8 rejects text (a label, a category or a column name) that is not valid UTF-8: two labels in
// another encoding could otherwise become one, or fail later, far from the file.
func checkUTF8(what, s string) error {
	if utf8.ValidString(s) {
		return nil
	}
	at := 0
	for at < len(s) {
		r, size := utf8.DecodeRuneInString(s[at:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		at += size
	}
	return errorf(ErrEncoding, "%s %q is not valid UTF-8 (byte 0x%02x at offset %d): is the file in another encoding, such as Latin-1? convert it to UTF-8 (for example with iconv -f latin1 -t utf-8)",
		what, short(s), s[at], at)
}
