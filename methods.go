package sparsekernel

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/internal/paired"
	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/lssvm"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/ofs"
	"github.com/sparsekernel/sparsekernel/optim"
)

// The method names accepted by Options.Method.
const (
	Auto  = "auto"  // the default: cross-validated forward selection (ofs.Auto)
	ROLS  = "rols"  // ROLS-LOO (Hong, Chen and Harris 2008)
	LOOMI = "loomi" // LOOMI (Hong et al. 2014)
	PSO   = "pso"   // tunable nodes by particle swarm optimisation (Chen, Hong and Harris 2010)
	RWBS  = "rwbs"  // tunable nodes by RWBS (Chen, Hong, Luk and Harris 2009)
	LROLS = "lrols" // LROLS-LOO on fixed nodes (regression)
	LSSVM = "lssvm" // LS-SVM tuned on its exact LOO error (Ren and Bai 2011)
)

// Method describes one of the methods Fit implements.
type Method struct {
	Name           string // the name Options.Method and the CLI's -method take
	Classification bool   // it trains two-class classifiers
	MultiClass     bool   // it trains classifiers of more than two classes
	Regression     bool   // it trains regressors
	Description    string // one line for help texts
	fit            func(*fitContext) error
}

// fitContext is what a method works on: the problem, its standardised inputs, the options,
// and the model to fill in (task, scaling and classes are set).
type fitContext struct {
	p   *problem
	X   [][]float64 // the raw inputs
	Z   [][]float64
	opt Options
	m   *model.Model
	in  *inputsMap // (inputsMap)

	powered [][]float64   // the standardised power-transformed inputs, set by power
	pw      model.Scaling // their scaling, with the transform

	noSignal bool // two classes: the out-of-fold labels made more mistakes than the trivial rule
}

// power returns the standardised power-transformed inputs for the engine to race (Auto.Alt),
// keeping the transform (fitPower) and their scaling for powerKept; nil under Options.NoPower,
// where no input is skewed, or where the transformed inputs cannot be standardised.
func (c *fitContext) power() [][]float64 {
	if c.opt.NoPower {
		return nil
	}
	pw := fitPower(c.X)
	if pw == nil {
		return nil
	}
	T := powered(c.X, pw)
	sc, err := dataset.NewScaler(T)
	if err != nil {
		return nil
	}
	Zp, err := sc.Apply(T)
	if err != nil {
		return nil
	}
	c.powered, c.pw = Zp, model.Scaling{Mean: sc.Mean, Std: sc.Std, Power: pw}
	return Zp
}

// powerKept moves the fit onto the power-transformed inputs the engine kept (the model's
// scaling and the inputs of the class map), and returns what the chose line says of them.
func (c *fitContext) powerKept() string {
	c.Z, c.m.Scaling = c.powered, c.pw
	return fmt.Sprintf("; %s power-transformed (Yeo-Johnson), as the cross-validation did better", powerNames(c.pw.Power, c.m.Features))
}

// Methods lists the methods Fit implements, the default first.
var Methods = []Method{
	{Auto, true, true, true, "the default: Gaussian nodes, a bias and (two classes, regression) a linear node chosen by forward selection; width, input weighting and size chosen by cross-validating the whole selection; weights re-estimated by sparse Bayesian learning, which drops the nodes the data do not support", fitAuto},
	{LOOMI, true, false, false, "fixed Gaussian nodes, forward selection maximising the LOO mutual information (paper-faithful, no bias)", fitFixed},
	{ROLS, true, false, false, "fixed Gaussian nodes, forward selection minimising the LOO misclassification rate (paper-faithful, no bias)", fitFixed},
	{PSO, true, false, true, "tunable Gaussian nodes (centre and width) found one by one by particle swarm optimisation, or a linear node where it does better; size cross-validated", fitTuned},
	{RWBS, true, false, true, "tunable Gaussian nodes found one by one by repeated weighted boosting search, or a linear node where it does better; size cross-validated", fitTuned},
	{LROLS, false, false, true, "fixed Gaussian nodes, locally regularised forward selection minimising the LOO MSE", fitFixed},
	{LSSVM, true, true, true, "least-squares SVM (every training point a node; one-vs-rest for several classes, one factorisation), gamma and width tuned on the exact LOO MSE by the colonial competitive algorithm", fitLSSVM},
}

func lookup(name string) *Method {
	for i := range Methods {
		if Methods[i].Name == name {
			return &Methods[i]
		}
	}
	return nil
}

func methodNames() string {
	var names []string
	for _, m := range Methods {
		names = append(names, m.Name)
	}
	return strings.Join(names, ", ")
}

// The values of Options.Prefer.
const (
	PreferBalanced = "balanced" // (or ""): the default
	PreferSmall    = "small"
	PreferAccurate = "accurate"
)

// preferSE maps Options.Prefer to the size rule of ofs.Auto (standard errors of tolerance).
var preferSE = map[string]float64{"": 1, PreferBalanced: 1, PreferSmall: 2, PreferAccurate: -1}

// The values of Options.Refine.
const (
	RefineAuto   = "auto" // (or ""): several classes and regression from 1,000 points on
	RefineAlways = "always"
	RefineNever  = "never"
)

// refinements maps Options.Refine to ofs.Auto's.
var refinements = map[string]ofs.Refinement{"": ofs.RefineLarge, RefineAuto: ofs.RefineLarge, RefineAlways: ofs.RefineAlways, RefineNever: ofs.RefineNever}

func fitAuto(c *fitContext) error {
	p := c.p
	a := autoOptions(c)
	if !c.opt.NoLinear && len(p.classes) > 2 { // several classes: the class map may take fewer nodes
		a.Resize = func(Z [][]float64, size int, decisions func(s int) [][]float64) int {
			c.Z = Z // the inputs the engine chose (Alt or not)
			return resize(size, decisions, p.class, len(p.classes), c.opt.Workers, c.inputsMap())
		}
	}
	a.Alt = c.power()
	r, err := a.Fit(c.Z, p.targets(), p.class)
	if err != nil {
		return err
	}
	c.m.Training.Tau, c.m.Training.Refined = r.Tau, r.Refined
	chose := r.Chose
	if r.Alt {
		chose += c.powerKept()
	}
	if in := c.in; in != nil && in.resized[0] > 0 { // (resize's, which made it)
		chose += fmt.Sprintf("; the size rule's %d nodes cut to %d, where a class map with terms of the inputs did as well on the out-of-fold decisions", in.resized[0], in.resized[1])
	}
	err = c.crossValidated(r.Scale, r.Centres, r.Vars, r.Linear, r.Weights, r.Bias, r.CVCurve, r.CVMiss, r.Selected, r.OOF, r.Calibrate, chose, r.Evaluations)
	if err == nil && r.Estimate != nil { // the first fold's model pruned as the final one was
		cl := make([]int, len(r.EstimateRows))
		for v, i := range r.EstimateRows {
			cl[v] = p.class[i]
		}
		c.m.Training.LOOError = oofError(r.Estimate, cl)
		c.m.Training.CVError = c.m.Training.LOOError
	}
	return err
}

// powerNames says which inputs p transforms, with their powers: by name (features, if not
// nil) or 1-based number, up to six of them, else how many.
func powerNames(p *model.Power, features []string) string {
	if n := p.Count(); n > 6 {
		return fmt.Sprintf("%d skewed inputs of %d", n, len(p.Lambda))
	}
	var names []string
	for j, l := range p.Lambda {
		if l == 1 {
			continue
		}
		name := fmt.Sprintf("input %d", j+1)
		if features != nil {
			name = strconv.Quote(features[j])
		}
		names = append(names, fmt.Sprintf("%s (power %.2g)", name, l))
	}
	return "skewed " + strings.Join(names, ", ")
}

// autoOptions returns the settings of the default construction.
func autoOptions(c *fitContext) ofs.Auto {
	opt := c.opt
	a := ofs.Auto{Folds: opt.Folds, MaxSize: opt.MaxTerms, SE: preferSE[opt.Prefer], ByMisses: opt.Prefer == PreferSmall, Seed: opt.Seed, Workers: opt.Workers, NoLinear: opt.NoLinear, Refine: refinements[opt.Refine],
		Progress: opt.Progress}
	if opt.Tau > 0 {
		a.TauFactors = []float64{opt.Tau / float64(len(c.Z[0]))}
	}
	return a
}

// crossValidated fills the model of a cross-validated construction (auto, and the tunable
// nodes built on it): inputs weighted by scale, Gaussian nodes of the given centres (scaled
// space) and variances, K outputs, the cross-validated curves with the size chosen on them,
// and for a classifier the calibration fitted on the out-of-fold decisions oof, or on calib
// if not nil (the final model's approximate leave-one-out decisions, when its outputs are not
// on the scale of the fold models'). The error estimate is the out-of-fold one either way.
func (c *fitContext) crossValidated(scale []float64, centres [][]float64, vars []float64, linear []bool, weights [][]float64, bias []float64,
	cvCurve, cvMiss []float64, chosen int, oof, calib [][]float64, chose string, evals int) error {
	p, m := c.p, c.m
	for j, s := range scale {
		m.Scaling.Std[j] /= s // z_j * s = (x_j - mean_j) / (std_j / s)
	}
	m.Nodes = make([]model.Node, len(centres))
	for i, ctr := range centres {
		if linear != nil && linear[i] {
			m.Nodes[i] = model.Node{Kind: model.NodeLinear, Centre: ctr}
			continue
		}
		m.Nodes[i] = model.Node{Centre: ctr, Width: []float64{vars[i]}}
	}
	m.Weights, m.Bias = weights, bias
	t := &m.Training
	t.Chose, t.Evaluations = chose, evals
	t.Criterion = "cv-mse"
	t.LOOCurve, t.Chosen = cvCurve, chosen // the point on the curves; the evidence may keep fewer nodes
	t.LOOScope = "cv"
	if len(centres) == 0 && (p.task != model.Classification || len(p.classes) < 3 || c.opt.NoLinear) {
		return fmt.Errorf("%w: %s built no node", ErrNoSignal, m.Method)
	}
	if p.task == model.Classification {
		t.LOOErrors = cvMiss
		if len(p.classes) == 2 {
			c.noSignal = !beatsTrivial(oof, p.class)
		}
		if calib == nil {
			in := c.inputsMap()
			if in != nil {
				in.scale = scale
			}
			t.LOOError = foldCalibration(m, oof, p.class, len(p.classes), "cv", c.opt.Workers, in)
		} else {
			foldCalibration(m, calib, p.class, len(p.classes), "loo", c.opt.Workers, nil)
			t.LOOError = oofError(oof, p.class) // the fold models' decisions, out of fold of the selection too
		}
	} else {
		t.LOOErrors = cvCurve
		t.LOOError = cvCurve[chosen-1]
	}
	t.CVError = t.LOOError
	if len(m.Nodes) == 0 { // (several classes: the class map's terms of the inputs are nodes)
		return fmt.Errorf("%w: %s built no node", ErrNoSignal, m.Method)
	}
	return nil
}

// inputsMap returns the fit's inputs for the several-class map (one for the fit, so that the
// classes' log-densities are computed once), or nil under Options.NoLinear (Gaussian nodes
// only: no terms of the inputs either).
func (c *fitContext) inputsMap() *inputsMap {
	if c.opt.NoLinear {
		return nil
	}
	if c.in == nil || &c.in.Z[0][0] != &c.Z[0][0] { // (made afresh if the inputs changed: Alt)
		c.in = &inputsMap{Z: c.Z, se: max(preferSE[c.opt.Prefer], 0)}
	}
	return c.in
}

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
	ref, ok := chooseMap(F, class, classes, workers, in)
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
			if fit == nil || s+fit.form.nodes(classes, len(in.Z[0])) >= size+refNodes || !trained(fit) {
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

// fitTuned builds tunable nodes with the default's machinery (ofs.Tuned); Options.Paper asks
// for the papers' construction instead (fitTunable).
func fitTuned(c *fitContext) error {
	p, opt := c.p, c.opt
	if opt.Paper {
		return fitTunable(c)
	}
	t := ofs.Tuned{Auto: autoOptions(c), MaxTerms: opt.MaxTerms, NoLinear: opt.NoLinear}
	t.Auto.MaxSize = 0
	if opt.Method == PSO {
		t.Method = opt.PSO
	} else {
		r := opt.RWBS // the tunable construction's defaults, each where the option is 0
		r.Population = cmp.Or(r.Population, 10)
		r.Generations = cmp.Or(r.Generations, 4)
		r.Inner = cmp.Or(r.Inner, 25)
		t.Method = r
	}
	t.Auto.Alt = c.power()
	r, err := t.Fit(c.Z, p.targets(), p.class)
	if err != nil {
		return err
	}
	c.m.Training.Tau = r.Fixed.Tau
	chose := r.Chose
	if r.Fixed.Alt {
		chose += c.powerKept()
	}
	return c.crossValidated(r.Scale, r.Centres, r.Vars, r.Linear, r.Weights, r.Bias, r.CVCurve, r.CVMiss, r.Built, r.OOF, r.Calibrate, chose, r.Evaluations)
}

func fitFixed(c *fitContext) error {
	p, opt, m, Z := c.p, c.opt, c.m, c.Z
	classify := p.task == model.Classification
	var sel ofs.Selector
	switch opt.Method {
	case ROLS:
		sel = ofs.ROLS{MinTerms: opt.MinTerms, MaxTerms: opt.MaxTerms, Plateau: true}
	case LOOMI:
		sel = ofs.LOOMI{MinTerms: opt.MinTerms, MaxTerms: opt.MaxTerms}
	case LROLS:
		sel = ofs.LROLS{MaxTerms: opt.MaxTerms}
	}
	taus := ofs.DefaultTaus(len(Z[0]))
	if opt.Tau > 0 {
		taus = []float64{opt.Tau}
	}
	f := ofs.NewFixed(Z, p.y, ofs.CentreSubset(len(Z), opt.Seed))
	f.Bias = !classify // regression targets need not have zero mean
	search := sel
	if l, ok := sel.(ofs.LROLS); ok && len(taus) > 1 {
		search = l.WidthSearch() // choose the width by one pass, then refine at that width only
	}
	res := f.Run(search, taus, opt.Workers)
	best := res[ofs.Best(res, classify)]
	for _, r := range res {
		m.Training.Evaluations += r.Evaluations
	}
	if search != sel {
		best = f.Run(sel, []float64{best.Tau}, opt.Workers)[0]
		m.Training.Evaluations += best.Evaluations
	}
	m.Nodes = make([]model.Node, len(best.Index))
	for i, ci := range best.Index {
		m.Nodes[i] = model.Node{Centre: slices.Clone(f.Points[ci]), Width: []float64{kernel.TauToVar(best.Tau)}}
	}
	m.Weights, m.Bias = [][]float64{best.Weights}, []float64{best.Bias}
	t := &m.Training
	t.Tau = best.Tau
	t.Criterion = best.Criterion
	t.LOOCurve = best.Curve
	t.Chosen = len(best.Index)
	t.LOOError = looError(best.Stats, classify)
	t.Lambdas = best.Lambdas
	t.Stop = best.Stop
	t.Chose = fmt.Sprintf("tau %.4g by the LOO criterion over %d widths; %d nodes by the stopping rule", best.Tau, len(taus), len(best.Index))
	if classify {
		plattFromLOO(m, best.LOO, p.class, "platt-loo")
	}
	return nil
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
	k := len(m.Weights)
	if k == 1 {
		A, B, ok := calibrate.Fit(F, class, classes)
		if !ok {
			m.Calibration = priorCalibration(class, classes, k, source+": the map could not be fitted")
			return oofError(F, class)
		}
		a, b := A[1][0], B[1]
		if !(a > 0) {
			m.Calibration = priorCalibration(class, classes, k, source+": the decisions did not order the classes")
			return oofError(F, class)
		}
		for i := range m.Weights[0] {
			m.Weights[0][i] *= a
		}
		m.Bias[0] = a*m.Bias[0] + b
		for _, f := range F {
			f[0] = a*f[0] + b
		}
		m.Calibration = &model.Calibration{Method: "platt-" + source + ", folded into the outputs", A: [][]float64{{0}, {1}}, B: []float64{0, 0}}
		return oofError(F, class)
	}
	cm, ok := chooseMap(F, class, classes, workers, in)
	switch {
	case !ok:
		m.Calibration = priorCalibration(class, classes, k, source+": the map could not be fitted")
		return oofError(F, class)
	case cm.stack != nil:
		foldStack(m, cm.stack, k, in)
	default:
		m.Calibration = &model.Calibration{Method: "multinomial-" + source, A: cm.A, B: cm.B}
		if cm.folded {
			foldMultinomial(m, cm.A, cm.B)
			m.Calibration.Method += ", folded into the outputs"
		}
	}
	return mean(cm.missed)
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
// two (chooseStack). A map resize chose on the same decisions is returned as it chose it. ok
// is false if the map could not be fitted.
func chooseMap(F [][]float64, class []int, classes, workers int, in *inputsMap) (classMap, bool) {
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
	if st := chooseStack(F, in, class, classes, workers, cm.missed, fits); st != nil {
		cm.stack, cm.missed, cm.logits = st, mistakes(argmaxLabels(st.logits), class), st.logits
	}
	return cm, true
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
	Z     [][]float64
	scale []float64
	se    float64

	tried  bool            // the log-densities were computed (or failed)
	H      [][]float64     // every point's out-of-group class log-densities (nil: none)
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
		if H, shrink, ok := quadraticFeatures(in.Z, class, classes, calibGroups); ok {
			if g, ok := fitGaussians(in.Z, class, classes, nil, shrink); ok {
				in.H, in.shrink, in.gauss = H, shrink, g
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
		// h_q(z) = -0.5 ||R (z - mu)||^2 = -0.5 ||R' (z' - mu')||^2 with z'_j = s_j z_j:
		// mu'_j = s_j mu_j, R'[j][l] = R[j][l] / s_l.
		for q, g := range inputs.gauss {
			ctr := make([]float64, in)
			for j := range ctr {
				ctr[j] = g.mean[j] * scale[j]
			}
			R := make([][]float64, in)
			for j, row := range g.R {
				R[j] = make([]float64, len(row))
				for l, v := range row {
					R[j][l] = v / scale[l]
				}
			}
			m.Nodes = append(m.Nodes, model.Node{Kind: model.NodeQuadratic, Centre: ctr, Matrix: R})
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

// plattFromLOO stores a Platt calibration fitted on leave-one-out decision values.
func plattFromLOO(m *model.Model, loo []float64, class []int, method string) {
	if loo == nil {
		return
	}
	F := make([][]float64, len(loo))
	for i, v := range loo {
		F[i] = []float64{v}
	}
	if A, B, ok := calibrate.Fit(F, class, 2); ok {
		m.Calibration = &model.Calibration{Method: method, A: A, B: B}
	}
}

func looError(st ofs.Stats, classify bool) float64 {
	if classify {
		return st.MR()
	}
	return st.MSE
}

func fitTunable(c *fitContext) error {
	p, opt, m, Z := c.p, c.opt, c.m, c.Z
	classify := p.task == model.Classification
	t := ofs.Tunable{Classify: classify, Bias: !classify, MaxTerms: opt.MaxTerms, Seed: opt.Seed, Workers: opt.Workers}
	if opt.Method == PSO {
		t.Method = opt.PSO
	} else {
		t.Method = opt.RWBS
	}
	r, err := t.Build(Z, p.y)
	if err != nil {
		return err
	}
	m.Training.Evaluations = r.Evaluations
	m.Training.Criterion = "loo-misclassification-rate"
	if !classify {
		m.Training.Criterion = "loo-mse"
	}
	m.Training.LOOCurve = r.Curve
	m.Training.Stop = r.Stop
	weights, bias, lambdas, st := r.Weights, r.Bias, r.Lambdas, r.Stats
	nodes := make([]model.Node, len(r.Centres))
	for i := range nodes {
		nodes[i] = model.Node{Centre: r.Centres[i], Width: r.Vars[i]}
	}
	if !classify && len(nodes) > 0 {
		// Refine with LROLS-LOO over the constructed nodes' columns, which may drop nodes.
		pool := ofs.NewPool(len(Z), len(nodes), len(nodes)+1)
		for c, nd := range nodes {
			col := pool.Column(c)
			for k, z := range Z {
				col[k] = kernel.Diag(z, nd.Centre, nd.Width)
			}
		}
		s := ofs.NewState(p.y, len(nodes)+1)
		s.SetBias(1e-6)
		pool.Start(s)
		sel := ofs.LROLS{}.Select(pool, s)
		kept := make([]model.Node, len(sel.Index))
		for i, c := range sel.Index {
			kept[i] = nodes[c]
		}
		nodes, weights, bias, lambdas, st = kept, sel.Weights, sel.Bias, sel.Lambdas, sel.Stats
		m.Training.Stop += fmt.Sprintf("; LROLS-LOO refinement kept %d of %d nodes", len(kept), len(r.Centres))
	}
	if len(nodes) == 0 {
		return fmt.Errorf("%w: %s found no node that lowers the LOO error of the empty model; try method auto", ErrNoSignal, opt.Method)
	}
	if trivial := p.trivialError(); looError(st, classify) >= trivial {
		return fmt.Errorf("%w: the %d nodes %s built have a LOO error of %.4g, no better than the trivial rule's %.4g; try method auto, or %s without -paper",
			ErrNoSignal, len(nodes), opt.Method, looError(st, classify), trivial, opt.Method)
	}
	m.Nodes, m.Weights, m.Bias = nodes, [][]float64{weights}, []float64{bias}
	m.Training.Lambdas = lambdas
	m.Training.Chosen = len(nodes)
	m.Training.LOOError = looError(st, classify)
	m.Training.LOOScope = "weights"
	return nil
}

func fitLSSVM(c *fitContext) error {
	p, opt, m, Z := c.p, c.opt, c.m, c.Z
	o := opt.LSSVM
	classify := p.task == model.Classification
	Y := p.targets()
	if o.Kernel == "" {
		o.Kernel = model.KernelGaussian
	}
	if o.Tuner == "" {
		o.Tuner = "cca"
	}
	settings := optim.Settings{Seed: opt.Seed, Workers: opt.Workers}
	var (
		gamma, width, mse float64
		evals, miss       int
		tuned             bool
	)
	switch o.Tuner {
	case "cca", "sa":
		var method optim.Method = o.CCA
		if o.Tuner == "sa" {
			budget := o.Evaluations
			if budget <= 0 {
				r, err := lssvm.TuneK(Z, Y, o.Kernel, o.CCA, settings)
				if err != nil {
					return tuneError(err)
				}
				budget = r.Evaluations
			}
			method = optim.SA{Evaluations: budget}
		}
		r, err := lssvm.TuneK(Z, Y, o.Kernel, method, settings)
		if err != nil {
			return tuneError(err)
		}
		gamma, width, evals = r.Gamma, r.Width, r.Evaluations
		mse, miss, tuned = r.MSE, r.Misclassified, true
	case "none":
		gamma, width = o.Gamma, o.Width
	}
	var k kernel.Kernel = kernel.Gaussian{Sigma: width}
	nodeWidth := width * width
	if o.Kernel == model.KernelWavelet {
		k, nodeWidth = kernel.Wavelet{A: width}, width
	}
	mach, err := lssvm.FitK(Z, Y, k, gamma)
	if err != nil {
		return err
	}
	if !tuned { // Tune reports the LOO error at its optimum; otherwise compute it once here
		if mse, miss, err = lssvm.LOOK(Z, Y, k, gamma); err != nil {
			return err
		}
	}
	m.Kernel = o.Kernel
	m.Nodes = make([]model.Node, len(Z))
	for i, z := range Z {
		m.Nodes[i] = model.Node{Centre: slices.Clone(z), Width: []float64{nodeWidth}}
	}
	m.Weights, m.Bias = mach.Coef, mach.Bias
	m.Training.Gamma, m.Training.Width = gamma, width
	m.Training.Evaluations = evals
	m.Training.Criterion = "loo-mse"
	m.Training.LOOError = mse
	m.Training.LOOScope = "weights"
	if classify {
		m.Training.LOOError = float64(miss) / float64(len(Z))
		// Probabilities from the exact LOO decisions y - r of the chosen machine.
		if e, err := lssvm.NewEvaluatorK(Z, Y); err == nil {
			if _, _, err := e.LOO(k, gamma); err == nil {
				r := e.Residuals(nil)
				F := make([][]float64, len(Z))
				for i := range F {
					F[i] = make([]float64, len(Y))
					for j := range Y {
						F[i][j] = Y[j][i] - r[j*len(Z)+i]
					}
				}
				if A, B, ok := calibrate.Fit(F, p.class, len(p.classes)); ok {
					method := "platt-loo"
					if len(p.classes) > 2 {
						method = "multinomial-loo"
					}
					m.Calibration = &model.Calibration{Method: method, A: A, B: B}
				}
			}
		}
	}
	m.Training.Stop = "hyperparameters: " + o.Tuner
	return nil
}

// tuneError wraps an LS-SVM tuning error: ErrOption for settings of the tuner that optim
// refuses (Options.LSSVM.CCA, which Options.Check does not look into).
func tuneError(err error) error {
	if errors.Is(err, optim.ErrSetting) {
		return fmt.Errorf("%w: lssvm cca settings: %v", ErrOption, err)
	}
	return err
}

// beatsTrivial reports whether the out-of-fold decisions F (one output), Platt-calibrated,
// label at most as many points wrongly as the trivial rule (always the most frequent class);
// false if the calibration cannot be fitted or does not order the classes.
func beatsTrivial(F [][]float64, class []int) bool {
	A, B, ok := calibrate.Fit(F, class, 2)
	if !ok || !(A[1][0] > 0) {
		return false
	}
	wrong := 0
	for i, f := range F {
		if model.Class([]float64{A[1][0]*f[0] + B[1]}) != class[i] {
			wrong++
		}
	}
	return wrong <= slices.Min(classCounts(class, 2))
}

// majorityLabels moves a two-class model's decision threshold so that every point of X gets
// the most frequent class of the training classes, one unit of log-odds beyond the most
// extreme training decision, and leaves its probabilities as they were: the output f becomes
// f - t and each calibration offset B_c becomes B_c + A_c t, so that B + A f is unchanged.
// The estimated error becomes the trivial rule's.
func majorityLabels(m *model.Model, X [][]float64, class []int) error {
	D, err := m.Decisions(X)
	if err != nil {
		return err
	}
	count := classCounts(class, 2)
	t, most, side := 0.0, 1, "above"
	if count[1] < count[0] {
		most, side = 0, "below"
	}
	for _, d := range D {
		if most == 1 { // class 1 wherever f > t
			t = min(t, d[0]-1)
		} else {
			t = max(t, d[0]+1)
		}
	}
	m.Bias[0] -= t
	if cal := m.Calibration; cal != nil {
		for c, a := range cal.A {
			cal.B[c] += a[0] * t
		}
	}
	tr := &m.Training
	tr.LOOError = float64(slices.Min(count)) / float64(len(class))
	tr.CVError = tr.LOOError
	tr.Chose += fmt.Sprintf("; it answers %q wherever the log-odds of %q are %s %.3g (at every training point), as its out-of-fold labels made more mistakes than always answering %q (the most frequent class); its probabilities are unchanged",
		m.Classes[most], m.Classes[1], side, t, m.Classes[most])
	return nil
}
