package dataset

import (
	"strings"
	"testing"
)

func TestParseColumns(t *testing.T) {
	tests := []struct {
		in   string
		want []Column
	}{
		{"1", []Column{{Number: 1}}},
		{"1,3-5", []Column{{Number: 1}, {Number: 3}, {Number: 4}, {Number: 5}}},
		{" id , 2 ", []Column{{Name: "id"}, {Number: 2}}},
		{"4-4,x-1,sepal length", []Column{{Number: 4}, {Name: "x-1"}, {Name: "sepal length"}}},
	}
	for _, tc := range tests {
		got, err := ParseColumns(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		equal(t, tc.in, got, tc.want)
	}
	for _, bad := range []string{"", " ", "1,,2", "0", "5-3", "-2", "1-", "1-2-3", "99999999999999999999", "1-2000000", ","} {
		if _, err := ParseColumns(bad); err == nil {
			t.Errorf("%q: no error", bad)
		} else {
			wantErr(t, err, ErrColumn, "")
		}
	}
}

func cols(t *testing.T, s string) []Column {
	t.Helper()
	c, err := ParseColumns(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSelectColumns(t *testing.T) {
	const data = "id,a,b,c,y\nr1,1,2,3,p\nr2,4,5,6,q\n"
	tests := []struct {
		name           string
		in             string
		features, drop string
		label          int
		x              [][]float64
		names          []string
		columns        []int
	}{
		{"drop by number", data, "", "1", 0, [][]float64{{1, 2, 3}, {4, 5, 6}}, []string{"a", "b", "c"}, []int{2, 3, 4}},
		{"drop by name", data, "", "id,b", 0, [][]float64{{1, 3}, {4, 6}}, []string{"a", "c"}, []int{2, 4}},
		{"keep, reordered", data, "c,2", "", 0, [][]float64{{3, 1}, {6, 4}}, []string{"c", "a"}, []int{4, 2}},
		{"keep a range less a drop", data, "2-4", "b", 0, [][]float64{{1, 3}, {4, 6}}, []string{"a", "c"}, []int{2, 4}},
		{"label first", "y,a,b\np,1,2\n", "", "", 1, [][]float64{{1, 2}}, []string{"a", "b"}, []int{2, 3}},
		{"text column dropped, no header", "r1,1,2,p\nr2,3,4,q\n", "", "1", 0, [][]float64{{1, 2}, {3, 4}}, nil, []int{2, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := CSVOptions{LabelColumn: tc.label}
			if tc.features != "" {
				opt.Features = cols(t, tc.features)
			}
			if tc.drop != "" {
				opt.Drop = cols(t, tc.drop)
			}
			tab, err := ParseCSV(strings.NewReader(tc.in), "data.csv", opt)
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "X", tab.X, tc.x)
			equal(t, "Features", tab.Features, tc.names)
			equal(t, "Columns", tab.Columns, tc.columns)
		})
	}
	errs := []struct {
		name           string
		features, drop string
		want           string
	}{
		{"unknown name", "", "zz", `data.csv:1: dropped column "zz" is not in the header, which names "id", "a", "b", "c", "y"`},
		{"out of range", "7", "", "data.csv:1: feature column 7 is out of range: the data have 5 columns"},
		{"label kept", "2,5", "", "data.csv:1: feature column 5 is the label column"},
		{"label dropped", "", "y", `data.csv:1: dropped column "y" is the label column`},
		{"twice", "2,a", "", `data.csv:1: feature column "a" is listed twice`},
		{"nothing left", "2", "2", "data.csv:1: no feature column is left"},
		{"text feature", "1,2", "", `data.csv:2:1: field "r1" is not a number`},
	}
	for _, tc := range errs {
		t.Run(tc.name, func(t *testing.T) {
			var opt CSVOptions
			if tc.features != "" {
				opt.Features = cols(t, tc.features)
			}
			if tc.drop != "" {
				opt.Drop = cols(t, tc.drop)
			}
			_, err := ParseCSV(strings.NewReader(data), "data.csv", opt)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
	// A name needs a header.
	_, err := ParseCSV(strings.NewReader("1,2,3\n"), "data.csv", CSVOptions{Drop: cols(t, "a")})
	wantErr(t, err, ErrColumn, `data.csv:1: dropped column "a" is a name, but the data have no header line`)
	// Listed names make the first line a header even if some of its fields are numbers.
	tab, err := ParseCSV(strings.NewReader("a,2020,y\n1,2,p\n"), "data.csv", CSVOptions{Features: cols(t, "2,a")})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "X", tab.X, [][]float64{{2, 1}})
	equal(t, "Features", tab.Features, []string{"2020", "a"})
}

func TestHeader(t *testing.T) {
	tests := []struct {
		in   string
		src  string
		opt  CSVOptions
		want []string
	}{
		{"a,b,y\n1,2,3\n", "d.csv", CSVOptions{}, []string{"a", "b", "y"}},
		{"1,2,3\n", "d.csv", CSVOptions{}, nil},
		{"x,y\n", "d.csv", CSVOptions{}, []string{"x", "y"}},
		{"1 1:2\n", "d.txt", CSVOptions{}, nil},
		{"0,1,2\n", "d.csv", CSVOptions{Header: HeaderYes}, []string{"0", "1", "2"}},
	}
	for _, tc := range tests {
		got, err := Header(strings.NewReader(tc.in), tc.src, tc.opt)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		equal(t, tc.in, got, tc.want)
	}
}

func TestParseDetectsFormat(t *testing.T) {
	tab, err := Parse(strings.NewReader("1 1:2 3:4\n-1 2:1\n"), "<stdin>", CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "X", tab.X, [][]float64{{2, 0, 4}, {0, 1, 0}})
	tab, err = Parse(strings.NewReader("a,b\n1,p\n2,q\n"), "<stdin>", CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "Features", tab.Features, []string{"a"})
	equal(t, "LabelName", tab.LabelName, "b")
}

func TestSelectLIBSVM(t *testing.T) {
	const data = "1 1:1 2:2 4:4\n-1 3:3\n"
	tab, err := Parse(strings.NewReader(data), "d.libsvm", CSVOptions{Drop: cols(t, "2,6")})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "X", tab.X, [][]float64{{1, 0, 4}, {0, 3, 0}})
	equal(t, "Columns", tab.Columns, []int{1, 3, 4})
	if err := tab.WithDim(5); err != nil {
		t.Fatal(err)
	}
	equal(t, "Columns after WithDim", tab.Columns, []int{1, 3, 4, 5, 7})
	equal(t, "X after WithDim", tab.X, [][]float64{{1, 0, 4, 0, 0}, {0, 3, 0, 0, 0}})

	tab, err = Parse(strings.NewReader(data), "d.libsvm", CSVOptions{Features: cols(t, "4,1,6")})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "X", tab.X, [][]float64{{4, 1, 0}, {0, 0, 0}})
	equal(t, "Columns", tab.Columns, []int{4, 1, 6})

	_, err = Parse(strings.NewReader(data), "d.libsvm", CSVOptions{Drop: cols(t, "a")})
	wantErr(t, err, ErrColumn, `d.libsvm: column "a" is a name, but LIBSVM data have no column names`)
}
