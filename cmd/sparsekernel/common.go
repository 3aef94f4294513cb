package main

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/median"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/optim"
)

// dataFlags say how to read a data file.
type dataFlags struct {
	// label is -label's column (1-based, 0 for the last); for a column named by -label
	// (labelName), the number of that column in the file read last.
	label     int
	labelName string
	header    string
	sep       string
	drop      string
	features  string
	decimal   string // point or comma
	zeroBased bool   // LIBSVM: indices count from 0
	// fill reads missing feature values as NaN, for a model that fills them; otherwise one is
	// an error, to which fillHint is added.
	fill bool
	// someLabels reads missing labels as "" (predict scores the rows that have one).
	someLabels  bool
	fillHint    string
	folds       bool   // the table is cross-validated: each fold's model fills with its own medians
	categorical string // -categorical: auto, none or columns (readFor follows the model's inputs)
}

func (d *dataFlags) register(fs *flag.FlagSet) {
	fs.Var(labelFlag{d}, "label", "CSV: the label's `column`: its 1-based number (0: the last column) or its header name")
	fs.StringVar(&d.header, "header", "auto", "CSV: whether the first line is a header: auto, yes or no")
	fs.StringVar(&d.sep, "sep", "", "CSV: field separator (default: detected; use 'space' for runs of blanks)")
	fs.BoolVar(&d.zeroBased, "zero-based", false, "LIBSVM: feature indices count from 0, as scikit-learn's dump_svmlight_file writes them by default\n"+
		"(index i is then column i+1, in -drop and -features too; a model trained so records it, and predict then reads\n"+
		"LIBSVM data so unless given -zero-based=false)")
	fs.StringVar(&d.decimal, "decimal", "point", "CSV: the numbers' decimal separator, point or comma (1,5 for 1.5, as spreadsheets in many locales\n"+
		"and R's write.csv2 write them; a comma is then not taken for the field separator)")
	fs.StringVar(&d.drop, "drop", "", "leave these `columns` out of the features: 1-based numbers, ranges and header names,\n"+
		"comma-separated, e.g. 1,4-6,id (LIBSVM: feature indices)")
	fs.StringVar(&d.features, "features", "", "use only these `columns` as features, in this order (same form as -drop);\n"+
		"the label column is chosen by -label")
}

func (d *dataFlags) options() (dataset.CSVOptions, error) {
	var o dataset.CSVOptions
	switch d.header {
	case "auto":
		o.Header = dataset.HeaderAuto
	case "yes", "true":
		o.Header = dataset.HeaderYes
	case "no", "false":
		o.Header = dataset.HeaderNo
	default:
		return o, usagef("-header %q: want auto, yes or no", d.header)
	}
	if d.label < 0 {
		return o, usagef("-label %d: want a 1-based column, or 0 for the last", d.label)
	}
	o.LabelColumn = d.label
	switch d.sep {
	case "":
	case "space", " ":
		o.Comma = ' '
	case "tab", `\t`:
		o.Comma = '\t'
	default:
		r := []rune(d.sep)
		if len(r) != 1 {
			return o, usagef("-sep %q: want one character, 'space' or 'tab'", d.sep)
		}
		o.Comma = r[0]
	}
	for _, c := range []struct {
		name, spec string
		dst        *[]dataset.Column
	}{{"-drop", d.drop, &o.Drop}, {"-features", d.features, &o.Features}} {
		if c.spec == "" {
			continue
		}
		cols, err := dataset.ParseColumns(c.spec)
		if err != nil {
			return o, usagef("%s %q: %v", c.name, c.spec, err)
		}
		*c.dst = cols
	}
	switch d.decimal {
	case "point", ".", "":
	case "comma", ",":
		o.DecimalComma = true
	default:
		return o, usagef("-decimal %q: want point or comma", d.decimal)
	}
	o.ZeroBased = d.zeroBased
	o.MissingLabels = d.someLabels
	o.Missing = d.fill
	if err := d.categoricalOptions(&o); err != nil {
		return o, err
	}
	return o, nil
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// read reads a labelled data file (CSV or LIBSVM); "-" reads standard input.
func (d *dataFlags) read(path string) (*dataset.Table, error) {
	in, o, err := d.open(path)
	if err != nil {
		return nil, err
	}
	return d.parse(in, o)
}

// open reads the input at path ("-": standard input), and returns it with the options that
// read it as the flags say (a -label given by name made its column's number).
func (d *dataFlags) open(path string) (*input, dataset.CSVOptions, error) {
	o, err := d.options()
	if err != nil {
		return nil, o, err
	}
	in, err := readInput(path)
	if err != nil {
		return nil, o, err
	}
	if err := notModel(in); err != nil {
		return nil, o, err
	}
	if err := d.labelByName(in, &o); err != nil {
		return nil, o, err
	}
	return in, o, nil
}

// labelFlag is -label: a 1-based column number, 0 for the last column, or a header name.
type labelFlag struct{ d *dataFlags }

func (l labelFlag) String() string {
	switch {
	case l.d == nil:
		return "0"
	case l.d.labelName != "":
		return l.d.labelName
	}
	return strconv.Itoa(l.d.label)
}

func (l labelFlag) Set(s string) error {
	if n, err := strconv.Atoi(s); err == nil {
		l.d.label, l.d.labelName = n, ""
		return nil
	}
	if strings.TrimSpace(s) == "" {
		return errors.New("want a column number or a header name")
	}
	l.d.label, l.d.labelName = 0, strings.TrimSpace(s)
	return nil
}

// labelByName sets o's label column, and d.label, to the column of the input's header that
// -label names, where it names one (for a number, it leaves them alone): the first line is then
// the header.
func (d *dataFlags) labelByName(in *input, o *dataset.CSVOptions) error {
	if d.labelName == "" {
		return nil
	}
	if o.Header == dataset.HeaderNo {
		return usagef("-label %q names a column, but -header no says the file has no column names: give the column's number", d.labelName)
	}
	h := *o
	h.Header, h.LabelColumn = dataset.HeaderYes, -1 // (not the column of the file read before)
	header, err := dataset.Header(bytes.NewReader(in.data), in.source, h)
	if err != nil {
		return err
	}
	if header == nil {
		return fmt.Errorf("%s: -label %q names a column, but a LIBSVM file has no column names (its label is the first field of every line)", in.source, d.labelName)
	}
	j := slices.Index(header, d.labelName)
	if j < 0 {
		return fmt.Errorf("%s:1: -label %q is not in the header, which names %s", in.source, d.labelName, quoteNames(header))
	}
	d.label, o.LabelColumn, o.Header = j+1, j+1, dataset.HeaderYes
	return nil
}

// hintMissing adds hint to an error about a missing feature value (an empty field, a marker
// of a missing value, or NaN).
func hintMissing(err error, hint string) error {
	var pe *dataset.ParseError
	if hint == "" || !dataset.MissingValueError(err) || errors.As(err, &pe) && slices.Contains(pe.TextColumns, pe.Column) { // (text below: hintDrop's)
		return err
	}
	return fmt.Errorf("%w (%s)", err, hint)
}

// The hints of hintMissing: when training, and when predicting with a model that does not
// fill missing values.
const (
	fillHintTrain = "to fill missing values with their column's median, add -missing median"
	fillHintModel = "the model was trained without missing values: train it with -missing median to fill them"
)

// hintDrop adds to an error about text among the features a hint that the column may be an
// identifier or a name to leave out: where the error is on the first data row, naming every
// column that holds text on it or a later row (their names from header, the file's column
// names, where it has them); on a later row, where the text may also be a typo, that one
// column (or every column with text from that row on); where a missing value's column holds
// text on a later row, every column with text from that row on. Where every feature holds
// text, no -drop can help: the hint says that the features must be numbers. Where the first
// column holds text and the file reads with it as the label column (label1), the hint offers
// -label 1. Where the text columns that qualified were read as categories (categorical:
// -categorical auto, or columns), the hint offers -categorical for those it declined that may
// hold categories (dataset.ParseError.Declined).
func hintDrop(err error, header []string, label1, categorical bool) error {
	var pe *dataset.ParseError
	if !errors.As(err, &pe) || pe.Column <= 0 || !slices.Contains(pe.TextColumns, pe.Column) && !dataset.TextError(err) {
		return err
	}
	cols := pe.TextColumns
	if len(cols) == 0 {
		cols = []int{pe.Column}
	}
	named := make([]string, len(cols))
	for i, c := range cols {
		named[i] = strconv.Itoa(c)
		if c <= len(header) && header[c-1] != "" {
			named[i] += " (" + shown(header[c-1]) + ")"
		}
	}
	orLabel, orCategories := "", ""
	if label1 && len(cols) == 1 && cols[0] == 1 {
		orLabel = "; if it holds the labels, choose it with -label 1"
	}
	if declined := slices.DeleteFunc(slices.Clone(pe.Declined), func(c int) bool { return !slices.Contains(cols, c) }); categorical && len(declined) > 0 {
		switch {
		case len(cols) == 1:
			orCategories = "; if it holds categories, read it so with -categorical " + columnRanges(declined)
		case len(declined) == 1:
			orCategories = fmt.Sprintf("; if column %d holds categories, read it so with -categorical %d", declined[0], declined[0])
		case len(declined) == len(cols):
			orCategories = "; if they hold categories, read them so with -categorical " + columnRanges(declined)
		default:
			orCategories = fmt.Sprintf("; if columns %s hold categories, read them so with -categorical %s", words.List(ints(declined)), columnRanges(declined))
		}
	}
	switch {
	case len(cols) == pe.Features && len(cols) > 1:
		if categorical {
			return fmt.Errorf("%w (every one of the %d feature columns holds text: the features must be numbers or categories%s)",
				err, len(cols), orCategories)
		}
		return fmt.Errorf("%w (every one of the %d feature columns holds text: the features must be numbers, such as 0 and 1 for no and yes, or one 0/1 column per category)",
			err, len(cols))
	case len(cols) > 1:
		return fmt.Errorf("%w (columns %s hold text: if they are not features, leave them out with -drop %s%s)",
			err, words.List(named), columnRanges(cols), orCategories)
	case pe.Line > 2 && orCategories != "": // (text on a tenth of the rows or more: no typo)
		return fmt.Errorf("%w (if column %s is not a feature, leave it out with -drop %s%s)", err, named[0], columnRanges(cols), orCategories)
	case pe.Line > 2:
		return fmt.Errorf("%w (a typo? if column %s is not a feature, leave it out with -drop %s%s)", err, named[0], columnRanges(cols), orCategories)
	case pe.Features == 1:
		if categorical {
			return fmt.Errorf("%w (column %s, the only feature, holds text: the features must be numbers or categories%s%s)", err, named[0], orCategories, orLabel)
		}
		return fmt.Errorf("%w (column %s, the only feature, holds text: the features must be numbers%s)", err, named[0], orLabel)
	}
	return fmt.Errorf("%w (if column %s is not a feature, leave it out with -drop %s%s%s)", err, named[0], columnRanges(cols), orCategories, orLabel)
}

// ints writes numbers as text.
func ints(v []int) []string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return s
}

// columnRanges writes 1-based columns for -drop: runs of three or more increasing columns as
// ranges ("1-3,5,7,8").
func columnRanges(cols []int) string {
	var parts []string
	for i := 0; i < len(cols); {
		j := i
		for j+1 < len(cols) && cols[j+1] == cols[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, fmt.Sprintf("%d-%d", cols[i], cols[j]))
		default:
			j = i
			parts = append(parts, strconv.Itoa(cols[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

// fitFlags are the training options shared by train, eval and bench.
type fitFlags struct {
	method             string
	task               string
	tau                float64
	minTerms, maxTerms int
	prefer             string
	folds              int
	seed               uint64
	workers            int
	swarm, iterations  int // PSO
	ps, ng, mi         int // RWBS
	kernel, tuner      string
	gamma, sigma, a    float64
	evaluations        int
	paper              bool
	noLinear           bool
	noPower            bool
	refine             refineFlag
	classWeight        classWeightFlag
	missing            string // train, eval: refuse or median
	clip               string // regression: trend, range or none
	loss               string // regression: auto, squared or huber
	force              bool   // fit even beyond the memory available (lssvm, wide data)
	quiet              bool   // no progress display
}

func (f *fitFlags) register(fs *flag.FlagSet) {
	var names []string
	for _, m := range sparsekernel.Methods {
		names = append(names, m.Name)
	}
	fs.StringVar(&f.method, "method", sparsekernel.Auto, "training `method`: "+strings.Join(names, ", "))
	fs.StringVar(&f.task, "task", "auto", "classification, regression, or auto: text labels are classes; numbers are classes when\n"+
		"there are two distinct values, or at most 30 distinct integers with at least 5 rows each on average; else regression")
	fs.StringVar(&f.prefer, "prefer", sparsekernel.PreferBalanced, "auto: size against accuracy, small, balanced or accurate")
	fs.IntVar(&f.folds, "folds", 0, "auto: cross-validation folds (0: 5)")
	fs.Float64Var(&f.tau, "tau", 0, "fixed-node width tau of exp(-||z-c||^2/tau) on standardised inputs (0: chosen from the data)")
	fs.IntVar(&f.minTerms, "min-terms", 0, "rols, loomi: minimum number of nodes (0: the method's default)")
	fs.IntVar(&f.maxTerms, "max-terms", 0, "node budget: cap on the number of nodes (0: the method's default)")
	fs.BoolVar(&f.noPower, "no-power", false, "auto, pso, rwbs: leave skewed inputs as they are (by default a Yeo-Johnson power transform of them is cross-validated too, and kept where it does better)")
	fs.BoolVar(&f.noLinear, "no-linear", false, "auto, pso, rwbs: Gaussian nodes only, no linear or quadratic node (with -no-power, model files of format 2, which older builds read)")
	fs.Var(&f.refine, "refine", "auto: refine the nodes' centres and widths jointly after the selection, as far as the cross-validation supports: -refine on data of any size (2-4 times the time), -refine=false never, -refine=auto (the default) for several classes and regression from 1,000 points on")
	fs.Var(&f.classWeight, "class-weight", "classification: weigh the classes in the labels and probabilities (not in the fit): balanced (N / (classes x rows of the class)),\n"+
		"or class=weight pairs, comma-separated or in repeated flags (a class not named weighs 1; a numeric class by its value, 1 for +1),\n"+
		"e.g. -class-weight yes=5 to answer yes where its probability is above 1/6; not with -paper (no probabilities)")
	fs.BoolVar(&f.paper, "paper", false, "pso, rwbs: the papers' construction (no bias, no cross-validation; with -ps 7 -ng 11 -mi 400 for rwbs)")
	fs.IntVar(&f.swarm, "swarm", 0, "pso: swarm size S (0: 10, as Chen, Hong and Harris (2010); they use 20 for harder sets)")
	fs.IntVar(&f.iterations, "iterations", 0, "pso: iterations I_max per node (0: 20)")
	fs.IntVar(&f.ps, "ps", 0, "rwbs: population size Ps (0: 10; with -paper 7)")
	fs.IntVar(&f.ng, "ng", 0, "rwbs: generations Ng (0: 4; with -paper 11)")
	fs.IntVar(&f.mi, "mi", 0, "rwbs: boosting iterations Mi per generation (0: 25; with -paper 400)")
	fs.StringVar(&f.kernel, "kernel", "", "lssvm: kernel, gaussian (or gauss) or wavelet (default gaussian)")
	fs.StringVar(&f.tuner, "tuner", "", "lssvm: hyperparameter tuner, cca, sa or none (default cca)")
	fs.Float64Var(&f.gamma, "gamma", 0, "lssvm with -tuner none: regularisation gamma")
	fs.Float64Var(&f.sigma, "sigma", 0, "lssvm with -tuner none: Gaussian width sigma")
	fs.Float64Var(&f.a, "a", 0, "lssvm with -tuner none: wavelet dilation a")
	fs.IntVar(&f.evaluations, "evaluations", 0, "lssvm with -tuner sa: LOO evaluations (0: as many as a CCA run uses)")
	fs.StringVar(&f.clip, "clip", "trend", "regression: clip the predictions to the training targets' range, widened where the model's linear trend\n"+
		"goes beyond it (trend), to that range alone (range: for bounded targets such as ratings or shares), or not at all (none)")
	fs.StringVar(&f.loss, "loss", sparsekernel.LossAuto, "regression: the loss fitted, squared (least squares), huber (squared within 1.345 robust standard deviations\n"+
		"of the out-of-fold predictions, linear beyond: a few wild targets pull it little; up to five fits, 3 to 12 times the time),\n"+
		"or auto: huber for method auto where the squared error's residuals are heavy-tailed and the targets not strongly skewed\n"+
		"(one outer tail five times the other: counts or prices spanning orders of magnitude), else squared")
	f.seed = 1
	fs.Var((*seedFlag)(&f.seed), "seed", "random `seed`, a whole number from 0 to 2^64-1; the same seed gives the same model\n"+
		"(rols and loomi on up to 2,000 rows take every row as a candidate, and draw nothing)")
	fs.IntVar(&f.workers, "workers", 0, "goroutines to use (0: all cores); results do not depend on it")
	fs.BoolVar(&f.force, "force", false, "fit even when the memory estimate (lssvm, or very wide data) is above the memory available")
	fs.BoolVar(&f.quiet, "quiet", false, "show no progress on a terminal (warnings are still printed)")
}

// seedFlag is a seed in decimal digits only: flag's own unsigned parsing would read 010 as 8
// (octal), 0x10 as 16 and 1_000 as 1000.
type seedFlag uint64

func (s *seedFlag) String() string { return strconv.FormatUint(uint64(*s), 10) }

func (s *seedFlag) Set(v string) error {
	if v == "" || strings.Trim(v, "0123456789") != "" {
		return fmt.Errorf("want a whole number from 0 to 18446744073709551615 in decimal digits")
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return fmt.Errorf("beyond 18446744073709551615, the largest seed")
	}
	*s = seedFlag(n)
	return nil
}

// registerMissing registers -missing, the choice of train, eval and bench (predict follows
// the model).
func (f *fitFlags) registerMissing(fs *flag.FlagSet) {
	fs.StringVar(&f.missing, "missing", "refuse", "missing feature values (empty, ?, NA, NaN, ...): refuse them (an error naming each), or median: fill each\n"+
		"with its column's median over the training rows, in the fit and in the model's predictions")
}

// options turns the flags into library options; the library checks them (Options.Check) and
// owns their defaults: an invalid option is a usage error.
func (f *fitFlags) options() (sparsekernel.Options, error) {
	prefer := f.prefer
	if prefer == sparsekernel.PreferBalanced {
		prefer = ""
	}
	kern := f.kernel
	if kern == "gauss" {
		kern = model.KernelGaussian
	}
	width := f.sigma
	if kern == model.KernelWavelet {
		width = f.a
	}
	switch {
	case kern == model.KernelWavelet && f.sigma != 0:
		return sparsekernel.Options{}, usagef("-sigma is the Gaussian kernel's width; the wavelet kernel's is its dilation, -a")
	case kern != model.KernelWavelet && f.a != 0:
		return sparsekernel.Options{}, usagef("-a is the wavelet kernel's dilation (-kernel wavelet); the Gaussian kernel's width is -sigma")
	}
	opt := sparsekernel.Options{Method: f.method, Tau: f.tau, MinTerms: f.minTerms, MaxTerms: f.maxTerms,
		Prefer: prefer, Folds: f.folds, Seed: f.seed, Workers: f.workers, Paper: f.paper, NoLinear: f.noLinear, NoPower: f.noPower, Refine: f.refine.mode,
		ClassWeights: f.classWeight.weights, BalanceClasses: f.classWeight.balanced,
		Loss:  f.loss,
		PSO:   optim.PSO{Swarm: f.swarm, Iterations: f.iterations},
		RWBS:  optim.RWBS{Population: f.ps, Generations: f.ng, Inner: f.mi},
		LSSVM: sparsekernel.LSSVMOptions{Kernel: kern, Tuner: f.tuner, Gamma: f.gamma, Width: width, Evaluations: f.evaluations}}
	switch f.clip {
	case "trend", "":
	case "range":
		opt.ClipToRange = true
	case "none":
		opt.NoClip = true
	default:
		return opt, usagef("-clip %q: want trend, range or none", f.clip)
	}
	switch f.missing {
	case "refuse", "":
	case "median":
		opt.FillMissing = true
	default:
		return opt, usagef("-missing %q: want refuse or median", f.missing)
	}
	switch f.task {
	case "auto", "":
	case "classification", "class", "c":
		opt.Task = model.Classification
	case "regression", "reg", "r":
		opt.Task = model.Regression
	default:
		return opt, usagef("-task %q: want classification, regression or auto", f.task)
	}
	if err := opt.Check(); err != nil {
		return opt, usageError{err.Error()}
	}
	return opt, nil
}

// trainingTable reads a labelled training file and checks it before any work: a label
// column, values that can be standardised, and, for a regression, numeric targets. It says on
// info what task it read and warns about options the method ignores and about degenerate
// columns.
func trainingTable(df *dataFlags, opt sparsekernel.Options, path string, info io.Writer) (*dataset.Table, error) {
	df.fill, df.fillHint = opt.FillMissing, fillHintTrain
	t, err := df.read(path)
	if err != nil {
		return nil, err
	}
	if t.Labels == nil {
		return nil, fmt.Errorf("%s: no label column", t.Source)
	}
	if len(t.X) < 2 {
		return nil, fmt.Errorf("%s:%d: the only data row: training needs at least two", t.Source, t.Lines[0])
	}
	describeCategories(info, t)
	filled := t
	if opt.FillMissing {
		if filled, err = fillTable(t, df.folds, info); err != nil {
			return nil, err
		}
	}
	_, constant, err := filled.Scale()
	if err != nil {
		return nil, err
	}
	if len(constant) == t.Dim() {
		return nil, fmt.Errorf("%s: every feature is constant (%s): there is nothing to learn from; a model could only predict the most frequent class or the mean",
			t.Source, describeConstant(filled))
	}
	if opt.Task == "" {
		if err := dataset.MissingLabelError(t); err != nil {
			return nil, err
		}
	}
	fmt.Fprintln(info, describeTask(t, opt))
	if det := dataset.DetectLabels(t.Labels); opt.Task == "" && det.Task == dataset.Classification && det.Classes == 1 {
		if _, err := dataset.Numeric(t); err == nil { // a constant regression target, perhaps
			return nil, fmt.Errorf("%s: %w: every label is %s (as a regression target, a constant: nothing to learn either)",
				t.Source, sparsekernel.ErrOneClass, t.Labels[0])
		}
	}
	task := taskOf(t, opt)
	if task == model.Regression {
		y, err := dataset.Numeric(t)
		if err != nil {
			return nil, err
		}
		noteTinyTargets(info, t, y)
		warnOutlyingTargets(info, t, y, opt)
		if len(t.Levels) > 0 && t.Levels[0] != nil && column(t, 0) == 1 && df.label == 0 && df.labelName == "" && opt.Task == "" && labelLike(t) {
			fmt.Fprintf(info, "note: %s: %s, read as categories, may hold the labels, with the last column a feature: if so, choose it with -label 1\n",
				t.Source, columnName(t, 0))
		}
	}
	warnUnused(info, opt)
	if task == model.Classification && (opt.NoClip || opt.ClipToRange) {
		fmt.Fprintf(info, "warning: -clip applies to a regressor's values; %s is read as classification, where it does nothing\n", t.Source)
	}
	if df.zeroBased && !t.LIBSVM() {
		fmt.Fprintf(info, "warning: -zero-based applies to LIBSVM files; %s is read as CSV, where it does nothing\n", t.Source)
	}
	warnColumns(info, filled, constant) // (the values filled, as constant was found)
	warnNumericHeader(info, t)
	if task == model.Classification {
		warnClassSizes(info, t)
		if opt.Task == "" {
			noteIntegerClasses(info, t)
			warnMissingClass(info, t)
		}
	}
	return t, nil
}

// warnUnused warns of each option that opt sets and its method ignores (Options.Unused).
func warnUnused(w io.Writer, opt sparsekernel.Options) {
	for _, name := range opt.Unused() {
		fmt.Fprintf(w, "warning: method %s ignores the %s option\n", methodOrDefault(opt), name)
	}
}

// warnMissingClass warns about a class of two rows or more whose label marks a missing value
// ("NA", "None", "NaN", ...: dataset.MissingValue), such as R's write.csv writes for a factor's NA: the
// rows most likely have no label, and the class would be learnt from them. (A class of one
// row gets warnClassSizes' warning; among numeric labels a marker is an error, or the reason
// of the task says so.)
func warnMissingClass(w io.Writer, t *dataset.Table) {
	count, first := map[string]int{}, map[string]int{}
	numbers := true
	for i, l := range t.Labels {
		if dataset.MissingValue(strings.TrimSpace(l)) {
			if count[l] == 0 {
				first[l] = i
			}
			count[l]++
		} else if _, err := dataset.ParseValue(strings.TrimSpace(l)); err != nil {
			numbers = false
		}
	}
	if numbers {
		return
	}
	for _, l := range slices.Sorted(maps.Keys(count)) {
		if count[l] < 2 {
			continue
		}
		where := t.Source
		if i := first[l]; i < len(t.Lines) {
			where = fmt.Sprintf("%s:%d", t.Source, t.Lines[i])
		}
		fmt.Fprintf(w, "warning: %s: class %q, of %d rows, marks a missing value: if those rows have no label, remove them (-task classification keeps it as a class without this warning)\n",
			where, l, count[l])
	}
}

// noteIntegerClasses notes, for integer labels read as more than two classes of which one
// has a single row or that run through every integer between their ends (a scale of 1 to 5,
// counts of 0 to 9), that they may be quantities (a count, an age, a rating), which -task
// regression fits as numbers: such labels read as classes by the rule of few distinct values,
// and the warning about a one-row class asks only whether it is a typo.
func noteIntegerClasses(w io.Writer, t *dataset.Table) {
	count := map[float64]int{}
	for _, l := range t.Labels {
		v, err := dataset.ParseValue(strings.TrimSpace(l))
		if err != nil || v != math.Trunc(v) {
			return
		}
		count[v]++
	}
	values := slices.Sorted(maps.Keys(count))
	consecutive := values[len(values)-1]-values[0] == float64(len(values)-1) // (a scale: 1 to 5, counts 0 to 9)
	if len(count) <= 2 || !consecutive && !slices.Contains(slices.Collect(maps.Values(count)), 1) {
		return
	}
	fmt.Fprintf(w, "note: %s: the labels, %d distinct integers, are read as classes; if they are quantities (counts, ages, scores), fit them as numbers with -task regression\n",
		t.Source, len(count))
}

// fillTable says on info how many values of t are missing, in which columns, and what fills
// them (with folds, each fold's training medians) (the library fills them the same way, dataset.FillMedians), and returns t with them
// filled, for the checks of the values. A column missing on every row is an error naming it.
func fillTable(t *dataset.Table, folds bool, info io.Writer) (*dataset.Table, error) {
	counts := dataset.CountMissing(t.X)
	X, medians, err := dataset.FillMedians(t.X)
	if err != nil {
		for j, n := range counts {
			if n == len(t.X) {
				return nil, fmt.Errorf("%s: %s is missing on every row, so there is no value to fill it with: leave it out with -drop %d",
					t.Source, columnName(t, j), column(t, j))
			}
		}
		return nil, err
	}
	var parts []string
	total, cols := 0, 0
	for j, n := range counts {
		if n == 0 {
			continue
		}
		total, cols = total+n, cols+1
		if cols <= maxColumnWarnings {
			part := fmt.Sprintf("%s: %d, median %g", columnName(t, j), n, medians[j])
			if j < len(t.Levels) && t.Levels[j] != nil {
				part = fmt.Sprintf("%s: %d, %s", columnName(t, j), n, fillsCategory(t.X, j, t.Levels[j]))
			}
			if folds {
				part = fmt.Sprintf("%s: %d", columnName(t, j), n)
			}
			parts = append(parts, part)
		}
	}
	if more := cols - maxColumnWarnings; more > 0 {
		parts = append(parts, fmt.Sprintf("%s more", words.Count(more, "column")))
	}
	if total == 0 {
		fmt.Fprintf(info, "no value is missing; the model will fill a missing input with its column's median\n")
	} else {
		whose := "their columns' medians"
		switch {
		case folds:
			whose = "the medians of each fold's training rows"
		case total == 1:
			whose = "its column's median"
		case cols == 1:
			whose = "their column's median"
		}
		fmt.Fprintf(info, "filling %s with %s (%s)\n", words.Count(total, "missing value"), whose, strings.Join(parts, "; "))
	}
	filled := *t
	filled.X = X
	return &filled, nil
}

// warnNumericHeader warns when every name of a CSV header is a number (only -header yes reads
// such a line as a header, and the automatic rule pandas' 0, 1, 2, ...: a note then): the
// first data row is then lost to the names.
func warnNumericHeader(w io.Writer, t *dataset.Table) {
	if len(t.Header) == 0 {
		return
	}
	for _, h := range t.Header {
		if _, err := dataset.ParseValue(h); err != nil {
			return
		}
	}
	shown := t.Header[:min(len(t.Header), 3)]
	more := ""
	if len(t.Header) > len(shown) {
		more = ", ..."
	}
	if dataset.PandasHeader(t.Header) {
		fmt.Fprintf(w, "note: %s: the first line (%s%s) is read as column names, as pandas names an array's columns; if it is data, use -header no\n",
			t.Source, strings.Join(shown, ", "), more)
		return
	}
	fmt.Fprintf(w, "warning: %s: the header's names are all numbers (%s%s): if the first line is data, use -header no\n",
		t.Source, strings.Join(shown, ", "), more)
}

// maxLoneClasses is the number of one-row classes warned about one by one.
const maxLoneClasses = 3

// warnClassSizes warns about classes of a single row among at least ten: most often a typo
// of another class's name, a missing-value marker or a header read as data, each of which
// would otherwise silently add a class; or, where the classes have fewer than three rows on
// average, about that (a label that names the rows, as an identifier would).
func warnClassSizes(w io.Writer, t *dataset.Table) {
	if len(t.Labels) < 10 {
		return
	}
	key := func(i int) string { return t.Labels[i] } // a row's class: its label, or as the fit reads the labels
	if idx, classes, err := dataset.Classes(t.Labels); err == nil {
		key = func(i int) string { return classes[idx[i]] } // ("1" and "1.0" one class)
	}
	count := map[string]int{}
	for i := range t.Labels {
		count[key(i)]++
	}
	if per := float64(len(t.Labels)) / float64(len(count)); len(count) > 2 && per < 3 {
		fmt.Fprintf(w, "warning: %s: %d classes of %.1f rows on average: too few to learn a class from (is the label column an identifier?), and a fit's time grows with the classes\n",
			t.Source, len(count), per)
		return
	}
	var lone []int
	for i := range t.Labels {
		if count[key(i)] == 1 {
			lone = append(lone, i)
		}
	}
	if len(lone) == 0 {
		return
	}
	for _, i := range lone[:min(len(lone), maxLoneClasses)] {
		where := t.Source
		if i < len(t.Lines) {
			where = fmt.Sprintf("%s:%d", t.Source, t.Lines[i])
		}
		fmt.Fprintf(w, "warning: %s: class %q has this row only: if it is a typo, a missing value or a header, fix or leave out the row\n", where, t.Labels[i])
	}
	if more := len(lone) - maxLoneClasses; more > 0 {
		fmt.Fprintf(w, "warning: %s: %d more classes have one row each\n", t.Source, more)
	}
}

// describeConstant lists the values of a table's constant features, for a message.
func describeConstant(t *dataset.Table) string {
	parts := make([]string, 0, 4)
	for j := range t.Dim() {
		if j == 3 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, fmt.Sprintf("%s = %s", columnName(t, j), valueText(t, j, t.X[0][j])))
	}
	return strings.Join(parts, ", ")
}

// taskOf returns the task that opt asks for, or that the labels of t are detected as.
func taskOf(t *dataset.Table, opt sparsekernel.Options) model.Task {
	if opt.Task != "" {
		return opt.Task
	}
	if dataset.DetectLabels(t.Labels).Task == dataset.Regression {
		return model.Regression
	}
	return model.Classification
}

// maxColumnWarnings is the number of constant columns warned about one by one; beyond it,
// one line names the first of them.
const maxColumnWarnings = 5

// warnColumns warns about features that carry no information (constant columns) and about
// a first feature that counts the rows (an identifier rather than a measurement).
func warnColumns(w io.Writer, t *dataset.Table, constant []int) {
	if len(constant) > maxColumnWarnings { // sparse data (LIBSVM) can have hundreds: one line
		names := make([]string, 0, maxColumnWarnings)
		for _, j := range constant[:maxColumnWarnings] {
			names = append(names, columnName(t, j))
		}
		fmt.Fprintf(w, "warning: %s: %d of %d columns are constant (%s, ...): they carry no information\n",
			t.Source, len(constant), t.Dim(), strings.Join(names, ", "))
		constant = nil
	}
	for _, j := range constant {
		why := fmt.Sprintf("every value is %s", valueText(t, j, t.X[0][j]))
		if categorical(t, j) {
			why = fmt.Sprintf("every row is %s", valueText(t, j, t.X[0][j]))
		}
		if len(t.X) == 1 {
			why = "there is one row"
		} else if slices.ContainsFunc(t.X, func(x []float64) bool { return x[j] != t.X[0][j] }) {
			why = "its values differ by less than float64 resolves around their mean"
		}
		fmt.Fprintf(w, "warning: %s: %s is constant (%s): it carries no information\n", t.Source, columnName(t, j), why)
	}
	if n := len(t.X); n >= 10 && t.Dim() > 1 {
		counts := !categorical(t, 0) // (a category's index counts nothing)
		for i, x := range t.X {
			counts = counts && x[0] == t.X[0][0]+float64(i)
		}
		switch {
		case counts:
			fmt.Fprintf(w, "warning: %s: %s counts the rows (%g, %g, ..., %g): if it is an identifier, leave it out with -drop %d\n",
				t.Source, columnName(t, 0), t.X[0][0], t.X[1][0], t.X[n-1][0], column(t, 0))
		case rowNames(t):
			fmt.Fprintf(w, "warning: %s: column 1 has no name in the header and holds distinct integers (%g, %g, ..., %g), as the row names R's write.csv writes there, or the index of pandas' to_csv: if it is an identifier, leave it out with -drop 1\n",
				t.Source, t.X[0][0], t.X[1][0], t.X[n-1][0])
		default:
			warnIdentifiers(w, t)
		}
	}
}

// warnIdentifiers warns about features named as identifiers ("id", "Id", "patient_id",
// "PassengerId", ...) whose values are integers, nine in ten of them distinct: a record's
// number, which says nothing of its class or value unless the records were numbered in an
// order that does (by date, by class), and then leaks it.
func warnIdentifiers(w io.Writer, t *dataset.Table) {
	for j, name := range t.Features {
		if !idName(name) {
			continue
		}
		seen := make(map[float64]bool, len(t.X))
		integers := true
		for _, x := range t.X {
			integers = integers && x[j] == math.Trunc(x[j])
			seen[x[j]] = true
		}
		if integers && 10*len(seen) >= 9*len(t.X) {
			what := "integers"
			if categorical(t, j) {
				what = "categories"
			}
			fmt.Fprintf(w, "warning: %s: %s is named as an identifier and holds %d distinct %s in %s: if it is one, leave it out with -drop %d\n",
				t.Source, columnName(t, j), len(seen), what, words.Count(len(t.X), "row"), column(t, j))
		}
	}
}

// idName reports whether a column's name is an identifier's: id in any case, or a name that
// ends in it after a separator (patient_id, sample.id, case id) or as a capitalised word
// (PassengerId, CustomerID).
func idName(name string) bool {
	lower := strings.ToLower(name)
	switch {
	case lower == "id":
		return true
	case len(name) > 2 && strings.HasSuffix(lower, "id"):
		c := name[len(name)-3]
		return c == '_' || c == '.' || c == ' ' || c == '-' || name[len(name)-2] == 'I' && 'a' <= c && c <= 'z'
	}
	return false
}

// rowNames reports whether the first feature of t is the file's first column, unnamed in its
// header (R's write.csv names it "", pandas' read_csv "Unnamed: 0"), and holds distinct
// integers: the row names or index of a data frame, which carry the order of the rows (after
// a sort by class, the class itself) rather than a measurement.
func rowNames(t *dataset.Table) bool {
	if column(t, 0) != 1 || categorical(t, 0) || len(t.Features) == 0 || t.Features[0] != "" && t.Features[0] != "Unnamed: 0" {
		return false
	}
	seen := make(map[float64]bool, len(t.X))
	for _, x := range t.X {
		if v := x[0]; v != math.Trunc(v) || seen[v] {
			return false
		}
		seen[x[0]] = true
	}
	return true
}

// categorical reports whether feature j of t holds categories (their indices in t.Levels[j]).
func categorical(t *dataset.Table, j int) bool {
	return j < len(t.Levels) && t.Levels[j] != nil
}

// valueText writes the value v of feature j of t for a message: a number, or a category's
// name, quoted.
func valueText(t *dataset.Table, j int, v float64) string {
	if categorical(t, j) && v == math.Trunc(v) && v >= 0 && int(v) < len(t.Levels[j]) {
		return strconv.Quote(t.Levels[j][int(v)])
	}
	return fmt.Sprintf("%g", v)
}

// column returns the 1-based column in the file of feature j.
func column(t *dataset.Table, j int) int {
	if j < len(t.Columns) {
		return t.Columns[j]
	}
	return j + 1
}

// columnName names feature j for a message: "column 3 (age)".
func columnName(t *dataset.Table, j int) string {
	if j < len(t.Features) && t.Features[j] != "" {
		return fmt.Sprintf("column %d (%s)", column(t, j), t.Features[j])
	}
	return fmt.Sprintf("column %d", column(t, j))
}

func methodOrDefault(opt sparsekernel.Options) string {
	if opt.Method == "" {
		return sparsekernel.Auto
	}
	return opt.Method
}

// fitTable fits a model to a checked training table as the flags say: it estimates the cost
// of an LS-SVM, or the memory of another method (the copies of the inputs and the kernel
// matrices), first, and shows progress on a terminal.
func fitTable(t *dataset.Table, opt sparsekernel.Options, ff *fitFlags, stderr io.Writer) (*model.Model, error) {
	if err := checkLSSVM(stderr, len(t.X), opt, memoryLimit(), ff.force); err != nil {
		return nil, fmt.Errorf("%s: %w", t.Source, err)
	}
	_, classes, _ := fitTask(t, opt)
	opt.Categories = t.Levels // (the memory counts their 0/1 inputs)
	bytes, ok, err := checkMemory(stderr, len(t.X), t.Dim(), classes, opt, memoryLimit(), ff.force)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Source, err)
	}
	setCollector(bytes, ok)
	bar := startProgress(stderr, "training ("+methodOrDefault(opt)+")", !ff.quiet)
	if bar != nil {
		opt.Progress = bar.update
	}
	m, err := train(t, opt)
	bar.finish()
	return m, err
}

// train fits a model to a table; the library detects the task from its labels unless opt
// fixes it.
func train(t *dataset.Table, opt sparsekernel.Options) (*model.Model, error) {
	if t.Labels == nil {
		return nil, fmt.Errorf("%s: no label column", t.Source)
	}
	opt.Features = t.Features
	opt.Categories = t.Levels
	var (
		m   *model.Model
		err error
	)
	if opt.Task == model.Regression {
		y, nerr := dataset.Numeric(t)
		if nerr != nil {
			return nil, nerr // names the file and line already
		}
		m, err = sparsekernel.Fit(t.X, y, opt)
	} else {
		m, err = sparsekernel.FitLabels(t.X, t.Labels, opt)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Source, err)
	}
	m.ZeroBased = t.ZeroBased()
	return m, nil
}

// targets returns the test targets of t for model m: class indices into m.Classes (-1 for a
// class the model was not trained on, which scoring counts wrong, as svm-predict and
// scikit-learn do; unseenNote says so), or numbers.
func targets(m *model.Model, t *dataset.Table) ([]float64, error) {
	if m.Task == model.Classification {
		idx, _ := dataset.IndicesKnown(t.Labels, m.Classes)
		y := make([]float64, len(idx))
		for i, c := range idx {
			y[i] = float64(c)
		}
		return y, nil
	}
	return dataset.Numeric(t)
}

// implicitLabels refuses the labels t holds for a classifier of the given classes where the
// file did not name its label column (label, the -label flag, is 0: its last column, not an
// input of the model, was taken) and none of them is one of the classes: such a column is
// most likely not a label at all (an id), and every row would be scored wrong. Naming the
// column with -label scores it anyway.
func implicitLabels(classes []string, t *dataset.Table, label int) error {
	if label > 0 || len(t.Labels) == 0 {
		return nil
	}
	if _, unknown := dataset.IndicesKnown(t.Labels, classes); unknown < len(t.Labels) {
		return nil
	}
	col := "the last column"
	if t.LabelName != "" {
		col += fmt.Sprintf(" (%q)", t.LabelName)
	}
	q := make([]string, len(classes))
	for i, c := range classes {
		q[i] = strconv.Quote(c)
	}
	if t.LIBSVM() {
		return fmt.Errorf("%s: the labels (the first field of every line) hold none of the model's classes (%s)",
			t.Source, strings.Join(q, ", "))
	}
	if hint := nearClasses(t.Labels, classes); hint != "" {
		return fmt.Errorf("%s: %s, read as the labels, holds none of the model's classes (%s): %s",
			t.Source, col, strings.Join(q, ", "), hint)
	}
	return fmt.Errorf("%s: %s, read as the labels, holds none of the model's classes (%s): if it is not the label, leave it out with -drop; to score it as the label anyway, name it with -label",
		t.Source, col, strings.Join(q, ", "))
}

// nearClasses returns a hint where every label that is not one of the classes would be one
// without a final period (as UCI's adult.test writes ">50K.") or in other letter case, and ""
// otherwise.
func nearClasses(labels, classes []string) string {
	dot, fold, any := true, true, false
	for _, l := range labels {
		if l == "" || slices.Contains(classes, l) {
			continue
		}
		any = true
		t, ok := strings.CutSuffix(l, ".")
		dot = dot && ok && slices.Contains(classes, t)
		fold = fold && slices.ContainsFunc(classes, func(c string) bool { return strings.EqualFold(c, l) })
	}
	switch {
	case !any:
		return ""
	case dot:
		return "the labels are the model's classes but for a final period (as UCI's adult.test writes them): remove it from the file, with sed 's/\\.$//' for one"
	case fold:
		return "the labels are the model's classes but for their letters' case: classes are matched exactly"
	}
	return ""
}

// unseenNote says how many test rows of t (targets truth) have a class the classifier m was
// not trained on, and which, or "" when none do.
func unseenNote(m *model.Model, t *dataset.Table, truth []float64) string {
	if m.Task != model.Classification {
		return ""
	}
	var labels []string
	n := 0
	for i, c := range truth {
		if c < 0 {
			n++
			if l := t.Labels[i]; !slices.Contains(labels, l) {
				labels = append(labels, l)
			}
		}
	}
	if n == 0 {
		return ""
	}
	q := make([]string, len(labels))
	for i, l := range labels {
		q[i] = strconv.Quote(l)
	}
	note := fmt.Sprintf("note: %d of %d rows have a class the model was not trained on (%s), counted wrong", n, len(truth), strings.Join(q, ", "))
	if hint := nearClasses(labels, m.Classes); hint != "" {
		note += "; " + hint
	}
	return note
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// describe returns a summary of a model: what was trained and chosen, and its estimated error.
func describe(m *model.Model) string {
	var b strings.Builder
	t := m.Training
	fmt.Fprintf(&b, "%s %s", m.Method, m.Task)
	if m.Task == model.Classification {
		fmt.Fprintf(&b, " of %d classes", len(m.Classes))
	}
	fmt.Fprintf(&b, ": %s", words.Count(m.Size(), "node"))
	if t.Gamma > 0 {
		fmt.Fprintf(&b, ", %s kernel, gamma %.4g, width %.4g", m.Kernel, t.Gamma, t.Width)
	}
	fmt.Fprintf(&b, ", %s %s", estimateName(m), formatError(m, t.LOOError))
	if t.TrivialError > 0 {
		fmt.Fprintf(&b, " (trivial rule %s)", formatError(m, t.TrivialError))
	}
	if t.Seconds > 0 { // (a model read from a file has no fit time)
		fmt.Fprintf(&b, ", %.3f s", t.Seconds)
	}
	if t.Chose != "" {
		fmt.Fprintf(&b, "\nchose: %s", t.Chose)
	}
	return b.String()
}

// estimateName names the model's estimate of its error honestly.
func estimateName(m *model.Model) string {
	kind := "LOO error"
	if m.Task == model.Regression {
		kind = "LOO MSE"
	}
	switch m.Training.LOOScope {
	case "cv":
		kind = "cross-validated error"
		if m.Task == model.Regression {
			kind = "cross-validated MSE"
		}
	case "weights":
		kind += " over the weights only (optimistic: the nodes were fitted to every point)"
	case "evidence":
		kind += " at the regularisation the evidence fitted on every point (optimistic for a large model)"
	}
	return kind
}

// formatError formats an error rate as a percentage, an MSE as a number.
func formatError(m *model.Model, v float64) string {
	if m.Task == model.Classification {
		return fmt.Sprintf("%.2f%%", 100*v)
	}
	return fmt.Sprintf("%.4g", v)
}

// warnUseless warns when a model's estimated error is not below the trivial rule's, up to
// rounding: the two are computed apart, and 1-59/60 is above 1/60 in float64. (An estimate
// over the weights only, optimistic, that does no better says so all the more.)
func warnUseless(w io.Writer, m *model.Model) {
	t := m.Training
	if t.NoSignal() {
		if m.Task == model.Classification && t.TrivialError <= rareShare && m.Calibration != nil {
			// Unequal classes: the rare ones may be told apart and never win at the labels.
			fmt.Fprintf(w, "warning: the model's %s, %s, is no better than always answering the most frequent class (%s): with classes this unequal its probabilities may still rank the rows (eval reports their AUC), and -class-weight balanced answers the rarer classes more often\n",
				estimateName(m), formatError(m, t.LOOError), formatError(m, t.TrivialError))
			return
		}
		fmt.Fprintf(w, "warning: the model's %s, %s, is no better than the trivial rule's %s (always the most frequent class, or the mean): it has found no signal in the data\n",
			estimateName(m), formatError(m, t.LOOError), formatError(m, t.TrivialError))
	}
}

// rareShare is the trivial rule's error (the rows outside the most frequent class) up to
// which warnUseless takes the classes for unequal ones.
const rareShare = 0.1

// noteAtCap notes when the default's size rule chose the largest size it could select (its
// cap, the default or -max-terms; not N - 1): the cross-validated error was still falling
// there by more than its standard error, so a larger cap may give a more accurate model.
func noteAtCap(w io.Writer, m *model.Model) {
	t := m.Training
	if m.Method != "auto" || t.LOOScope != "cv" || t.Chosen == 0 || t.Chosen != len(t.LOOCurve) || t.Chosen >= t.Samples-1 {
		return
	}
	fmt.Fprintf(w, "note: the size rule chose %d nodes, the cap: the cross-validated error was still falling there; a larger cap (-max-terms %d, say) may give a more accurate model, at the cost of time\n", t.Chosen, 2*t.Chosen)
}

// tinyTarget is the magnitude below which a target's square, and so a squared error of its
// order, leaves float64's normal range (2.2e-308).
const tinyTarget = 1e-154

// noteTinyTargets notes targets so small that the squared errors of a fit to them underflow,
// so that the MSE figures read 0: the model itself is fitted to standardised targets.
func noteTinyTargets(w io.Writer, t *dataset.Table, y []float64) {
	if len(y) == 0 || slices.ContainsFunc(y, func(v float64) bool { return math.Abs(v) >= tinyTarget }) {
		return
	}
	fmt.Fprintf(w, "note: %s: every target is below %g in magnitude: squared errors of that order underflow float64, so the MSE figures read 0 or lose their digits; multiply the targets by a power of ten (1e150, say) to read them\n",
		t.Source, tinyTarget)
}

// outlierShare is the largest share of the rows that warnOutlyingTargets takes for outliers.
const outlierShare = 20 // one row in 20

// outlierSDs is how many robust standard deviations (1.4826 times the median absolute
// deviation) from the median an outlying target lies at least, for warnOutlyingTargets.
const outlierSDs = 20

// warnOutlyingTargets warns of a few regression targets (at most one row in outlierShare) that
// lie apart from all the others: beyond a gap wider than the others' whole range (at either
// end, each end taken without the other's), and more than outlierSDs robust standard
// deviations from the median, on the targets' scale and, where they are all positive, on
// their logarithms' (a heavy, log-normal or Pareto, tail reaches out by steps, and its
// logarithms are not far). A squared error is pulled far by such targets (a typo, another
// unit, a sentinel such as 9999), so that the model may follow them or, with every size alike
// on the folds that hold them, stay nearly a constant.
func warnOutlyingTargets(w io.Writer, t *dataset.Table, y []float64, opt sparsekernel.Options) {
	n := len(y)
	if n < 10 {
		return
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(y[a], y[b]) })
	at := func(k int) float64 { return y[order[k]] }
	lo, hi := 0, n // the others, order[lo:hi]
	for moved := true; moved; {
		moved = false
		for k := 1; k <= max(1, n/outlierShare)-(lo+n-hi) && hi-lo > k+1; k++ {
			if at(hi-k)-at(hi-k-1) > at(hi-k-1)-at(lo) { // the k largest, apart
				hi, moved = hi-k, true
				break
			}
			if at(lo+k)-at(lo+k-1) > at(hi-1)-at(lo+k) { // the k smallest
				lo, moved = lo+k, true
				break
			}
		}
	}
	far := slices.Concat(order[:lo], order[hi:])
	if len(far) == 0 {
		return
	}
	near := func(v []float64) func(i int) bool { // row i within outlierSDs of v's median
		med, sd := median.Spread(v)
		return func(i int) bool { return math.Abs(v[i]-med) <= outlierSDs*sd }
	}
	far = slices.DeleteFunc(far, near(y))
	if !slices.ContainsFunc(y, func(v float64) bool { return v <= 0 }) { // all positive: on the log scale too
		logs := make([]float64, n)
		for i, v := range y {
			logs[i] = math.Log(v)
		}
		far = slices.DeleteFunc(far, near(logs))
	}
	if len(far) == 0 {
		return
	}
	slices.Sort(far) // (in the file's order)
	var where []string
	for _, i := range far[:min(len(far), 5)] {
		line := ""
		if i < len(t.Lines) {
			line = fmt.Sprintf("line %d: ", t.Lines[i])
		}
		where = append(where, fmt.Sprintf("%s%g", line, y[i]))
	}
	if len(far) > 5 {
		where = append(where, "...")
	}
	one := len(far) == 1
	pick := func(single, plural string) string {
		if one {
			return single
		}
		return plural
	}
	pull := fmt.Sprintf("a least-squares fit is pulled far by %s", pick("it", "them"))
	switch {
	case methodOrDefault(opt) != sparsekernel.Auto:
	case opt.Loss == sparsekernel.LossHuber:
		pull = fmt.Sprintf("the Huber loss bounds %s pull", pick("its", "their"))
	case opt.Loss == sparsekernel.LossSquared:
		pull += " (-loss huber bounds it)"
	default:
		pull += " (the Huber loss bounds it where the residuals are heavy-tailed: the chose: line says whether it was fitted)"
	}
	header := ""
	if far[0] == 0 && t.Header == nil && len(t.Lines) > 0 && t.Lines[0] == 1 && integers(t.X[0]) && y[0] == math.Trunc(y[0]) {
		header = "; if line 1 names the columns (years, say), read it as a header with -header yes"
	}
	fmt.Fprintf(w, "warning: %s: %s %s apart from the others, farther from them than the others' whole range %s (%s): %s; if %s a typo, another unit or a marker such as 9999, correct %s or leave %s out%s\n",
		t.Source, words.Count(len(far), "target"), pick("lies", "lie"), words.Range(at(lo), at(hi-1)), strings.Join(where, ", "),
		pull, pick("it is", "they are"), pick("it", "them"), pick("its row", "their rows"), header)
}

// integers reports whether every value of x is a whole number.
func integers(x []float64) bool {
	return !slices.ContainsFunc(x, func(v float64) bool { return v != math.Trunc(v) })
}

// describeTask says what task the labels were read as.
func describeTask(t *dataset.Table, opt sparsekernel.Options) string {
	task, classes, why := fitTask(t, opt)
	if task == model.Classification && classes > 0 {
		return fmt.Sprintf("%s: %s, %s, classification of %s (%s)", t.Source, words.Count(len(t.X), "row"), words.Count(t.Dim(), "input"), words.Count(classes, "class"), why)
	}
	return fmt.Sprintf("%s: %s, %s, %s (%s)", t.Source, words.Count(len(t.X), "row"), words.Count(t.Dim(), "input"), task, why)
}

// fitTask returns the task a fit of t as opt says will have (-task, or what the labels read
// as), its number of classes (0 for a regression, or where the labels cannot be classes) and
// why, for messages.
func fitTask(t *dataset.Table, opt sparsekernel.Options) (task model.Task, classes int, why string) {
	det := dataset.DetectLabels(t.Labels)
	task, why = opt.Task, "-task "+string(opt.Task)
	if task == "" {
		task, why = model.Task(det.Task.String()), det.Reason+"; -task overrides"
	}
	if task == model.Classification {
		if _, cs, err := dataset.Classes(t.Labels); err == nil {
			classes = len(cs)
		}
	}
	return task, classes, why
}

// refineFlag is -refine: a bare -refine (or -refine=true) refines on any data, -refine=false
// never, -refine=auto (the default) several classes and regression from 1,000 points on.
type refineFlag struct{ mode string }

func (r *refineFlag) String() string {
	if r == nil || r.mode == "" {
		return sparsekernel.RefineAuto
	}
	return r.mode
}

func (r *refineFlag) Set(s string) error {
	switch s {
	case "true", sparsekernel.RefineAlways:
		r.mode = sparsekernel.RefineAlways
	case "false", sparsekernel.RefineNever:
		r.mode = sparsekernel.RefineNever
	case sparsekernel.RefineAuto:
		r.mode = ""
	default:
		return fmt.Errorf("want true, false or auto (always and never too)")
	}
	return nil
}

// IsBoolFlag lets -refine stand alone, as -refine=true.
func (r *refineFlag) IsBoolFlag() bool { return true }

// classWeightFlag is -class-weight: "balanced", or class=weight pairs, comma-separated or in
// repeated flags (a class named again is an error).
type classWeightFlag struct {
	balanced bool
	weights  map[string]float64
}

func (c *classWeightFlag) String() string {
	if c == nil {
		return ""
	}
	if c.balanced {
		return "balanced"
	}
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(c.weights)) {
		parts = append(parts, fmt.Sprintf("%s=%g", name, c.weights[name]))
	}
	return strings.Join(parts, ",")
}

func (c *classWeightFlag) Set(s string) error {
	if s == "balanced" {
		if len(c.weights) > 0 {
			return errors.New("balanced and class=weight pairs both given: give one")
		}
		c.balanced = true
		return nil
	}
	if c.balanced {
		return errors.New("balanced and class=weight pairs both given: give one")
	}
	// A piece without "=" is part of the next one's class name (a name holding a comma).
	var pairs []string
	held := ""
	for _, piece := range strings.Split(s, ",") {
		if !strings.Contains(piece, "=") {
			held += piece + ","
			continue
		}
		pairs, held = append(pairs, held+piece), ""
	}
	if held != "" {
		switch held = strings.TrimSuffix(held, ","); {
		case strings.TrimSpace(held) == "balanced":
			return errors.New("balanced is a -class-weight of its own, not one of class=weight pairs")
		case strings.TrimSpace(held) == "":
			return fmt.Errorf("%q: an empty class=weight pair (a comma too many?)", s)
		}
		return fmt.Errorf("%q: want balanced, or class=weight pairs such as yes=5,no=1", held)
	}
	for _, pair := range pairs {
		i := strings.LastIndex(pair, "=")
		name, value := strings.TrimSpace(pair[:i]), pair[i+1:] // (labels are read trimmed too)
		if name == "" {
			return fmt.Errorf("%q: no class named before the =", pair)
		}
		w, err := dataset.ParseValue(value) // (numbers as the data files' are read)
		mantissa, _, _ := strings.Cut(strings.ToLower(value), "e")
		switch {
		case errors.Is(err, dataset.ErrNonFinite):
			return fmt.Errorf("%q: the weight of class %q is beyond float64's range or not finite", pair, name)
		case err != nil:
			return fmt.Errorf("%q: the weight of class %q is not a plain decimal number", pair, name)
		case w == 0 && strings.Trim(mantissa, "+-0.") != "":
			return fmt.Errorf("%q: the weight of class %q is too small for float64 (it reads as 0)", pair, name)
		}
		if _, ok := c.weights[name]; ok {
			return fmt.Errorf("class %q weighted twice", name)
		}
		if c.weights == nil {
			c.weights = map[string]float64{}
		}
		c.weights[name] = w
	}
	return nil
}

// shown returns a name as a table or a list shows it: quoted (Go syntax) if it holds a
// character that does not print on one line (a newline, a tab, a control character), as is
// otherwise.
func shown(name string) string {
	if strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) >= 0 {
		return strconv.Quote(name)
	}
	return name
}

// labelLike reports whether t's first column may hold the labels by its name: it has none (no
// header), or one that labels often have (class, label, target, y, species, ...).
func labelLike(t *dataset.Table) bool {
	if len(t.Features) == 0 {
		return true
	}
	switch strings.ToLower(t.Features[0]) {
	case "class", "classes", "label", "labels", "target", "y", "species", "outcome", "response", "category", "group", "diagnosis":
		return true
	}
	return false
}
