// Package export writes a trained sparsekernel model as one self-contained source file, in
// C99, Go, Python 3 or JavaScript (an ES module), that predicts exactly like the model: the
// input scaling (with the values that fill missing inputs, where the model has them), the
// nodes, the weights and biases, the class labels and the calibration become constant tables,
// and the prediction becomes a few small functions with no dependency beyond the language's
// maths library (and, in C and Go, no allocation).
//
// The generated code mirrors model.Model.DecisionTo operation by operation, so that the
// double-precision exports agree with the model to the last few bits (the C library's exp and
// cos may differ from Go's by an ulp, Python's math module calls the C library's, and a
// JavaScript engine has its own Math.exp and Math.cos). The one departure is for linear nodes
// (kind model.NodeLinear): the export folds their weights and directions into one linear term
// in the standardised inputs (a table of Width coefficients per output, computed in double
// precision), which the code adds after the bias and before the Gaussian nodes. That reorders
// the sum, so the results may differ from the model's in the last bits. Quadratic nodes (kind
// model.NodeQuadratic) come after the Gaussian nodes, each with its centre, its lower
// triangular matrix (a table of Width x Width values a node, zero above the diagonal) and its
// weights, computed as the model computes them. The C export can also be written in single
// precision (Options.Float) for devices without double-precision hardware.
//
// Width is model.Model.Width, the number of encoded inputs: Inputs, but for a model with
// categorical inputs (model.Model.Categories). The functions of such an export take the raw
// input, as model.Model.Decision does, a categorical input holding its category's index (-1
// for a category not seen in training, missing where it is missing), and encode it as
// model.Model.Encode does, one indicator a category, before they standardise it; a value that
// is no category's index is refused as an infinite one is. The Python and JavaScript
// functions also take a category's name (a name not seen in training standing for -1), and the
// C and Go exports declare a function that returns a name's index (name_category,
// NameCategory). The header documents each categorical input's categories and their indices.
package export

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sparsekernel/sparsekernel/internal/version"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

// Lang is a target language.
type Lang string

// The target languages.
const (
	C      Lang = "c"
	Go     Lang = "go"
	Python Lang = "python"
	JS     Lang = "js" // JavaScript: one ES module
)

// Options configures Generate.
type Options struct {
	// Lang is the target language; "" means C.
	Lang Lang
	// Name prefixes every name the file declares (C: name_predict, NAME_N_INPUTS; Go:
	// NamePredict, NameInputs; Python and JavaScript: name_predict, NAME_N_INPUTS). It must
	// be an ASCII identifier that starts with a letter, for Python not a Python keyword, and
	// for JavaScript not a JavaScript reserved word; "" means "model". NameFromFile derives
	// one from a model file name.
	Name string
	// Package is the Go package name; "" means Name in lower case (or "model" if that is
	// not a valid package name).
	Package string
	// Float writes a C export in single precision (float, expf, cosf). Go, Python and
	// JavaScript exports are always in double precision.
	Float bool
	// Source names where the model came from (usually its file name), for the header comment.
	Source string
}

// spaces are the white space characters around a category's name that the readers drop
// (strings.TrimSpace: unicode.IsSpace) and every export drops too, so that a name in a file
// the model was trained on finds its category in any language.
var spaces = []rune{'\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680,
	0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A,
	0x2028, 0x2029, 0x202F, 0x205F, 0x3000}

// fillNote says what a model does with a missing categorical input, for the documentation of
// the C and Go lookups of a category's name.
func fillNote(m *model.Model) string {
	if m.Scaling.Fill != nil {
		return ", which the model fills with its training median"
	}
	return " (the model, trained without missing values, refuses it)"
}

// floatSteps is how many steps of single precision, at least, a regressor's training range
// must span for a float export (floatResolution): a thousand, an output to a thousandth of
// the range.
const floatSteps = 1000

// inputSteps is how many steps of single precision, at least, a standard deviation of an
// input must span for a float export (floatResolution): an input read to a hundredth of it.
const inputSteps = 100

// floatResolution refuses a single-precision export of a model with an input, or a regressor
// with outputs, so far from zero against their spread (a time stamp, 1.7e9 + t; targets with a
// large offset, 1e9 + y) that floats near them cannot tell floatSteps values apart across a
// scale unit of the input or the training targets' range: every output would round to one of
// a few values, silently.
func floatResolution(m *model.Model) error {
	// An input far from zero against its spread (a time stamp, 1.7e9 + t) loses its digits in
	// the float that holds it before it is standardised: z_j = (x_j - mean_j) / std_j.
	name := func(j int) string {
		if j < len(m.Features) && m.Categories == nil {
			return fmt.Sprintf("input %d (%s)", j+1, m.Features[j])
		}
		return fmt.Sprintf("input %d", j+1)
	}
	for j := range m.Scaling.Mean {
		shift, spread, ok := floatInput(m, j)
		if !ok {
			continue // beyond float range: the generator names it (ErrFloatRange)
		}
		if step := floatStep(shift); float64(step)*inputSteps > spread {
			return fmt.Errorf("%w: single precision cannot hold %s to the digits the model reads: near %g floats are %g apart, "+
				"and it is scaled by %g; export in double precision (without -float), or train on the input less its offset",
				ErrFloatPrecision, name(j), shift, step, spread)
		}
	}
	tolerance, of := 1.0/floatSteps, "a thousandth of a unit of the decision values"
	if m.Task == model.Regression && len(m.Range) == 2 {
		lo, hi := m.Range[0], m.Range[1]
		at := max(math.Abs(lo), math.Abs(hi), math.Abs(m.Bias[0]))
		step := floatStep(at)
		if !(hi > lo && float64(step)*floatSteps <= hi-lo) {
			return fmt.Errorf("%w: single precision cannot tell the regressor's outputs apart: near %g floats are %g apart, "+
				"and the training targets span %s; export in double precision (without -float), or train on the targets less their offset",
				ErrFloatPrecision, at, step, words.Range(lo, hi))
		}
		tolerance, of = (hi-lo)/floatSteps, "a thousandth of the training targets' range "+words.Range(lo, hi)
	}
	big := func(v float64) bool { return math.Abs(v) > math.MaxFloat32 }
	if slices.ContainsFunc(m.Bias, big) || slices.ContainsFunc(m.Weights, func(w []float64) bool { return slices.ContainsFunc(w, big) }) {
		return nil // (beyond float range: the generator names it, ErrFloatRange)
	}
	for k := range m.Weights {
		terms, inputs := floatError(m, k)
		if terms+inputs > tolerance {
			return fmt.Errorf("%w: single precision would compute the model's output%s to about %.2g (%.2g from rounding its terms, "+
				"which cancel, %.2g from the inputs' rounding), more than %s; export in double precision (without -float)",
				ErrFloatPrecision, outputName(m, k), terms+inputs, terms, inputs, of)
		}
	}
	return nil
}

// floatError estimates the error of a single-precision computation of output k of m (a bound
// on the standardised inputs within 3 of 0): terms, the rounding of a sum whose terms cancel,
// epsilon times |b_k| plus the terms' largest magnitudes (sum of |w_ki| g_i, g_i at most 1 for
// a Gaussian or wavelet node, |c_i| 3 for a linear one); inputs, each input's rounding
// (half a float step at its offset, over its scale) times the output's largest slope along
// it (sum of |w_ki| times 1/(sigma sqrt(e)) for a Gaussian node of standard deviation sigma,
// 2.4/a for a wavelet node of dilation a, |c_ij| for a linear one). Quadratic nodes are left
// out (their values grow with the inputs beyond any such bound).
func floatError(m *model.Model, k int) (terms, inputs float64) {
	const eps = 0x1p-24 // a float's relative rounding
	w := m.Width()
	sum := math.Abs(m.Bias[k])
	slope := make([]float64, w)
	for i, nd := range m.Nodes {
		a := math.Abs(m.Weights[k][i])
		switch {
		case nd.Kind == model.NodeLinear:
			for j, c := range nd.Centre {
				sum += 3 * a * math.Abs(c)
				slope[j] += a * math.Abs(c)
			}
		case nd.Kind != "":
		case m.Kernel == model.KernelWavelet:
			sum += a
			for j := range slope {
				slope[j] += 2.4 * a / nd.Width[0]
			}
		default:
			sum += a
			for j := range slope {
				v := nd.Width[0]
				if len(nd.Width) == w {
					v = nd.Width[j]
				}
				slope[j] += a / math.Sqrt(math.E*v)
			}
		}
	}
	for j, s := range slope {
		if shift, spread, ok := floatInput(m, j); ok {
			inputs += s * float64(floatStep(shift)) / 2 / spread
		}
	}
	return eps * sum, inputs
}

// floatInput returns the offset and the scale of encoded input j of m before it is
// standardised (its power transform's where it has one): z_j = (x_j - shift) / spread. ok is
// false where they are beyond float range (the generator names such a model, ErrFloatRange).
func floatInput(m *model.Model, j int) (shift, spread float64, ok bool) {
	shift, spread = m.Scaling.Mean[j], m.Scaling.Std[j]
	if p := m.Scaling.Power; p != nil && p.Lambda[j] != 1 {
		shift, spread = p.Shift[j], p.Scale[j] // (transformed before it is standardised)
	}
	return shift, spread, float32(spread) != 0 && !math.IsInf(float64(float32(shift)), 0)
}

// outputName names output k of m for a message: "" for a model of one output.
func outputName(m *model.Model, k int) string {
	if len(m.Weights) == 1 {
		return ""
	}
	return fmt.Sprintf(" for class %q", m.Classes[k])
}

// floatStep returns the spacing of floats (single precision) at |v|.
func floatStep(v float64) float32 {
	f := float32(math.Abs(v))
	return math.Nextafter32(f, float32(math.Inf(1))) - f
}

// ErrOption reports an option that Generate cannot honour.
var ErrOption = errors.New("bad export option")

// ErrLinearRange reports a model whose linear nodes fold into a coefficient beyond the
// double-precision range (weights times directions that overflow; see the package comment).
var ErrLinearRange = errors.New("linear term out of double-precision range")

// ErrFloatRange reports a model value that does not fit in a float for a single-precision
// export (a number beyond 3.4e38, or a scale or width that rounds to zero).
var ErrFloatRange = errors.New("value out of single-precision range")

// ErrFloatPrecision reports a model that single precision cannot resolve (floatResolution): an
// input, or a regressor's outputs, so far from zero against their spread that floats there
// cannot tell their values apart.
var ErrFloatPrecision = errors.New("beyond single precision's resolution")

// Generate returns the source file exporting m. The model is checked first (model.Check);
// a model whose linear nodes fold into a coefficient beyond double-precision range is
// refused with ErrLinearRange.
func Generate(m *model.Model, opt Options) ([]byte, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	m, lin, err := splitLinear(m)
	if err != nil {
		return nil, err
	}
	if opt.Name == "" {
		opt.Name = "model"
	}
	if err := ValidName(opt.Name); err != nil {
		return nil, err
	}
	switch opt.Lang {
	case C, "":
		if opt.Package != "" {
			return nil, fmt.Errorf("%w: a package name is for Go exports only", ErrOption)
		}
		if opt.Float {
			if err := floatResolution(m); err != nil {
				return nil, err
			}
		}
		return genC(m, lin, opt)
	case Go:
		if opt.Float {
			return nil, fmt.Errorf("%w: single precision is for C exports only", ErrOption)
		}
		if opt.Package == "" {
			opt.Package = strings.ToLower(opt.Name)
			if ValidPackage(opt.Package) != nil {
				opt.Package = "model"
			}
		}
		if err := ValidPackage(opt.Package); err != nil {
			return nil, err
		}
		return genGo(m, lin, opt)
	case Python, JS:
		switch {
		case opt.Float:
			return nil, fmt.Errorf("%w: single precision is for C exports only", ErrOption)
		case opt.Package != "":
			return nil, fmt.Errorf("%w: a package name is for Go exports only", ErrOption)
		}
		if err := ValidNameFor(opt.Lang, opt.Name); err != nil {
			return nil, err
		}
		if opt.Lang == JS {
			return genJS(m, lin, opt)
		}
		return genPython(m, lin, opt)
	default:
		return nil, fmt.Errorf("%w: language %q (want c, go, python or js)", ErrOption, opt.Lang)
	}
}

// ValidName reports whether s can prefix the exported names: an ASCII letter followed by
// ASCII letters, digits and underscores.
func ValidName(s string) error {
	if s == "" || !isLetter(s[0]) {
		return fmt.Errorf("%w: name %q must start with an ASCII letter", ErrOption, s)
	}
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) && !isDigit(s[i]) && s[i] != '_' {
			return fmt.Errorf("%w: name %q holds %q; use ASCII letters, digits and underscores", ErrOption, s, s[i])
		}
	}
	return nil
}

// ValidPackage reports whether s is a usable Go package name: a valid name (see ValidName)
// that is not a Go keyword.
func ValidPackage(s string) error {
	if err := ValidName(s); err != nil {
		return err
	}
	if goKeywords[s] {
		return fmt.Errorf("%w: package name %q is a Go keyword", ErrOption, s)
	}
	return nil
}

var goKeywords = map[string]bool{
	"break": true, "case": true, "chan": true, "const": true, "continue": true, "default": true,
	"defer": true, "else": true, "fallthrough": true, "for": true, "func": true, "go": true, "goto": true,
	"if": true, "import": true, "interface": true, "map": true, "package": true, "range": true,
	"return": true, "select": true, "struct": true, "switch": true, "type": true, "var": true,
}

// maxDerivedName bounds the length of a name derived from a file name (C99 guarantees 31
// significant characters in external names, and the suffixes add up to 11).
const maxDerivedName = 20

// NameFromFile derives a name prefix from a model file name: the base name without the
// extensions .json and .model, with every run of other characters than ASCII letters and
// digits replaced by an underscore, led by "model_" if it starts with a digit, and
// "model" if nothing is left.
func NameFromFile(path string) string {
	base := filepath.Base(path)
	for _, ext := range []string{".json", ".model", ".JSON"} {
		base = strings.TrimSuffix(base, ext)
	}
	var b strings.Builder
	under := false
	for i := 0; i < len(base); i++ {
		c := base[i]
		if isLetter(c) || isDigit(c) {
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteByte(c)
		} else {
			under = true
		}
	}
	s := b.String()
	if s == "" {
		return "model"
	}
	if isDigit(s[0]) {
		s = "model_" + s
	}
	if len(s) > maxDerivedName {
		s = strings.TrimRight(s[:maxDerivedName], "_")
	}
	return s
}

// linearPart is a model's nodes other than its kernel's: its linear nodes folded into one
// term in the standardised inputs (output k gets sum_j table[k][j] z[j]), and its quadratic
// nodes.
type linearPart struct {
	// table[k][j] = sum over the linear nodes i of Weights[k][i] * Centre_i[j], computed in
	// float64; nil when the model has no linear node.
	table [][]float64
	// nodes is the number of linear nodes folded into table.
	nodes int
	// quad holds the quadratic nodes, qweight[k][q] the weight of quad[q] in output k.
	quad    []model.Node
	qweight [][]float64
}

// qmatrix returns quadratic node q's matrix as a row-major table of n x n values (n the
// model's Width, its encoded inputs), zero above the diagonal.
func (lin linearPart) qmatrix(q, n int) []float64 {
	out := make([]float64, n*n)
	for j, row := range lin.quad[q].Matrix {
		copy(out[j*n:], row)
	}
	return out
}

// splitLinear splits m into its kernel nodes and its other nodes: the model it returns is a
// shallow copy of m with the kernel nodes only and their weight columns (m itself when m
// has no other node). The error wraps ErrLinearRange when a folded coefficient overflows.
func splitLinear(m *model.Model) (*model.Model, linearPart, error) {
	var lin linearPart
	other := 0
	for _, nd := range m.Nodes {
		if nd.Kind == model.NodeLinear {
			lin.nodes++
		}
		if nd.Kind != "" {
			other++
		}
	}
	if other == 0 {
		return m, lin, nil
	}
	km := *m
	km.Nodes = make([]model.Node, 0, len(m.Nodes)-other)
	km.Weights = make([][]float64, len(m.Weights))
	if lin.nodes > 0 {
		lin.table = make([][]float64, len(m.Weights))
	}
	if other > lin.nodes {
		lin.qweight = make([][]float64, len(m.Weights))
	}
	for k := range m.Weights {
		km.Weights[k] = make([]float64, 0, len(km.Nodes))
		if lin.table != nil {
			lin.table[k] = make([]float64, m.Width())
		}
	}
	for i, nd := range m.Nodes {
		switch nd.Kind {
		case "":
			km.Nodes = append(km.Nodes, nd)
			for k, w := range m.Weights {
				km.Weights[k] = append(km.Weights[k], w[i])
			}
		case model.NodeQuadratic:
			lin.quad = append(lin.quad, nd)
			for k, w := range m.Weights {
				lin.qweight[k] = append(lin.qweight[k], w[i])
			}
		default:
			for k, w := range m.Weights {
				for j, c := range nd.Centre {
					lin.table[k][j] += w[i] * c
				}
			}
		}
	}
	for k, row := range lin.table {
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, lin, fmt.Errorf("%w: coefficient %d of output %d", ErrLinearRange, j+1, k+1)
			}
		}
	}
	return &km, lin, nil
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// goNames returns the exported (Camel) and unexported (camel) forms of a name prefix:
// "ripley_5" gives "Ripley5" and "ripley5".
func goNames(name string) (exported, unexported string) {
	var b strings.Builder
	for _, part := range strings.Split(name, "_") {
		if part == "" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	exported = b.String()
	if exported == "" { // only underscores: ValidName refuses it, but stay safe
		exported = "Model"
	}
	r := []rune(exported)
	r[0] = unicode.ToLower(r[0])
	return exported, string(r)
}

// goFloat writes v as a Go or C double literal that reads back exactly.
func goFloat(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEnN") {
		s += ".0"
	}
	return s
}

// cFloat writes v as a C float literal (with the f suffix) of the float nearest v.
func cFloat(v float64) (string, error) {
	f := float32(v)
	if math.IsInf(float64(f), 0) {
		return "", fmt.Errorf("%w: %v", ErrFloatRange, v)
	}
	s := strconv.FormatFloat(float64(f), 'g', -1, 32)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s + "f", nil
}

// kind describes the model in a few words: "two-class classifier".
func kind(m *model.Model) string {
	switch {
	case m.Task == model.Regression && m.Trend != nil:
		return "regressor (output clipped to the training range, widened along its linear trend)"
	case m.Task == model.Regression && m.Range != nil:
		return "regressor (output clipped to the training range)"
	case m.Task == model.Regression:
		return "regressor"
	case len(m.Classes) == 2:
		return "two-class classifier"
	default:
		return fmt.Sprintf("%d-class classifier (one output per class)", len(m.Classes))
	}
}

// widthForm says how the nodes' widths are stored: "shared" (one variance per node, or the
// wavelet dilation) or "diag" (one variance per node and input).
func widthForm(m *model.Model) string {
	if m.Kernel == model.KernelWavelet {
		return "shared"
	}
	for _, nd := range m.Nodes {
		if len(nd.Width) != 1 {
			return "diag"
		}
	}
	return "shared"
}

// nodeWidths returns node i's widths in the table form: its one value ("shared"), or Width
// values ("diag"; a node with one variance repeats it).
func nodeWidths(m *model.Model, i int, form string) []float64 {
	w := m.Nodes[i].Width
	if form == "shared" || len(w) == m.Width() {
		return w
	}
	out := make([]float64, m.Width())
	for j := range out {
		out[j] = w[0]
	}
	return out
}

// kernelText describes the model's nodes of its kernel for the header: "12 Gaussian nodes (one
// variance per node)".
func kernelText(m *model.Model, form string) string {
	n := len(m.Nodes)
	switch {
	case m.Kernel == model.KernelWavelet:
		return words.Count(n, "wavelet node") + " (one dilation per node)"
	case form == "diag":
		return words.Count(n, "Gaussian node") + " (one variance per node and input)"
	default:
		return words.Count(n, "Gaussian node") + " (one variance per node)"
	}
}

// formula returns the lines of the prediction formula for a header comment, the tables named
// by table (table("mean") is C's $p_mean, Go's $pMean).
func formula(m *model.Model, lin linearPart, table func(string) string) []string {
	mean, std, centre, width := table("mean"), table("std"), table("centre"), table("width")
	bias, weight, linear := table("bias"), table("weight"), table("linear")
	var lines []string
	x := "x" // the input that is standardised: the raw one, or the encoded one
	if categorical(m) > 0 {
		x = "e"
		lines = append(lines,
			"e    = x with each categorical input x[j] replaced by one indicator a category, in order:",
			"       1 for category x[j], 0 for the others (all 0 for -1, all missing where x[j] is)")
	}
	if m.Scaling.Fill != nil {
		lines = append(lines, x+"[j] = "+table("fill")+"[j] where "+x+"[j] is missing")
	}
	if m.Scaling.Power != nil {
		lambda := table("lambda")
		lines = append(lines,
			"u[j] = ("+x+"[j] - "+table("shift")+"[j]) / "+table("power_scale")+"[j]",
			"t[j] = "+x+"[j] where "+lambda+"[j] = 1; else ((u[j] + 1)^"+lambda+"[j] - 1) / "+lambda+"[j] for u[j] >= 0",
			"       (log(u[j] + 1) at "+lambda+"[j] = 0), u[j] for u[j] < 0",
			"z[j] = (t[j] - "+mean+"[j]) / "+std+"[j]")
	} else {
		lines = append(lines, "z[j] = ("+x+"[j] - "+mean+"[j]) / "+std+"[j]")
	}
	switch {
	case len(m.Nodes) == 0 && lin.table != nil: // no g_i
	case m.Kernel == model.KernelWavelet:
		lines = append(lines, "g_i  = prod_j cos(1.75 d_j) exp(-d_j^2 / 2),  d_j = (z[j] - "+centre+"[i][j]) / "+width+"[i]")
	case widthForm(m) == "diag":
		lines = append(lines, "g_i  = exp(-0.5 sum_j (z[j] - "+centre+"[i][j])^2 / "+width+"[i][j])")
	default:
		lines = append(lines, "g_i  = exp(-0.5 sum_j (z[j] - "+centre+"[i][j])^2 / "+width+"[i])")
	}
	if lin.quad != nil {
		n := "n inputs"
		if categorical(m) > 0 {
			n = "n encoded inputs"
		}
		lines = append(lines, "h_q  = -0.5 sum_j (sum_{l=0..j} "+table("qmatrix")+"[q][j n + l] (z[l] - "+table("qcentre")+"[q][l]))^2,  "+n)
	}
	f := "f[k] = " + bias + "[k]"
	if lin.table != nil {
		f += " + sum_j " + linear + "[k][j] z[j]"
	}
	if len(m.Nodes) > 0 || (lin.table == nil && lin.quad == nil) {
		f += " + sum_i " + weight + "[k][i] g_i"
	}
	if lin.quad != nil {
		f += " + sum_q " + table("qweight") + "[k][q] h_q"
	}
	lines = append(lines, f)
	switch {
	case m.Task == model.Regression && m.Trend != nil:
		t := "0"
		if lin.table != nil {
			t = "sum_j " + linear + "[0][j] z[j]"
		}
		lines = append(lines, "value = f[0] clipped to ["+table("range")+"[0] + min(0, t - "+table("trend")+"[0]), "+
			table("range")+"[1] + max(0, t - "+table("trend")+"[1])],  t = "+t)
	case m.Task == model.Regression && m.Range != nil:
		lines = append(lines, "value = f[0] clipped to ["+table("range")+"[0], "+table("range")+"[1]]")
	case m.Task == model.Regression:
		lines = append(lines, "value = f[0]")
	case len(m.Weights) == 1:
		lines = append(lines, "class = 1 if f[0] > 0, else 0")
	default:
		lines = append(lines, "class = the k of the largest f[k] (the first on a tie)")
	}
	if m.Calibration != nil {
		lines = append(lines, "p[c] = exp(l[c]) / sum_d exp(l[d]),  l[c] = "+table("cal_b")+"[c] + sum_k "+table("cal_a")+"[c][k] f[k]")
	}
	return lines
}

// nodesText describes the nodes for the header: "12 Gaussian nodes (one variance per node)",
// followed by the linear term and the quadratic nodes if there are any.
func nodesText(m *model.Model, lin linearPart, form string) string {
	if lin.quad != nil {
		return kernelAndLinearText(m, lin, form) + ", and " + words.Count(len(lin.quad), "quadratic node") + " (class log-densities)"
	}
	return kernelAndLinearText(m, lin, form)
}

// kernelAndLinearText is nodesText without the quadratic nodes.
func kernelAndLinearText(m *model.Model, lin linearPart, form string) string {
	if lin.table == nil {
		return kernelText(m, form)
	}
	linear := "a linear term in the inputs (from 1 linear node)"
	if lin.nodes != 1 {
		linear = fmt.Sprintf("a linear term in the inputs (from %d linear nodes)", lin.nodes)
	}
	if len(m.Nodes) == 0 {
		return linear + ", no Gaussian node"
	}
	return kernelText(m, form) + " and " + linear
}

// describe returns the lines of the header that say what the model is (m its kernel nodes,
// lin its linear part) and how it was trained; quote renders an untrusted string for the
// target's comments.
func describe(m *model.Model, lin linearPart, opt Options, quote func(string) string) []string {
	form := widthForm(m)
	text := func(s string) string {
		if plain(s) {
			return s
		}
		return quote(s)
	}
	var l []string
	add := func(format string, args ...any) { l = append(l, fmt.Sprintf(format, args...)) }
	inputs := words.Count(m.Inputs, "input")
	if cat := categorical(m); cat > 0 {
		inputs += fmt.Sprintf(" (%d categorical, encoded as %d values)", cat, m.Width())
	}
	add("Model: %s; %s; %s.", kind(m), nodesText(m, lin, form), inputs)
	if m.Features != nil {
		names := make([]string, len(m.Features))
		for j, f := range m.Features {
			names[j] = fmt.Sprintf("x[%d] %s", j, quote(f))
		}
		add("Inputs, in order: %s.", strings.Join(names, ", "))
	} else if m.ZeroBased {
		add("Inputs: x[0] to x[%d], x[j] the LIBSVM feature of index j (the training data's indices counted from 0).", m.Inputs-1)
	} else {
		add("Inputs: x[0] to x[%d], in the order of the training data's columns (in LIBSVM data, x[j] the feature of index j + 1).", m.Inputs-1)
	}
	l = append(l, categoryLines(m, opt, quote)...)
	if m.Scaling.Fill != nil && categorical(m) > 0 {
		add("Missing inputs (%s) are filled with their training medians (those of a missing category's indicators).", missing(opt.Lang))
	} else if m.Scaling.Fill != nil {
		add("Missing inputs (%s) are filled with their training medians.", missing(opt.Lang))
	}
	if m.Task == model.Classification {
		names := make([]string, len(m.Classes))
		for c, s := range m.Classes {
			names[c] = fmt.Sprintf("%d %s", c, quote(s))
		}
		add("Classes: %s.", strings.Join(names, ", "))
	}
	if m.Range != nil {
		add("Output range: [%s, %s].", goFloat(m.Range[0]), goFloat(m.Range[1]))
	}
	if c := m.Calibration; c != nil {
		add("Probabilities: calibration %s.", text(c.Method))
	}
	tr := m.Training
	by := "an unknown version"
	if m.WrittenBy != "" {
		by = text(m.WrittenBy)
	}
	add("Trained by %s, method %s, on %d samples (seed %d).", by, text(m.Method), tr.Samples, tr.Seed)
	if tr.Chose != "" {
		add("Chose: %s.", text(tr.Chose))
	}
	gaussian := slices.ContainsFunc(m.Nodes, func(nd model.Node) bool { return nd.Kind == "" })
	switch {
	case tr.Tau > 0 && !gaussian: // (the width of nodes the model no longer has)
	case tr.Tau > 0 && ownWidths(m, tr.Tau/2):
		add("Width tau = %s chosen for the selection; the nodes' variances moved from tau/2 since (their own, in the width table).", goFloat(tr.Tau))
	case tr.Tau > 0:
		add("Width tau = %s of exp(-||z-c||^2/tau) (node variance tau/2).", goFloat(tr.Tau))
	case tr.Gamma > 0:
		add("LS-SVM gamma = %s, kernel width = %s.", goFloat(tr.Gamma), goFloat(tr.Width))
	}
	unit := "MSE"
	if m.Task == model.Classification {
		unit = "misclassification rate"
	}
	// (named as the command line's train and info name it)
	var loo string
	switch tr.LOOScope {
	case "":
		loo = fmt.Sprintf("LOO %s %.4g", unit, tr.LOOError)
	case "cv":
		loo = fmt.Sprintf("Cross-validated %s %.4g", unit, tr.LOOError)
	case "weights":
		loo = fmt.Sprintf("LOO %s %.4g over the weights only (optimistic: the nodes were fitted to every point)", unit, tr.LOOError)
	case "evidence":
		loo = fmt.Sprintf("LOO %s %.4g at the regularisation the evidence fitted on every point (optimistic for a large model)", unit, tr.LOOError)
	default:
		loo = fmt.Sprintf("LOO %s %.4g (scope %s)", unit, tr.LOOError, text(tr.LOOScope))
	}
	if tr.CVError > 0 && tr.LOOScope != "cv" { // (for "cv" the same figure as LOOError)
		loo += fmt.Sprintf(", cross-validated %.4g", tr.CVError)
	}
	add("%s.", loo)
	from := ""
	if opt.Source != "" {
		from = " from " + text(opt.Source)
	}
	add("Exported by %s%s.", version.String(), from)
	return l
}

// categorical returns the number of categorical inputs of m (those with categories; see
// model.Model.Categories), whose exports encode the raw input before they standardise it.
func categorical(m *model.Model) int {
	n := 0
	for _, c := range m.Categories {
		if len(c) > 0 {
			n++
		}
	}
	return n
}

// categoryLines returns the header lines that document m's categorical inputs: how an input
// gives its category in the export to opt.Lang, then each categorical input with its
// categories and their indices; none for a model without categorical inputs. quote renders
// an untrusted string for the target's comments.
func categoryLines(m *model.Model, opt Options, quote func(string) string) []string {
	if categorical(m) == 0 {
		return nil
	}
	var l []string
	switch opt.Lang {
	case Python, JS:
		l = append(l, "Categorical inputs hold their category's index or name (-1, or a name not listed, for a category not seen in training):")
	case Go:
		exported, _ := goNames(opt.Name)
		l = append(l, "Categorical inputs hold their category's index, which "+exported+"Category(j, name) returns (-1 for a category not seen in training):")
	default:
		l = append(l, "Categorical inputs hold their category's index, which "+opt.Name+"_category(j, name) returns (-1 for a category not seen in training):")
	}
	for j, c := range m.Categories {
		if len(c) == 0 {
			continue
		}
		input := fmt.Sprintf("x[%d]", j)
		if m.Features != nil {
			input += " " + quote(m.Features[j])
		}
		names := make([]string, len(c))
		for i, s := range c {
			names[i] = fmt.Sprintf("%d %s", i, quote(s))
		}
		indent := "  "
		if opt.Lang == Go { // (not a code block of the package comment)
			indent = ""
		}
		l = append(l, fmt.Sprintf("%s%s: %s; -1 for another.", indent, input, strings.Join(names, ", ")))
	}
	return l
}

// standardised names the variables of the formula for a header: "z: the standardised
// inputs", led by the encoded inputs e where m has categorical inputs.
func standardised(m *model.Model) string {
	if categorical(m) > 0 {
		return "e: the encoded inputs; z: the standardised inputs"
	}
	return "z: the standardised inputs"
}

// missing names the values that stand for a missing input in an export to lang.
func missing(lang Lang) string {
	switch lang {
	case Python:
		return "None or NaN"
	case JS:
		return "null or NaN"
	}
	return "NaN"
}

// refused returns the words for the input values that m refuses, as an adjective ("NaN or
// infinite") and as a noun ("NaN or an infinity"): infinities only where m fills missing
// inputs, and a category index out of range (neither -1 nor the index of one of the input's
// categories) where m has categorical inputs.
func refused(m *model.Model) (adjective, noun string) {
	switch {
	case m.Scaling.Fill != nil && categorical(m) > 0:
		return "infinite or a category index out of range", "an infinity or a category index out of range"
	case m.Scaling.Fill != nil:
		return "infinite", "an infinity"
	case categorical(m) > 0:
		return "NaN, infinite or a category index out of range", "NaN, an infinity or a category index out of range"
	}
	return "NaN or infinite", "NaN or an infinity"
}

// plain reports whether s can go into a comment as it is: printable ASCII with no sequence
// that a C comment or a trigraph would read ("/*", "*/", "??"), and no backslash.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' || s[i] == '\\' {
			return false
		}
	}
	return !strings.Contains(s, "*/") && !strings.Contains(s, "/*") && !strings.Contains(s, "??")
}

// ownWidths reports whether a Gaussian node of m has a variance other than v (tunable nodes,
// or nodes refined after the selection).
func ownWidths(m *model.Model, v float64) bool {
	for _, nd := range m.Nodes {
		if nd.Kind == "" && (len(nd.Width) != 1 || nd.Width[0] != v) {
			return true
		}
	}
	return false
}

// tableWriter writes one language's tables: a vector or a matrix by name (with the $
// placeholders of its templates), and comment lines.
type tableWriter interface {
	vector(name string, vals []float64)
	table(name string, rows [][]float64)
	comment(lines ...string)
}

// writeTables writes the tables of a Python or JavaScript export of m, in the order its
// functions read them: the values that fill missing inputs, the scaling (and the power
// transform), the kernel nodes' centres, widths (one a node, or one a node and input) and
// weights, the linear nodes' folded table, the quadratic nodes' centres, matrices and
// weights, the biases, a regressor's range and trend, and the calibration.
func writeTables(w tableWriter, m *model.Model, lin linearPart) {
	if m.Scaling.Fill != nil {
		w.comment("The training medians, which stand in for missing inputs.")
		w.vector("_$p_fill", m.Scaling.Fill)
	}
	w.vector("_$p_mean", m.Scaling.Mean)
	w.vector("_$p_std", m.Scaling.Std)
	if pw := m.Scaling.Power; pw != nil {
		w.comment("The power transform of the inputs: u = (x - shift) / scale, then",
			"((u + 1)^lambda - 1) / lambda (log(u + 1) at lambda = 0) for u >= 0, u below.")
		w.vector("_$p_shift", pw.Shift)
		w.vector("_$p_power_scale", pw.Scale)
		w.vector("_$p_lambda", pw.Lambda)
	}
	if len(m.Nodes) > 0 {
		centres := make([][]float64, len(m.Nodes))
		for i, nd := range m.Nodes {
			centres[i] = nd.Centre
		}
		w.table("_$p_centre", centres)
		if form := widthForm(m); form == "diag" {
			widths := make([][]float64, len(m.Nodes))
			for i := range m.Nodes {
				widths[i] = nodeWidths(m, i, form)
			}
			w.table("_$p_width", widths)
		} else {
			widths := make([]float64, len(m.Nodes))
			for i, nd := range m.Nodes {
				widths[i] = nd.Width[0]
			}
			w.vector("_$p_width", widths)
		}
		w.table("_$p_weight", m.Weights)
	}
	if lin.table != nil {
		w.table("_$p_linear", lin.table)
	}
	if lin.quad != nil {
		centres, matrices := make([][]float64, len(lin.quad)), make([][]float64, len(lin.quad))
		for q, nd := range lin.quad {
			centres[q], matrices[q] = nd.Centre, lin.qmatrix(q, m.Width())
		}
		w.table("_$p_qcentre", centres)
		w.table("_$p_qmatrix", matrices)
		w.table("_$p_qweight", lin.qweight)
	}
	w.vector("_$p_bias", m.Bias)
	if m.Range != nil {
		w.vector("_$p_range", m.Range)
	}
	if m.Trend != nil {
		w.vector("_$p_trend", m.Trend)
	}
	if c := m.Calibration; c != nil {
		w.table("_$p_cal_a", c.A)
		w.vector("_$p_cal_b", c.B)
	}
}

// script is what the Python and JavaScript generators share: the model (its kernel nodes,
// see splitLinear) and its linear nodes, the options, the text written so far, and the
// replacer of the templates' $ placeholders ($P_ the upper-case prefix, $p_ the prefix, $DIM
// the constant of the number of standardised inputs).
type script struct {
	m   *model.Model
	lin linearPart
	opt Options
	b   strings.Builder
	rep *strings.Replacer
}

// scriptWriter is a Python or JavaScript generator: its parts, in the file's order.
type scriptWriter interface {
	header()
	declarations()
	tables()
	functions()
	text() []byte
}

// writeScript writes a Python or JavaScript export's parts and returns its text.
func writeScript(w scriptWriter) []byte {
	w.header()
	w.declarations()
	w.tables()
	w.functions()
	return w.text()
}

// text returns what was written.
func (g *script) text() []byte { return []byte(g.b.String()) }

// ValidNameFor reports whether s can name an export in lang: ValidName, and for Python
// ValidPythonName, for JavaScript ValidJSName.
func ValidNameFor(lang Lang, s string) error {
	switch lang {
	case Python:
		return ValidPythonName(s)
	case JS:
		return ValidJSName(s)
	}
	return ValidName(s)
}

// quoteAll returns the names, each written as a literal by quote.
func quoteAll(names []string, quote func(string) string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = quote(n)
	}
	return out
}

// validUnreserved is ValidName for a language whose reserved words (what names them) cannot
// name an export.
func validUnreserved(s string, reserved map[string]bool, what string) error {
	if err := ValidName(s); err != nil {
		return err
	}
	if reserved[s] {
		return fmt.Errorf("%w: name %q is %s", ErrOption, s, what)
	}
	return nil
}

func newScript(m *model.Model, lin linearPart, opt Options) script {
	dim := "N_INPUTS" // the dimension of the scaling and the nodes
	if categorical(m) > 0 {
		dim = "N_ENCODED"
	}
	return script{m: m, lin: lin, opt: opt, rep: strings.NewReplacer(
		"$DIM", strings.ToUpper(opt.Name)+"_"+dim,
		"$P_", strings.ToUpper(opt.Name)+"_",
		"$p_", opt.Name+"_",
	)}
}

// put writes template lines with the $ placeholders replaced.
func (g *script) put(lines ...string) {
	for _, l := range lines {
		g.b.WriteString(g.rep.Replace(l))
		g.b.WriteByte('\n')
	}
}

// wrapped writes items (templates: placeholders replaced) separated by commas, wrapped at
// about 100 columns, each line led by indent and ended by a comma.
func (g *script) wrapped(indent string, items []string) {
	line := indent
	for _, s := range items {
		s = g.rep.Replace(s)
		if len(line) > len(indent) && len(line)+len(s)+2 > 100 {
			g.b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = indent
		}
		line += s + ", "
	}
	if len(line) > len(indent) {
		g.b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}
