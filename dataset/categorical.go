package dataset

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// levels gathers a categorical feature's categories as a file is read: their names in the
// order first seen, and how many of the feature's fields are text (not numbers) and have a
// value (are not missing).
type levels struct {
	names         []string
	index         map[string]int
	isText        []bool // whether names[i] is not a number
	text, present int
	decimalComma  bool // a number may be written with a decimal comma (CSVOptions.DecimalComma)
}

// number returns the value of the category name s where it is a finite number (with a
// decimal comma where l reads them).
func (l *levels) number(s string) (float64, bool) {
	if l.decimalComma {
		s = pointed(s)
	}
	return finite(s)
}

// MissingCategory reports whether the trimmed field s of a categorical column marks a missing
// value: as MissingValue, but for "None", which names a category there (no air bags, say).
func MissingCategory(s string) bool { return MissingValue(s) && s != "None" }

// MissingCategoryMarkers returns the texts MissingCategory takes for missing (the empty text
// among them), but for NaN, which it takes in any case and with a sign.
func MissingCategoryMarkers() []string {
	return append(slices.DeleteFunc(slices.Clone(missingMarkers), func(m string) bool { return m == "None" }), "")
}

// code returns the index of the category the trimmed field f names, adding it if it is new;
// NaN for a missing value where missing values are read (missing), else an error.
func (l *levels) code(f string, missing bool) (float64, error) {
	if MissingCategory(f) {
		if !missing {
			if f == "" {
				return 0, errorf(errMissingValue, "empty field (a missing value?): expected a category")
			}
			return 0, errorf(errMissingValue, "missing value %q: expected a category", short(f))
		}
		return math.NaN(), nil
	}
	l.present++
	i, ok := l.index[f]
	if !ok {
		if err := checkUTF8("category", f); err != nil {
			return 0, err
		}
		if l.index == nil {
			l.index = map[string]int{}
		}
		i = len(l.names)
		l.index[f] = i
		l.names = append(l.names, strings.Clone(f))
		g := f
		if l.decimalComma {
			g = pointed(f)
		}
		// (45% and $1,200 are numbers written as spreadsheets show them: a column of them is
		// numbers to write plainly, not categories)
		l.isText = append(l.isText, !isNumber(g) && decorated(g) == "")
	}
	if l.isText[i] {
		l.text++
	}
	return float64(i), nil
}

// sort orders the categories (by value where every name is a number, else lexically) and
// renumbers column k of X, which holds indices in the order first seen, to match; it returns
// the names in order.
func (l *levels) sort(X [][]float64, k int) []string {
	names := slices.Clone(l.names)
	numeric := !slices.ContainsFunc(names, func(s string) bool { _, ok := l.number(s); return !ok })
	slices.SortFunc(names, func(a, b string) int {
		if numeric {
			x, _ := l.number(a)
			y, _ := l.number(b)
			if c := cmp.Compare(x, y); c != 0 {
				return c
			}
		}
		return strings.Compare(a, b)
	})
	to := make([]float64, len(names))
	for i, name := range names {
		to[l.index[name]] = float64(i)
	}
	for _, x := range X {
		if v := x[k]; !math.IsNaN(v) {
			x[k] = to[int(v)]
		}
	}
	return names
}

// categoricalFields returns, for each feature (fields, the 0-based fields of a record of n
// fields with header names, nil if none), a collector of its categories where opt reads it as
// categorical, else nil; nil if none is. A categorical column that is not a feature is an
// error wrapping ErrColumn, and CategoricalFeatures of another length than the features one
// wrapping ErrDimensionMismatch.
func categoricalFields(opt CSVOptions, names []string, fields []int, n, li int) ([]*levels, error) {
	if len(opt.Categorical) == 0 && !slices.Contains(opt.CategoricalFeatures, true) {
		return nil, nil
	}
	if opt.CategoricalFeatures != nil && len(opt.CategoricalFeatures) != len(fields) {
		return nil, errorf(ErrDimensionMismatch, "the rows have %d features, and the categorical ones are given for %d",
			len(fields), len(opt.CategoricalFeatures))
	}
	cats := make([]*levels, len(fields))
	for k, c := range opt.CategoricalFeatures {
		if c {
			cats[k] = &levels{decimalComma: opt.DecimalComma}
		}
	}
	for _, c := range opt.Categorical {
		j, err := resolveColumn(c, "categorical", names, n)
		if err != nil {
			return nil, err
		}
		k := slices.Index(fields, j)
		switch {
		case k < 0 && j == li:
			return nil, errorf(ErrColumn, "categorical column %s is the label column, not a feature: labels are read as classes without it (text always, numbers with -task classification)", c)
		case k < 0:
			return nil, errorf(ErrColumn, "categorical column %s is not a feature: -drop or -features leaves it out (keep it, or leave it out of -categorical)", c)
		}
		cats[k] = &levels{decimalComma: opt.DecimalComma}
	}
	return cats, nil
}

// parseTable reads CSV features and labels (parseCSV), and with opt.CategoricalText reads the
// feature columns of text that qualify as categories. With HeaderAuto, a first line read as a
// header because every feature looked at is categorical is data where it holds categories
// found on the other lines (dataHeader), or where it repeats a name (as a first row of
// categories may, "x,x,o,..." in a board game's data) and every feature read without it is
// categorical (repeatedNames).
func parseTable(s, source string, opt CSVOptions) (*Table, error) {
	s = crLines(s)
	t, err := readTable(s, source, opt)
	if opt.Header == HeaderAuto && (err == nil && dataHeader(t, opt) || repeatedNames(err, opt)) {
		o := opt
		o.Header = HeaderNo
		if t2, err2 := readTable(s, source, o); err2 == nil && (err == nil || allCategorical(t2)) {
			return t2, nil
		}
	}
	return t, err
}

// repeatedNames reports whether err refuses a header, read by the rule of HeaderAuto with no
// column named in opt, for a column name that is also another's (checkNames).
func repeatedNames(err error, opt CSVOptions) bool {
	return errors.Is(err, errRepeatedName) && !namedColumns(opt)
}

// namedColumns reports whether opt names a column by its header name.
func namedColumns(opt CSVOptions) bool {
	return slices.ContainsFunc(slices.Concat(opt.Features, opt.Drop, opt.Categorical), func(c Column) bool { return c.Name != "" })
}

// allCategorical reports whether every feature of t is categorical.
func allCategorical(t *Table) bool {
	return t.Levels != nil && !slices.ContainsFunc(t.Levels, func(l []string) bool { return l == nil })
}

// dataHeader reports whether the header of t, read by the rule of HeaderAuto (no column named
// in opt), is rather a first row of data: every feature is categorical, and the header names
// one of its categories (found on the rows below), and the label column's name, where there
// is one, is one of the labels. A header of text cannot be told from a row of categories by
// its fields alone: "red,big,yes" above rows of colours, sizes and yes or no is data.
func dataHeader(t *Table, opt CSVOptions) bool {
	if t.Header == nil || t.Levels == nil {
		return false
	}
	if namedColumns(opt) {
		return false
	}
	for k, names := range t.Levels {
		j := t.Columns[k] - 1
		if names == nil || j >= len(t.Header) || !slices.Contains(names, t.Header[j]) {
			return false
		}
	}
	return t.Labels == nil || slices.Contains(t.Labels, t.LabelName)
}

// readTable implements parseTable without its second look at the header.
func readTable(s, source string, opt CSVOptions) (*Table, error) {
	t, err := parseCSV(s, source, opt, csvTable)
	var pe *ParseError
	if !opt.CategoricalText || !errors.As(err, &pe) || len(pe.TextColumns) == 0 {
		return t, err
	}
	text := pe.TextColumns
	o := opt
	o.CategoricalText = false
	if o.Header == HeaderAuto { // (as the first reading found: the text columns' fields are not looked at again)
		o.Header = HeaderNo
		if h, err := parseCSV(s, source, opt, csvHeader); err == nil && h.Header != nil {
			o.Header = HeaderYes
		}
	}
	o.Categorical = slices.Clip(opt.Categorical)
	for _, c := range text {
		o.Categorical = append(o.Categorical, Column{Number: c})
	}
	// Which of the text columns qualify is learnt with missing values read (an error about one
	// of them, here, would come before what there is to say of the columns that do not), and
	// the file read again as they are asked for where some column did not qualify.
	look := o
	look.Missing = true
	t, err = parseCSV(s, source, look, csvTable)
	if err != nil {
		return nil, err
	}
	rows := len(t.X)
	most := min(MaxCategories, max(2, rows/2))
	var good []Column
	tooMany := map[int]int{}
	fewText := map[int][2]int{} // text on a tenth of the values or more, but not on most
	for k, c := range t.Columns {
		if !slices.Contains(text, c) {
			continue
		}
		switch l := t.cats[k]; {
		case !slices.ContainsFunc(l.names, func(n string) bool { return !date(n) }):
			// dates: refused with the hint to write them as numbers, however few they are (a
			// month's first days would read as twelve categories, and a later date as none)
		case 2*l.text <= l.present: // mostly numbers: the text a typo?
			if l.text >= 2 && 10*l.text >= l.present {
				fewText[c] = [2]int{l.text, l.present}
			}
		case len(l.names) > most:
			tooMany[c] = len(l.names)
		default:
			good = append(good, Column{Number: c})
		}
	}
	if len(good) == len(text) {
		if opt.Missing || !slices.ContainsFunc(t.X, func(x []float64) bool { return slices.ContainsFunc(x, math.IsNaN) }) {
			return t, nil // (no missing value read: the table as asked for)
		}
		return parseCSV(s, source, o, csvTable) // (which says where one is)
	}
	o.Categorical = append(slices.Clip(opt.Categorical), good...)
	t, err = parseCSV(s, source, o, csvTable)
	if err == nil { // (cannot be: the columns left hold text)
		return t, nil
	}
	if errors.As(err, &pe) {
		if n, ok := tooMany[pe.Column]; ok {
			pe.Err = &detail{kind: pe.Err, msg: fmt.Sprintf("%v, and column %d has %d distinct values, too many to read as categories (at most %d)", pe.Err, pe.Column, n, most)}
		}
		if n, ok := fewText[pe.Column]; ok {
			pe.Err = &detail{kind: pe.Err, msg: fmt.Sprintf("%v, and column %d holds text on %d of its %d values, too few to read it as categories (most must be text)", pe.Err, pe.Column, n[0], n[1])}
		}
		for _, c := range pe.TextColumns {
			n, many := tooMany[c]
			if _, few := fewText[c]; many && 2*n <= rows || few { // (not an identifier: a name on most rows)
				pe.Declined = append(pe.Declined, c)
			}
		}
	}
	return nil, err
}
