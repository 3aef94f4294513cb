package model

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/sparsekernel/sparsekernel/internal/version"
)

// Format identifies a sparsekernel model file; Version is the newest file format version
// this package writes and reads. Version 3 adds linear nodes ("kind": "linear"), version 4
// a regressor's "trend" (Model.Trend), version 5 quadratic nodes ("kind": "quadratic", with
// a "matrix"), version 6 a power transform of the inputs (Scaling.Power), version 7 the values
// that fill missing inputs (Scaling.Fill), version 8 categorical inputs (Model.Categories), version 9 LIBSVM
// indices counting from 0 (Model.ZeroBased); Write writes the oldest version that holds the model (2 without any of them),
// so that older builds read it. Version 1 files
// (one output: "weights" a list, "bias" a number) are read as models with K = 1.
const (
	Format  = "sparsekernel-model"
	Version = 9
)

// fileV2 is the layout of a version 2 to 9 file, in the order the keys are written.
type fileV2 struct {
	Format  string   `json:"format"`
	Version int      `json:"version"`
	About   []string `json:"about,omitempty"`
	*Model
}

// fileV1 is the layout of a version 1 file: one output.
type fileV1 struct {
	Format   string    `json:"format"`
	Version  int       `json:"version"`
	Task     Task      `json:"task"`
	Method   string    `json:"method"`
	Kernel   string    `json:"kernel"`
	Inputs   int       `json:"inputs"`
	Features []string  `json:"features,omitempty"`
	Classes  []string  `json:"classes,omitempty"`
	Scaling  Scaling   `json:"scaling"`
	Nodes    []Node    `json:"nodes"`
	Weights  []float64 `json:"weights"`
	Bias     float64   `json:"bias"`
	Range    []float64 `json:"range,omitempty"`
	Training Training  `json:"training"`
}

// About returns the lines that a model file carries to explain itself: the prediction
// formula and what a node's width means; nil for a nil model.
func (m *Model) About() []string {
	if m == nil {
		return nil
	}
	lines := []string{
		"f_k(x) = bias[k] + sum_i weights[k][i] * g_i(z), where z_j = (x_j - scaling.mean[j]) / scaling.std[j]",
	}
	if m.Scaling.Power != nil {
		lines[0] = "f_k(x) = bias[k] + sum_i weights[k][i] * g_i(z), where z_j = (t_j - scaling.mean[j]) / scaling.std[j]"
		lines = append(lines, "t_j = x_j where scaling.power.lambda[j] = 1; else, with u = (x_j - scaling.power.shift[j]) / scaling.power.scale[j] and l = scaling.power.lambda[j]: ((u + 1)^l - 1) / l (ln(u + 1) at l = 0) for u >= 0, u for u < 0")
	}
	if m.Categories != nil {
		lines[0] = strings.Replace(lines[0], "x_j", "e_j", 1)
		lines[0] = strings.Replace(lines[0], "t_j", "e_j", 1)
		lines = append(lines, "e is the input x encoded: a number as it is; a categorical input (categories[j] not null) holds its category's index in categories[j], -1 for one not seen in training, and enters e as one indicator a category, in order (1 for its category, 0 for the others)")
		if m.Scaling.Power != nil {
			lines[1] = strings.ReplaceAll(lines[1], "x_j", "e_j")
		}
	}
	if m.Scaling.Fill != nil {
		if m.Categories != nil {
			lines = append(lines, "a missing value (NaN) is taken as scaling.fill[j] for each encoded e_j it stands for, the median of the training rows that have it")
		} else {
			lines = append(lines, "a missing input x_j (NaN) is taken as scaling.fill[j], the median of the training rows that have it")
		}
	}
	switch {
	case !slices.ContainsFunc(m.Nodes, func(nd Node) bool { return nd.Kind == "" }):
		// (no node of the kernel: a linear or quadratic map of the inputs)
	case m.Kernel == KernelWavelet:
		lines = append(lines, "g_i(z) = prod_j cos(1.75 d_j / a_i) exp(-d_j^2 / (2 a_i^2)), d = z - centre_i, a_i = width_i")
	default:
		lines = append(lines, "g_i(z) = exp(-0.5 * sum_j (z_j - centre_i[j])^2 / width_i[j]): width is the node's variance along each standardised input (one value: the same for all inputs)")
	}
	if m.hasLinear() {
		lines = append(lines, `g_i(z) = sum_j centre_i[j] z_j for a node of kind "linear" (no width)`)
	}
	if m.hasQuadratic() {
		lines = append(lines, `g_i(z) = -0.5 * sum_j (sum_l matrix_i[j][l] (z_l - centre_i[l]))^2 for a node of kind "quadratic" (row j of its matrix holds l = 1..j; no width)`)
	}
	switch {
	case m.Task == Regression && m.Trend != nil:
		lines = append(lines, "prediction: f_1(x), clipped to [range[0] + min(0, t - trend[0]), range[1] + max(0, t - trend[1])], t the sum of the linear nodes' terms")
	case m.Task == Regression && m.Range != nil:
		lines = append(lines, "prediction: f_1(x), clipped to range")
	case m.Task == Regression:
		lines = append(lines, "prediction: f_1(x)")
	case len(m.Weights) == 1:
		lines = append(lines, "label: classes[1] if f_1(x) > 0, else classes[0]")
	default:
		lines = append(lines, "label: classes[k] for the largest f_k(x) (one output per class)")
	}
	if m.Calibration != nil {
		lines = append(lines, "probabilities: softmax over classes c of calibration.b[c] + sum_k calibration.a[c][k] f_k(x)")
	}
	if m.Training.Chosen > 0 {
		kept := fmt.Sprintf("the model kept %d", m.Training.Chosen)
		switch n := len(m.Nodes); {
		case strings.Contains(m.Training.Chose, RVMChose):
			kept = fmt.Sprintf("the selection kept %d; the model is the relevance vector machine that replaced it, of %d", m.Training.Chosen, n)
		case strings.Contains(m.Training.Chose, LinearChose):
			kept = fmt.Sprintf("the selection kept %d; the model is the logistic regression on the inputs that replaced it (one linear node)", m.Training.Chosen)
		case strings.Contains(m.Training.Chose, RidgeChose):
			kept = fmt.Sprintf("the selection kept %d; the model is the ridge regression on the inputs that replaced it (one linear node)", m.Training.Chosen)
		case strings.Contains(m.Training.Chose, QuadLogisticChose):
			kept = fmt.Sprintf("the selection kept %d; the model is the logistic regression on the inputs, their squares and products that replaced it (two quadratic nodes)", m.Training.Chosen)
		case strings.Contains(m.Training.Chose, QuadraticChose):
			kept = fmt.Sprintf("the selection kept %d; the model is the classes' quadratic discriminant that replaced it (a quadratic node a class)", m.Training.Chosen)
		case n < m.Training.Chosen:
			kept = fmt.Sprintf("the selection kept %d, the evidence pruning %d", m.Training.Chosen, n)
		}
		lines = append(lines, "training.loo_curve[k-1] is the selection criterion with k nodes; "+kept)
	}
	return lines
}

// Write encodes m as a file of version FormatVersion (the oldest that holds it: 2, up to 9
// with LIBSVM indices counting from 0): JSON, one node and one row of weights per line, led
// by lines explaining the formula. Floats are written in the shortest
// form that reads back to the same float64, so a loaded model predicts bit-for-bit like the
// saved one. The file records the writing software's version ("written_by", which Read
// gives as m.WrittenBy); m itself is not modified, so that models may be written from
// several goroutines at once.
func (m *Model) Write(w io.Writer) error {
	if err := m.Check(); err != nil {
		return err
	}
	if err := m.Training.check(); err != nil {
		return err
	}
	writtenBy := version.String()
	var b bytes.Buffer
	b.WriteString("{\n")
	first := true
	field := func(key string, raw []byte) {
		if !first {
			b.WriteString(",\n")
		}
		first = false
		fmt.Fprintf(&b, " %q: ", key)
		b.Write(raw)
	}
	compact := func(v any) []byte {
		raw, err := json.Marshal(v)
		if err != nil {
			panic(err) // only finite numbers and strings: cannot fail after Check
		}
		return raw
	}
	lines := func(items [][]byte) []byte {
		if len(items) == 0 {
			return []byte("[]")
		}
		var l bytes.Buffer
		l.WriteString("[\n")
		for i, it := range items {
			l.WriteString("  ")
			l.Write(it)
			if i < len(items)-1 {
				l.WriteByte(',')
			}
			l.WriteByte('\n')
		}
		l.WriteString(" ]")
		return l.Bytes()
	}
	field("format", compact(Format))
	field("version", compact(m.FormatVersion()))
	field("written_by", compact(writtenBy))
	about := make([][]byte, 0, 4)
	for _, s := range m.About() {
		about = append(about, compact(s))
	}
	field("about", lines(about))
	field("task", compact(m.Task))
	field("method", compact(m.Method))
	field("kernel", compact(m.Kernel))
	field("inputs", compact(m.Inputs))
	if m.Features != nil {
		field("features", compact(m.Features))
	}
	if m.ZeroBased {
		field("zero_based", compact(true))
	}
	if m.Categories != nil {
		field("categories", compact(m.Categories))
	}
	if m.Classes != nil {
		field("classes", compact(m.Classes))
	}
	field("scaling", compact(m.Scaling))
	nodes := make([][]byte, len(m.Nodes))
	for i, nd := range m.Nodes {
		nodes[i] = compact(nd)
	}
	field("nodes", lines(nodes))
	rows := make([][]byte, len(m.Weights))
	for k, wk := range m.Weights {
		rows[k] = compact(wk)
	}
	field("weights", lines(rows))
	field("bias", compact(m.Bias))
	if m.Range != nil {
		field("range", compact(m.Range))
	}
	if m.Trend != nil {
		field("trend", compact(m.Trend))
	}
	if m.Calibration != nil {
		field("calibration", compact(m.Calibration))
	}
	written := m.Training
	written.Seconds = 0 // a wall time: the same fit writes the same file
	tr, err := json.MarshalIndent(written, " ", " ")
	if err != nil {
		return err
	}
	field("training", compactNumberLists(tr))
	b.WriteString("\n}\n")
	_, err = w.Write(b.Bytes())
	return err
}

// NoSignal reports whether the model's estimated error, LOOError, is no better than the trivial
// rule's, TrivialError (always the most frequent class, or the mean): a model that has found
// no signal in its training data. (With classes as unequal as 9 to 1 or more, such a
// classifier's probabilities may still rank the rows.)
func (t *Training) NoSignal() bool {
	return t.TrivialError > 0 && t.LOOError >= t.TrivialError*(1-1e-9)
}

// check refuses a training record that JSON cannot hold: a number that is not finite.
func (t *Training) check() error {
	bad := func(name string, v float64) error {
		return fmt.Errorf("%w: training record: %s is %v, which a model file cannot hold (are the targets or inputs too large?)", ErrInvalid, name, v)
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"tau", t.Tau}, {"gamma", t.Gamma}, {"width", t.Width}, {"loo_error", t.LOOError}, {"trivial_error", t.TrivialError},
		{"cv_error", t.CVError}, {"seconds", t.Seconds}} {
		if !finite(f.v) {
			return bad(f.name, f.v)
		}
	}
	for _, l := range []struct {
		name string
		v    []float64
	}{{"loo_curve", t.LOOCurve}, {"loo_errors", t.LOOErrors}, {"lambdas", t.Lambdas}} {
		for i, v := range l.v {
			if !finite(v) {
				return bad(fmt.Sprintf("%s[%d]", l.name, i), v)
			}
		}
	}
	return nil
}

// compactNumberLists puts every list of numbers of an indented JSON text on one line. Brackets
// inside strings are text, not lists.
func compactNumberLists(js []byte) []byte {
	var out bytes.Buffer
	inString := false
	for i := 0; i < len(js); i++ {
		c := js[i]
		switch {
		case inString && c == '\\' && i+1 < len(js):
			out.WriteByte(c)
			i++
			c = js[i]
		case c == '"':
			inString = !inString
		case c == '[' && !inString:
			if j := bytes.IndexByte(js[i:], ']'); j > 0 && !bytes.ContainsAny(js[i+1:i+j], "[{\"") {
				out.WriteByte('[')
				out.WriteString(strings.Join(strings.Fields(string(js[i+1:i+j])), " "))
				out.WriteByte(']')
				i += j
				continue
			}
		}
		out.WriteByte(c)
	}
	return out.Bytes()
}

// Save writes m to path atomically: to a temporary file in the same directory, then renamed,
// so a failure leaves no partial file behind. A path ending in ".gz" gets the file
// gzip-compressed, as Read takes it. (Write writes the file to a writer: a model stored
// elsewhere, in a database say, is that file, not encoding/json's encoding of the Model.)
func (m *Model) Save(path string) error {
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		return err
	}
	if strings.HasSuffix(strings.ToLower(path), ".gz") {
		var packed bytes.Buffer
		z := gzip.NewWriter(&packed)
		if _, err := z.Write(buf.Bytes()); err != nil {
			return err
		}
		if err := z.Close(); err != nil {
			return err
		}
		buf = packed
	}
	return WriteFileAtomic(path, buf.Bytes())
}

// WriteFileAtomic writes data to path through a temporary file and a rename, keeping the
// permissions of a file it replaces (0644 for a new one). A symbolic link is written through
// (its target replaced, the link kept); a path that exists and is not a regular file (a
// device such as /dev/stdout, a named pipe) is written to directly, as cp would; a directory
// is refused.
func WriteFileAtomic(path string, data []byte) error {
	wrap := func(err error) error {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // name the file the user asked for, not the temporary one
		}
		return &os.PathError{Op: "write", Path: path, Err: err}
	}
	if path == "" {
		return &os.PathError{Op: "write", Path: path, Err: errors.New("no file name")}
	}
	target, err := OutputTarget(path)
	if err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		switch {
		case st.IsDir():
			return &os.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
		case !st.Mode().IsRegular():
			f, err := os.OpenFile(target, os.O_WRONLY, 0)
			if err != nil {
				return wrap(err)
			}
			_, err = f.Write(data)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return wrap(err)
			}
			return nil
		}
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return wrap(err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), mode)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), target)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return wrap(err)
	}
	return nil
}

// OutputTarget returns the file that writing to path (WriteFileAtomic) replaces: path itself,
// or, for a symbolic link, the file it leads to; a link that leads nowhere is an error.
func OutputTarget(path string) (string, error) {
	st, err := os.Lstat(path)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		return path, nil
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", &os.PathError{Op: "write", Path: path, Err: fmt.Errorf("a symbolic link to a file that cannot be reached: %w", errors.Unwrap(err))}
	}
	return target, nil
}

// FormatVersion is the file format version Write writes m as: the oldest that holds it, 9
// with LIBSVM indices counting from 0, 8 with categorical inputs, 7 with values that fill missing inputs, 6 with a power transform, 5 with quadratic nodes, 4 with a trend, 3 with linear nodes, else
// 2 (a build that reads that version reads the file); 0 for a nil model, which Write refuses.
func (m *Model) FormatVersion() int {
	switch {
	case m == nil:
		return 0
	case m.ZeroBased:
		return 9
	case m.Categories != nil:
		return 8
	case m.Scaling.Fill != nil:
		return 7
	case m.Scaling.Power != nil:
		return 6
	case m.hasQuadratic():
		return 5
	case m.Trend != nil:
		return 4
	case m.hasLinear():
		return 3
	}
	return 2
}

// hasQuadratic reports whether m has a quadratic node.
func (m *Model) hasQuadratic() bool {
	return slices.ContainsFunc(m.Nodes, func(nd Node) bool { return nd.Kind == NodeQuadratic })
}

// hasLinear reports whether m has a linear node.
func (m *Model) hasLinear() bool {
	return slices.ContainsFunc(m.Nodes, func(nd Node) bool { return nd.Kind == NodeLinear })
}

// Read decodes and checks a model file of any version up to Version, gzip-compressed or not;
// source names it in errors. Input that cannot be a model file is refused before it is read whole: one whose
// first byte (after white space and a byte-order mark) does not open a JSON object, or longer
// than MaxFileBytes (an endless stream, such as /dev/zero, included).
func Read(r io.Reader, source string) (*Model, error) {
	if r == nil {
		return nil, fmt.Errorf("%s: no reader (a nil io.Reader)", source)
	}
	br := bufio.NewReaderSize(io.LimitReader(r, MaxFileBytes+1), 1<<20)
	gzipped := false
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b { // gzip -k m.json
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w: gzip data that cannot be read: %v", source, ErrNotModel, err)
		}
		br, gzipped = bufio.NewReaderSize(io.LimitReader(z, MaxFileBytes+1), 1<<20), true
	}
	damaged := func(err error) error {
		if gzipped && (errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader)) {
			return fmt.Errorf("%s: %w: gzip data that cannot be read (damaged or cut short): %w", source, ErrNotModel, err)
		}
		return fmt.Errorf("%s: %w", source, err)
	}
	if err := skipToObject(br); err != nil {
		return nil, damaged(err)
	}
	data, err := io.ReadAll(br)
	if err != nil {
		return nil, damaged(err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: %w: longer than %d bytes", source, ErrNotModel, MaxFileBytes)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: empty file: %w", source, ErrNotModel)
	}
	if rest, ok := bytes.CutPrefix(data, []byte("\uFEFF")); ok { // a byte-order mark, as some editors save
		data = append([]byte("   "), rest...) // (the same columns in messages)
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, notModel(source, data, err)
	}
	if head.Format != Format {
		return nil, fmt.Errorf("%s: %w: its format is %q, not a sparsekernel model's %q", source, ErrNotModel, head.Format, Format)
	}
	var (
		m      *Model
		layout any // the file's layout, for nullNumbers
	)
	switch head.Version {
	case 1:
		var f fileV1
		if err := strictDecode(data, &f); err != nil {
			return nil, notModel(source, data, err)
		}
		m = &Model{Task: f.Task, Method: f.Method, Kernel: f.Kernel, Inputs: f.Inputs, Features: f.Features,
			Classes: f.Classes, Scaling: f.Scaling, Nodes: f.Nodes, Weights: [][]float64{f.Weights},
			Bias: []float64{f.Bias}, Range: f.Range, Training: f.Training}
		if f.Weights == nil {
			m.Weights = [][]float64{{}}
		}
		layout = f
	case 2, 3, 4, 5, 6, 7, 8, 9:
		f := fileV2{Model: new(Model)}
		if err := strictDecode(data, &f); err != nil {
			return nil, notModel(source, data, err)
		}
		m, layout = f.Model, f
	default:
		kind := ErrNotModel // (no version, or one no build writes)
		if head.Version > Version {
			kind = ErrVersion
		}
		return nil, fmt.Errorf("%s: model format version %d; this build reads versions 1 to %d: %w", source, head.Version, Version, kind)
	}
	if err := nullNumbers(data, layout); err != nil {
		return nil, fmt.Errorf("%s: %w: %w", source, ErrNotModel, err)
	}
	if m.hasLinear() && head.Version < 3 {
		return nil, fmt.Errorf("%s: %w: a version %d file with linear nodes (they need version 3)", source, ErrInvalid, head.Version)
	}
	if m.Trend != nil && head.Version < 4 {
		return nil, fmt.Errorf("%s: %w: a version %d file with a trend (it needs version 4)", source, ErrInvalid, head.Version)
	}
	if m.hasQuadratic() && head.Version < 5 {
		return nil, fmt.Errorf("%s: %w: a version %d file with quadratic nodes (they need version 5)", source, ErrInvalid, head.Version)
	}
	if m.ZeroBased && head.Version < 9 {
		return nil, fmt.Errorf("%s: %w: a version %d file with LIBSVM indices counting from 0 (they need version 9)", source, ErrInvalid, head.Version)
	}
	if m.Categories != nil && head.Version < 8 {
		return nil, fmt.Errorf("%s: %w: a version %d file with categorical inputs (they need version 8)", source, ErrInvalid, head.Version)
	}
	if m.Scaling.Fill != nil && head.Version < 7 {
		return nil, fmt.Errorf("%s: %w: a version %d file with values that fill missing inputs (they need version 7)", source, ErrInvalid, head.Version)
	}
	if m.Scaling.Power != nil && head.Version < 6 {
		return nil, fmt.Errorf("%s: %w: a version %d file with a power transform (it needs version 6)", source, ErrInvalid, head.Version)
	}
	if err := m.Check(); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	return m, nil
}

func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("data after the model")
	}
	return nil
}

// nullNumbers returns an error naming the first JSON null of data (in key order) that stands
// where the layout of v has a number, or a name in a list: encoding/json leaves such a number
// 0 and such a name "", so that a weight edited to null would otherwise read as a weight of 0,
// and a category or class edited to null as one named "". A null list stays an empty one
// (a numeric input's categories are null).
func nullNumbers(data []byte, v any) error {
	if !bytes.Contains(data, []byte("null")) { // (Write writes none but a numeric input's categories)
		return nil
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	if path, name := nullNumber(raw, reflect.TypeOf(v), ""); path != "" {
		what := "number"
		if name {
			what = "name"
		}
		return fmt.Errorf("%q is null where a %s belongs", path, what)
	}
	return nil
}

// nullNumber returns the path (as weights[0][1]) of the first null in v, decoded JSON, that
// stands where type t has a number, or a string in a list (as categories[1][0]; name is then
// true), or "".
func nullNumber(v any, t reflect.Type, path string) (_ string, name bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch x := v.(type) {
	case nil:
		switch t.Kind() {
		case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32,
			reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return path, false
		case reflect.String:
			if strings.HasSuffix(path, "]") {
				return path, true
			}
		}
	case []any:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			for i, e := range x {
				if p, name := nullNumber(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); p != "" {
					return p, name
				}
			}
		}
	case map[string]any:
		if t.Kind() != reflect.Struct {
			return "", false
		}
		for _, key := range slices.Sorted(maps.Keys(x)) {
			if ft, ok := jsonField(t, key); ok {
				sub := key
				if path != "" {
					sub = path + "." + key
				}
				if p, name := nullNumber(x[key], ft, sub); p != "" {
					return p, name
				}
			}
		}
	}
	return "", false
}

// jsonField returns the type of the field of struct t that encoding/json decodes the key into
// (its tag's name, or its own name, matched without regard to case; embedded structs' fields
// included).
func jsonField(t reflect.Type, key string) (reflect.Type, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				if ft, ok := jsonField(et, key); ok {
					return ft, true
				}
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		if f.IsExported() && strings.EqualFold(name, key) {
			return f.Type, true
		}
	}
	return nil, false
}

// notModel describes a decoding error, at the line and column of data where it occurred.
func notModel(source string, data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%s:%s: %w: %v", source, position(data, se.Offset), ErrNotModel, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
		what := fmt.Sprintf("%s, expected %s", te.Value, jsonKind(te.Type))
		if te.Type.Kind() == reflect.Float64 && strings.HasPrefix(te.Value, "number") {
			what = te.Value + ", beyond the range of float64"
		}
		return fmt.Errorf("%s:%s: %w: %q holds %s", source, position(data, te.Offset), ErrNotModel, field, what)
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok { // (encoding/json has no type for it)
		if key, err := strconv.Unquote(name); err == nil {
			at := ""
			if off := keyOffset(data, key); off >= 0 {
				at = ":" + position(data, int64(off))
			}
			return fmt.Errorf("%s%s: %w: unknown field %q", source, at, ErrNotModel, key)
		}
	}
	return fmt.Errorf("%s: %w: %w", source, ErrNotModel, err)
}

// jsonKind names what a JSON value of Go type t is, for messages.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return t.String()
}

// keyOffset returns the offset in data of the first object key named key (its opening quote),
// or -1.
func keyOffset(data []byte, key string) int {
	quoted, _ := json.Marshal(key)
	for from := 0; ; {
		i := bytes.Index(data[from:], quoted)
		if i < 0 {
			return -1
		}
		i += from
		rest := bytes.TrimLeft(data[i+len(quoted):], " \t\r\n")
		if len(rest) > 0 && rest[0] == ':' {
			return i
		}
		from = i + 1
	}
}

// position returns "line:column" (1-based, column in bytes) of byte offset off of data.
func position(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("%d:%d", line, col)
}

// MaxFileBytes bounds the length of a model file Read reads (1 GiB: the largest model files,
// LS-SVMs with a node per training point, are tens of megabytes).
const MaxFileBytes = 1 << 30

// skipToObject checks, reading at most the first MiB, that br holds a JSON object after
// white space and a UTF-8 byte-order mark, and leaves br where it was (so that errors after
// keep their lines and columns): an empty input is left for Read to name, anything else is
// ErrNotModel.
func skipToObject(br *bufio.Reader) error {
	for n := 0; n < br.Size(); n++ {
		b, err := br.Peek(n + 1)
		if err != nil { // the end: nothing but white space (Read names it empty)
			return nil
		}
		switch c := b[n]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == '{' || n == 0 && c == 0xEF: // an object, or a byte-order mark (EF BB BF) before one
			return nil
		default:
			return fmt.Errorf("%w: it starts with %q, not a JSON object", ErrNotModel, c)
		}
	}
	return fmt.Errorf("%w: it starts with more than %d bytes of white space", ErrNotModel, br.Size())
}

// Load reads and checks the model file at path (Read): any version up to Version, a version 1
// file as a model of one output. Errors name the file, and the line and column of a damaged
// field.
func Load(path string) (*Model, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return Read(fh, path)
}
