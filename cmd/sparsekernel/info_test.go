package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInfo(t *testing.T) {
	dir := t.TempDir()
	two, three := filepath.Join(dir, "two.json"), filepath.Join(dir, "three.json")
	for _, c := range []struct{ out, data string }{{two, "../../examples/ripley-train.csv"}, {three, "../../examples/iris.csv"}} {
		if code, _, errs := runCLI("train", "-quiet", "-o", c.out, c.data); code != 0 {
			t.Fatalf("train %s: %s", c.data, errs)
		}
	}
	code, out, errs := runCLI("info", two, three)
	if code != 0 || errs != "" {
		t.Fatalf("info: exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		two + ": model file format 3, written by sparsekernel ",
		"auto classification of 2 classes: 6 nodes, cross-validated error 8.40% (trivial rule 50.00%)\nchose: ",
		"classes: blue, orange\ninputs: 2 (x1, x2)\nnodes: 5 Gaussian (width 0.5, the variance along each standardised input), 1 linear\noutputs: 1; probabilities: platt-loo, folded into the outputs\ntrained on 250 rows with seed 1\n",
		"  *   13 nodes  8.40%\n",
		"\n\n" + three + ": model file format 3",
		"classes: setosa, versicolor, virginica\ninputs: 4 (sepal_length, sepal_width, petal_length, petal_width)\nnodes: 3 linear\noutputs: 3; probabilities: multinomial-cv",
		// no Gaussian node: the size selected is 0, at the class map's estimate
		"  *    0 nodes  4.00%\n       1 node   36.67%\n",
		"  (the size selected is below the size rule's, as a class map with terms of the inputs did as well with them out of fold: cross-validated error 4.00%)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("info lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " s\n") {
		t.Errorf("info prints a fit time, which a model file does not hold:\n%s", out)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "sparsekernel-model", "version": 99}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"info"}, 2, "want one model file or more"},
		{[]string{"info", two, bad}, 1, bad + ": model format version 99"},
		{[]string{"info", filepath.Join(dir, "none.json")}, 1, "none.json: no such file"},
		{[]string{"info", "-", "-"}, 2, "standard input"},
	} {
		code, out, errs := runCLI(tc.args...)
		if code != tc.code || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, no output, an error saying %s", tc.args, code, out, errs, tc.code, tc.want)
		}
	}
}

func TestShown(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"blue", "blue"},
		{"no thanks", "no thanks"},
		{"über 50", "über 50"},
		{"two\nlines", `"two\nlines"`},
		{"tab\there", `"tab\there"`},
		{"bell\a", `"bell\a"`},
	} {
		if got := shown(tc.name); got != tc.want {
			t.Errorf("shown(%q) = %s, want %s", tc.name, got, tc.want)
		}
	}
	if got := quoted([]string{"a", "b,c", " d", "e\nf", ""}); strings.Join(got, "|") != `a|"b,c"|" d"|"e\nf"|""` {
		t.Errorf("quoted: %q", got)
	}
}
