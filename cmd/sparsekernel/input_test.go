package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
)

// Columns in another order are matched by name: the predictions are those of the columns in
// the model's order.
func TestColumnsMatchedByName(t *testing.T) {
	dir := t.TempDir()
	modelPath := filepath.Join(dir, "m.json")
	trainPath := filepath.Join(catalogue, "good/ripley-train.csv")
	if code, _, e := runCLI("train", "-o", modelPath, trainPath); code != 0 {
		t.Fatal(e)
	}
	data, err := os.ReadFile(trainPath)
	if err != nil {
		t.Fatal(err)
	}
	var swapped, unlabelled strings.Builder
	swapped.WriteString("class,x2,x1\n")
	unlabelled.WriteString("x2,x1\n")
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(l, ",")
		swapped.WriteString(f[2] + "," + f[1] + "," + f[0] + "\n")
		unlabelled.WriteString(f[1] + "," + f[0] + "\n")
	}
	want := predictions(t, "predict", "-decision", modelPath, trainPath)
	for name, content := range map[string]string{"swapped": swapped.String(), "unlabelled": unlabelled.String()} {
		path := filepath.Join(dir, name+".csv")
		os.WriteFile(path, []byte(content), 0o644)
		args := []string{"predict", "-decision", modelPath, path}
		if name == "swapped" {
			args = []string{"predict", "-decision", "-label", "1", modelPath, path}
		}
		if got := predictions(t, args...); got != want {
			t.Errorf("%s: predictions differ from those of the columns in order", name)
		}
	}
	// -features picks and orders the columns of an ID-led file; the model records the names.
	idPath := filepath.Join(dir, "id.csv")
	var id strings.Builder
	id.WriteString("id,x1,note,x2,class\n")
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(l, ",")
		id.WriteString("r" + string(rune('a'+i%26)) + "," + f[0] + ",n/a," + f[1] + "," + f[2] + "\n")
	}
	os.WriteFile(idPath, []byte(id.String()), 0o644)
	idModel := filepath.Join(dir, "id.json")
	if code, _, e := runCLI("train", "-drop", "id,note", "-o", idModel, idPath); code != 0 {
		t.Fatal(e)
	}
	m, err := model.Load(idModel)
	if err != nil || strings.Join(m.Features, ",") != "x1,x2" {
		t.Fatalf("features %q, %v", m.Features, err)
	}
	if got := predictions(t, "predict", "-decision", "-drop", "id,note", idModel, idPath); got != want {
		t.Error("-drop: predictions differ")
	}
	if got := predictions(t, "predict", "-decision", "-features", "x1,x2", idModel, idPath); got != want {
		t.Error("-features: predictions differ")
	}
}

func predictions(t *testing.T, args ...string) string {
	t.Helper()
	code, out, e := runCLI(args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, e)
	}
	return out
}

func TestProgressLine(t *testing.T) {
	defer func(f func(io.Writer) bool) { progressTerminal = f }(progressTerminal)
	var b bytes.Buffer
	progressTerminal = func(io.Writer) bool { return false }
	if p := startProgress(&b, "x", true); p != nil {
		t.Fatal("progress drawn on a file that is not a terminal")
	}
	progressTerminal = func(io.Writer) bool { return true }
	if p := startProgress(&b, "x", false); p != nil {
		t.Fatal("progress drawn despite -quiet")
	}
	p := startProgress(&b, "training (auto)", true)
	p.update("size", 3, 12)
	if got, want := p.text(75*time.Second), "training (auto): size [======                  ] 3/12  1 min 15 s"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
	p.draw(p.start.Add(2 * time.Second))
	p.finish()
	if s := b.String(); !strings.HasPrefix(s, "\rtraining (auto): size [") || !strings.HasSuffix(s, "\r\033[K") {
		t.Errorf("drawn %q", s)
	}
	var nilLine *progressLine
	nilLine.update("x", 1, 2) // a nil line does nothing
	nilLine.finish()

	// Interrupted, the line ends with a word saying so and the program exits as the signal would.
	defer func(f func(int)) { interruptExit = f }(interruptExit)
	exited := make(chan int, 1)
	interruptExit = func(code int) { exited <- code }
	b.Reset()
	p = startProgress(&b, "training (auto)", true)
	p.draw(p.start.Add(2 * time.Second))
	p.sig <- syscall.SIGINT
	if code := <-exited; code != 130 {
		t.Errorf("exit %d after SIGINT, want 130", code)
	}
	p.wg.Wait()
	if s := b.String(); !strings.HasSuffix(s, "\ntraining (auto): interrupted\n") {
		t.Errorf("drawn %q", s)
	}
	p.finish()
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{{850 * time.Millisecond, "850 ms"}, {12 * time.Second, "12 s"}, {200 * time.Second, "3 min 20 s"},
		{20 * time.Minute, "20 min"}, {125 * time.Minute, "2 h 5 min"}, {100 * time.Hour, "4 days"}} {
		if got := formatDuration(tc.d); got != tc.want {
			t.Errorf("formatDuration(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

func TestCheckLSSVM(t *testing.T) {
	const limit = 8 << 30
	tests := []struct {
		name  string
		n     int
		opt   sparsekernel.Options
		force bool
		err   string // a substring of the error, "" for none
		warn  string // a substring of the warning, "" for none
	}{
		{"other method", 100000, sparsekernel.Options{Method: sparsekernel.Auto}, false, "", ""},
		{"small", 200, sparsekernel.Options{Method: sparsekernel.LSSVM, Workers: 1}, false, "", ""},
		{"long", 3000, sparsekernel.Options{Method: sparsekernel.LSSVM, Workers: 2}, false, "", "expect roughly 23 min and 378 MiB of memory"},
		{"no tuning", 3000, sparsekernel.Options{Method: sparsekernel.LSSVM, Workers: 2, LSSVM: sparsekernel.LSSVMOptions{Tuner: "none"}}, false, "", ""},
		{"too large", 20000, sparsekernel.Options{Method: sparsekernel.LSSVM, Workers: 2}, false, "would need about 16 GiB of memory, more than the 6.4 GiB it can use (four fifths of the 8 GiB available", ""},
		{"forced", 20000, sparsekernel.Options{Method: sparsekernel.LSSVM, Workers: 2}, true, "", "(-force)"},
	}
	for _, tc := range tests {
		var w bytes.Buffer
		err := checkLSSVM(&w, tc.n, tc.opt, limit, tc.force)
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if tc.warn == "" && w.Len() > 0 || !strings.Contains(w.String(), tc.warn) {
			t.Errorf("%s: warning %q, want %q", tc.name, w.String(), tc.warn)
		}
	}
}

func TestCheckMemory(t *testing.T) {
	const limit = 8 << 30
	tests := []struct {
		name      string
		n, m, cls int
		opt       sparsekernel.Options
		force     bool
		err, warn string // substrings of the error and the warning, "" for none
	}{
		{"small", 20000, 10, 2, sparsekernel.Options{Workers: 2}, false, "", ""},
		{"tall", 100000, 10, 2, sparsekernel.Options{Workers: 2}, false, "", "expect about 2.9 GiB of memory (the kernel matrices"},
		{"tall regression", 100000, 10, 0, sparsekernel.Options{Workers: 2}, false, "", "expect about 2.9 GiB"}, // (as a refit with more candidates may take)
		{"too tall", 1000000, 10, 2, sparsekernel.Options{Workers: 2}, false, "would need about 23 GiB of memory, more than the 6.4 GiB it can use (four fifths of the 8 GiB available: the collector needs room) (the kernel matrices of the candidates at the rows, for each worker): set a smaller -max-terms", ""},
		{"many classes", 16000, 16, 26, sparsekernel.Options{Workers: 2}, false, "", ""},
		{"lssvm is checked apart", 20000, 50000, 2, sparsekernel.Options{Method: sparsekernel.LSSVM}, false, "", ""},
		{"wide", 1000, 50000, 2, sparsekernel.Options{Workers: 2}, false, "", "expect about 3.8 GiB of memory (the folds hold dense copies of the inputs)"},
		{"wide, fixed nodes", 1000, 50000, 2, sparsekernel.Options{Method: sparsekernel.ROLS, Workers: 2}, false, "", "expect about 3.7 GiB of memory"},
		{"too wide", 20000, 50000, 2, sparsekernel.Options{Workers: 2}, false, "would need about 75 GiB of memory, more than the 6.4 GiB it can use (four fifths of the 8 GiB available: the collector needs room) (the folds hold dense copies of the inputs): choose fewer inputs", ""},
		{"forced", 20000, 50000, 2, sparsekernel.Options{Workers: 1}, true, "", "(-force)"},
	}
	for _, tc := range tests {
		var w bytes.Buffer
		_, _, err := checkMemory(&w, tc.n, tc.m, tc.cls, tc.opt, limit, tc.force)
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if tc.warn == "" && w.Len() > 0 || !strings.Contains(w.String(), tc.warn) {
			t.Errorf("%s: warning %q, want %q", tc.name, w.String(), tc.warn)
		}
	}
}

func TestWarnEdge(t *testing.T) {
	m := &model.Model{Method: sparsekernel.LSSVM, Training: model.Training{Gamma: 1e4, Width: 3, Evaluations: 900}}
	var w bytes.Buffer
	warnEdge(&w, m)
	if s := w.String(); !strings.Contains(s, "the tuned gamma, 1e+04, is at the edge of its search range [0.1, 10000]") || strings.Contains(s, "width") {
		t.Errorf("warning %q", s)
	}
	m.Training.Evaluations = 0 // -tuner none: the user chose
	w.Reset()
	if warnEdge(&w, m); w.Len() > 0 {
		t.Errorf("warning for chosen hyperparameters: %q", w.String())
	}
}

func TestWarnUseless(t *testing.T) {
	n, a := 60.0, 0.1 // variables: constant arithmetic would be exact
	tests := []struct {
		name string
		task model.Task
		tr   model.Training
		warn bool
	}{
		{"better", model.Classification, model.Training{LOOError: 0.05, TrivialError: 0.5}, false},
		{"worse", model.Classification, model.Training{LOOError: 0.6, TrivialError: 0.5}, true},
		{"equal", model.Classification, model.Training{LOOError: 0.4, TrivialError: 0.4}, true},
		{"equal up to rounding", model.Classification, model.Training{LOOError: 1 / n, TrivialError: 1 - 59/n}, true},
		{"one error fewer", model.Classification, model.Training{LOOError: 1 / n, TrivialError: 2 / n}, false},
		{"regression, equal up to rounding", model.Regression, model.Training{LOOError: 0.3, TrivialError: a + 0.2}, true},
		{"weights only, worse", model.Classification, model.Training{LOOError: 0.6, TrivialError: 0.5, LOOScope: "weights"}, true},
		{"weights only, better", model.Classification, model.Training{LOOError: 0.2, TrivialError: 0.5, LOOScope: "weights"}, false},
		{"no trivial error", model.Regression, model.Training{LOOError: 1}, false},
	}
	for _, tc := range tests {
		var w bytes.Buffer
		warnUseless(&w, &model.Model{Task: tc.task, Training: tc.tr})
		if got := strings.Contains(w.String(), "no better than the trivial rule"); got != tc.warn {
			t.Errorf("%s: warning %q, want one: %v", tc.name, w.String(), tc.warn)
		}
	}
	// Unequal classes (3 % in the rarer): no claim of no signal, the class weights suggested.
	var w bytes.Buffer
	warnUseless(&w, &model.Model{Task: model.Classification, Calibration: &model.Calibration{Method: "platt-loo"},
		Training: model.Training{LOOError: 0.03, TrivialError: 0.03}})
	if s := w.String(); strings.Contains(s, "no signal") || !strings.Contains(s, "-class-weight balanced") {
		t.Errorf("unequal classes: %q", s)
	}
}

func TestNoteAtCap(t *testing.T) {
	curve := make([]float64, 300)
	tests := []struct {
		name   string
		method string
		tr     model.Training
		note   bool
	}{
		{"at the cap", "auto", model.Training{LOOScope: "cv", LOOCurve: curve, Chosen: 300, Samples: 5000}, true},
		{"below the cap", "auto", model.Training{LOOScope: "cv", LOOCurve: curve, Chosen: 299, Samples: 5000}, false},
		{"every point but one", "auto", model.Training{LOOScope: "cv", LOOCurve: curve, Chosen: 300, Samples: 301}, false},
		{"another method", "rols", model.Training{LOOCurve: curve, Chosen: 300, Samples: 5000}, false},
		{"no curve", "auto", model.Training{LOOScope: "cv", Samples: 5000}, false},
	}
	for _, tc := range tests {
		var w bytes.Buffer
		noteAtCap(&w, &model.Model{Method: tc.method, Training: tc.tr})
		if got := strings.Contains(w.String(), "-max-terms 600"); got != tc.note {
			t.Errorf("%s: note %q, want one: %v", tc.name, w.String(), tc.note)
		}
	}
}

func TestWarnClassSizes(t *testing.T) {
	many := func(extra ...string) []string {
		var l []string
		for range 10 {
			l = append(l, "a", "b")
		}
		return append(l, extra...)
	}
	tests := []struct {
		name   string
		labels []string
		want   []string // substrings, one per warning line; none: no warning
	}{
		{"none", many(), nil},
		{"a typo", many("B"), []string{`t.csv:22: class "B" has this row only`}},
		{"a missing value", many("NA", "a"), []string{`t.csv:22: class "NA"`}},
		{"five of them", many("c", "d", "e", "f", "g"), []string{`"c"`, `"d"`, `"e"`, "2 more classes have one row each"}},
		{"few rows", []string{"a", "b", "c"}, nil},
		{"every class one row", []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}, []string{"t.csv: 10 classes of 1.0 rows on average"}},
		{"classes of two rows", []string{"1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"}, []string{"6 classes of 2.0 rows on average: too few"}},
		{"two classes, one row each", []string{"a", "b"}, nil},
		{"one spelling of a class's value", append(slices.Repeat([]string{"0.0", "1.0"}, 10), "1"), nil}, // ("1" is class "1.0")
	}
	for _, tc := range tests {
		tab := &dataset.Table{Source: "t.csv", Labels: tc.labels}
		for i := range tc.labels {
			tab.Lines = append(tab.Lines, i+2) // a header on line 1
		}
		var w bytes.Buffer
		warnClassSizes(&w, tab)
		checkWarnings(t, tc.name, w.String(), tc.want)
	}
}

func TestNoteIntegerClasses(t *testing.T) {
	ages := slices.Repeat([]string{"19", "21", "23", "25"}, 5)
	tests := []struct {
		name   string
		labels []string
		note   bool
	}{
		{"ages, one of a single row", append(slices.Clone(ages), "45"), true},
		{"ages, every one repeated", ages, false},
		{"two values", append(slices.Repeat([]string{"0", "1"}, 10), "0"), false},
		{"text", append(slices.Repeat([]string{"a", "b", "c"}, 5), "d"), false},
		{"numbers and text", append(slices.Clone(ages), "old"), false},
		{"numbers and NaN", append(slices.Clone(ages), "NaN", "NaN"), false},
		{"not integers", append(slices.Clone(ages), "45.5"), false},
	}
	for _, tc := range tests {
		var w bytes.Buffer
		noteIntegerClasses(&w, &dataset.Table{Source: "t.csv", Labels: tc.labels})
		if got := strings.Contains(w.String(), "-task regression"); got != tc.note {
			t.Errorf("%s: note %q, want one: %v", tc.name, w.String(), tc.note)
		}
	}
	var w bytes.Buffer
	noteIntegerClasses(&w, &dataset.Table{Source: "t.csv", Labels: append(slices.Clone(ages), "45")})
	if want := "note: t.csv: the labels, 5 distinct integers, are read as classes; if they are quantities (counts, ages, scores), fit them as numbers with -task regression\n"; w.String() != want {
		t.Errorf("note %q, want %q", w.String(), want)
	}
}

func TestWarnMissingClass(t *testing.T) {
	tests := []struct {
		name   string
		labels []string
		want   []string // substrings, one per warning line; none: no warning
	}{
		{"NA among text classes", []string{"a", "NA", "b", "NA"}, []string{`t.csv:3: class "NA", of 2 rows, marks a missing value`}},
		{"two markers", []string{"a", "None", "NA", "b", "NA", "None"}, []string{`t.csv:4: class "NA", of 2 rows`, `t.csv:3: class "None", of 2 rows`}},
		{"one row (warnClassSizes')", []string{"a", "NA", "b"}, nil},
		{"numbers and markers (the task's reason)", []string{"1.5", "NA", "2.5", "NA"}, nil},
		{"no marker", []string{"a", "b", "a"}, nil},
	}
	for _, tc := range tests {
		tab := &dataset.Table{Source: "t.csv", Labels: tc.labels}
		for i := range tc.labels {
			tab.Lines = append(tab.Lines, i+2) // a header on line 1
		}
		var w bytes.Buffer
		warnMissingClass(&w, tab)
		checkWarnings(t, tc.name, w.String(), tc.want)
	}
}

func TestWarnNumericHeader(t *testing.T) {
	tests := []struct {
		header []string
		want   string // "": no warning
	}{
		{nil, ""},
		{[]string{"x1", "x2", "y"}, ""},
		{[]string{"0.5", "x2", "1"}, ""},
		{[]string{"0.5", "1.5", "1"}, "t.csv: the header's names are all numbers (0.5, 1.5, 1): if the first line is data, use -header no"},
		{[]string{"1", "2", "3", "4"}, "(1, 2, 3, ...)"},
	}
	for _, tc := range tests {
		var w bytes.Buffer
		warnNumericHeader(&w, &dataset.Table{Source: "t.csv", Header: tc.header})
		if got := w.String(); (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("header %q: warning %q, want %q", tc.header, got, tc.want)
		}
	}
}

func TestColumnRanges(t *testing.T) {
	for _, tc := range []struct {
		cols []int
		want string
	}{
		{[]int{4}, "4"},
		{[]int{1, 2, 4}, "1,2,4"},
		{[]int{1, 2, 3, 9, 10, 11, 16, 26}, "1-3,9-11,16,26"},
		{[]int{2, 3, 4, 5}, "2-5"},
		{[]int{3, 1, 2}, "3,1,2"}, // -features order
	} {
		if got := columnRanges(tc.cols); got != tc.want {
			t.Errorf("columnRanges(%v) = %q, want %q", tc.cols, got, tc.want)
		}
	}
}

// checkWarnings checks that the warnings out (one a line) hold want, one substring a line.
func checkWarnings(t *testing.T, name, out string, want []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != len(want) {
		t.Errorf("%s: warnings %q, want %d", name, lines, len(want))
		return
	}
	for i, s := range want {
		if !strings.Contains(lines[i], s) {
			t.Errorf("%s: warning %q lacks %q", name, lines[i], s)
		}
	}
}

func TestWarnIdentifiers(t *testing.T) {
	for _, tc := range []struct {
		name string
		id   bool
	}{
		{"id", true}, {"ID", true}, {"Id", true}, {"patient_id", true}, {"sample.id", true}, {"case id", true},
		{"PassengerId", true}, {"CustomerID", true},
		{"paid", false}, {"Valid", false}, {"acid", false}, {"OID", false}, {"idea", false}, {"", false},
	} {
		if got := idName(tc.name); got != tc.id {
			t.Errorf("idName(%q) = %v, want %v", tc.name, got, tc.id)
		}
	}
	rows := func(f func(i int) float64) [][]float64 {
		X := make([][]float64, 20)
		for i := range X {
			X[i] = []float64{float64(i % 3), f(i)}
		}
		return X
	}
	for _, tc := range []struct {
		name string
		X    [][]float64
		want string
	}{
		{"distinct integers", rows(func(i int) float64 { return float64(1000 + 7*i) }), "warning: t.csv: column 2 (Id) is named as an identifier and holds 20 distinct integers in 20 rows: if it is one, leave it out with -drop 2\n"},
		{"nine in ten distinct", rows(func(i int) float64 { return float64(1000 + 7*(i%18)) }), "holds 18 distinct integers"},
		{"repeated", rows(func(i int) float64 { return float64(i % 5) }), ""},
		{"not integers", rows(func(i int) float64 { return float64(i) + 0.5 }), ""},
	} {
		tab := &dataset.Table{Source: "t.csv", X: tc.X, Features: []string{"x", "Id"}, Columns: []int{1, 2}}
		var w bytes.Buffer
		warnColumns(&w, tab, nil)
		if got := w.String(); tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
