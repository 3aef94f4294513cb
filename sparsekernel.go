// Package sparsekernel builds small radial basis function (RBF) classifiers and regressors
// automatically: orthogonal forward selection picks a handful of Gaussian nodes by their
// analytic leave-one-out (LOO) statistics, so the model size and the kernel width come from
// the data, without a cross-validation grid.
//
// Fit is the one call most users need:
//
//	m, err := sparsekernel.Fit(X, y, sparsekernel.Options{Method: sparsekernel.LOOMI})
//	label := m.Label(m.Decision(x))
//
// The methods are those of SPEC sections 3-5: ROLS-LOO and LOOMI (fixed nodes on training
// points); the tunable-node and LS-SVM methods follow.
package sparsekernel

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/lssvm"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/ofs"
	"github.com/sparsekernel/sparsekernel/optim"
)

// The method names accepted by Options.Method.
const (
	ROLS  = "rols"  // ROLS-LOO (SPEC 3.1)
	LOOMI = "loomi" // LOOMI (SPEC 3.2)
	PSO   = "pso"   // tunable nodes found by particle swarm optimisation (SPEC 4.2)
	RWBS  = "rwbs"  // tunable nodes found by repeated weighted boosting search (SPEC 4.1)
	LROLS = "lrols" // LROLS-LOO on fixed nodes (SPEC 4, regression)
	LSSVM = "lssvm" // LS-SVM tuned on its exact LOO error (SPEC 5)
)

// Method describes one of the methods Fit implements.
type Method struct {
	Name           string
	Classification bool // it trains classifiers
	Regression     bool // it trains regressors
	Description    string
}

// Methods lists the methods Fit implements.
var Methods = []Method{
	{LOOMI, true, false, "fixed Gaussian nodes, forward selection maximising the LOO mutual information"},
	{ROLS, true, false, "fixed Gaussian nodes, forward selection minimising the LOO misclassification rate"},
	{PSO, true, true, "tunable Gaussian nodes (centre and diagonal covariance) found one by one by particle swarm optimisation"},
	{RWBS, true, true, "tunable Gaussian nodes found one by one by repeated weighted boosting search"},
	{LROLS, false, true, "fixed Gaussian nodes, locally regularised forward selection minimising the LOO MSE"},
	{LSSVM, true, true, "least-squares SVM (every training point a node), gamma and width tuned on the exact LOO MSE by the colonial competitive algorithm"},
}

// MaxCandidates is the largest number of training points used as candidate centres by the
// fixed-node methods, and MaxPoolEntries bounds N times the number of candidates (the pool
// holds an N x L matrix, three times over). Larger training sets use a random subset of the
// training points (drawn from the seed) as candidates, which keeps memory and each stage's
// cost linear in N.
const (
	MaxCandidates  = 2000
	MaxPoolEntries = 1 << 24
)

// Options configures Fit. The zero value is a good start: LOOMI with the width chosen by the
// LOO criterion and the model size chosen by the method's stopping rule.
type Options struct {
	// Method is one of the names in Methods; "" means LOOMI.
	Method string
	// Task is the learning task; "" means classification.
	Task model.Task
	// Classes names the targets -1 and +1 of a classifier; zero value: "-1" and "1".
	Classes [2]string
	// Features names the inputs (optional, stored in the model).
	Features []string
	// Tau fixes the common width of the fixed-node Gaussians exp(-||z-c||^2/tau) in the
	// standardised input space; 0 means: choose it from ofs.DefaultTaus by the LOO criterion.
	Tau float64
	// MinTerms is a minimum model size for the fixed-node classifiers (paper 001 sets one for
	// banana and waveform); 0 means the method's default.
	MinTerms int
	// MaxTerms caps the model size; 0 means the method's default (100).
	MaxTerms int
	// PSO configures method pso; the zero value is paper 000's S = 10, I_max = 20.
	PSO optim.PSO
	// RWBS configures method rwbs; the zero value is Ps = 7, Ng = 11, Mi = 400 (SPEC 4.1).
	RWBS optim.RWBS
	// NoClip leaves a regressor's output unclipped; by default it is clipped to the range of
	// the training targets (model.Model.Range).
	NoClip bool
	// LSSVM configures method lssvm.
	LSSVM LSSVMOptions
	// Seed drives every random choice; the same seed gives the same model.
	Seed uint64
	// Workers bounds the goroutines one fit uses; 0 means GOMAXPROCS. The model does not
	// depend on it.
	Workers int
}

// LSSVMOptions configures the LS-SVM (SPEC 5). The zero value tunes a Gaussian LS-SVM with
// the colonial competitive algorithm.
type LSSVMOptions struct {
	// Kernel is "gaussian" (exp(-||z-x||^2/(2 sigma^2))) or "wavelet"; "" means "gaussian".
	Kernel string
	// Tuner is "cca" (the colonial competitive algorithm, paper 004), "sa" (simulated
	// annealing, the paper's baseline) or "none" (use Gamma and Width); "" means "cca".
	Tuner string
	// Gamma and Width (sigma, or the wavelet's a) are the hyperparameters for Tuner "none".
	Gamma, Width float64
	// Evaluations is the budget of Tuner "sa"; 0 means as many as a CCA run on the same
	// data uses (the paper's protocol: CCA runs first to set the budget).
	Evaluations int
	// CCA configures the colonial competitive algorithm; the zero value is paper 004's.
	CCA optim.CCA
}

// Errors that callers may branch on.
var (
	ErrOneClass          = errors.New("the training data hold only one class")
	ErrDimensionMismatch = errors.New("inputs have different numbers of values")
	ErrUnknownMethod     = errors.New("unknown method")
	ErrTask              = errors.New("method does not support this task")
)

// Fit trains a model on raw inputs X (one row per sample) and targets y: -1/+1 for
// classification, real values for regression. Inputs are standardised on X and the scaling
// is stored in the model.
func Fit(X [][]float64, y []float64, opt Options) (*model.Model, error) {
	start := time.Now()
	if opt.Method == "" {
		opt.Method = LOOMI
	}
	if opt.Task == "" {
		opt.Task = model.Classification
	}
	if err := checkData(X, y, opt.Task); err != nil {
		return nil, err
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	scaler := dataset.FitScaler(X)
	Z := scaler.Transform(X)
	m := &model.Model{
		Task:     opt.Task,
		Method:   opt.Method,
		Kernel:   model.KernelGaussian,
		Inputs:   len(X[0]),
		Features: slices.Clone(opt.Features),
		Scaling:  model.Scaling{Mean: scaler.Mean, Std: scaler.Std},
	}
	if opt.Task == model.Classification {
		m.Classes = []string{"-1", "1"}
		if opt.Classes != [2]string{} {
			m.Classes = []string{opt.Classes[0], opt.Classes[1]}
		}
	}
	var err error
	switch opt.Method {
	case ROLS, LOOMI, LROLS:
		err = fitFixed(m, Z, y, opt)
	case PSO, RWBS:
		err = fitTunable(m, Z, y, opt)
	case LSSVM:
		err = fitLSSVM(m, Z, y, opt)
	default:
		return nil, fmt.Errorf("%w %q", ErrUnknownMethod, opt.Method)
	}
	if err != nil {
		return nil, err
	}
	if opt.Task == model.Regression && !opt.NoClip {
		m.Range = []float64{slices.Min(y), slices.Max(y)}
	}
	m.Training.Samples = len(X)
	m.Training.Seed = opt.Seed
	m.Training.Seconds = time.Since(start).Seconds()
	return m, nil
}

// FitLabels is Fit for a classifier whose classes are given as text: any two distinct labels
// (see dataset.Binary for which becomes +1).
func FitLabels(X [][]float64, labels []string, opt Options) (*model.Model, error) {
	y, classes, err := dataset.Binary(labels)
	if err != nil {
		if errors.Is(err, dataset.ErrOneClass) {
			return nil, fmt.Errorf("%w: %v", ErrOneClass, err)
		}
		return nil, err
	}
	opt.Task = model.Classification
	opt.Classes = classes
	return Fit(X, y, opt)
}

func checkData(X [][]float64, y []float64, task model.Task) error {
	if len(X) == 0 {
		return errors.New("no training samples")
	}
	if len(X) != len(y) {
		return fmt.Errorf("%d input rows but %d targets", len(X), len(y))
	}
	m := len(X[0])
	if m == 0 {
		return errors.New("samples have no inputs")
	}
	for i, x := range X {
		if len(x) != m {
			return fmt.Errorf("%w: row %d has %d values, row 1 has %d", ErrDimensionMismatch, i+1, len(x), m)
		}
		for j, v := range x {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("row %d, input %d is %v", i+1, j+1, v)
			}
		}
	}
	switch task {
	case model.Classification:
		var pos, neg int
		for i, v := range y {
			switch v {
			case 1:
				pos++
			case -1:
				neg++
			default:
				return fmt.Errorf("target %d is %v: a classifier needs targets -1 and +1", i+1, v)
			}
		}
		if pos == 0 || neg == 0 {
			return ErrOneClass
		}
	case model.Regression:
		for i, v := range y {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("target %d is %v", i+1, v)
			}
		}
	default:
		return fmt.Errorf("unknown task %q", task)
	}
	return nil
}

// candidates returns the candidate centres of the fixed-node pool: every training point, or
// a seeded random subset (see MaxCandidates), in increasing order.
func candidates(n int, seed uint64) []int {
	l := min(MaxCandidates, max(100, MaxPoolEntries/n))
	if n <= l {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x63616e64))
	idx := rng.Perm(n)[:l]
	slices.Sort(idx)
	return idx
}

func fitFixed(m *model.Model, Z [][]float64, y []float64, opt Options) error {
	classify := opt.Task == model.Classification
	switch {
	case classify && opt.Method == LROLS:
		return fmt.Errorf("%w: lrols is for regression", ErrTask)
	case !classify && opt.Method != LROLS:
		return fmt.Errorf("%w: %s is for classification", ErrTask, opt.Method)
	}
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
	f := ofs.NewFixed(Z, y, candidates(len(Z), opt.Seed))
	f.Bias = !classify // regression targets need not have zero mean
	maxTerms := opt.MaxTerms
	if maxTerms <= 0 {
		maxTerms = 100
	}
	maxTerms = min(maxTerms, len(f.Centres))
	search := sel
	if opt.Method == LROLS && len(taus) > 1 {
		// Choose the width by one selection pass, then refine at that width only.
		search = ofs.LROLS{MaxTerms: opt.MaxTerms, Passes: 1}
	}
	res := f.Run(search, taus, maxTerms, opt.Workers)
	best := res[ofs.Best(res, classify)]
	for _, r := range res {
		m.Training.Evaluations += r.Evaluations
	}
	if opt.Method == LROLS && len(taus) > 1 {
		best = f.Run(sel, []float64{best.Tau}, maxTerms, opt.Workers)[0]
		m.Training.Evaluations += best.Evaluations
	}
	m.Nodes = make([]model.Node, len(best.Index))
	for i, c := range best.Index {
		m.Nodes[i] = model.Node{Centre: slices.Clone(f.Points[c]), Width: []float64{kernel.TauToVar(best.Tau)}}
	}
	m.Weights, m.Bias = [][]float64{best.Weights}, []float64{best.Bias}
	m.Training.Tau = best.Tau
	m.Training.Criterion = best.Criterion
	m.Training.LOOCurve = best.Curve
	m.Training.LOOError = looError(best.Stats, classify)
	m.Training.Lambdas = best.Lambdas
	m.Training.Stop = best.Stop
	return nil
}

func looError(st ofs.Stats, classify bool) float64 {
	if classify {
		return st.MR()
	}
	return st.MSE
}

func fitTunable(m *model.Model, Z [][]float64, y []float64, opt Options) error {
	classify := opt.Task == model.Classification
	t := ofs.Tunable{Classify: classify, Bias: !classify, MaxTerms: opt.MaxTerms, Seed: opt.Seed, Workers: opt.Workers}
	if opt.Method == PSO {
		t.Method = opt.PSO
	} else {
		t.Method = opt.RWBS
	}
	r, err := t.Build(Z, y)
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
		// Refine with LROLS-LOO over the constructed nodes' columns (SPEC 4), which may drop nodes.
		pool := ofs.NewPool(len(Z), len(nodes), len(nodes)+1)
		for c, nd := range nodes {
			col := pool.Column(c)
			for k, z := range Z {
				col[k] = kernel.Diag(z, nd.Centre, nd.Width)
			}
		}
		s := ofs.NewState(y, len(nodes)+1)
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
	m.Nodes, m.Weights, m.Bias = nodes, [][]float64{weights}, []float64{bias}
	m.Training.Lambdas = lambdas
	m.Training.LOOError = looError(st, classify)
	return nil
}

func fitLSSVM(m *model.Model, Z [][]float64, y []float64, opt Options) error {
	o := opt.LSSVM
	classify := opt.Task == model.Classification
	if o.Kernel == "" {
		o.Kernel = model.KernelGaussian
	}
	if o.Kernel != model.KernelGaussian && o.Kernel != model.KernelWavelet {
		return fmt.Errorf("lssvm: unknown kernel %q (want gaussian or wavelet)", o.Kernel)
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
				r, err := lssvm.Tune(Z, y, o.Kernel, classify, o.CCA, settings)
				if err != nil {
					return err
				}
				budget = r.Evaluations
			}
			method = optim.SA{Evaluations: budget}
		}
		r, err := lssvm.Tune(Z, y, o.Kernel, classify, method, settings)
		if err != nil {
			return err
		}
		gamma, width, evals = r.Gamma, r.Width, r.Evaluations
		mse, miss, tuned = r.MSE, r.Misclassified, true
	case "none":
		if !(o.Gamma > 0) || !(o.Width > 0) {
			return fmt.Errorf("lssvm: tuner none needs gamma > 0 and width > 0, have %v and %v", o.Gamma, o.Width)
		}
		gamma, width = o.Gamma, o.Width
	default:
		return fmt.Errorf("lssvm: unknown tuner %q (want cca, sa or none)", o.Tuner)
	}
	var k kernel.Kernel = kernel.Gaussian{Sigma: width}
	nodeWidth := width * width
	if o.Kernel == model.KernelWavelet {
		k, nodeWidth = kernel.Wavelet{A: width}, width
	}
	mach, err := lssvm.Fit(Z, y, k, gamma, classify)
	if err != nil {
		return err
	}
	if !tuned { // Tune reports the LOO error at its optimum; otherwise compute it once here
		if mse, miss, err = lssvm.LOO(Z, y, k, gamma); err != nil {
			return err
		}
	}
	m.Kernel = o.Kernel
	m.Nodes = make([]model.Node, len(Z))
	for i, z := range Z {
		m.Nodes[i] = model.Node{Centre: slices.Clone(z), Width: []float64{nodeWidth}}
	}
	m.Weights, m.Bias = [][]float64{mach.Coef}, []float64{mach.Bias}
	m.Training.Gamma, m.Training.Width = gamma, width
	m.Training.Evaluations = evals
	m.Training.Criterion = "loo-mse"
	m.Training.LOOError = mse
	if classify {
		m.Training.LOOError = float64(miss) / float64(len(Z))
	}
	m.Training.Stop = "hyperparameters: " + o.Tuner
	return nil
}
