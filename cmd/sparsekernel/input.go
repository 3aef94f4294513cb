package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

// stdin is what a file argument "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// stdinName names standard input in messages.
const stdinName = "<stdin>"

// input is the content of a file argument, or of standard input for "-".
type input struct {
	path   string // as given
	source string // the name in messages
	data   []byte
}

// readInput reads a file argument; "-" reads standard input.
func readInput(path string) (*input, error) {
	if path == "-" {
		data, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", stdinName, err)
		}
		if data, err = dataset.Decompress(data, stdinName); err != nil {
			return nil, err
		}
		return &input{path: path, source: stdinName, data: data}, nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory: expected a data file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if data, err = dataset.Decompress(data, path); err != nil {
		return nil, err
	}
	return &input{path: path, source: path, data: data}, nil
}

// loadModel reads a model file; "-" reads standard input.
func loadModel(path string) (*model.Model, error) {
	if path == "-" {
		return model.Read(stdin, stdinName)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory: expected a model file", path)
	}
	return model.Load(path)
}

// oneStdin refuses more than one "-" among the file arguments.
func oneStdin(paths ...string) error {
	n := 0
	for _, p := range paths {
		if p == "-" {
			n++
		}
	}
	if n > 1 {
		return usagef("standard input (-) can be read only once: give at most one - argument")
	}
	return nil
}

// checkOutput checks, before any work, that out can receive the result: not "-" unless
// stdoutOK, not a directory, not one of the inputs (which it would replace), and in a
// directory that exists and can be written.
func checkOutput(out string, stdoutOK bool, inputs ...string) error {
	if out == "" || out == "-" && stdoutOK {
		return nil
	}
	if out == "-" {
		return usagef("-o -: the results on standard output are the summary; name a file for the model")
	}
	st, err := os.Stat(out)
	if err == nil {
		if st.IsDir() {
			return usagef("-o %s is a directory: name a file (for example %s)", out, filepath.Join(out, "out.model.json"))
		}
		for _, in := range inputs {
			if in == "-" {
				continue
			}
			if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
				return usagef("-o %s names the input file %s, which it would replace: name another file", out, in)
			}
		}
	}
	if err == nil && !st.Mode().IsRegular() {
		return nil // a device or a pipe, written to directly (model.WriteFileAtomic)
	}
	target, err := model.OutputTarget(out)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	probe, err := os.CreateTemp(dir, ".sparsekernel-probe*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return &os.PathError{Op: "write", Path: out, Err: fmt.Errorf("cannot create a file in %s: %w", dir, err)}
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// parse reads an input as the flags say. An error about a missing value that reading missing
// values would take (dataset.MissingValueError) gets the hint d.fillHint.
func (d *dataFlags) parse(in *input, o dataset.CSVOptions) (*dataset.Table, error) {
	t, err := dataset.Parse(bytes.NewReader(in.data), in.source, o)
	switch {
	case dataset.DecimalCommaError(err):
		err = fmt.Errorf("%w (-decimal comma)", err)
	case dataset.ZeroIndexError(err):
		err = fmt.Errorf("%w: -zero-based reads such a file", err)
	}
	if !o.Missing {
		err = hintMissing(err, d.fillHint)
	}
	var header []string
	label1 := false
	if pe := (*dataset.ParseError)(nil); errors.As(err, &pe) && (dataset.TextError(err) || pe.TextColumns != nil) {
		header, _ = dataset.Header(bytes.NewReader(in.data), in.source, o) // (names for the hint)
		if slices.Contains(pe.TextColumns, 1) && o.LabelColumn == 0 && o.Features == nil {
			label1 = labelsFirst(in, o)
		}
	}
	return t, hintDrop(err, header, label1, o.CategoricalText)
}

// isModel reports whether the input is a model file that model.Read accepts (a JSON object:
// no data file starts with '{').
func isModel(in *input) bool {
	if t := bytes.TrimLeft(in.data, " \t\r\n\ufeff"); len(t) == 0 || t[0] != '{' {
		return false
	}
	_, err := model.Read(bytes.NewReader(in.data), in.source)
	return err == nil
}

// notModel returns an error where a saved model was given as data (train m.model, or predict
// m.model m.model), instead of what the data reader would say of its JSON lines.
func notModel(in *input) error {
	if !isModel(in) {
		return nil
	}
	return fmt.Errorf("%s is a model file, not data: this command reads data files (CSV or LIBSVM); a saved model predicts with sparsekernel predict %s DATA", in.source, in.path)
}

// labelsFirst reports whether the input, which o reads with the label in the last column,
// reads with the first column as the label, of classes of two rows or more on average (an
// identifier's values do not repeat): a file with its labels first, as some tools write them.
func labelsFirst(in *input, o dataset.CSVOptions) bool {
	o.LabelColumn = 1
	t, err := dataset.Parse(bytes.NewReader(in.data), in.source, o)
	if err != nil {
		return false
	}
	classes := map[string]bool{}
	for _, l := range t.Labels {
		classes[l] = true
	}
	return 2*len(classes) <= len(t.Labels)
}

// readFor reads a data file whose features must be the inputs of a model (or of a training
// table): want are their names (nil if unknown), dim their number and levels their categories
// (model.Model.Categories, dataset.Table.Levels; nil where every input is a number), which are
// the file's categorical columns, none but those. The returned table has exactly dim features
// in the model's order, and a label column if the file has one.
//
// If the file has a header and want are usable names (distinct, not empty), columns are
// matched by name: columns in another order are reordered (said on note); a missing input or
// a column that is none of the inputs, not the label and not dropped is an error naming it.
// The label is the -label column, or the last if it is not an input and not dropped (-drop of
// it reads the file without labels). Otherwise columns are matched by position: the file holds the inputs and, optionally, a
// label column (-label, or the last column if the file has one column more than the inputs).
func (d *dataFlags) readFor(path string, want []string, dim int, levels [][]string, note io.Writer) (*dataset.Table, error) {
	in, o, err := d.open(path)
	if err != nil {
		return nil, err
	}
	cats := categoricalInputs(levels)
	if cats == nil {
		cats = make([]bool, dim)
	}
	o.Categorical, o.CategoricalText, o.CategoricalFeatures = nil, false, cats
	if slices.Contains(cats, true) && o.Header == dataset.HeaderAuto {
		// Text is data in a categorical input: the first line is a header where it names
		// every input; data where it holds one of their categories; a header where it names
		// some inputs (the others missing, which readByName says); data where every input is
		// categorical and it names none; else as HeaderAuto's rule says (by the numbers).
		first := o
		first.Header, first.LabelColumn, first.Features, first.Drop, first.CategoricalFeatures = dataset.HeaderYes, -1, nil, nil, nil
		names, _ := dataset.Header(bytes.NewReader(in.data), in.source, first)
		named := 0
		for _, n := range want {
			if slices.Contains(names, n) {
				named++
			}
		}
		switch usable := usableNames(want); {
		case usable && named == len(want):
			o.Header = dataset.HeaderYes
		case d.knownCategories(in, o, levels):
			o.Header = dataset.HeaderNo
		case usable && named > 0, usable && d.textForNumbers(in, o, cats):
			o.Header = dataset.HeaderYes
		case usable:
			o.Header = dataset.HeaderNo
		}
	}
	header, err := dataset.Header(bytes.NewReader(in.data), in.source, o)
	if (err != nil || header == nil && usableNames(want)) && d.label == 0 && o.Features == nil {
		// The last column, taken for the label, may be none: a file of one column has no room
		// for one, and a first line may name the model's inputs only with the last column among
		// them (",x1,x2" with -drop 2; readByName says which column is the label).
		o1 := o
		o1.LabelColumn = -1
		header, err = dataset.Header(bytes.NewReader(in.data), in.source, o1)
	}
	if err != nil {
		header = nil // reading by position reports the error, or reads the file without a label
	}
	if header != nil && usableNames(want) {
		return d.readByName(in, o, header, want, note)
	}
	t, err := d.parse(in, o)
	if err == nil {
		if err = t.WithDim(dim); err == nil {
			return t, nil
		}
	}
	if d.label == 0 && o.Features == nil {
		o.LabelColumn = -1
		if t2, err2 := d.parse(in, o); err2 == nil {
			if t2.Dim() == dim {
				return t2, nil
			}
			if errors.Is(err, dataset.ErrRagged) && t2.Dim() < dim {
				return nil, fmt.Errorf("%s:%d: rows have %s: the model has %s (a data file holds them, plus optionally a label column)",
					t2.Source, t2.Lines[0], words.Count(t2.Dim(), "value"), words.Count(dim, "input"))
			}
		}
	}
	if errors.Is(err, dataset.ErrDimensionMismatch) {
		return nil, fmt.Errorf("%w (the model has %s; a data file holds them, plus optionally a label column)", err, words.Count(dim, "input"))
	}
	return nil, err
}

// firstInputs returns the fields of the first line of the input where the inputs are read by
// position (without the label column where -label names it); nil where -drop or -features
// choose columns, whose places are not the inputs'.
func (d *dataFlags) firstInputs(in *input, o dataset.CSVOptions) []string {
	if o.Features != nil || o.Drop != nil {
		return nil
	}
	o.Header, o.LabelColumn, o.Features, o.Drop, o.CategoricalFeatures = dataset.HeaderYes, -1, nil, nil, nil
	fields, err := dataset.Header(bytes.NewReader(in.data), in.source, o)
	if err != nil {
		return nil
	}
	if d.label > 0 && d.label <= len(fields) {
		fields = slices.Delete(slices.Clone(fields), d.label-1, d.label)
	}
	return fields
}

// textForNumbers reports whether the first line of the input, read by position, holds text
// (not a number, not a missing value) for every input that is a number (cats false), and
// has one: column names, where it names none of the model's inputs.
func (d *dataFlags) textForNumbers(in *input, o dataset.CSVOptions, cats []bool) bool {
	fields := d.firstInputs(in, o)
	text := false
	for j, c := range cats {
		if c || j >= len(fields) {
			continue
		}
		if _, err := dataset.ParseValue(fields[j]); err == nil || dataset.MissingValue(fields[j]) {
			return false
		}
		text = true
	}
	return text
}

// knownCategories reports whether the first line of the input, read by position (firstInputs),
// holds in a categorical input one of its categories (levels): the line is then data, though
// its text might read as a header.
func (d *dataFlags) knownCategories(in *input, o dataset.CSVOptions, levels [][]string) bool {
	fields := d.firstInputs(in, o)
	for j, names := range levels {
		if j < len(fields) && slices.Contains(names, fields[j]) {
			return true
		}
	}
	return false
}

// usableNames reports whether names can match columns: set, none empty, none repeated.
func usableNames(names []string) bool {
	if len(names) == 0 {
		return false
	}
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		if n == "" || seen[n] {
			return false
		}
		seen[n] = true
	}
	return true
}

// readByName implements readFor for a file with a header.
func (d *dataFlags) readByName(in *input, o dataset.CSVOptions, header, want []string, note io.Writer) (*dataset.Table, error) {
	isInput := make(map[string]bool, len(want))
	for _, n := range want {
		isInput[n] = true
	}
	li := len(header) - 1 // the label column, -1 for none
	if d.label > 0 {
		li = d.label - 1
	}
	if li >= len(header) {
		return nil, fmt.Errorf("%s: -label %d is out of range: the header has %d columns", in.source, d.label, len(header))
	}
	if isInput[header[li]] {
		if d.label > 0 {
			return nil, fmt.Errorf("%s: -label %d names column %q, which is an input of the model", in.source, d.label, header[li])
		}
		li = -1 // the last column is an input: the file has no label column
	}
	dropped := make([]bool, len(header))
	for _, c := range o.Drop {
		if c.Name != "" {
			if j := slices.Index(header, c.Name); j >= 0 {
				dropped[j] = true
			}
		} else if c.Number <= len(header) {
			dropped[c.Number-1] = true
		}
	}
	if li >= 0 && d.label == 0 && dropped[li] {
		li = -1 // the last column left out: the file has no label column
	}
	if o.Features == nil { // the model's inputs, in its order
		missing := []string{}
		for _, n := range want {
			if !slices.Contains(header, n) {
				missing = append(missing, n)
			}
		}
		for j, n := range header {
			if dropped[j] && isInput[n] {
				return nil, fmt.Errorf("%s: -drop leaves out column %d (%q), which is an input of the model", in.source, j+1, n)
			}
		}
		var extra []string
		var extraCols []int
		for j, n := range header {
			if j != li && !dropped[j] && !isInput[n] {
				extra = append(extra, fmt.Sprintf("%d (%q)", j+1, n))
				extraCols = append(extraCols, j+1)
			}
		}
		switch {
		case len(missing) > 0:
			return nil, fmt.Errorf("%s: the header lacks the model's input%s %s (the model's inputs are %s; the header names %s): rename the columns, or remove the header line to match them by position",
				in.source, plural(len(missing)), quoteNames(missing), quoteNames(want), quoteNames(header))
		case len(extra) > 0:
			// Where the file has no label column (its last is an input), one of them may be it.
			what, them, orLabel := "column "+extra[0]+" is not an input", "it", ""
			if len(extra) > 1 {
				what, them = "columns "+words.List(extra)+" are not inputs", "them"
			}
			switch {
			case li < 0 && len(extra) == 1:
				orLabel = fmt.Sprintf(", or if it holds the labels, choose it with -label %d", extraCols[0])
			case li < 0:
				orLabel = ", or choose the label among them with -label"
			}
			return nil, fmt.Errorf("%s: %s of the model (its inputs are %s): leave %s out with -drop %s%s",
				in.source, what, quoteNames(want), them, columnRanges(extraCols), orLabel)
		}
		o.Features = make([]dataset.Column, len(want))
		for k, n := range want {
			o.Features[k] = dataset.Column{Name: n}
		}
	}
	o.LabelColumn = li + 1
	if li < 0 {
		o.LabelColumn = -1
	}
	t, err := d.parse(in, o)
	if err != nil {
		return nil, err
	}
	if slices.Equal(t.Features, want) {
		if !inHeaderOrder(header, want) {
			fmt.Fprintf(note, "note: %s: the columns are in another order than the model's inputs; they were matched by name\n", in.source)
		}
		return t, nil
	}
	// -features chose the columns: they must be the model's inputs, in any order.
	pos := make(map[string]int, len(t.Features))
	for k, n := range t.Features {
		pos[n] = k
	}
	var missing, extra []string
	for _, n := range want {
		if _, ok := pos[n]; !ok {
			missing = append(missing, n)
		}
	}
	for _, n := range t.Features {
		if !isInput[n] {
			extra = append(extra, n)
		}
	}
	if len(missing) > 0 || len(extra) > 0 {
		return nil, fmt.Errorf("%s: -features chose %s; the model's inputs are %s", in.source, quoteNames(t.Features), quoteNames(want))
	}
	for i, row := range t.X {
		r := make([]float64, len(want))
		for k, n := range want {
			r[k] = row[pos[n]]
		}
		t.X[i] = r
	}
	cols := make([]int, len(want))
	for k, n := range want {
		cols[k] = t.Columns[pos[n]]
	}
	t.Features, t.Columns = slices.Clone(want), cols
	fmt.Fprintf(note, "note: %s: the columns are in another order than the model's inputs; they were matched by name\n", in.source)
	return t, nil
}

// inHeaderOrder reports whether names appear in header in the same order.
func inHeaderOrder(header, names []string) bool {
	last := -1
	for _, n := range names {
		j := slices.Index(header, n)
		if j < last {
			return false
		}
		last = j
	}
	return true
}

func quoteNames(names []string) string {
	const max = 8
	q := make([]string, 0, max+1)
	for i, n := range names {
		if i == max {
			q = append(q, fmt.Sprintf("and %d more", len(names)-max))
			break
		}
		q = append(q, fmt.Sprintf("%q", n))
	}
	return strings.Join(q, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
