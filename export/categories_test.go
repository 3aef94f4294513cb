package export_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/model"
)

// unknownCategory is the name the Python and JavaScript drivers pass for a category index of
// -1 (a category not seen in training): no test model has a category of that name.
const unknownCategory = "no such category"

// categorise turns m, a model over its encoded inputs, into one over raw inputs of the given
// categories (nil for a number; see model.Model.Categories) and feature names (nil for none):
// the encoded inputs of a categorical input become its indicators, with the scaling and fill
// values indicators have (a mean between 0 and 1, the fill value 0 or 1). It returns m.
func categorise(t testing.TB, m *model.Model, categories [][]string, features []string) *model.Model {
	t.Helper()
	o := 0
	for j, c := range categories {
		if len(c) == 0 {
			o++
			continue
		}
		for i := range c {
			m.Scaling.Mean[o+i] = 1 / float64(len(c)+1)
			m.Scaling.Std[o+i] = 0.4
			if m.Scaling.Fill != nil {
				m.Scaling.Fill[o+i] = 0
				if i == j%len(c) {
					m.Scaling.Fill[o+i] = 1
				}
			}
		}
		o += len(c)
	}
	if o != m.Inputs {
		t.Fatalf("categories of %d encoded inputs for a model over %d", o, m.Inputs)
	}
	m.Inputs, m.Categories, m.Features = len(categories), categories, features
	return mustCheck(t, m)
}

// categoricalRows returns raw rows for a model with categorical inputs: n drawn around the
// training distribution (a random category, or -1, for a categorical input); the first of them
// with each category of each categorical input in turn, and -1; with indices that name no
// category (one past the last, -2, fractions, infinities, beyond the range of an int); with
// infinite and huge numbers; and with missing values (missing).
func categoricalRows(m *model.Model, n int, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 19))
	rows := make([][]float64, n)
	for r := range rows {
		x := make([]float64, m.Inputs)
		o := 0
		for j, c := range m.Categories {
			if len(c) == 0 {
				x[j] = m.Scaling.Mean[o] + 1.5*m.Scaling.Std[o]*rng.NormFloat64()
				o++
				continue
			}
			x[j] = float64(rng.IntN(len(c)+1) - 1)
			o += len(c)
		}
		rows[r] = x
	}
	base := rows[0]
	with := func(j int, v float64) {
		x := slices.Clone(base)
		x[j] = v
		rows = append(rows, x)
	}
	for j, c := range m.Categories {
		if len(c) == 0 {
			for _, v := range []float64{math.Inf(1), math.Inf(-1), 1e300, -1e300} {
				with(j, v)
			}
			continue
		}
		for i := -1; i < len(c); i++ {
			with(j, float64(i))
		}
		for _, v := range []float64{float64(len(c)), -2, 0.5, -0.5, float64(len(c)) - 0.5, math.Inf(1), math.Inf(-1), 1e300, 4294967296, -2147483649} {
			with(j, v)
		}
	}
	return append(rows, missing(base)...)
}

// categoricalCases returns the compile-and-run test cases of models with categorical inputs:
// a three-class classifier (Gaussian nodes of one variance per input, a linear node, a power
// transform, fill values and a calibration) over categories with awkward names, a regressor
// with a range and a trend, a two-class classifier of quadratic nodes, a wavelet regressor, and
// regressors without nodes (with fill values and without).
func categoricalCases(t testing.TB) []testCase {
	t.Helper()
	var cases []testCase
	add := func(name string, m *model.Model, n int, seed uint64) {
		cases = append(cases, testCase{name: name, m: m, rows: categoricalRows(m, n, seed)})
	}

	// Three classes over (x, colour, y, awkward, size): 11 encoded inputs.
	mm := withFill(withLinear(randomModel(t, 100, 11, 5, 3, true), 101, 2))
	mm.Classes = []string{"a", "b", "c"}
	categorise(t, mm, [][]string{nil, {"red", "green", "blue"}, nil,
		{`"quoted"`, `back\slash`, "??= */ /* trigraph", "p\u00e9tale \u65e5\u672c \U0001f600", ""}, {"S"}},
		[]string{"x", "colour", "y", "awkward */", "size"})
	mm.Scaling.Power = &model.Power{Shift: make([]float64, 11), Scale: make([]float64, 11),
		Lambda: []float64{0.5, 1, 1, 1, 0, -1.5, 1, 1, 1, 1, 1}}
	for j := range 11 {
		mm.Scaling.Power.Shift[j] = mm.Scaling.Mean[j] - 2*mm.Scaling.Std[j]
		mm.Scaling.Power.Scale[j] = 0.5 * mm.Scaling.Std[j]
	}
	mm.Calibration = &model.Calibration{Method: "multinomial-cv"}
	for c := range 3 {
		mm.Calibration.A = append(mm.Calibration.A, []float64{0.5 + float64(c), 0.2, -0.3 * float64(c)})
		mm.Calibration.B = append(mm.Calibration.B, 0.1*float64(c))
	}
	add("cat_multi", mustCheck(t, mm), 150, 102)

	// A regressor over (kind, z, level), no fill values and no feature names: 6 encoded
	// inputs; a range narrower than its trend's.
	mr := withLinear(randomModel(t, 103, 6, 4, 1, false), 104, 0, 3)
	mr.Task, mr.Range, mr.Trend, mr.Bias[0] = model.Regression, []float64{-0.2, 0.2}, []float64{-0.5, 0.5}, 0.1
	add("cat_reg", categorise(t, mr, [][]string{{"a", "b"}, nil, {"lo", "mid", "hi"}}, nil), 100, 105)

	// Two classes of quadratic nodes and Gaussian nodes over (score, flag), calibrated.
	mq := withQuadratic(randomModel(t, 106, 3, 3, 1, false), 107, 2)
	mq.Classes = []string{"neg", "pos"}
	mq.Calibration = &model.Calibration{Method: "platt-loo", A: [][]float64{{0}, {1.3}}, B: []float64{0, 0.2}}
	add("cat_quad", categorise(t, mq, [][]string{nil, {"yes", "no"}}, []string{"score", "flag"}), 100, 108)

	// A wavelet regressor over (shape, w) that fills missing inputs, clipped.
	mw := withFill(randomModel(t, 109, 4, 4, 1, false))
	mw.Task, mw.Kernel, mw.Range = model.Regression, model.KernelWavelet, []float64{-1, 1}
	add("cat_wavelet", categorise(t, mw, [][]string{{"p", "q", "r"}, nil}, []string{"shape", "w"}), 60, 110)

	// No node at all: the bias only, refusing missing inputs or filling them.
	me := &model.Model{Task: model.Regression, Method: "hand-built", Kernel: model.KernelGaussian, Inputs: 3,
		Scaling: model.Scaling{Mean: []float64{0, 1, 2}, Std: []float64{1, 2, 3}}, Weights: [][]float64{{}}, Bias: []float64{1.5}}
	add("cat_empty", categorise(t, me, [][]string{nil, {"u", "v"}}, nil), 10, 111)
	mef := *me
	mef.Scaling.Fill = []float64{0.5, 1, 0}
	add("cat_empty_fill", mustCheck(t, &mef), 10, 112)
	return cases
}

// categoryQueries returns the lookups that check an export's name_category function on m, as
// the C and Go drivers read them ("j name" a line), and the index each should give: as the
// readers read a categorical field, the white space around the name dropped, m.Category's
// index, else -2 for a name that marks a missing value, else -1. The queries: every category
// of every input, with white space around it too, names that are not (another case, a
// prefix, an extension, another input's), names that mark a missing value, and inputs out of
// range.
func categoryQueries(t testing.TB, m *model.Model) ([]byte, []int) {
	t.Helper()
	var b bytes.Buffer
	var want []int
	q := func(j int, name string) {
		if strings.ContainsAny(name, "\n\x00") {
			t.Fatalf("category %q cannot be looked up through a driver", name)
		}
		fmt.Fprintf(&b, "%d %s\n", j, name)
		trimmed, index := strings.TrimSpace(name), -1
		switch {
		case j < 0 || j >= len(m.Categories) || len(m.Categories[j]) == 0:
		case m.Category(j, trimmed) >= 0:
			index = m.Category(j, trimmed)
		case dataset.MissingCategory(trimmed):
			index = -2
		}
		want = append(want, index)
	}
	for j, c := range m.Categories {
		for _, s := range c {
			q(j, s)
			q(j, s+"x")
			q(j, strings.ToUpper(s))
			q(j, " "+s+"\t \r")
			q(j, "\u3000\u00a0"+s+"\u0085\u2028")
			q(j, "\ufeff"+s) // (a byte-order mark is not white space)
			q(j, "\x1c"+s)   // (nor, for the readers, an information separator)
			if s != "" {
				q(j, s[:len(s)-1])
			}
		}
		for _, marker := range []string{"NA", " ? ", "", "  ", "nan", "-NaN", "+nAn ", "+-nan", "None", "n/a", "NaNa"} {
			q(j, marker)
		}
		q(j, unknownCategory)
		if len(c) > 0 {
			q((j+1)%m.Inputs, c[0])
		}
	}
	for _, c := range m.Categories {
		if len(c) > 0 {
			q(-1, c[0])
			q(m.Inputs, c[0])
			break
		}
	}
	return b.Bytes(), want
}

// checkLookups compares a driver's answers to categoryQueries (an index a line) with want.
func checkLookups(t *testing.T, out string, queries []byte, want []int) {
	t.Helper()
	asked := strings.Split(strings.TrimSuffix(string(queries), "\n"), "\n")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lookups answered, %d asked:\n%s", len(got), len(want), out)
	}
	for i, w := range want {
		if got[i] != strconv.Itoa(w) {
			t.Errorf("lookup %q: %s, want %d", asked[i], got[i], w)
		}
	}
}

// writeCategories writes the categories of a test case's model, as JSON, where the Python and
// JavaScript drivers look for them (name.categories.json): the drivers then check the
// module's NAME_CATEGORIES against them, and pass some categories by name.
func writeCategories(t *testing.T, dir string, tc testCase) {
	t.Helper()
	if tc.m.Categories == nil {
		return
	}
	data, err := json.Marshal(tc.m.Categories)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, tc.name+".categories.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCategoryHeader checks what each export of a model with categorical inputs declares and
// documents: the categories and their indices in the header, the encoded width, the lookup
// function of C and Go, the categories table of Python and JavaScript, and the words for the
// inputs refused.
func TestCategoryHeader(t *testing.T) {
	var m *model.Model
	for _, tc := range categoricalCases(t) {
		if tc.name == "cat_multi" {
			m = tc.m
		}
	}
	for _, c := range []struct {
		opt        export.Options
		want, lack []string
	}{
		{export.Options{Name: "m"}, []string{
			"; 5 inputs (3 categorical,\n *   encoded as 11 values).",
			"Categorical inputs hold their category's index, which m_category(j, name) returns",
			` *   x[1] "colour": 0 "red", 1 "green", 2 "blue"; -1 for another.` + "\n",
			` *   x[3] "awkward \*\/": 0 "\"quoted\"", 1 "back\\slash", 2 "\?\?= \*\/ \/\* trigraph", 3`,
			`"p\u00e9tale \u65e5\u672c \U0001f600", 4 ""; -1 for another.` + "\n",
			` *   x[4] "size": 0 "S"; -1 for another.` + "\n",
			"(those of a missing category's\n *   indicators)",
			" *   e    = x with each categorical input x[j] replaced by one indicator a category, in order:\n",
			" *   e[j] = m_fill[j] where e[j] is missing\n",
			"#define M_N_INPUTS 5  /* values in x */\n#define M_N_ENCODED 11 /*",
			"int m_decision(const double x[M_N_INPUTS], double f[M_N_OUTPUTS]);\n",
			"int m_category(int j, const char *name);\n",
			"static const int m_n_categories[M_N_INPUTS] = {\n    0, 3, 0, 5, 1\n};",
			`"\"quoted\"", "back\\slash", "\?\?= */ /* trigraph",` + "\n" + `    "p\303\251tale \346\227\245\346\234\254 \360\237\230\200", "", "S"` + "\n};",
			"static const double m_mean[M_N_ENCODED] =",
			"static const double m_linear[M_N_OUTPUTS][M_N_ENCODED] = {",
			"x[j] = (double)m_category(j, name);",
		}, []string{"M_N_INPUTS]["}},
		{export.Options{Lang: export.Go, Name: "m"}, []string{
			"which MCategory(j, name) returns",
			"\n// x[1] \"colour\": 0 \"red\", 1 \"green\", 2 \"blue\"; -1 for another.\n",
			"\tMInputs = 5\n",
			"\tMEncoded = 11\n",
			"\tmCategories = [MInputs][]string{\n\t\t1: {\"red\", \"green\", \"blue\"},\n\t\t3: {\"\\\"quoted\\\"\", \"back\\\\slash\"",
			"\t\t4: {\"S\"},\n\t}\n",
			"func MCategory(j int, name string) int {",
			"\tmMean = [MEncoded]float64{",
			"x[j] = float64(MCategory(j, name))",
			"they return ErrMInput for an infinite input or a category\n// index out of range.\npackage m\n",
		}, []string{"[MInputs]float64"}},
		{export.Options{Lang: export.Python, Name: "m"}, []string{
			"Categorical inputs hold their category's index or name",
			"\n  x[1] 'colour': 0 'red', 1 'green', 2 'blue'; -1 for another.\n",
			"M_N_INPUTS = 5  # raw input values in x\nM_N_ENCODED = 11  #",
			`"M_FEATURES", "M_CATEGORIES"`,
			"M_CATEGORIES = (\n    None,\n    (\"red\", \"green\", \"blue\"),\n    None,\n",
			"    (\"S\",),\n)\n",
			"    for j in range(M_N_ENCODED):\n",
			"length or that is infinite or a category index out of range,\n",
		}, []string{"m_category"}},
		{export.Options{Lang: export.JS, Name: "m"}, []string{
			"Categorical inputs hold their category's index or name",
			"\n//   x[1] \"colour\": 0 \"red\", 1 \"green\", 2 \"blue\"; -1 for another.\n",
			"export const M_N_INPUTS = 5; // raw input values in x\nexport const M_N_ENCODED = 11; //",
			"export const M_CATEGORIES = Object.freeze([\n  null,\n  Object.freeze([\"red\", \"green\", \"blue\"]),\n",
			"  for (let j = 0; j < M_N_ENCODED; j++) {\n",
			"holds an infinity or a category index out of range",
		}, []string{"m_category"}},
	} {
		src, err := export.Generate(m, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, fmt.Sprintf("%+v", c.opt), src, c.want, c.lack)
	}
	// The words of a model that refuses missing inputs.
	for _, tc := range categoricalCases(t) {
		if tc.name != "cat_reg" {
			continue
		}
		src, err := export.Generate(tc.m, export.Options{Name: "r"})
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, "cat_reg", src, []string{
			" *   x[0]: 0 \"a\", 1 \"b\"; -1 for another.\n",
			"NaN and infinite inputs and category indices out of range are refused",
			" *   z[j] = (e[j] - r_mean[j]) / r_std[j]\n",
		}, []string{"fill", "Fill"})
	}
}

// TestCategoryNUL checks that a category name holding a NUL character, which a C string
// cannot, is refused in C only.
func TestCategoryNUL(t *testing.T) {
	m := categoricalCases(t)[1].m
	m.Categories[0] = []string{"a", "b\x00"}
	if _, err := export.Generate(m, export.Options{}); !errors.Is(err, export.ErrOption) {
		t.Errorf("C: error %v, want ErrOption", err)
	}
	for _, lang := range []export.Lang{export.Go, export.Python, export.JS} {
		if _, err := export.Generate(m, export.Options{Lang: lang}); err != nil {
			t.Errorf("%s: %v", lang, err)
		}
	}
}

// TestCategoryScripts checks what the Python and JavaScript exports take for a categorical
// input beyond the drivers' rows: a name as its index (blanks around it dropped, as predict
// drops them), an unknown name as -1, a name given to
// a numeric input refused, missing categories (None, null) where the model fills them and
// not where it does not, and the error that names an index out of range.
func TestCategoryScripts(t *testing.T) {
	var filled, strict *model.Model // cat_multi over (x, colour, y, awkward, size); cat_reg over (kind, z, level)
	for _, tc := range categoricalCases(t) {
		switch tc.name {
		case "cat_multi":
			filled = tc.m
		case "cat_reg":
			strict = tc.m
		}
	}
	for _, c := range []struct {
		lang         export.Lang
		tool, file   string
		script, want string
	}{
		{export.Python, "python", "check.py", `import math, f, s
def show(fn, x):
    try:
        fn(x)
        print("ok")
    except Exception as e:
        print(type(e).__name__ + ": " + str(e))
def kind(fn, x):
    try:
        fn(x)
        print("ok")
    except Exception as e:
        print(type(e).__name__)
print(f.f_decision([1.0, "green", 2.0, "\"quoted\"", "S"]) == f.f_decision([1.0, 1, 2.0, 0, 0]))
print(f.f_decision([1.0, " blue ", 2.0, "", "s"]) == f.f_decision([1.0, 2, 2.0, 4, -1]))
print(f.f_decision([1.0, None, 2.0, math.nan, None]) == f.f_decision([1.0, math.nan, 2.0, math.nan, math.nan]))
print(f.f_proba((1.0, "red", 2.0, "back\\slash", "S")) == f.f_proba([1.0, 0.0, 2.0, 1.0, 0.0]))
show(f.f_decision, [1.0, 3, 2.0, 0, 0])
show(f.f_decision, [1.0, 0, 2.0, 0.5, 0])
show(f.f_decision, [1.0, -2, 2.0, 0, 0])
kind(f.f_decision, ["red", 0, 2.0, 0, 0])
show(s.s_value, ["a", 1.5, "hi"])
kind(s.s_value, ["b", 1.5, None])
show(s.s_value, [math.nan, 1.5, 0])
print(s.S_CATEGORIES == (("a", "b"), None, ("lo", "mid", "hi")))
print(f.f_decision([1.0, "NA", 2.0, 0, " nan"]) == f.f_decision([1.0, math.nan, 2.0, 0, math.nan]))
show(s.s_value, ["NA", 1.5, "hi"])
print(f.f_decision([1.0, "\u3000green\x85", 2.0, "\ufeff\"quoted\"", "\x1cS"]) == f.f_decision([1.0, 1, 2.0, -1, -1]))
print(f.f_decision([1.0, "-NaN", 2.0, "+-nan", 0]) == f.f_decision([1.0, math.nan, 2.0, -1, 0]))
`, strings.Join([]string{"True", "True", "True", "True",
			"ValueError: f: input 2 is 3.0, neither -1 nor the index of one of its 3 categories",
			"ValueError: f: input 4 is 0.5, neither -1 nor the index of one of its 5 categories",
			"ValueError: f: input 2 is -2.0, neither -1 nor the index of one of its 3 categories",
			"ValueError", // (float("red"), a name given to a number)
			"ok",
			"ValueError", // (None, a missing value the model does not fill)
			"ValueError: s: input 1 is nan",
			"True",
			"True", // a missing-value marker where the model fills: missing
			"ValueError: s: input 1 is 'NA', a missing value, and the model was trained without missing values",
			"True",          // the readers' white space dropped, not a byte-order mark or a separator
			"True"}, "\n")}, // one sign before NaN
		{export.JS, "node", "check.mjs", `import * as f from "./f.mjs";
import * as s from "./s.mjs";
const same = (a, b) => console.log(JSON.stringify(a) === JSON.stringify(b));
function kind(fn, x) {
  try {
    fn(x);
    console.log("ok");
  } catch (e) {
    console.log(e.constructor.name + ": " + e.message);
  }
}
same(f.f_decision([1.0, "green", 2.0, "\"quoted\"", "S"]), f.f_decision([1.0, 1, 2.0, 0, 0]));
same(f.f_decision([1.0, " blue ", 2.0, "", "s"]), f.f_decision([1.0, 2, 2.0, 4, -1]));
same(f.f_decision([1.0, null, 2.0, NaN, null]), f.f_decision([1.0, NaN, 2.0, NaN, NaN]));
same(f.f_proba(new Float64Array([1.0, 0, 2.0, 1, 0])), f.f_proba([1.0, "red", 2.0, "back\\slash", 0n]));
kind(f.f_decision, [1.0, 3, 2.0, 0, 0]);
kind(f.f_decision, [1.0, 0, 2.0, 0.5, 0]);
kind(f.f_decision, [1.0, -2, 2.0, 0, 0]);
kind(f.f_decision, ["red", 0, 2.0, 0, 0]);
kind(s.s_value, ["a", 1.5, "hi"]);
kind(s.s_value, ["b", 1.5, null]);
kind(s.s_value, [NaN, 1.5, 0]);
kind(s.s_value, [undefined, 1.5, 0]);
same(s.S_CATEGORIES, [["a", "b"], null, ["lo", "mid", "hi"]]);
console.log(Object.isFrozen(s.S_CATEGORIES) && Object.isFrozen(s.S_CATEGORIES[2]));
same(f.f_decision([1.0, "NA", 2.0, 0, " nan"]), f.f_decision([1.0, NaN, 2.0, 0, NaN]));
kind(s.s_value, ["NA", 1.5, "hi"]);
same(f.f_decision([1.0, "\u3000green\x85", 2.0, "\ufeff\"quoted\"", "\x1cS"]), f.f_decision([1.0, 1, 2.0, -1, -1]));
same(f.f_decision([1.0, "-NaN", 2.0, "+-nan", 0]), f.f_decision([1.0, NaN, 2.0, -1, 0]));
`, strings.Join([]string{"true", "true", "true", "true",
			"RangeError: f: input 2 is 3, neither -1 nor the index of one of its 3 categories",
			"RangeError: f: input 4 is 0.5, neither -1 nor the index of one of its 5 categories",
			"RangeError: f: input 2 is -2, neither -1 nor the index of one of its 3 categories",
			"TypeError: f: input 1 is not a number (string)",
			"ok",
			"TypeError: s: input 3 is not a number (null)",
			"RangeError: s: input 1 is NaN",
			"TypeError: s: input 1 is not a number (undefined)",
			"true", "true",
			"true", // a missing-value marker where the model fills: missing
			`RangeError: s: input 1 is "NA", a missing value, and the model was trained without missing values`,
			"true",          // the readers' white space dropped, not a byte-order mark or a separator
			"true"}, "\n")}, // one sign before NaN
	} {
		t.Run(string(c.lang), func(t *testing.T) {
			var tool string
			if c.lang == export.Python {
				tool = python(t)
			} else {
				tool = node(t)
			}
			dir := t.TempDir()
			for name, m := range map[string]*model.Model{"f": filled, "s": strict} {
				src, err := export.Generate(m, export.Options{Lang: c.lang, Name: name})
				if err != nil {
					t.Fatal(err)
				}
				file := name + ".py"
				if c.lang == export.JS {
					file = name + ".mjs"
				}
				if err := os.WriteFile(filepath.Join(dir, file), src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(dir, c.file), []byte(c.script), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{c.file}
			if c.lang == export.Python {
				args = append(slices.Clone(pyFlags), c.file)
			}
			out := runCmd(t, dir, nil, nil, tool, args...)
			checkLines(t, out, strings.Split(c.want, "\n"))
		})
	}
}

// A single-precision export refuses a regressor whose outputs floats cannot tell apart (targets
// with a large offset) and takes the same model without the offset.
func TestFloatResolution(t *testing.T) {
	m := &model.Model{
		Task: model.Regression, Method: "hand-built", Kernel: model.KernelGaussian, Inputs: 1,
		Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes:   []model.Node{{Centre: []float64{0}, Width: []float64{1}}},
		Weights: [][]float64{{2}},
	}
	for _, tc := range []struct {
		offset float64
		ok     bool
	}{{0, true}, {1e3, true}, {1e4, true}, {1e5, false}, {1e9, false}, {-1e9, false}} {
		m.Bias, m.Range = []float64{tc.offset + 0.5}, []float64{tc.offset + 0.2, tc.offset + 2.7}
		_, err := export.Generate(m, export.Options{Lang: export.C, Float: true})
		if tc.ok != (err == nil) || !tc.ok && (!errors.Is(err, export.ErrFloatPrecision) || !strings.Contains(err.Error(), "cannot tell the regressor's outputs apart")) {
			t.Errorf("offset %g: %v", tc.offset, err)
		}
		if _, err := export.Generate(m, export.Options{Lang: export.C}); err != nil {
			t.Errorf("offset %g, double precision: %v", tc.offset, err)
		}
	}
	// An input far from zero against its spread: a time stamp.
	m.Bias, m.Range = []float64{0.5}, []float64{0.2, 2.7}
	for _, tc := range []struct {
		mean, std float64
		ok        bool
		why       string
	}{
		{1.7e9, 30, false, "cannot hold input 1 to the digits the model reads"},
		{1.7e9, 1e6, true, ""},
		{1e4, 1, true, ""},
		// 128 float steps a standard deviation, but the output's slope (2 / sqrt(e)) makes a
		// step's rounding 0.0047, beyond a thousandth of the range, 0.0025.
		{1e5, 1, false, "to about 0.0047 (1.5e-07 from rounding its terms, which cancel, 0.0047 from the inputs' rounding), more than a thousandth of the training targets' range [0.2, 2.7]"},
		{-1e6, 1, false, "cannot hold input 1 to the digits the model reads"},
	} {
		m.Scaling.Mean[0], m.Scaling.Std[0] = tc.mean, tc.std
		_, err := export.Generate(m, export.Options{Lang: export.C, Float: true})
		if tc.ok != (err == nil) || !tc.ok && !strings.Contains(err.Error(), tc.why) {
			t.Errorf("input mean %g, std %g: %v", tc.mean, tc.std, err)
		}
	}
	// Terms that cancel: two nodes at nearly one centre with weights of +-1e5 (an LS-SVM's
	// dense fit can have such), on targets that span 2.5.
	m.Scaling.Mean[0], m.Scaling.Std[0] = 0, 1
	c := *m
	c.Nodes = []model.Node{{Centre: []float64{0}, Width: []float64{1}}, {Centre: []float64{0.01}, Width: []float64{1}}}
	c.Weights = [][]float64{{1e5, -1e5}}
	if _, err := export.Generate(&c, export.Options{Lang: export.C, Float: true}); !errors.Is(err, export.ErrFloatPrecision) || !strings.Contains(err.Error(), "to about 0.012 (0.012 from rounding its terms") {
		t.Errorf("terms that cancel: %v", err)
	}
	c.Weights = [][]float64{{1e3, -1e3}} // (about 1.2e-4: within the thousandth)
	if _, err := export.Generate(&c, export.Options{Lang: export.C, Float: true}); err != nil {
		t.Errorf("terms that cancel less: %v", err)
	}
	m.Scaling.Mean[0], m.Scaling.Std[0] = 0, 1
	m.Bias, m.Range = []float64{1e9 + 0.5}, []float64{1e9 + 0.2, 1e9 + 2.7}
	_, err := export.Generate(m, export.Options{Lang: export.C, Float: true})
	if err == nil || !strings.Contains(err.Error(), "span [1000000000.2, 1000000002.7]") {
		t.Errorf("the range is not told apart: %v", err)
	}
}
