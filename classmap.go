package sparsekernel

import (
	"fmt"
	"math"
	"slices"

	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/internal/paired"
	"github.com/sparsekernel/sparsekernel/model"
)

// formSet says which forms of the map on the decisions and the inputs' terms a caller tries:
// the linear terms at each of scales (the inputs' scales, inputsScales), and only with at
// least perParam points per parameter they add (perParam C m <= N).
type formSet struct {
	scales   []float64
	perParam int
}

// mapForms are the forms chooseMap tries on the size rule's decisions, folded in where they
// make fewer mistakes: the linear terms at every ridge, with four points a parameter.
var mapForms = formSet{scales: inputsScales, perParam: 4}

// resizeForms are the forms resize tries at the smaller sizes: the decisions' ridge alone (all
// four cost twice the time on the small sets, iris 18 -> 32 ms a fit, for no better choice of
// size), and the linear terms however few the points, as a cut must match the size rule's map
// in both mistakes and log-loss, cross-fitted: on small sets of many inputs (MASS's Cars93, 57
// training points, 6 classes, 18 inputs) the linear terms replace most Gaussian nodes
// (docs/ALGORITHMS.md, section 4.8).
var resizeForms = formSet{scales: inputsScales[:1], perParam: 0}

// resizeSizes are the sizes below the size rule's that resize tries, smallest first: 0 (no
// Gaussian node: the map on the inputs' terms alone, the decisions then the folds' biases), 1,
// 2, 4, 8, ...
func resizeSizes(size int) []int {
	out := []int{0}
	for s := 1; s < size; s *= 2 {
		out = append(out, s)
	}
	return out
}

// resize returns the smallest of resizeSizes at which a map on the out-of-fold decisions and
// the inputs' terms (one of resizeForms) makes as few mistakes and has as low a log-loss,
// cross-fitted, as the map chooseMap chooses at size, within in.se paired standard errors;
// size if there is none. The terms of the inputs can stand in for many kernel nodes: classes
// that differ in the spread of their points (a quadratic discriminant), or along a direction
// of the inputs. At each size, a form must first pass that test on the points its map was
// fitted on (where the most flexible form fails, no other is fitted), then on its approximate
// leave-one-out logits (calibrate.LOOLogits, the cost of two fits where the cross-fit costs
// five); of those that pass, the one of least leave-one-out log-loss is cross-fitted, and
// where it fails, so does the size. The map chosen is kept in in for the calibration, and the
// sizes in in.resized.
func resize(size int, decisions func(s int) [][]float64, class []int, classes, workers int, in *inputsMap) int {
	F := decisions(size)
	ref, ok := chooseMap(F, size, class, classes, workers, in)
	if !ok {
		return size
	}
	in.chosen, in.chosenOn = &ref, F
	if ref.logits == nil || len(stackForms(len(F), len(F[0]), classes, in, class, resizeForms)) == 0 {
		return size // (no form: the smaller sizes' maps would be fitted for nothing)
	}
	refLoss := calibrate.LogitLosses(ref.logits, class)
	asGood := func(miss, loss []float64) bool {
		return paired.Within(miss, ref.missed, in.se) && paired.Within(loss, refLoss, in.se)
	}
	trained := func(fit *stackFit) bool { return asGood(fit.miss, fit.loss) }
	refNodes := 0 // the nodes the size rule's map adds
	if ref.stack != nil {
		refNodes = ref.stack.form.nodes(classes, len(in.Z[0]))
	}
	var (
		F2   [][]float64
		last []*stackFit // the previous size's fits, to start from
	)
	for _, s := range resizeSizes(size) {
		// The maps start from the previous size's, or from the map on the size rule's
		// decisions (the same columns).
		Fs := decisions(s)
		fits := stackFits(Fs, in, class, classes, ref.A, ref.B, resizeForms, last, trained)
		if fits != nil {
			last = fits
		}
		var (
			best    *stackFit
			bestLoo = math.Inf(1)
		)
		for _, fit := range fits {
			// A cut must leave fewer nodes: the map's terms are nodes of the model too.
			if fit == nil || s+fit.form.nodes(classes, len(in.Z[0])) >= size+refNodes || in.over(s, fit.form, classes) || !trained(fit) {
				continue
			}
			F2 = stackRows(F2, Fs, in, fit.form)
			loo, ok := calibrate.LOOLogits(F2, class, classes, fit.A, fit.B)
			if !ok {
				continue
			}
			if loss := calibrate.LogitLosses(loo, class); asGood(mistakes(argmaxLabels(loo), class), loss) && mean(loss) < bestLoo {
				best, bestLoo = fit, mean(loss)
			}
		}
		if best == nil {
			continue
		}
		F2 = stackRows(F2, Fs, in, best.form)
		logits, ok := calibrate.CrossLogits(F2, class, classes, calibGroups, workers, best.A, best.B)
		if !ok {
			continue
		}
		if miss := mistakes(argmaxLabels(logits), class); asGood(miss, calibrate.LogitLosses(logits, class)) {
			st := *best
			st.logits = logits
			in.chosen = &classMap{stack: &st, missed: miss, logits: logits}
			in.chosenOn, in.resized = Fs, [2]int{size, s}
			return s
		}
	}
	return size
}

// foldCalibration fits a calibration on the decisions F the model did not train on, named by
// source in the stored method: "cv" (out of fold) or "loo" (leave one out). With two classes it is
// folded into the model's output: the new output is a f + b, the calibrated log-odds, so that
// the label is the more probable class and the stored calibration is the identity sigmoid. A
// least-squares classifier's threshold at 0 is not where its classes are best separated
// (far-away points pull it about); the calibration moves it there, from data the model did not
// see. With more classes the map chosen by chooseMap is folded into the outputs or stored
// beside them. It returns the misclassification rate of the model's labels on the decisions F
// (for a folded multinomial map, of its cross-fitted labels). The cross-fits run on up to
// workers goroutines.
func foldCalibration(m *model.Model, F [][]float64, class []int, classes int, source string, workers int, in *inputsMap) float64 {
	e, _ := foldCalibrationLogits(m, F, class, classes, source, workers, in)
	return e
}

// foldCalibrationLogits is foldCalibration that also returns, for several classes, the chosen
// map's cross-fitted logits (nil where there are none).
func foldCalibrationLogits(m *model.Model, F [][]float64, class []int, classes int, source string, workers int, in *inputsMap) (float64, [][]float64) {
	k := len(m.Weights)
	if k == 1 {
		A, B, ok := calibrate.Fit(F, class, classes)
		if !ok {
			m.Calibration = priorCalibration(class, classes, k, source+": the map could not be fitted")
			return oofError(F, class), nil
		}
		a, b := A[1][0], B[1]
		if !(a > 0) {
			m.Calibration = priorCalibration(class, classes, k, source+": the decisions did not order the classes")
			return oofError(F, class), nil
		}
		for i := range m.Weights[0] {
			m.Weights[0][i] *= a
		}
		m.Bias[0] = a*m.Bias[0] + b
		for _, f := range F {
			f[0] = a*f[0] + b
		}
		m.Calibration = &model.Calibration{Method: "platt-" + source + ", folded into the outputs", A: [][]float64{{0}, {1}}, B: []float64{0, 0}}
		return oofError(F, class), nil
	}
	cm, ok := chooseMap(F, len(m.Nodes), class, classes, workers, in)
	switch {
	case !ok:
		m.Calibration = priorCalibration(class, classes, k, source+": the map could not be fitted")
		return oofError(F, class), nil
	case cm.stack != nil:
		foldStack(m, cm.stack, k, in)
	default:
		m.Calibration = &model.Calibration{Method: "multinomial-" + source, A: cm.A, B: cm.B}
		if cm.folded {
			foldMultinomial(m, cm.A, cm.B)
			m.Calibration.Method += ", folded into the outputs"
		}
	}
	return mean(cm.missed), cm.logits
}

// classMap is the several-class map chooseMap chose for a model's decisions.
type classMap struct {
	// A, B: the multinomial map on the decisions, fitted on all the points (nil where resize
	// chose the stacked map).
	A [][]float64
	B []float64
	// folded says that its cross-fitted labels make fewer mistakes than the outputs' arg max.
	folded bool
	// stack, if not nil, is the map on the decisions and the inputs' terms that replaces it.
	stack *stackFit
	// missed holds 1 for each point the chosen labelling gets wrong (cross-fitted for a map),
	// 0 for the others.
	missed []float64
	// logits are the chosen map's cross-fitted logits (nil if a cross-fit failed).
	logits [][]float64
}

// chooseMap chooses the several-class map for the decisions F the model did not train on.
// The multinomial map's arg max is not the outputs': it undoes some of the masking of
// one-against-the-rest least squares (a class between two others), and its ridge pulls in the
// maps of small classes. Its labels win on large classes and lose on small ones
// (docs/ALGORITHMS.md, section 4.8), so the data decide, the map's labels being cross-fitted so
// that its parameters do not count the points they label: it is folded into the outputs (its
// logits become them, and the label the most probable class) where they make fewer mistakes
// than the outputs' arg max. Given the inputs (nil: none), a map on the decisions and the
// inputs' terms is chosen instead where it makes clearly fewer mistakes than the better of the
// two (chooseStack), and where its nodes keep a model of nodes nodes within the node budget. A
// map resize chose on the same decisions is returned as it chose it. ok is false if the map
// could not be fitted.
func chooseMap(F [][]float64, nodes int, class []int, classes, workers int, in *inputsMap) (classMap, bool) {
	if in != nil && in.chosen != nil && equalRows(in.chosenOn, F) {
		return *in.chosen, true
	}
	A, B, ok := calibrate.Fit(F, class, classes)
	if !ok {
		return classMap{}, false
	}
	cm := classMap{A: A, B: B, missed: mistakes(argmaxLabels(F), class)}
	logits, ok := calibrate.CrossLogits(F, class, classes, calibGroups, workers, A, B)
	if !ok {
		return cm, true
	}
	if crossMissed := mistakes(argmaxLabels(logits), class); mean(crossMissed) < mean(cm.missed) {
		cm.folded, cm.missed = true, crossMissed // the better labelling's mistakes, for the stacked map's test
	}
	cm.logits = logits
	// Fewer mistakes than them by se paired standard errors: where even no mistake at all
	// would not be, nothing is fitted.
	if in == nil || !clearlyFewer(cm.missed, make([]float64, len(F)), in.se) {
		return cm, true
	}
	fits := stackFits(F, in, class, classes, A, B, mapForms, nil, nil)
	for f, fit := range fits {
		if fit != nil && in.over(nodes, fit.form, classes) {
			fits[f] = nil
		}
	}
	if st := chooseStack(F, in, class, classes, workers, cm.missed, fits); st != nil {
		cm.stack, cm.missed, cm.logits = st, mistakes(argmaxLabels(st.logits), class), st.logits
	}
	return cm, true
}

// over reports whether a map of form on the decisions of a model of nodes nodes, for classes
// classes, would take the model beyond the node budget.
func (in *inputsMap) over(nodes int, form stackTerms, classes int) bool {
	return in.budget > 0 && nodes+form.nodes(classes, len(in.Z[0])) > in.budget
}

// clearlyFewer reports whether the labelling of mistakes miss makes fewer than that of missed
// by se paired standard errors: missed is not within them of it.
func clearlyFewer(missed, miss []float64, se float64) bool { return !paired.Within(missed, miss, se) }

// equalRows reports whether a and b hold the same numbers.
func equalRows(a, b [][]float64) bool {
	return slices.EqualFunc(a, b, func(x, y []float64) bool { return slices.Equal(x, y) })
}

// priorCalibration returns the calibration of a model whose decisions say nothing usable about
// the probabilities (on a handful of points, or without signal): every point gets the classes'
// training frequencies, whatever its k decision values.
func priorCalibration(class []int, classes, k int, why string) *model.Calibration {
	c := &model.Calibration{Method: "class frequencies (" + why + ")", A: make([][]float64, classes), B: make([]float64, classes)}
	for i, n := range classCounts(class, classes) {
		c.A[i] = make([]float64, k)
		c.B[i] = math.Log(max(float64(n), 0.5) / float64(len(class))) // (every class has a training point)
	}
	return c
}

// inputsMap holds what a several-class map on the decisions and the inputs needs: the
// standardised inputs Z, the model's input weights scale (nil for ones), and se, how many
// paired standard errors fewer mistakes its labels must make than the better of the outputs'
// and the map's to be chosen. se is the size rule's tolerance (Options.Prefer: 1 by default,
// 2 for small models, 0 for accurate ones), as the map adds up to C m parameters and min(C, m)
// linear nodes (docs/ALGORITHMS.md, section 4.8). One serves a whole fit: the classes'
// out-of-group log-densities are computed once, by the first map that asks for them
// (quadratic), and the map resize chose is kept for the calibration (chooseMap).
type inputsMap struct {
	Z      [][]float64
	scale  []float64
	se     float64
	budget int // the node budget (Options.MaxTerms; 0: none), which the map's nodes count in

	tried  bool            // the log-densities were computed (or failed)
	H      [][]float64     // every point's out-of-group class log-densities (nil: none)
	logits [][]float64     // the quadratic discriminant's out-of-group logits (quadraticDiscriminant)
	shrink float64         // the covariance shrinkage they were fitted at
	gauss  []classGaussian // the classes' Gaussians fitted on all the points at shrink, for the model

	chosen   *classMap   // the map resize chose, on the decisions chosenOn
	chosenOn [][]float64 //
	resized  [2]int      // the size rule's size and the one resize chose instead (0, 0: none)
}

// quadratic returns the points' out-of-group class log-densities (quadraticFeatures),
// computing them on the first call with the classes' Gaussians on all the points at the same
// shrinkage (in.gauss, the model's quadratic nodes); nil where either could not be fitted.
func (in *inputsMap) quadratic(class []int, classes int) [][]float64 {
	if !in.tried {
		in.tried = true
		if H, L, shrink, ok := quadraticDiscriminant(in.Z, class, classes, calibGroups); ok {
			if g, ok := fitGaussians(in.Z, class, classes, nil, shrink); ok {
				in.H, in.logits, in.shrink, in.gauss = H, L, shrink, g
			}
		}
	}
	return in.H
}

// inputsScales are the factors the standardised inputs are multiplied by in the map on the
// decisions and the inputs: its ridge, 1e-3 min(N, 300) on every slope, then weighs on the
// inputs' slopes as that, a tenth, a hundredth and a thousandth of it. Classes that differ
// along a contrast of correlated measurements (the difference of two inputs that both grow
// with an object's size) need large slopes, which the ridge of the decisions' slopes holds
// back.
var inputsScales = []float64{1, math.Sqrt(10), 10, math.Sqrt(1000)}

// quadraticWork bounds the multiply-adds of the classes' log-densities, quadraticCost: dna
// (2,000 points, 180 inputs, 3 classes) needs 2e8 and 0.5 s; wide data, whose C m^2 numbers
// would also outweigh the rest of the model, go without them.
const quadraticWork = 1e9

// quadraticCost estimates the multiply-adds of quadraticFeatures and fitGaussians on n points
// of m inputs in C classes, C m^2 (m + n): the covariances, their Cholesky factors and
// inverses at every shrinkage and group, and the log-densities.
func quadraticCost(n, m, C int) float64 {
	return float64(C) * float64(m) * float64(m) * float64(m+n)
}

// stackTerms is one form of the map on the decisions and the inputs: the inputs' linear terms
// (their standardised values times scale, so that the ridge on their slopes is the map's ridge
// over scale^2), the classes' Gaussian log-densities (quadratic), or both.
type stackTerms struct {
	linear    bool
	scale     float64
	quadratic bool
}

// nodes returns the nodes a map of this form adds to a model of classes classes on in inputs
// (foldStack): min(classes, in) linear nodes for the linear terms, one quadratic node a class
// for the log-densities.
func (f stackTerms) nodes(classes, in int) int {
	n := 0
	if f.linear {
		n += min(classes, in)
	}
	if f.quadratic {
		n += classes
	}
	return n
}

// stackFit is a map on the decisions and the inputs' terms of one form: A's rows hold the
// slopes of the decisions, then of the linear terms, then of the log-densities. miss and loss
// are every point's mistake (0 or 1) and log-loss under the map fitted on all the points;
// logits, if chosen, its cross-fitted logits.
type stackFit struct {
	form       stackTerms
	A          [][]float64
	B          []float64
	miss, loss []float64
	logits     [][]float64
}

// stackFits fits, on all the points, the several-class maps on the decisions F and terms of
// the standardised inputs Z side by side, softmax(B + A f + D z + E h(z)), where the classes
// differ along directions of the inputs that the Gaussian nodes on the weighted distance do
// not draw (correlated measurements that all grow with an object's size: the linear terms D
// z) or in the spread and orientation of their points (h_c(z), class c's Gaussian log-density
// up to its constant, quadraticFeatures: a quadratic discriminant). The linear terms are tried
// with set.perParam points per parameter they add (set.perParam C m <= N), with the ridge on D
// of each of set.scales; the quadratic ones with C^2 <= N/4, alone or with the linear ones; each form
// only where its fit takes Newton's method (calibrate.Newton: at most 200 parameters, and not
// on letter's 16,000 points in 26 classes), started from the map of the same terms at the
// previous ridge or from A, B, or, given from (the same forms' fits on other decisions of the
// same classes and size), from them. A form whose fit failed is nil. Given gate, the most
// flexible form (the last: the most terms, at the least ridge) is fitted first, and where gate
// rejects its fit none is returned: on the points it was fitted on, its labels and log-losses
// are, as a rule, the best of all the forms.
func stackFits(F [][]float64, inputs *inputsMap, class []int, classes int, A [][]float64, B []float64, set formSet, from []*stackFit, gate func(*stackFit) bool) []*stackFit {
	k, in := len(F[0]), len(inputs.Z[0])
	forms := stackForms(len(F), k, classes, inputs, class, set)
	fits := make([]*stackFit, len(forms))
	previous := map[[2]bool]*stackFit{}
	var F2 [][]float64
	fit := func(form stackTerms, startA [][]float64, startB []float64) *stackFit {
		F2 = stackRows(F2, F, inputs, form)
		As, Bs, ok := calibrate.FitFrom(F2, class, classes, startA, startB)
		if !ok {
			return nil
		}
		logits := calibrate.Logits(F2, As, Bs)
		return &stackFit{form: form, A: As, B: Bs, miss: mistakes(argmaxLabels(logits), class), loss: calibrate.LogitLosses(logits, class)}
	}
	// Each fit starts from the same form's fit in from, or from the map of the same terms at
	// the previous ridge, its slopes of the inputs rescaled to this one's inputs (the same
	// optimum, in fewer steps), or from the map on the outputs alone.
	fitForm := func(f int) *stackFit {
		form := forms[f]
		startA, startB := A, B
		if f < len(from) && from[f] != nil {
			startA, startB = from[f].A, from[f].B
		} else if p, ok := previous[[2]bool{form.linear, form.quadratic}]; ok {
			startA, startB = make([][]float64, classes), p.B
			for c, row := range p.A {
				startA[c] = slices.Clone(row)
				for j := k; form.linear && j < k+in; j++ {
					startA[c][j] *= p.form.scale / form.scale
				}
			}
		}
		if fits[f] = fit(form, startA, startB); fits[f] != nil {
			previous[[2]bool{form.linear, form.quadratic}] = fits[f]
		}
		return fits[f]
	}
	if gate != nil && len(forms) > 0 {
		if st := fitForm(len(forms) - 1); st == nil || !gate(st) {
			return nil
		}
	}
	for f := range forms {
		if fits[f] == nil && (gate == nil || f < len(forms)-1) {
			fitForm(f)
		}
	}
	return fits
}

// stackForms returns the forms of set of the map on k decisions and the inputs' terms that
// stackFits tries on n points of classes classes.
func stackForms(n, k, classes int, inputs *inputsMap, class []int, set formSet) []stackTerms {
	in := len(inputs.Z[0])
	var forms []stackTerms
	if set.perParam*classes*in <= n && calibrate.Newton(n, classes, k+in) {
		for _, s := range set.scales {
			forms = append(forms, stackTerms{linear: true, scale: s})
		}
	}
	if 4*classes*classes <= n && calibrate.Newton(n, classes, k+classes) && quadraticCost(n, in, classes) <= quadraticWork {
		if inputs.quadratic(class, classes) != nil {
			forms = append(forms, stackTerms{quadratic: true})
			if len(forms) > 1 && calibrate.Newton(n, classes, k+in+classes) {
				for _, s := range set.scales {
					forms = append(forms, stackTerms{linear: true, scale: s, quadratic: true})
				}
			}
		}
	}
	return forms
}

// stackRows returns the rows of a map of the given form, the decisions F then the inputs'
// terms, in the space of F2 (reused).
func stackRows(F2, F [][]float64, inputs *inputsMap, form stackTerms) [][]float64 {
	F2 = slices.Grow(F2[:0], len(F))[:len(F)]
	for i := range F {
		F2[i] = append(F2[i][:0], F[i]...)
		if form.linear {
			for _, v := range inputs.Z[i] {
				F2[i] = append(F2[i], form.scale*v)
			}
		}
		if form.quadratic {
			F2[i] = append(F2[i], inputs.H[i]...)
		}
	}
	return F2
}

// chooseStack returns, of the stacked maps fits (nil entries are not tried) whose
// cross-fitted labels make fewer mistakes than the better labelling without them (missed: 1
// for each point that one gets wrong) by inputs.se paired standard errors, the one of least
// cross-fitted log-loss, or nil if none passes. A map is cross-fitted only where its labels on
// the points it was fitted on pass that test (they make fewer mistakes than cross-fitted ones).
func chooseStack(F [][]float64, inputs *inputsMap, class []int, classes, workers int, missed []float64, fits []*stackFit) *stackFit {
	var (
		chosen *stackFit
		best   = math.Inf(1)
		F2     [][]float64
	)
	for _, fit := range fits {
		if fit == nil || !clearlyFewer(missed, fit.miss, inputs.se) {
			continue
		}
		F2 = stackRows(F2, F, inputs, fit.form)
		logits, ok := calibrate.CrossLogits(F2, class, classes, calibGroups, workers, fit.A, fit.B)
		if !ok || !clearlyFewer(missed, mistakes(argmaxLabels(logits), class), inputs.se) {
			continue
		}
		if loss := calibrate.LogitLoss(logits, class); loss < best {
			c := *fit
			c.logits = logits
			best, chosen = loss, &c
		}
	}
	return chosen
}

// foldStack folds the map softmax(B + A f + D z + E h(z)) of st into the model of k outputs
// (st.A's rows hold A, then D for the linear terms at their scale, then E), its outputs
// becoming the map's logits: the map on the outputs as foldMultinomial folds it, D z as
// linear nodes in the model's inputs z'_j = s_j z_j (s = inputs.scale, nil for ones), one an
// input or one a class, whichever is fewer, and h as one quadratic node a class (the classes'
// Gaussians on all the points, inputs.gauss) in the same inputs.
func foldStack(m *model.Model, st *stackFit, k int, inputs *inputsMap) {
	A2, B2, form, in, scale := st.A, st.B, st.form, len(inputs.Z[0]), inputs.scale
	classes := len(B2)
	if scale == nil {
		scale = slices.Repeat([]float64{1}, in)
	}
	Af, D, E := make([][]float64, classes), make([][]float64, classes), make([][]float64, classes)
	for c, row := range A2 {
		Af[c], row = row[:k], row[k:]
		if form.linear {
			D[c] = make([]float64, in)
			for j := range D[c] {
				D[c][j] = row[j] * form.scale // the slopes of z, not of scale z
			}
			row = row[in:]
		}
		E[c] = row
	}
	m.Calibration = &model.Calibration{Method: "multinomial-cv on the outputs and the inputs"}
	foldMultinomial(m, Af, B2)
	m.Calibration.Method += ", folded into the outputs"
	if form.linear {
		m.Training.Chose += fmt.Sprintf("; the inputs' linear terms added to the class map (%d linear nodes)", min(in, classes))
		// D z as linear nodes, D = W V: V's rows the nodes' directions, divided by the input
		// weights (they act on the model's inputs), W their weights; one node an input (V = I,
		// W = D) or one a class (V = D, W = I), whichever is fewer.
		V, W := identity(in), D
		if in > classes {
			V, W = D, identity(classes)
		}
		for r, v := range V {
			dir := make([]float64, in)
			for j := range dir {
				dir[j] = v[j] / scale[j]
			}
			m.Nodes = append(m.Nodes, model.Node{Kind: model.NodeLinear, Centre: dir})
			for c := range classes {
				m.Weights[c] = append(m.Weights[c], W[c][r])
			}
		}
	}
	if form.quadratic {
		m.Training.Chose += fmt.Sprintf("; the classes' Gaussian log-densities added to the class map (%d quadratic nodes, covariances shrunk by %g)", classes, inputs.shrink)
		for q, g := range inputs.gauss {
			m.Nodes = append(m.Nodes, g.node(scale))
			for c := range classes {
				m.Weights[c] = append(m.Weights[c], E[c][q])
			}
		}
	}
}

// mistakes returns 1 for each point whose label is not its class, 0 for the others.
func mistakes(labels, class []int) []float64 {
	out := make([]float64, len(labels))
	for i, l := range labels {
		out[i] = float64(boolInt(l != class[i]))
	}
	return out
}

// mean returns the mean of v.
func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// calibGroups is the number of groups the out-of-fold decisions are dealt into to cross-fit a
// several-class calibration's labels.
const calibGroups = 5

// foldMultinomial makes the logits of the map softmax(B + A f) the model's outputs, W <- A W,
// bias <- A bias + B, and stores the identity map.
func foldMultinomial(m *model.Model, A [][]float64, B []float64) {
	C := len(B)
	W := make([][]float64, C)
	bias := slices.Clone(B)
	for c := range C {
		W[c] = make([]float64, len(m.Weights[0]))
		for k, a := range A[c] {
			axpyRow(a, m.Weights[k], W[c])
			bias[c] += a * m.Bias[k]
		}
	}
	m.Weights, m.Bias = W, bias
	m.Calibration.A, m.Calibration.B = identity(C), make([]float64, C)
}

func axpyRow(a float64, x, y []float64) {
	for i, v := range x {
		y[i] += a * v
	}
}

// oofError returns the misclassification rate of the out-of-fold decisions F.
func oofError(F [][]float64, class []int) float64 {
	return mean(mistakes(argmaxLabels(F), class))
}

// argmaxLabels returns the label of each row of decisions F (model.Class: by sign with one
// output, the largest with several).
func argmaxLabels(F [][]float64) []int {
	out := make([]int, len(F))
	for i, f := range F {
		out[i] = model.Class(f)
	}
	return out
}

// identity returns the n x n identity matrix.
func identity(n int) [][]float64 {
	I := make([][]float64, n)
	for i := range I {
		I[i] = make([]float64, n)
		I[i][i] = 1
	}
	return I
}
