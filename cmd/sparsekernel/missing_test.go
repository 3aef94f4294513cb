package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// TestMissingValues trains with -missing median on a file with missing values of every
// marker, and checks what train says, that predict fills a missing input of a new row with
// the training median as the model does, and the errors without it.
func TestMissingValues(t *testing.T) {
	dir := t.TempDir()
	s := synth.Ripley(120, 9)
	markers := []string{"", "?", "NA", "nan", "NaN", "null"}
	var train, test, filledTest strings.Builder
	train.WriteString("a,b,y\n")
	test.WriteString("a,b\n")
	holes := 0
	for i, x := range s.X {
		f := []string{fmt.Sprint(x[0]), fmt.Sprint(x[1])}
		if i%7 == 3 {
			f[i%2] = markers[i%len(markers)]
			holes++
		}
		fmt.Fprintf(&train, "%s,%s,%g\n", f[0], f[1], s.Y[i])
	}
	for i, x := range s.X[:30] {
		f := []string{fmt.Sprint(x[0]), fmt.Sprint(x[1])}
		if i%3 == 0 {
			f[i%2] = "?"
		}
		fmt.Fprintf(&test, "%s,%s\n", f[0], f[1])
	}
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	trainCSV, testCSV := write("train.csv", train.String()), write("test.csv", test.String())
	modelFile := filepath.Join(dir, "m.model.json")

	code, _, stderr := runCLI("train", "-o", modelFile, trainCSV)
	if code != 1 || !strings.Contains(stderr, "add -missing median") {
		t.Errorf("train without -missing: exit %d, %q; want 1 and the hint", code, stderr)
	}
	if _, err := os.Stat(modelFile); err == nil {
		t.Errorf("a model file was written after an error")
	}
	code, _, stderr = runCLI("train", "-missing", "median", "-o", modelFile, trainCSV)
	want := fmt.Sprintf("filling %d missing values with their columns' medians (column 1 (a): ", holes)
	if code != 0 || !strings.Contains(stderr, want) {
		t.Fatalf("train -missing median: exit %d, %q; want 0 and %q", code, stderr, want)
	}
	m, err := model.Load(modelFile)
	if err != nil || m.Scaling.Fill == nil {
		t.Fatalf("the model: %v, fill %v", err, m.Scaling.Fill)
	}
	// predict on the rows with missing values, and on them with the medians written out
	var filled strings.Builder
	filled.WriteString("a,b\n")
	for _, line := range strings.Split(strings.TrimSpace(test.String()), "\n")[1:] {
		f := strings.Split(line, ",")
		for j := range f {
			if f[j] == "?" {
				f[j] = fmt.Sprint(m.Scaling.Fill[j])
			}
		}
		fmt.Fprintf(&filledTest, "%s\n", strings.Join(f, ","))
	}
	filled.WriteString(filledTest.String())
	filledCSV := write("filled.csv", filled.String())
	code, got, stderr := runCLI("predict", "-decision", modelFile, testCSV)
	code2, exp, stderr2 := runCLI("predict", "-decision", modelFile, filledCSV)
	if code != 0 || code2 != 0 || got != exp || len(got) == 0 {
		t.Errorf("predict with missing values: exit %d (%s), %q; with the medians: exit %d (%s), %q", code, stderr, got, code2, stderr2, exp)
	}
	code, out, _ := runCLI("info", modelFile)
	if code != 0 || !strings.Contains(out, "a missing input is filled with its training median") || !strings.Contains(out, "format 7") {
		t.Errorf("info: %q", out)
	}

	// A model trained without -missing refuses them at prediction, saying how to train one.
	plainModel := filepath.Join(dir, "plain.model.json")
	if code, _, stderr := runCLI("train", "-o", plainModel, filledCSV+"x"); code == 0 {
		t.Fatalf("a file that does not exist: %s", stderr)
	}
	writeCSV(t, filepath.Join(dir, "plain.csv"), s)
	if code, _, stderr := runCLI("train", "-o", plainModel, filepath.Join(dir, "plain.csv")); code != 0 {
		t.Fatal(stderr)
	}
	code, _, stderr = runCLI("predict", plainModel, write("test2.csv", strings.ReplaceAll(test.String(), "a,b\n", "x1,x2\n")))
	if code != 1 || !strings.Contains(stderr, ":2:1: missing value \"?\"") || !strings.Contains(stderr, "the model was trained without missing values") {
		t.Errorf("predict with a model that does not fill: exit %d, %q", code, stderr)
	}

	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"a column missing everywhere", []string{"train", "-missing", "median", "-o", filepath.Join(dir, "x.json"),
			write("empty.csv", "a,b,y\n1,,p\n2,?,q\n3,NA,p\n4,,q\n")}, 1, "column 2 (b) is missing on every row, so there is no value to fill it with: leave it out with -drop 2"},
		{"an unknown choice", []string{"train", "-missing", "mean", trainCSV}, 2, `-missing "mean": want refuse or median`},
		{"a missing label", []string{"train", "-missing", "median", "-o", filepath.Join(dir, "x.json"),
			write("label.csv", "a,y\n1,p\n2,?\n3,p\n")}, 1, `:3:2: missing label "?"`},
		{"infinity", []string{"train", "-missing", "median", "-o", filepath.Join(dir, "x.json"),
			write("inf.csv", "a,y\n1,p\ninf,q\n3,p\n")}, 1, `:3:1: field "inf" is not finite`},
		{"a column constant but where missing", []string{"train", "-missing", "median", "-o", filepath.Join(dir, "x.json"),
			write("constant.csv", "a,b,y\n1,NA,p\n2,5,q\n3,5,p\n4,,q\n5,5,q\n")}, 0, "column 2 (b) is constant (every value is 5)"},
		{"every column constant but where missing", []string{"train", "-missing", "median", "-o", filepath.Join(dir, "x.json"),
			write("constants.csv", "a,b,y\nNA,?,p\n2,5,q\n2,5,p\n,,q\n")}, 1, "every feature is constant (column 1 (a) = 2, column 2 (b) = 5)"},
		{"eval -cv", []string{"eval", "-cv", "3", "-missing", "median", trainCSV}, 0, "3-fold cross-validation"},
		{"eval -cv's fill line", []string{"eval", "-cv", "3", "-missing", "median", trainCSV}, 0, "missing values with the medians of each fold's training rows (column 1 (a): "},
		{"eval", []string{"eval", "-missing", "median", trainCSV, write("evaltest.csv", strings.Replace(train.String(), "\n", "\n,,1\n", 1))}, 0, "accuracy"},
	} {
		code, out, stderr := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(out+stderr, tc.want) {
			t.Errorf("%s: exit %d, %q %q; want %d and %q", tc.name, code, out, stderr, tc.code, tc.want)
		}
		if strings.Contains(stderr, "missing label") && strings.Contains(stderr, "-missing median") {
			t.Errorf("%s: the hint on a missing label: %q", tc.name, stderr)
		}
	}
}

// TestMissingHint: an error about a missing value hints at -missing median where the flag
// reads it, not in LIBSVM data, which have no missing values (the flag gets the same error).
func TestMissingHint(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, file, data string
		hint             bool
	}{
		{"CSV, NaN", "d.csv", "a,b,y\n1,2,p\n3,NaN,q\n", true},
		{"CSV, empty", "d.csv", "a,b,y\n1,2,p\n3,,q\n", true},
		{"LIBSVM, NaN", "d.libsvm", "1 1:0.5 2:NaN\n-1 1:2\n", false},
		{"LIBSVM, no value", "d.libsvm", "1 1:0.5 2:\n-1 1:2\n", false},
		{"LIBSVM told by its lines, a marker", "d.txt", "1 1:0.5 2:?\n-1 1:2\n", false},
	}
	for _, tc := range tests {
		path := filepath.Join(dir, tc.file)
		if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCLI("train", "-o", filepath.Join(dir, "x.json"), path)
		if code != 1 || strings.Contains(stderr, "add -missing median") != tc.hint {
			t.Errorf("%s: exit %d, %q; want 1, the hint %v", tc.name, code, stderr, tc.hint)
		}
		if tc.hint {
			continue
		}
		code, _, stderr2 := runCLI("train", "-missing", "median", "-o", filepath.Join(dir, "x.json"), path)
		if code != 1 || stderr2 != stderr {
			t.Errorf("%s, -missing median: exit %d, %q; want 1 and %q", tc.name, code, stderr2, stderr)
		}
	}
}

// TestBenchMissing runs bench on a folder whose x.csv has missing values: refused with the
// hint without -missing, each realisation's model filling them with its training medians with
// it.
func TestBenchMissing(t *testing.T) {
	dir := t.TempDir()
	writeFolder(t, dir)
	xPath := filepath.Join(dir, "x.csv")
	data, err := os.ReadFile(xPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i := 1; i < len(lines); i += 9 {
		if f := strings.Split(lines[i], ","); len(f) == 2 {
			f[i%2] = "NA"
			lines[i] = strings.Join(f, ",")
		}
	}
	if err := os.WriteFile(xPath, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("bench", "-quiet", dir)
	if code != 1 || !strings.Contains(stderr, `x.csv:2:2: missing value "NA"`) || !strings.Contains(stderr, "add -missing median") {
		t.Errorf("bench without -missing: exit %d, %q", code, stderr)
	}
	code, out, stderr := runCLI("bench", "-quiet", "-missing", "median", "-json", dir)
	if code != 0 || !strings.Contains(out, `"FillMissing":true`) || !strings.Contains(out, `"test_error_mean"`) {
		t.Errorf("bench -missing median: exit %d, %q, %q", code, out, stderr)
	}
}

// writeFile writes text to the file name in dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
