package export_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// testCase is a model to export, compile and run, and the rows to run it on.
type testCase struct {
	name string
	m    *model.Model
	rows [][]float64
	// noFloat says that the single-precision export must fail (a value beyond float range).
	noFloat bool
}

// special returns rows that exercise the input checks and the overflow paths: NaN and
// infinite values, huge finite values, and the raw position of each of the first nodes.
func special(m *model.Model) [][]float64 {
	n := m.Inputs
	row := func(v float64, at int) []float64 {
		x := make([]float64, n)
		copy(x, m.Scaling.Mean)
		x[at] = v
		return x
	}
	rows := [][]float64{
		row(math.NaN(), 0), row(math.Inf(1), n-1), row(math.Inf(-1), 0),
		row(1e300, 0), row(-1e308, n-1), row(1e-300, 0),
	}
	for i, nd := range m.Nodes {
		if i == 3 {
			break
		}
		x := make([]float64, n)
		for j := range x {
			x[j] = m.Scaling.Mean[j] + m.Scaling.Std[j]*nd.Centre[j]
		}
		rows = append(rows, x)
	}
	return rows
}

// missing returns rows of x with missing (NaN) inputs: each input alone, every other one, all
// of them, and all but an infinite one at either end (refused, with Fill or without).
func missing(x []float64) [][]float64 {
	var rows [][]float64
	row := func(nan func(j int) bool) []float64 {
		r := slices.Clone(x)
		for j := range r {
			if nan(j) {
				r[j] = math.NaN()
			}
		}
		rows = append(rows, r)
		return r
	}
	for k := range x {
		row(func(j int) bool { return j == k })
	}
	row(func(j int) bool { return j%2 == 0 })
	row(func(int) bool { return true })
	row(func(int) bool { return true })[0] = math.Inf(1)
	row(func(int) bool { return true })[len(x)-1] = math.Inf(-1)
	return rows
}

// withFill gives m values that fill its missing inputs, half a deviation off the mean on
// alternate sides, and returns m.
func withFill(m *model.Model) *model.Model {
	m.Scaling.Fill = make([]float64, m.Inputs)
	for j := range m.Scaling.Fill {
		m.Scaling.Fill[j] = m.Scaling.Mean[j] + 0.5*m.Scaling.Std[j]*float64(1-2*(j%2))
	}
	return m
}

// around draws n raw inputs around a model's training distribution.
func around(m *model.Model, n int, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 17))
	rows := make([][]float64, n)
	for r := range rows {
		rows[r] = make([]float64, m.Inputs)
		for j := range rows[r] {
			rows[r][j] = m.Scaling.Mean[j] + 1.5*m.Scaling.Std[j]*rng.NormFloat64()
		}
	}
	return rows
}

// randomModel builds a model with random nodes: inputs, nodes, K outputs; perInput widths
// give every node one variance per input (the first node keeps one shared variance).
func randomModel(t testing.TB, seed uint64, inputs, nodes, k int, perInput bool) *model.Model {
	rng := rand.New(rand.NewPCG(seed, 3))
	m := &model.Model{Task: model.Classification, Method: "hand-built", Kernel: model.KernelGaussian, Inputs: inputs}
	for range inputs {
		m.Scaling.Mean = append(m.Scaling.Mean, 10*rng.NormFloat64())
		m.Scaling.Std = append(m.Scaling.Std, 0.1+5*rng.Float64())
	}
	for i := range nodes {
		nd := model.Node{Centre: make([]float64, inputs), Width: []float64{0.3 + 2*rng.Float64()}}
		for j := range nd.Centre {
			nd.Centre[j] = rng.NormFloat64()
		}
		if perInput && i > 0 {
			nd.Width = make([]float64, inputs)
			for j := range nd.Width {
				nd.Width[j] = 0.2 + 3*rng.Float64()
			}
		}
		m.Nodes = append(m.Nodes, nd)
	}
	m.Weights = make([][]float64, k)
	m.Bias = make([]float64, k)
	for o := range k {
		m.Weights[o] = make([]float64, nodes)
		for i := range m.Weights[o] {
			m.Weights[o][i] = 3 * rng.NormFloat64()
		}
		m.Bias[o] = 0.2 * rng.NormFloat64()
	}
	return m
}

// withLinear inserts linear nodes (random directions, no width) into m at the given
// positions of its node list, in order, with random weights in every output, and returns m.
func withLinear(m *model.Model, seed uint64, at ...int) *model.Model {
	rng := rand.New(rand.NewPCG(seed, 5))
	for _, i := range at {
		nd := model.Node{Kind: model.NodeLinear, Centre: make([]float64, m.Inputs)}
		for j := range nd.Centre {
			nd.Centre[j] = rng.NormFloat64()
		}
		m.Nodes = slices.Insert(m.Nodes, i, nd)
		for k := range m.Weights {
			m.Weights[k] = slices.Insert(m.Weights[k], i, 2*rng.NormFloat64())
		}
	}
	return m
}

// withQuadratic appends count quadratic nodes (random centres, lower triangular matrices of
// positive diagonal) to m, with random weights in every output, and returns m.
func withQuadratic(m *model.Model, seed uint64, count int) *model.Model {
	rng := rand.New(rand.NewPCG(seed, 6))
	for range count {
		nd := model.Node{Kind: model.NodeQuadratic, Centre: make([]float64, m.Inputs), Matrix: make([][]float64, m.Inputs)}
		for j := range nd.Centre {
			nd.Centre[j] = rng.NormFloat64()
			nd.Matrix[j] = make([]float64, j+1)
			for l := range j {
				nd.Matrix[j][l] = 0.5 * rng.NormFloat64()
			}
			nd.Matrix[j][j] = 0.5 + rng.Float64()
		}
		m.Nodes = append(m.Nodes, nd)
		for k := range m.Weights {
			m.Weights[k] = append(m.Weights[k], 0.3*rng.NormFloat64())
		}
	}
	return m
}

func mustCheck(t testing.TB, m *model.Model) *model.Model {
	t.Helper()
	if err := m.Check(); err != nil {
		t.Fatalf("hand-built model: %v", err)
	}
	return m
}

// testCases returns the models of the compile-and-run tests: real fits on generated data
// and hand-built models for what the fits do not make.
func testCases(t testing.TB) []testCase {
	t.Helper()
	var cases []testCase
	add := func(name string, m *model.Model, rows [][]float64, noFloat bool) {
		rows = append(append(rows, special(m)...), missing(rows[0])...)
		cases = append(cases, testCase{name, m, rows, noFloat})
	}
	fit := func(X [][]float64, y []float64, opt sparsekernel.Options) *model.Model {
		m, err := sparsekernel.Fit(X, y, opt)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}

	// Two-class, fitted by the default method (Gaussian nodes and a linear node).
	tr, te := synth.Ripley(150, 1), synth.Ripley(200, 2)
	labels := make([]string, len(tr.Y))
	for i, v := range tr.Y {
		labels[i] = map[bool]string{true: "yes", false: "no"}[v > 0]
	}
	m, err := sparsekernel.FitLabels(tr.X, labels, sparsekernel.Options{Features: []string{"x1", "x2"}})
	if err != nil {
		t.Fatal(err)
	}
	add("ripley", m, te.X, false)

	// Regression with Range clipping, fitted.
	rs, rt := synth.Sinc(150, 2, 0.1, 3), synth.Sinc(200, 2, 0, 4)
	add("sinc", fit(rs.X, rs.Y, sparsekernel.Options{Method: sparsekernel.LROLS, Task: model.Regression}), rt.X, false)

	// Wavelet LS-SVMs (one node per training point), fitted: a regressor (that fills missing
	// inputs) and a classifier.
	ws := synth.Sinc(60, 2, 0.05, 5)
	wavelet := sparsekernel.LSSVMOptions{Kernel: model.KernelWavelet, Tuner: "none", Gamma: 10, Width: 1.5}
	add("wavelet_reg", withFill(fit(ws.X, ws.Y, sparsekernel.Options{Method: sparsekernel.LSSVM, Task: model.Regression, LSSVM: wavelet})), rt.X[:100], false)
	wc := synth.Ripley(60, 6)
	add("wavelet_class", fit(wc.X, wc.Y, sparsekernel.Options{Method: sparsekernel.LSSVM, LSSVM: wavelet}), te.X[:100], false)

	// Four classes, calibrated, with awkward names, filling missing inputs.
	mc := randomModel(t, 7, 3, 8, 4, false)
	mc.Classes = []string{"setosa", "versi\"color\\", "virginica ??=", "autre é, with a label long enough to wrap the line of class names"}
	mc.Features = []string{"sepal length", "sepal */ width /*", "pétale\n"}
	mc.Calibration = &model.Calibration{Method: "multinomial-loo"}
	rng := rand.New(rand.NewPCG(8, 8))
	for range 4 {
		a := make([]float64, 4)
		for k := range a {
			a[k] = rng.NormFloat64()
		}
		mc.Calibration.A = append(mc.Calibration.A, a)
		mc.Calibration.B = append(mc.Calibration.B, rng.NormFloat64())
	}
	add("multi", mustCheck(t, withFill(mc)), around(mc, 200, 9), false)

	// Two classes, one variance per node and input, Platt calibration.
	md := randomModel(t, 10, 4, 6, 1, true)
	md.Classes = []string{"0", "1"}
	md.Calibration = &model.Calibration{Method: "platt-loo", A: [][]float64{{0}, {1.7}}, B: []float64{0, -0.3}}
	add("diag", mustCheck(t, md), around(md, 200, 11), false)

	// A regressor whose range clips both ends.
	mr := randomModel(t, 12, 1, 3, 1, false)
	mr.Task, mr.Classes, mr.Range = model.Regression, nil, []float64{-0.5, 0.5}
	add("clip", mustCheck(t, mr), around(mr, 100, 13), false)

	// No node at all: the bias only, refusing missing inputs or filling them.
	me := &model.Model{Task: model.Regression, Method: "hand-built", Kernel: model.KernelGaussian, Inputs: 2,
		Scaling: model.Scaling{Mean: []float64{0, 1}, Std: []float64{1, 2}}, Weights: [][]float64{{}}, Bias: []float64{1.5}}
	add("empty", mustCheck(t, me), around(me, 10, 14), false)
	mef := *me
	add("empty_fill", mustCheck(t, withFill(&mef)), around(me, 10, 14), false)

	// Weights that overflow near the nodes (and do not fit in a float).
	mo := randomModel(t, 15, 1, 2, 1, false)
	mo.Task, mo.Classes = model.Regression, nil
	mo.Nodes[1].Centre[0] = mo.Nodes[0].Centre[0]
	mo.Weights[0] = []float64{1e308, 1e308}
	add("overflow", mustCheck(t, mo), around(mo, 50, 16), true)
	// The same with a range: an infinite sum is refused, not clipped to an end.
	moc := *mo
	moc.Range = []float64{-1, 1}
	add("overflow_clip", mustCheck(t, &moc), around(mo, 50, 16), true)

	// Linear nodes, folded into one linear term by the export: mixed with Gaussian nodes or
	// alone, for each kind of output.
	for i, c := range []struct {
		name              string
		inputs, nodes, k  int
		perInput          bool
		linearAt          []int
		regression, calib bool
	}{
		{"lin_mixed", 3, 5, 1, false, []int{0, 3, 7}, false, true},
		{"lin_only", 4, 0, 1, false, []int{0, 1}, false, false},
		{"lin_clip", 2, 4, 1, true, []int{2, 5}, true, false},
		{"lin_only_reg", 3, 0, 1, false, []int{0, 1, 2}, true, false},
		{"lin_multi", 3, 6, 3, false, []int{1, 4}, false, true},
		{"lin_only_multi", 2, 0, 3, false, []int{0, 1}, false, false},
		{"lin_trend", 2, 4, 1, false, []int{1, 4}, true, false},
		{"lin_only_trend", 3, 0, 1, false, []int{0, 1}, true, false},
	} {
		seed := uint64(20 + 3*i)
		ml := withLinear(randomModel(t, seed, c.inputs, c.nodes, c.k, c.perInput), seed+1, c.linearAt...)
		switch {
		case c.regression && strings.HasSuffix(c.name, "trend"):
			// A range narrower than the trend's: rows beyond the trend's ends are clipped
			// at bounds it widened.
			ml.Task, ml.Range, ml.Trend, ml.Bias[0] = model.Regression, []float64{-0.2, 0.2}, []float64{-0.5, 0.5}, 0.1
			if c.name == "lin_trend" {
				withFill(ml)
			}
		case c.regression:
			ml.Task, ml.Range = model.Regression, []float64{-2.5, 2} // clips both ends
		case c.k == 1:
			ml.Classes = []string{"neg", "pos"}
		default:
			ml.Classes = []string{"a", "b", "c"}
		}
		if c.calib {
			ml.Calibration = &model.Calibration{Method: "hand-built"}
			for cl := range ml.Classes {
				a := make([]float64, c.k)
				for k := range a {
					a[k] = 0.5 * float64(cl+k+1)
				}
				ml.Calibration.A = append(ml.Calibration.A, a)
				ml.Calibration.B = append(ml.Calibration.B, 0.1*float64(cl))
			}
		}
		rows := around(ml, 200, seed+2)
		if ml.Trend != nil && widenedClips(ml, rows) == 0 {
			t.Fatalf("%s: no row clipped at a bound the trend widened: the case tests nothing of it", c.name)
		}
		add(c.name, mustCheck(t, ml), rows, false)
	}

	// Quadratic nodes (the classes' log-densities of a several-class map), after Gaussian
	// and linear nodes, and alone.
	mq := withQuadratic(withLinear(randomModel(t, 50, 3, 5, 3, false), 51, 1), 52, 3)
	mq.Classes = []string{"a", "b", "c"}
	add("quad_multi", mustCheck(t, mq), around(mq, 200, 53), false)
	mq1 := withQuadratic(randomModel(t, 54, 2, 0, 1, false), 55, 2)
	mq1.Classes = []string{"neg", "pos"}
	add("quad_only", mustCheck(t, mq1), around(mq1, 200, 56), false)

	// A power transform of the inputs (every kind of power, and an input left alone), with
	// rows below the shift too (the transform's linear continuation); the two-class model
	// fills missing inputs.
	for i, k := range []int{1, 3} {
		mp := withLinear(randomModel(t, uint64(60+i), 4, 5, k, false), uint64(62+i), 2)
		mp.Classes = []string{"a", "b"}
		if k == 3 {
			mp.Classes = append(mp.Classes, "c")
		}
		mp.Scaling.Power = &model.Power{Shift: make([]float64, 4), Scale: make([]float64, 4), Lambda: []float64{0, 0.5, 1, -1.5}}
		for j := range 4 {
			mp.Scaling.Power.Shift[j] = mp.Scaling.Mean[j] - 2*mp.Scaling.Std[j]
			mp.Scaling.Power.Scale[j] = 0.5 * mp.Scaling.Std[j]
		}
		if k == 1 {
			withFill(mp)
		}
		add(fmt.Sprintf("power_%d", k), mustCheck(t, mp), around(mp, 200, uint64(64+i)), false)
	}

	// Categorical inputs, with rows of their own (categoricalRows).
	return append(cases, categoricalCases(t)...)
}

// widenedClips counts the rows whose output a regressor clips to a bound that its trend
// widened beyond its range.
func widenedClips(m *model.Model, rows [][]float64) int {
	n := 0
	for _, x := range rows {
		lo, hi, err := m.Bounds(x)
		f, err2 := m.Decision(x)
		if err != nil || err2 != nil {
			continue
		}
		if lo < m.Range[0] && f[0] == lo || hi > m.Range[1] && f[0] == hi {
			n++
		}
	}
	return n
}

// result is what a driver prints for one row: the return codes, decision values, class,
// label, probabilities (classifiers) or value (regressors).
type result struct {
	status int
	f      []float64
	class  int
	label  string
	pstat  int
	p      []float64
	value  float64
}

// expect computes the result of row x from the model itself.
func expect(m *model.Model, x []float64) result {
	r := result{f: make([]float64, m.Outputs()), value: math.NaN()}
	err := m.DecisionTo(r.f, make([]float64, m.Width()), x)
	switch {
	case errors.Is(err, model.ErrInput):
		r.status = -1
	case errors.Is(err, model.ErrOverflow):
		r.status = -2
	case err != nil:
		panic(err)
	}
	if r.status != 0 {
		clear(r.f)
	}
	if m.Task == model.Classification {
		r.class, r.label, r.value = -1, "(null)", 0
	}
	if m.Calibration != nil {
		r.pstat = r.status
		r.p = make([]float64, len(m.Classes))
		if r.status == 0 {
			m.Probabilities(r.p, r.f)
		}
	}
	if r.status == 0 {
		r.value = r.f[0]
		if m.Task == model.Classification {
			r.class = model.Class(r.f)
			r.label = m.Classes[r.class]
		}
	}
	return r
}

// parseFloat reads a number printed by C or Go ("-nan" included).
func parseFloat(s string) (float64, error) {
	if strings.HasSuffix(s, "nan") {
		return math.NaN(), nil
	}
	return strconv.ParseFloat(s, 64)
}

// parseResults reads a driver's output: per row "status f_1..f_K [class [pstat p_1..p_C]
// \tlabel | value]".
func parseResults(m *model.Model, out string) ([]result, error) {
	var res []result
	for ln, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r result
		label := ""
		if m.Task == model.Classification {
			var ok bool
			line, label, ok = strings.Cut(line, "\t")
			if !ok {
				return nil, fmt.Errorf("line %d: no label in %q", ln+1, line)
			}
		}
		fs := strings.Fields(line)
		nums := make([]float64, len(fs))
		for i, s := range fs {
			v, err := parseFloat(s)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", ln+1, err)
			}
			nums[i] = v
		}
		k := m.Outputs()
		want := 1 + k + 1
		if m.Task == model.Classification && m.Calibration != nil {
			want += 1 + len(m.Classes)
		}
		if len(nums) != want {
			return nil, fmt.Errorf("line %d: %d fields, want %d: %q", ln+1, len(nums), want, line)
		}
		r.status, r.f = int(nums[0]), nums[1:1+k]
		rest := nums[1+k:]
		if m.Task == model.Regression {
			r.value = rest[0]
		} else {
			r.class, r.label = int(rest[0]), label
			if m.Calibration != nil {
				r.pstat, r.p = int(rest[1]), rest[2:]
			}
		}
		res = append(res, r)
	}
	return res, nil
}

// relErr is |a-b| relative to max(1, |b|).
func relErr(a, b float64) float64 {
	if math.IsNaN(a) && math.IsNaN(b) {
		return 0
	}
	return math.Abs(a-b) / max(1, math.Abs(b))
}

// compare checks a driver's results against the model's within tol (relative, for the
// decision values and the value; absolute, for the probabilities).
func compare(t *testing.T, tc testCase, got []result, tol float64) {
	t.Helper()
	if len(got) != len(tc.rows) {
		t.Fatalf("%d result lines for %d rows", len(got), len(tc.rows))
	}
	var worst float64
	for i, x := range tc.rows {
		want, g := expect(tc.m, x), got[i]
		if g.status != want.status || g.class != want.class || g.label != want.label || g.pstat != want.pstat {
			t.Errorf("row %d %v: status %d class %d label %q pstat %d, want %d %d %q %d",
				i+1, x, g.status, g.class, g.label, g.pstat, want.status, want.class, want.label, want.pstat)
			continue
		}
		for k := range want.f {
			worst = max(worst, relErr(g.f[k], want.f[k]))
		}
		if tc.m.Task == model.Regression {
			worst = max(worst, relErr(g.value, want.value))
		}
		for c := range want.p {
			if e := math.Abs(g.p[c] - want.p[c]); e > tol || math.IsNaN(g.p[c]) {
				t.Errorf("row %d: p[%d] = %v, want %v", i+1, c, g.p[c], want.p[c])
			}
		}
	}
	if worst > tol {
		t.Errorf("largest relative decision error %.3g, want at most %.3g", worst, tol)
	}
	t.Logf("%d rows, largest relative decision error %.3g", len(got), worst)
}

// compareFloat reports how a single-precision export agrees with the model and checks
// loose bounds only: decision errors within 1e-3 of the output scale and 90 % of the labels.
func compareFloat(t *testing.T, tc testCase, got []result) {
	t.Helper()
	m := tc.m
	var worst float64
	same, n := 0, 0
	for i, x := range tc.rows {
		want, g := expect(m, x), got[i]
		if want.status != 0 || g.status != 0 {
			continue
		}
		n++
		for k := range want.f {
			scale := math.Abs(m.Bias[k])
			for _, w := range m.Weights[k] {
				scale += math.Abs(w)
			}
			worst = max(worst, math.Abs(g.f[k]-want.f[k])/max(1, scale))
		}
		if g.class == want.class {
			same++
		}
	}
	t.Logf("float: %d rows, largest decision error %.3g of the output scale, %d/%d labels agree", n, worst, same, n)
	if worst > 1e-3 {
		t.Errorf("float decision error %.3g of the output scale", worst)
	}
	if m.Task == model.Classification && same < n*9/10 {
		t.Errorf("float labels agree on %d/%d rows only", same, n)
	}
}

// rowsText writes rows as the drivers read them: numbers separated by spaces.
func rowsText(rows [][]float64) []byte {
	var b bytes.Buffer
	for _, x := range rows {
		for j, v := range x {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func runCmd(t *testing.T, dir string, stdin []byte, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, errOut.String())
	}
	return out.String()
}

// cCompiler returns the C compiler to use ($CC, cc, gcc or clang), or skips the test.
func cCompiler(t *testing.T) string {
	t.Helper()
	return lookTool(t, "no C compiler found (set CC, or install gcc)", os.Getenv("CC"), "cc", "gcc", "clang")
}

// lookTool returns the path of the first of names (an empty one skipped) found in PATH, or
// skips the test, saying why.
func lookTool(t *testing.T, why string, names ...string) string {
	t.Helper()
	for _, c := range names {
		if c == "" {
			continue
		}
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	t.Skip(why)
	return ""
}

// strictC are the flags every export must compile cleanly with; extraC adds more warnings.
var (
	strictC = []string{"-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"}
	extraC  = []string{"-O2", "-Wconversion", "-Wshadow", "-Wdouble-promotion", "-Wmissing-prototypes",
		"-Wstrict-prototypes", "-Wcast-qual", "-Wundef", "-Wfloat-equal", "-Wvla"}
)

// cDriver returns a C program that includes the export and prints each stdin row's results;
// for a model with categorical inputs, given an argument, it prints instead the index that
// name_category returns for each stdin line "j name" (categoryQueries).
func cDriver(tc testCase, file string, float bool) string {
	p, P := tc.name, strings.ToUpper(tc.name)
	real, conv, format := "double", "strtod(s, &end)", "%.17g"
	if float {
		real, conv, format = "float", "strtof(s, &end)", "%.9g"
	}
	var b strings.Builder
	put := func(s string) {
		b.WriteString(strings.NewReplacer("$p_", p+"_", "$P_", P+"_", "$real", real, "$conv", conv, "$g", format).Replace(s))
		b.WriteByte('\n')
	}
	put(`#include <stdio.h>
#include <stdlib.h>
#include "` + file + `"
`)
	if tc.m.Categories != nil {
		put(`int main(int argc, char **argv)
{
    static char line[1 << 16];

    if (argc > 1 && argv[1][0] != '\0') { /* category lookups */
        while (fgets(line, sizeof line, stdin)) {
            char *name, *end;
            long j = strtol(line, &name, 10);

            name++; /* (the space) */
            for (end = name; *end != '\0' && *end != '\n'; end++)
                ;
            *end = '\0';
            printf("%d\n", $p_category((int)j, name));
        }
        return 0;
    }`)
	} else {
		put(`int main(void)
{
    static char line[1 << 16];
`)
	}
	put(`    while (fgets(line, sizeof line, stdin)) {
        $real x[$P_N_INPUTS], f[$P_N_OUTPUTS];
        char *s = line, *end;
        int j, k, r;

        for (j = 0; j < $P_N_INPUTS; j++) {
            x[j] = $conv;
            s = end;
        }
        r = $p_decision(x, f);
        printf("%d", r);
        for (k = 0; k < $P_N_OUTPUTS; k++)
            printf(" $g", r == 0 ? (double)f[k] : 0.0);`)
	if tc.m.Task == model.Regression {
		put(`        printf(" $g\n", (double)$p_value(x));`)
	} else {
		put(`        {
            int c = $p_predict(x);
            const char *name = $p_label(c);

            printf(" %d", c);`)
		if tc.m.Calibration != nil {
			put(`            {
                $real p[$P_N_CLASSES];
                int rp = $p_proba(x, p);

                printf(" %d", rp);
                for (k = 0; k < $P_N_CLASSES; k++)
                    printf(" $g", rp == 0 ? (double)p[k] : 0.0);
            }`)
		}
		put(`            printf("\t%s\n", name ? name : "(null)");
        }`)
	}
	put(`    }
    return 0;
}`)
	return b.String()
}

// TestCompiledC exports every test model to C, in double and single precision, compiles
// it with strict warnings, runs it on the test rows and compares with the model.
func TestCompiledC(t *testing.T) {
	cc := cCompiler(t)
	dir := t.TempDir()
	for _, tc := range testCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, float := range []bool{false, true} {
				file := tc.name + ".c"
				if float {
					file = tc.name + "_float.c"
				}
				src, err := export.Generate(tc.m, export.Options{Lang: export.C, Name: tc.name, Float: float, Source: tc.name + ".model.json"})
				if float && tc.noFloat {
					if !errors.Is(err, export.ErrFloatRange) {
						t.Errorf("float export of a model beyond float range: error %v, want ErrFloatRange", err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, file), src, 0o644); err != nil {
					t.Fatal(err)
				}
				// The file alone, with the required flags only, then in a program with more warnings.
				runCmd(t, dir, nil, nil, cc, append(strictC, "-c", "-o", file+".o", file)...)
				driver := "main_" + file
				if err := os.WriteFile(filepath.Join(dir, driver), []byte(cDriver(tc, file, float)), 0o644); err != nil {
					t.Fatal(err)
				}
				exe := filepath.Join(dir, strings.TrimSuffix(driver, ".c"))
				args := append(append(append([]string{}, strictC...), extraC...), "-o", exe, driver, "-lm")
				runCmd(t, dir, nil, nil, cc, args...)
				out := runCmd(t, dir, rowsText(tc.rows), nil, exe)
				got, err := parseResults(tc.m, out)
				if err != nil {
					t.Fatal(err)
				}
				if float {
					compareFloat(t, tc, got)
				} else {
					compare(t, tc, got, 1e-12)
				}
				if tc.m.Categories != nil {
					queries, want := categoryQueries(t, tc.m)
					checkLookups(t, runCmd(t, dir, queries, nil, exe, "categories"), queries, want)
				}
			}
		})
	}
}

// goDriver returns the main package that calls every exported model (package = test
// case name) and prints each stdin row's results; given a second argument, categories, it
// prints instead the index that the model's NameCategory returns for each stdin line "j name"
// (categoryQueries).
func goDriver(cases []testCase) string {
	var b strings.Builder
	b.WriteString(`package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
`)
	for _, tc := range cases {
		fmt.Fprintf(&b, "\t%q\n", "exportcheck/"+tc.name)
	}
	b.WriteString(`)

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func status(err, input, overflow error) int {
	switch err {
	case nil:
		return 0
	case input:
		return -1
	case overflow:
		return -2
	}
	panic(err)
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<20)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	if len(os.Args) > 2 && os.Args[2] == "categories" {
		for sc.Scan() {
			js, name, _ := strings.Cut(sc.Text(), " ")
			j, err := strconv.Atoi(js)
			if err != nil {
				panic(err)
			}
			fmt.Fprintln(w, category(os.Args[1], j, name))
		}
		return
	}
	for sc.Scan() {
		var x []float64
		for _, s := range strings.Fields(sc.Text()) {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				panic(err)
			}
			x = append(x, v)
		}
		switch os.Args[1] {
`)
	for _, tc := range cases {
		r := strings.NewReplacer("$pkg", tc.name, "$P", goExported(tc.name))
		put := func(s string) { b.WriteString(r.Replace(s) + "\n") }
		put(`		case "$pkg":
			f, err := $pkg.$PDecision(x)
			fmt.Fprint(w, status(err, $pkg.Err$PInput, $pkg.Err$POverflow))
			for _, v := range f {
				fmt.Fprint(w, " ", num(v))
			}`)
		if tc.m.Task == model.Regression {
			put(`			v, _ := $pkg.$PValue(x)
			fmt.Fprintln(w, "", num(v))`)
			continue
		}
		put(`			c, _ := $pkg.$PPredict(x)
			fmt.Fprint(w, " ", c)
			name := $pkg.$PLabel(c)
			if c < 0 {
				name = "(null)"
			}`)
		if tc.m.Calibration != nil {
			put(`			p, err := $pkg.$PProba(x)
			fmt.Fprint(w, " ", status(err, $pkg.Err$PInput, $pkg.Err$POverflow))
			for _, v := range p {
				fmt.Fprint(w, " ", num(v))
			}`)
		}
		put(`			fmt.Fprintf(w, "\t%s\n", name)`)
	}
	b.WriteString("\t\t}\n\t}\n}\n")
	b.WriteString("\n// category calls the category lookup of the export named pkg.\nfunc category(pkg string, j int, name string) int {\n\tswitch pkg {\n")
	for _, tc := range cases {
		if tc.m.Categories != nil {
			fmt.Fprintf(&b, "\tcase %q:\n\t\treturn %s.%sCategory(j, name)\n", tc.name, tc.name, goExported(tc.name))
		}
	}
	b.WriteString("\t}\n\tpanic(pkg)\n}\n")
	return b.String()
}

// goExported is the exported form of a name prefix ("wavelet_reg": "WaveletReg").
func goExported(name string) string {
	var b strings.Builder
	for _, part := range strings.Split(name, "_") {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// TestCompiledGo exports every test model to Go, builds them in a temporary module with a
// driver, runs it on the test rows and compares with the model.
func TestCompiledGo(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH")
	}
	cases := testCases(t)
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// go 1.21: the exports need no recent language feature.
	write("go.mod", []byte("module exportcheck\n\ngo 1.21\n"))
	for _, tc := range cases {
		src, err := export.Generate(tc.m, export.Options{Lang: export.Go, Name: tc.name, Source: tc.name + ".model.json"})
		if err != nil {
			t.Fatal(err)
		}
		write(filepath.Join(tc.name, tc.name+".go"), src)
	}
	write("main.go", []byte(goDriver(cases)))
	env := []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local", "CGO_ENABLED=0"}
	runCmd(t, dir, nil, env, goTool, "vet", "./...")
	runCmd(t, dir, nil, env, goTool, "build", "-o", "driver", ".")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := runCmd(t, dir, rowsText(tc.rows), nil, filepath.Join(dir, "driver"), tc.name)
			got, err := parseResults(tc.m, out)
			if err != nil {
				t.Fatal(err)
			}
			compare(t, tc, got, 1e-12)
			if tc.m.Categories != nil {
				queries, want := categoryQueries(t, tc.m)
				checkLookups(t, runCmd(t, dir, queries, nil, filepath.Join(dir, "driver"), tc.name, "categories"), queries, want)
			}
		})
	}
}

// driverArgs returns the arguments of a Python or JavaScript driver for tc: the script, the
// case's name, and fill if its model fills missing inputs.
func driverArgs(script string, tc testCase) []string {
	if tc.m.Scaling.Fill != nil {
		return []string{script, tc.name, "fill"}
	}
	return []string{script, tc.name}
}

// checkLines compares a script's output lines with want, where an empty want is a class index
// (0 or 1), the same on every such line.
func checkLines(t *testing.T, out string, want []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
	}
	class := ""
	for i, w := range want {
		if w == "" && (lines[i] == "0" || lines[i] == "1") {
			if class != "" && lines[i] != class {
				t.Errorf("line %d: class %s, want %s as above", i+1, lines[i], class)
			}
			class = lines[i]
			continue
		}
		if lines[i] != w {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], w)
		}
	}
}

// fuzzScript checks that every model file that loads exports to lang (Python or JavaScript)
// without error (but for linear nodes that overflow, which Generate refuses), as check accepts
// it: printable ASCII, a header that no text from the model ends early, labels and feature
// names that decode to the model's. The seeds are FuzzExport's.
func fuzzScript(f *testing.F, lang export.Lang, check func(*testing.T, *model.Model, string, []byte)) {
	addModelSeeds(f, append(testCases(f), testCase{name: "hostile", m: hostile(f)}))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := model.Read(bytes.NewReader(data), "fuzz")
		if err != nil || m.Inputs*(m.Size()+1) > 1e5 {
			return
		}
		src, err := export.Generate(m, export.Options{Lang: lang, Name: "fuzz", Source: m.Method})
		if errors.Is(err, export.ErrLinearRange) {
			return
		}
		if err != nil {
			t.Fatalf("%s export: %v", lang, err)
		}
		check(t, m, "FUZZ_", src)
	})
}

// stringList decodes the string literals at the start of rest (after a list's opening
// bracket), separated by commas and blanks, up to end, each read by unquote (which returns
// the string and the text after its literal).
func stringList(rest, end string, unquote func(string) (string, string, error)) ([]string, error) {
	out := []string{}
	for {
		rest = strings.TrimLeft(rest, " \n")
		switch {
		case strings.HasPrefix(rest, end):
			return out, nil
		case strings.HasPrefix(rest, ","):
			rest = rest[1:]
			continue
		}
		s, r, err := unquote(rest)
		if err != nil {
			return nil, err
		}
		out, rest = append(out, s), r
	}
}

// checkNames checks that a script export's labels (of a classifier) and feature names, read
// from src by list (the constants prefix+"LABELS" and prefix+"FEATURES"), are the model's.
func checkNames(t *testing.T, m *model.Model, src, prefix string, list func(src, name string) ([]string, error)) {
	t.Helper()
	if m.Task == model.Classification {
		labels, err := list(src, prefix+"LABELS")
		if err != nil || !slices.Equal(labels, m.Classes) {
			t.Fatalf("labels %q (%v), want %q", labels, err, m.Classes)
		}
	}
	features, err := list(src, prefix+"FEATURES")
	if err != nil || !slices.Equal(features, m.Features) || (features == nil) != (m.Features == nil) {
		t.Fatalf("features %q (%v), want %q", features, err, m.Features)
	}
}

// TestEstimateNamed checks that the header names the model's error estimate as train and info
// do: a cross-validation of the whole fit, a LOO over the weights only, or the LOO.
func TestEstimateNamed(t *testing.T) {
	for _, tc := range []struct {
		scope, want string
	}{
		{"", "LOO misclassification rate 0.125."},
		{"cv", "Cross-validated misclassification rate 0.125."},
		{"weights", "LOO misclassification rate 0.125 over the weights only (optimistic: the nodes were fitted to every point)."},
	} {
		m := randomModel(t, 11, 2, 3, 1, false)
		m.Classes = []string{"a", "b"}
		m.Training.LOOError, m.Training.LOOScope = 0.125, tc.scope
		src, err := export.Generate(mustCheck(t, m), export.Options{Lang: export.Python})
		if err != nil {
			t.Fatal(err)
		}
		if words := strings.Join(strings.Fields(string(src)), " "); !strings.Contains(words, " "+tc.want+" ") { // (lines wrapped)
			t.Errorf("scope %q: the header lacks %q:\n%s", tc.scope, tc.want, src[:min(len(src), 1500)])
		}
	}
}
