// Package model holds the trained-model type of sparsekernel: everything needed to predict
// (kernel, nodes, weights, biases, feature scaling, class labels, probability calibration)
// and a record of how the model was trained (method, LOO curve, regularisation, cost
// evaluations). Every method returns a *Model, for every task, and the command line, export,
// serving and the report need nothing else.
//
// A model has K outputs that share its nodes:
//
//	f_k(x) = Bias[k] + sum_i Weights[k][i] * g_i(z),   z = (x - Scaling.Mean) / Scaling.Std
//
// where g_i is node i's basis function in the standardised space z: a Gaussian (or wavelet)
// of its centre and width, or, for a node of Kind NodeLinear, the linear term Centre'z, or for
// NodeQuadratic a quadratic form (Node). Where Categories is set, x is the raw input encoded
// (Encode: each categorical input one indicator a category), and Scaling and the nodes are over
// its Width values. Where Scaling.Power is set, skewed inputs are power-transformed before they
// are standardised. K is 1 for a regressor (f_1 is the
// prediction, clipped to Range where set, widened along the linear nodes' Trend) and for a
// two-class classifier (Classes[1] when f_1 > 0, else Classes[0]); a classifier of C >= 3
// classes has K = C one-vs-rest outputs and predicts the class of the largest output.
// Calibration maps the outputs to class probabilities (Probabilities). A model file carries
// these formulas in its "about" lines (About).
package model

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/kernel"
)

// Task says whether a model classifies or regresses.
type Task string

// The tasks.
const (
	Classification Task = "classification"
	Regression     Task = "regression"
)

// Kernel names the form of the basis functions.
const (
	// KernelGaussian: g(z) = exp(-0.5 * sum_j (z_j - c_j)^2 / s_j), s = Node.Width.
	KernelGaussian = "gaussian"
	// KernelWavelet: g(z) = prod_j cos(1.75 d_j/a) exp(-d_j^2/(2 a^2)), d = z - c, a = Node.Width[0].
	KernelWavelet = "wavelet"
)

// NodeLinear is the Kind of a linear node: g(z) = sum_j c_j z_j, c = Node.Centre (a direction
// in the standardised space; the node has no width).
const NodeLinear = "linear"

// NodeQuadratic is the Kind of a quadratic node: g(z) = -0.5 ||R (z - c)||^2, c = Node.Centre,
// R = Node.Matrix (m x m, lower triangular): a class's Gaussian log-density up to a constant,
// R' R its precision matrix (the node has no width).
const NodeQuadratic = "quadratic"

// RVMChose is the phrase of Training.Chose that says a two-class model is the relevance vector
// machine that replaced the selection's model (its nodes are not a point on Training.LOOCurve).
const RVMChose = "then a relevance vector machine"

// LinearChose is the phrase of Training.Chose that says a two-class model is the logistic
// regression on the inputs that replaced the selection's model (one linear node).
const LinearChose = "then the logistic regression on the inputs"

// RidgeChose is the phrase of Training.Chose that says a regression model is the ridge
// regression on the inputs that replaced the selection's model (one linear node).
const RidgeChose = "then the ridge regression on the inputs"

// QuadraticChose is the phrase of Training.Chose that says a classifier is the quadratic
// discriminant of the classes' Gaussians that replaced the selection's model (a quadratic node
// a class).
const QuadraticChose = "then the classes' quadratic discriminant"

// QuadLogisticChose is the phrase of Training.Chose that says a two-class model is the
// logistic regression on the inputs, their squares and their products (two quadratic nodes)
// that replaced the selection's model.
const QuadLogisticChose = "then a quadratic logistic regression"

// ResizedChose is the phrase of Training.Chose that says a several-class model has fewer
// Gaussian nodes than its size rule chose (Training.Chosen, down to none), as a class map
// with terms of the inputs did as well with them out of fold: its estimated error is then
// Training.LOOError, not the curve's at that size.
const ResizedChose = "where a class map with terms of the inputs did as well on the out-of-fold decisions"

// Node is one basis function: its centre and its width parameters in the standardised space.
// Kind is empty for a node of the model's Kernel, NodeLinear or NodeQuadratic.
type Node struct {
	Kind   string    `json:"kind,omitempty"`
	Centre []float64 `json:"centre"`
	// Width holds, for a Gaussian node, the variances s_j (one per input, or a single value
	// shared by all inputs); for a wavelet node, the dilation a.
	Width []float64 `json:"width,omitempty"`
	// Matrix holds a quadratic node's R, row by row (row j has its first j+1 values).
	Matrix [][]float64 `json:"matrix,omitempty"`
}

// triangular reports whether R holds the rows of an n x n lower triangular matrix (row j of
// j+1 values).
func triangular(R [][]float64, n int) bool {
	if len(R) != n {
		return false
	}
	for j, row := range R {
		if len(row) != j+1 {
			return false
		}
	}
	return true
}

// Quadratic returns -0.5 ||R (z - c)||^2 for R lower triangular (row j holding at least j+1
// values): the value of a quadratic node of centre c and matrix R at the standardised input z.
// Like Standardise it trusts its caller (Check refuses a model whose node does not fit): a
// row j of R shorter than j+1, or z or c shorter than R, panics.
func Quadratic(z, c []float64, R [][]float64) float64 {
	var s float64
	for j, row := range R {
		var v float64
		for l, r := range row[:j+1] {
			v += r * (z[l] - c[l])
		}
		s += v * v
	}
	return -0.5 * s
}

// Scaling standardises raw inputs (encoded ones, Model.Encode, where the model has categorical
// inputs): z_j = (x_j - Mean[j]) / Std[j], or with Power z_j = (t_j - Mean[j]) / Std[j],
// t_j = Power.Apply(j, x_j).
type Scaling struct {
	Mean []float64 `json:"mean"`
	Std  []float64 `json:"std"`
	// Power, if set, transforms skewed inputs before they are standardised (file version 6).
	Power *Power `json:"power,omitempty"`
	// Fill, if set, holds for each input the raw value that stands in for it where it is
	// missing (NaN): the median of the training rows that have it (file version 7). A model
	// without Fill refuses a missing input.
	Fill []float64 `json:"fill,omitempty"`
}

// Power is a power transform of each input: the input shifted and scaled,
// u_j = (x_j - Shift[j]) / Scale[j], is mapped to t_j = PowerTransform(u_j, Lambda[j]); an
// input with Lambda[j] = 1 is left as it is (t_j = x_j).
type Power struct {
	Shift  []float64 `json:"shift"`
	Scale  []float64 `json:"scale"`
	Lambda []float64 `json:"lambda"`
}

// Apply returns t_j, input j's transformed value x. Like Standardise it trusts its caller: j
// out of range of a Power of another size than the model's inputs (Check refuses such a
// model) panics.
func (p *Power) Apply(j int, x float64) float64 {
	if p.Lambda[j] == 1 {
		return x
	}
	return PowerTransform((x-p.Shift[j])/p.Scale[j], p.Lambda[j])
}

// PowerTransform returns the Box-Cox transform of u+1 with power lambda,
// ((u+1)^lambda - 1)/lambda (ln(u+1) at lambda = 0), for u >= 0, which is the Yeo-Johnson
// transform of u (Yeo and Johnson 2000), and u itself for u < 0: a monotone map, the identity
// at lambda = 1, that compresses large values for lambda < 1 and small ones for lambda > 1.
// Its slope is 1 at u = 0, where the line below continues it: an input shifted to start at 0
// on the training points that is lower on a new point is not blown up by the power.
func PowerTransform(u, lambda float64) float64 {
	switch {
	case u < 0:
		return u
	case math.Abs(lambda) < 1e-12:
		return math.Log1p(u)
	}
	return (math.Pow(u+1, lambda) - 1) / lambda
}

// Invert returns the raw value of input j whose transformed value is t (Apply's inverse; +Inf
// beyond the transform's bound, -1/lambda for lambda < 0). j must be in range, as for Apply.
func (p *Power) Invert(j int, t float64) float64 {
	l := p.Lambda[j]
	if l == 1 {
		return t
	}
	u := t
	switch {
	case t < 0:
	case math.Abs(l) < 1e-12:
		u = math.Expm1(t)
	case 1+l*t <= 0:
		u = math.Inf(1)
	default:
		u = math.Expm1(math.Log1p(l*t) / l)
	}
	return p.Shift[j] + p.Scale[j]*u
}

// Raw returns the encoded value of input j whose standardised value is z (Standardise's
// inverse, input by input; the raw value where the model has no categorical input). It
// panics if j is not an encoded input of m (0 <= j < Width), as an index out of range does.
func (m *Model) Raw(j int, z float64) float64 {
	t := m.Scaling.Mean[j] + m.Scaling.Std[j]*z
	if p := m.Scaling.Power; p != nil {
		return p.Invert(j, t)
	}
	return t
}

// fits reports whether p has one value of each kind per input.
func (p *Power) fits(inputs int) bool {
	return len(p.Shift) == inputs && len(p.Scale) == inputs && len(p.Lambda) == inputs
}

// Calibration maps a classifier's decision values to class probabilities by a softmax of
// an affine map: p_c = exp(l_c) / sum_d exp(l_d), l_c = B[c] + sum_k A[c][k] f_k, for the
// C classes and K outputs. A two-class Platt sigmoid 1/(1+exp(-(a f + b))) is the case
// A = [[0], [a]], B = [0, b].
type Calibration struct {
	// Method says how A and B were fitted: "platt-loo" (on leave-one-out decisions),
	// "platt-cv, folded into the outputs", "multinomial-cv" (on out-of-fold decisions),
	// "platt-loo, folded into the outputs" (on the final model's approximate leave-one-out
	// logits), "multinomial-cv, folded into the outputs". A map folded into the outputs made
	// them its logits, and A, B are the identity.
	Method string      `json:"method"`
	A      [][]float64 `json:"a"`
	B      []float64   `json:"b"`
}

// Training records how a model was built. Nothing in it is needed to predict.
type Training struct {
	Samples int `json:"samples"` // the number of training points
	// Chose says in one line what the method chose from the data (configuration, width,
	// regularisation, size).
	Chose string `json:"chose,omitempty"`
	// Tau is the common width of exp(-||z-c||^2/tau) chosen for the fixed-node methods (0 otherwise).
	Tau float64 `json:"tau,omitempty"`
	// Gamma and Width (sigma of the Gaussian, or the wavelet's a) are the LS-SVM
	// hyperparameters (0 otherwise).
	Gamma float64 `json:"gamma,omitempty"`
	Width float64 `json:"width,omitempty"`
	// LOOCurve[k] is the selection criterion after k+1 terms (see Criterion), for every term
	// tried; LOOErrors[k], when recorded, is the LOO error (misclassification rate or MSE)
	// after k+1 terms. Chosen is the number of terms the selection kept (a point on both
	// curves); the model may hold fewer nodes when a pruning followed (method auto).
	Criterion string    `json:"criterion,omitempty"`
	LOOCurve  []float64 `json:"loo_curve,omitempty"`
	LOOErrors []float64 `json:"loo_errors,omitempty"`
	Chosen    int       `json:"chosen,omitempty"`
	// LOOError is the final model's estimated misclassification rate (classification) or
	// MSE. LOOScope says what it is: "cv" a cross-validation of the whole construction (node
	// search included: an honest estimate); "weights" the LOO over the weights only, when the
	// nodes themselves were fitted to all the training points (the papers' tunable nodes,
	// LS-SVM hyperparameters), an optimistic figure; "evidence" the LOO of the selected nodes'
	// weights at the regularisation the evidence then fitted on all the points (ROLS and LOOMI),
	// optimistic too, the more so the more nodes; "" the LOO of the fixed-node selection.
	LOOError float64 `json:"loo_error"`
	LOOScope string  `json:"loo_scope,omitempty"`
	// TrivialError is the error of the trivial rule on the training data, in the unit of
	// LOOError: the rate of all but the most frequent class, or the variance of the targets.
	// A model whose estimated error is not below it is useless (NoSignal).
	TrivialError float64 `json:"trivial_error,omitempty"`
	// CVError, when set, is an estimate of the test error from an outer cross-validation of
	// the whole fit (node search included), in the unit of LOOError.
	CVError float64 `json:"cv_error,omitempty"`
	// Refined is the number of iterations of the joint refinement of the selected nodes'
	// centres and widths (method auto), 0 if they were left as selected: the curves are then
	// the selection's, before the refinement, and LOOError is the refined model's estimate.
	Refined int `json:"refined,omitempty"`
	// Lambdas are the final regularisation parameters of the terms.
	Lambdas     []float64 `json:"lambdas,omitempty"`
	Evaluations int       `json:"evaluations,omitempty"` // cost evaluations of the node search
	Seed        uint64    `json:"seed"`                  // the seed of every random choice
	Stop        string    `json:"stop,omitempty"`        // why the construction stopped
	Seconds     float64   `json:"seconds,omitempty"`     // the fit's wall time (not written: files of the same fit are the same bytes)
}

// Model is a trained sparse kernel model. Check verifies one read from an untrusted source;
// the prediction methods return an error for a wrong input instead of panicking.
type Model struct {
	Task   Task   `json:"task"`   // classification or regression
	Method string `json:"method"` // the method that trained it (auto, loomi, rols, ...)
	Kernel string `json:"kernel"` // the kind of the nodes without a Kind of their own
	Inputs int    `json:"inputs"` // the number of raw inputs a prediction takes
	// Features names the inputs, in order, where the training data named them.
	Features []string `json:"features,omitempty"`
	// ZeroBased records that the model was trained on LIBSVM (svmlight) data whose feature
	// indices count from 0 (input j, from 0, held index j), as scikit-learn's
	// dump_svmlight_file writes them: the command line reads LIBSVM data for it the same way
	// unless told otherwise, so that its inputs are not shifted by one (file version 9).
	ZeroBased bool `json:"zero_based,omitempty"`
	// Categories, if set, has one entry an input: nil for a number, or the names of a
	// categorical input's categories, the input then holding its category's index in that
	// list (-1 for a category the model was not trained on, NaN where missing). Such an input
	// enters the model as one indicator a category, in order (one-hot): Scaling and the
	// nodes are over Width() encoded inputs (Encode; file version 8).
	Categories [][]string `json:"categories,omitempty"`
	// Classes names a classifier's classes: output k (or, with two classes and one output,
	// a positive decision) stands for Classes[k] (Classes[1]).
	Classes []string `json:"classes,omitempty"`
	Scaling Scaling  `json:"scaling"` // maps raw (encoded) inputs to the standardised space of the nodes
	Nodes   []Node   `json:"nodes"`   // the basis functions, shared by every output
	// Weights[k][i] is node i's weight in output k, and Bias[k] output k's bias.
	Weights [][]float64 `json:"weights"`
	Bias    []float64   `json:"bias"`
	// Range, if set, clips a regressor's output to [Range[0], Range[1]] (widened by Trend):
	// sparsekernel sets it to the range of the training targets, so that a model does not
	// extrapolate beyond the values it was trained on (a node in a sparse corner of the input
	// space can carry a large weight that the training points never expose).
	Range []float64 `json:"range,omitempty"`
	// Trend, if set with Range, is the range of the linear nodes' terms t(x) (LinearTerms)
	// over the training points: the output is then clipped to Range widened by as much as
	// t(x) lies beyond Trend, [Range[0] + min(0, t - Trend[0]), Range[1] + max(0, t -
	// Trend[1])] (Bounds), so that a linear trend carries on beyond the training targets
	// while a Gaussian node still cannot (file version 4).
	Trend []float64 `json:"trend,omitempty"`
	// Calibration, if set, gives a classifier class probabilities.
	Calibration *Calibration `json:"calibration,omitempty"`
	// WrittenBy names the software version that wrote the model file (set by Read; Write
	// writes its own).
	WrittenBy string   `json:"written_by,omitempty"`
	Training  Training `json:"training"`
}

// Errors of prediction, for errors.Is.
var (
	// ErrInput reports an input of the wrong length, with a value that is not finite, or with a
	// categorical input's value that is not the index of one of its categories (nor -1).
	ErrInput = errors.New("bad input")
	// ErrOverflow reports a decision value that is not finite (a model whose weights overflow).
	ErrOverflow = errors.New("decision value is not finite")
	// ErrNotModel reports data that Read cannot take for a model file: not JSON, another
	// format, keys and values of the wrong kind, or gzip data that is damaged.
	ErrNotModel = errors.New("not a model file")
	// ErrVersion reports a model file of a format version this build does not read (one
	// written by a newer build, which a newer build of the library reads).
	ErrVersion = errors.New("written by a newer build")
	// ErrNotClassifier reports a label or probability asked of a regressor.
	ErrNotClassifier = errors.New("the model is not a classifier")
	// ErrNoCalibration reports probabilities asked of a classifier without a calibration.
	ErrNoCalibration = errors.New("the model has no probability calibration")
	// ErrNotRegressor reports values asked of a classifier.
	ErrNotRegressor = errors.New("the model is not a regressor")
)

// Size returns the number of nodes (basis functions) of the model; 0 for a nil model.
func (m *Model) Size() int {
	if m == nil {
		return 0
	}
	return len(m.Nodes)
}

// Outputs returns K, the number of decision values per input; 0 for a nil model.
func (m *Model) Outputs() int {
	if m == nil {
		return 0
	}
	return len(m.Weights)
}

// OutputsFor returns the number of outputs a model of the task with the given number of
// classes has: the number of classes when there are three or more, else 1.
func OutputsFor(task Task, classes int) int {
	if task == Classification && classes > 2 {
		return classes
	}
	return 1
}

// Width returns the number of encoded inputs, those Scaling and the nodes are over: Inputs,
// plus one for each category of a categorical input beyond its first (Categories); 0 for a
// nil model.
func (m *Model) Width() int {
	if m == nil {
		return 0
	}
	w := m.Inputs
	for _, c := range m.Categories {
		if len(c) > 0 {
			w += len(c) - 1
		}
	}
	return w
}

// Encode writes the encoded form of the raw input x (Inputs values) into e (Width values):
// a number as it is, a categorical input as one indicator a category (1 for its category, 0
// for the others; all 0 for -1, a category the model was not trained on; all NaN where it is
// missing, NaN). A category index that is not -1 or one of the input's categories is an
// error wrapping ErrInput, as is x or e of the wrong length; a nil model, or Categories of
// another length than Inputs, an error wrapping ErrInvalid.
func (m *Model) Encode(e, x []float64) error {
	if err := m.checkCategoryCount(); err != nil {
		return err
	}
	if len(x) != m.Inputs || len(e) != m.Width() {
		return fmt.Errorf("%w: %d raw and %d encoded values, the model takes %d and %d", ErrInput, len(x), len(e), m.Inputs, m.Width())
	}
	return m.encode(e, x)
}

// encode is Encode on inputs of the right lengths.
func (m *Model) encode(e, x []float64) error {
	if m.Categories == nil {
		copy(e, x)
		return nil
	}
	o := 0
	for j, v := range x {
		c := m.Categories[j]
		if len(c) == 0 {
			e[o] = v
			o++
			continue
		}
		block := e[o : o+len(c)]
		o += len(c)
		if math.IsNaN(v) {
			for i := range block {
				block[i] = v
			}
			continue
		}
		if v != math.Trunc(v) || v < -1 || v >= float64(len(c)) {
			return fmt.Errorf("%w: input %d is %v, not the index of one of its %s (or -1 for an unknown one)", ErrInput, j+1, v, words.Count(len(c), "category"))
		}
		for i := range block {
			block[i] = 0
		}
		if v >= 0 {
			block[int(v)] = 1
		}
	}
	return nil
}

// Recode renumbers, in place, the categorical inputs of the raw rows X, which hold each row's
// category as its index in levels (one list an input, nil for a number, as
// dataset.Table.Levels holds those of a file read with the model's categorical inputs), as its
// index in the model's categories: -1 for one the model was not trained on. It returns the
// names of those, input by input, each once in the order met (nil where there are none).
// NaN stays missing. Levels of another length than Inputs, a list for a numeric input or none
// for a categorical one (an empty list is none, as nil is) but where the input is missing on
// every row, or an index beyond its list, is an error wrapping ErrInput, and leaves X as it was; a nil model, or Categories of another
// length than Inputs, an error wrapping ErrInvalid. A row that X holds twice (the same slice)
// is recoded once.
func (m *Model) Recode(X [][]float64, levels [][]string) (unknown [][]string, err error) {
	if err := m.checkCategoryCount(); err != nil {
		return nil, err
	}
	if levels == nil && m.Categories == nil {
		return nil, nil
	}
	if len(levels) != m.Inputs {
		return nil, fmt.Errorf("%w: categories for %d inputs, the model has %d", ErrInput, len(levels), m.Inputs)
	}
	to := make([][]float64, m.Inputs) // to[j][i]: the model's index of levels[j][i]
	for j, names := range levels {
		switch categorical := j < len(m.Categories) && len(m.Categories[j]) > 0; {
		case len(names) > 0 && !categorical:
			return nil, fmt.Errorf("%w: input %d has categories, and the model takes a number", ErrInput, j+1)
		case len(names) == 0 && categorical:
			// (a file's column missing on every row has no categories, and needs none)
			if slices.ContainsFunc(X, func(x []float64) bool { return j < len(x) && !math.IsNaN(x[j]) }) {
				return nil, fmt.Errorf("%w: input %d has no categories, and the model takes one of %s", ErrInput, j+1, words.Count(len(m.Categories[j]), "category"))
			}
		case categorical:
			to[j] = make([]float64, len(names))
			for i, name := range names {
				to[j][i] = float64(m.Category(j, name))
			}
		}
	}
	for r, x := range X {
		if len(x) != m.Inputs {
			return nil, fmt.Errorf("%w: row %d has %s, the model takes %d", ErrInput, r+1, words.Count(len(x), "value"), m.Inputs)
		}
		for j, t := range to {
			if v := x[j]; t != nil && !math.IsNaN(v) && (v != math.Trunc(v) || v < 0 || v >= float64(len(t))) {
				return nil, fmt.Errorf("%w: row %d, input %d is %v, not the index of one of its %s", ErrInput, r+1, j+1, v, words.Count(len(t), "category"))
			}
		}
	}
	seen := make([]map[string]bool, m.Inputs)
	done := make(map[*float64]bool, len(X)) // rows recoded (a row given twice is recoded once)
	for _, x := range X {
		if len(x) > 0 {
			if done[&x[0]] {
				continue
			}
			done[&x[0]] = true
		}
		for j, t := range to {
			if t == nil || math.IsNaN(x[j]) {
				continue
			}
			i := int(x[j])
			if x[j] = t[i]; x[j] < 0 {
				if seen[j] == nil {
					seen[j] = map[string]bool{}
				}
				if name := levels[j][i]; !seen[j][name] {
					seen[j][name] = true
					if unknown == nil {
						unknown = make([][]string, m.Inputs)
					}
					unknown[j] = append(unknown[j], name)
				}
			}
		}
	}
	return unknown, nil
}

// Category returns the index of category name among input j's categories, -1 if it is not one
// of them (or input j is not categorical, or m is nil).
func (m *Model) Category(j int, name string) int {
	if m == nil || j < 0 || j >= len(m.Categories) {
		return -1
	}
	return slices.Index(m.Categories[j], name)
}

// Standardise writes the standardised form of the encoded input x into z. x and z must have
// Width values (it panics otherwise, as slice indexing does; DecisionTo checks them); where
// the model has no categorical input, the encoded input is the raw one.
func (m *Model) Standardise(z, x []float64) {
	if p := m.Scaling.Power; p != nil { // (a loop of its own: a branch in the plain loop cost BenchmarkDecision 5 %)
		for j := range x {
			z[j] = (p.Apply(j, x[j]) - m.Scaling.Mean[j]) / m.Scaling.Std[j]
		}
		return
	}
	for j := range x {
		z[j] = (x[j] - m.Scaling.Mean[j]) / m.Scaling.Std[j]
	}
}

// Decision returns the K decision values f_k(x) of a raw input x (see the package comment),
// after checking the model whole (Check: an error wrapping ErrInvalid).
func (m *Model) Decision(x []float64) ([]float64, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	f := make([]float64, m.Outputs())
	if err := m.decisionTo(f, make([]float64, m.Width()), x); err != nil {
		return nil, err
	}
	return f, nil
}

// DecisionTo writes the K decision values of x into f, using z (length Width) as scratch;
// it does not allocate. Row-wise errors wrap ErrInput or ErrOverflow; f of another length
// than K, or z shorter than Width, is an error wrapping ErrInput; a model whose parts do not
// fit together (lengths of the scaling, weights, centres or widths; unknown kinds) is an
// error wrapping ErrInvalid. Being the fast path, it checks the shapes it indexes but not the
// model's values (a positive width, a positive scale): Read, Fit and the other prediction
// methods check a model whole, and Check does for one built by hand.
func (m *Model) DecisionTo(f, z, x []float64) error {
	if err := m.parts(); err != nil {
		return err
	}
	return m.decisionTo(f, z, x)
}

// parts checks, in O(K), the parts of m that decisionTo indexes besides the nodes, whose
// centres and widths it checks as it uses them: the full shape check costs a pass over the
// nodes, a fifth of a small model's decision (BenchmarkDecision).
func (m *Model) parts() error {
	if m == nil {
		return invalid("no model (a nil *Model)")
	}
	k := OutputsFor(m.Task, len(m.Classes))
	w := m.Inputs
	if m.Categories != nil {
		if len(m.Categories) != m.Inputs {
			return m.misfit()
		}
		w = m.Width()
	}
	if m.Inputs < 1 || len(m.Scaling.Mean) != w || len(m.Scaling.Std) != w || len(m.Bias) != k || len(m.Weights) != k ||
		(m.Scaling.Power != nil && !m.Scaling.Power.fits(w)) || (m.Scaling.Fill != nil && len(m.Scaling.Fill) != w) ||
		(m.Range != nil && len(m.Range) != 2) || (m.Trend != nil && (len(m.Trend) != 2 || m.Range == nil)) ||
		(m.Kernel != KernelGaussian && m.Kernel != KernelWavelet) {
		return m.misfit()
	}
	for _, w := range m.Weights {
		if len(w) != len(m.Nodes) {
			return m.misfit()
		}
	}
	return nil
}

// misfit returns the error that names what does not fit in m (shape's), for a model that a
// check of its parts has refused.
func (m *Model) misfit() error {
	if err := m.shape(); err != nil {
		return err
	}
	return invalid("the model's parts do not fit together")
}

// decisionTo is DecisionTo on a model whose parts have been checked (parts or shape).
func (m *Model) decisionTo(f, z, x []float64) error {
	if len(x) != m.Inputs {
		return fmt.Errorf("%w: %s, the model expects %d", ErrInput, words.Count(len(x), "value"), m.Inputs)
	}
	w := len(m.Scaling.Mean) // (Width, which parts and shape checked it is)
	if len(f) != m.Outputs() || len(z) < w {
		return fmt.Errorf("%w: room for %d decision values and %d scratch values, the model needs %d and %d", ErrInput, len(f), len(z), m.Outputs(), w)
	}
	z = z[:w]
	x, err := m.checkInput(z, x)
	if err != nil {
		return err
	}
	m.Standardise(z, x)
	copy(f, m.Bias)
	// The nodes go in blocks: first the basis values of a block, then its terms of each
	// output. The operations and their order are those of the plain loop
	//
	//	for i, nd := range m.Nodes { g := m.basis(z, nd); for k, w := range m.Weights { f[k] += w[i] * g } }
	//
	// (so the results are the same bit for bit), but the exponentials of a block, each a long
	// chain of dependent operations, no longer wait for one another.
	var buf [32]float64
	for start := 0; start < len(m.Nodes); start += len(buf) {
		nodes := m.Nodes[start:min(start+len(buf), len(m.Nodes))]
		g := buf[:len(nodes)]
		if m.Kernel == KernelWavelet {
			for i := range nodes {
				if nd := &nodes[i]; len(nd.Centre) != w || len(nd.Width) != 1 || nd.Kind != "" {
					return m.misfit()
				}
				g[i] = m.basis(z, nodes[i])
			}
		} else {
			for i := range nodes {
				nd := &nodes[i]
				if len(nd.Centre) != w {
					return m.misfit()
				}
				switch {
				case nd.Kind == NodeLinear: // its value; no exponential
					g[i] = kernel.Dot(z, nd.Centre)
				case nd.Kind == NodeQuadratic:
					if !triangular(nd.Matrix, w) {
						return m.misfit()
					}
					g[i] = Quadratic(z, nd.Centre, nd.Matrix)
				case nd.Kind != "":
					return m.misfit()
				case len(nd.Width) == 1:
					g[i] = -0.5 * kernel.SqDist(z, nd.Centre) / nd.Width[0]
				case len(nd.Width) == w:
					g[i] = -0.5 * kernel.DiagDist(z, nd.Centre, nd.Width)
				default:
					return m.misfit()
				}
			}
			for i, a := range g {
				if nodes[i].Kind == "" {
					g[i] = math.Exp(a)
				}
			}
		}
		for k, w := range m.Weights {
			w = w[start : start+len(g)]
			fk := f[k]
			for i, gi := range g {
				fk += w[i] * gi
			}
			f[k] = fk
		}
	}
	for k, v := range f { // (before the clipping, which would take an infinity to an end)
		if !finite(v) {
			return fmt.Errorf("%w: output %d is %v", ErrOverflow, k+1, v)
		}
	}
	if m.Range != nil {
		lo, hi := m.bounds(z)
		f[0] = min(max(f[0], lo), hi)
	}
	return nil
}

// checkInput refuses a raw input x with a value that is not finite, but for a missing value
// (NaN) where the model has Fill, and encodes it (Encode): it returns x itself where that
// leaves it as it is, else the encoded input with each missing value replaced by its Fill,
// written into z (Width values, which Standardise may overwrite in place).
func (m *Model) checkInput(z, x []float64) ([]float64, error) {
	missing := false
	for j, v := range x {
		switch {
		case finite(v):
		case math.IsNaN(v) && m.Scaling.Fill != nil:
			missing = true
		case math.IsNaN(v):
			return nil, fmt.Errorf("%w: input %d is missing (NaN), and the model was trained without missing values", ErrInput, j+1)
		default:
			return nil, fmt.Errorf("%w: input %d is %v", ErrInput, j+1, v)
		}
	}
	if m.Categories != nil {
		if err := m.encode(z, x); err != nil {
			return nil, err
		}
		x = z
	}
	if !missing {
		return x, nil
	}
	for j, v := range x {
		if math.IsNaN(v) {
			v = m.Scaling.Fill[j]
		}
		z[j] = v
	}
	return z, nil
}

// bounds returns the interval a regressor's output is clipped to at the standardised input z
// (Range, widened by Trend).
func (m *Model) bounds(z []float64) (lo, hi float64) {
	lo, hi = m.Range[0], m.Range[1]
	if m.Trend != nil {
		t := m.linearTerms(z)
		lo, hi = lo+min(0, t-m.Trend[0]), hi+max(0, t-m.Trend[1])
	}
	return lo, hi
}

// linearTerms returns the sum of the first output's linear-node terms at the standardised
// input z.
func (m *Model) linearTerms(z []float64) float64 {
	var t float64
	for i, nd := range m.Nodes {
		if nd.Kind == NodeLinear {
			t += m.Weights[0][i] * kernel.Dot(z, nd.Centre)
		}
	}
	return t
}

// LinearTerms returns the sum t(x) of the first output's linear-node terms at the input x (0
// without linear nodes): the model's linear trend, which Trend bounds.
func (m *Model) LinearTerms(x []float64) (float64, error) {
	if err := m.shape(); err != nil {
		return 0, err
	}
	if len(x) != m.Inputs {
		return 0, fmt.Errorf("%w: %s, the model expects %d", ErrInput, words.Count(len(x), "value"), m.Inputs)
	}
	z := make([]float64, m.Width())
	x, err := m.checkInput(z, x)
	if err != nil {
		return 0, err
	}
	m.Standardise(z, x)
	return m.linearTerms(z), nil
}

// Bounds returns the interval a regressor's output is clipped to at the input x: Range,
// widened by Trend where the linear trend lies beyond it; infinite ends without Range.
func (m *Model) Bounds(x []float64) (lo, hi float64, err error) {
	if err := m.shape(); err != nil {
		return 0, 0, err
	}
	if len(x) != m.Inputs {
		return 0, 0, fmt.Errorf("%w: %s, the model expects %d", ErrInput, words.Count(len(x), "value"), m.Inputs)
	}
	z := make([]float64, m.Width())
	x, err = m.checkInput(z, x)
	if err != nil {
		return 0, 0, err
	}
	if m.Range == nil {
		return math.Inf(-1), math.Inf(1), nil
	}
	m.Standardise(z, x)
	lo, hi = m.bounds(z)
	return lo, hi, nil
}

func (m *Model) basis(z []float64, nd Node) float64 {
	switch {
	case nd.Kind == NodeLinear:
		return kernel.Dot(z, nd.Centre)
	case nd.Kind == NodeQuadratic:
		return Quadratic(z, nd.Centre, nd.Matrix)
	case m.Kernel == KernelWavelet:
		return kernel.Wavelet{A: nd.Width[0]}.Eval(z, nd.Centre)
	default:
		if len(nd.Width) == 1 {
			return math.Exp(-0.5 * kernel.SqDist(z, nd.Centre) / nd.Width[0])
		}
		return kernel.Diag(z, nd.Centre, nd.Width)
	}
}

// Decisions returns the decision values of every row of X: out[r][k] = f_k(X[r]), after
// checking the model whole (Check). An error names the row (1-based).
func (m *Model) Decisions(X [][]float64) ([][]float64, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	k := m.Outputs()
	flat := make([]float64, len(X)*k)
	out := make([][]float64, len(X))
	z := make([]float64, m.Width())
	for r, x := range X {
		out[r] = flat[r*k : (r+1)*k : (r+1)*k]
		if err := m.decisionTo(out[r], z, x); err != nil {
			return nil, fmt.Errorf("row %d: %w", r+1, err)
		}
	}
	return out, nil
}

// Labels returns a classifier's label of every row of X (scikit-learn's predict), with the
// errors of Decisions; ErrNotClassifier for a regressor.
func (m *Model) Labels(X [][]float64) ([]string, error) {
	F, err := m.decisionsOf(X, Classification)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(F))
	for r, f := range F {
		out[r] = m.Classes[Class(f)]
	}
	return out, nil
}

// ClassProbabilities returns a classifier's class probabilities of every row of X, one slice
// a row in the order of Classes (scikit-learn's predict_proba), with the errors of Decisions
// and Probabilities; ErrNotClassifier for a regressor, ErrNoCalibration without a calibration.
func (m *Model) ClassProbabilities(X [][]float64) ([][]float64, error) {
	F, err := m.decisionsOf(X, Classification)
	switch {
	case err != nil:
		return nil, err
	case m.Calibration == nil:
		return nil, ErrNoCalibration
	}
	c := len(m.Classes)
	flat := make([]float64, len(F)*c)
	out := make([][]float64, len(F))
	for r, f := range F {
		out[r] = flat[r*c : (r+1)*c : (r+1)*c]
		if err := m.Probabilities(out[r], f); err != nil {
			return nil, fmt.Errorf("row %d: %w", r+1, err)
		}
	}
	return out, nil
}

// Values returns a regressor's prediction of every row of X (its one output, clipped as the
// model clips it), with the errors of Decisions; ErrNotRegressor for a classifier.
func (m *Model) Values(X [][]float64) ([]float64, error) {
	F, err := m.decisionsOf(X, Regression)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(F))
	for r, f := range F {
		out[r] = f[0]
	}
	return out, nil
}

// decisionsOf is Decisions for a model of the given task: ErrNotClassifier or ErrNotRegressor
// for another.
func (m *Model) decisionsOf(X [][]float64, task Task) ([][]float64, error) {
	if err := m.shape(); err != nil {
		return nil, err
	}
	switch {
	case m.Task == task:
		return m.Decisions(X)
	case task == Classification:
		return nil, ErrNotClassifier
	}
	return nil, ErrNotRegressor
}

// Class returns the class index (into Classes) of decision values f: for one output, 1 if
// f[0] > 0 and 0 otherwise; for several, the index of the largest (the first on a tie).
func Class(f []float64) int {
	if len(f) == 1 {
		if f[0] > 0 {
			return 1
		}
		return 0
	}
	best := 0
	for k, v := range f {
		if v > f[best] {
			best = k
		}
	}
	return best
}

// Label returns the class label of decision values f (K finite values: an error wrapping
// ErrInput otherwise), Decision's output for one input, not the input itself: Labels takes
// inputs (Labels([][]float64{x}) for one).
func (m *Model) Label(f []float64) (string, error) {
	if err := m.shape(); err != nil {
		return "", err
	}
	if m.Task != Classification {
		return "", ErrNotClassifier
	}
	if err := m.checkDecision(f); err != nil {
		return "", err
	}
	return m.Classes[Class(f)], nil
}

// checkDecision refuses decision values f that are not K finite numbers, with an error
// wrapping ErrInput.
func (m *Model) checkDecision(f []float64) error {
	if len(f) != m.Outputs() {
		return fmt.Errorf("%w: %d decision values, the model has %d outputs", ErrInput, len(f), m.Outputs())
	}
	for k, v := range f {
		if !finite(v) {
			return fmt.Errorf("%w: decision value %d is %v", ErrInput, k+1, v)
		}
	}
	return nil
}

// Probabilities writes the class probabilities of decision values f (K values, Decision's
// output for one input; ClassProbabilities takes inputs) into p (length len(Classes)) by the
// model's calibration; other lengths are an error wrapping ErrInput.
func (m *Model) Probabilities(p, f []float64) error {
	if err := m.shape(); err != nil {
		return err
	}
	if m.Task != Classification {
		return ErrNotClassifier
	}
	if m.Calibration == nil {
		return ErrNoCalibration
	}
	if len(p) != len(m.Classes) || len(f) != m.Outputs() {
		return fmt.Errorf("%w: %d decision values into %d probabilities, the model has %d outputs and %d classes", ErrInput, len(f), len(p), m.Outputs(), len(m.Classes))
	}
	if err := m.checkDecision(f); err != nil {
		return err
	}
	m.Calibration.Apply(p, f)
	for c, v := range p {
		if !finite(v) { // decision values so large that A f overflows
			return fmt.Errorf("%w: probability of class %d is %v (decision values %v)", ErrOverflow, c+1, v, f)
		}
	}
	return nil
}

// Apply writes softmax(A f + B) into p. p and B must have a value per row of A, and each row
// of A one per value of f (it panics otherwise; Check and Probabilities check them).
func (c *Calibration) Apply(p, f []float64) {
	if len(p) != len(c.A) {
		panic(fmt.Sprintf("model: Calibration.Apply: %d probabilities for %d rows of A", len(p), len(c.A)))
	}
	top := math.Inf(-1)
	for i, a := range c.A {
		l := c.B[i]
		for k, v := range f {
			l += a[k] * v
		}
		p[i] = l
		top = max(top, l)
	}
	var sum float64
	for i, l := range p {
		if d := l - top; d == 0 {
			p[i] = 1 // math.Exp(0), without its cost: the largest term is always this one
		} else {
			p[i] = math.Exp(d)
		}
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
}

// ErrInvalid reports a model that is internally inconsistent (a corrupt or hand-edited file).
var ErrInvalid = errors.New("invalid model")

// Check verifies that the model is complete and consistent: dimensions agree, every
// number is finite, widths are positive, a classifier has at least two distinct classes
// named in valid UTF-8, and the number of outputs fits the task.
func (m *Model) Check() error {
	if err := m.shape(); err != nil {
		return err
	}
	if m.Task == Classification {
		seen := map[string]bool{}
		for _, c := range m.Classes {
			if !utf8.ValidString(c) {
				return invalid("class label %q is not valid UTF-8", c)
			}
			if seen[c] {
				return invalid("class %q is listed twice", c)
			}
			seen[c] = true
		}
	}
	if m.Features != nil && len(m.Features) != m.Inputs {
		return invalid("%d feature names for %d inputs", len(m.Features), m.Inputs)
	}
	at := make(map[string]int, len(m.Features))
	for j, f := range m.Features {
		if !utf8.ValidString(f) {
			return invalid("feature name %d is not valid UTF-8", j+1)
		}
		if i, dup := at[f]; dup {
			return invalid("feature name %q is that of inputs %d and %d", f, i+1, j+1)
		}
		at[f] = j
	}
	for o, w := range m.Weights {
		for i, v := range w {
			if !finite(v) {
				return invalid("weight %d of output %d is %v", i+1, o+1, v)
			}
		}
		if !finite(m.Bias[o]) {
			return invalid("bias of output %d is %v", o+1, m.Bias[o])
		}
	}
	if m.Range != nil && (!finite(m.Range[0]) || !finite(m.Range[1]) || m.Range[0] > m.Range[1]) {
		return invalid("range %v: want two ordered finite values, for a regressor only", m.Range)
	}
	if m.Trend != nil && (!finite(m.Trend[0]) || !finite(m.Trend[1]) || m.Trend[0] > m.Trend[1]) {
		return invalid("trend %v: want two ordered finite values, with a range", m.Trend)
	}
	for i, nd := range m.Nodes {
		for _, v := range nd.Centre {
			if !finite(v) {
				return invalid("node %d centre holds %v", i+1, v)
			}
		}
		for _, v := range nd.Width {
			if !finite(v) || v <= 0 {
				return invalid("node %d width holds %v", i+1, v)
			}
		}
		for _, row := range nd.Matrix {
			for _, v := range row {
				if !finite(v) {
					return invalid("node %d matrix holds %v", i+1, v)
				}
			}
		}
	}
	if c := m.Calibration; c != nil {
		for i, a := range c.A {
			for _, v := range a {
				if !finite(v) {
					return invalid("calibration row %d holds %v", i+1, v)
				}
			}
			if !finite(c.B[i]) {
				return invalid("calibration offset %d is %v", i+1, c.B[i])
			}
		}
	}
	return nil
}

// shape is the part of Check that prediction needs and that costs little beside it: the task,
// the kernel, every length and the input scaling. A model that passes it predicts without
// indexing out of range.
func (m *Model) shape() error {
	if m == nil {
		return invalid("no model (a nil *Model)")
	}
	switch m.Task {
	case Classification:
		if len(m.Classes) < 2 {
			return invalid("a classifier needs at least two classes, has %q", m.Classes)
		}
	case Regression:
		if m.Classes != nil {
			return invalid("a regressor has no classes, has %q", m.Classes)
		}
	default:
		return invalid("unknown task %q", m.Task)
	}
	if m.Kernel != KernelGaussian && m.Kernel != KernelWavelet {
		return invalid("unknown kernel %q", m.Kernel)
	}
	if m.Inputs < 1 {
		return invalid("inputs = %d", m.Inputs)
	}
	if err := m.checkCategories(); err != nil {
		return err
	}
	w, of := m.Width(), "inputs"
	if m.Categories != nil {
		of = "encoded inputs"
	}
	if len(m.Scaling.Mean) != w || len(m.Scaling.Std) != w {
		return invalid("scaling has %d means and %d stds for %d %s", len(m.Scaling.Mean), len(m.Scaling.Std), w, of)
	}
	for j := range w {
		if !finite(m.Scaling.Mean[j]) || !finite(m.Scaling.Std[j]) || m.Scaling.Std[j] <= 0 {
			return invalid("scaling of %s %d is (%v, %v)", of[:len(of)-1], j+1, m.Scaling.Mean[j], m.Scaling.Std[j])
		}
	}
	if p := m.Scaling.Power; p != nil {
		if !p.fits(w) {
			return invalid("power transform has %d shifts, %d scales and %d powers for %d %s", len(p.Shift), len(p.Scale), len(p.Lambda), w, of)
		}
		for j := range w {
			if !finite(p.Shift[j]) || !finite(p.Scale[j]) || p.Scale[j] <= 0 || !finite(p.Lambda[j]) {
				return invalid("power transform of %s %d is (%v, %v, %v)", of[:len(of)-1], j+1, p.Shift[j], p.Scale[j], p.Lambda[j])
			}
		}
	}
	if f := m.Scaling.Fill; f != nil {
		if len(f) != w {
			return invalid("fill has %d values for %d %s", len(f), w, of)
		}
		for j, v := range f {
			if !finite(v) {
				return invalid("fill of %s %d is %v", of[:len(of)-1], j+1, v)
			}
		}
	}
	k := OutputsFor(m.Task, len(m.Classes))
	if len(m.Weights) != k || len(m.Bias) != k {
		return invalid("%d weight rows and %d biases for a %s with %d outputs", len(m.Weights), len(m.Bias), m.Task, k)
	}
	for o, w := range m.Weights {
		if len(w) != len(m.Nodes) {
			return invalid("output %d has %d weights for %d nodes", o+1, len(w), len(m.Nodes))
		}
	}
	if m.Range != nil && (len(m.Range) != 2 || m.Task != Regression) {
		return invalid("range %v: want two ordered finite values, for a regressor only", m.Range)
	}
	if m.Trend != nil && (len(m.Trend) != 2 || m.Range == nil) {
		return invalid("trend %v: want two ordered finite values, with a range", m.Trend)
	}
	for i := range m.Nodes {
		nd := &m.Nodes[i]
		if len(nd.Centre) != w {
			return invalid("node %d has a centre of %d values for %d %s", i+1, len(nd.Centre), w, of)
		}
		want := len(nd.Width) == 1 || (m.Kernel == KernelGaussian && len(nd.Width) == w)
		if nd.Kind != "" && nd.Kind != NodeLinear && nd.Kind != NodeQuadratic {
			return invalid("node %d is of unknown kind %q", i+1, nd.Kind)
		}
		if nd.Kind != "" {
			want = len(nd.Width) == 0 && m.Kernel == KernelGaussian
		}
		if (nd.Kind == NodeQuadratic) != (nd.Matrix != nil) {
			return invalid("node %d: a matrix belongs to a quadratic node", i+1)
		}
		if nd.Kind == NodeQuadratic {
			if len(nd.Matrix) != w {
				return invalid("node %d has a matrix of %d rows for %d %s", i+1, len(nd.Matrix), w, of)
			}
			for j, row := range nd.Matrix {
				if len(row) != j+1 {
					return invalid("node %d: row %d of its matrix has %d values, want %d", i+1, j+1, len(row), j+1)
				}
			}
		}
		if !want {
			return invalid("node %d has %d width values", i+1, len(nd.Width))
		}
	}
	if c := m.Calibration; c != nil {
		if m.Task != Classification {
			return invalid("a regressor has no calibration")
		}
		if len(c.A) != len(m.Classes) || len(c.B) != len(m.Classes) {
			return invalid("calibration has %d rows and %d offsets for %d classes", len(c.A), len(c.B), len(m.Classes))
		}
		for i, a := range c.A {
			if len(a) != k {
				return invalid("calibration row %d has %d values for %d outputs", i+1, len(a), k)
			}
		}
	}
	return nil
}

// checkCategoryCount refuses a nil model, and Categories of another length than Inputs, the
// part of checkCategories that Encode and Recode need not to index out of range.
func (m *Model) checkCategoryCount() error {
	switch {
	case m == nil:
		return invalid("no model (a nil *Model)")
	case m.Categories != nil && len(m.Categories) != m.Inputs:
		return invalid("categories for %d inputs, the model has %d", len(m.Categories), m.Inputs)
	}
	return nil
}

// checkCategories checks Categories: one entry an input, each nil or distinct names in valid
// UTF-8.
func (m *Model) checkCategories() error {
	if err := m.checkCategoryCount(); err != nil || m.Categories == nil {
		return err
	}
	for j, c := range m.Categories {
		seen := make(map[string]bool, len(c))
		for _, name := range c {
			if !utf8.ValidString(name) {
				return invalid("a category of input %d is not valid UTF-8", j+1)
			}
			if seen[name] {
				return invalid("input %d lists category %q twice", j+1, name)
			}
			seen[name] = true
		}
	}
	return nil
}

// invalid returns an error wrapping ErrInvalid.
func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Count returns the number of inputs p transforms (those whose power is not 1); 0 for nil.
func (p *Power) Count() int {
	if p == nil {
		return 0
	}
	n := 0
	for _, l := range p.Lambda {
		if l != 1 {
			n++
		}
	}
	return n
}
