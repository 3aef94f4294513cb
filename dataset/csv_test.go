package dataset

import (
	"encoding/csv"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestParseCSV(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		opt      CSVOptions
		x        [][]float64
		labels   []string
		lines    []int
		features []string
	}{
		{"header, label last", "a,b,y\n1,2,yes\n3,4,no\n", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}}, []string{"yes", "no"}, []int{2, 3}, []string{"a", "b"}},
		{"no header, label first", "1,0.5,2\n-1,1.5,3\n", CSVOptions{LabelColumn: 1},
			[][]float64{{0.5, 2}, {1.5, 3}}, []string{"1", "-1"}, []int{1, 2}, nil},
		{"header, label in the middle", "x1,class,x2\n1,M,2\n3,B,4\n", CSVOptions{LabelColumn: 2},
			[][]float64{{1, 2}, {3, 4}}, []string{"M", "B"}, []int{2, 3}, []string{"x1", "x2"}},
		{"no label column", "1,2\n3,4\n", CSVOptions{LabelColumn: -1},
			[][]float64{{1, 2}, {3, 4}}, nil, []int{1, 2}, nil},
		{"no label column, header", "a,b\n1,2\n", CSVOptions{LabelColumn: -1},
			[][]float64{{1, 2}}, nil, []int{2}, []string{"a", "b"}},
		{"text label is not a header", "1,2,yes\n3,4,no\n", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}}, []string{"yes", "no"}, []int{1, 2}, nil},
		{"first label found again", "1,2,yes\n3,4,no\n5,6,no\n7,8,yes\n", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, []string{"yes", "no", "no", "yes"}, []int{1, 2, 3, 4}, nil},
		{"first label one of several of one row", "1,2,a\n3,4,b\n5,6,c\n7,8,c\n", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, []string{"a", "b", "c", "c"}, []int{1, 2, 3, 4}, nil},
		{"numeric header, HeaderNo", "0,1,y\n1,2,a\n3,4,a\n", CSVOptions{Header: HeaderNo},
			[][]float64{{0, 1}, {1, 2}, {3, 4}}, []string{"y", "a", "a"}, []int{1, 2, 3}, nil},
		{"header iff no feature field is a number", "id,x2,y\n3,4,5\n", CSVOptions{},
			[][]float64{{3, 4}}, []string{"5"}, []int{2}, []string{"id", "x2"}},
		{"header with empty index name", ",a,y\n1,2,3\n", CSVOptions{},
			[][]float64{{1, 2}}, []string{"3"}, []int{2}, []string{"", "a"}},
		{"pandas' default header", "0,1,2,3\n5,6,7,a\n", CSVOptions{},
			[][]float64{{5, 6, 7}}, []string{"a"}, []int{2}, []string{"0", "1", "2"}},
		{"pandas' default header after an index", ",0,1,2\n0,5,6,a\n", CSVOptions{},
			[][]float64{{0, 5, 6}}, []string{"a"}, []int{2}, []string{"", "0", "1"}},
		{"numbers in another order are data", "1,0,2,3\n5,6,7,a\n", CSVOptions{},
			[][]float64{{1, 0, 2}, {5, 6, 7}}, []string{"3", "a"}, []int{1, 2}, nil},
		{"numeric header needs HeaderYes", "0,1,2\n5,6,7\n", CSVOptions{Header: HeaderYes},
			[][]float64{{5, 6}}, []string{"7"}, []int{2}, []string{"0", "1"}},
		{"HeaderNo keeps the first row", "5,6,7\n", CSVOptions{Header: HeaderNo},
			[][]float64{{5, 6}}, []string{"7"}, []int{1}, nil},
		{"BOM, CRLF and blank lines", "\uFEFFa,b,y\r\n\r\n1,2,1\r\n   \r\n3,4,-1\r\n", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}}, []string{"1", "-1"}, []int{1 + 2, 5}, []string{"a", "b"}},
		{"carriage returns alone (classic Mac)", "a,b,y\r1,2,1\r\r3,4,-1\r", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}}, []string{"1", "-1"}, []int{2, 4}, []string{"a", "b"}},
		{"Excel's separator line", "sep=;\r\na;b;y\r\n1,5;2;1\r\n3;4;-1\r\n", CSVOptions{DecimalComma: true},
			[][]float64{{1.5, 2}, {3, 4}}, []string{"1", "-1"}, []int{3, 4}, []string{"a", "b"}},
		{"semicolons", "1;2;3\n4;5;6\n", CSVOptions{},
			[][]float64{{1, 2}, {4, 5}}, []string{"3", "6"}, []int{1, 2}, nil},
		{"tabs, header with spaces", "sepal length\tsepal width\tclass\n1\t2\tsetosa\n", CSVOptions{},
			[][]float64{{1, 2}}, []string{"setosa"}, []int{2}, []string{"sepal length", "sepal width"}},
		{"whitespace", "  1  2 3\n\n4 5\t6\r\n", CSVOptions{},
			[][]float64{{1, 2}, {4, 5}}, []string{"3", "6"}, []int{1, 3}, nil},
		{"explicit whitespace", "1 2 3\n", CSVOptions{Comma: ' '},
			[][]float64{{1, 2}}, []string{"3"}, []int{1}, nil},
		{"whitespace, quoted as R's write.table", "\"Sepal.Length\" \"Sepal.Width\" \"Species\"\n5.1 3.5 \"setosa\"\n\"4.9\" 3 \"Iris virginica\"\n", CSVOptions{},
			[][]float64{{5.1, 3.5}, {4.9, 3}}, []string{"setosa", "Iris virginica"}, []int{2, 3}, []string{"Sepal.Length", "Sepal.Width"}},
		{"whitespace, quotes inside quotes", "1 2 \"say \\\"hi\\\"\"\n3 4 \"a \"\"b\"\"\"\n", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}}, []string{`say "hi"`, `a "b"`}, []int{1, 2}, nil},
		{"whitespace, quotes not around a field", "1 2 5\"\n3 4 \"a\"b\n5 6 \"open\n", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}, {5, 6}}, []string{`5"`, `"a"b`, `"open`}, []int{1, 2, 3}, nil},
		{"quoted fields", "\"a\",\"b\",\"y\"\n\"1\", 2 ,\"yes, really\"\n", CSVOptions{},
			[][]float64{{1, 2}}, []string{"yes, really"}, []int{2}, []string{"a", "b"}},
		{"multi-line quoted label", "1,2,\"a\nb\"\n3,4,c\n", CSVOptions{},
			[][]float64{{1, 2}, {3, 4}}, []string{"a\nb", "c"}, []int{1, 3}, nil},
		{"one feature", "0.5,1\n1e-3,-1\n", CSVOptions{},
			[][]float64{{0.5}, {0.001}}, []string{"1", "-1"}, []int{1, 2}, nil},
		{"one column without label", "0.5\n2\n", CSVOptions{LabelColumn: -1},
			[][]float64{{0.5}, {2}}, nil, []int{1, 2}, nil},
		{"decimal notations", "+1.,-.5e3,1E-2,1e-400,y\n", CSVOptions{},
			[][]float64{{1, -500, 0.01, 0}}, []string{"y"}, []int{1}, nil},
		{"empty names may repeat", ",,y\n1,2,3\n", CSVOptions{Header: HeaderYes},
			[][]float64{{1, 2}}, []string{"3"}, []int{2}, []string{"", ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := ParseCSV(strings.NewReader(tc.in), "data.csv", tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "X", tab.X, tc.x)
			equal(t, "Labels", tab.Labels, tc.labels)
			equal(t, "Lines", tab.Lines, tc.lines)
			equal(t, "Features", tab.Features, tc.features)
			equal(t, "Source", tab.Source, "data.csv")
		})
	}
}

func TestParseCSVErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opt  CSVOptions
		kind error
		want string // the message, or its file:line:col: prefix
	}{
		{"not a number", "1,2,3\n4,abc,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "abc" is not a number`},
		{"typo in the first row is not a header", "1,2x,3\n4,5,6\n", CSVOptions{}, ErrNotNumber, `data.csv:1:2: field "2x" is not a number`},
		{"not a number after blank lines", "1,2,3\n\n\n4,x,6\n", CSVOptions{}, ErrNotNumber, "data.csv:4:2: "},
		{"not a number, CRLF", "1,2,3\r\n4,5,6\r\n7,8e,9\r\n", CSVOptions{}, ErrNotNumber, "data.csv:3:2: "},
		{"not a number, CR", "1,2,3\r4,5,6\r7,8e,9\r", CSVOptions{}, ErrNotNumber, "data.csv:3:2: "},
		{"not a number, label first", "y,a\n1,2\n-1,z\n", CSVOptions{LabelColumn: 1}, ErrNotNumber, "data.csv:3:2: "},
		{"not a number, whitespace", "1 2 3\n4 5 x6\n", CSVOptions{LabelColumn: -1}, ErrNotNumber, "data.csv:2:3: "},
		{"empty", "", CSVOptions{}, ErrEmpty, "data.csv: no data rows"},
		{"blank lines only", "\n \r\n\t\n", CSVOptions{}, ErrEmpty, "data.csv: no data rows"},
		{"header only", "a,b,y\n", CSVOptions{}, ErrEmpty, "data.csv: no data rows after the header on line 1"},
		{"too few fields", "1,2,3\n4,5\n", CSVOptions{}, ErrRagged, "data.csv:2: row has 2 fields, expected 3 like the first row on line 1"},
		{"too many fields", "a,b,y\n1,2,3,4,5\n", CSVOptions{}, ErrRagged, "data.csv:2: row has 5 fields, expected 3 like the header on line 1"},
		{"one field more than the header", "a,b,y\n1,2,3,4\n", CSVOptions{}, ErrRagged, `data.csv:2: row has 4 fields, expected 3 like the header on line 1 (a header without a name for the first column, as R's write.table writes the row names: write.table(..., row.names = FALSE) leaves them out, col.names = NA names them "")`},
		{"one field more, a later row", "a,b,y\n1,2,3\n1,2,3,4\n", CSVOptions{}, ErrRagged, "data.csv:3: row has 4 fields, expected 3 like the header on line 1"},
		{"ragged whitespace", "1 2 3\n4 5 6\n7 8\n", CSVOptions{}, ErrRagged, "data.csv:3: "},
		{"ragged after BOM and blank", "\uFEFF\n1,2\n3\n", CSVOptions{}, ErrRagged, "data.csv:3: "},
		{"empty field", "1,2,3\n4,,6\n", CSVOptions{}, ErrMissing, "data.csv:2:2: empty field"},
		{"question mark", "1,?,3\n", CSVOptions{}, ErrMissing, `data.csv:1:2: missing value "?"`},
		{"NA", "1,2,3\n1,NA,3\n", CSVOptions{}, ErrMissing, `data.csv:2:2: missing value "NA": expected a number`},
		{"null", "null,2,3\n", CSVOptions{}, ErrMissing, `data.csv:1:1: missing value "null"`},
		{"a spreadsheet's #N/A", "1,2,3\n1,#N/A,3\n", CSVOptions{}, ErrMissing, `data.csv:2:2: missing value "#N/A": expected a number`},
		{"pandas' <NA>", "1,2,3\n1,<NA>,3\n", CSVOptions{}, ErrMissing, `data.csv:2:2: missing value "<NA>": expected a number`},
		{"missing is not a header", "?,x,3\n", CSVOptions{}, ErrEmpty, "data.csv: no data rows after the header"},
		{"empty quoted field, whitespace", "1 2 3\n4 \"\" 6\n", CSVOptions{}, ErrMissing, "data.csv:2:2: empty field"},
		{"empty field, tabs", "1\t2\t3\n4\t\t6\n", CSVOptions{}, ErrMissing, "data.csv:2:2: "},
		{"empty label", "1,2,\n", CSVOptions{}, ErrMissing, "data.csv:1:3: empty label field"},
		{"missing label", "1,2,1\n3,4,?\n", CSVOptions{}, ErrMissing, "data.csv:2:3: "},
		{"NaN", "1,2,3\n1,NaN,3\n", CSVOptions{}, ErrNonFinite, `data.csv:2:2: field "NaN" is not finite`},
		{"missing label, missing read", "1,2,1\n3,?,?\n", CSVOptions{Missing: true}, ErrMissing, "data.csv:2:3: "},
		{"empty label, missing read", "1,,\n", CSVOptions{Missing: true}, ErrMissing, "data.csv:1:3: empty label field"},
		{"Inf, missing read", "1,2,3\n-inf,?,3\n", CSVOptions{Missing: true}, ErrNonFinite, "data.csv:2:1: "},
		{"text, missing read", "1,2,3\n4,n/ax,6\n", CSVOptions{Missing: true}, ErrNotNumber, `data.csv:2:2: field "n/ax" is not a number`},
		{"Inf", "1,2,3\n-inf,2,3\n", CSVOptions{}, ErrNonFinite, "data.csv:2:1: "},
		{"overflow", "1e400,2,3\n", CSVOptions{}, ErrNonFinite, `data.csv:1:1: field "1e400" overflows float64`},
		{"Infinity", "1,2,3\n4,+Infinity,6\n", CSVOptions{}, ErrNonFinite, `data.csv:2:2: field "+Infinity" is not finite`},
		{"underscores", "1,2,3\n1_000,5,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:1: field "1_000" is not a number: underscores between digits are not accepted; write 1000`},
		{"hexadecimal float", "1,2,3\n0x1p4,5,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:1: field "0x1p4" is not a number: hexadecimal`},
		{"hexadecimal integer", "1,2,3\n4,-0x10,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "-0x10" is not a number: hexadecimal`},
		{"decimal comma", "1;2;3\n4;5,5;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "5,5" is not a number: a decimal comma? write it as a point, or read the file with decimal commas`},
		{"decimal comma, four decimals", "1;2;3\n4;5,1234;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "5,1234" is not a number: a decimal comma? write it as a point, or read the file with decimal commas`},
		{"thousands or decimal comma", "1;2;3\n4;1,234;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "1,234" is not a number: a thousands separator or a decimal comma? neither is read; write 1234, or 1.234 or read the file with decimal commas`},
		{"thousands separators", "1;2;3\n4;-12,345,678;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "-12,345,678" is not a number: thousands separators are not read; write -12345678`},
		{"thousands separator and a point", "1;2;3\n4;1,234.5;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "1,234.5" is not a number: thousands separators are not read; write 1234.5`},
		{"percentage", "1;2;3\n4;45%;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "45%" is not a number: a percentage? write it as a number, 45 (or its fraction)`},
		{"percentage, a point", "1;2;3\n4;-2.5%;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "-2.5%" is not a number: a percentage? write it as a number, -2.5 (or its fraction)`},
		{"dollars", "1;2;3\n4;$1,200.50;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "$1,200.50" is not a number: a currency sign? write the amount as a number, 1200.50`},
		{"minus dollars", "1;2;3\n4;-$3;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "-$3" is not a number: a currency sign? write the amount as a number, -3`},
		{"euros, categories on", "1;2;3\n4;€12;6\n", CSVOptions{CategoricalText: true}, ErrNotNumber, `data.csv:2:2: field "€12" is not a number: a currency sign? write the amount as a number, 12`},
		{"a percent sign alone", "1;2;3\n4;%;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "%" is not a number`},
		{"a date", "1,2,3\n4,2024-01-31,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "2024-01-31" is not a number: a date? write it as a number (days since a first day, say), or leave the column out`},
		{"a dash for a missing value", "1,2,3\n4,-,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "-" is not a number: a placeholder for a missing value? write it as NA`},
		{"a date and a time", "1,2,3\n4,2024-01-31 12:30:00,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "2024-01-31 12:30:00" is not a number: a date?`},
		{"a date with slashes", "1,2,3\n4,31/01/2024,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "31/01/2024" is not a number: a date?`},
		{"a version, not a date", "1,2,3\n4,1.2.3,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "1.2.3" is not a number`},
		{"pandas' boolean", "1,2,3\n4,False,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "False" is not a number: a boolean? write 1 for true and 0 for false`},
		{"R's boolean", "1,2,3\n4,TRUE,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "TRUE" is not a number: a boolean? write 1 for true and 0 for false`},
		{"commas not in threes", "1;2;3\n4;1,23,456;6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "1,23,456" is not a number`},
		{"exponent without digits", "1,2,3\n4,1e+,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "1e+" is not a number`},
		{"lone point", "1,2,3\n4,.,6\n", CSVOptions{}, ErrNotNumber, `data.csv:2:2: field "." is not a number`},
		{"Latin-1 label", "1,2,caf\xe9\n", CSVOptions{}, ErrEncoding, `data.csv:1:3: label "caf\xe9" is not valid UTF-8 (byte 0xe9 at offset 3)`},
		{"Latin-1 header", "a,\xb5m,y\n1,2,3\n", CSVOptions{}, ErrEncoding, `data.csv:1:2: column name "\xb5m" is not valid UTF-8`},
		{"duplicate names", "a,b,a,y\n1,2,3,4\n", CSVOptions{}, ErrColumn, `data.csv:1:3: column name "a" is also the name of column 1`},
		{"label column out of range", "1,2,3\n", CSVOptions{LabelColumn: 4}, ErrRagged, "data.csv:1: label column 4 is out of range"},
		{"label is the only column", "1\n2\n", CSVOptions{}, ErrRagged, "data.csv:1: row has 1 field"},
		{"bare quote", "1,2,3\n4,5\"x,6\n", CSVOptions{}, csv.ErrBareQuote, "data.csv:2: "},
		{"unterminated quote", "1,2,3\n4,\"5,6\n", CSVOptions{}, csv.ErrQuote, "data.csv:2: "},
		{"numeric header, text labels", "0,1,class\n1,2,a\n3,4,b\n5,6,a\n7,8,b\n", CSVOptions{}, ErrHeader,
			`data.csv:1:3: the first line is read as data, since its features are numbers, but its label "class" is on no other line`},
		{"numeric header, numeric labels", "0,1,target\n1,2,0.5\n3,4,1.5\n5,6,2.5\n", CSVOptions{}, ErrHeader, "data.csv:1:3: "},
		{"numeric header, label first", "y,0,1\n1,2,3\n-1,4,5\n", CSVOptions{LabelColumn: 1}, ErrHeader, "data.csv:1:1: "},
		{"numeric header after blank lines", "\n2019,2020,cls\n1,2,a\n3,4,a\n5,6,b\n7,8,b\n", CSVOptions{}, ErrHeader, "data.csv:2:3: "},
		{"trailing separator, header", "a,b,y,\n1,2,3,\n", CSVOptions{}, ErrMissing,
			"data.csv:2:4: empty label field: expected a label (the header on line 1 ends with an empty name too: if every line ends with a separator, read the label and the features with -label 3 -features 1-2)"},
		{"a row of empty fields", "a,b,y\n1,2,p\n,,\n", CSVOptions{}, ErrMissing, "data.csv:3:3: empty label field: expected a label: the row's fields are all empty (as a spreadsheet may leave below its data): delete such rows"},
		{"a title line", "# made by a script\na,b,y\n1,2,p\n", CSVOptions{}, ErrRagged, "data.csv:1: row has 1 field, the label: expected features and a label (or no label column) (the lines below it have 3: is the first a title or a comment? delete it)"},
		{"two trailing separators", "a,b,y,,\n1,2,3,,\n", CSVOptions{}, ErrMissing, "data.csv:2:5: empty label field: expected a label (the header on line 1 ends with an empty name too: if every line ends with 2 separators, read the label and the features with -label 3 -features 1-2)"},
		{"trailing separator, three columns", "a,y,\n1,2,\n", CSVOptions{}, ErrMissing, "data.csv:2:3: empty label field: expected a label (the header on line 1 ends with an empty name too: if every line ends with a separator, read the label and the features with -label 2 -features 1)"},
		{"empty label, no header", "1,2,\n3,4,a\n", CSVOptions{}, ErrMissing, "data.csv:1:3: empty label field: expected a label"},
		{"UTF-16 little-endian", "\xff\xfea\x00,\x00", CSVOptions{}, ErrEncoding, "data.csv:1: the data are UTF-16"},
		{"UTF-16 big-endian", "\xfe\xff\x00a\x00,", CSVOptions{}, ErrEncoding, "data.csv:1: the data are UTF-16"},
		{"unclosed quote", "1,2,3\n4,\"5,6\n7,8\n9\n", CSVOptions{}, csv.ErrQuote, "data.csv:2: extraneous or missing \" in quoted-field (the record starting here runs to line 4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCSV(strings.NewReader(tc.in), "data.csv", tc.opt)
			wantErr(t, err, tc.kind, tc.want)
		})
	}
}

func TestCSVOptionsInvalid(t *testing.T) {
	for _, opt := range []CSVOptions{{Header: 7}, {LabelColumn: -2}, {Comma: '"'}, {Comma: '\n'}} {
		if _, err := ParseCSV(strings.NewReader("1,2\n"), "data.csv", opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
}

func TestReadFile(t *testing.T) {
	tests := []struct {
		path   string
		sparse bool
		dim    int
	}{
		{"testdata/example.csv", false, 2},
		{"testdata/small.libsvm", true, 3},
		{"testdata/sparse.txt", true, 3},
		{"testdata/dense.txt", false, 3},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			tab, err := ReadFile(tc.path, CSVOptions{})
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "sparse", tab.sparse, tc.sparse)
			equal(t, "Dim", tab.Dim(), tc.dim)
			equal(t, "Source", tab.Source, tc.path)
		})
	}
	if _, err := ReadFile("testdata/no-such-file.csv", CSVOptions{}); err == nil {
		t.Error("missing file: no error")
	}
}

func TestReadCSVNamesFile(t *testing.T) {
	_, err := ReadCSV("testdata/small.libsvm", CSVOptions{})
	wantErr(t, err, ErrRagged, "testdata/small.libsvm:2: ")
}

func TestParseCSVMissing(t *testing.T) {
	in := "a,b,c,y\n1,,3,u\n?,NA,nan,v\n4,NaN,-NAN,u\nnull,5,None,v\n"
	tab, err := ParseCSV(strings.NewReader(in), "data.csv", CSVOptions{Missing: true})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{1, -1, 3}, {-1, -1, -1}, {4, -1, -1}, {-1, 5, -1}} // -1: missing
	for i, row := range want {
		for j, v := range row {
			got := tab.X[i][j]
			if v < 0 && !math.IsNaN(got) || v >= 0 && got != v {
				t.Errorf("row %d, input %d: %v, want %v (-1: NaN)", i+1, j+1, got, v)
			}
		}
	}
	if strings.Join(tab.Labels, "") != "uvuv" {
		t.Errorf("labels %q", tab.Labels)
	}
}

// TestParseCSVMissingFirstRow: with Missing, a first row whose features are all missing
// values is data, not a header (its markers are not names); a row with a name still is one.
func TestParseCSVMissingFirstRow(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		opt      CSVOptions
		rows     int // data rows, the first of them missing every feature unless there is a header
		features []string
	}{
		{"markers", "NA,NA,1\n2,3,0\n", CSVOptions{Missing: true}, 2, nil},
		{"NaN, null and None", "NaN,null,None,y\n1,2,3,z\n", CSVOptions{Missing: true}, 2, nil},
		{"empty and N/A, label first", "1,,N/A\n0,2,3\n", CSVOptions{Missing: true, LabelColumn: 1}, 2, nil},
		{"a name among the markers", "a,NA,y\n1,2,3\n", CSVOptions{Missing: true}, 1, []string{"a", "NA"}},
		{"a dropped name", "id,NA,NA,y\nx,1,2,3\n", CSVOptions{Missing: true, Drop: []Column{{Number: 1}}}, 2, nil},
	}
	for _, tc := range tests {
		tab, err := ParseCSV(strings.NewReader(tc.in), "data.csv", tc.opt)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if len(tab.X) != tc.rows || !slices.Equal(tab.Features, tc.features) {
			t.Errorf("%s: %d rows, features %q; want %d and %q", tc.name, len(tab.X), tab.Features, tc.rows, tc.features)
			continue
		}
		if tc.features == nil && slices.ContainsFunc(tab.X[0], func(v float64) bool { return !math.IsNaN(v) }) {
			t.Errorf("%s: the first row is %v, want every feature missing", tc.name, tab.X[0])
		}
	}
}

func TestParseCSVTextColumns(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		opt  CSVOptions
		want []int
	}{
		{"header", "id,a,b,c,y\nr1,1,x,2,p\nr2,3,z,4,q\n", CSVOptions{}, []int{1, 3}},
		{"no header", "r1,1,x,2,p\n", CSVOptions{Header: HeaderNo}, []int{1, 3}},
		{"the label's text is not a feature's", "y,id,a\np,r1,1\n", CSVOptions{LabelColumn: 1}, []int{2}},
		{"features chosen, in their order", "a,b,c,y\nx,1,z,p\n", CSVOptions{Features: []Column{{Number: 3}, {Number: 1}}}, []int{3, 1}},
		{"text on a later row", "a,b,y\n1,2,p\nx,z,q\n", CSVOptions{}, []int{1, 2}},
		{"one column's text on a later row", "a,b,y\n1,2,p\n3,z,q\n5,6,p\n", CSVOptions{}, []int{2}},
		{"text on rows after the first", "id,a,b,c,y\nr1,1,2,3,p\nr2,4,x,5,q\nr3,6,7,z,p\n", CSVOptions{}, []int{1, 3, 4}},
		{"a missing value, text below", "id,a,b,y\nr1,None,1,p\nr2,both,2,q\n", CSVOptions{}, []int{1, 2}},
		{"missing values only", "id,a,b,y\nr1,None,1,p\nr2,NA,2,q\n", CSVOptions{}, []int{1}},
		{"a ragged row is skipped", "id,a,b,y\nr1,1,2,p\nr2,x\nr3,3,4,q\n", CSVOptions{}, []int{1}},
		{"another notation is not text", "a,b,y\n1_000,x,p\n", CSVOptions{}, nil},
	} {
		_, err := ParseCSV(strings.NewReader(tc.in), "data.csv", tc.opt)
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrNotNumber) {
			t.Errorf("%s: %v, want a ParseError wrapping ErrNotNumber", tc.name, err)
			continue
		}
		if !slices.Equal(pe.TextColumns, tc.want) {
			t.Errorf("%s: text columns %v, want %v (%v)", tc.name, pe.TextColumns, tc.want, err)
		}
		if tc.want != nil {
			features := strings.Count(tc.in[:strings.Index(tc.in, "\n")], ",") // every column but the label
			if tc.opt.Features != nil {
				features = len(tc.opt.Features)
			}
			if pe.Features != features {
				t.Errorf("%s: %d features, want %d", tc.name, pe.Features, features)
			}
		}
	}
}

func TestParseCSVDecimalComma(t *testing.T) {
	in := "a;b;y\n5,1;3;1,5\n-0,25;1e-3;2\n"
	tab, err := ParseCSV(strings.NewReader(in), "data.csv", CSVOptions{DecimalComma: true})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tab.X[0], []float64{5.1, 3}) || !slices.Equal(tab.X[1], []float64{-0.25, 0.001}) || !slices.Equal(tab.Labels, []string{"1.5", "2"}) {
		t.Errorf("read %v, labels %q", tab.X, tab.Labels)
	}
	// A headerless file: its first row is data, its numbers read with their commas.
	tab, err = ParseCSV(strings.NewReader("5,1;3;a\n4,9;2;b\n"), "data.csv", CSVOptions{DecimalComma: true})
	if err != nil || tab.Header != nil || len(tab.X) != 2 || tab.X[0][0] != 5.1 {
		t.Errorf("headerless: %v, header %q, rows %v", err, tab.Header, tab.X)
	}
	for _, tc := range []struct{ in, want string }{
		{"a;y\n1,2,3;p\n", `field "1,2,3" is not a number`},
		{"a;y\nx,5;p\n", `field "x,5" is not a number`},
	} {
		if _, err := ParseCSV(strings.NewReader(tc.in), "data.csv", CSVOptions{DecimalComma: true}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
	// Without the option, the hint says how decimal commas are written.
	if _, err := ParseCSV(strings.NewReader(in), "data.csv", CSVOptions{}); err == nil {
		t.Error("decimal commas read without DecimalComma")
	}
}

// TestErrorKinds checks the predicates that tell the readers' errors apart, and that each
// error still wraps its sentinel.
func TestErrorKinds(t *testing.T) {
	for _, tc := range []struct {
		name, in                      string
		text, missing, decimal, index bool
		sentinel                      error
	}{
		{"text", "a,y\nabc,p\n", true, false, false, false, ErrNotNumber},
		{"boolean", "a,y\nTrue,p\n", true, false, false, false, ErrNotNumber},
		{"another notation", "a,y\n1_000,p\n", false, false, false, false, ErrNotNumber},
		{"decimal comma", "a;y\n1,5;p\n", false, false, true, false, ErrNotNumber},
		{"empty field", "a,b,y\n1,,p\n", false, true, false, false, ErrMissing},
		{"marker", "a,y\nNA,p\n", false, true, false, false, ErrMissing},
		{"NaN", "a,y\n1,p\nnan,q\n", false, true, false, false, ErrNonFinite},
		{"infinity", "a,y\n1,p\ninf,q\n", false, false, false, false, ErrNonFinite},
		{"missing label", "a,y\n1,?\n", false, false, false, false, ErrMissing},
		{"LIBSVM marker", "1 1:?\n", false, false, false, false, ErrMissing},
		{"LIBSVM NaN", "1 1:NaN\n", false, false, false, false, ErrNonFinite},
		{"LIBSVM index 0", "1 0:1\n", false, false, false, true, ErrIndex},
	} {
		source := "data.csv"
		if strings.HasPrefix(tc.in, "1 ") {
			source = "data.libsvm"
		}
		_, err := Parse(strings.NewReader(tc.in), source, CSVOptions{})
		if err == nil || !errors.Is(err, tc.sentinel) || TextError(err) != tc.text || MissingValueError(err) != tc.missing ||
			DecimalCommaError(err) != tc.decimal || ZeroIndexError(err) != tc.index {
			t.Errorf("%s: %v: text %v, missing %v, decimal comma %v, index 0 %v, wraps %v: %v", tc.name, err,
				TextError(err), MissingValueError(err), DecimalCommaError(err), ZeroIndexError(err), tc.sentinel, errors.Is(err, tc.sentinel))
		}
	}
}

// TestDetectComma checks the separator chosen from the first lines: one that splits every line
// alike, whose fields read as numbers most often, and the first line's rule where none does.
func TestDetectComma(t *testing.T) {
	tests := []struct {
		name, data   string
		decimalComma bool
		want         rune
	}{
		{"commas", "a,b,y\n1,2,p\n3,4,q\n", false, ','},
		{"semicolons", "a;b;y\n1;2;p\n3;4;q\n", false, ';'},
		{"tabs", "a\tb\ty\n1\t2\tp\n3\t4\tq\n", false, '\t'},
		{"spaces", "1 2 p\n3  4 q\n", false, ' '},
		{"a comma in a tab-separated header", "income, USD\tage\ty\n1\t2\tp\n3\t4\tq\n", false, '\t'},
		{"names with commas, tab-separated, no header", "Doe, A\t0.5\t1\nSmith, J\t-1.2\t0\nLee, K\t2\t1\n", false, '\t'},
		{"quoted commas", "\"Doe, A\",0.5,1\n\"Smith, J\",-1.2,0\n", false, ','},
		{"numbers aligned by spaces, then a tab", "1   1.8   1.6\t0.7\n2   -1.2  -0.2\t5.0\n", false, ' '},
		{"aligned numbers, then a quoted name", "34.9   4   163.7\t\"chevrolet chevelle 0\"\n23.0   8   309.4\t\"buick skylark 1\"\n", false, ' '},
		{"words before a number, tab-separated", "Grade 3\t1.5\ta\nGrade 4\t2.5\tb\n", false, '\t'},
		{"R's write.table header", "\"a\",\"y\"\n\"1\",0.5,\"p\"\n\"2\",1.5,\"q\"\n", false, ','},
		{"decimal commas between semicolons", "a;y\n1,5;p\n2,5;q\n", false, ';'},
		{"decimal commas, read so", "a;b;y\n1,5;2,5;p\n", true, ';'},
		{"a title line", "|1x3 Cross validator\n25, Private, p\n38, Public, q\n", false, ','},
		{"ragged: the first line's rule", "a,b\n1,2,3\n4\n", false, ','},
		{"ragged, no comma on the first line", "a b\n1,2,3\n4\n", false, ' '},
		{"empty", "", false, ','},
	}
	for _, tc := range tests {
		if got := detectComma(tc.data, tc.decimalComma); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
