package dataset

import (
	"slices"
	"strings"
	"testing"
)

func TestReadLIBSVM(t *testing.T) {
	tab, err := ReadLIBSVM("testdata/small.libsvm")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "X", tab.X, [][]float64{{0.5, 0, 2}, {0, 1, 0}, {0, 0, 0}})
	equal(t, "Labels", tab.Labels, []string{"+1", "-1", "+1"})
	equal(t, "Lines", tab.Lines, []int{2, 4, 5})
	equal(t, "Features", tab.Features, []string(nil))
}

func TestParseLIBSVM(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		x      [][]float64
		labels []string
		lines  []int
	}{
		{"sparse indices", "1 2:3 5:-1\n0 1:1\n", [][]float64{{0, 3, 0, 0, -1}, {1, 0, 0, 0, 0}}, []string{"1", "0"}, []int{1, 2}},
		{"comments, tabs, CRLF, BOM", "\uFEFF# header\r\n\r\nyes\t1:1e-2 # c\r\n#\r\nno 3:4\r\n",
			[][]float64{{0.01, 0, 0}, {0, 0, 4}}, []string{"yes", "no"}, []int{3, 5}},
		{"label only", "1\n", [][]float64{{}}, []string{"1"}, []int{1}},
		{"explicit zero sets the dimension", "1 4:0\n", [][]float64{{0, 0, 0, 0}}, []string{"1"}, []int{1}},
		{"SVMlight query ids", "2 qid:1 1:0.5 3:1\n1 qid:12 2:2\n", [][]float64{{0.5, 0, 1}, {0, 2, 0}}, []string{"2", "1"}, []int{1, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := ParseLIBSVM(strings.NewReader(tc.in), "data.libsvm")
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "X", tab.X, tc.x)
			equal(t, "Labels", tab.Labels, tc.labels)
			equal(t, "Lines", tab.Lines, tc.lines)
		})
	}
}

func TestParseLIBSVMErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		kind error
		want string
	}{
		{"decreasing index", "1 1:1\n1 3:1 2:1\n", ErrIndex, "data.libsvm:2:3: index 2 follows index 3: indices must be strictly increasing"},
		{"repeated index", "1 2:1 2:3\n", ErrIndex, "data.libsvm:1:3: "},
		{"index 0", "# c\n1 0:1\n", ErrIndex, "data.libsvm:2:2: index 0: indices start at 1 (scikit-learn's dump_svmlight_file counts from 0 unless given zero_based=False)"},
		{"UTF-16", "\xff\xfe1\x00 \x001\x00:\x001\x00", ErrEncoding, "data.libsvm:1: the data are UTF-16"},
		{"negative index", "1 -1:1\n", ErrIndex, "data.libsvm:1:2: "},
		{"text index", "1 1:2 a:1\n", ErrIndex, `data.libsvm:1:3: index "a" is not a positive integer`},
		{"empty index", "1 :1\n", ErrIndex, "data.libsvm:1:2: "},
		{"no colon", "1 0.5 0.25\n", ErrIndex, `data.libsvm:1:2: field "0.5" is not index:value`},
		{"index above limit", "1 2000000:1\n", ErrIndex, "data.libsvm:1:2: index 2000000 is above the limit"},
		{"value not a number", "1 1:2\n\n-1 1:abc\n", ErrNotNumber, `data.libsvm:3:2: field "abc" is not a number`},
		{"empty value", "1 1:\n", ErrMissing, "data.libsvm:1:2: empty field"},
		{"value ?", "1 1:?\n", ErrMissing, "data.libsvm:1:2: "},
		{"NaN value", "1 1:1 2:nan\n", ErrNonFinite, "data.libsvm:1:3: "},
		{"no label", "1:2 3:4\n", ErrMissing, `data.libsvm:1:1: line starts with "1:2": expected a label`},
		{"label ?", "1 1:1\n? 1:2\n", ErrMissing, "data.libsvm:2:1: "},
		{"empty", "", ErrEmpty, "data.libsvm: no data rows"},
		{"comments only", "# a\n  # b\n\n", ErrEmpty, "data.libsvm: no data rows"},
		{"qid not an integer", "1 qid:a 1:1\n", ErrIndex, `data.libsvm:1:2: qid "a" is not a non-negative integer`},
		{"qid after a feature", "1 1:1 qid:2\n", ErrIndex, `data.libsvm:1:3: index "qid" is not a positive integer`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLIBSVM(strings.NewReader(tc.in), "data.libsvm")
			wantErr(t, err, tc.kind, tc.want)
		})
	}
}

func TestWithDim(t *testing.T) {
	sparse := func() *Table {
		tab, err := ParseLIBSVM(strings.NewReader("1 1:1\n\n-1 1:2 3:3\n1 2:1\n"), "test.libsvm")
		if err != nil {
			t.Fatal(err)
		}
		return tab
	}
	dense, err := ParseCSV(strings.NewReader("a,b,y\n1,2,1\n3,4,-1\n"), "test.csv", CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}

	tab := sparse()
	if err := tab.WithDim(5); err != nil {
		t.Fatal(err)
	}
	equal(t, "padded X", tab.X, [][]float64{{1, 0, 0, 0, 0}, {2, 0, 3, 0, 0}, {0, 1, 0, 0, 0}})
	if err := tab.WithDim(4); err != nil || tab.Dim() != 4 {
		t.Errorf("back to 4 after padding: %v, dim %d", err, tab.Dim())
	}
	wantErr(t, tab.WithDim(2), ErrDimensionMismatch, "test.libsvm:3:3: feature index 3 is above the expected dimension 2")
	if err := sparse().WithDim(3); err != nil {
		t.Errorf("same dimension: %v", err)
	}
	if err := dense.WithDim(2); err != nil {
		t.Errorf("same dimension: %v", err)
	}
	wantErr(t, sparse().WithDim(2), ErrDimensionMismatch, "test.libsvm:3:3: feature index 3 is above the expected dimension 2")
	wantErr(t, dense.WithDim(3), ErrDimensionMismatch, "test.csv:2: rows have 2 features, expected 3")
	wantErr(t, dense.WithDim(1), ErrDimensionMismatch, "test.csv:2: ")
}

func TestParseLIBSVMZeroBased(t *testing.T) {
	tab, err := Parse(strings.NewReader("1 0:1.5 2:3\n-1 1:2\n"), "data.libsvm", CSVOptions{ZeroBased: true})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Dim() != 3 || !slices.Equal(tab.X[0], []float64{1.5, 0, 3}) || !slices.Equal(tab.X[1], []float64{0, 2, 0}) {
		t.Errorf("read %v", tab.X)
	}
	// Columns are 1-based: -drop 1 leaves out index 0.
	tab, err = Parse(strings.NewReader("1 0:1.5 2:3\n-1 1:2\n"), "data.libsvm", CSVOptions{ZeroBased: true, Drop: []Column{{Number: 1}}})
	if err != nil || !slices.Equal(tab.X[0], []float64{0, 3}) {
		t.Errorf("-drop 1: %v, %v", err, tab.X)
	}
	for _, tc := range []struct{ in, want string }{
		{"1 2:1 2:3\n", "data.libsvm:1:3: index 2 follows index 2"},
		{"1 -1:3\n", `data.libsvm:1:2: index "-1" is not a non-negative integer`},
	} {
		if _, err := Parse(strings.NewReader(tc.in), "data.libsvm", CSVOptions{ZeroBased: true}); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
	_, err = Parse(strings.NewReader("1 0:1\n"), "data.libsvm", CSVOptions{})
	if !ZeroIndexError(err) {
		t.Errorf("index 0 read as counting from 1: %v, want the error ZeroIndexError knows", err)
	}
}
