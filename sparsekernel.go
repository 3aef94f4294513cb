// Package sparsekernel builds small radial basis function (RBF) classifiers and regressors
// automatically: forward selection picks a handful of Gaussian nodes, and everything else
// (kernel width, input weighting, regularisation, model size) is chosen from the training
// data, without a user-facing grid search.
//
// Fit and FitLabels are the calls most users need; the zero Options choose everything:
//
//	m, err := sparsekernel.FitLabels(X, labels, sparsekernel.Options{})
//	f, err := m.Decision(x)           // the K outputs at one row x of raw inputs
//	label, err := m.Label(f)          // its class (a regressor's prediction is f[0])
//	p := make([]float64, len(m.Classes))
//	err = m.Probabilities(p, f)       // one probability a class
//	err = m.Save("model.json")        // model.Load reads it back; export writes it as C or Go
//
// A categorical input holds its category's index, with its categories listed in
// Options.Categories (dataset.Table.Levels lists those of a file's text columns); a missing
// input is NaN, with Options.FillMissing. Two-class, multi-class and regression models are all
// *model.Model values with K outputs sharing their nodes. Besides the default method (Auto), the published methods the project
// started from are available by name (see Methods): ROLS-LOO and LOOMI (fixed nodes selected
// by their analytic leave-one-out statistics), tunable nodes found by particle swarm
// optimisation or repeated weighted boosting search, LROLS-LOO for regression, and an LS-SVM
// tuned on its exact leave-one-out error.
package sparsekernel

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/version"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/optim"
)

// Version is the version of this library, recorded in every model file it writes.
var Version = version.String()

// Options configures Fit. The zero value is the default: method Auto, the task detected from
// the targets, everything else chosen from the data. Check reports an invalid combination;
// Fit calls it.
type Options struct {
	// Method is one of the names in Methods; "" means Auto.
	Method string
	// Task is the learning task; "" means: detected from the targets (see dataset.DetectLabels).
	Task model.Task
	// Features names the inputs (optional, stored in the model).
	Features []string
	// Tau fixes the common width of the fixed-node Gaussians exp(-||z-c||^2/tau) in the
	// standardised input space (methods auto, rols, loomi, lrols); 0 means: chosen from the data.
	Tau float64
	// MinTerms is a minimum model size for the fixed-node classifiers rols and loomi (paper
	// 001 sets one for banana and waveform); 0 means the method's default.
	MinTerms int
	// MaxTerms caps the model size, a node budget; 0 means the method's default. For the
	// default method it counts every node of the model: the selection's, the linear node of a
	// two-class pruning, a contender's, a several-class map's linear and quadratic terms.
	MaxTerms int
	// Prefer says how method auto trades size against accuracy: PreferSmall (the smallest
	// model whose cross-validated error is not worse than the best by more than two standard
	// errors), PreferBalanced (one standard error; the default, "") or PreferAccurate (the
	// least error). For two classes the same tolerance decides when the evidence pruning keeps
	// the smaller Bernoulli model over the Gaussian one (by their leave-one-out log-loss); for
	// three or more, the size's cross-validated misclassifications must be within it of the
	// fewest too, and PreferSmall asks only that (the squared error of the outputs not asked:
	// far fewer nodes, at some cost in error); the inputs' linear terms join the class map only
	// where it makes fewer cross-validated mistakes by as many standard errors (by any number
	// for PreferAccurate).
	Prefer string
	// Folds is the number of cross-validation folds of method auto; 0 means 5, and more folds
	// than training points means one a point (leave-one-out).
	Folds int
	// NoLinear leaves the linear node (the ridge regression direction of the targets, one
	// candidate of methods auto, pso and rwbs for two classes and regression) out, and with
	// several classes the inputs' linear terms and the classes' Gaussian log-densities in the
	// class map, for models of Gaussian nodes only, which model files of format version 2 hold
	// (with NoPower).
	NoLinear bool
	// NoPower leaves the inputs as they are. By default method auto (and the fixed-node seed
	// of pso and rwbs) also runs the configuration it chose on its skewed inputs transformed by
	// Yeo-Johnson powers (each input's of greatest Gaussian likelihood), and keeps them where
	// the cross-validated error is lower by two standard errors (model.Power).
	NoPower bool
	// Refine says when method auto refines its nodes jointly after the selection (their
	// centres and widths moved together to lower the training error, as many iterations as
	// the cross-validation supports, none where it does not pay): RefineAuto ("" or "auto"),
	// for several classes (misclassifying at least 2 % of the held-out points) and regression
	// from 1,000 points on; RefineAlways ("always"), on any data; RefineNever ("never"). It
	// takes up to four times the time of a fit.
	Refine string
	// PSO configures method pso; the zero value is S = 10, I_max = 20, the settings of Chen,
	// Hong and Harris (2010).
	PSO optim.PSO
	// RWBS configures method rwbs; the zero value is Ps = 10, Ng = 4, Mi = 25 (with Paper:
	// Ps = 7, Ng = 11, Mi = 400, the settings of the papers' synthetic example).
	RWBS optim.RWBS
	// Paper makes methods pso and rwbs build their nodes as the papers did: no bias term for
	// a classifier (a regression keeps its bias: its targets need not have zero mean),
	// optimiser started uniformly in the box, each node kept while the LOO criterion falls
	// (classification: the LOO misclassification rate, which must beat the majority rule's),
	// no cross-validation.
	Paper bool
	// NoClip leaves a regressor's output unclipped; by default it is clipped to the range of
	// the training targets (model.Model.Range), widened where the model's linear trend goes
	// beyond its range over the training points (model.Model.Trend).
	NoClip bool
	// ClipToRange clips a regressor's output to the range of the training targets alone, not
	// widened along its linear trend: for bounded targets (ratings, shares, counts from 0).
	// NoClip and ClipToRange exclude each other.
	ClipToRange bool
	// Loss is a regression's loss for method auto: LossAuto ("" or "auto"), LossSquared or
	// LossHuber (see them; the other methods fit the squared error). The Huber fit moves each
	// target far from its prediction (first the targets' median, then its out-of-fold
	// prediction) to within 3, then 1.345, robust standard deviations of it and fits again, up to
	// four more fits; the model's estimated error is the out-of-fold mean squared error of the
	// targets themselves, and Training.Chose says how many moved.
	Loss string
	// ClassWeights weighs a classifier's classes by name (a class not named weighs 1), for
	// data where a mistake on one class costs more than on another, or a rare class should be
	// found more often: each point is labelled with the class c of the largest w_c p_c(x),
	// and its probabilities are w_c p_c(x) normalised, those of the classes' priors reweighted
	// (what a model trained with class c's rows counted w_c times estimates). Unlike LIBSVM's
	// -wi and scikit-learn's class_weight, the weights do not change the fit (the nodes), only
	// its decision, folded into the outputs; the estimated errors are the unweighted labels'.
	ClassWeights map[string]float64
	// BalanceClasses weighs every class c by N / (C n_c), its rows' share inverted, so that the
	// classes count alike (scikit-learn's class_weight="balanced"); not with ClassWeights.
	BalanceClasses bool
	// FillMissing takes a missing input (NaN in X) as the median of its input over the rows
	// that have it, in the fit and in the model's predictions (model.Scaling.Fill, which a
	// model fitted with it always has). Without it a NaN in X is an error wrapping
	// ErrNonFinite.
	FillMissing bool
	// Categories, if set, has one entry an input: nil (or empty) for a number, or the names of
	// a categorical input's categories, X then holding each row's category as its index in
	// that list (NaN where missing, with FillMissing). The fit takes such an input as one
	// indicator a category (one-hot); the model keeps the lists (model.Model.Categories) and
	// its predictions take the same indices (-1 for a category it was not trained on).
	// Entries that are all nil (or empty) leave the model without Categories, as if unset.
	// dataset.Table.Levels holds the lists of the categorical columns a file has.
	Categories [][]string
	// LSSVM configures method lssvm.
	LSSVM LSSVMOptions
	// Seed drives every random choice; the same seed gives the same model. The command
	// line's -seed is 1 unless set: Seed 1 gives the model that train gives.
	Seed uint64
	// Workers bounds the goroutines one fit uses; 0 means GOMAXPROCS. The model does not
	// depend on it.
	Workers int
	// Progress, if set, is called as a long fit advances (method auto: after each unit of work
	// of a stage), with the stage's name, the units done and the stage's total. It is called
	// from one goroutine at a time.
	Progress func(stage string, done, total int) `json:"-"`

	ctx context.Context // set by FitContext and FitLabelsContext
}

// LSSVMOptions configures the LS-SVM. The zero value tunes a Gaussian LS-SVM with the colonial
// competitive algorithm.
type LSSVMOptions struct {
	// Kernel is "gaussian" (exp(-||z-x||^2/(2 sigma^2))) or "wavelet"; "" means "gaussian".
	Kernel string
	// Tuner is "cca" (the colonial competitive algorithm, Ren and Bai 2011), "sa" (simulated
	// annealing, the paper's baseline) or "none" (use Gamma and Width); "" means "cca".
	Tuner string
	// Gamma and Width (sigma, or the wavelet's a) are the hyperparameters for Tuner "none".
	Gamma, Width float64
	// Evaluations is the budget of Tuner "sa"; 0 means as many as a CCA run on the same
	// data uses (the paper's protocol: CCA runs first to set the budget).
	Evaluations int
	// CCA configures the colonial competitive algorithm; the zero value is Ren and Bai's.
	CCA optim.CCA
}

// Errors that callers may test with errors.Is. Every condition Fit rejects wraps one of them.
var (
	ErrNoData            = errors.New("no training data")
	ErrDimensionMismatch = errors.New("inputs have different numbers of values")
	ErrNonFinite         = errors.New("a value is not a finite number")
	ErrOneClass          = errors.New("the training data hold only one class")
	ErrTargets           = errors.New("targets do not fit the task")
	ErrUnknownMethod     = errors.New("unknown method")
	ErrTask              = errors.New("method does not support this task")
	ErrOption            = errors.New("invalid option")
	// ErrNoSignal reports a fit that could build no model better than the trivial rule (the
	// majority class, or the mean): every input or every target constant, or a fixed-node
	// method whose selection found no node to add. A fit that returns a model can still have
	// found no signal: its Training.NoSignal says so.
	ErrNoSignal = errors.New("no model better than the trivial rule")
)

// Check reports the first invalid option, wrapping ErrOption or ErrUnknownMethod. It checks
// the options alone; Fit also checks them against the data.
func (o Options) Check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrOption, fmt.Sprintf(format, args...))
	}
	if o.Method != "" && lookup(o.Method) == nil {
		return fmt.Errorf("%w %q (want one of %s)", ErrUnknownMethod, o.Method, methodNames())
	}
	switch o.Task {
	case "", model.Classification, model.Regression:
	default:
		return bad("task %q: want classification, regression or empty (detect)", o.Task)
	}
	switch {
	case o.Tau < 0 || math.IsNaN(o.Tau) || math.IsInf(o.Tau, 0):
		return bad("tau %v: want a positive width, or 0 to choose it", o.Tau)
	case o.MinTerms < 0:
		return bad("min-terms %d: want 0 or more", o.MinTerms)
	case o.MaxTerms < 0:
		return bad("max-terms %d: want 0 or more", o.MaxTerms)
	case o.MaxTerms > 0 && o.MinTerms > o.MaxTerms:
		return bad("min-terms %d is above max-terms %d", o.MinTerms, o.MaxTerms)
	case o.Folds < 0 || o.Folds == 1:
		return bad("folds %d: want 2 or more, or 0 for the default", o.Folds)
	case o.Workers < 0:
		return bad("workers %d: want 0 (all cores) or more", o.Workers)
	}
	if err := o.checkClassWeights(); err != nil {
		return err
	}
	if err := checkCategoryNames(o.Categories); err != nil {
		return err
	}
	if o.NoClip && o.ClipToRange {
		return bad("NoClip and ClipToRange: want one of them at most")
	}
	if !slices.Contains(losses, o.Loss) {
		return bad("loss %q: want auto, squared or huber", o.Loss)
	}
	if _, ok := preferSE[o.Prefer]; !ok {
		return bad("prefer %q: want small, balanced or accurate", o.Prefer)
	}
	if _, ok := refinements[o.Refine]; !ok {
		return bad("refine %q: want auto, always or never", o.Refine)
	}
	for _, c := range []struct {
		name   string
		v, min int
	}{{"swarm", o.PSO.Swarm, 2}, {"iterations", o.PSO.Iterations, 1},
		{"ps", o.RWBS.Population, 2}, {"ng", o.RWBS.Generations, 1}, {"mi", o.RWBS.Inner, 1}} {
		if c.v != 0 && c.v < c.min {
			return bad("%s %d: want at least %d", c.name, c.v, c.min)
		}
	}
	for _, c := range []struct {
		name string
		v    float64
	}{{"pso gamma", o.PSO.Gamma}, {"rwbs tol", o.RWBS.Tol}} {
		if c.v < 0 || math.IsNaN(c.v) || math.IsInf(c.v, 0) {
			return bad("%s %v: want a finite value, 0 or more", c.name, c.v)
		}
	}
	l := o.LSSVM
	switch l.Kernel {
	case "", model.KernelGaussian, model.KernelWavelet:
	default:
		return bad("lssvm kernel %q: want gaussian or wavelet", l.Kernel)
	}
	switch l.Tuner {
	case "", "cca", "sa":
	case "none":
		// The width's square is the nodes' variance: it must be a positive float64 too.
		if o.Method == LSSVM && (!(l.Gamma > 0) || !(l.Width > 0) || math.IsInf(l.Gamma, 0) || !(l.Width*l.Width > 0) || math.IsInf(l.Width*l.Width, 0)) {
			return bad("lssvm tuner none needs a finite gamma > 0 and a width > 0 whose square is a finite positive number, have %v and %v", l.Gamma, l.Width)
		}
	default:
		return bad("lssvm tuner %q: want cca, sa or none", l.Tuner)
	}
	if l.Evaluations < 0 {
		return bad("lssvm evaluations %d: want a positive budget, or 0", l.Evaluations)
	}
	return nil
}

// Unused returns the names of the options that are set but that the method ignores, so that
// a caller can warn about them.
func (o Options) Unused() []string {
	meth := o.Method
	if meth == "" {
		meth = Auto
	}
	var out []string
	add := func(set bool, name string, methods ...string) {
		if set && !slices.Contains(methods, meth) {
			out = append(out, name)
		}
	}
	add(o.Tau != 0, "tau", Auto, ROLS, LOOMI, LROLS)
	add(o.MinTerms != 0, "min-terms", ROLS, LOOMI)
	add(o.MaxTerms != 0, "max-terms", Auto, ROLS, LOOMI, LROLS, PSO, RWBS)
	add(o.Prefer != "", "prefer", Auto)
	add(o.Folds != 0, "folds", Auto)
	add(o.Loss == LossHuber, "huber loss", Auto)
	add(o.NoLinear, "no-linear", Auto, PSO, RWBS)
	add(o.NoPower, "no-power", Auto, PSO, RWBS)
	add(o.Refine != "" && o.Refine != RefineAuto, "refine", Auto)
	add(o.PSO != optim.PSO{}, "pso settings", PSO)
	add(o.Paper, "paper", PSO, RWBS)
	add(o.RWBS != optim.RWBS{}, "rwbs settings", RWBS)
	add(o.LSSVM.Kernel != "" && o.LSSVM.Kernel != model.KernelGaussian || o.LSSVM.Tuner != "" && o.LSSVM.Tuner != "cca" ||
		o.LSSVM.Gamma != 0 || o.LSSVM.Width != 0 || o.LSSVM.Evaluations != 0, "lssvm settings", LSSVM)
	if meth == LSSVM { // settings of another tuner than the one chosen
		tuner := cmp.Or(o.LSSVM.Tuner, "cca")
		add(tuner != "none" && (o.LSSVM.Gamma != 0 || o.LSSVM.Width != 0), "gamma and width (the tuner "+tuner+" chooses them; tuner none takes them)")
		add(tuner != "sa" && o.LSSVM.Evaluations != 0, "evaluations (the budget of tuner sa)")
	}
	if o.Paper && (meth == PSO || meth == RWBS) { // the papers' construction has neither
		add(o.NoLinear, "no-linear (the papers' construction has no linear node)")
		add(o.NoPower, "no-power (the papers' construction has no power transform)")
	}
	return out
}

// problem is a checked training set: inputs and targets in the form the methods take.
type problem struct {
	X       [][]float64
	task    model.Task
	classes []string  // classification: the class labels
	class   []int     // classification: each point's class index
	y       []float64 // two classes: -1/+1 (class 1 is +1); regression: the values
	why     string    // how the task was decided, for messages
}

// trivialError returns the training error of the trivial rule: the fraction of points not in
// the most frequent class, or the variance of the targets.
func (p *problem) trivialError() float64 {
	if p.task == model.Classification {
		return float64(len(p.class)-slices.Max(classCounts(p.class, len(p.classes)))) / float64(len(p.class))
	}
	// The deviations from the first target, exact for targets near each other (a large
	// offset, 1e15 + y), keep the mean's rounding error to the deviations' scale.
	var mean, v float64
	y0 := p.y[0]
	for _, y := range p.y {
		mean += y - y0
	}
	mean /= float64(len(p.y))
	for _, y := range p.y {
		d := y - y0 - mean
		v += d * d
	}
	return v / float64(len(p.y))
}

// classCounts returns how many points of class (0..classes-1 each) each class has.
func classCounts(class []int, classes int) []int {
	count := make([]int, classes)
	for _, c := range class {
		count[c]++
	}
	return count
}

// outputs returns the number of model outputs: one per class beyond two, else 1.
func (p *problem) outputs() int { return model.OutputsFor(p.task, len(p.classes)) }

// targets returns the K target vectors: y for one output, one-vs-rest -1/+1 vectors for more.
func (p *problem) targets() [][]float64 {
	k := p.outputs()
	if k == 1 {
		return [][]float64{p.y}
	}
	Y := make([][]float64, k)
	for c := range Y {
		Y[c] = make([]float64, len(p.class))
		for i, ci := range p.class {
			Y[c][i] = -1
			if ci == c {
				Y[c][i] = 1
			}
		}
	}
	return Y
}

// Fit trains a model on raw inputs X (one row per sample) and numeric targets y. The task is
// opt.Task or, if empty, detected from y by the rule of dataset.DetectLabels: y of two
// distinct values, or of a few distinct integers, are classes (named by their values, so -1/+1
// targets give classes "-1" and "1"); other values are a regression target. Inputs are
// standardised on X and the scaling is stored in the model.
func Fit(X [][]float64, y []float64, opt Options) (*model.Model, error) {
	for i, v := range y {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%w: target %d is %v", ErrNonFinite, i+1, v)
		}
	}
	labels := make([]string, len(y))
	for i, v := range y {
		labels[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	if opt.Task == model.Regression {
		if err := checkInputs(X, len(y), opt.FillMissing); err != nil {
			return nil, err
		}
		return fitProblem(X, &problem{X: X, task: model.Regression, y: y, why: "regression asked for"}, opt)
	}
	return FitLabels(X, labels, opt)
}

// FitContext is Fit that stops when ctx is done, returning ctx's error (context.Canceled or
// context.DeadlineExceeded) and no model: the default method and the tunable ones (pso, rwbs)
// stop between the units of their work (a fold's selection paths, a configuration), within
// a fraction of a second as a rule; the papers' fixed-node methods and the LS-SVM only look
// before and after their fit.
func FitContext(ctx context.Context, X [][]float64, y []float64, opt Options) (*model.Model, error) {
	opt.ctx = ctx
	return Fit(X, y, opt)
}

// canceled returns the error of the context FitContext or FitLabelsContext set, if it is done.
func (o Options) canceled() error {
	if o.ctx == nil {
		return nil
	}
	return o.ctx.Err()
}

// FitLabelsContext is FitLabels that stops when ctx is done, as FitContext does.
func FitLabelsContext(ctx context.Context, X [][]float64, labels []string, opt Options) (*model.Model, error) {
	opt.ctx = ctx
	return FitLabels(X, labels, opt)
}

// FitLabels trains a model on raw inputs X and text labels: class names, or numbers for a
// regression. The task is opt.Task or, if empty, detected by dataset.DetectLabels. Classes are
// ordered as dataset.Classes orders them (by value when all are numbers, else lexically).
func FitLabels(X [][]float64, labels []string, opt Options) (*model.Model, error) {
	if err := checkInputs(X, len(labels), opt.FillMissing); err != nil { // (before the labels: one row is too few, not one class)
		return nil, err
	}
	p := &problem{X: X, task: opt.Task}
	switch opt.Task {
	case "":
		if i := dataset.MissingLabel(labels); i >= 0 {
			return nil, fmt.Errorf("%w: label %d (%q) marks a missing value among numeric class labels: remove the row, or set Options.Task to classification to keep it as a class",
				ErrTargets, i+1, labels[i])
		}
		det := dataset.DetectLabels(labels)
		p.why = det.Reason
		p.task = model.Classification
		if det.Task == dataset.Regression {
			p.task = model.Regression
		}
	case model.Classification:
		p.why = "classification asked for"
	case model.Regression:
		p.why = "regression asked for"
	}
	switch p.task {
	case model.Classification:
		for i, l := range labels {
			if l == "" {
				return nil, fmt.Errorf("%w: label %d is empty: a missing value? remove the row, or name its class", ErrTargets, i+1)
			}
			if !utf8.ValidString(l) {
				return nil, fmt.Errorf("%w: label %d (%q) is not valid UTF-8, which a model file cannot name", ErrTargets, i+1, l)
			}
		}
		idx, classes, err := dataset.Classes(labels)
		if err != nil {
			if errors.Is(err, dataset.ErrOneClass) {
				return nil, fmt.Errorf("%w: %v", ErrOneClass, err)
			}
			return nil, fmt.Errorf("%w: %v", ErrNoData, err)
		}
		p.class, p.classes = idx, classes
		if len(classes) == 2 {
			p.y = make([]float64, len(idx))
			for i, c := range idx {
				p.y[i] = float64(2*c - 1)
			}
		}
	case model.Regression:
		p.y = make([]float64, len(labels))
		for i, l := range labels {
			v, err := dataset.ParseValue(strings.TrimSpace(l)) // (plain decimals, as the readers take them)
			if err != nil {
				return nil, fmt.Errorf("%w: target %d is %q, not a finite number in plain decimals (%s)", ErrTargets, i+1, l, p.why)
			}
			p.y[i] = v
		}
	}
	return fitProblem(X, p, opt)
}

// fitProblem checks the options and the data's scale and runs the method (its callers have
// checked the rows, checkInputs).
func fitProblem(X [][]float64, p *problem, opt Options) (*model.Model, error) {
	start := time.Now()
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if err := opt.canceled(); err != nil {
		return nil, err
	}
	if opt.Method == "" {
		opt.Method = Auto
	}
	meth := lookup(opt.Method)
	other := "use another method (auto trains every task)"
	switch {
	case p.task == model.Regression && !meth.Regression:
		if distinct := len(slices.Compact(slices.Sorted(slices.Values(p.y)))); opt.Task == "" && distinct <= dataset.MaxIntegerClasses {
			other = "read them as classes (Options.Task; -task on the command line) or " + other
		}
		return nil, fmt.Errorf("%w: %s is for classification, and the targets are a regression target (%s); %s", ErrTask, meth.Name, p.why, other)
	case p.task == model.Classification && !meth.Classification:
		numbers := !slices.ContainsFunc(p.classes, func(c string) bool { _, err := dataset.ParseValue(strings.TrimSpace(c)); return err != nil })
		if opt.Task == "" && numbers { // (text classes cannot be read as numbers)
			other = "read them as a regression target (Options.Task; -task on the command line) or " + other
		}
		return nil, fmt.Errorf("%w: %s is for regression, and the targets are classes (%s); %s", ErrTask, meth.Name, p.why, other)
	case p.task == model.Classification && len(p.classes) > 2 && !meth.MultiClass:
		return nil, fmt.Errorf("%w: %s trains two-class classifiers, and the targets hold %d classes (%s); use method auto", ErrTask, meth.Name, len(p.classes), p.why)
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Features != nil && len(opt.Features) != len(X[0]) {
		return nil, fmt.Errorf("%w: %d feature names for %d inputs", ErrOption, len(opt.Features), len(X[0]))
	}
	named := make(map[string]int, len(opt.Features))
	for j, f := range opt.Features {
		if !utf8.ValidString(f) {
			return nil, fmt.Errorf("%w: feature name %d (%q) is not valid UTF-8, which a model file cannot hold", ErrOption, j+1, f)
		}
		if i, dup := named[f]; dup {
			return nil, fmt.Errorf("%w: feature name %q is that of inputs %d and %d", ErrOption, f, i+1, j+1)
		}
		named[f] = j
	}
	raw := opt.Features
	if opt.Categories != nil && len(opt.Categories) != len(X[0]) {
		return nil, fmt.Errorf("%w: categories for %d inputs, the data have %d", ErrOption, len(opt.Categories), len(X[0]))
	}
	if !slices.ContainsFunc(opt.Categories, func(c []string) bool { return len(c) > 0 }) {
		opt.Categories = nil // (every input a number: the model of the inputs as they are, no format 8)
	}
	if opt.Categories != nil {
		if opt.FillMissing { // (named here: FillMedians would name the encoded column)
			for j := range X[0] {
				if !slices.ContainsFunc(X, func(x []float64) bool { return !math.IsNaN(x[j]) }) {
					return nil, fmt.Errorf("%w: input %d is missing on every row, so there is no value to fill it with", ErrNonFinite, j+1)
				}
			}
		}
		var err error
		if X, opt.Features, err = encodeCategories(X, opt.Features, opt.Categories); err != nil {
			return nil, err
		}
		p.X = X
	}
	var fill []float64
	if opt.FillMissing {
		var err error
		if X, fill, err = dataset.FillMedians(X); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNonFinite, err)
		}
		p.X = X
	}
	scaler, err := dataset.NewScaler(X)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNonFinite, err)
	}
	Z, err := scaler.Apply(X)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNonFinite, err)
	}
	constant := true
	for j := range Z[0] {
		for _, z := range Z {
			constant = constant && z[j] == Z[0][j]
		}
	}
	if constant {
		return nil, fmt.Errorf("%w: every input is constant", ErrNoSignal)
	}
	if p.task == model.Regression {
		if v := p.trivialError(); math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("%w: the targets' variance overflows float64", ErrNonFinite)
		}
		if slices.Min(p.y) == slices.Max(p.y) {
			return nil, fmt.Errorf("%w: every target is %g, so there is nothing to learn (the prediction is that value)", ErrNoSignal, p.y[0])
		}
	}
	if opt.Loss == LossHuber && p.task != model.Regression && opt.Method == Auto { // (the others ignore it: Unused)
		return nil, fmt.Errorf("%w: the Huber loss is a regression's, and the targets are classes (%s)", ErrOption, p.why)
	}
	fresh := func() *model.Model {
		return &model.Model{
			Task:     p.task,
			Method:   opt.Method,
			Kernel:   model.KernelGaussian,
			Inputs:   len(X[0]),
			Features: slices.Clone(opt.Features),
			Classes:  slices.Clone(p.classes),
			Scaling:  model.Scaling{Mean: slices.Clone(scaler.Mean), Std: slices.Clone(scaler.Std), Fill: slices.Clone(fill)}, // (a fit may scale them in place)
		}
	}
	// Regression targets are centred for the fit, and their mean goes into the bias: the
	// methods' sums of squares then carry no offset (targets near 1e9 with a spread of a few
	// units would lose every digit of the spread to rounding).
	targets, offset, unit := p.y, 0.0, 1.0
	if p.task == model.Regression {
		for _, y := range targets {
			offset += y / float64(len(targets))
		}
		p.y = make([]float64, len(targets))
		for i, y := range targets {
			p.y[i] = y - offset
		}
		unit = targetUnit(p.y)
		for i := range p.y {
			p.y[i] /= unit
		}
	}
	weights, err := classWeights(p, opt)
	if err != nil {
		return nil, err
	}
	fc := &fitContext{p: p, X: X, Z: Z, opt: opt, m: fresh()}
	err = meth.fit(fc)
	if err == nil && p.task == model.Regression {
		fc, err = robustFit(fc, meth.fit, fresh, Z)
	}
	p.y = targets
	if err == nil {
		err = opt.canceled() // (done since the method's last look)
	}
	if err != nil {
		return nil, err
	}
	m := fc.m
	if weights != nil { // (the labels follow the weighted probabilities, majority or not)
		if err := weighClasses(m, weights); err != nil {
			return nil, err
		}
	} else if fc.noSignal { // (after the fit: the decisions need the whole model)
		if err := majorityLabels(m, X, p.class); err != nil {
			return nil, err
		}
	}
	if p.task == model.Regression {
		if unit != 1 {
			rescale(m, unit)
		}
		for k := range m.Bias { // every method sets one bias per output
			m.Bias[k] += offset
		}
		if !opt.NoClip {
			m.Range = []float64{slices.Min(p.y), slices.Max(p.y)}
			if hasLinear(m) && !opt.ClipToRange { // the trend may carry on beyond the targets' range
				lo, hi := math.Inf(1), math.Inf(-1)
				for _, x := range X {
					t, err := m.LinearTerms(x)
					if err != nil {
						return nil, err
					}
					lo, hi = min(lo, t), max(hi, t)
				}
				m.Trend = []float64{lo, hi}
			}
		}
	}
	if opt.Categories != nil { // (the model now takes the raw inputs, and encodes them)
		m.Inputs, m.Features = len(opt.Categories), slices.Clone(raw)
		m.Categories = make([][]string, len(opt.Categories))
		for j, c := range opt.Categories {
			if len(c) > 0 {
				m.Categories[j] = slices.Clone(c)
			}
		}
		if strings.Contains(m.Training.Chose, " m)") { // (a width in units of the inputs: which ones)
			m.Training.Chose += fmt.Sprintf("; m = %d, each category one 0/1 input", m.Width())
		}
	}
	m.Training.Samples = len(X)
	m.Training.Seed = opt.Seed
	m.Training.TrivialError = p.trivialError()
	m.Training.Seconds = time.Since(start).Seconds()
	if err := m.Check(); err != nil {
		return nil, fmt.Errorf("%s produced an invalid model (please report this): %w", opt.Method, err)
	}
	return m, nil
}

// targetUnit returns the power of two by which centred regression targets y are divided for
// the fit: 1 if their root mean square is within [2^-64, 2^64], else the power of two just above
// it. The methods' sums of squares, and the evidence's ratios of squared sums, stay within
// float64's range for any targets but the most extreme (their fourth powers are computed along
// the way), and dividing by a power of two is exact, so within that range nothing changes, and
// beyond it the model is the one fitted on targets of unit size, scaled back (rescale).
func targetUnit(y []float64) float64 {
	var ss, big float64
	for _, v := range y {
		big = max(big, math.Abs(v))
	}
	if big == 0 {
		return 1
	}
	for _, v := range y {
		ss += (v / big) * (v / big)
	}
	rms := big * math.Sqrt(ss/float64(len(y)))
	if rms >= 0x1p-64 && rms <= 0x1p64 {
		return 1
	}
	_, e := math.Frexp(rms)
	return math.Ldexp(1, e)
}

// rescale turns a regression model fitted on targets divided by unit into the model of the
// targets themselves: its weights and bias times unit, its mean squared errors times unit^2.
func rescale(m *model.Model, unit float64) {
	for k := range m.Weights {
		for i := range m.Weights[k] {
			m.Weights[k][i] *= unit
		}
		m.Bias[k] *= unit
	}
	t := &m.Training
	sq := unit * unit
	t.LOOError *= sq
	t.CVError *= sq
	done := map[*float64]bool{} // (the curves may be one slice: auto's LOOErrors is its LOOCurve)
	scale := func(v []float64) {
		if len(v) == 0 || done[&v[0]] {
			return
		}
		done[&v[0]] = true
		for i := range v {
			v[i] *= sq
		}
	}
	scale(t.LOOErrors)
	if strings.HasSuffix(t.Criterion, "mse") {
		scale(t.LOOCurve)
	}
}

// hasLinear reports whether m has a linear node.
func hasLinear(m *model.Model) bool {
	return slices.ContainsFunc(m.Nodes, func(nd model.Node) bool { return nd.Kind == model.NodeLinear })
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func checkInputs(X [][]float64, targets int, missingOK bool) error {
	if len(X) == 0 {
		return ErrNoData
	}
	if len(X) != targets {
		return fmt.Errorf("%w: %d input rows but %d targets", ErrDimensionMismatch, len(X), targets)
	}
	if len(X) < 2 {
		return fmt.Errorf("%w: one sample; at least two are needed", ErrNoData)
	}
	m := len(X[0])
	if m == 0 {
		return fmt.Errorf("%w: samples have no inputs", ErrNoData)
	}
	for i, x := range X {
		if len(x) != m {
			return fmt.Errorf("%w: row %d has %d values, row 1 has %d", ErrDimensionMismatch, i+1, len(x), m)
		}
		for j, v := range x {
			if math.IsNaN(v) && !missingOK {
				return fmt.Errorf("%w: row %d, input %d is NaN (a missing value? Options.FillMissing fills them with their input's median)", ErrNonFinite, i+1, j+1)
			}
			if math.IsInf(v, 0) {
				return fmt.Errorf("%w: row %d, input %d is %v", ErrNonFinite, i+1, j+1, v)
			}
		}
	}
	return nil
}

// checkCategoryNames refuses a list of categories that names one twice, or one in invalid
// UTF-8 (Options.Check).
func checkCategoryNames(categories [][]string) error {
	for j, c := range categories {
		seen := make(map[string]bool, len(c))
		for _, name := range c {
			if !utf8.ValidString(name) {
				return fmt.Errorf("%w: a category of input %d (%q) is not valid UTF-8, which a model file cannot hold", ErrOption, j+1, name)
			}
			if seen[name] {
				return fmt.Errorf("%w: input %d lists category %q twice", ErrOption, j+1, name)
			}
			seen[name] = true
		}
	}
	return nil
}

// encodeCategories returns X with each categorical input (categories[j] not empty) replaced by
// one indicator a category (model.Model.Encode), and the names of the encoded inputs
// ("colour=red") where features names the inputs.
func encodeCategories(X [][]float64, features []string, categories [][]string) ([][]float64, []string, error) {
	enc := &model.Model{Inputs: len(X[0]), Categories: categories}
	w := enc.Width()
	flat := make([]float64, len(X)*w)
	out := make([][]float64, len(X))
	for i, x := range X {
		for j, c := range categories {
			if v := x[j]; len(c) > 0 && !math.IsNaN(v) && (v != math.Trunc(v) || v < 0 || v >= float64(len(c))) {
				return nil, nil, fmt.Errorf("%w: row %d, input %d is %v, not the index of one of its %s", ErrOption, i+1, j+1, v, words.Count(len(c), "category"))
			}
		}
		out[i] = flat[i*w : (i+1)*w : (i+1)*w]
		if err := enc.Encode(out[i], x); err != nil {
			return nil, nil, fmt.Errorf("%w: row %d: %v", ErrOption, i+1, err)
		}
	}
	if features == nil {
		return out, nil, nil
	}
	names := make([]string, 0, w)
	for j, f := range features {
		if len(categories[j]) == 0 {
			names = append(names, f)
			continue
		}
		for _, c := range categories[j] {
			names = append(names, f+"="+c)
		}
	}
	return out, names, nil
}
