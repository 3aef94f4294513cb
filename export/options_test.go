package export_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/model"
)

func TestNameFromFile(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"heart.model.json", "heart"},
		{"/data/runs/ripley-5.json", "ripley_5"},
		{"2d problem.model.json", "model_2d_problem"},
		{"___.json", "model"},
		{"", "model"},
		{"pétale.json", "p_tale"},
		{"a_very_long_model_file_name_indeed.json", "a_very_long_model_fi"},
		{"x.model", "x"},
		{"Heart.JSON", "Heart"},
	} {
		got := export.NameFromFile(c.path)
		if got != c.want {
			t.Errorf("NameFromFile(%q) = %q, want %q", c.path, got, c.want)
		}
		if err := export.ValidName(got); err != nil {
			t.Errorf("NameFromFile(%q) = %q: %v", c.path, got, err)
		}
	}
}

func TestValidName(t *testing.T) {
	for _, c := range []struct {
		name    string
		ok      bool
		okAsPkg bool
	}{
		{"heart", true, true},
		{"Heart_2", true, true},
		{"x", true, true},
		{"func", true, false},
		{"_x", false, false},
		{"2d", false, false},
		{"a-b", false, false},
		{"é", false, false},
		{"", false, false},
	} {
		if err := export.ValidName(c.name); (err == nil) != c.ok || err != nil && !errors.Is(err, export.ErrOption) {
			t.Errorf("ValidName(%q) = %v, want ok %v", c.name, err, c.ok)
		}
		if err := export.ValidPackage(c.name); (err == nil) != c.okAsPkg {
			t.Errorf("ValidPackage(%q) = %v, want ok %v", c.name, err, c.okAsPkg)
		}
	}
}

// TestGenerateErrors checks the options and models Generate refuses.
func TestGenerateErrors(t *testing.T) {
	good := randomModel(t, 1, 2, 3, 1, false)
	good.Classes = []string{"a", "b"}
	nul := randomModel(t, 1, 2, 3, 1, false)
	nul.Classes = []string{"a\x00", "b"}
	tiny := randomModel(t, 1, 2, 3, 1, false)
	tiny.Classes = []string{"a", "b"}
	tiny.Scaling.Std[1] = 1e-50
	invalid := randomModel(t, 1, 2, 3, 1, false) // no classes
	huge := withLinear(randomModel(t, 1, 2, 3, 1, false), 2, 0, 1)
	huge.Classes = []string{"a", "b"}
	huge.Nodes[0].Centre[1], huge.Nodes[1].Centre[1] = 10, 10
	huge.Weights[0][0], huge.Weights[0][1] = 1e308, 1e308
	for _, c := range []struct {
		name string
		m    *model.Model
		opt  export.Options
		want error
	}{
		{"language", good, export.Options{Lang: "rust"}, export.ErrOption},
		{"name", good, export.Options{Name: "9lives"}, export.ErrOption},
		{"package", good, export.Options{Lang: export.Go, Package: "type"}, export.ErrOption},
		{"package for C", good, export.Options{Package: "x"}, export.ErrOption},
		{"float Go", good, export.Options{Lang: export.Go, Float: true}, export.ErrOption},
		{"NUL label", nul, export.Options{}, export.ErrOption},
		{"float std", tiny, export.Options{Float: true}, export.ErrFloatRange},
		{"invalid model", invalid, export.Options{}, model.ErrInvalid},
		{"linear overflow", huge, export.Options{}, export.ErrLinearRange},
		{"linear overflow Go", huge, export.Options{Lang: export.Go}, export.ErrLinearRange},
	} {
		_, err := export.Generate(c.m, c.opt)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
	// The NUL label is fine in Go, and the tiny scale in double precision.
	for _, c := range []struct {
		m   *model.Model
		opt export.Options
	}{{nul, export.Options{Lang: export.Go}}, {tiny, export.Options{}}} {
		if _, err := export.Generate(c.m, c.opt); err != nil {
			t.Error(err)
		}
	}
}

// TestGenerateNames checks the default names: "model", and the Go package from the name.
func TestGenerateNames(t *testing.T) {
	m := randomModel(t, 1, 2, 3, 1, false)
	m.Task, m.Classes = model.Regression, nil
	for _, c := range []struct {
		opt  export.Options
		want []string
	}{
		{export.Options{}, []string{"double model_value(const double x[MODEL_N_INPUTS])"}},
		{export.Options{Name: "Heart", Float: true}, []string{"float Heart_value(const float x[HEART_N_INPUTS])", "expf("}},
		{export.Options{Lang: export.Go}, []string{"package model\n", "func ModelValue(x []float64) (float64, error)"}},
		{export.Options{Lang: export.Go, Name: "my_model"}, []string{"package my_model\n", "func MyModelValue("}},
		{export.Options{Lang: export.Go, Name: "Go"}, []string{"package model\n", "func GoValue("}},
		{export.Options{Lang: export.Go, Name: "x", Package: "main"}, []string{"package main\n", "func XValue("}},
	} {
		src, err := export.Generate(m, c.opt)
		if err != nil {
			t.Fatalf("%+v: %v", c.opt, err)
		}
		checkText(t, fmt.Sprintf("%+v", c.opt), src, c.want, nil)
	}
}

// TestGenerateLinear checks how the exports present linear nodes: the linear table and its
// term in the formula when the model has some, with or without Gaussian nodes, and no
// trace of them otherwise (the golden files of TestExamplesUpToDate check that a model
// without linear nodes exports as before, byte for byte).
func TestGenerateLinear(t *testing.T) {
	regressor := func(nodes int, linearAt ...int) *model.Model {
		m := withLinear(randomModel(t, 3, 2, nodes, 1, false), 4, linearAt...)
		m.Task, m.Classes = model.Regression, nil
		return mustCheck(t, m)
	}
	plain, mixed, only := regressor(3), regressor(3, 1, 4), regressor(0, 0)
	mixed.Training.Tau, only.Training.Tau = 2, 2 // (the width the selection chose)
	for _, c := range []struct {
		name       string
		m          *model.Model
		opt        export.Options
		want, lack []string
	}{
		{"C plain", plain, export.Options{Name: "m"}, []string{"f[k] = m_bias[k] + sum_i m_weight[k][i] g_i\n"},
			[]string{"linear", "Linear"}},
		{"Go plain", plain, export.Options{Lang: export.Go, Name: "m"}, []string{"f[k] = mBias[k] + sum_i mWeight[k][i] g_i\n"},
			[]string{"linear", "Linear"}},
		{"C mixed", mixed, export.Options{Name: "m"}, []string{
			"Model: regressor; 3 Gaussian nodes (one variance per node) and a linear term in the inputs\n *   (from 2 linear nodes); 2 inputs.",
			"Width tau = 2",
			"f[k] = m_bias[k] + sum_j m_linear[k][j] z[j] + sum_i m_weight[k][i] g_i\n",
			"#define M_N_NODES 3 /* Gaussian nodes; the linear nodes are in m_linear */\n",
			"static const double m_linear[M_N_OUTPUTS][M_N_INPUTS] = {\n",
			"            f[k] += m_linear[k][j] * z[j];\n",
			"Read-only tables: 19 doubles (152 bytes).", // 2*2 scaling, 3*(2+1) nodes, 3+1 weights and bias, 2 linear
		}, nil},
		{"C float mixed", mixed, export.Options{Name: "m", Float: true}, []string{
			"static const float m_linear[M_N_OUTPUTS][M_N_INPUTS] = {\n",
			"Read-only tables: 19 floats (76 bytes).",
		}, nil},
		{"Go mixed", mixed, export.Options{Lang: export.Go, Name: "m"}, []string{
			"f[k] = mBias[k] + sum_j mLinear[k][j] z[j] + sum_i mWeight[k][i] g_i\n",
			"MNodes is the number of Gaussian nodes (the linear nodes are in mLinear).",
			"mLinear = [MOutputs][MInputs]float64{\n",
			"f[k] += mLinear[k][j] * v\n",
		}, nil},
		{"C only", only, export.Options{Name: "m"}, []string{
			"Model: regressor; a linear term in the inputs (from 1 linear node), no Gaussian node;",
			" *   f[k] = m_bias[k] + sum_j m_linear[k][j] z[j]\n",
			"#define M_N_NODES 0 /* Gaussian nodes; the linear nodes are in m_linear */\n",
			"        z[j] = (x[j] - m_mean[j]) / m_std[j];\n",
			"Read-only tables: 7 doubles (56 bytes).", // 2*2 scaling, 1 bias, 2 linear
		}, []string{"g_i", "m_centre", "m_width", "m_weight", "int i", "Width tau"}},
		{"Go only", only, export.Options{Lang: export.Go, Name: "m"}, []string{
			"//\tf[k] = mBias[k] + sum_j mLinear[k][j] z[j]\n",
			"f[k] += mLinear[k][j] * v\n",
		}, []string{"g_i"}},
	} {
		src, err := export.Generate(c.m, c.opt)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkText(t, c.name, src, c.want, c.lack)
	}
}

// TestGeneratePower checks the header of a model on power-transformed inputs: the formula
// spells the transform out with the tables the code defines, and the C file's count of
// read-only numbers includes the transform's three a input.
func TestGeneratePower(t *testing.T) {
	plain := withLinear(randomModel(t, 70, 3, 4, 1, false), 71, 1)
	plain.Classes = []string{"a", "b"}
	mustCheck(t, plain)
	powered := *plain
	powered.Scaling.Power = &model.Power{Shift: []float64{0, 1, 2}, Scale: []float64{1, 2, 3}, Lambda: []float64{0, 1, -0.5}}
	mustCheck(t, &powered)
	if got, want := readOnly(t, &powered), readOnly(t, plain)+3*3; got != want {
		t.Errorf("read-only numbers %d with the transform, want %d", got, want)
	}
	for _, c := range []struct {
		opt  export.Options
		want []string
	}{
		{export.Options{Name: "m"}, []string{
			"u[j] = (x[j] - m_shift[j]) / m_power_scale[j]\n",
			"z[j] = (t[j] - m_mean[j]) / m_std[j]\n",
			"static const double m_power_scale[M_N_INPUTS] =\n",
			"static const double m_lambda[M_N_INPUTS] =\n",
		}},
		{export.Options{Lang: export.Go, Name: "m"}, []string{
			"u[j] = (x[j] - mShift[j]) / mPowerScale[j]\n",
			"z[j] = (t[j] - mMean[j]) / mStd[j]\n",
			"mPowerScale = [MInputs]float64{",
			"\tmLambda ", // (gofmt aligns the table names)
		}},
	} {
		src, err := export.Generate(&powered, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, string(c.opt.Lang), src, c.want, nil)
	}
}

// readOnly returns the count of read-only numbers in the header of m's C export.
func readOnly(t *testing.T, m *model.Model) int {
	t.Helper()
	src, err := export.Generate(m, export.Options{Name: "m"})
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	i := strings.Index(s, "Read-only tables: ")
	var n int
	if _, err := fmt.Sscanf(s[i+len("Read-only tables: "):], "%d", &n); i < 0 || err != nil {
		t.Fatalf("no count of read-only numbers: %v", err)
	}
	return n
}

// TestGenerateFill checks the exports of a model that fills missing inputs: the table of fill
// values and its line in the formula, the header's word on missing inputs, documentation that
// no longer says NaN is refused, and in C a count of read-only numbers that includes the
// fill values. (TestExamplesUpToDate checks that a model without them exports as before.)
func TestGenerateFill(t *testing.T) {
	plain := withLinear(randomModel(t, 80, 3, 4, 1, false), 81, 1)
	plain.Classes = []string{"a", "b"}
	mustCheck(t, plain)
	filled := *plain
	mustCheck(t, withFill(&filled))
	if got, want := readOnly(t, &filled), readOnly(t, plain)+3; got != want {
		t.Errorf("read-only numbers %d with the fill values, want %d", got, want)
	}
	refused := []string{"NaN or", "NaN and"}
	for _, c := range []struct {
		opt        export.Options
		want, lack []string
	}{
		{export.Options{Name: "m"}, []string{
			"Missing inputs (NaN) are filled with their training medians.\n",
			" *   x[j] = m_fill[j] where x[j] is missing\n",
			"static const double m_fill[M_N_INPUTS] =\n",
			"        z[j] = isnan(x[j]) ? m_fill[j] : x[j];",
			"-1 if an input is infinite",
			"Infinite inputs are refused (a negative return), NaN ones filled;",
		}, refused},
		{export.Options{Name: "m", Float: true}, []string{"static const float m_fill[M_N_INPUTS] =\n"}, refused},
		{export.Options{Lang: export.Go, Name: "m"}, []string{
			"Missing inputs (NaN) are filled with their training medians.\n",
			"//\tx[j] = mFill[j] where x[j] is missing\n",
			"\tmFill ", // (gofmt aligns the table names)
			"\t\tif math.IsNaN(v) { // a missing input: its training median\n\t\t\tv = mFill[j]\n",
			"they return ErrMInput for an infinite input.",
			"a value that is infinite\")",
		}, refused},
		{export.Options{Lang: export.Python, Name: "m"}, []string{
			"Missing inputs (None or NaN) are filled with their training medians.\n",
			"    x[j] = _m_fill[j] where x[j] is missing\n",
			"\n_m_fill = (",
			"        v = math.nan if x[j] is None else _m_number(j, x[j])\n",
			"        if math.isnan(v):  # a missing input: its training median\n            v = _m_fill[j]\n        elif",
			"or None or NaN where one is missing.",
		}, refused},
		{export.Options{Lang: export.JS, Name: "m"}, []string{
			"Missing inputs (null or NaN) are filled with their training medians.\n",
			"//     x[j] = _m_fill[j] where x[j] is missing\n",
			"\nconst _m_fill = [",
			"    if (v === null || Number.isNaN(v)) { // a missing input: its training median\n      v = _m_fill[j];\n",
			"of numbers and nulls (BigInts are taken)",
			"null or NaN where one is\n// missing.",
		}, refused},
	} {
		src, err := export.Generate(&filled, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, fmt.Sprintf("%+v", c.opt), src, c.want, c.lack)
		src, err = export.Generate(plain, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, fmt.Sprintf("%+v without fill", c.opt), src, []string{"NaN or"}, []string{"fill", "Fill", "issing"})
	}
}

// checkText reports, for the export named name, each string of want that src lacks and each
// of lack that it holds.
func checkText(t *testing.T, name string, src []byte, want, lack []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(string(src), w) {
			t.Errorf("%s: the export lacks %q", name, w)
		}
	}
	for _, w := range lack {
		if strings.Contains(string(src), w) {
			t.Errorf("%s: the export holds %q", name, w)
		}
	}
}
