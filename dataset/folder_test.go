package dataset

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReadFolder(t *testing.T) {
	f, err := ReadFolder("testdata/folder")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "Realisations", f.Realisations(), 2)
	equal(t, "Labels", f.Labels, []string{"1", "-1", "1", "-1", "1", "-1"})
	equal(t, "Train", f.Train, [][]int{{0, 1, 2, 3}, {2, 3, 4, 5}})
	equal(t, "Test", f.Test, [][]int{{4, 5}, {0, 1}})

	train, test := f.Split(1)
	equal(t, "train X", train.X, [][]float64{{2.5, 3}, {3.5, 4}, {4.5, 5}, {5.5, 6}})
	equal(t, "train Labels", train.Labels, []string{"1", "-1", "1", "-1"})
	equal(t, "train Lines", train.Lines, []int{3, 4, 5, 6})
	equal(t, "test X", test.X, [][]float64{{0.5, 1}, {1.5, 2}})
	equal(t, "test Lines", test.Lines, []int{1, 2})
	equal(t, "Source", test.Source, filepath.Join("testdata/folder", "x.csv"))
	y, classes, err := BinaryTable(train)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "y", y, []float64{1, -1, 1, -1})
	equal(t, "classes", classes, [2]string{"-1", "1"})
}

// Where names a realisation's line of train.csv, blank lines counted.
func TestFolderWhere(t *testing.T) {
	f, err := ReadFolder(writeFolder(t, map[string]string{"train.csv": "0,1,2,3\n\n2,3,4,5\n", "test.csv": "4,5\n\n0,1\n"}))
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "Where(0)", f.Where(0), "train.csv line 1")
	equal(t, "Where(1)", f.Where(1), "train.csv line 3")
	equal(t, "Where(2)", f.Where(2), "")
}

// writeFolder writes the fixture folder with some files replaced ("" removes a file).
func writeFolder(t *testing.T, replace map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"x.csv":     "0.5,1\n1.5,2\n2.5,3\n3.5,4\n4.5,5\n5.5,6\n",
		"y.csv":     "1\n-1\n1\n-1\n1\n-1\n",
		"train.csv": "0,1,2,3\n2,3,4,5\n",
		"test.csv":  "4,5\n0,1\n",
	}
	for name, s := range replace {
		files[name] = s
	}
	for name, s := range files {
		if _, ok := replace[name]; ok && s == "" {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestReadFolderErrors(t *testing.T) {
	tests := []struct {
		name    string
		replace map[string]string
		kind    error
		want    string // file:line:col: message (after the folder)
	}{
		{"index out of range", map[string]string{"train.csv": "0,1,2,3\n2,3,4,9\n"}, ErrIndex, "train.csv:2:4: index 9 out of range [0, 6)"},
		{"negative index", map[string]string{"test.csv": "-1,5\n0,1\n"}, ErrIndex, "test.csv:1:1: index -1 out of range [0, 6)"},
		{"repeated index", map[string]string{"train.csv": "0,1,2,1\n2,3,4,5\n"}, ErrIndex, "train.csv:1:4: index 1 repeated (first in field 2)"},
		{"not an integer", map[string]string{"train.csv": "0,1,2,3\n2,3.0,4,5\n"}, ErrIndex, `train.csv:2:2: index "3.0" is not an integer`},
		{"empty field", map[string]string{"train.csv": "0,1,,3\n2,3,4,5\n"}, ErrIndex, "train.csv:1:3: empty field: expected an index in [0, 6)"},
		{"trailing comma", map[string]string{"test.csv": "4,5,\n0,1\n"}, ErrIndex, "test.csv:1:3: "},
		{"train and test overlap", map[string]string{"test.csv": "4,5\n0,1,5\n"}, ErrIndex, "test.csv:2:3: index 5 is also in line 2 of train.csv: train and test must be disjoint"},
		{"overlap after blank lines, CRLF", map[string]string{"train.csv": "\r\n0,1,2,3\r\n\r\n2,3,4,5\r\n", "test.csv": "\r\n4,5\r\n\r\n5,0\r\n"}, ErrIndex, "test.csv:4:1: "},
		{"blank lines on other lines", map[string]string{"train.csv": "\n0,1,2,3\n2,3,4,5\n", "test.csv": "4,5\n0,1\n"}, ErrRowCount, "test.csv:1: realisation 1 is on line 2 of train.csv and realisation 1 on line 1 of test.csv"},
		{"a label blanked", map[string]string{"y.csv": "1\n-1\n\n-1\n1\n-1\n1\n"}, ErrRowCount, "x.csv:3: row 3 is on line 3 of x.csv and label 3 on line 4 of y.csv"},
		{"more test than train lines", map[string]string{"test.csv": "4,5\n0,1\n0\n"}, ErrRowCount, "test.csv:3: test.csv has 3 realisations, train.csv has 2"},
		{"more train than test lines", map[string]string{"train.csv": "0,1,2,3\n2,3,4,5\n0\n"}, ErrRowCount, "train.csv:3: "},
		{"empty train.csv", map[string]string{"train.csv": "\n"}, ErrEmpty, "train.csv: no realisations"},
		{"fewer labels than rows", map[string]string{"y.csv": "1\n-1\n1\n-1\n1\n"}, ErrRowCount, "x.csv:6: x.csv has 6 rows, y.csv has 5 labels: expected the same number"},
		{"more labels than rows", map[string]string{"y.csv": "1\n-1\n1\n-1\n1\n-1\n1\n"}, ErrRowCount, "y.csv:7: "},
		{"a blank line for a label", map[string]string{"y.csv": "1\n-1\n\n-1\n1\n"}, ErrRowCount, "y.csv:3: blank line (x.csv has 6 rows, y.csv has 4 labels)"},
		{"two fields in y.csv", map[string]string{"y.csv": "1,2\n-1\n1\n-1\n1\n-1\n"}, ErrRagged, "y.csv:1: row has 2 fields, expected one label per line"},
		{"ragged y.csv", map[string]string{"y.csv": "1\n-1\n1\n-1,0\n1\n-1\n"}, ErrRagged, "y.csv:4: "},
		{"missing label", map[string]string{"y.csv": "1\n-1\n?\n-1\n1\n-1\n"}, ErrMissing, "y.csv:3:1: "},
		{"bad x value", map[string]string{"x.csv": "0.5,1\n1.5,2\n2.5,3\n3.5,4\n4.5,five\n5.5,6\n"}, ErrNotNumber, `x.csv:5:2: field "five" is not a number`},
		{"header in x.csv", map[string]string{"x.csv": "a,b\n0.5,1\n1.5,2\n2.5,3\n3.5,4\n4.5,5\n5.5,6\n"}, ErrNotNumber, "x.csv:1:1: "},
		{"ragged x.csv", map[string]string{"x.csv": "0.5,1\n1.5,2\n2.5,3\n3.5\n4.5,5\n5.5,6\n"}, ErrRagged, "x.csv:4: "},
		{"huge x value", map[string]string{"x.csv": "0.5,1\n1.5,2\n2.5,3\n3.5,1e200\n4.5,5\n5.5,6\n"}, ErrScale, "x.csv:4:2: value 1e+200 is too large"},
		{"huge label", map[string]string{"y.csv": "1.5\n-1\n1\n-1e300\n1\n-1\n"}, ErrScale, "y.csv:4:1: label -1e+300 is too large"},
		{"no test.csv", map[string]string{"test.csv": ""}, fs.ErrNotExist, ""},
		{"no y.csv", map[string]string{"y.csv": ""}, fs.ErrNotExist, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFolder(t, tc.replace)
			_, err := ReadFolder(dir)
			wantErr(t, err, tc.kind, "")
			if tc.want != "" {
				wantErr(t, err, tc.kind, filepath.Join(dir, tc.want))
			}
		})
	}
}

func TestReadFolderWithoutRealisations(t *testing.T) {
	dir := writeFolder(t, map[string]string{"train.csv": "", "test.csv": ""})
	f, err := ReadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "Realisations", f.Realisations(), 0)
	equal(t, "rows", len(f.X), 6)
}

func TestSplitLabelErrorsNameYFile(t *testing.T) {
	dir := writeFolder(t, map[string]string{
		"x.csv": "1\n\n2\n3\n4\n5\n6\n", // a blank line, the same in both files
		"y.csv": "1.5\n\n2\n3\nfour\n5\n6\n",
	})
	f, err := ReadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	train, _ := f.Split(0)
	equal(t, "Lines", train.Lines, []int{1, 3, 4, 5})
	_, err = Numeric(train)
	wantErr(t, err, ErrNotNumber, filepath.Join(dir, `y.csv:5:1: label "four" is not a number`))
	if !strings.Contains(err.Error(), "four") || errors.Is(err, ErrMissing) {
		t.Errorf("unexpected error %v", err)
	}
}

func TestReadFolderMissing(t *testing.T) {
	dir := writeFolder(t, map[string]string{"x.csv": "0.5,1\n1.5,NA\n?,3\n3.5,4\n4.5,\n5.5,6\n"})
	if _, err := ReadFolder(dir); !errors.Is(err, ErrMissing) {
		t.Errorf("ReadFolder: %v, want ErrMissing", err)
	}
	f, err := ReadFolderWith(dir, FolderOptions{Missing: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := CountMissing(f.X); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("missing per column %v, want [1 2]", got)
	}
}

// A folder whose files are compressed (x.csv.gz, train.csv.bz2 ...) reads as the plain one.
func TestReadFolderCompressed(t *testing.T) {
	want, err := ReadFolder("testdata/folder")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"x.csv", "y.csv", "train.csv", "test.csv"} {
		data, err := os.ReadFile(filepath.Join("testdata/folder", name))
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, name)
		switch name {
		case "x.csv", "train.csv":
			out, data = out+".gz", gzipped(string(data))
		case "y.csv":
			out = out + ".bz2" // (not bzip2 data: a misnamed file is read by its content)
		}
		if err := os.WriteFile(out, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(got.X, want.X, slices.Equal) || !slices.Equal(got.Labels, want.Labels) || got.Realisations() != want.Realisations() {
		t.Errorf("the compressed folder reads otherwise")
	}
}
