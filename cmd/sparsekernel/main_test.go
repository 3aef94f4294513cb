package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// writeCSV writes a labelled CSV with a header; classes are named "a" (-1) and "b" (+1).
func writeCSV(t *testing.T, path string, s synth.Set) {
	t.Helper()
	var b strings.Builder
	b.WriteString("x1,x2,class\n")
	for i, x := range s.X {
		c := "a"
		if s.Y[i] > 0 {
			c = "b"
		}
		fmt.Fprintf(&b, "%g,%g,%s\n", x[0], x[1], c)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestTrainPredictEval(t *testing.T) {
	dir := t.TempDir()
	train, test := filepath.Join(dir, "train.csv"), filepath.Join(dir, "test.csv")
	writeCSV(t, train, synth.Ripley(150, 1))
	writeCSV(t, test, synth.Ripley(200, 2))
	modelPath := filepath.Join(dir, "m.json")

	code, out, errOut := runCLI("train", "-method", "rols", "-o", modelPath, train)
	if code != 0 || !strings.Contains(out, "model written to") {
		t.Fatalf("train: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	predPath := filepath.Join(dir, "pred.txt")
	code, _, errOut = runCLI("predict", "-decision", "-o", predPath, modelPath, test)
	if code != 0 || !strings.Contains(errOut, "accuracy = ") {
		t.Fatalf("predict: exit %d, stderr %q", code, errOut)
	}
	pred, _ := os.ReadFile(predPath)
	lines := strings.Split(strings.TrimSpace(string(pred)), "\n")
	if lines[0] != "label,f" {
		t.Fatalf("header %q, want label,f", lines[0])
	}
	lines = lines[1:]
	if len(lines) != 200 {
		t.Fatalf("%d predictions for 200 rows", len(lines))
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "a,") && !strings.HasPrefix(l, "b,") {
			t.Fatalf("prediction line %q: want label,decision", l)
		}
	}
	// Prediction input without the label column.
	unlabelled := filepath.Join(dir, "x.csv")
	data, _ := os.ReadFile(test)
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		b.WriteString(l[:strings.LastIndex(l, ",")] + "\n")
	}
	os.WriteFile(unlabelled, []byte(b.String()), 0o644)
	code, out, errOut = runCLI("predict", modelPath, unlabelled)
	if code != 0 || errOut != "" {
		t.Fatalf("predict unlabelled: exit %d, stderr %q", code, errOut)
	}
	if got := strings.Split(strings.TrimSpace(out), "\n"); !equalLines(got, lines) {
		t.Fatal("unlabelled prediction differs from labelled")
	}

	code, out, errOut = runCLI("eval", "-method", "lssvm", "-kernel", "gauss", "-tuner", "none", "-gamma", "10", "-sigma", "0.5", train, test)
	if code != 0 || !strings.Contains(out, "gaussian kernel, gamma 10, width 0.5") {
		t.Fatalf("eval lssvm: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCLI("eval", "-method", "loomi", train, test)
	if code != 0 {
		t.Fatalf("eval: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"test error:", "confusion matrix", "LOO curve", "loomi classification"} {
		if !strings.Contains(out, want) {
			t.Errorf("eval output lacks %q:\n%s", want, out)
		}
	}
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != strings.SplitN(b[i], ",", 2)[0] {
			return false
		}
	}
	return true
}

// writeFolder writes a benchmark folder of generated data with 3 realisations.
func writeFolder(t *testing.T, dir string) {
	t.Helper()
	s := synth.Ripley(90, 7)
	var x, y, tr, te strings.Builder
	for i, r := range s.X {
		fmt.Fprintf(&x, "%g,%g\n", r[0], r[1])
		fmt.Fprintf(&y, "%g\n", s.Y[i])
	}
	for k := range 3 {
		var a, b []string
		for i := range 90 {
			if (i+k)%3 == 0 {
				b = append(b, fmt.Sprint(i))
			} else {
				a = append(a, fmt.Sprint(i))
			}
		}
		tr.WriteString(strings.Join(a, ",") + "\n")
		te.WriteString(strings.Join(b, ",") + "\n")
	}
	for name, s := range map[string]string{"x.csv": x.String(), "y.csv": y.String(), "train.csv": tr.String(), "test.csv": te.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBench(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "toy")
	os.Mkdir(dir, 0o755)
	writeFolder(t, dir)
	var results []map[string]any
	for _, workers := range []string{"1", "2"} {
		code, out, errOut := runCLI("bench", "-method", "loomi", "-json", "-workers", workers, "-data", dir)
		if code != 0 {
			t.Fatalf("bench: exit %d, stderr %q", code, errOut)
		}
		var r map[string]any
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("bench -json output %q: %v", out, err)
		}
		for _, key := range []string{"dataset", "method", "realisations", "test_error_mean", "test_error_std", "size_mean", "size_std", "evaluations_mean", "wall_seconds"} {
			if _, ok := r[key]; !ok {
				t.Errorf("bench -json lacks %q", key)
			}
		}
		if r["realisations"] != 3.0 || r["dataset"] != "toy" {
			t.Errorf("bench -json: %v", r)
		}
		results = append(results, r)
	}
	for _, key := range []string{"test_error_mean", "size_mean", "evaluations_mean"} {
		if results[0][key] != results[1][key] {
			t.Errorf("%s differs between 1 and 2 workers: %v vs %v", key, results[0][key], results[1][key])
		}
	}
	code, out, _ := runCLI("bench", "-realisations", "2", dir)
	if code != 0 || !strings.Contains(out, "toy") {
		t.Errorf("bench table: exit %d, %q", code, out)
	}
	code, _, errOut := runCLI("bench", "-quiet", "-first", "2", "-realisations", "5", dir)
	if code != 0 || !strings.Contains(errOut, "note: toy has 3 realisations: running the 2 from 2 on, not 5") {
		t.Errorf("bench beyond the realisations: exit %d, %q", code, errOut)
	}
	// A generated problem from a later realisation on: as many as asked, numbered from there.
	code, out, errOut = runCLI("bench", "-v", "-quiet", "-generated", "piecewise", "-first", "3", "-realisations", "2")
	if code != 0 || !strings.Contains(out, "realisation   3:") || !strings.Contains(out, "realisation   4:") || strings.Contains(out, "realisation   5:") {
		t.Errorf("bench -generated -first 3 -realisations 2: exit %d, %q, %q", code, out, errOut)
	}
}

// contCat is a file of 40 rows whose first column holds 40 distinct numbers.
var contCat = func() string {
	var b strings.Builder
	b.WriteString("x1,x2,y\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d.%d,%d,%c\n", i, i%7, i%5, "ab"[i%2])
	}
	return b.String()
}()

// A column named categorical whose values nearly all differ is warned about.
func TestManyCategories(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "contcat.csv")
	if err := os.WriteFile(path, []byte(contCat), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("train", "-quiet", "-categorical", "x1", "-o", filepath.Join(dir, "cat.json"), path)
	if code != 0 || !strings.Contains(errs, "column 1 (x1) has 40 categories in 40 rows: most new rows will be none of them") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.csv")
	writeCSV(t, good, synth.Ripley(60, 3))
	modelPath := filepath.Join(dir, "good.json")
	if code, _, e := runCLI("train", "-o", modelPath, good); code != 0 {
		t.Fatalf("train good: %s", e)
	}
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o644)
		return p
	}
	tests := []struct {
		name string
		args []string
		code int
		want []string // substrings of stderr
		out  string   // a file that must not exist afterwards
	}{
		{"no command", nil, 2, []string{"Usage"}, ""},
		{"unknown command", []string{"fly"}, 2, []string{"unknown command"}, ""},
		{"unknown flag", []string{"train", "-bogus", good}, 2, []string{"bogus"}, ""},
		{"unknown method", []string{"train", "-method", "svm", good}, 2, []string{"unknown method"}, ""},
		{"missing file", []string{"train", "-o", filepath.Join(dir, "x.json"), filepath.Join(dir, "nope.csv")}, 1, []string{"nope.csv"}, "x.json"},
		{"not a number", []string{"train", "-o", filepath.Join(dir, "n.json"), write("nan.csv", "1,2,a\n3,x,b\n4,5,a\n")}, 1, []string{"nan.csv:2:2"}, "n.json"},
		{"ragged row", []string{"train", "-o", filepath.Join(dir, "r.json"), write("ragged.csv", "1,2,a\n3,b\n4,5,a\n")}, 1, []string{"ragged.csv:2"}, "r.json"},
		{"one class", []string{"train", "-o", filepath.Join(dir, "o.json"), write("one.csv", "1,2,a\n3,4,a\n")}, 1, []string{"one.csv", "one class"}, "o.json"},
		{"one numeric class", []string{"train", "-o", filepath.Join(dir, "c.json"), write("const.csv", "1,2,3.5\n3,4,3.5\n5,6,3.5\n")}, 1,
			[]string{"const.csv: the training data hold only one class: every label is 3.5 (as a regression target, a constant: nothing to learn either)"}, "c.json"},
		{"one numeric class, eval", []string{"eval", filepath.Join(dir, "const.csv"), good}, 1, []string{"const.csv", "nothing to learn"}, ""},
		{"three classes for lrols", []string{"train", "-method", "lrols", "-o", filepath.Join(dir, "t.json"), write("three.csv", "1,2,a\n3,4,b\n5,6,c\n")}, 1, []string{"three.csv", "3 classes"}, "t.json"},
		{"corrupt model", []string{"predict", write("bad.json", `{"format":"sparsekernel-model","version":1,"task":"classification"}`), good}, 1, []string{"bad.json"}, ""},
		{"wrong width for model", []string{"predict", "-o", filepath.Join(dir, "p.txt"), modelPath, write("wide.csv", "1,2,3,4,a\n")}, 1, []string{"wide.csv"}, "p.txt"},
		{"bench without data", []string{"bench"}, 2, []string{"no benchmark folder"}, ""},
		{"flag after arguments", []string{"bench", dir, "-json"}, 2, []string{"flag -json comes after the arguments"}, ""},
		{"bench missing folder", []string{"bench", filepath.Join(dir, "nofolder")}, 1, []string{"nofolder"}, ""},
		{"bench too many realisations", []string{"bench", "-generated", "ripley", "-realisations", "9223372036854775807"}, 2, []string{"at most 100000 realisations"}, ""},
		{"bench -first too far", []string{"bench", "-generated", "ripley", "-first", "9223372036854775807", "-realisations", "2"}, 2, []string{"at most 100000 realisations"}, ""},
		{"unwritable model path", []string{"train", "-o", filepath.Join(dir, "no", "m.json"), good}, 1, []string{"write " + filepath.Join(dir, "no", "m.json")}, ""},
		{"regression on text labels", []string{"train", "-task", "regression", "-method", "lrols", "-o", filepath.Join(dir, "g.json"), good}, 1, []string{"good.csv:2:3"}, "g.json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, errOut)
			}
			if out != "" {
				t.Errorf("a failed command printed %q on stdout", out)
			}
			for _, w := range tc.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
			if tc.out != "" {
				if _, err := os.Stat(filepath.Join(dir, tc.out)); err == nil {
					t.Errorf("%s was written despite the error", tc.out)
				}
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, c := range commands {
		code, out, _ := runCLI("help", c.name)
		if code != 0 || !strings.Contains(out, "usage: sparsekernel "+c.name) || !strings.Contains(out, "Example") {
			t.Errorf("help %s: exit %d, %q", c.name, code, out)
		}
	}
	svg := filepath.Join(t.TempDir(), "regions.svg")
	if code, out, _ := runCLI("demo", "-svg", svg); code != 0 || !strings.Contains(out, "identical decisions") || !strings.Contains(out, svg) {
		t.Errorf("demo: exit %d, %q", code, out)
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.Contains(string(data), "<svg") || strings.Count(string(data), "<path") < 100 {
		t.Errorf("demo's SVG: %v", err)
	}
	// An SVG that cannot be written is refused before the fits, which print nothing.
	for _, bad := range []string{filepath.Join(t.TempDir(), "none", "x.svg"), t.TempDir()} {
		if code, out, errs := runCLI("demo", "-svg", bad); code == 0 || out != "" || !strings.Contains(errs, "-svg ''") && !strings.Contains(errs, "is a directory") {
			t.Errorf("demo -svg %s: exit %d, stdout %q, stderr %q; want a failure before any output", bad, code, out, errs)
		}
	}
}

// A three-class file trains a model of three outputs; predict -proba writes a header and one
// probability per class, eval reports the log-loss, the Brier score and a reliability table.
func TestMultiClassProbabilities(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("x1,x2,kind\n")
	rng := rand.New(rand.NewPCG(5, 6))
	names := []string{"red", "green", "blue"}
	for i := range 240 {
		c := i % 3
		fmt.Fprintf(&b, "%.4f,%.4f,%s\n", float64(c)+0.4*rng.NormFloat64(), float64(c%2)+0.4*rng.NormFloat64(), names[c])
	}
	data := filepath.Join(dir, "three.csv")
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	modelPath := filepath.Join(dir, "m.json")
	code, out, errOut := runCLI("train", "-o", modelPath, data)
	if code != 0 || !strings.Contains(errOut, "classification of 3 classes") || !strings.Contains(out, "chose:") {
		t.Fatalf("train: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCLI("predict", "-proba", modelPath, data)
	if code != 0 {
		t.Fatalf("predict: exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "label,p_blue,p_green,p_red" || len(lines) != 241 {
		t.Fatalf("header %q, %d lines", lines[0], len(lines))
	}
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		var sum float64
		for _, v := range f[1:] {
			p, err := strconv.ParseFloat(v, 64)
			if err != nil || p < 0 || p > 1 {
				t.Fatalf("line %q: bad probability %q", l, v)
			}
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("line %q: probabilities sum to %v", l, sum)
		}
	}
	code, out, errOut = runCLI("eval", data, data)
	if code != 0 || !strings.Contains(out, "log-loss") || !strings.Contains(out, "reliability") || !strings.Contains(out, "* ") {
		t.Fatalf("eval: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// A regressor has no probabilities: a usage error.
	reg := filepath.Join(dir, "reg.csv")
	os.WriteFile(reg, []byte("x,y\n1,0.5\n2,0.7\n3,1.9\n4,2.2\n5,3.1\n6,2.5\n7,4.4\n8,3.9\n"), 0o644)
	regModel := filepath.Join(dir, "reg.json")
	if code, _, errOut := runCLI("train", "-o", regModel, reg); code != 0 {
		t.Fatalf("train regression: %s", errOut)
	}
	if code, _, _ := runCLI("predict", "-proba", regModel, reg); code != 2 {
		t.Fatalf("predict -proba on a regressor: exit %d, want 2", code)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}} {
		if code, out, _ := runCLI(args...); code != 0 || !strings.HasPrefix(out, "sparsekernel ") {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
	if code, _, _ := runCLI("version", "extra"); code != 2 {
		t.Errorf("version with an argument: exit %d, want 2", code)
	}
}

// TestReadmeTranscripts checks that the README's transcripts of train on the example files
// show what this build prints (the seconds aside), so that the README cannot drift from the
// program.
func TestReadmeTranscripts(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	seconds := regexp.MustCompile(`, [0-9.]+ s$`)
	// The README's predict -proba transcripts: the file predicted and the lines it shows (1-based).
	passengers := filepath.Join(t.TempDir(), "passengers.csv") // (the README's printf)
	if err := os.WriteFile(passengers, []byte("Class,Sex,Age\n1st,Female,Adult\n3rd,Male,Adult\n2nd,Male,Child\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	shown := map[string]struct {
		data  string
		lines []int
	}{
		"examples/ripley-train.csv": {"../../examples/ripley-test.csv", []int{1, 2, 3}},
		"examples/iris.csv":         {"../../examples/iris.csv", []int{1, 2, 52, 102}},
		"examples/titanic.csv":      {passengers, []int{1, 2, 3, 4}},
		"examples/sinc-train.csv":   {"../../examples/sinc-test.csv", []int{1, 2, 3}}, // (values: no -proba)
	}
	for _, example := range []string{"examples/ripley-train.csv", "examples/iris.csv", "examples/titanic.csv", "examples/sinc-train.csv"} {
		modelPath := filepath.Join(t.TempDir(), "m.json")
		code, stdout, stderr := runCLI("train", "-o", modelPath, filepath.Join("../..", example))
		if code != 0 {
			t.Fatalf("train %s: exit %d: %s", example, code, stderr)
		}
		p := shown[example]
		args := []string{"predict", "-proba", modelPath, p.data}
		if strings.Contains(example, "sinc") {
			args = slices.Delete(args, 1, 2)
		}
		pcode, proba, perr := runCLI(args...)
		if pcode != 0 {
			t.Fatalf("predict %s: exit %d: %s", p.data, pcode, perr)
		}
		if strings.Contains(example, "sinc") && !regexp.MustCompile(`(?m)^    `+regexp.QuoteMeta(strings.TrimSpace(perr))+`$`).Match(readme) {
			t.Errorf("README lacks the line predict %s prints:\n    %s", p.data, perr)
		}
		rows := strings.Split(proba, "\n")
		for _, k := range p.lines {
			if k > len(rows) || !regexp.MustCompile(`(?m)^    `+regexp.QuoteMeta(rows[k-1])+`$`).Match(readme) {
				t.Errorf("README lacks line %d that predict -proba %s prints:\n    %s", k, p.data, rows[min(k, len(rows))-1])
			}
		}
		for _, line := range strings.Split(strings.TrimSpace(stdout+stderr), "\n") {
			if strings.HasPrefix(line, "model written to") {
				continue
			}
			line = strings.ReplaceAll(line, "../../", "")
			want := regexp.MustCompile(`(?m)^    ` + regexp.QuoteMeta(seconds.ReplaceAllString(line, "")) + `(, [0-9.]+ s)?$`)
			if !want.Match(readme) {
				t.Errorf("README lacks the line train %s prints:\n    %s", example, line)
			}
		}
	}
	// eval's test report, from the test error to the probabilities' scores.
	code, stdout, stderr := runCLI("eval", "-quiet", "../../examples/ripley-train.csv", "../../examples/ripley-test.csv")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, stderr)
	}
	_, report, _ := strings.Cut(stdout, "test error:")
	report, _, _ = strings.Cut("test error:"+report, "reliability")
	for _, line := range strings.Split(strings.TrimSpace(report), "\n") {
		if !regexp.MustCompile(`(?m)^    ` + regexp.QuoteMeta(line) + `$`).Match(readme) {
			t.Errorf("README lacks the line eval prints:\n    %s", line)
		}
	}
}

// TestWarnColumnsMany checks that many constant columns (sparse data) get one warning line.
func TestWarnColumnsMany(t *testing.T) {
	csv := "0,0,0,0,0,0,0,1.5,a\n0,0,0,0,0,0,0,2.5,b\n0,0,0,0,0,0,0,0.5,a\n"
	tab, err := dataset.ParseCSV(strings.NewReader(csv), "sparse.csv", dataset.CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, constant, err := tab.Scale()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	warnColumns(&b, tab, constant)
	want := "warning: sparse.csv: 7 of 8 columns are constant (column 1, column 2, column 3, column 4, column 5, ...): they carry no information\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// TestWarnRowNames checks the warning about a first column that holds the row names of a
// data frame (unnamed in the header, distinct integers), and that other columns get none.
func TestWarnRowNames(t *testing.T) {
	rows := func(first []string) string {
		var b strings.Builder
		for i, f := range first {
			fmt.Fprintf(&b, "%s,%d.5,%c\n", f, i%3, "ab"[i%2])
		}
		return b.String()
	}
	names := []string{"7", "3", "12", "1", "9", "4", "10", "2", "8", "5"}
	repeated := []string{"7", "3", "12", "1", "9", "4", "10", "2", "8", "7"}
	fractions := []string{"7", "3", "12", "1", "9", "4", "10", "2", "8", "5.5"}
	tests := []struct {
		name, csv string
		warn      bool
	}{
		{"R's row names", `"",x,y` + "\n" + rows(names), true},
		{"pandas' index read back", "Unnamed: 0,x,y\n" + rows(names), true},
		{"a named column", "id,x,y\n" + rows(names), false},
		{"no header", rows(names), false},
		{"a repeated value", ",x,y\n" + rows(repeated), false},
		{"not integers", ",x,y\n" + rows(fractions), false},
	}
	for _, tc := range tests {
		tab, err := dataset.ParseCSV(strings.NewReader(tc.csv), "t.csv", dataset.CSVOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var b strings.Builder
		warnColumns(&b, tab, nil)
		want := "warning: t.csv: column 1 has no name in the header and holds distinct integers (7, 3, ..., 5)"
		if got := strings.Contains(b.String(), "column 1 has no name"); got != tc.warn || got && !strings.Contains(b.String(), want) {
			t.Errorf("%s: warning %q, want one: %v", tc.name, b.String(), tc.warn)
		}
	}
}

// TestEvalRegression checks eval's report of a regression: the test MSE and R^2.
func TestEvalRegression(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, s synth.Set) string {
		var b strings.Builder
		for i, x := range s.X {
			fmt.Fprintf(&b, "%g,%g,%g\n", x[0], x[1], s.Y[i])
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	train, test := write("train.csv", synth.Sinc(200, 2, 0.1, 1)), write("test.csv", synth.Sinc(200, 2, 0.1, 2))
	code, stdout, stderr := runCLI("eval", "-quiet", train, test)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !regexp.MustCompile(`test MSE: [0-9.e-]+ on 200 rows \(RMSE [0-9.e-]+, MAE [0-9.e-]+, R\^2 0\.[5-9][0-9]*\)`).MatchString(stdout) {
		t.Errorf("no test MSE, RMSE, MAE and R^2 above 0.5 in:\n%s", stdout)
	}
	// -cv: the folds' predictions together too.
	code, stdout, stderr = runCLI("eval", "-quiet", "-cv", "4", train)
	if code != 0 || !regexp.MustCompile(`; the folds' predictions together: MSE [0-9.e-]+, RMSE [0-9.e-]+, MAE [0-9.e-]+, R\^2 0\.[5-9]`).MatchString(stdout) {
		t.Errorf("eval -cv: exit %d:\n%s%s", code, stdout, stderr)
	}
}

// TestEvalCV checks eval -cv: one line a fold and their mean, the same figures on one worker
// as on two (the folds' seeds follow -seed, not the scheduling), the mean equal to the folds'
// average, and the command-line errors exiting 2 with nothing on stdout.
func TestEvalCV(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.csv")
	writeCSV(t, data, synth.Ripley(120, 4))
	code, out1, stderr := runCLI("eval", "-quiet", "-cv", "4", "-workers", "1", data)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, out2, _ := runCLI("eval", "-quiet", "-cv", "4", "-workers", "2", data)
	if out1 != out2 {
		t.Errorf("one worker:\n%s\ntwo workers:\n%s", out1, out2)
	}
	fold := regexp.MustCompile(`(?m)^  fold +\d: +([0-9.]+) +\d+ nodes?`)
	m := fold.FindAllStringSubmatch(out1, -1)
	if len(m) != 4 {
		t.Fatalf("%d fold lines, want 4:\n%s", len(m), out1)
	}
	var sum float64
	for _, f := range m {
		v, _ := strconv.ParseFloat(f[1], 64)
		sum += v
	}
	mean := regexp.MustCompile(`(?m)^mean: ([0-9.]+) \+- [0-9.]+% misclassified`).FindStringSubmatch(out1)
	if mean == nil {
		t.Fatalf("no mean line:\n%s", out1)
	}
	if v, _ := strconv.ParseFloat(mean[1], 64); math.Abs(v-sum/4) > 0.01 {
		t.Errorf("mean %v, the folds' average %v", v, sum/4)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "-cv", "4", data, data}, "want one data file, got 2"},
		{[]string{"eval", "-cv", "1", data}, "want 2 folds or more"},
		{[]string{"eval", "-cv", "4", "-o", filepath.Join(dir, "m.json"), data}, "no model is saved"},
		{[]string{"eval", "-cv", "500", data}, "fewer than the folds"},
	} {
		code, stdout, stderr := runCLI(tc.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, nothing, %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	// A class of fewer rows than folds: a warning, and its row counted wrong by the fold that
	// trains without it.
	iris, err := os.ReadFile("../../examples/iris.csv")
	if err != nil {
		t.Fatal(err)
	}
	rare := filepath.Join(dir, "rare.csv")
	if err := os.WriteFile(rare, append(iris, "5.0,3.0,1.5,0.5,rare\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("eval", "-quiet", "-cv", "3", rare)
	if code != 0 || !strings.Contains(errs, `class "rare" has one row: the fold that holds it trains without it`) || strings.Count(out, "(1 row of a class its training part lacks: counted wrong)") != 1 {
		t.Errorf("a class of one row: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A fit that fails names its fold, and nothing is printed.
	code, out, errs = runCLI("eval", "-quiet", "-cv", "3", "-method", "pso", "../../examples/iris.csv")
	if code != 1 || out != "" || !strings.Contains(errs, "fold 1: method does not support this task") {
		t.Errorf("pso on three classes: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A regressor's predictions beyond its training targets are clipped, and predict and eval say
// how many; none within them. The bounds move with the model's linear trend beyond its
// training range, so this linear target is extrapolated: of x = 3 and -2 (targets 9 and -6)
// one is clipped at a bound the trend widened (the whole range would give 3.07 and 0).
func TestClipNote(t *testing.T) {
	dir := t.TempDir()
	var train, inside, beyond strings.Builder
	train.WriteString("x,y\n")
	for i := range 40 {
		x := float64(i) / 39
		fmt.Fprintf(&train, "%g,%g\n", x, 3*x+0.1*math.Sin(7*x))
	}
	inside.WriteString("x,y\n0.25,0.8\n0.5,1.5\n")
	beyond.WriteString("x,y\n0.5,1.5\n3,9\n-2,-6\n")
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tr, in, out := write("train.csv", train.String()), write("in.csv", inside.String()), write("out.csv", beyond.String())
	m, strict, none := filepath.Join(dir, "m.json"), filepath.Join(dir, "strict.json"), filepath.Join(dir, "none.json")
	for path, clip := range map[string]string{m: "trend", strict: "range", none: "none"} {
		if code, _, errOut := runCLI("train", "-clip", clip, "-o", path, tr); code != 0 {
			t.Fatalf("train -clip %s: %s", clip, errOut)
		}
	}
	for _, tc := range []struct {
		args      []string
		want, mse string // want "" for no note
	}{
		{[]string{"predict", m, in}, "", "mean squared error = "},
		{[]string{"predict", m, out}, "note: 2 of 3 predictions lie beyond the training targets' range [0, 3.0657]", "mean squared error = "},
		{[]string{"predict", m, out}, "carried there by the model's linear trend (-clip range at training keeps them within it); 1 prediction clipped where", "mean squared error = "},
		{[]string{"eval", tr, out}, "note: 2 of 3 predictions lie beyond", "test MSE: "},
		{[]string{"predict", strict, out}, "note: 2 of 3 predictions clipped to the training targets' range [0, 3.0657]", "mean squared error = 23.7"},
		{[]string{"predict", none, in}, "", "mean squared error = "},
	} {
		code, stdout, stderr := runCLI(tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		all := stdout + stderr
		got := strings.Contains(all, "note: ")
		if (tc.want == "") == got || (tc.want != "" && !strings.Contains(all, tc.want)) {
			t.Errorf("%v: output %q, want note %q", tc.args, all, tc.want)
		}
		var mse float64
		if i := strings.Index(all, tc.mse); i < 0 {
			t.Errorf("%v: no %q in %q", tc.args, tc.mse, all)
		} else if _, err := fmt.Sscanf(all[i+len(tc.mse):], "%g", &mse); err != nil || mse > 0.5 && !strings.HasSuffix(tc.mse, "23.7") {
			t.Errorf("%v: mean squared error %v (%v), want at most 0.5", tc.args, mse, err)
		}
	}
}

// TestTrainRefine checks train -refine end to end: the chose line says how far the
// refinement went, the model file holds nodes of their own widths that predict the test file
// as eval scored it, and a method that has no refinement warns that it ignores the option.
func TestTrainRefine(t *testing.T) {
	dir := t.TempDir()
	train, test := filepath.Join(dir, "train.csv"), filepath.Join(dir, "test.csv")
	writeCSV(t, train, synth.Ripley(250, 4)) // a draw the folds refine (most are not: the nodes are fine as selected)
	writeCSV(t, test, synth.Ripley(1000, 2))
	modelPath := filepath.Join(dir, "m.json")
	code, stdout, stderr := runCLI("eval", "-quiet", "-refine", "-o", modelPath, train, test)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := regexp.MustCompile(`refined jointly \((\d+) iterations\)`).FindStringSubmatch(stdout)
	if m == nil || !strings.Contains(stdout, "(the selected nodes were then refined jointly: cross-validated error ") {
		t.Fatalf("no refinement in:\n%s", stdout)
	}
	e := regexp.MustCompile(`test error: ([0-9.]+)%`).FindStringSubmatch(stdout)
	if e == nil {
		t.Fatalf("no test error in:\n%s", stdout)
	}
	if v, _ := strconv.ParseFloat(e[1], 64); v > 12 {
		t.Errorf("test error %s%% (Ripley's data: about 9%%)", e[1])
	}
	var file struct {
		Nodes []struct {
			Width []float64 `json:"width"`
		} `json:"nodes"`
		Training struct {
			Refined int `json:"refined"`
		} `json:"training"`
	}
	raw, err := os.ReadFile(modelPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	widths := map[float64]bool{}
	for _, n := range file.Nodes {
		if len(n.Width) == 1 {
			widths[n.Width[0]] = true
		}
	}
	if len(widths) < 2 {
		t.Errorf("refined nodes of one width: %v", widths)
	}
	if got := strconv.Itoa(file.Training.Refined); got != m[1] {
		t.Errorf("model file: refined %s iterations, the chose line %s", got, m[1])
	}
	code, _, stderr = runCLI("predict", "-o", filepath.Join(dir, "pred.txt"), modelPath, test)
	if code != 0 || !strings.Contains(stderr, "accuracy = "+fmt.Sprintf("%.2f", 100-mustFloat(t, e[1]))) {
		t.Errorf("predict: exit %d, %s (eval's test error %s%%)", code, stderr, e[1])
	}
	code, _, stderr = runCLI("train", "-method", "rols", "-refine", "-o", filepath.Join(dir, "r.json"), train)
	if code != 0 || !strings.Contains(stderr, "ignores the refine option") {
		t.Errorf("rols -refine: exit %d, %s", code, stderr)
	}
	code, stdout, _ = runCLI("train", "-refine=false", "-o", filepath.Join(dir, "n.json"), train)
	if code != 0 || strings.Contains(stdout, "refined") {
		t.Errorf("-refine=false: exit %d, %s", code, stdout)
	}
	code, _, stderr = runCLI("train", "-refine=maybe", train)
	if code != 2 || !strings.Contains(stderr, "want true, false or auto") {
		t.Errorf("-refine=maybe: exit %d, %s", code, stderr)
	}
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestUnseenClass checks eval and predict on test rows of a class the training data lack:
// they are counted wrong (as svm-predict and scikit-learn count them), the confusion matrix
// has a row for the class, and a note names it.
func TestUnseenClass(t *testing.T) {
	dir := t.TempDir()
	var train strings.Builder
	train.WriteString("x1,x2,class\n")
	for i := range 40 {
		fmt.Fprintf(&train, "%d,%d,%s\n", i%10, i%3, []string{"a", "b"}[i%10/5])
	}
	tr := filepath.Join(dir, "train.csv")
	te := filepath.Join(dir, "test.csv")
	if err := os.WriteFile(tr, []byte(train.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(te, []byte("x1,x2,class\n1,0,a\n8,1,b\n5,2,c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	note := `note: 1 of 3 rows have a class the model was not trained on ("c"), counted wrong`
	code, out, errs := runCLI("eval", "-quiet", tr, te)
	if code != 0 || !strings.Contains(out, note) || !strings.Contains(out, "test error: 33.33% on 3 rows") ||
		!regexp.MustCompile(`(?m)^ +c +0 +1 +0\.000$`).MatchString(out) || !regexp.MustCompile(`(?m)^ +precision +1\.000 +0\.500$`).MatchString(out) ||
		!strings.Contains(out, "balanced error: 33.33% (the mean over the test's 3 classes of 1 - recall)") {
		t.Errorf("eval: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	m := filepath.Join(dir, "m.json")
	if code, _, errs := runCLI("train", "-quiet", "-o", m, tr); code != 0 {
		t.Fatalf("train: %s", errs)
	}
	code, out, errs = runCLI("predict", m, te)
	if code != 0 || out != "a\nb\nb\n" || !strings.Contains(errs, "accuracy = 66.67% (2/3)") || !strings.Contains(errs, note) {
		t.Errorf("predict: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// Test labels that are the classes but for a final period (UCI's adult.test) or their case get a
// hint; others do not.
func TestNearClasses(t *testing.T) {
	classes := []string{"<=50K", ">50K"}
	tests := []struct {
		name   string
		labels []string
		want   string
	}{
		{"final periods", []string{"<=50K.", ">50K.", ""}, "but for a final period"},
		{"some known", []string{"<=50K", ">50K."}, "but for a final period"},
		{"case", []string{"<=50k", ">50k"}, "but for their letters' case"},
		{"all known", []string{"<=50K", ">50K"}, ""},
		{"other labels", []string{"<=50K.", "maybe"}, ""},
	}
	for _, tc := range tests {
		got := nearClasses(tc.labels, classes)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// Class names holding the CSV's separator or quotes are quoted wherever predict writes them:
// the labels, and the decision and probability columns' names.
func TestPredictQuotesClassNames(t *testing.T) {
	dir := t.TempDir()
	names := []string{`big, orange`, `say "hi"`, `plain`}
	var b strings.Builder
	b.WriteString("x1,x2,kind\n")
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 150 {
		c := i % 3
		fmt.Fprintf(&b, "%.4f,%.4f,%s\n", float64(c)+0.3*rng.NormFloat64(), float64(c%2)+0.3*rng.NormFloat64(), csvField(names[c]))
	}
	data := filepath.Join(dir, "quoted.csv")
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	modelPath := filepath.Join(dir, "m.json")
	if code, _, errOut := runCLI("train", "-o", modelPath, data); code != 0 {
		t.Fatalf("train: %s", errOut)
	}
	code, out, errOut := runCLI("predict", "-decision", "-proba", modelPath, data)
	if code != 0 {
		t.Fatalf("predict: exit %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("predict's output is not CSV: %v\n%s", err, out)
	}
	want := []string{"label", "f_big, orange", "f_plain", `f_say "hi"`, "p_big, orange", "p_plain", `p_say "hi"`}
	if !slices.Equal(rows[0], want) {
		t.Fatalf("header %q, want %q", rows[0], want)
	}
	for _, r := range rows[1:] {
		if len(r) != len(want) || !slices.Contains(names, r[0]) {
			t.Fatalf("row %q: want %d fields and a class name first", r, len(want))
		}
	}
}

// The same fit writes the same bytes: a model file holds no wall time, and the workers do not
// change the model.
func TestTrainSameFile(t *testing.T) {
	dir := t.TempDir()
	train := filepath.Join(dir, "train.csv")
	writeCSV(t, train, synth.Ripley(150, 3))
	var files [][]byte
	for i, workers := range []string{"1", "2", "1"} {
		path := filepath.Join(dir, fmt.Sprintf("m%d.json", i))
		if code, _, errOut := runCLI("train", "-workers", workers, "-o", path, train); code != 0 {
			t.Fatalf("train: %s", errOut)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
	}
	for i := range files[1:] {
		if !bytes.Equal(files[0], files[i+1]) {
			t.Fatalf("run %d wrote another file than run 0:\n%s\n%s", i+1, files[0], files[i+1])
		}
	}
}

// fullWriter fails every write, as a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A command whose results cannot be written to stdout fails, whether or not it looks at what
// its writes return.
func TestStdoutFull(t *testing.T) {
	for _, args := range [][]string{
		{"eval", "-quiet", "-cv", "3", "../../examples/iris.csv"},
		{"bench", "-quiet", "-generated", "ripley", "-realisations", "1", "-json"},
		{"info", "../../testdata/model/overflowing-weights.model.json"},
	} {
		var e bytes.Buffer
		if code := run(args, fullWriter{}, &e); code != 1 || !strings.Contains(e.String(), "no space left on device") {
			t.Errorf("%q: exit %d, stderr %q; want 1 and the write's error", args, code, e.String())
		}
	}
}

// A model trained with -zero-based records it, and predict reads LIBSVM data for it so: a file
// whose rows never hold index 0 (its first input zero throughout, so left out) is not shifted
// by one column. -zero-based=false still reads it from 1, with a note.
func TestPredictFollowsZeroBased(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	var full, sparse strings.Builder
	for range 200 {
		x := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		y := -1
		if x[1]+0.5*x[2] > 0 {
			y = 1
		}
		fmt.Fprintf(&full, "%d 0:%.4f 1:%.4f 2:%.4f\n", y, x[0], x[1], x[2])
		fmt.Fprintf(&sparse, "%d 1:%.4f 2:%.4f\n", y, x[1], x[2])
	}
	train, test := filepath.Join(dir, "train.libsvm"), filepath.Join(dir, "test.libsvm")
	for path, s := range map[string]string{train: full.String(), test: sparse.String()} {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	modelPath := filepath.Join(dir, "m.json")
	if code, _, errOut := runCLI("train", "-zero-based", "-o", modelPath, train); code != 0 {
		t.Fatalf("train: %s", errOut)
	}
	m, err := model.Load(modelPath)
	if err != nil || !m.ZeroBased {
		t.Fatalf("the model does not record -zero-based: %v", err)
	}
	_, info, _ := runCLI("info", modelPath)
	if !strings.Contains(info, "trained on LIBSVM data whose indices count from 0 (-zero-based), which predict follows") {
		t.Errorf("info does not say so:\n%s", info)
	}
	accuracy := func(errOut string) float64 {
		_, after, _ := strings.Cut(errOut, "accuracy = ")
		v, err := strconv.ParseFloat(strings.TrimSuffix(strings.Fields(after + " x")[0], "%"), 64)
		if err != nil {
			t.Fatalf("no accuracy in %q", errOut)
		}
		return v
	}
	code, _, errOut := runCLI("predict", modelPath, test)
	if code != 0 || accuracy(errOut) < 95 || strings.Contains(errOut, "note:") {
		t.Errorf("predict without the flag: exit %d, %s", code, errOut)
	}
	code, _, errOut = runCLI("predict", "-zero-based=false", modelPath, test)
	if code != 0 || accuracy(errOut) > 90 || !strings.Contains(errOut, "counting from 1 (-zero-based=false); the model's training data counted from 0") {
		t.Errorf("predict -zero-based=false: exit %d, %s", code, errOut)
	}
}

// Targets so small that squared errors underflow: train notes it, and predict does not pass an
// MSE of 0 off as a perfect fit.
func TestTinyTargets(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for range 120 {
		x0, x1 := 4*rng.Float64()-2, 4*rng.Float64()-2
		fmt.Fprintf(&b, "%.4f,%.4f,%v\n", x0, x1, 1e-170*(math.Sin(x0)+0.5*x1+0.1*rng.NormFloat64()))
	}
	data, modelPath := filepath.Join(dir, "tiny.csv"), filepath.Join(dir, "m.json")
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("train", "-task", "regression", "-o", modelPath, data)
	if code != 0 || !strings.Contains(errOut, "every target is below 1e-154 in magnitude") {
		t.Fatalf("train: exit %d: %s", code, errOut)
	}
	code, _, errOut = runCLI("predict", modelPath, data)
	if code != 0 || !strings.Contains(errOut, "mean squared error = 0 (120 rows; the squared errors underflow float64") {
		t.Errorf("predict: exit %d: %s", code, errOut)
	}
}

// An unknown flag gets a hint: LIBSVM's counterpart, or a flag of a similar name; none where the
// hint would name a flag the command lacks.
func TestFlagHints(t *testing.T) {
	for _, tc := range []struct {
		args []string
		hint string // "" for none
	}{
		{[]string{"train", "-v", "5", "x.csv"}, "'sparsekernel eval -cv N data'"},
		{[]string{"train", "-c", "10", "x.csv"}, "the default chooses the regularisation"},
		{[]string{"predict", "-c", "10", "m.json", "x.csv"}, ""}, // (-prefer is train's)
		{[]string{"predict", "-b", "1", "m.json", "x.csv"}, "predict -proba"},
		{[]string{"train", "-w1", "5", "x.csv"}, "-class-weight 1=WEIGHT"},
		{[]string{"train", "-w-1", "5", "x.csv"}, "-class-weight -1=WEIGHT"},
		{[]string{"train", "-wokers", "2", "x.csv"}, "did you mean -workers?"},
		{[]string{"info", "-v", "m.json"}, ""},
		{[]string{"train", "-max-term", "5", "x.csv"}, "did you mean -max-terms?"},
		{[]string{"predict", "-probas", "m.json", "x.csv"}, "did you mean -proba?"},
		{[]string{"train", "-x", "1", "x.csv"}, ""},
		{[]string{"serve", "-port", "80"}, "-addr :PORT"},
		{[]string{"train", "-completely-unknown", "x.csv"}, ""},
	} {
		code, _, errOut := runCLI(tc.args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != 2 || !strings.Contains(lines[0], "flag provided but not defined") {
			t.Errorf("%v: exit %d: %s", tc.args, code, errOut)
			continue
		}
		switch {
		case tc.hint == "" && len(lines) != 2:
			t.Errorf("%v: a hint where none fits:\n%s", tc.args, errOut)
		case tc.hint != "" && (len(lines) != 3 || !strings.Contains(lines[1], tc.hint)):
			t.Errorf("%v: want the hint %q:\n%s", tc.args, tc.hint, errOut)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"max-term", "max-terms", 1}, {"kernal", "kernel", 1}, {"abc", "", 3}, {"flaw", "lawn", 2}} {
		if d := editDistance(tc.a, tc.b); d != tc.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
}

// eval -importance ranks the inputs by the rise of the test error when each is shuffled.
func TestEvalImportance(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(9, 10))
	write := func(name string, n int) string {
		var b strings.Builder
		b.WriteString("age,noise,bp,label\n")
		for range n {
			a, z, p := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
			l := "no"
			if a+0.4*p+0.3*rng.NormFloat64() > 0 {
				l = "yes"
			}
			fmt.Fprintf(&b, "%.3f,%.3f,%.3f,%s\n", a, z, p, l)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	train, test := write("train.csv", 300), write("test.csv", 200)
	code, out, errOut := runCLI("eval", "-importance", train, test)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, table, ok := strings.Cut(out, "permutation importance (the rise of the test error, in percentage points,")
	lines := strings.Split(strings.TrimSpace(table), "\n")
	if !ok || len(lines) != 4 || !strings.Contains(lines[1], "(age)") || !strings.Contains(lines[2], "(bp)") || !strings.Contains(lines[3], "(noise)") {
		t.Errorf("want age, bp, noise in that order:\n%s", out)
	}
	if code, _, errOut := runCLI("eval", "-importance", "-cv", "3", train); code != 2 || !strings.Contains(errOut, "-importance needs a test file") {
		t.Errorf("-importance with -cv: exit %d: %s", code, errOut)
	}
}

// A regressor's LIBSVM test file whose labels are one value throughout holds placeholders: predict
// notes them and reports no MSE.
func TestPredictRegressionPlaceholders(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(11, 12))
	var train, test strings.Builder
	for range 150 {
		x0, x1 := 4*rng.Float64()-2, 4*rng.Float64()-2
		fmt.Fprintf(&train, "%v 1:%v 2:%v\n", x0*x0+x1, x0, x1)
		fmt.Fprintf(&test, "0 1:%v 2:%v\n", x0, x1)
	}
	trainPath, testPath, modelPath := filepath.Join(dir, "tr.libsvm"), filepath.Join(dir, "te.libsvm"), filepath.Join(dir, "m.json")
	os.WriteFile(trainPath, []byte(train.String()), 0o644)
	os.WriteFile(testPath, []byte(test.String()), 0o644)
	if code, _, errOut := runCLI("train", "-task", "regression", "-o", modelPath, trainPath); code != 0 {
		t.Fatalf("train: %s", errOut)
	}
	code, out, errOut := runCLI("predict", modelPath, testPath)
	if code != 0 || strings.Contains(errOut, "mean squared error") || !strings.Contains(errOut, "every label (the first field of every line) is 0, placeholders") ||
		len(strings.Fields(out)) != 150 {
		t.Errorf("exit %d, %d predictions: %s", code, len(strings.Fields(out)), errOut)
	}
	if code, _, errOut := runCLI("predict", modelPath, trainPath); code != 0 || !strings.Contains(errOut, "mean squared error = ") {
		t.Errorf("the training file: exit %d: %s", code, errOut)
	}
}

// A few regression targets apart from all the others get a warning naming their lines; a heavy
// tail, which reaches out by steps, does not.
func TestOutlyingTargets(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(13, 14))
	write := func(name string, target func(i int, x float64) float64) string {
		var b strings.Builder
		b.WriteString("x,y\n")
		for i := range 200 {
			x := 2*rng.Float64() - 1
			fmt.Fprintf(&b, "%.4f,%v\n", x, target(i, x))
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	typo := write("typo.csv", func(i int, x float64) float64 {
		y := math.Sin(3*x) + 0.1*rng.NormFloat64()
		if i == 7 || i == 90 {
			y -= 50
		}
		return y
	})
	heavy := write("heavy.csv", func(i int, x float64) float64 { return math.Exp(x + 1.2*rng.NormFloat64()) })
	_, out, errOut := runCLI("train", "-quiet", "-o", filepath.Join(dir, "m.json"), typo)
	if !strings.Contains(errOut, "warning: "+typo+": 2 targets lie apart from the others") || !strings.Contains(errOut, "(line 9: ") || !strings.Contains(errOut, ", line 92: ") {
		t.Errorf("no warning naming lines 9 and 92:\n%s", errOut)
	}
	if !strings.Contains(out, "; Huber loss, the squared error's residuals being heavy-tailed") {
		t.Errorf("the default did not fit the Huber loss on the typos:\n%s", out)
	}
	if _, _, errOut := runCLI("train", "-quiet", "-o", filepath.Join(dir, "h.json"), heavy); strings.Contains(errOut, "apart from the others") {
		t.Errorf("a heavy tail taken for outliers:\n%s", errOut)
	}
	if strings.Contains(errOut, "-header yes") {
		t.Errorf("a header suggested for typos on later lines:\n%s", errOut)
	}
	// A first line of years naming the columns, read as data: its target is apart, and the
	// warning says how to read it as a header.
	years := filepath.Join(dir, "years.csv")
	var b strings.Builder
	b.WriteString("2019,2020,2022\n")
	for range 100 {
		fmt.Fprintf(&b, "%.4f,%.4f,%.4f\n", rng.NormFloat64(), rng.NormFloat64(), 0.5*rng.NormFloat64())
	}
	if err := os.WriteFile(years, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, errOut := runCLI("train", "-quiet", "-o", filepath.Join(dir, "y.json"), years); !strings.Contains(errOut, "(line 1: 2022)") ||
		!strings.Contains(errOut, "if line 1 names the columns (years, say), read it as a header with -header yes") {
		t.Errorf("no header hint for a first line of years:\n%s", errOut)
	}
}

// predict on a file whose label column lacks some labels predicts every row and scores the
// others, naming the lines left out; a classifier's class that looks like a missing marker is a
// label.
func TestPredictSomeLabels(t *testing.T) {
	dir := t.TempDir()
	train, test := filepath.Join(dir, "train.csv"), filepath.Join(dir, "test.csv")
	writeCSV(t, train, synth.Ripley(150, 1))
	writeCSV(t, test, synth.Ripley(20, 2))
	data, _ := os.ReadFile(test)
	lines := strings.Split(string(data), "\n")
	for _, i := range []int{3, 9} { // lines 4 and 10: no label
		lines[i] = lines[i][:strings.LastIndexByte(lines[i], ',')+1]
	}
	lines[5] = lines[5][:strings.LastIndexByte(lines[5], ',')+1] + "NA" // line 6
	some := filepath.Join(dir, "some.csv")
	os.WriteFile(some, []byte(strings.Join(lines, "\n")), 0o644)
	modelPath := filepath.Join(dir, "m.json")
	if code, _, errOut := runCLI("train", "-o", modelPath, train); code != 0 {
		t.Fatalf("train: %s", errOut)
	}
	code, out, errOut := runCLI("predict", modelPath, some)
	if code != 0 || len(strings.Fields(out)) != 20 || !strings.Contains(errOut, "3 rows have no label (lines 4, 6, 10): left out of the score, which is over the other 17") ||
		!regexp.MustCompile(`accuracy = [0-9.]+% \([0-9]+/17\)`).MatchString(errOut) {
		t.Errorf("exit %d, %d predictions:\n%s", code, len(strings.Fields(out)), errOut)
	}
	code, out, errOut = runCLI("eval", train, some)
	if code != 0 || !strings.Contains(errOut, "3 rows have no label (lines 4, 6, 10): left out of the score") || !strings.Contains(out, "on 17 rows") {
		t.Errorf("eval: exit %d:\n%s%s", code, out, errOut)
	}
}

// -seed takes decimal digits only: 010 is ten, not eight; 0x10, 1_000 and -1 are refused.
func TestSeedFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
		ok   bool
	}{{"010", 10, true}, {"18446744073709551615", math.MaxUint64, true}, {"0", 0, true},
		{"0x10", 0, false}, {"1_000", 0, false}, {"-1", 0, false}, {"+1", 0, false}, {"", 0, false}, {"18446744073709551616", 0, false}} {
		var s seedFlag
		err := s.Set(tc.in)
		if (err == nil) != tc.ok || tc.ok && uint64(s) != tc.want {
			t.Errorf("Set(%q) = %d, %v", tc.in, s, err)
		}
	}
}

// Flags that do nothing on the data given are said to: -clip on a classification, -zero-based on
// a CSV file.
func TestFlagsThatDoNothing(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "two.csv")
	writeCSV(t, data, synth.Ripley(80, 1))
	_, _, errOut := runCLI("train", "-quiet", "-clip", "range", "-zero-based", "-o", filepath.Join(dir, "m.json"), data)
	for _, want := range []string{"warning: -clip applies to a regressor's values; " + data + " is read as classification",
		"warning: -zero-based applies to LIBSVM files; " + data + " is read as CSV"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("no %q in:\n%s", want, errOut)
		}
	}
}

// clipNote's wording for a prediction clipped at the training range by a model with a linear
// trend that does not carry that row beyond it, and by one without a trend.
func TestClipNoteWording(t *testing.T) {
	m := &model.Model{Task: model.Regression, Inputs: 1, Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes:   []model.Node{{Kind: model.NodeLinear, Centre: []float64{1}}, {Centre: []float64{0}, Width: []float64{0.1}}},
		Weights: [][]float64{{0.1, 5}}, Bias: []float64{0}, Range: []float64{0, 1}, Trend: []float64{-1, 1}, Kernel: model.KernelGaussian}
	X, f := [][]float64{{0}}, [][]float64{{1}} // the Gaussian's 5 clipped to 1, the trend at 0
	if got := clipNote(m, X, f); !strings.Contains(got, "only along its linear trend, which does not carry these rows further") {
		t.Errorf("with a trend: %q", got)
	}
	m.Trend = nil
	if got := clipNote(m, X, f); !strings.Contains(got, "(the model does not extrapolate beyond it)") {
		t.Errorf("without a trend: %q", got)
	}
}
