package export_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/model"
)

// python returns the Python 3 interpreter to use ($PYTHON, or python3 on PATH), or skips the
// test.
func python(t *testing.T) string {
	t.Helper()
	return lookTool(t, "no python3 in PATH (set PYTHON to use another interpreter)", os.Getenv("PYTHON"), "python3")
}

// pyFlags run the drivers: warnings are errors (an invalid escape sequence, a deprecation),
// no bytecode is written, and the environment does not change the interpreter's behaviour.
var pyFlags = []string{"-W", "error", "-B", "-E"}

// pyDriver imports the exported module named by its first argument and prints each stdin
// row's results as the C and Go drivers do (parseResults), checking the types the functions
// return. A second argument, fill, says that the model fills missing inputs: the driver then
// passes some of the NaN inputs as None (those of odd row plus column). A file
// name.categories.json (writeCategories) gives the model's categories: the driver then checks
// NAME_CATEGORIES against them, and passes some categorical inputs by name (those of even row
// plus column; unknownCategory for -1).
const pyDriver = `import importlib
import json
import math
import os
import sys

name = sys.argv[1]
mod = importlib.import_module(name)
fill = sys.argv[2:] == ["fill"]
cats = None
if os.path.exists(name + ".categories.json"):
    with open(name + ".categories.json", encoding="utf-8") as file:
        cats = json.load(file)
    got = getattr(mod, name.upper() + "_CATEGORIES")
    assert type(got) is tuple and all(c is None or type(c) is tuple for c in got), got
    assert [None if c is None else list(c) for c in got] == cats, got


def named(names, v):
    if names is None or not math.isfinite(v) or not v.is_integer() or not -1 <= v < len(names):
        return v
    return names[int(v)] if v >= 0 else "` + unknownCategory + `"


def fn(s):
    return getattr(mod, name + "_" + s, None)


decision, predict, label, proba, value = fn("decision"), fn("predict"), fn("label"), fn("proba"), fn("value")
K = getattr(mod, name.upper() + "_N_OUTPUTS")
C = getattr(mod, name.upper() + "_N_CLASSES", 0)
for s in mod.__all__:
    getattr(mod, s)


def call(f, x):
    try:
        return 0, f(x)
    except ValueError:
        return -1, None
    except OverflowError:
        return -2, None


def floats(vs, n):
    assert type(vs) is list and len(vs) == n and all(type(v) is float for v in vs), vs
    return [repr(v) for v in vs]


out = sys.stdout.buffer
for r, line in enumerate(sys.stdin):
    x = [float(s) for s in line.split()]
    if fill:
        x = [None if math.isnan(v) and (r + j) % 2 else v for j, v in enumerate(x)]
    if cats is not None:
        x = [named(cats[j], v) if v is not None and (r + j) % 2 == 0 else v for j, v in enumerate(x)]
    st, f = call(decision, x)
    fields = [str(st)] + (floats(f, K) if st == 0 else ["0"] * K)
    if value is not None:
        st, v = call(value, x)
        assert st != 0 or type(v) is float
        fields.append(repr(v) if st == 0 else "nan")
        out.write((" ".join(fields) + "\n").encode())
        continue
    st, c = call(predict, x)
    assert st != 0 or type(c) is int and 0 <= c < C
    if st != 0:
        c = -1
    fields.append(str(c))
    if proba is not None:
        st, p = call(proba, x)
        fields.append(str(st))
        fields += floats(p, C) if st == 0 else ["0"] * C
    text = label(c) if c >= 0 else "(null)"
    out.write((" ".join(fields) + "\t" + text + "\n").encode("utf-8"))
`

// TestPython exports every test model to Python, runs each module with a driver on the test
// rows and compares with the model, within the C export's tolerance.
func TestPython(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "driver.py"), []byte(pyDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range testCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src, err := export.Generate(tc.m, export.Options{Lang: export.Python, Name: tc.name, Source: tc.name + ".model.json"})
			if err != nil {
				t.Fatal(err)
			}
			checkPythonSource(t, tc.m, "", src)
			if err := os.WriteFile(filepath.Join(dir, tc.name+".py"), src, 0o644); err != nil {
				t.Fatal(err)
			}
			writeCategories(t, dir, tc)
			out := runCmd(t, dir, rowsText(tc.rows), nil, py, append(pyFlags, driverArgs("driver.py", tc)...)...)
			got, err := parseResults(tc.m, out)
			if err != nil {
				t.Fatal(err)
			}
			compare(t, tc, got, 1e-12)
		})
	}
}

// pyDocEnd returns the index of the quotes that end the raw docstring at the start of a
// Python export (r"""), read as Python reads it: in a raw string a backslash keeps the next
// character from ending it; -1 if there is none.
func pyDocEnd(src []byte) int {
	if !bytes.HasPrefix(src, []byte(`r"""`)) {
		return -1
	}
	for i := 4; i < len(src); i++ {
		switch {
		case src[i] == '\\':
			i++
		case bytes.HasPrefix(src[i:], []byte(`"""`)):
			return i
		}
	}
	return -1
}

// pyUnquote decodes the double-quoted Python string literal at the start of s, of the escapes
// the export writes (\\ \" \' \n \r \t \xhh \uhhhh \Uhhhhhhhh) and printable ASCII, and
// returns it and the rest of s.
func pyUnquote(s string) (string, string, error) {
	if s == "" || s[0] != '"' {
		return "", s, fmt.Errorf("no string literal at %.20q", s)
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), s[i+1:], nil
		case c < ' ' || c > '~':
			return "", s, fmt.Errorf("byte %#x in a literal", c)
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(s) {
			break
		}
		i++
		digits := 0
		switch s[i] {
		case '\\', '"', '\'':
			b.WriteByte(s[i])
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'x':
			digits = 2
		case 'u':
			digits = 4
		case 'U':
			digits = 8
		default:
			return "", s, fmt.Errorf("escape \\%c", s[i])
		}
		if digits > 0 {
			if i+digits >= len(s) {
				return "", s, errors.New("short escape")
			}
			v, err := strconv.ParseUint(s[i+1:i+1+digits], 16, 32)
			if err != nil || v > utf8.MaxRune || 0xd800 <= v && v < 0xe000 {
				return "", s, fmt.Errorf("escape %q", s[i-1:i+1+digits])
			}
			b.WriteRune(rune(v))
			i += digits
		}
	}
	return "", s, errors.New("unterminated literal")
}

// pyStrings decodes the tuple of string literals assigned to name in a Python export
// (name = ("a", "b") on one line or one a line); nil for name = None.
func pyStrings(src, name string) ([]string, error) {
	_, rest, ok := strings.Cut(src, "\n"+name+" = ")
	if !ok {
		return nil, fmt.Errorf("no %s", name)
	}
	if strings.HasPrefix(rest, "None\n") {
		return nil, nil
	}
	if rest == "" || rest[0] != '(' {
		return nil, fmt.Errorf("%s is not a tuple", name)
	}
	out, err := stringList(rest[1:], ")", pyUnquote)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// checkPythonSource checks, without Python, what the tests of a Python export can check in
// Go: printable ASCII only; a header docstring that ends where the module's code begins; the
// labels and feature names, decoded, those of the model. prefix is the export's name in upper
// case (with its underscore), "" for the test cases' own name.
func checkPythonSource(t *testing.T, m *model.Model, prefix string, src []byte) {
	t.Helper()
	for i, c := range src {
		if (c < ' ' || c > '~') && c != '\n' {
			t.Fatalf("byte %d of the export is %#x, not printable ASCII", i, c)
		}
	}
	end := pyDocEnd(src)
	if end < 0 || !bytes.HasPrefix(src[end:], []byte("\"\"\"\n\nimport math\n\n__all__ = [\n")) {
		t.Fatalf("the header docstring ends early:\n%s", src[:max(end, 0)])
	}
	if prefix == "" {
		_, rest, _ := strings.Cut(string(src[end:]), "\n\n__all__ = [\n    \"")
		prefix, _, _ = strings.Cut(rest, "N_INPUTS")
	}
	checkNames(t, m, string(src), prefix, pyStrings)
}

// hostile returns a calibrated classifier whose class names, feature names and training text
// hold quotes, backslashes, newlines, control characters and characters beyond ASCII.
func hostile(t testing.TB) *model.Model {
	classes := []string{`"`, `\`, `"""`, `'''`, "a\nb", "\r\n", "tab\there", "nul\x00", "é", "日本", "😀", "\u2028",
		"\x7f", `\N{DASH}`, "{0}%s", `\"`, `trailing\`, `ends"`, ""}
	m := randomModel(t, 90, 5, 4, len(classes), false)
	m.Classes = classes
	m.Features = []string{`x"""`, `back\slash\`, "pétale\n", "r\"\"\"\\", "😀"}
	m.Method = `a"""b`
	m.Training.Chose = `c"""\`
	m.Training.LOOScope = `"`
	m.Calibration = &model.Calibration{Method: `""""""`}
	for c := range classes {
		a := make([]float64, len(classes))
		a[c] = 1
		m.Calibration.A = append(m.Calibration.A, a)
		m.Calibration.B = append(m.Calibration.B, 0)
	}
	return mustCheck(t, m)
}

// TestPythonEscape checks the string literals of a Python export: each class name is
// written as the expected literal, every name decodes to itself, and Python reads them so.
func TestPythonEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`plain`, `"plain"`},
		{`a"b`, `"a\"b"`},
		{`it's`, `"it\'s"`},
		{`back\slash`, `"back\\slash"`},
		{`"""`, `"\"\"\""`},
		{"line\nbreak", `"line\nbreak"`},
		{"cr\r", `"cr\r"`},
		{"tab\t", `"tab\t"`},
		{"nul\x00", `"nul\x00"`},
		{"bell\a del\x7f", `"bell\x07 del\x7f"`},
		{"pétale", `"p\xe9tale"`},
		{"€ \u2028", `"\u20ac \u2028"`},
		{"😀", `"\U0001f600"`},
		{`\N{DASH}`, `"\\N{DASH}"`},
		{"{0}%s", `"{0}%s"`},
	} {
		m := randomModel(t, 1, 2, 3, 1, false)
		m.Classes = []string{c.in, "other"}
		src, err := export.Generate(mustCheck(t, m), export.Options{Lang: export.Python, Name: "m"})
		if err != nil {
			t.Fatal(err)
		}
		if want := "\nM_LABELS = (" + c.want + `, "other")` + "\n"; !strings.Contains(string(src), want) {
			t.Errorf("%q: the export lacks %q", c.in, want)
		}
		checkPythonSource(t, m, "M_", src)
	}

	m := hostile(t)
	src, err := export.Generate(m, export.Options{Lang: export.Python, Name: "hostile", Source: `my "model".json`})
	if err != nil {
		t.Fatal(err)
	}
	checkPythonSource(t, m, "HOSTILE_", src)

	// What Python reads: the labels, the feature names, the docstring.
	py := python(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hostile.py"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	script := `import json, sys, hostile as h
json.dump({"labels": [h.hostile_label(c) for c in range(h.HOSTILE_N_CLASSES)], "tuple": list(h.HOSTILE_LABELS),
           "features": list(h.HOSTILE_FEATURES), "doc": h.__doc__}, sys.stdout)
`
	out := runCmd(t, dir, nil, nil, py, append(pyFlags, "-c", script)...)
	var got struct {
		Labels, Tuple, Features []string
		Doc                     string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !slices.Equal(got.Labels, m.Classes) || !slices.Equal(got.Tuple, m.Classes) {
		t.Errorf("Python reads the labels %q and %q, want %q", got.Labels, got.Tuple, m.Classes)
	}
	if !slices.Equal(got.Features, m.Features) {
		t.Errorf("Python reads the features %q, want %q", got.Features, m.Features)
	}
	for _, want := range []string{
		"hostile: sparsekernel model, exported to Python.\n",
		`Inputs, in order: x[0] 'x\"\"\"', x[1] 'back\\slash\\', x[2] 'p\xe9tale\n', x[3]`, `'r\"\"\"\\', x[4] '\U0001f600'.`,
		`Classes: 0 '\"', 1 '\\', 2 '\"\"\"', 3 '\'\'\'', 4 'a\nb', 5 '\r\n',`, `'\\N{DASH}', 14 '{0}%s', 15 '\\\"', 16 'trailing\\', 17 'ends\"', 18 ''.`,
		`method a\"\"\"b`, `Chose: 'c\"\"\"\\'.`, `Probabilities: calibration \"\"\"\"\"\".`, `(scope \")`,
		`from my \"model\".json.`,
		"\nprobability) that is not finite.\n",
	} {
		if !strings.Contains(got.Doc, want) {
			t.Errorf("the docstring lacks %q:\n%s", want, got.Doc)
		}
	}
}

// TestPythonNames checks the names of a Python export, and the options it refuses.
func TestPythonNames(t *testing.T) {
	m := randomModel(t, 1, 2, 3, 1, false)
	m.Classes = []string{"a", "b"}
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"heart", true}, {"Heart_2", true}, {"match", true}, {"type", true}, {"print", true}, {"func", true},
		{"class", false}, {"None", false}, {"True", false}, {"lambda", false}, {"import", false}, {"async", false},
		{"9lives", false}, {"a-b", false}, {"é", false}, {"_x", false}, {"a b", false},
		{"math", false}, {"sys", false}, {"time", false}, {"maths", true},
	} {
		err := export.ValidPythonName(c.name)
		_, genErr := export.Generate(m, export.Options{Lang: export.Python, Name: c.name})
		for _, e := range []error{err, genErr} {
			if (e == nil) != c.ok || e != nil && !errors.Is(e, export.ErrOption) {
				t.Errorf("name %q: %v, want ok %v", c.name, e, c.ok)
			}
		}
	}
	for _, opt := range []export.Options{
		{Lang: export.Python, Float: true},
		{Lang: export.Python, Package: "models"},
		{Lang: "py"},
	} {
		if _, err := export.Generate(m, opt); !errors.Is(err, export.ErrOption) {
			t.Errorf("%+v: error %v, want ErrOption", opt, err)
		}
	}
	// The default name, the names each kind of model declares, and the C names' spelling.
	r := randomModel(t, 1, 2, 3, 1, false)
	r.Task, r.Classes = model.Regression, nil
	cal := *m
	cal.Calibration = &model.Calibration{Method: "platt-loo", A: [][]float64{{0}, {1}}, B: []float64{0, 0}}
	for _, c := range []struct {
		m          *model.Model
		name       string
		want, lack []string
	}{
		{r, "", []string{"def model_value(x):\n", "def model_decision(x):\n", "MODEL_N_INPUTS = 2", "MODEL_N_OUTPUTS = 1",
			"MODEL_FEATURES = None\n"}, []string{"model_predict", "LABELS", "N_CLASSES"}},
		{m, "Heart", []string{"def Heart_predict(x):\n", "def Heart_label(c):\n", "HEART_N_CLASSES = 2\n",
			`HEART_LABELS = ("a", "b")`}, []string{"Heart_proba", "Heart_value"}},
		{&cal, "h", []string{"def h_proba(x):\n", `"h_proba",`}, nil},
	} {
		src, err := export.Generate(mustCheck(t, c.m), export.Options{Lang: export.Python, Name: c.name})
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, c.name, src, c.want, c.lack)
	}
}

// TestPythonErrors checks the exceptions of a Python export: ValueError naming the input for
// a wrong length, NaN, an infinity or an int beyond float range; OverflowError for weights
// that overflow; IndexError for a class out of range; TypeError for None where the model has
// no fill values, and, where it has them, None and NaN taken as missing but infinities refused;
// TypeError for text or bytes as the input (sequences, but not of values).
func TestPythonErrors(t *testing.T) {
	py := python(t)
	m := randomModel(t, 1, 2, 3, 1, false)
	m.Classes = []string{"a", "b"}
	mo := randomModel(t, 15, 1, 2, 1, false)
	mo.Task, mo.Classes = model.Regression, nil
	mo.Nodes[1].Centre[0] = mo.Nodes[0].Centre[0]
	mo.Weights[0] = []float64{1e308, 1e308}
	mf := *m
	withFill(&mf)
	dir := t.TempDir()
	for name, mm := range map[string]*model.Model{"two": m, "big": mo, "filled": &mf} {
		src, err := export.Generate(mustCheck(t, mm), export.Options{Lang: export.Python, Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".py"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script := `import math, two, big, filled
def show(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__ + ": " + str(e))
def kind(f, *args):
    try:
        f(*args)
    except Exception as e:
        print(type(e).__name__)
show(two.two_decision, [1.0])
show(two.two_decision, (1.0, 2.0, 3.0))
show(two.two_predict, [math.nan, 1.0])
show(two.two_predict, [0.0, -math.inf])
show(two.two_decision, [10 ** 400, 0])
show(two.two_label, 2)
show(two.two_label, -1)
show(two.two_predict, (1, 2))
show(big.big_value, [big._big_mean[0] + big._big_std[0] * big._big_centre[0][0]])
kind(two.two_predict, [None, 1.0])
print(filled.filled_decision([None, math.nan]) == filled.filled_decision(filled._filled_fill))
print(filled.filled_decision((1.5, None)) == filled.filled_decision([1.5, filled._filled_fill[1]]))
show(filled.filled_predict, [None, math.inf])
show(filled.filled_predict, [-math.inf, math.nan])
show(filled.filled_predict, [None])
kind(filled.filled_predict, ["", None])
show(two.two_decision, ["0.1", 1.0])
show(two.two_decision, [0.5, True])
show(two.two_decision, [[1.0], 1.0])
show(two.two_decision, "ab")
show(two.two_decision, b"ab")
`
	out := runCmd(t, dir, nil, nil, py, append(pyFlags, "-c", script)...)
	want := []string{
		"ValueError: two: the input has length 1, the model expects 2 values",
		"ValueError: two: the input has length 3, the model expects 2 values",
		"ValueError: two: input 1 is nan",
		"ValueError: two: input 2 is -inf",
		"ValueError: two: input 1 is beyond float range",
		"IndexError: two: class 2 is not 0 to 1",
		"IndexError: two: class -1 is not 0 to 1",
		"", // a class index (ints as inputs)
		"OverflowError: big: decision value 1 is inf (inputs or weights too large)",
		"ValueError", // (None, a missing value the model does not fill)
		"True",
		"True",
		"ValueError: filled: input 2 is inf",
		"ValueError: filled: input 1 is -inf",
		"ValueError: filled: the input has length 1, the model expects 2 values",
		"ValueError", // (float(""))
		"ValueError: two: input 1 is '0.1', not a number",
		"ValueError: two: input 2 is True, not a number",
		"ValueError: two: input 1 is [1.0], not a number",
		"TypeError: two: the input is str, not a sequence of values",
		"TypeError: two: the input is bytes, not a sequence of values",
	}
	checkLines(t, out, want)
}

// FuzzExportPython checks the Python export of every model file that loads (fuzzScript).
func FuzzExportPython(f *testing.F) { fuzzScript(f, export.Python, checkPythonSource) }

// Export a model to Python and list the functions the module defines.
func ExampleGenerate_python() {
	src, err := export.Generate(toy(), export.Options{Lang: export.Python, Name: "toy"})
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "def ") || strings.HasPrefix(line, "TOY_") {
			fmt.Println(line)
		}
	}
	// Output:
	// TOY_N_INPUTS = 1  # raw input values in x
	// TOY_N_OUTPUTS = 1  # decision values
	// TOY_N_NODES = 1  # basis functions
	// TOY_FEATURES = None
	// def _toy_number(j, v):
	// def _toy_inputs(x):
	// def toy_decision(x):
	// def toy_value(x):
}
