package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// TestCategories trains on a file with a column of text categories, and checks what train,
// info, predict, eval and eval -cv say and do with them.
func TestCategories(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(4, 4))
	colours := []string{"red", "green", "blue"}
	var train, test strings.Builder
	train.WriteString("x,colour,size,y\n")
	test.WriteString("x,colour,size,y\n")
	for i := range 200 {
		x, c, size := rng.NormFloat64(), rng.IntN(3), 1+rng.IntN(3)
		y := "no"
		if x+[]float64{-1, 0.5, 1.5}[c] > 0.5 {
			y = "yes"
		}
		w := &train
		if i >= 150 {
			w = &test
		}
		fmt.Fprintf(w, "%.4f,%s,%d,%s\n", x, colours[c], size, y)
	}
	fmt.Fprintf(&test, "0.5,purple,2,yes\n") // a colour the model was not trained on
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	trainCSV, testCSV := write("train.csv", train.String()), write("test.csv", test.String())
	modelFile := filepath.Join(dir, "m.model.json")

	code, _, stderr := runCLI("train", "-o", modelFile, trainCSV)
	if code != 0 || !strings.Contains(stderr, "categories, one 0/1 input each: column 2 (colour): 3 categories (blue, green, red)") {
		t.Fatalf("train: exit %d, %q", code, stderr)
	}
	m, err := model.Load(modelFile)
	if err != nil || m.Inputs != 3 || m.Width() != 5 || m.Categories[1][2] != "red" {
		t.Fatalf("the model: %v, %d inputs, categories %q", err, m.Inputs, m.Categories)
	}
	code, out, _ := runCLI("info", modelFile)
	if code != 0 || !strings.Contains(out, "input 2 (colour): 3 categories, one 0/1 input each: blue, green, red") {
		t.Errorf("info: exit %d, %q", code, out)
	}
	// predict: each row as the model decides on it, the unknown colour with none of the three
	code, got, stderr := runCLI("predict", "-decision", modelFile, testCSV)
	if code != 0 || !strings.Contains(stderr, `warning: `+testCSV+`: 1 row has a category the model was not trained on ("purple" in column 2 (colour))`) {
		t.Fatalf("predict: exit %d, %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(got), "\n")[1:]
	rows := strings.Split(strings.TrimSpace(test.String()), "\n")[1:]
	for i, row := range rows {
		f := strings.Split(row, ",")
		var x, size float64
		fmt.Sscan(f[0], &x)
		fmt.Sscan(f[2], &size)
		dec, err := m.Decision([]float64{x, float64(m.Category(1, f[1])), size})
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprint(dec[0]); !strings.HasSuffix(lines[i], ","+want) {
			t.Errorf("row %d (%s): %s, want the decision %s", i+1, row, lines[i], want)
		}
	}
	// -categorical names a column of numbers: its values are categories
	code, _, stderr = runCLI("train", "-categorical", "size", "-o", modelFile, trainCSV)
	if code != 0 || !strings.Contains(stderr, "column 3 (size): 3 categories (1, 2, 3)") {
		t.Errorf("train -categorical size: exit %d, %q", code, stderr)
	}
	code, _, stderr = runCLI("train", "-categorical", "none", "-o", modelFile, trainCSV)
	if code != 1 || !strings.Contains(stderr, `field "green" is not a number`) && !strings.Contains(stderr, `field "red" is not a number`) && !strings.Contains(stderr, `field "blue" is not a number`) {
		t.Errorf("train -categorical none: exit %d, %q", code, stderr)
	}
	code, _, stderr = runCLI("train", "-categorical", "y", "-o", modelFile, trainCSV)
	if code != 1 || !strings.Contains(stderr, `categorical column "y" is the label column, not a feature: labels are read as classes without it (text always, numbers with -task classification)`) {
		t.Errorf("train -categorical y (the label): exit %d, %q", code, stderr)
	}
	// eval: the test file's categories matched by name
	code, out, stderr = runCLI("eval", trainCSV, testCSV)
	if code != 0 || !strings.Contains(out, "test error") || !strings.Contains(stderr, `"purple" in column 2 (colour)`) {
		t.Errorf("eval: exit %d, %q, %q", code, out, stderr)
	}
	code, out, _ = runCLI("eval", "-cv", "3", trainCSV)
	if code != 0 || !strings.Contains(out, "3-fold cross-validation") {
		t.Errorf("eval -cv: exit %d, %q", code, out)
	}
	// a missing category: refused, or filled by its 0/1 inputs' medians
	holed := write("holed.csv", strings.Replace(train.String(), ",red,", ",,", 3))
	code, _, stderr = runCLI("train", "-o", modelFile, holed)
	if code != 1 || !strings.Contains(stderr, "empty field (a missing value?): expected a category (to fill missing values with their column's median, add -missing median)") {
		t.Errorf("a missing category: exit %d, %q", code, stderr)
	}
	code, _, stderr = runCLI("train", "-missing", "median", "-o", modelFile, holed)
	if code != 0 || !strings.Contains(stderr, "filling 3 missing values with their column's median (column 2 (colour): 3, as none of its categories (none is on most rows))") {
		t.Errorf("train -missing median: exit %d, %q", code, stderr)
	}
}

// TestCategoriesHeaderless reads files without a header whose every feature is categorical:
// their first line is text, as a header is, but holds categories.
func TestCategoriesHeaderless(t *testing.T) {
	dir := t.TempDir()
	var train strings.Builder
	for i := range 40 {
		colour, size := []string{"red", "green", "blue"}[i%3], []string{"big", "small"}[i/3%2]
		y := map[bool]string{true: "yes", false: "no"}[(colour == "red") != (size == "big")]
		fmt.Fprintf(&train, "%s,%s,%s\n", colour, size, y)
	}
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	trainCSV, modelFile := write("train.csv", train.String()), filepath.Join(dir, "m.model.json")
	code, _, stderr := runCLI("train", "-o", modelFile, trainCSV)
	if code != 0 || !strings.Contains(stderr, "column 1: 3 categories (blue, green, red); column 2: 2 categories (big, small)") ||
		!strings.Contains(stderr, trainCSV+": 40 rows, 2 inputs") {
		t.Fatalf("train: exit %d, %q", code, stderr)
	}
	tests := []struct {
		name, data string
		want       []string
		warning    string // the warning about unknown categories, "" for none
	}{
		{"categories on the first line", "red,big\nblue,small\ngreen,big\n", []string{"no", "no", "yes"}, ""},
		{"an unknown category beside a known one", "purple,small\nred,small\n", []string{"yes", "yes"},
			`1 row has a category the model was not trained on ("purple" in column 1); the model takes it as none of that input's categories`},
		{"a header", "c1,c2\nred,small\n", []string{"yes"}, ""},
		// each unknown category named once, input by input, the first three
		{"unknown categories on many rows", "purple,small\npurple,small\npurple,huge\nred,small\ncyan,tiny\nteal,big\n", []string{"yes", "yes", "yes", "yes", "yes", "yes"},
			`5 rows have a category the model was not trained on ("purple" in column 1, "cyan" in column 1, "teal" in column 1 and 2 more); the model takes it as none of that input's categories`},
	}
	for _, tc := range tests {
		test := write("test.csv", tc.data)
		code, out, stderr := runCLI("predict", modelFile, test)
		if got := strings.Fields(out); code != 0 || !slices.Equal(got, tc.want) {
			t.Errorf("%s: exit %d, %q, want %q (%s)", tc.name, code, got, tc.want, stderr)
		}
		if want := "warning: " + test + ": " + tc.warning + "\n"; tc.warning != "" && stderr != want || tc.warning == "" && stderr != "" {
			t.Errorf("%s: %q, want %q", tc.name, stderr, tc.warning)
		}
	}
}

// TestCategoriesMessages checks what train says of categorical columns: their values are
// categories, named as such, not the indices that stand for them.
func TestCategoriesMessages(t *testing.T) {
	dir := t.TempDir()
	rows := func(format func(i int) string) string {
		var b strings.Builder
		for i := range 12 {
			b.WriteString(format(i))
		}
		return b.String()
	}
	tests := []struct {
		name, data string
		args       []string
		code       int
		want       []string
		not        []string
	}{
		{"a constant category", "c,x,y\n" + rows(func(i int) string { return fmt.Sprintf("same,%d,%d\n", i*i%7, i%2) }), nil, 0,
			[]string{`warning: {f}: column 1 (c) is constant (every row is "same"): it carries no information`}, nil},
		{"the only feature a constant category", "c,y\n" + rows(func(i int) string { return fmt.Sprintf("same,%d\n", i%2) }), nil, 1,
			[]string{`{f}: every feature is constant (column 1 (c) = "same")`}, nil},
		{"names with commas, quoted", "c,x,y\n" + rows(func(i int) string {
			return fmt.Sprintf("%s,%d,%d\n", []string{`"red, dark"`, "plain"}[i%2], i*i%7, i%2)
		}), nil, 0,
			[]string{`categories, one 0/1 input each: column 1 (c): 2 categories (plain, "red, dark")`}, nil},
		{"categories that differ only in case", "sex,x,y\n" + rows(func(i int) string {
			return fmt.Sprintf("%s,%d,%d\n", []string{"Male", "female", "male"}[i%3], i*i%7, i%2)
		}), nil, 0,
			[]string{`note: {f}: column 1 (sex) has categories that differ only in case, such as "Male" and "male": they are distinct categories; if they are one, write them alike`}, nil},
		{"identifiers read as categories", "id,x,y\n" + rows(func(i int) string { return fmt.Sprintf("%d,%d,%d\n", i+1, i*i%7, i%2) }), []string{"-categorical", "id"}, 0,
			[]string{"warning: {f}: column 1 (id) is named as an identifier and holds 12 distinct categories in 12 rows: if it is one, leave it out with -drop 1"},
			[]string{"counts the rows"}},
	}
	for i, tc := range tests {
		f := filepath.Join(dir, fmt.Sprintf("%d.csv", i))
		if err := os.WriteFile(f, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		args := append(append([]string{"train", "-quiet", "-o", filepath.Join(dir, "m.json")}, tc.args...), f)
		code, _, stderr := runCLI(args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d: %q", tc.name, code, tc.code, stderr)
		}
		for _, w := range tc.want {
			if w = strings.ReplaceAll(w, "{f}", f); !strings.Contains(stderr, w) {
				t.Errorf("%s: %q lacks %q", tc.name, stderr, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(stderr, w) {
				t.Errorf("%s: %q has %q", tc.name, stderr, w)
			}
		}
	}
}

// TestCategoriesPredictHeader reads prediction files for a model of named inputs, some
// categorical: whether their first line is a header, and what a header that lacks an input
// says.
func TestCategoriesPredictHeader(t *testing.T) {
	dir := t.TempDir()
	var train strings.Builder
	train.WriteString("sex,port,age,y\n")
	for i := range 60 {
		sex, port, age := []string{"male", "female"}[i%2], []string{"C", "Q", "S"}[i/2%3], 10+i*7%50
		fmt.Fprintf(&train, "%s,%s,%d,%s\n", sex, port, age, map[bool]string{true: "yes", false: "no"}[sex == "female" || age < 20])
	}
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	modelFile := filepath.Join(dir, "m.model.json")
	if code, _, stderr := runCLI("train", "-o", modelFile, write("train.csv", train.String())); code != 0 {
		t.Fatalf("train: exit %d, %q", code, stderr)
	}
	tests := []struct {
		name, data string
		code, rows int
		want       string
	}{
		{"a header", "sex,port,age\nmale,C,30\n", 0, 1, ""},
		{"a header in another order", "age,sex,port\n30,male,C\n", 0, 1, "the columns are in another order"},
		{"a header that lacks an input", "sex,age\nmale,30\n", 1, 0, `the header lacks the model's input "port" (the model's inputs are "sex", "port", "age"; the header names "sex", "age")`},
		{"a header of other names", "Sex,Port,Age\nmale,C,30\n", 1, 0, `the header lacks the model's inputs "sex", "port", "age"`},
		{"no header, known categories", "male,C,30\nfemale,Q,12\n", 0, 2, ""},
		{"no header, unknown categories", "man,X,30\nfemale,Q,12\n", 0, 2, `("man" in column 1, "X" in column 2)`},
	}
	for _, tc := range tests {
		code, out, stderr := runCLI("predict", modelFile, write("test.csv", tc.data))
		if rows := len(strings.Fields(out)); code != tc.code || rows != tc.rows || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, %d rows, %q; want exit %d, %d rows, %q", tc.name, code, rows, stderr, tc.code, tc.rows, tc.want)
		}
	}
}

// TestLabelFirstNote checks the note that a first column of categories may hold the labels of
// a regression file: given where the column's name is a label's, or the file has none.
func TestLabelFirstNote(t *testing.T) {
	dir := t.TempDir()
	var named, labelled, bare strings.Builder
	named.WriteString("district,rooms,price\n")
	labelled.WriteString("species,width,length\n")
	for i := range 40 {
		row := fmt.Sprintf("%s,%d,%.2f\n", []string{"north", "south"}[i%2], 2+i%5, 100+float64(i*i%37)+0.5)
		named.WriteString(row)
		labelled.WriteString(row)
		bare.WriteString(row)
	}
	for _, tc := range []struct {
		name, data string
		note       bool
	}{
		{"a feature's name", named.String(), false},
		{"a label's name", labelled.String(), true},
		{"no header", bare.String(), true},
	} {
		p := filepath.Join(dir, "d.csv")
		if err := os.WriteFile(p, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCLI("train", "-o", filepath.Join(dir, "m.json"), p)
		if got := strings.Contains(stderr, "may hold the labels"); code != 0 || got != tc.note {
			t.Errorf("%s: exit %d, note %v, want %v: %q", tc.name, code, got, tc.note, stderr)
		}
	}
}

// TestNoteOverlap checks eval's note about test rows that repeat training rows: given for the
// training file as its own test file (categories only too), not for another sample, nor for
// another sample where the training rows repeat themselves (categories only).
func TestNoteOverlap(t *testing.T) {
	train, test := "../../examples/ripley-train.csv", "../../examples/ripley-test.csv"
	titanicSample := filepath.Join(t.TempDir(), "sample.csv")
	if err := os.WriteFile(titanicSample, []byte("Class,Sex,Age,Survived\n1st,Male,Adult,Yes\n3rd,Female,Child,No\nCrew,Male,Adult,No\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, train, test string
		note              bool
	}{
		{"the same file", train, train, true},
		{"another sample", train, test, false},
		{"categories only, the same file", "../../examples/titanic.csv", "../../examples/titanic.csv", true},
		{"categories only, another sample", "../../examples/titanic.csv", titanicSample, false},
	} {
		code, _, stderr := runCLI("eval", "-quiet", tc.train, tc.test)
		if got := strings.Contains(stderr, "have the inputs of a training row"); code != 0 || got != tc.note {
			t.Errorf("%s: exit %d, note %v, want %v: %q", tc.name, code, got, tc.note, stderr)
		}
	}
}

// TestEvalTestText checks that eval reads a test file's columns as the training file's: text
// where the training file had numbers is an error naming its line, not categories.
func TestEvalTestText(t *testing.T) {
	dir := t.TempDir()
	train := writeFile(t, dir, "train.csv", "a,b,y\n1,2,p\n2,3,q\n3,1,p\n4,5,q\n5,2,p\n6,1,q\n")
	test := writeFile(t, dir, "test.csv", "a,b,y\n1,x,p\n2,y,q\n3,x,p\n")
	code, _, stderr := runCLI("eval", "-quiet", train, test)
	if want := test + `:2:2: field "x" is not a number`; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, %q; want 1 and %q", code, stderr, want)
	}
}
