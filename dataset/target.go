package dataset

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// Task is what the labels ask for.
type Task int

const (
	Classification Task = iota // two classes, targets -1/+1
	Regression                 // numeric targets
)

// String returns "classification" or "regression".
func (t Task) String() string {
	switch t {
	case Classification:
		return "classification"
	case Regression:
		return "regression"
	}
	return "Task(" + strconv.Itoa(int(t)) + ")"
}

// MaxIntegerClasses is the largest number of distinct integer labels that DetectTask reads
// as classes.
const MaxIntegerClasses = 30

// Detection is what DetectLabels found in a label column.
type Detection struct {
	Task Task
	// Classes is the number of distinct labels (classification), counted up to
	// MaxIntegerClasses+1 for numeric labels.
	Classes int
	// Reason says in words why, for messages such as "classification (text labels)".
	Reason string
}

// DetectLabels decides the task of a label column by this rule:
//   - at most one label in 20 that is not a finite number, the others numbers that this rule
//     reads as a regression target: regression (the labels that are not numbers are then
//     errors, such as missing values);
//   - any other label that is not a finite number: classification (the labels are class names);
//   - numbers of at most two distinct values: classification;
//   - integers of at most MaxIntegerClasses distinct values, with at least five labels per
//     distinct value on average: classification;
//   - any other numbers: regression.
//
// Numeric labels are compared by value, so "1" and "1.0" are one class.
func DetectLabels(labels []string) Detection {
	cs, numeric := distinct(labels, 0)
	switch {
	case !numeric:
		if d, ok := strayText(labels); ok {
			return d
		}
		st := strays(labels)
		if len(st.nums) == len(labels) { // numbers, distinct beyond a float64's digits (distinct)
			return Detection{Classification, len(cs), "text labels: numbers that differ beyond the 16 digits of a float64"}
		}
		if st.missing && len(st.nums) > 0 {
			return Detection{Classification, len(cs), fmt.Sprintf("text labels: numbers but for %d of %d that mark missing values, such as %q; to fit the numbers, remove those rows",
				len(labels)-len(st.nums), len(labels), short(st.other))}
		}
		return Detection{Classification, len(cs), "text labels"}
	case len(cs) <= 2:
		return Detection{Classification, len(cs), fmt.Sprintf("%d distinct numeric labels", len(cs))}
	}
	switch {
	case !integers(cs):
		return Detection{Regression, 0, "numeric labels that are not all integers"}
	case len(cs) > MaxIntegerClasses:
		return Detection{Regression, 0, fmt.Sprintf("more than %d distinct integer labels", MaxIntegerClasses)}
	case 5*len(cs) > len(labels):
		return Detection{Regression, 0, fmt.Sprintf("%d distinct integer labels in %d rows (fewer than 5 rows per value)", len(cs), len(labels))}
	}
	return Detection{Classification, len(cs), fmt.Sprintf("%d distinct integer labels", len(cs))}
}

// integers reports whether the numeric labels cs are all integers (exactly representable).
func integers(cs []class) bool {
	for _, c := range cs {
		if c.value != math.Trunc(c.value) || math.Abs(c.value) >= 1<<53 {
			return false
		}
	}
	return true
}

// strayText detects a regression target with a few labels that are not numbers (a missing
// value written "NA", a typing error): at most one label in 20 is not a finite number, and the
// numbers alone are a regression target. The reason names the first such label, so that the
// regression's parse error that follows is understood.
func strayText(labels []string) (Detection, bool) {
	st := strays(labels)
	if st.first < 0 || DetectLabels(st.nums).Task != Regression {
		return Detection{}, false
	}
	return Detection{Regression, 0, fmt.Sprintf("numeric labels but for %d of %d, the first %q in data row %d",
		len(labels)-len(st.nums), len(labels), short(labels[st.first]), st.first+1)}, true
}

// countRows says how many of n rows: "row", "2 rows of 5".
func countRows(k, n int) string {
	if k == 1 {
		return "row"
	}
	return fmt.Sprintf("%d rows of %d", k, n)
}

// MissingLabel returns the index of the first label that marks a missing value (MissingValue:
// "NA", "null", "NaN", ...) in a column of numbers that are class labels, or -1: every other label
// is a finite number, the markers are at most one label in 20, and the numbers alone read as
// classes (DetectLabels). Such a column is read as text labels, the marker one more class;
// it is far more likely a missing label. (Among numbers that read as a regression target the
// markers are errors already: strayText.)
func MissingLabel(labels []string) int {
	st := strays(labels)
	if st.first < 0 || !st.missing || DetectLabels(st.nums).Task != Classification {
		return -1
	}
	return st.first
}

// strayLabels are the labels that are not finite numbers among a column of numbers: nums the
// numbers, first the index of the first other label (-1 if there is none, or more than one
// label in 20), missing whether every other label marks a missing value (MissingValue).
type strayLabels struct {
	nums    []string
	first   int
	missing bool
	other   string // the first label that is not a finite number
}

func strays(labels []string) strayLabels {
	st := strayLabels{first: -1, missing: true}
	for i, l := range labels {
		if _, ok := finite(l); ok {
			st.nums = append(st.nums, l)
			continue
		}
		st.missing = st.missing && MissingValue(strings.TrimSpace(l))
		if st.first < 0 {
			st.first, st.other = i, l
		}
	}
	if 20*(len(labels)-len(st.nums)) > len(labels) {
		st.first = -1
	}
	return st
}

// MissingLabelError is MissingLabel for the labels of t: an error wrapping ErrMissing that
// names the first such label's file, line and field, or nil.
func MissingLabelError(t *Table) error {
	i := MissingLabel(t.Labels)
	if i < 0 {
		return nil
	}
	file, line, col := t.labelPos(i)
	return at(file, line, col, errorf(ErrMissing, "missing label %q among numeric class labels: remove the row, or set the task to classification to keep it as a class",
		short(t.Labels[i])))
}

// DetectTask returns DetectLabels(labels).Task.
func DetectTask(labels []string) Task { return DetectLabels(labels).Task }

// Classes maps labels of two or more distinct values to class indices: idx[i] is the index
// of labels[i] in classes. If all labels are numbers they are compared by value and classes
// are in increasing order of value (so "0"/"1", "-1"/"1" and "1"/"2" behave as expected, and
// "1.0" is "1"); otherwise, or if two distinct numbers round to one float64 (integers beyond
// 2^53), they are text, in lexical order. Errors wrap ErrEmpty or ErrOneClass; ClassesTable adds the file.
func Classes(labels []string) (idx []int, classes []string, err error) {
	if len(labels) == 0 {
		return nil, nil, errorf(ErrEmpty, "no labels")
	}
	cs, numeric := distinct(labels, 0)
	if len(cs) == 1 {
		return nil, nil, errorf(ErrOneClass, "only one class (%q) in %d labels: classification needs two", cs[0].label, len(labels))
	}
	sortClasses(cs, numeric)
	classes = make([]string, len(cs))
	for i, c := range cs {
		classes[i] = c.label
	}
	idx, _ = indices(labels, classes)
	return idx, classes, nil
}

// ClassesTable is Classes for the labels of t, with errors naming t's file.
func ClassesTable(t *Table) (idx []int, classes []string, err error) {
	if t.Labels == nil {
		return nil, nil, at(t.Source, 0, 0, errorf(ErrEmpty, "no label column"))
	}
	idx, classes, err = Classes(t.Labels)
	if err != nil {
		return nil, nil, at(t.Source, 0, 0, err)
	}
	return idx, classes, nil
}

// Indices maps labels (of test data, say) to indices into a model's classes. A label matches
// a class if the text is equal or both are numbers of equal value ("1.0" matches "1"). An
// unknown label is an error wrapping ErrUnknownLabel that names it; IndicesTable adds file
// and line.
func Indices(labels []string, classes []string) ([]int, error) {
	idx, bad := indices(labels, classes)
	if bad >= 0 {
		return nil, errorf(ErrUnknownLabel, "row %d: %v", bad+1, unknownOf(labels[bad], classes))
	}
	return idx, nil
}

// IndicesTable is Indices for the labels of t, with errors naming t's file and line.
func IndicesTable(t *Table, classes []string) ([]int, error) {
	if t.Labels == nil {
		return nil, at(t.Source, 0, 0, errorf(ErrEmpty, "no label column"))
	}
	idx, bad := indices(t.Labels, classes)
	if bad >= 0 {
		file, line, col := t.labelPos(bad)
		return nil, at(file, line, col, errorf(ErrUnknownLabel, "%v", unknownOf(t.Labels[bad], classes)))
	}
	return idx, nil
}

func unknownOf(label string, classes []string) string {
	q := make([]string, 0, 6)
	for i, c := range classes {
		if i == 5 && len(classes) > 6 {
			q = append(q, fmt.Sprintf("... (%d in all)", len(classes)))
			break
		}
		q = append(q, strconv.Quote(c))
	}
	return fmt.Sprintf("label %q is not one of the classes %s", short(label), strings.Join(q, ", "))
}

// IndicesKnown is Indices with -1 for a label that is not one of the classes (a test row of
// a class the training data lacked), and the number of such labels.
func IndicesKnown(labels []string, classes []string) (idx []int, unknown int) {
	idx, _ = indices(labels, classes)
	for _, c := range idx {
		if c < 0 {
			unknown++
		}
	}
	return idx, unknown
}

// indices implements Indices and IndicesKnown: idx holds -1 for an unknown label, bad is the
// first unknown row, or -1.
func indices(labels []string, classes []string) (idx []int, bad int) {
	byText := make(map[string]int, len(classes))
	byValue := make(map[float64]int, len(classes))
	for i, c := range classes {
		byText[c] = i
		if v, ok := finite(c); ok {
			if _, dup := byValue[v]; !dup {
				byValue[v] = i
			}
		}
	}
	idx, bad = make([]int, len(labels)), -1
	for i, l := range labels {
		if c, ok := byText[l]; ok {
			idx[i] = c
			continue
		}
		v, ok := finite(l)
		c, known := byValue[v]
		if !ok || !known {
			c = -1
			if bad < 0 {
				bad = i
			}
		}
		idx[i] = c
	}
	return idx, bad
}

// class is one distinct label: its first spelling, first row and numeric value.
type class struct {
	label string
	first int
	value float64
}

// distinct returns the distinct labels in order of first appearance, stopping after limit
// (0: no limit), and whether all labels are finite numbers (then compared by value).
func distinct(labels []string, limit int) (cs []class, numeric bool) {
	numeric = len(labels) > 0
	values := make([]float64, 0, len(labels))
	for _, l := range labels {
		v, ok := finite(l)
		if !ok {
			numeric = false
			break
		}
		values = append(values, v)
	}
	if numeric {
		seen := map[float64]int{} // value -> its class in cs
		same := map[string]bool{} // spellings of a class's value other than its first
		for i, v := range values {
			k, ok := seen[v]
			if !ok {
				seen[v] = len(cs)
				cs = append(cs, class{labels[i], i, v})
				if len(cs) == limit {
					break
				}
				continue
			}
			if l := labels[i]; l != cs[k].label && !same[l] {
				if !sameNumber(l, cs[k].label) { // two numbers one float64 (beyond 2^53): text
					numeric = false
					break
				}
				same[l] = true
			}
		}
		if numeric {
			return cs, true
		}
		cs = nil
	}
	seen := map[string]bool{}
	for i, l := range labels {
		if !seen[l] {
			seen[l] = true
			cs = append(cs, class{label: l, first: i})
			if len(cs) == limit {
				break
			}
		}
	}
	return cs, false
}

// sameNumber reports whether the numbers a and b (finite, plain decimals) are equal exactly,
// not only once rounded to float64.
func sameNumber(a, b string) bool {
	var x, y big.Rat
	_, okA := x.SetString(strings.TrimSpace(a))
	_, okB := y.SetString(strings.TrimSpace(b))
	return okA && okB && x.Cmp(&y) == 0
}

// Binary maps labels of exactly two distinct values to -1/+1: classes[0] -> -1, classes[1]
// -> +1. If all labels are numbers they are compared by value and the smaller is -1 (so
// "0"/"1", "-1"/"1" and "1"/"2" behave as expected); otherwise the lexically smaller is -1.
// Errors wrap ErrEmpty, ErrOneClass or ErrMultiClass. BinaryTable adds file and line.
func Binary(labels []string) (y []float64, classes [2]string, err error) {
	y, classes, _, err = binary(labels)
	return y, classes, err
}

// BinaryTable is Binary for the labels of t, with errors naming t's file and the line of
// the first label of a third class.
func BinaryTable(t *Table) (y []float64, classes [2]string, err error) {
	if t.Labels == nil {
		return nil, classes, at(t.Source, 0, 0, errorf(ErrEmpty, "no label column"))
	}
	y, classes, bad, err := binary(t.Labels)
	if err != nil {
		if bad < 0 {
			return nil, classes, at(t.Source, 0, 0, err)
		}
		file, line, col := t.labelPos(bad)
		return nil, classes, at(file, line, col, err)
	}
	return y, classes, nil
}

// binary implements Binary; bad is the row of the first label of a third class, or -1.
func binary(labels []string) (y []float64, classes [2]string, bad int, err error) {
	if len(labels) == 0 {
		return nil, classes, -1, errorf(ErrEmpty, "no labels")
	}
	cs, numeric := distinct(labels, 0)
	switch {
	case len(cs) == 1:
		return nil, classes, -1, errorf(ErrOneClass,
			"only one class (%q) in %d labels: binary classification needs two", cs[0].label, len(labels))
	case len(cs) > 2:
		bad := cs[2].first
		third := cs[2].label
		sortClasses(cs, numeric)
		var names []string
		for i, c := range cs {
			if i == 5 {
				names = append(names, "...")
				break
			}
			names = append(names, strconv.Quote(c.label))
		}
		return nil, classes, bad, errorf(ErrMultiClass,
			"label %q is a third class; found %d classes (%s): multi-class is not supported yet",
			third, len(cs), strings.Join(names, ", "))
	}
	sortClasses(cs, numeric)
	classes = [2]string{cs[0].label, cs[1].label}
	y = make([]float64, len(labels))
	if numeric {
		for i, l := range labels {
			y[i] = 1
			if v, _ := finite(l); v == cs[0].value {
				y[i] = -1
			}
		}
		return y, classes, -1, nil
	}
	for i, l := range labels {
		y[i] = 1
		if l == cs[0].label {
			y[i] = -1
		}
	}
	return y, classes, -1, nil
}

func sortClasses(cs []class, numeric bool) {
	sort.Slice(cs, func(i, j int) bool {
		if numeric {
			return cs[i].value < cs[j].value
		}
		return cs[i].label < cs[j].label
	})
}

// Encode maps labels (of test data, say) to -1/+1 with a model's classes: classes[0] -> -1,
// classes[1] -> +1. A label matches a class if the text is equal or both are numbers of equal
// value ("1.0" matches "1"). An unknown label is an error wrapping ErrUnknownLabel that names
// it; EncodeTable adds file and line.
func Encode(labels []string, classes [2]string) ([]float64, error) {
	y, bad := encode(labels, classes)
	if bad >= 0 {
		return nil, errorf(ErrUnknownLabel, "row %d: %v", bad+1, unknown(labels[bad], classes))
	}
	return y, nil
}

// EncodeTable is Encode for the labels of t, with errors naming t's file and line.
func EncodeTable(t *Table, classes [2]string) ([]float64, error) {
	if t.Labels == nil {
		return nil, at(t.Source, 0, 0, errorf(ErrEmpty, "no label column"))
	}
	y, bad := encode(t.Labels, classes)
	if bad >= 0 {
		file, line, col := t.labelPos(bad)
		return nil, at(file, line, col, errorf(ErrUnknownLabel, "%v", unknown(t.Labels[bad], classes)))
	}
	return y, nil
}

func unknown(label string, classes [2]string) string {
	return fmt.Sprintf("label %q is not one of the classes %q and %q", short(label), classes[0], classes[1])
}

// encode implements Encode; bad is the first unknown row, or -1.
func encode(labels []string, classes [2]string) (y []float64, bad int) {
	v0, ok0 := finite(classes[0])
	v1, ok1 := finite(classes[1])
	y = make([]float64, len(labels))
	for i, l := range labels {
		switch l {
		case classes[0]:
			y[i] = -1
			continue
		case classes[1]:
			y[i] = 1
			continue
		}
		v, ok := finite(l)
		switch {
		case ok && ok0 && v == v0:
			y[i] = -1
		case ok && ok1 && v == v1:
			y[i] = 1
		default:
			return nil, i
		}
	}
	return y, -1
}

// Numeric returns the labels of t as regression targets. A label that is not a finite
// number is a *ParseError naming file and line, wrapping ErrNotNumber or ErrNonFinite; targets
// whose mean or variance overflows float64 are one wrapping ErrScale, at the label of largest
// magnitude.
func Numeric(t *Table) ([]float64, error) {
	if t.Labels == nil {
		return nil, at(t.Source, 0, 0, errorf(ErrEmpty, "no label column"))
	}
	y := make([]float64, len(t.Labels))
	for i, l := range t.Labels {
		v, ok := finite(l)
		if !ok {
			file, line, col := t.labelPos(i)
			switch {
			case isNumber(l):
				return nil, at(file, line, col, errorf(ErrNonFinite, "label %q is not finite: expected a finite number", short(l)))
			case IsMissing(strings.TrimSpace(l)):
				missing := 0
				for _, l := range t.Labels[i:] {
					if IsMissing(strings.TrimSpace(l)) {
						missing++
					}
				}
				return nil, at(file, line, col, errorf(ErrMissing, "missing label %q: a regression needs a target on every row; remove the %s without one",
					short(l), countRows(missing, len(t.Labels))))
			}
			return nil, at(file, line, col, errorf(ErrNotNumber, "label %q is not a number", short(l)))
		}
		y[i] = v
	}
	if len(y) > 0 {
		col := make([][]float64, len(y))
		for i := range y {
			col[i] = y[i : i+1 : i+1]
		}
		if s, _ := fitScaler(col); s.overflow() >= 0 {
			i := largest(col, 0)
			file, line, c := t.labelPos(i)
			return nil, at(file, line, c, scaleError("label", y[i], "the targets", len(y)))
		}
	}
	return y, nil
}
