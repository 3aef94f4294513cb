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
	"unicode/utf16"

	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/model"
)

// node returns the Node.js binary to use ($NODE, or node or nodejs on PATH), or skips the
// test.
func node(t *testing.T) string {
	t.Helper()
	return lookTool(t, "no node in PATH (set NODE to use another binary)", os.Getenv("NODE"), "node", "nodejs")
}

// jsDriver imports the exported module named by its first argument (name.mjs, in the working
// directory) and prints each stdin row's results as the C and Go drivers do (parseResults),
// checking the types the functions return and the kinds of error they throw. A second
// argument, fill, says that the model fills missing inputs: the driver then passes some of
// the NaN inputs as null (those of odd row plus column). A file name.categories.json
// (writeCategories) gives the model's categories: the driver then checks NAME_CATEGORIES
// against them, and passes some categorical inputs by name (those of even row plus column;
// unknownCategory for -1).
const jsDriver = `import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { existsSync, readFileSync } from "node:fs";

const name = process.argv[2];
const fill = process.argv[3] === "fill";
const mod = await import(pathToFileURL(resolve(name + ".mjs")).href);
const catsFile = name + ".categories.json";
const cats = existsSync(catsFile) ? JSON.parse(readFileSync(catsFile, "utf8")) : null;
if (cats !== null) {
  const got = mod[name.toUpperCase() + "_CATEGORIES"];
  if (JSON.stringify(got) !== JSON.stringify(cats) || !Object.isFrozen(got) || !got.every((c) => c === null || Object.isFrozen(c))) {
    throw new Error("categories " + JSON.stringify(got));
  }
}
const named = (names, v) =>
  names === null || !Number.isInteger(v) || v < -1 || v >= names.length ? v : v >= 0 ? names[v] : "` + unknownCategory + `";
const fn = (s) => mod[name + "_" + s];
const decision = fn("decision"), predict = fn("predict"), label = fn("label"), proba = fn("proba"), value = fn("value");
const K = mod[name.toUpperCase() + "_N_OUTPUTS"];
const C = mod[name.toUpperCase() + "_N_CLASSES"] || 0;
for (const [k, v] of Object.entries(mod)) {
  if (v === undefined) {
    throw new Error("export " + k + " is undefined");
  }
}

function call(f, x) {
  try {
    return [0, f(x)];
  } catch (e) {
    if (e instanceof RangeError) {
      return [-1, null];
    }
    if (e.name === "OverflowError" && !(e instanceof RangeError) && !(e instanceof TypeError)) {
      return [-2, null];
    }
    throw e;
  }
}

function floats(vs, n) {
  if (!Array.isArray(vs) || vs.length !== n || !vs.every((v) => typeof v === "number")) {
    throw new Error("not an array of " + n + " numbers: " + vs);
  }
  return vs.map(String);
}

// num reads a number as Go writes it (+Inf, -Inf and NaN included).
function num(s) {
  if (s.endsWith("Inf")) {
    return s[0] === "-" ? -Infinity : Infinity;
  }
  return Number(s);
}

const out = [];
for await (const line of createInterface({ input: process.stdin })) {
  let x = line.trim().split(/\s+/).map(num);
  if (fill) {
    x = x.map((v, j) => (Number.isNaN(v) && (out.length + j) % 2 ? null : v));
  }
  if (cats !== null) {
    x = x.map((v, j) => ((out.length + j) % 2 === 0 ? named(cats[j], v) : v));
  }
  const [st, f] = call(decision, x);
  let fields = [String(st)].concat(st === 0 ? floats(f, K) : Array(K).fill("0"));
  if (value !== undefined) {
    const [vst, v] = call(value, x);
    if (vst === 0 && typeof v !== "number") {
      throw new Error("value " + v);
    }
    fields.push(vst === 0 ? String(v) : "NaN");
    out.push(fields.join(" ") + "\n");
    continue;
  }
  let [cst, c] = call(predict, x);
  if (cst === 0 && !(Number.isInteger(c) && 0 <= c && c < C)) {
    throw new Error("class " + c);
  }
  if (cst !== 0) {
    c = -1;
  }
  fields.push(String(c));
  if (proba !== undefined) {
    const [pst, p] = call(proba, x);
    fields.push(String(pst));
    fields = fields.concat(pst === 0 ? floats(p, C) : Array(C).fill("0"));
  }
  const text = c >= 0 ? label(c) : "(null)";
  if (typeof text !== "string") {
    throw new Error("label " + text);
  }
  out.push(fields.join(" ") + "\t" + text + "\n");
}
process.stdout.write(out.join(""));
`

// TestJS exports every test model to JavaScript, runs each module with a driver under Node.js
// on the test rows and compares with the model, within the C export's tolerance.
func TestJS(t *testing.T) {
	nodeJS := node(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "driver.mjs"), []byte(jsDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range testCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src, err := export.Generate(tc.m, export.Options{Lang: export.JS, Name: tc.name, Source: tc.name + ".model.json"})
			if err != nil {
				t.Fatal(err)
			}
			checkJSSource(t, tc.m, "", src)
			if err := os.WriteFile(filepath.Join(dir, tc.name+".mjs"), src, 0o644); err != nil {
				t.Fatal(err)
			}
			writeCategories(t, dir, tc)
			out := runCmd(t, dir, rowsText(tc.rows), nil, nodeJS, driverArgs("driver.mjs", tc)...)
			got, err := parseResults(tc.m, out)
			if err != nil {
				t.Fatal(err)
			}
			compare(t, tc, got, 1e-12)
		})
	}
}

// jsUnquote decodes the double-quoted JavaScript string literal at the start of s, of the
// escapes the export writes (\\ \" \n \r \t \xhh \uhhhh, a character beyond U+FFFF as a
// surrogate pair) and printable ASCII, and returns it and the rest of s.
func jsUnquote(s string) (string, string, error) {
	if s == "" || s[0] != '"' {
		return "", s, fmt.Errorf("no string literal at %.20q", s)
	}
	var units []uint16 // UTF-16, as JavaScript holds strings
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			r := utf16.Decode(units)
			if !slices.Equal(utf16.Encode(r), units) {
				return "", s, fmt.Errorf("a lone surrogate in %q", s[:i+1])
			}
			return string(r), s[i+1:], nil
		case c < ' ' || c > '~':
			return "", s, fmt.Errorf("byte %#x in a literal", c)
		case c != '\\':
			units = append(units, uint16(c))
			continue
		}
		if i+1 >= len(s) {
			break
		}
		i++
		digits := 0
		switch s[i] {
		case '\\', '"':
			units = append(units, uint16(s[i]))
		case 'n':
			units = append(units, '\n')
		case 'r':
			units = append(units, '\r')
		case 't':
			units = append(units, '\t')
		case 'x':
			digits = 2
		case 'u':
			digits = 4
		default:
			return "", s, fmt.Errorf("escape \\%c", s[i])
		}
		if digits > 0 {
			if i+digits >= len(s) {
				return "", s, errors.New("short escape")
			}
			v, err := strconv.ParseUint(s[i+1:i+1+digits], 16, 16)
			if err != nil {
				return "", s, fmt.Errorf("escape %q", s[i-1:i+1+digits])
			}
			units = append(units, uint16(v))
			i += digits
		}
	}
	return "", s, errors.New("unterminated literal")
}

// jsStrings decodes the frozen array of string literals exported as name in a JavaScript
// export (export const name = Object.freeze(["a", "b"]); on one line or one a line); nil for
// name = null.
func jsStrings(src, name string) ([]string, error) {
	_, rest, ok := strings.Cut(src, "\nexport const "+name+" = ")
	if !ok {
		return nil, fmt.Errorf("no %s", name)
	}
	if strings.HasPrefix(rest, "null;\n") {
		return nil, nil
	}
	rest, ok = strings.CutPrefix(rest, "Object.freeze([")
	if !ok {
		return nil, fmt.Errorf("%s is not a frozen array", name)
	}
	out, err := stringList(rest, "]);\n", jsUnquote)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// checkJSSource checks, without Node.js, what the tests of a JavaScript export can check in
// Go: printable ASCII only (so no line terminator but \n); a header of // comments that ends
// where the module's code begins; the labels and feature names, decoded, those of the model.
// prefix is the export's name in upper case (with its underscore), "" for the test cases' own
// name.
func checkJSSource(t *testing.T, m *model.Model, prefix string, src []byte) {
	t.Helper()
	for i, c := range src {
		if (c < ' ' || c > '~') && c != '\n' {
			t.Fatalf("byte %d of the export is %#x, not printable ASCII", i, c)
		}
	}
	header, code, ok := bytes.Cut(src, []byte("\n\n"))
	if !ok || !bytes.HasPrefix(code, []byte("export const ")) {
		t.Fatalf("no blank line between the header and the code:\n%s", src)
	}
	for _, l := range bytes.Split(header, []byte("\n")) {
		if !bytes.Equal(l, []byte("//")) && !bytes.HasPrefix(l, []byte("// ")) {
			t.Fatalf("header line %q is not a comment", l)
		}
	}
	if prefix == "" {
		prefix, _, _ = strings.Cut(strings.TrimPrefix(string(code), "export const "), "N_INPUTS")
	}
	checkNames(t, m, string(src), prefix, jsStrings)
}

// TestJSEscape checks the string literals of a JavaScript export: each class name is written
// as the expected literal, every name decodes to itself, the header quotes the model's text
// in comments, and Node.js reads the names so.
func TestJSEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`plain`, `"plain"`},
		{`a"b`, `"a\"b"`},
		{`it's`, `"it's"`},
		{`back\slash`, `"back\\slash"`},
		{"line\nbreak", `"line\nbreak"`},
		{"cr\r", `"cr\r"`},
		{"tab\t", `"tab\t"`},
		{"nul\x00", `"nul\x00"`},
		{"nul\x007", `"nul\x007"`},
		{"bell\a del\x7f", `"bell\x07 del\x7f"`},
		{"pétale", `"p\xe9tale"`},
		{"€ \u2028\u2029", `"\u20ac \u2028\u2029"`},
		{"😀", `"\ud83d\ude00"`},
		{"${x} `y` </script>", "\"${x} `y` \\x3c/script>\""},
		{"{0}%s", `"{0}%s"`},
	} {
		m := randomModel(t, 1, 2, 3, 1, false)
		m.Classes = []string{c.in, "other"}
		src, err := export.Generate(mustCheck(t, m), export.Options{Lang: export.JS, Name: "m"})
		if err != nil {
			t.Fatal(err)
		}
		if want := "\nexport const M_LABELS = Object.freeze([" + c.want + `, "other"]);` + "\n"; !strings.Contains(string(src), want) {
			t.Errorf("%q: the export lacks %q", c.in, want)
		}
		checkJSSource(t, m, "M_", src)
	}

	m := hostile(t)
	src, err := export.Generate(m, export.Options{Lang: export.JS, Name: "hostile", Source: `my "model".json`})
	if err != nil {
		t.Fatal(err)
	}
	checkJSSource(t, m, "HOSTILE_", src)
	inline := hostile(t) // text that would end an inline <script> element, in every field
	inline.Classes[0], inline.Training.Chose, inline.Method = "</script><script>alert(1)</script>", "ok </SCRIPT >", "</script"
	isrc, err := export.Generate(inline, export.Options{Lang: export.JS, Name: "inline", Source: "</script>.json"})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"</", "<!--"} { // (an inline <script> would end there, or not where it should)
		if i := strings.Index(string(isrc), bad); i >= 0 {
			t.Errorf("the module holds %q: %q", bad, isrc[max(0, i-40):min(len(isrc), i+40)])
		}
	}
	checkJSSource(t, inline, "INLINE_", isrc)
	for _, want := range []string{
		"// hostile: sparsekernel model, exported to JavaScript.\n",
		`Inputs, in order: x[0] "x\"\"\"", x[1] "back\\slash\\", x[2] "p\xe9tale\n", x[3]`, `"r\"\"\"\\", x[4] "\ud83d\ude00".`,
		`Classes: 0 "\"", 1 "\\", 2 "\"\"\"", 3 "'''", 4 "a\nb", 5 "\r\n",`, `"\\N{DASH}", 14 "{0}%s", 15 "\\\"", 16 "trailing\\", 17 "ends\"", 18 "".`,
		`method a"""b,`, `Chose: "c\"\"\"\\".`, `Probabilities: calibration """""".`, `(scope ")`,
		`from my "model".json.`,
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the header lacks %q", want)
		}
	}

	// What Node.js reads: the labels and the feature names.
	nodeJS := node(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hostile.mjs"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	script := `import * as h from "./hostile.mjs";
const labels = [];
for (let c = 0; c < h.HOSTILE_N_CLASSES; c++) labels.push(h.hostile_label(c));
if (!Object.isFrozen(h.HOSTILE_LABELS) || !Object.isFrozen(h.HOSTILE_FEATURES)) throw new Error("not frozen");
process.stdout.write(JSON.stringify({labels: labels, array: h.HOSTILE_LABELS, features: h.HOSTILE_FEATURES}));
`
	if err := os.WriteFile(filepath.Join(dir, "read.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runCmd(t, dir, nil, nil, nodeJS, "read.mjs")
	var got struct{ Labels, Array, Features []string }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !slices.Equal(got.Labels, m.Classes) || !slices.Equal(got.Array, m.Classes) {
		t.Errorf("Node.js reads the labels %q and %q, want %q", got.Labels, got.Array, m.Classes)
	}
	if !slices.Equal(got.Features, m.Features) {
		t.Errorf("Node.js reads the features %q, want %q", got.Features, m.Features)
	}
}

// TestJSNames checks the names of a JavaScript export, the options it refuses, and, with
// Node.js, that the names ValidJSName accepts can bind in a module and those it refuses cannot.
func TestJSNames(t *testing.T) {
	m := randomModel(t, 1, 2, 3, 1, false)
	m.Classes = []string{"a", "b"}
	reserved := []string{"await", "break", "case", "catch", "class", "const", "continue", "debugger",
		"default", "delete", "do", "else", "enum", "export", "extends", "false", "finally", "for", "function",
		"if", "implements", "import", "in", "instanceof", "interface", "let", "new", "null", "package",
		"private", "protected", "public", "return", "static", "super", "switch", "this", "throw", "true",
		"try", "typeof", "var", "void", "while", "with", "yield", "eval", "arguments"}
	bindable := []string{"heart", "Heart_2", "async", "of", "get", "set", "from", "as", "target", "meta",
		"undefined", "NaN", "Infinity", "Math", "Object", "None", "match", "type", "print", "func", "lambda", "def"}
	type nameCase struct {
		name string
		ok   bool
	}
	var cases []nameCase
	for _, s := range bindable {
		cases = append(cases, nameCase{s, true})
	}
	for _, s := range reserved {
		cases = append(cases, nameCase{s, false})
	}
	for _, s := range []string{"9lives", "a-b", "é", "_x", "a b", "$x", ""} {
		cases = append(cases, nameCase{s, false})
	}
	for _, c := range cases {
		err := export.ValidJSName(c.name)
		_, genErr := export.Generate(m, export.Options{Lang: export.JS, Name: c.name})
		if c.name == "" { // Generate's default name
			genErr = export.ValidJSName("")
		}
		for _, e := range []error{err, genErr} {
			if (e == nil) != c.ok || e != nil && !errors.Is(e, export.ErrOption) {
				t.Errorf("name %q: %v, want ok %v", c.name, e, c.ok)
			}
		}
	}
	for _, opt := range []export.Options{
		{Lang: export.JS, Float: true},
		{Lang: export.JS, Package: "models"},
		{Lang: "javascript"},
		{Lang: "mjs"},
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
		{r, "", []string{"export function model_value(x) {\n", "export function model_decision(x) {\n",
			"export const MODEL_N_INPUTS = 2;", "export const MODEL_N_OUTPUTS = 1;", "export const MODEL_FEATURES = null;\n"},
			[]string{"model_predict", "LABELS", "N_CLASSES"}},
		{m, "Heart", []string{"export function Heart_predict(x) {\n", "export function Heart_label(c) {\n",
			"export const HEART_N_CLASSES = 2;\n", `export const HEART_LABELS = Object.freeze(["a", "b"]);`},
			[]string{"Heart_proba", "Heart_value"}},
		{&cal, "h", []string{"export function h_proba(x) {\n"}, nil},
	} {
		src, err := export.Generate(mustCheck(t, c.m), export.Options{Lang: export.JS, Name: c.name})
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, c.name, src, c.want, c.lack)
	}

	// Node.js: each name binds in module code (import * as name binds as const does) or
	// is a syntax error.
	nodeJS := node(t)
	script := `const names = JSON.parse(process.argv[2]);
const out = [];
for (const name of names) {
  try {
    await import("data:text/javascript," + encodeURIComponent("const " + name + " = 1; export default " + name + ";"));
    out.push(name + " ok");
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    out.push(name + " refused");
  }
}
process.stdout.write(out.join("\n") + "\n");
`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bind.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	names, _ := json.Marshal(append(slices.Clone(bindable), reserved...))
	out := runCmd(t, dir, nil, nil, nodeJS, "bind.mjs", string(names))
	var want strings.Builder
	for _, s := range bindable {
		want.WriteString(s + " ok\n")
	}
	for _, s := range reserved {
		want.WriteString(s + " refused\n")
	}
	if out != want.String() {
		t.Errorf("Node.js binds:\n%s\nwant:\n%s", out, want.String())
	}
}

// TestJSErrors checks the errors a JavaScript export throws: RangeError naming the input for
// a wrong length, NaN, an infinity or a BigInt beyond the range of a number; TypeError for an
// input that is not an array of numbers; an Error named OverflowError for weights that
// overflow; RangeError for a class out of range; and, where the model has fill values, null and
// NaN taken as missing but infinities refused and undefined still a TypeError.
func TestJSErrors(t *testing.T) {
	nodeJS := node(t)
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
		src, err := export.Generate(mustCheck(t, mm), export.Options{Lang: export.JS, Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".mjs"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	centre := mo.Scaling.Mean[0] + mo.Scaling.Std[0]*mo.Nodes[0].Centre[0]
	fill, err := json.Marshal(mf.Scaling.Fill)
	if err != nil {
		t.Fatal(err)
	}
	script := `import * as two from "./two.mjs";
import * as big from "./big.mjs";
import * as filled from "./filled.mjs";
const same = (a, b) => console.log(JSON.stringify(filled.filled_decision(a)) === JSON.stringify(filled.filled_decision(b)));
function show(f, ...args) {
  try {
    console.log(JSON.stringify(f(...args)));
  } catch (e) {
    console.log(e.constructor.name + " " + e.name + ": " + e.message);
  }
}
show(two.two_decision, [1.0]);
show(two.two_decision, [1.0, 2.0, 3.0]);
show(two.two_predict, [NaN, 1.0]);
show(two.two_predict, [0.0, -Infinity]);
show(two.two_decision, [10n ** 400n, 0]);
show(two.two_decision, ["1", 2]);
show(two.two_decision, [1, null]);
show(two.two_decision, "12");
show(two.two_decision, null);
show(two.two_decision);
show(two.two_label, 2);
show(two.two_label, -1);
show(two.two_label, 0.5);
show(two.two_label, "0");
show(two.two_label, Object.create(null));
show(two.two_label, 1n);
show(two.two_predict, [1, 2]);
show(two.two_predict, [1n, 2n]);
show(two.two_predict, new Float64Array([1, 2]));
show(big.big_value, [` + strconv.FormatFloat(centre, 'g', -1, 64) + `]);
same([null, NaN], ` + string(fill) + `);
same(new Float64Array([1.5, NaN]), [1.5, ` + string(fill) + `[1]]);
show(filled.filled_predict, [null, Infinity]);
show(filled.filled_predict, [-Infinity, NaN]);
show(filled.filled_predict, [undefined, null]);
show(filled.filled_predict, [null, "1"]);
`
	if err := os.WriteFile(filepath.Join(dir, "errors.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runCmd(t, dir, nil, nil, nodeJS, "errors.mjs")
	want := []string{
		"RangeError RangeError: two: the input has length 1, the model expects 2 values",
		"RangeError RangeError: two: the input has length 3, the model expects 2 values",
		"RangeError RangeError: two: input 1 is NaN",
		"RangeError RangeError: two: input 2 is -Infinity",
		"RangeError RangeError: two: input 1 is beyond the range of a number",
		"TypeError TypeError: two: input 1 is not a number (string)",
		"TypeError TypeError: two: input 2 is not a number (null)",
		"TypeError TypeError: two: the input is not an array of numbers",
		"TypeError TypeError: two: the input is not an array of numbers",
		"TypeError TypeError: two: the input is not an array of numbers",
		"RangeError RangeError: two: class 2 is not 0 to 1",
		"RangeError RangeError: two: class -1 is not 0 to 1",
		"RangeError RangeError: two: class 0.5 is not 0 to 1",
		"RangeError RangeError: two: class \"0\" is not 0 to 1",
		"RangeError RangeError: two: class of type object is not 0 to 1",
		"RangeError RangeError: two: class of type bigint is not 0 to 1",
		"", "", "", // a class index (numbers, BigInts, a typed array)
		"Error OverflowError: big: decision value 1 is Infinity (inputs or weights too large)",
		"true",
		"true",
		"RangeError RangeError: filled: input 2 is Infinity",
		"RangeError RangeError: filled: input 1 is -Infinity",
		"TypeError TypeError: filled: input 1 is not a number (undefined)",
		"TypeError TypeError: filled: input 2 is not a number (string)",
	}
	checkLines(t, out, want)
}

// FuzzExportJS checks the JavaScript export of every model file that loads (fuzzScript).
func FuzzExportJS(f *testing.F) { fuzzScript(f, export.JS, checkJSSource) }

// Export a model to JavaScript and list what the module exports.
func ExampleGenerate_javascript() {
	src, err := export.Generate(toy(), export.Options{Lang: export.JS, Name: "toy"})
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "export ") {
			fmt.Println(line)
		}
	}
	// Output:
	// export const TOY_N_INPUTS = 1; // raw input values in x
	// export const TOY_N_OUTPUTS = 1; // decision values
	// export const TOY_N_NODES = 1; // basis functions
	// export const TOY_FEATURES = null;
	// export function toy_decision(x) {
	// export function toy_value(x) {
}
