package sparsekernel

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/internal/words"
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

	oof [][]float64 // method auto: each point's out-of-fold decisions (ofs.AutoResult.OOF)
	// candidates is the random candidates method auto draws (0: its default, which may start
	// again with more, ofs.Auto.Candidates); pool is the number its fit drew. A Huber refit
	// takes the squared-error fit's pool (robustFit): whether the function needs more
	// candidates does not depend on which targets are moved, and starting again in each of the
	// refits doubled their time.
	candidates, pool int
	// mapLogits are, for several classes, the cross-fitted logits of the map the model's
	// calibration chose on oof (foldCalibrationLogits; nil where there are none).
	mapLogits [][]float64
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
	c.powered, c.pw = Zp, model.Scaling{Mean: sc.Mean, Std: sc.Std, Power: pw, Fill: c.m.Scaling.Fill}
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
	c.oof, c.pool = r.OOF, r.Candidates
	chose := r.Chose
	if r.Alt {
		chose += c.powerKept()
	}
	if in := c.in; in != nil && in.resized[0] > 0 { // (resize's, which made it)
		chose += fmt.Sprintf("; the size rule's %d nodes cut to %d, "+model.ResizedChose, in.resized[0], in.resized[1])
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
	if err == nil {
		c.quadraticContender(r.Scale)
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
		Progress: opt.Progress, Context: opt.ctx, Candidates: c.candidates}
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
			t.LOOError, c.mapLogits = foldCalibrationLogits(m, oof, p.class, len(p.classes), "cv", c.opt.Workers, in)
		} else {
			foldCalibration(m, calib, p.class, len(p.classes), "loo", c.opt.Workers, nil)
			t.LOOError = oofError(oof, p.class) // the fold models' decisions, out of fold of the selection too
		}
	} else {
		t.LOOErrors = cvCurve
		t.LOOError = cvCurve[chosen-1]
		if held := outputOf(oof); held != nil { // the final model's: refined, or a contender's
			t.LOOError = meanSquared(residuals(p.y, held))
		}
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
		c.in = &inputsMap{Z: c.Z, se: max(preferSE[c.opt.Prefer], 0), budget: c.opt.MaxTerms}
	}
	return c.in
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
	taus := ofs.DefaultTaus(ofs.Varying(Z)) // (a constant input counts for nothing)
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
	if len(best.Index) == 0 {
		return fmt.Errorf("%w: %s built no node (at tau %.4g); try method auto", ErrNoSignal, opt.Method, best.Tau)
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
	if opt.Method == ROLS { // (its lambdas refitted by the evidence after the selection)
		t.LOOScope = "evidence"
	}
	t.Stop = best.Stop
	stop := "by the stopping rule"
	if best.Stop != "" {
		stop = "(" + best.Stop + ")"
	}
	t.Chose = fmt.Sprintf("tau %.4g by the LOO criterion over %s; %s %s", best.Tau, words.Count(len(taus), "width"), words.Count(len(best.Index), "node"), stop)
	if classify {
		plattFromLOO(m, best.LOO, p.class, "platt-loo")
	}
	return nil
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
		return singularError(err, gamma, width)
	}
	if !tuned { // Tune reports the LOO error at its optimum; otherwise compute it once here
		if mse, miss, err = lssvm.LOOK(Z, Y, k, gamma); err != nil {
			return singularError(err, gamma, width)
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
	if o.Tuner != "none" { // hyperparameters chosen by this LOO on every point: optimistic
		m.Training.LOOScope = "weights"
	} // (given ones: the exact LOO of the machine, scope "")
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
	switch {
	case errors.Is(err, optim.ErrSetting):
		return fmt.Errorf("%w: lssvm cca settings: %v", ErrOption, err)
	case errors.Is(err, lssvm.ErrSingular):
		return fmt.Errorf("%w: lssvm: %v", ErrNoSignal, err)
	}
	return err
}

// singularError names the LS-SVM hyperparameters whose system could not be solved on the data
// (a gamma so large that duplicated points make it singular, say) as a bad option.
func singularError(err error, gamma, width float64) error {
	if errors.Is(err, lssvm.ErrSingular) {
		return fmt.Errorf("%w: lssvm: gamma %g and width %g: %v on these data (duplicated points and a large gamma make it so; try a smaller gamma, or the tuner)", ErrOption, gamma, width, err)
	}
	return err
}

// beatsTrivial reports whether the out-of-fold decisions F (one output), Platt-calibrated,
// label at most as many points wrongly as the trivial rule (always the most frequent class);
// false if the calibration cannot be fitted or does not order the classes.
func beatsTrivial(F [][]float64, class []int) bool {
	a, b, ok := plattOf(F, class)
	if !ok {
		return false
	}
	wrong := 0
	for i, f := range F {
		if model.Class([]float64{a*f[0] + b}) != class[i] {
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
