package dataset

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestTaskString(t *testing.T) {
	equal(t, "Classification", Classification.String(), "classification")
	equal(t, "Regression", Regression.String(), "regression")
	equal(t, "Task(7)", Task(7).String(), "Task(7)")
}

func TestDetectTask(t *testing.T) {
	tests := []struct {
		name   string
		labels []string
		want   Task
	}{
		{"two numbers", []string{"1", "-1", "1"}, Classification},
		{"two numbers, two spellings", []string{"1", "1.0", "2", "3.5"}, Regression},
		{"three spellings, two values", []string{"1", "1.0", "-1"}, Classification},
		{"two texts", []string{"yes", "no"}, Classification},
		{"one class", []string{"1", "1"}, Classification},
		{"empty", nil, Classification},
		{"real values", []string{"1.5", "2", "-3e2"}, Regression},
		{"three texts", []string{"a", "b", "c"}, Classification},
		{"text among numbers", []string{"1.5", "2", "x"}, Classification},
		{"NaN among numbers", []string{"1.5", "2", "NaN"}, Classification},
		{"one NA among 20 real values", append(reals(19), "NA"), Regression},
		{"two NA among 20 real values", append(reals(18), "NA", "NA"), Classification},
		{"one NA among 20 labels of two values", append(slices.Repeat([]string{"1", "2"}, 10)[:19], "NA"), Classification},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			equal(t, "DetectTask", DetectTask(tc.labels), tc.want)
		})
	}
}

// TestDetectLabelsReason checks the reason given for labels read as classes: numbers among
// many markers of missing values are said to be such.
func TestDetectLabelsReason(t *testing.T) {
	tests := []struct {
		name   string
		labels []string
		want   string
	}{
		{"text", []string{"a", "b", "NA", "a"}, "text labels"},
		{"numbers and text", append(reals(18), "x", "NA"), "text labels"},
		{"numbers and markers", append(reals(17), "NA", "null", "NA"), `text labels: numbers but for 3 of 20 that mark missing values, such as "NA"; to fit the numbers, remove those rows`},
		{"markers only", []string{"NA", "None", "NA"}, "text labels"},
		{"numbers beyond 2^53", []string{"9007199254740993", "9007199254740992"}, "text labels: numbers that differ beyond the 16 digits of a float64"},
		{"numbers and NaN", append(reals(17), "NaN", "nan", "NaN"), `text labels: numbers but for 3 of 20 that mark missing values, such as "NaN"; to fit the numbers, remove those rows`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			equal(t, "reason", DetectLabels(tc.labels).Reason, tc.want)
		})
	}
}

func TestMissingLabel(t *testing.T) {
	twoValues := slices.Repeat([]string{"1", "2"}, 10)[:19]
	tests := []struct {
		name   string
		labels []string
		want   int
	}{
		{"one NA among labels of two values", append(slices.Clone(twoValues), "NA"), 19},
		{"null first among labels of two values", append([]string{"null"}, twoValues...), 0},
		{"one NaN among labels of two values", append(slices.Clone(twoValues), "NaN"), 19},
		{"None among a few integers", append(slices.Repeat([]string{"1", "2", "3", "4"}, 10), "None"), 40},
		{"two NA among 20", append(slices.Clone(twoValues[:18]), "NA", "NA"), -1},
		{"NA among real values (a regression's error)", append(reals(19), "NA"), -1},
		{"a text class among numbers", append(slices.Clone(twoValues), "other"), -1},
		{"text classes", []string{"a", "b", "NA", "a", "b"}, -1},
		{"numbers only", twoValues, -1},
		{"empty", nil, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			equal(t, "MissingLabel", MissingLabel(tc.labels), tc.want)
		})
	}
}

func TestMissingLabelError(t *testing.T) {
	labels := append(slices.Repeat([]string{"0", "1"}, 10)[:19], "NA")
	tab := &Table{Source: "data.csv", Labels: labels, Lines: make([]int, len(labels)), labelCol: 3}
	for i := range tab.Lines {
		tab.Lines[i] = i + 2
	}
	err := MissingLabelError(tab)
	if !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), `data.csv:21:3: missing label "NA" among numeric class labels`) {
		t.Errorf("MissingLabelError = %v", err)
	}
	tab.Labels = labels[:19]
	if err := MissingLabelError(tab); err != nil {
		t.Errorf("numbers only: %v", err)
	}
}

// reals returns n distinct labels that are not integers.
func reals(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.FormatFloat(float64(i)+0.5, 'g', -1, 64)
	}
	return out
}

func TestBinary(t *testing.T) {
	tests := []struct {
		name    string
		labels  []string
		classes [2]string
		y       []float64
	}{
		{"0/1", []string{"1", "0", "1"}, [2]string{"0", "1"}, []float64{1, -1, 1}},
		{"-1/1", []string{"1", "-1"}, [2]string{"-1", "1"}, []float64{1, -1}},
		{"+1/-1", []string{"+1", "-1"}, [2]string{"-1", "+1"}, []float64{1, -1}},
		{"1/2", []string{"2", "1", "1"}, [2]string{"1", "2"}, []float64{1, -1, -1}},
		{"9/10 numerically", []string{"10", "9"}, [2]string{"9", "10"}, []float64{1, -1}},
		{"1 and 1.0 are one class", []string{"1", "1.0", "-1"}, [2]string{"-1", "1"}, []float64{1, 1, -1}},
		{"yes/no lexically", []string{"yes", "no", "yes"}, [2]string{"no", "yes"}, []float64{1, -1, 1}},
		{"M/B lexically", []string{"M", "B"}, [2]string{"B", "M"}, []float64{1, -1}},
		{"number and text lexically", []string{"x", "1"}, [2]string{"1", "x"}, []float64{1, -1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			y, classes, err := Binary(tc.labels)
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "classes", classes, tc.classes)
			equal(t, "y", y, tc.y)
			// The classes encode the labels back to the same targets.
			y2, err := Encode(tc.labels, classes)
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "Encode", y2, tc.y)
		})
	}
}

func TestBinaryErrors(t *testing.T) {
	tests := []struct {
		name   string
		labels []string
		kind   error
		want   []string // substrings of the message
	}{
		{"empty", nil, ErrEmpty, []string{"no labels"}},
		{"one class", []string{"a", "a"}, ErrOneClass, []string{`only one class ("a") in 2 labels`}},
		{"one numeric class", []string{"1", "1.0"}, ErrOneClass, []string{`only one class ("1")`}},
		{"three classes", []string{"b", "a", "b", "c"}, ErrMultiClass,
			[]string{`label "c" is a third class; found 3 classes ("a", "b", "c")`, "multi-class is not supported yet"}},
		{"seven classes", strings.Split("g f e d c b a", " "), ErrMultiClass,
			[]string{`found 7 classes ("a", "b", "c", "d", "e", ...)`}},
		{"numeric classes in order", []string{"10", "9", "1"}, ErrMultiClass, []string{`("1", "9", "10")`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Binary(tc.labels)
			wantErr(t, err, tc.kind, "")
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestBinaryTableErrors(t *testing.T) {
	read := func(s string, opt CSVOptions) *Table {
		tab, err := ParseCSV(strings.NewReader(s), "data.csv", opt)
		if err != nil {
			t.Fatal(err)
		}
		return tab
	}
	_, _, err := BinaryTable(read("1,a\n2,b\n\n3,a\n4,c\n", CSVOptions{}))
	wantErr(t, err, ErrMultiClass, `data.csv:5:2: label "c" is a third class`)
	_, _, err = BinaryTable(read("a,1\n", CSVOptions{LabelColumn: 1}))
	wantErr(t, err, ErrOneClass, "data.csv: only one class")
	_, _, err = BinaryTable(read("1,2\n", CSVOptions{LabelColumn: -1}))
	wantErr(t, err, ErrEmpty, "data.csv: no label column")
}

func TestEncode(t *testing.T) {
	classes := [2]string{"-1", "1"}
	y, err := Encode([]string{"1", "-1", "+1", "1.0", "-1e0"}, classes)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "y", y, []float64{1, -1, 1, 1, -1})

	_, err = Encode([]string{"1", "2"}, classes)
	wantErr(t, err, ErrUnknownLabel, `row 2: label "2" is not one of the classes "-1" and "1"`)
	_, err = Encode([]string{"yes", "maybe"}, [2]string{"no", "yes"})
	wantErr(t, err, ErrUnknownLabel, `row 2: label "maybe"`)

	tab, err := ParseCSV(strings.NewReader("a,b,y\n1,2,no\n3,4,yes\n\n5,6,maybe\n"), "test.csv", CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = EncodeTable(tab, [2]string{"no", "yes"})
	wantErr(t, err, ErrUnknownLabel, `test.csv:5:3: label "maybe" is not one of the classes "no" and "yes"`)
}

func TestNumeric(t *testing.T) {
	tab, err := ParseCSV(strings.NewReader("1,2.5\n2,-3e1\n"), "data.csv", CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	y, err := Numeric(tab)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "y", y, []float64{2.5, -30})

	tests := []struct {
		name string
		in   string
		kind error
		want string
	}{
		{"text", "1,2\n\n2,abc\n", ErrNotNumber, `data.csv:3:2: label "abc" is not a number`},
		{"NaN", "1,NaN\n", ErrNonFinite, `data.csv:1:2: label "NaN" is not finite`},
		{"overflow", "1,2\n2,-1e999\n", ErrNonFinite, "data.csv:2:2: "},
		{"underscores", "1,2\n2,1_5\n", ErrNotNumber, `data.csv:2:2: label "1_5" is not a number`},
		{"a missing label", "1,2\n2,NA\n3,4.5\n", ErrMissing, `data.csv:2:2: missing label "NA": a regression needs a target on every row; remove the row without one`},
		{"missing labels", "1,2\n2,NA\n3,4.5\n4,null\n", ErrMissing, `data.csv:2:2: missing label "NA": a regression needs a target on every row; remove the 2 rows of 4 without one`},
		{"variance overflows", "1,2\n2,1e300\n3,-1e300\n", ErrScale, "data.csv:2:2: label 1e+300 is too large: the mean or the variance of the targets overflows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := ParseCSV(strings.NewReader(tc.in), "data.csv", CSVOptions{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = Numeric(tab)
			wantErr(t, err, tc.kind, tc.want)
		})
	}
	lib, err := ParseLIBSVM(strings.NewReader("1 1:1\nx 1:2\n"), "data.libsvm")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Numeric(lib)
	wantErr(t, err, ErrNotNumber, "data.libsvm:2:1: ")
}

// TestIndicesKnown checks that a label not among the classes gets -1 and is counted, where
// Indices refuses it, and that numbers match by value.
func TestIndicesKnown(t *testing.T) {
	classes := []string{"1", "b", "c"}
	for _, tc := range []struct {
		labels  []string
		want    []int
		unknown int
	}{
		{[]string{"b", "1.0", "c"}, []int{1, 0, 2}, 0},
		{[]string{"x", "b", "y", "x", "1"}, []int{-1, 1, -1, -1, 0}, 3},
		{nil, []int{}, 0},
	} {
		idx, unknown := IndicesKnown(tc.labels, classes)
		if !slices.Equal(idx, tc.want) || unknown != tc.unknown {
			t.Errorf("%q: %v, %d unknown; want %v, %d", tc.labels, idx, unknown, tc.want, tc.unknown)
		}
		if _, err := Indices(tc.labels, classes); (err != nil) != (tc.unknown > 0) {
			t.Errorf("%q: Indices error %v", tc.labels, err)
		}
	}
}

// Numeric labels are one class when their values are equal, exactly: "1.0" is "1", but two
// integers beyond 2^53 that round to one float64 are two classes (the labels then read as text).
func TestClassesByValue(t *testing.T) {
	tests := []struct {
		name    string
		labels  []string
		classes []string
		idx     []int
	}{
		{"spellings of one value", []string{"1", "2", "1.0", "2e0", "1"}, []string{"1", "2"}, []int{0, 1, 0, 1, 0}},
		{"leading zeros", []string{"007", "12", "7"}, []string{"007", "12"}, []int{0, 1, 0}},
		{"beyond 2^53", []string{"9007199254740993", "9007199254740992", "9007199254740993"}, []string{"9007199254740992", "9007199254740993"}, []int{1, 0, 1}},
		{"beyond 2^53, three", []string{"9007199254740993", "9007199254740992", "1"}, []string{"1", "9007199254740992", "9007199254740993"}, []int{2, 1, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			idx, classes, err := Classes(tc.labels)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(classes, tc.classes) || !slices.Equal(idx, tc.idx) {
				t.Errorf("classes %q, indices %v; want %q, %v", classes, idx, tc.classes, tc.idx)
			}
		})
	}
	if _, classes, err := Binary([]string{"9007199254740993", "9007199254740992"}); err != nil || classes != [2]string{"9007199254740992", "9007199254740993"} {
		t.Errorf("Binary beyond 2^53: %q, %v; want the two labels as two classes", classes, err)
	}
}
