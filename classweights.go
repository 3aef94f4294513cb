package sparsekernel

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
)

// checkClassWeights checks Options.ClassWeights and BalanceClasses on their own (Check).
func (o Options) checkClassWeights() error {
	if o.BalanceClasses && len(o.ClassWeights) > 0 {
		return fmt.Errorf("%w: class weights and balanced classes both set: give one", ErrOption)
	}
	if (o.BalanceClasses || len(o.ClassWeights) > 0) && o.Paper && (o.Method == PSO || o.Method == RWBS) {
		return fmt.Errorf("%w: class weights weigh a classifier's probabilities, and the papers' construction of %s (Paper) has none", ErrOption, o.Method)
	}
	for _, name := range slices.Sorted(maps.Keys(o.ClassWeights)) {
		if w := o.ClassWeights[name]; !(w > 0) || math.IsInf(w, 0) {
			return fmt.Errorf("%w: class %q weighs %v: want a finite weight above 0", ErrOption, name, w)
		}
	}
	return nil
}

// classWeights returns the weight of each of p's classes asked for by opt (nil for none):
// Options.ClassWeights' (1 for a class it does not name), or with BalanceClasses N / (C n_c),
// the weights that make every class count as much in total (scikit-learn's "balanced").
func classWeights(p *problem, opt Options) ([]float64, error) {
	if len(opt.ClassWeights) == 0 && !opt.BalanceClasses {
		return nil, nil
	}
	if p.task != model.Classification {
		return nil, fmt.Errorf("%w: class weights are for classes, and the targets are a regression target (%s)", ErrOption, p.why)
	}
	w := make([]float64, len(p.classes))
	if opt.BalanceClasses {
		for c, n := range classCounts(p.class, len(p.classes)) {
			w[c] = float64(len(p.class)) / float64(len(p.classes)*n)
		}
		return uniformNil(w), nil
	}
	for c := range w {
		w[c] = 1
	}
	named := make([]string, len(w)) // the weight's name of each class weighted
	for _, name := range slices.Sorted(maps.Keys(opt.ClassWeights)) {
		c := classOf(name, p.classes)
		if c < 0 {
			return nil, fmt.Errorf("%w: a weight for class %q, which the training labels do not hold (classes: %s)", ErrOption, name, quoteList(p.classes))
		}
		if named[c] != "" {
			return nil, fmt.Errorf("%w: class %q weighted twice, as %q and as %q", ErrOption, p.classes[c], named[c], name)
		}
		w[c], named[c] = opt.ClassWeights[name], name
	}
	return uniformNil(w), nil
}

// uniformNil returns w, or nil where every class weighs the same: such weights change no
// comparison of w_c p_c, and the model is the unweighted one (whose labels may follow its
// largest output rather than its probabilities, where that made fewer cross-validated
// mistakes; weighing folds the class map into the outputs).
func uniformNil(w []float64) []float64 {
	if slices.ContainsFunc(w, func(v float64) bool { return v != w[0] }) {
		return w
	}
	return nil
}

// classOf returns the index among classes of the class a weight names, as test labels are
// matched to a model's classes (dataset.IndicesKnown): by name or, for a number, by value (1
// names class +1 or 1.0, as LIBSVM's -w1 names class +1); -1 if none.
func classOf(name string, classes []string) int {
	idx, _ := dataset.IndicesKnown([]string{name}, classes)
	return idx[0]
}

// weighClasses makes a classifier label each point with the class c of the largest w_c p_c(x)
// and gives it the probabilities w_c p_c(x) / sum_d w_d p_d(x): the decision of least expected
// cost when a mistake on class c costs w_c, and the probabilities of the classes' priors
// reweighted by w, which a model trained with class c's rows counted w_c times estimates. The
// calibration is first folded into the outputs (they become its logits, l_c = B_c + A_c f, or
// for two classes and one output the log-odds of class 1), and log w_c then added to output c's
// bias (log(w_1 / w_0) to the one output's), so that the model file, its exports and a server
// need nothing else.
func weighClasses(m *model.Model, w []float64) error {
	cal := m.Calibration
	if cal == nil {
		return fmt.Errorf("%w: class weights weigh a classifier's probabilities, and %s could not calibrate any on these data", ErrOption, m.Method)
	}
	switch k := len(m.Weights); {
	case k == 1 && len(w) == 2:
		a, b := cal.A[1][0]-cal.A[0][0], cal.B[1]-cal.B[0] // the log-odds of class 1: b + a f
		for i := range m.Weights[0] {
			m.Weights[0][i] *= a
		}
		m.Bias[0] = a*m.Bias[0] + b + math.Log(w[1]) - math.Log(w[0]) // (not log(w_1/w_0): the ratio may overflow)
		cal.A, cal.B = [][]float64{{0}, {1}}, []float64{0, 0}
	case k == len(w):
		foldMultinomial(m, cal.A, cal.B)
		for c, v := range w {
			m.Bias[c] += math.Log(v)
		}
	default:
		return fmt.Errorf("%w: class weights for a model of %d outputs and %d classes", ErrOption, k, len(w))
	}
	named := make([]string, len(w))
	for c, v := range w {
		named[c] = fmt.Sprintf("%q %.6g", m.Classes[c], v)
	}
	if !strings.Contains(cal.Method, "folded into the outputs") {
		cal.Method += ", folded into the outputs"
	}
	cal.Method += "; classes weighted"
	said := fmt.Sprintf("classes weighted %s in the labels and probabilities (the estimates are the unweighted labels')", strings.Join(named, ", "))
	if m.Training.Chose == "" {
		m.Training.Chose = said
	} else {
		m.Training.Chose += "; " + said
	}
	return nil
}

// quoteList quotes the names, comma-separated, up to ten of them.
func quoteList(names []string) string {
	q := make([]string, 0, min(len(names), 10))
	for _, n := range names[:min(len(names), 10)] {
		q = append(q, fmt.Sprintf("%q", n))
	}
	if len(names) > 10 {
		q = append(q, fmt.Sprintf("and %d more", len(names)-10))
	}
	return strings.Join(q, ", ")
}
