package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/synth"
)

// exportSetup trains a model on generated data and returns the directory, the model file,
// the unlabelled test rows (CSV) and predict's "label,decision" lines for them.
func exportSetup(t *testing.T) (dir, modelPath string, rows []byte, want []string) {
	t.Helper()
	dir = t.TempDir()
	train, test := filepath.Join(dir, "train.csv"), filepath.Join(dir, "test.csv")
	var b bytes.Buffer
	for _, f := range []struct {
		path string
		s    synth.Set
	}{{train, synth.Ripley(150, 1)}, {test, synth.Ripley(100, 2)}} {
		b.Reset()
		b.WriteString("x1,x2,class\n")
		for i, x := range f.s.X {
			fmt.Fprintf(&b, "%s,%s,%s\n", strconv.FormatFloat(x[0], 'g', -1, 64), strconv.FormatFloat(x[1], 'g', -1, 64),
				map[bool]string{true: "b", false: "a"}[f.s.Y[i] > 0])
		}
		if err := os.WriteFile(f.path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The test rows without the label, for the drivers.
	rows = regexp.MustCompile(`,[ab]\n`).ReplaceAll(bytes.TrimPrefix(b.Bytes(), []byte("x1,x2,class\n")), []byte("\n"))
	modelPath = filepath.Join(dir, "ripley.model.json")
	if code, _, errOut := runCLI("train", "-o", modelPath, train); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCLI("predict", "-decision", modelPath, test)
	if code != 0 {
		t.Fatalf("predict: exit %d: %s", code, errOut)
	}
	return dir, modelPath, rows, strings.Split(strings.TrimSpace(out), "\n")[1:] // after the header
}

func TestExportErrors(t *testing.T) {
	dir, modelPath, _, _ := exportSetup(t)
	before, _ := os.ReadFile(modelPath)
	missing := filepath.Join(dir, "missing.json")
	notModel := filepath.Join(dir, "train.csv")
	for _, c := range []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"export"}, 2, "want one model file"},
		{[]string{"export", "-lang", "rust", modelPath}, 2, `-lang "rust"`},
		{[]string{"export", modelPath, "-lang", "c"}, 2, "flags go first"},
		{[]string{"export", "-o", modelPath, modelPath}, 1, "overwrite the model file"},
		{[]string{"export", "-o", filepath.Join(dir, ".", "ripley.model.json"), modelPath}, 1, "overwrite"},
		{[]string{"export", "-lang", "go", "-float", modelPath}, 2, "-float is for C"},
		{[]string{"export", "-package", "heart", modelPath}, 2, "-package is for Go"},
		{[]string{"export", "-lang", "go", "-package", "func", modelPath}, 2, "keyword"},
		{[]string{"export", "-name", "9lives", modelPath}, 2, "-name"},
		{[]string{"export", "-lang", "rust", modelPath}, 2, "want c, go, python or js"},
		{[]string{"export", "-lang", "python", "-float", modelPath}, 2, "-float is for C"},
		{[]string{"export", "-lang", "python", "-package", "heart", modelPath}, 2, "-package is for Go"},
		{[]string{"export", "-o", filepath.Join(dir, "m.py"), "-float", modelPath}, 2, "-float is for C"},
		{[]string{"export", "-o", filepath.Join(dir, "m.py"), "-package", "heart", modelPath}, 2, "-package is for Go"},
		{[]string{"export", "-lang", "python", "-name", "class", modelPath}, 2, "-name: bad export option: name \"class\" is a Python keyword"},
		{[]string{"export", "-lang", "python", "-name", "a-b", modelPath}, 2, "-name"},
		{[]string{"export", "-lang", "js", "-float", modelPath}, 2, "-float is for C"},
		{[]string{"export", "-lang", "javascript", "-package", "heart", modelPath}, 2, "-package is for Go"},
		{[]string{"export", "-o", filepath.Join(dir, "m.mjs"), "-float", modelPath}, 2, "-float is for C"},
		{[]string{"export", "-o", filepath.Join(dir, "m.js"), "-package", "heart", modelPath}, 2, "-package is for Go"},
		{[]string{"export", "-lang", "js", "-name", "class", modelPath}, 2, "-name: bad export option: name \"class\" is a JavaScript reserved word"},
		{[]string{"export", "-o", filepath.Join(dir, "m.js"), "-name", "let", modelPath}, 2, "reserved word"},
		{[]string{"export", "-lang", "mjs", modelPath}, 2, `-lang "mjs"`},
		{[]string{"export", missing}, 1, missing},
		{[]string{"export", notModel}, 1, notModel},
		{[]string{"export", "-o", dir, modelPath}, 1, dir},
	} {
		code, _, errOut := runCLI(c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
	if after, _ := os.ReadFile(modelPath); !bytes.Equal(before, after) {
		t.Error("the model file changed")
	}
}

// TestExportSummary checks the line export prints on stdout: the language, the model and its
// size, counted in words ("1 node").
func TestExportSummary(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range 30 { // a line: one linear node
		fmt.Fprintf(&b, "%g,%g\n", float64(i)/10, float64(2*i)/10+float64((i*7)%5-2)/20)
	}
	data, modelPath := filepath.Join(dir, "line.csv"), filepath.Join(dir, "line.model.json")
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI("train", "-o", modelPath, data); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errOut)
	}
	for _, c := range []struct{ lang, file, want string }{
		{"python", "line.py", "Python export of %s (1 node) written to %s\n"},
		{"c", "line.c", "C export of %s (1 node) written to %s\n"},
	} {
		out := filepath.Join(dir, c.file)
		code, stdout, errOut := runCLI("export", "-lang", c.lang, "-o", out, modelPath)
		if want := fmt.Sprintf(c.want, modelPath, out); code != 0 || stdout != want {
			t.Errorf("%s: exit %d, stdout %q, want %q (stderr %q)", c.lang, code, stdout, want, errOut)
		}
	}
}

// TestExportRun exports a trained model to C, Go, Python and JavaScript, builds or runs each
// with a small driver, and checks that it predicts the test rows as the predict command does.
func TestExportRun(t *testing.T) {
	dir, modelPath, rows, want := exportSetup(t)
	check := func(t *testing.T, out string) {
		t.Helper()
		got := strings.Split(strings.TrimSpace(out), "\n")
		if len(got) != len(want) {
			t.Fatalf("%d lines for %d rows", len(got), len(want))
		}
		for i := range got {
			gl, gf, _ := strings.Cut(got[i], ",")
			wl, wf, _ := strings.Cut(want[i], ",")
			g, _ := strconv.ParseFloat(gf, 64)
			w, _ := strconv.ParseFloat(wf, 64)
			if gl != wl || math.Abs(g-w) > 1e-12*max(1, math.Abs(w)) {
				t.Fatalf("row %d: %q, want %q", i+1, got[i], want[i])
			}
		}
	}
	run := func(t *testing.T, dir string, stdin []byte, env []string, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Stdin, cmd.Env = dir, bytes.NewReader(stdin), append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			var stderr []byte
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = ee.Stderr
			}
			t.Fatalf("%s %q: %v\n%s", name, args, err, stderr)
		}
		return string(out)
	}

	t.Run("c", func(t *testing.T) {
		cc, err := exec.LookPath("cc")
		if err != nil {
			t.Skip("no C compiler (cc) found")
		}
		code, out, errOut := runCLI("export", "-o", filepath.Join(dir, "ripley.c"), modelPath)
		if code != 0 || !strings.Contains(out, "written to") {
			t.Fatalf("export: exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		driver := `#include <stdio.h>
#include <stdlib.h>
#include "ripley.c"

int main(void)
{
    double x[RIPLEY_N_INPUTS], f[RIPLEY_N_OUTPUTS];

    while (scanf("%lf,%lf", &x[0], &x[1]) == 2) {
        if (ripley_decision(x, f) != 0)
            return 1;
        printf("%s,%.17g\n", ripley_label(ripley_predict(x)), f[0]);
    }
    return 0;
}
`
		if err := os.WriteFile(filepath.Join(dir, "main.c"), []byte(driver), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, dir, nil, nil, cc, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", "-o", "driver_c", "main.c", "-lm")
		check(t, run(t, dir, rows, nil, filepath.Join(dir, "driver_c")))
	})

	t.Run("go", func(t *testing.T) {
		goTool, err := exec.LookPath("go")
		if err != nil {
			t.Skip("no go command in PATH")
		}
		mod := filepath.Join(dir, "mod")
		if err := os.MkdirAll(filepath.Join(mod, "ripley"), 0o755); err != nil {
			t.Fatal(err)
		}
		// The language from the -o extension; the package from the model file name.
		code, out, errOut := runCLI("export", "-o", filepath.Join(mod, "ripley", "ripley.go"), modelPath)
		if code != 0 {
			t.Fatalf("export: exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		driver := `package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"exportcheck/ripley"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		var x []float64
		for _, s := range strings.Split(sc.Text(), ",") {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				panic(err)
			}
			x = append(x, v)
		}
		f, err := ripley.RipleyDecision(x)
		if err != nil {
			panic(err)
		}
		c, _ := ripley.RipleyPredict(x)
		fmt.Printf("%s,%s\n", ripley.RipleyLabel(c), strconv.FormatFloat(f[0], 'g', -1, 64))
	}
}
`
		for name, data := range map[string]string{"go.mod": "module exportcheck\n\ngo 1.21\n", "main.go": driver} {
			if err := os.WriteFile(filepath.Join(mod, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		env := []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local", "CGO_ENABLED=0"}
		run(t, mod, nil, env, goTool, "build", "-o", "driver_go", ".")
		check(t, run(t, mod, rows, nil, filepath.Join(mod, "driver_go")))
	})

	t.Run("python", func(t *testing.T) {
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Skip("no python3 in PATH")
		}
		// The language from the .py extension; the name from the model file name.
		code, out, errOut := runCLI("export", "-o", filepath.Join(dir, "ripley.py"), modelPath)
		if code != 0 || !strings.Contains(out, "Python export of") {
			t.Fatalf("export: exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		driver := `import sys
import ripley

for line in sys.stdin:
    x = [float(s) for s in line.split(",")]
    f = ripley.ripley_decision(x)
    print("%s,%r" % (ripley.ripley_label(ripley.ripley_predict(x)), f[0]))
`
		if err := os.WriteFile(filepath.Join(dir, "driver.py"), []byte(driver), 0o644); err != nil {
			t.Fatal(err)
		}
		check(t, run(t, dir, rows, nil, py, "-W", "error", "-B", "driver.py"))
	})

	t.Run("js", func(t *testing.T) {
		node, err := exec.LookPath("node")
		if err != nil {
			t.Skip("no node in PATH")
		}
		// The language from the .mjs extension; the name from the model file name.
		code, out, errOut := runCLI("export", "-o", filepath.Join(dir, "ripley.mjs"), modelPath)
		if code != 0 || !strings.Contains(out, "JavaScript export of") {
			t.Fatalf("export: exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		driver := `import { readFileSync } from "node:fs";
import * as ripley from "./ripley.mjs";

for (const line of readFileSync(0, "utf8").split("\n")) {
  if (line === "") {
    continue;
  }
  const x = line.split(",").map(Number);
  const f = ripley.ripley_decision(x);
  console.log(ripley.ripley_label(ripley.ripley_predict(x)) + "," + f[0]);
}
`
		if err := os.WriteFile(filepath.Join(dir, "driver.mjs"), []byte(driver), 0o644); err != nil {
			t.Fatal(err)
		}
		check(t, run(t, dir, rows, nil, node, "driver.mjs"))
	})

	t.Run("stdout", func(t *testing.T) {
		code, out, errOut := runCLI("export", "-lang", "go", "-name", "heart", "-package", "models", modelPath)
		if code != 0 || errOut != "" {
			t.Fatalf("export: exit %d, stderr %q", code, errOut)
		}
		f, err := parser.ParseFile(token.NewFileSet(), "heart.go", out, 0)
		if err != nil || f.Name.Name != "models" || !strings.Contains(out, "func HeartPredict(") {
			t.Fatalf("Go export to stdout: %v\n%s", err, out)
		}
		code, out, _ = runCLI("export", "-float", modelPath)
		if code != 0 || !strings.Contains(out, "float ripley_") || !strings.Contains(out, "int ripley_predict(const float x[RIPLEY_N_INPUTS])") {
			t.Fatalf("float C export to stdout: exit %d\n%s", code, out)
		}
		code, out, _ = runCLI("export", "-lang", "Python", "-name", "heart", modelPath)
		if code != 0 || !strings.HasPrefix(out, `r"""heart: sparsekernel model, exported to Python.`) || !strings.Contains(out, "\ndef heart_predict(x):\n") {
			t.Fatalf("Python export to stdout: exit %d\n%s", code, out)
		}
		for _, args := range [][]string{{"-lang", "js"}, {"-lang", "JavaScript"}, {"-o", filepath.Join(dir, "heart.js")}} {
			code, out, errOut = runCLI(append(append([]string{"export"}, args...), "-name", "heart", modelPath)...)
			if strings.HasPrefix(args[0], "-o") {
				data, _ := os.ReadFile(args[1])
				out = string(data)
			}
			if code != 0 || !strings.HasPrefix(out, "// heart: sparsekernel model, exported to JavaScript.") || !strings.Contains(out, "\nexport function heart_predict(x) {\n") {
				t.Fatalf("JavaScript export %q: exit %d, stderr %q\n%s", args, code, errOut, out)
			}
		}
		// A model file named by a Python keyword: the derived name is led by model_.
		data, err := os.ReadFile(modelPath)
		if err != nil {
			t.Fatal(err)
		}
		keyword := filepath.Join(dir, "class.model.json")
		if err := os.WriteFile(keyword, data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut = runCLI("export", "-lang", "python", keyword)
		if code != 0 || !strings.Contains(out, "\ndef model_class_predict(x):\n") {
			t.Fatalf("Python export of class.model.json: exit %d, stderr %q\n%s", code, errOut, out)
		}
		code, out, errOut = runCLI("export", "-lang", "js", keyword)
		if code != 0 || !strings.Contains(out, "\nexport function model_class_predict(x) {\n") {
			t.Fatalf("JavaScript export of class.model.json: exit %d, stderr %q\n%s", code, errOut, out)
		}
		code, out, _ = runCLI("export", keyword)
		if code != 0 || !strings.Contains(out, "int class_predict(") {
			t.Fatalf("C export of class.model.json: exit %d\n%s", code, out)
		}
	})
}
