package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/optim"
)

// dataFlags say how to read a data file.
type dataFlags struct {
	label  int
	header string
	sep    string
}

func (d *dataFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&d.label, "label", 0, "CSV: 1-based `column` of the label (0: the last column)")
	fs.StringVar(&d.header, "header", "auto", "CSV: whether the first line is a header: auto, yes or no")
	fs.StringVar(&d.sep, "sep", "", "CSV: field separator (default: detected; use 'space' for runs of blanks)")
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
	return o, nil
}

// read reads a labelled data file (CSV or LIBSVM).
func (d *dataFlags) read(path string) (*dataset.Table, error) {
	o, err := d.options()
	if err != nil {
		return nil, err
	}
	return dataset.ReadFile(path, o)
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
}

func (f *fitFlags) register(fs *flag.FlagSet) {
	var names []string
	for _, m := range sparsekernel.Methods {
		names = append(names, m.Name)
	}
	fs.StringVar(&f.method, "method", sparsekernel.Auto, "training `method`: "+strings.Join(names, ", "))
	fs.StringVar(&f.task, "task", "auto", "classification, regression, or auto: text labels are classes; numbers are classes when\n"+
		"there are two distinct values, or at most 30 distinct integers with at least 5 rows each on average; else regression")
	fs.StringVar(&f.prefer, "prefer", "balanced", "auto: size against accuracy, small, balanced or accurate")
	fs.IntVar(&f.folds, "folds", 0, "auto: cross-validation folds (0: 5)")
	fs.Float64Var(&f.tau, "tau", 0, "fixed-node width tau of exp(-||z-c||^2/tau) on standardised inputs (0: chosen by LOO)")
	fs.IntVar(&f.minTerms, "min-terms", 0, "rols, loomi: minimum number of nodes (0: the method's default)")
	fs.IntVar(&f.maxTerms, "max-terms", 0, "node budget: cap on the number of nodes (0: the method's default)")
	fs.IntVar(&f.swarm, "swarm", 10, "pso: swarm size S (paper 000: 10, or 20 for harder sets)")
	fs.IntVar(&f.iterations, "iterations", 20, "pso: iterations I_max per node")
	fs.IntVar(&f.ps, "ps", 7, "rwbs: population size Ps")
	fs.IntVar(&f.ng, "ng", 11, "rwbs: generations Ng")
	fs.IntVar(&f.mi, "mi", 400, "rwbs: boosting iterations Mi per generation")
	fs.StringVar(&f.kernel, "kernel", "gaussian", "lssvm: kernel, gaussian (or gauss) or wavelet")
	fs.StringVar(&f.tuner, "tuner", "cca", "lssvm: hyperparameter tuner, cca, sa or none")
	fs.Float64Var(&f.gamma, "gamma", 0, "lssvm with -tuner none: regularisation gamma")
	fs.Float64Var(&f.sigma, "sigma", 0, "lssvm with -tuner none: Gaussian width sigma")
	fs.Float64Var(&f.a, "a", 0, "lssvm with -tuner none: wavelet dilation a")
	fs.IntVar(&f.evaluations, "evaluations", 0, "lssvm with -tuner sa: LOO evaluations (0: as many as a CCA run uses)")
	fs.Uint64Var(&f.seed, "seed", 1, "random `seed`; the same seed gives the same model")
	fs.IntVar(&f.workers, "workers", 0, "goroutines to use (0: all cores); results do not depend on it")
}

func (f *fitFlags) options() (sparsekernel.Options, error) {
	known := false
	for _, m := range sparsekernel.Methods {
		known = known || m.Name == f.method
	}
	if !known {
		return sparsekernel.Options{}, usagef("-method %q: unknown method", f.method)
	}
	if f.tau < 0 {
		return sparsekernel.Options{}, usagef("-tau %v: want a positive width, or 0", f.tau)
	}
	for _, c := range []struct {
		name string
		v    int
		min  int
	}{{"min-terms", f.minTerms, 0}, {"max-terms", f.maxTerms, 0}, {"swarm", f.swarm, 2}, {"iterations", f.iterations, 1},
		{"ps", f.ps, 2}, {"ng", f.ng, 1}, {"mi", f.mi, 1}} {
		if c.v < c.min {
			return sparsekernel.Options{}, usagef("-%s %d: want at least %d", c.name, c.v, c.min)
		}
	}
	if f.maxTerms > 0 && f.minTerms > f.maxTerms {
		return sparsekernel.Options{}, usagef("-min-terms %d is above -max-terms %d", f.minTerms, f.maxTerms)
	}
	prefer := f.prefer
	if prefer == "balanced" {
		prefer = ""
	}
	opt := sparsekernel.Options{Method: f.method, Tau: f.tau, MinTerms: f.minTerms, MaxTerms: f.maxTerms,
		Prefer: prefer, Folds: f.folds, Seed: f.seed, Workers: f.workers,
		PSO:  optim.PSO{Swarm: f.swarm, Iterations: f.iterations},
		RWBS: optim.RWBS{Population: f.ps, Generations: f.ng, Inner: f.mi}}
	switch f.kernel {
	case "gauss":
		f.kernel = "gaussian"
	case "gaussian", "wavelet":
	default:
		return opt, usagef("-kernel %q: want gaussian or wavelet", f.kernel)
	}
	switch f.tuner {
	case "cca", "sa":
	case "none":
		if f.method == sparsekernel.LSSVM && (f.gamma <= 0 || (f.kernel == "gaussian" && f.sigma <= 0) || (f.kernel == "wavelet" && f.a <= 0)) {
			return opt, usagef("-tuner none needs -gamma and -sigma (or -a for the wavelet kernel), all positive")
		}
	default:
		return opt, usagef("-tuner %q: want cca, sa or none", f.tuner)
	}
	if f.evaluations < 0 {
		return opt, usagef("-evaluations %d: want a positive budget, or 0", f.evaluations)
	}
	width := f.sigma
	if f.kernel == "wavelet" {
		width = f.a
	}
	opt.LSSVM = sparsekernel.LSSVMOptions{Kernel: f.kernel, Tuner: f.tuner, Gamma: f.gamma, Width: width, Evaluations: f.evaluations}
	switch f.task {
	case "auto", "":
	case "classification", "class", "c":
		opt.Task = model.Classification
	case "regression", "reg", "r":
		opt.Task = model.Regression
	default:
		return opt, usagef("-task %q: want classification, regression or auto", f.task)
	}
	return opt, nil
}

// fitFile reads a labelled training file and fits a model as the flags say.
func fitFile(df *dataFlags, ff *fitFlags, path string) (*model.Model, error) {
	opt, err := ff.options()
	if err != nil {
		return nil, err
	}
	t, err := df.read(path)
	if err != nil {
		return nil, err
	}
	return train(t, opt)
}

// train fits a model to a table; the library detects the task from its labels unless opt
// fixes it.
func train(t *dataset.Table, opt sparsekernel.Options) (*model.Model, error) {
	if t.Labels == nil {
		return nil, fmt.Errorf("%s: no label column", t.Source)
	}
	opt.Features = t.Features
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
	return m, nil
}

// targets returns the test targets of t for model m: class indices into m.Classes, or numbers.
func targets(m *model.Model, t *dataset.Table) ([]float64, error) {
	if m.Task == model.Classification {
		idx, err := dataset.IndicesTable(t, m.Classes)
		if err != nil {
			return nil, err
		}
		y := make([]float64, len(idx))
		for i, c := range idx {
			y[i] = float64(c)
		}
		return y, nil
	}
	return dataset.Numeric(t)
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// describe returns a one-line summary of a model.
func describe(m *model.Model) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %d nodes", m.Method, m.Task, m.Size())
	if m.Training.Tau > 0 {
		fmt.Fprintf(&b, ", tau %.4g", m.Training.Tau)
	}
	if m.Training.Gamma > 0 {
		fmt.Fprintf(&b, ", %s kernel, gamma %.4g, width %.4g", m.Kernel, m.Training.Gamma, m.Training.Width)
	}
	if m.Task == model.Classification {
		fmt.Fprintf(&b, ", LOO error %.2f%%", 100*m.Training.LOOError)
	} else {
		fmt.Fprintf(&b, ", LOO MSE %.4g", m.Training.LOOError)
	}
	fmt.Fprintf(&b, ", %d evaluations, %.3f s", m.Training.Evaluations, m.Training.Seconds)
	return b.String()
}
