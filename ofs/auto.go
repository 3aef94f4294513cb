package ofs

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/sparsekernel/sparsekernel/internal/folds"
	"github.com/sparsekernel/sparsekernel/internal/hugepage"
	"github.com/sparsekernel/sparsekernel/internal/paired"
	"github.com/sparsekernel/sparsekernel/internal/seeds"
	"github.com/sparsekernel/sparsekernel/internal/vecmath"
	"github.com/sparsekernel/sparsekernel/model"
	"gonum.org/v1/gonum/blas/blas64"
)

// Auto is the construction behind sparsekernel's default method: forward selection of
// Gaussian nodes with a bias term, for K outputs that share the nodes, where everything the
// papers leave to the user (the kernel width, how the inputs are weighted, the model size) is
// chosen by a cross-validation of the whole selection, which is honest where the LOO of a
// selected model is not (the LOO of the model that forward selection picked is biased low,
// the more so the more candidates it chose from).
//
// One selection path grows a model term by term, each term the candidate that most reduces
// the regularised residual sum of squares summed over the outputs (orthogonal least squares
// with a ridge lambda on the orthogonal weights). The candidates are up to Candidates random
// training points and the Prototypes of the data (for a large several-class problem, the
// classes' finer centroids instead where the first fold does better with them: raceFiner).
// Paths run on the folds of a stratified k-fold split, while the decisions on the held-out
// fold are tracked after every term in O(N_val n) (the held-out values of the n-th orthogonal
// column follow from its projections on the earlier ones): every configuration (input
// weighting x width) on the first fold, the leading third of them on the second (RaceFolds),
// and the Survivors best over those, with the best of each input weighting, on every fold.
// The configuration and size of least cross-validated squared error win; the size is then cut
// back to the smallest one whose error is not worse than the best by more than SE standard
// errors of the per-point difference (a paired test), and the model is refitted on all points
// with that size.
type Auto struct {
	// TauFactors are the widths tau of exp(-||z-c||^2/tau) tried, as multiples of the number
	// of inputs m; default 1/16, 1/8, ..., 16 (on standardised inputs the mean squared
	// distance between two points is 2m).
	TauFactors []float64
	// Extend is how many widths the race may add beyond each end of a grid of several widths:
	// while its best configuration has the smallest (largest) width raced, the width half
	// (twice) as large is raced too, with that configuration's weighting; default 4, negative
	// for none.
	Extend int
	// Lambda is the ridge regularisation of every orthogonal weight; default 0.1 for classes,
	// 0.01 for a regression.
	Lambda float64
	// Folds is the number of cross-validation folds; default 5.
	Folds int
	// MaxTerms caps the model size; default min(max(50, N/3, 25 C), 300) for C classes (C = 0
	// for a regression), and min(30 C, 780) with more than 12 classes: 25 nodes a class within
	// 300 nodes, or 30 a class up to 780. A path also stops when its candidates run out.
	MaxTerms int
	// Patience stops a path after this many terms without a lower held-out error; default 10,
	// and 30 for regression, whose held-out error falls in many small steps (30 terms was as
	// good as running every path to the cap on the regression sets measured, at 0.55 to 0.85
	// times the cost).
	Patience int
	// Candidates is the number of training points that are candidate centres; default 200,
	// and for three or more classes (one shared set of nodes draws every class boundary) 400
	// or 4/3 of MaxTerms if that is more, up to 2^25/N (the kernel matrices' memory). Left at
	// 0, a two-class fit whose first fold's path uses up the 200 starts again with as many as
	// several classes get (starved).
	Candidates int
	// NoPrototypes leaves the prototypes (centroids) out of the candidates.
	NoPrototypes bool
	// NoLinear leaves the linear candidates (linearDirections) out.
	NoLinear bool
	// Weighting lists the input weightings tried; default both WeightNone and WeightRelevance,
	// with WeightInteraction too where a product of two inputs explains more than
	// interactionLift of the targets' variance beyond their own relevance (interacting), and
	// WeightQuadratic alone for a classifier they leave near the trivial rule (Fit).
	Weighting []Weighting
	// SE is the size rule's tolerance in paired standard errors (0: the size of least error);
	// with three or more classes the held-out misclassifications must be within it of the
	// fewest too (fewerMisses); default 1. Negative means 0.
	SE float64
	// ByMisses, with three or more classes, chooses the size by the held-out misclassifications
	// alone: the smallest whose misclassifications are within SE paired standard errors of the
	// fewest (up to the size of least loss), the squared error not asked (smaller models, at
	// some cost in error; Options.Prefer "small").
	ByMisses bool
	// Resize, if set, may lower the size the size rule chose for several classes: given that
	// size and the out-of-fold decisions at any size up to it (decisions(s)[i] holds point i's
	// K decision values), it returns the size to build (at most size; 0 for no Gaussian node,
	// the bias alone, where the class map's terms of the inputs do as well). The root
	// package's class map on the decisions and the inputs can make a smaller kernel model as
	// accurate as the larger one (sparsekernel's resize).
	// Z is the inputs the model is built on (Fit's, or Alt).
	Resize func(Z [][]float64, size int, decisions func(s int) [][]float64) int
	// MaxSize, if positive, caps the size chosen (a node budget); above the default MaxTerms
	// it raises MaxTerms to itself (and the default Candidates to 4/3 of it, up to 2^25/N).
	MaxSize int
	// Loss is the held-out loss that chooses configuration and size; default LossMSE.
	Loss Loss
	// Seed drives the folds, the candidate subsets and the k-means starts.
	Seed uint64
	// Survivors is the number of configurations that go on to all folds after the first;
	// default 2, and 1 for a classifier whose held-out folds have at least 1,000 points. With
	// more than one, the best of each input weighting goes on too (leading).
	Survivors int
	// RaceCut makes the race on the first fold run in two rounds when the size cap is at least
	// 20 RaceCut: every configuration to 1/RaceCut of the cap, then those of the third (at
	// least Survivors; for a large classifier, which races on one fold, the two: bigKeep) of
	// least held-out loss so far whose paths reached it on to the cap, the others keeping
	// their first-round paths; default 8, negative for one round.
	RaceCut int
	// Refine says when the selected nodes' centres and widths are refined together (joint.go),
	// as far as the folds' held-out decisions support: by default (RefineLarge) for several
	// classes and regression from refinePoints points on.
	Refine Refinement
	// NoPrune keeps every node forward selection chose in the final model; by default their
	// weights are re-estimated by sparse Bayesian learning, which removes the nodes the data do
	// not support (evidencePrune).
	NoPrune bool
	// NoRVM keeps a two-class model that forward selection built: by default a relevance vector
	// machine on the fit's candidates is cross-validated beside it and replaces it where its
	// out-of-fold log-loss is clearly lower (rvm.go).
	NoRVM bool
	// NoLogistic keeps a two-class model whose pruning kept more than one node: by default the
	// logistic regression on the inputs is cross-validated beside it and replaces it where its
	// out-of-fold log-loss is about as low (logistic.go).
	NoLogistic bool
	// RaceFolds is the number of folds the race runs on before the survivors are chosen: the
	// first fold for every configuration, and with 2 the second fold for the leading third of
	// them (at least Survivors), ranked then by both; 1 for the first fold only (larger values
	// mean 2). The default is 2, and 1 for a classifier whose held-out folds have at least 1,000
	// points.
	RaceFolds int
	// Alt, if set, is another encoding of the same points' inputs (the root package's
	// power-transformed inputs): the chosen configuration runs on it too, and it replaces Z
	// if its held-out loss at its best size is lower by altSE paired standard errors
	// (AutoResult.Alt; raceAlt), on all folds, or on the first for a large classifier.
	Alt [][]float64
	// Workers bounds the goroutines; the result does not depend on it.
	Workers int
	// Progress, if set, is called after each unit of work of a stage with the number done and
	// the stage's total (from one goroutine at a time).
	Progress func(stage string, done, total int)

	inputs *foldInputs // set by Fit (unless set): each fold's input weights and linear candidates, computed once
	shares []float64   // set by fit: the interaction shares on all points, for the final model's WeightInteraction
	finer  bool        // set by fit: the candidates are the classes' finer centroids (raceFiner)
	roomy  bool        // set by Fit: a fit whose first fold runs out of candidates may start again with more (starved)
	cores  cores       // set by Fit: its Workers, shared between jobs and products
}

// foldInputs keeps, for one fit, what a fold's paths need of its training part beyond the
// kernel matrices: the input weights of a weighting, and the linear candidates and the
// candidate centres (random points and prototypes) in the weighted inputs. Several paths run
// on the same fold and weighting (the race's rounds, the width extension, the survivors, the
// joint refinement's fold models); they are the same every time.
type foldInputs struct {
	mu   sync.Mutex
	done map[[2]int]*foldInput
}

func newFoldInputs() *foldInputs { return &foldInputs{done: map[[2]int]*foldInput{}} }

// foldInput is the entry of one fold and weighting, filled once.
type foldInput struct {
	once  sync.Once
	scale []float64
	dirs  [][]float64
	pts   [][]float64
}

// trainingInputs returns the input weights of weighting w on fold f's training part (Ztr,
// Ytr, ctr; f = -1 for the final model on all points), and the linear candidates and the
// candidate centres there, in the weighted inputs; computed on the first call for (f, w).
func (a *Auto) trainingInputs(f int, w Weighting, Ztr, Ytr [][]float64, ctr []int) (scale []float64, dirs, pts [][]float64) {
	compute := func(in *foldInput) {
		var share []float64 // WeightInteraction's: the final model's computed by fit
		if w == WeightInteraction {
			if share = a.shares; f >= 0 || share == nil {
				share = interactionShares(Ztr, Ytr)
			}
		}
		in.scale = weights(Ztr, Ytr, ctr, w, share)
		in.dirs = a.directions(Ztr, in.scale, Ytr)
		in.pts = a.candidates(scaled(Ztr, in.scale), ctr, f)
	}
	if a.inputs == nil {
		var in foldInput
		compute(&in)
		return in.scale, in.dirs, in.pts
	}
	a.inputs.mu.Lock()
	key := [2]int{f, int(w)}
	in := a.inputs.done[key]
	if in == nil {
		in = &foldInput{}
		a.inputs.done[key] = in
	}
	a.inputs.mu.Unlock()
	in.once.Do(func() { compute(in) })
	return in.scale, in.dirs, in.pts
}

// Refinement says when Auto refines the selected nodes jointly.
type Refinement int

const (
	// RefineLarge refines several classes and regressions of refinePoints points or more
	// (classifiers whose held-out misclassifications are at least refineMisses of the points),
	// where it was measured better or equal on every set never used for development but one,
	// by a hundredth of its error (docs/ALGORITHMS.md, section 4.11), and where the time it adds
	// is small against what a grid search costs. Not two classes, whose final model the
	// Bernoulli evidence prunes: the refinement is chosen on the folds' squared-error models,
	// and on 5,000 noise-free points of Hastie et al.'s problem the pruned refined model kept 33
	// nodes at 0.96 % test error against 14 at 0.36 % unrefined. On smaller data it was a draw,
	// at up to twice the time of a fit on small two-dimensional sets.
	RefineLarge Refinement = iota
	// RefineAlways refines on data of any size.
	RefineAlways
	// RefineNever keeps the nodes as selected.
	RefineNever
)

// Loss is a held-out loss of a decision f_k for a target y_k (summed over the outputs).
type Loss int

const (
	// LossMSE is the squared error (y - f)^2.
	LossMSE Loss = iota
	// LossMiss is the misclassification of a point plus 1/100 of its squared error (the
	// error rate, ties broken by the squared error).
	LossMiss
)

// Weighting is a way of weighting the standardised inputs before the distances are taken.
type Weighting int

const (
	// WeightNone keeps the standardised inputs (an isotropic kernel).
	WeightNone Weighting = iota
	// WeightRelevance multiplies input j by its relevance r_j: for classes the absolute
	// correlation of the input with the targets (for K outputs, the root mean square over the
	// outputs of the correlations, akin to a correlation ratio for one-vs-rest classes), or for
	// an input of 3 to 10 levels the root mean square of the correlation ratios over its levels;
	// for a regression the square root of the binned correlation ratio (binnedRatio.of);
	// normalised to a mean square of 1 over the inputs and floored at 0.1. Inputs that carry no
	// signal then count less in the distance, which is what per-input widths would learn, at no
	// cost.
	WeightRelevance
	// WeightQuadratic is WeightRelevance with a classifier's continuous inputs (more than 10
	// levels) weighted by the R^2 of a quadratic in the input, r_j^2 = corr(z_j, y)^2 +
	// corr(q_j, y)^2 with q_j the input's square less its projection on (1, z_j): an input
	// whose classes differ in spread rather than in mean counts too.
	WeightQuadratic
	// WeightInteraction is WeightRelevance with each input's relevance raised to the share of
	// the targets' variance that its product with another input explains beyond both inputs'
	// linear terms, where that is significant (interactionShares): an input that matters only
	// together with another (sign(x1 x2)) is not floored.
	WeightInteraction
)

// String names the weighting as the Chose line does.
func (w Weighting) String() string {
	switch w {
	case WeightRelevance:
		return "relevance-weighted inputs"
	case WeightQuadratic:
		return "quadratic-relevance-weighted inputs"
	case WeightInteraction:
		return "interaction-relevance-weighted inputs"
	}
	return "standardised inputs"
}

// AutoResult is the model Auto chose.
type AutoResult struct {
	// Scale multiplies each standardised input before the kernel (all 1 for WeightNone).
	Scale     []float64
	Weighting Weighting
	// Tau is the chosen width; Centres are in the scaled input space, Vars the Gaussian nodes'
	// variances (tau/2, unless the joint refinement moved them; 0 for a linear node).
	Tau     float64
	Centres [][]float64
	Vars    []float64
	// Linear[i] says that node i is a linear node g(z) = Centres[i]'z (linearDirections)
	// rather than a Gaussian.
	Linear []bool
	// Weights[k][i] and Bias[k] are output k's weights.
	Weights [][]float64
	Bias    []float64
	// CVCurve[n-1] is the cross-validated mean squared error (summed over the outputs) of the
	// chosen configuration with n terms, and CVMiss[n-1] its misclassification rate
	// (classification only); Size is the number of terms kept.
	CVCurve []float64
	CVMiss  []float64
	Size    int
	// Selected is the number of nodes forward selection chose; Size is what the evidence
	// pruning kept of them.
	Selected int
	// OOF[i] holds the out-of-fold decision values of point i at the chosen size (for
	// calibration): each point is predicted by the model that did not see it. Calibrate, if
	// not nil, replaces them for calibration: the final model's own approximate leave-one-out
	// decisions, when its outputs are on another scale (the Bernoulli evidence's logits).
	OOF       [][]float64
	Calibrate [][]float64
	// Estimate, if not nil, holds the decisions of the first fold's model pruned as the final
	// model was (the Bernoulli evidence) at its held-out points EstimateRows, for the error
	// estimate: on large clean data that pruning makes the model far better than the
	// selection's (prunedFold).
	Estimate     [][]float64
	EstimateRows []int
	// Evaluations counts candidate evaluations over all paths.
	Evaluations int
	// Refined is the number of iterations of the joint refinement (joint.go), 0 if the nodes
	// were left as selected.
	Refined int
	// Chose says in words what was chosen.
	Chose string
	// Alt says that the model was built on Auto.Alt, the inputs' other encoding.
	Alt bool
	// Finer says that the candidates were the classes' finer centroids (raceFiner).
	Finer bool
	// Rescued says that the model is the fit with WeightQuadratic that Fit tried when the
	// default weightings explained too little (Auto.Fit).
	Rescued bool
	// starved, if positive, says that fit stopped after the first fold's race, whose leading
	// path ran out of its starvedFrom random candidates, and how many to fit with instead.
	starved, starvedFrom int
}

// ErrAutoData reports data Auto cannot work with.
var ErrAutoData = errors.New("ofs: auto: bad data")

// autoPaths holds the held-out errors of every path: loss[cfg][tau][n] summed over the folds
// and points, miss likewise (misclassified points), and each path's record by fold.
type autoPaths struct {
	loss, miss [][][]float64
	reached    [][]int           // the longest path of each configuration over the folds run
	recs       [][][]*pathRecord // recs[cfg][tau][fold], nil where not run
	folds      int
}

// newAutoPaths returns zero paths for nw weightings, nt widths and nf folds, sizes 0 to maxT.
func newAutoPaths(nw, nt, nf, maxT int) *autoPaths {
	p := &autoPaths{loss: make([][][]float64, nw), miss: make([][][]float64, nw), reached: make([][]int, nw),
		recs: make([][][]*pathRecord, nw), folds: nf}
	for range nt {
		p.addWidth(maxT)
	}
	return p
}

// addWidth appends a width not yet raced to every weighting's paths.
func (p *autoPaths) addWidth(maxT int) {
	for c := range p.loss {
		p.loss[c] = append(p.loss[c], make([]float64, maxT+1))
		p.miss[c] = append(p.miss[c], make([]float64, maxT+1))
		p.reached[c] = append(p.reached[c], 0)
		p.recs[c] = append(p.recs[c], make([]*pathRecord, p.folds))
	}
}

// forget drops the kept paths of the configurations not alive.
func (p *autoPaths) forget(alive [][]bool) {
	for c := range p.recs {
		for t := range p.recs[c] {
			if !alive[c][t] {
				clear(p.recs[c][t])
			}
		}
	}
}

// drop takes configuration (c, t) out of the race: its loss becomes +Inf at every size, so
// that ranked puts it last, and its kept paths are let go.
func (p *autoPaths) drop(c, t int) {
	for s := range p.loss[c][t] {
		p.loss[c][t][s] = math.Inf(1)
	}
	clear(p.recs[c][t])
}

// mask returns a weighting x width table, true where on(c, t) is (nil: nowhere).
func mask(nw, nt int, on func(c, t int) bool) [][]bool {
	m := make([][]bool, nw)
	for c := range m {
		m[c] = make([]bool, nt)
		for t := range m[c] {
			m[c][t] = on != nil && on(c, t)
		}
	}
	return m
}

// leading marks the first lead configurations of ranked (nw weightings x nt widths) and, with
// each, the best-ranked configuration of every weighting not among them; configurations out
// of the race (loss +Inf) are never marked. The input weightings are estimated on each fold's
// training part, and the relevance weights of inputs that matter only together (a xor) are
// noise that can favour them on one or two folds and fail on the others: with every
// weighting's best going on, the weighting is chosen on every fold.
func leading(ranked []config, nw, nt, lead int, each bool) [][]bool {
	m := mask(nw, nt, nil)
	seen := make([]bool, nw)
	for i, r := range ranked {
		if math.IsInf(r.v, 1) || (i >= lead && (!each || seen[r.c])) {
			continue
		}
		m[r.c][r.t], seen[r.c] = true, true
	}
	return m
}

// config is a configuration (weighting c, width t) and its least held-out loss v.
type config struct {
	c, t int
	v    float64
}

// ranked returns every configuration by its least held-out loss over sizes 1 to limit,
// least first (ties in order of weighting, then width).
func (p autoPaths) ranked(limit int) []config {
	var r []config
	for c := range p.loss {
		for t := range p.loss[c] {
			r = append(r, config{c, t, slices.Min(p.loss[c][t][1 : limit+1])})
		}
	}
	slices.SortStableFunc(r, func(x, y config) int { return cmpDesc(y.v, x.v) })
	return r
}

// Fit chooses and fits the model on standardised inputs Z (N x m) for the K target vectors Y
// (K x N). class, for a classifier, gives each point's class (0..C-1): it stratifies the folds
// and groups the prototypes, and the misclassification curve is measured (by sign with one
// output, by arg-max with several). class nil means regression.
//
// A classifier of the default weightings whose best configuration explains less than
// 1 - rescueShare of the targets' variance out of fold is fitted again with WeightQuadratic
// alone, which is kept if it explains more than that and at least twice what the first fit
// explained (AutoResult.Rescued): classes that differ in the spread of some inputs rather
// than in their means are invisible to the correlations of WeightRelevance.
func (a Auto) Fit(Z [][]float64, Y [][]float64, class []int) (*AutoResult, error) {
	rescue := a.Weighting == nil && class != nil && a.inputs == nil // (not Tuned's seed fit)
	res, err := a.fitRoomy(Z, Y, class)
	if err != nil || !rescue || slices.Min(res.CVCurve) <= rescueShare*trivialMSE(Y) {
		return res, err
	}
	b := a
	b.Weighting = []Weighting{WeightQuadratic}
	alt, err := b.fitRoomy(Z, Y, class)
	if err != nil {
		return res, nil
	}
	alt.Evaluations += res.Evaluations
	res.Evaluations = alt.Evaluations
	// Kept where it finds what the first fit missed: at least twice the variance explained.
	if t, v := trivialMSE(Y), slices.Min(alt.CVCurve); t-v < 2*(t-slices.Min(res.CVCurve)) || v > rescueShare*t {
		return res, nil
	}
	alt.Rescued = true
	alt.Chose += "; the quadratic relevance raced, as the other weightings explained under a tenth of the targets' variance"
	return alt, nil
}

// fitRoomy is fit, run again with more random candidates where the first fold's leading
// path used up those of the default while its held-out loss still fell (starved).
func (a Auto) fitRoomy(Z [][]float64, Y [][]float64, class []int) (*AutoResult, error) {
	a.roomy = a.Candidates == 0 && a.inputs == nil
	res, err := a.fit(Z, Y, class)
	if err != nil || res.starved == 0 {
		return res, err
	}
	b := a
	b.roomy, b.Candidates = false, res.starved
	if progress := a.Progress; progress != nil { // (the stages start again: say why)
		again := fmt.Sprintf(" (again, with %d candidates)", b.Candidates)
		b.Progress = func(stage string, done, total int) { progress(stage+again, done, total) }
	}
	more, err := b.fit(Z, Y, class)
	if err != nil {
		return nil, err
	}
	more.Evaluations += res.Evaluations
	more.Chose += fmt.Sprintf("; %d random candidates, as the first fold's best path used the default's %d with its held-out error still falling", b.Candidates, res.starvedFrom)
	return more, nil
}

// starved returns how many random candidates a two-class fit on n points should have where
// the leading configuration of the race (its first fold, or its first two) had its least
// held-out loss at a size of at least its random candidates less Patience (the loss was still
// falling when the path had about used them up: what remains are the prototypes and the
// candidates the selection passed over), and the size cap and the kernel matrices' memory
// bound leave room for a quarter more (room); else 0. On 50,000 points of 20 inputs, 8 of
// them carrying the signal in three clusters a class, the path used 230 of 232 candidates,
// and with 400 the test error went from 11.2 to 10.5 %. Regressions are left alone: on
// Friedman's functions (6,000 to 30,000 points) it fired on four realisations of six and the
// test MSE rose on three (by 0.04 to 1.5 %).
func (a *Auto) starved(paths *autoPaths, ranked []config, twoClass bool, n, limit int) int {
	if !twoClass || len(ranked) == 0 || math.IsInf(ranked[0].v, 1) {
		return 0
	}
	c, t := ranked[0].c, ranked[0].t
	reached, loss := min(paths.reached[c][t], limit), paths.loss[c][t]
	best := 1
	for s := 2; s <= reached; s++ {
		if loss[s] < loss[best] {
			best = s
		}
	}
	if best < a.Candidates-a.Patience {
		return 0
	}
	return a.moreRoom(n)
}

// altSE is the margin, in paired standard errors of the per-point held-out losses, by which
// Auto.Alt must do better than the inputs as given.
const altSE = 2

// rescueShare is the share of the targets' variance above which a classifier's best
// cross-validated squared error calls for WeightQuadratic (Auto.Fit).
const rescueShare = 0.9

// trivialMSE returns the mean squared error of the targets' means, summed over the outputs.
func trivialMSE(Y [][]float64) float64 {
	var t float64
	for _, y := range Y {
		m := sum(y) / float64(len(y))
		for _, v := range y {
			t += (v - m) * (v - m) / float64(len(y))
		}
	}
	return t
}

// fit is Fit without the rescue.
func (a Auto) fit(Z [][]float64, Y [][]float64, class []int) (*AutoResult, error) {
	n := len(Z)
	if n < 2 || len(Y) == 0 || len(Y[0]) != n || (class != nil && len(class) != n) {
		return nil, fmt.Errorf("%w: %d points, %d outputs", ErrAutoData, n, len(Y))
	}
	auto := a.Weighting == nil
	a.defaults(n, classCount(class))
	lift := 0.0 // the largest lift of an input's relevance by its products with the others
	if auto {
		if a.shares, lift = interacting(Z, Y, class); lift > interactionLift {
			a.Weighting = append(a.Weighting, WeightInteraction)
		}
	}
	if a.inputs == nil { // (Tuned passes its own, to reuse the folds' weights)
		a.inputs = newFoldInputs()
	}
	a.cores = newCores(a.Workers)
	m := len(Z[0])
	// Linear candidates for every fold or for none: the folds must try the final model's
	// candidates (a fold's fewer points can fit within the budget that all points exceed, and
	// the folds then chose a linear node the final model could not have).
	a.NoLinear = a.NoLinear || !linearAffordable(n, m)
	folds := a.folds(n, class)
	nf := 0
	for _, f := range folds {
		nf = max(nf, f+1)
	}
	taus := make([]float64, len(a.TauFactors))
	for i, f := range a.TauFactors {
		taus[i] = f * float64(m)
	}
	maxT := a.MaxTerms

	// Pass 1, a race: every configuration (weighting x width) on the first fold, the leading
	// third on the second; the Survivors of least held-out error go on to the other folds.
	paths := newAutoPaths(len(a.Weighting), len(taus), nf, maxT)
	limit := maxT
	if a.MaxSize > 0 {
		limit = min(limit, a.MaxSize)
	}
	res := &AutoResult{}
	taus, ranked := a.raceFirstFold(Z, Y, class, folds, taus, maxT, limit, paths, &res.Evaluations)
	if a.roomy {
		if more := a.starved(paths, ranked, class != nil && len(Y) == 1, n, limit); more > 0 {
			res.starved, res.starvedFrom = more, a.Candidates
			return res, nil
		}
	}
	alive := leading(ranked, len(a.Weighting), len(taus), a.Survivors, a.Survivors > 1)
	paths.forget(alive)
	// A large classifier keeps one configuration after the first fold: Alt is decided there,
	// before the other folds run (raceAlt).
	early := a.Alt != nil && a.Survivors == 1 && a.RaceFolds == 1 && !math.IsInf(ranked[0].v, 1)
	if early {
		c, t := ranked[0].c, ranked[0].t
		if alt := a.raceAlt(Y, class, folds, taus, maxT, limit, c, t, paths, nil, true, &res.Evaluations); alt != nil {
			Z, a.inputs, paths, t = a.Alt, alt.inputs, alt.paths, alt.t
			alive = mask(len(a.Weighting), len(taus), func(i, j int) bool { return i == c && j == t })
			res.Alt = true
		}
		// Several classes: the classes' finer centroids as candidates, on the inputs kept.
		if len(Y) > 1 && !a.NoPrototypes {
			if fr := a.raceFiner(Z, Y, class, folds, taus, maxT, limit, c, t, paths, &res.Evaluations); fr != nil {
				a.inputs, paths, a.finer, res.Finer = fr.inputs, fr.paths, true, true
			}
		}
	}
	var rest []int
	for f := min(a.RaceFolds, nf); f < nf; f++ {
		rest = append(rest, f)
	}
	a.race("survivors", Z, Y, class, folds, rest, taus, maxT, alive, paths, &res.Evaluations)
	bc, bt, bs := 0, 0, 1
	best := math.Inf(1)
	for c := range a.Weighting {
		for t := range taus {
			if !alive[c][t] {
				continue
			}
			for s := 1; s <= limit; s++ {
				if v := paths.loss[c][t][s]; v < best {
					best, bc, bt, bs = v, c, t, s
				}
			}
		}
	}

	// Pass 2: every point's held-out loss at every size of the chosen configuration, for the
	// paired size rule (replayChosen).
	rp := a.replayChosen(paths, bc, bt, bs, folds, Y, class)
	if a.Alt != nil && !early {
		if alt := a.raceAlt(Y, class, folds, taus, maxT, limit, bc, bt, paths, rp.point[bs], false, &res.Evaluations); alt != nil {
			Z, a.inputs, paths, bt, bs, rp = a.Alt, alt.inputs, alt.paths, alt.t, alt.bs, alt.rp
			res.Alt = true
		}
	}
	point, wrong, reached, heldRows, held := rp.point, rp.wrong, rp.reached, rp.heldRows, rp.held
	size := bs
	switch {
	case a.ByMisses && len(Y) > 1 && class != nil:
		size = byMisses(wrong, bs, a.SE)
	case a.SE > 0:
		size = smallestWithin(point, bs, a.SE)
		if len(Y) > 1 { // several classes
			size = fewerMisses(point, wrong, size, bs, a.SE)
		}
	}
	var ahead chan *finalPath // the final selection, run beside the size cut (finalPath)
	if a.Resize != nil && len(Y) > 1 && class != nil && size > 1 {
		if cap(a.cores) > 1 {
			ahead = make(chan *finalPath, 1)
			go func(w Weighting, tau float64, size int) { ahead <- a.finalPath(Z, Y, class, w, tau, size) }(a.Weighting[bc], taus[bt], size)
		}
		size = min(max(a.Resize(Z, size, func(s int) [][]float64 { return outOfFold(held, heldRows, reached, s, n, len(Y)) }), 0), size)
	}
	res.CVCurve = make([]float64, maxT)
	for s := 1; s <= maxT; s++ {
		res.CVCurve[s-1] = paths.loss[bc][bt][s] / float64(n)
	}
	if class != nil {
		res.CVMiss = make([]float64, maxT)
		for s := 1; s <= maxT; s++ {
			res.CVMiss[s-1] = paths.miss[bc][bt][s] / float64(n)
		}
	}
	// Pass 3: out-of-fold decisions at the chosen size (or where a fold's path stopped).
	res.OOF = outOfFold(held, heldRows, reached, size, n, len(Y))

	// Pass 4: the joint refinement of the nodes (joint.go), as many iterations as the folds'
	// held-out decisions support (none, as a rule, where it does not pay).
	w := a.Weighting[bc]
	iters, refined, selectedOOF := 0, "", res.OOF
	if size > 0 && a.refines(class, len(Y), wrong[size]) {
		var oof [][]float64
		if iters, oof, refined = a.jointFolds(Z, Y, class, folds, w, taus[bt], size, held, reached, point[size], wrong[size]); iters > 0 {
			res.OOF = oof
		}
	}

	// The final model on all points.
	var fp *finalPath
	if ahead != nil {
		fp = <-ahead
	} else {
		fp = a.finalPath(Z, Y, class, w, taus[bt], size)
	}
	scale, dirs, pts, Zs := fp.scale, fp.dirs, fp.pts, fp.Zs
	cols := fp.take(size, res) // the chosen candidates' kernel columns, for the evidence
	res.Scale, res.Weighting, res.Tau = scale, w, taus[bt]
	kept := refined
	if iters > 0 {
		var ok bool
		if cols, ok = a.jointFinal(Zs, Y, res, cols, iters); !ok { // (not finite: never seen)
			iters, res.OOF, kept = 0, selectedOOF, ", not refined (the refined model was not finite)"
		}
	}
	var final evidenceFit // the final model's pruning, if it was pruned
	if !a.NoPrune && len(cols) > 0 {
		nodes, inputs := len(cols), a.linearInputs(n, m, len(Y), class, iters)
		if inputs > 0 {
			cols = append(cols, inputColumns(Zs)...)
		}
		if ev := prune(cols, Y, class, a.SE, a.Workers, inputs); ev.ok {
			final = ev
			res.keepPruned(ev, nodes, m)
			res.Calibrate = rows(ev.loo)
			kept += fmt.Sprintf(", %d kept by the %s evidence", len(res.Centres), ev.likelihood)
		}
	}
	// The selection's fold models pruned as the final model was (computed once, where asked):
	// for the contenders' second comparisons and, on large data (one fold of bigFold points
	// measures it), the error estimate of a Bernoulli pruning.
	gaussian, only := final.likelihood == "Gaussian", -1
	if n/nf >= bigFold {
		only = 0
	}
	pruned := sync.OnceValues(func() ([]float64, []int) {
		return a.prunedOOF(Z, Y, class, folds, w, taus[bt], size, held, reached, gaussian, only)
	})
	if final.likelihood == "Bernoulli" && iters == 0 && only >= 0 {
		if d, va := pruned(); d != nil {
			res.Estimate, res.EstimateRows = rows(pick(d, va)), va
		}
	}
	// The linear contender, where it makes the model smaller.
	linear := false // it is the model
	if final.ok && !a.NoLogistic && iters == 0 && len(res.Centres) > 1 {
		if oof := a.linearContender(Z, Y, class, folds, w, taus[bt], res.OOF, final, pruned); oof != nil {
			if res.linearFinal(Zs, Y, oof, a.Workers) {
				linear = true
				kept += linearChose
			}
		}
	}
	if !a.NoPrune && !a.NoRVM && iters == 0 && len(Y) == 1 && class != nil && len(cols) > 0 {
		if rv := a.rvmContender(Z, Y, class, folds, w, taus[bt], res.OOF); rv != nil && (linear || rv.beatsPruned(final, pruned)) {
			if l := a.rvmFinal(res, Zs, Y, pts, dirs, rv.tau, rv.oof); l > 0 {
				linear = false
				kept += fmt.Sprintf("; "+model.RVMChose+" at tau %.3g: %d nodes of %d candidates, its cross-validated log-loss lower by %.1f standard errors",
					rv.tau, len(res.Centres), l, rv.margin)
			}
		}
	}
	if res.Weights == nil { // not pruned: forward selection's weights
		all := fp.s.PrefixWeightsK(fp.s.Forced() + res.Selected)
		res.Weights = make([][]float64, len(Y))
		res.Bias = make([]float64, len(Y))
		for k := range all {
			res.Bias[k] = all[k][0]
			res.Weights[k] = all[k][1:]
		}
	}
	res.Size, res.Refined = len(res.Centres), iters
	if slices.Contains(res.Linear, true) && !linear { // (one output: one direction at most)
		kept += ", one of them linear"
	}
	res.Chose = fmt.Sprintf("%s, tau %.3g (%g m), %d of %d nodes%s (cross-validated over %d widths x %d weightings, %d folds)",
		w, taus[bt], taus[bt]/float64(m), res.Selected, bs, kept, len(taus), len(a.Weighting), nf)
	if res.Finer {
		res.Chose += "; the classes' finer centroids as candidates, as the first fold did better with them"
	}
	if lift > interactionLift {
		res.Chose += fmt.Sprintf("; the interaction relevance raced, as a product of two inputs explains %.0f%% of the targets' variance beyond their own relevance", 100*lift)
	}
	return res, nil
}

// linearInputs returns how many of the inputs' linear terms (m or none) the final model's
// evidence pruning of a fit on n points sees beside the selected nodes, one column per input sharing one precision (a ridge on the
// linear part, sharedPrecision), folded after it into the model's one linear node
// (keepPruned): for two classes (one output) whose nodes were not refined, with linear nodes
// allowed and at least four points an input (as the map's linear terms ask, formSet). The
// selection's linear node is the ridge direction of the +-1 codes; the Bernoulli evidence then
// fits the linear part on the logit scale, where the classes' boundary is.
func (a *Auto) linearInputs(n, m, outputs int, class []int, iters int) int {
	if outputs == 1 && class != nil && iters == 0 && !a.NoLinear && 4*m <= n {
		return m
	}
	return 0
}

// inputColumns returns the inputs' linear terms on the points Zs: column j holds input j.
func inputColumns(Zs [][]float64) [][]float64 {
	cols := make([][]float64, len(Zs[0]))
	for j := range cols {
		cols[j] = make([]float64, len(Zs))
		for i, z := range Zs {
			cols[j][i] = z[j]
		}
	}
	return cols
}

// keepPruned sets the model to the columns the evidence kept (ev) of its nodes node columns,
// followed by the m inputs' linear terms (linearInputs) if the pruning saw them. Where it
// kept any of those terms, they and the model's linear node are folded into one linear node
// of weight 1 (one output): its direction is the sum of their directions (input j's is the
// unit vector e_j) times their weights, so the model's decisions are the same.
func (res *AutoResult) keepPruned(ev evidenceFit, nodes, m int) {
	res.Bias = ev.bias
	if len(ev.keep) == 0 || ev.keep[len(ev.keep)-1] < nodes { // no input's term kept
		res.Centres, res.Linear, res.Vars, res.Weights = subset(res.Centres, ev.keep), subset(res.Linear, ev.keep), subset(res.Vars, ev.keep), ev.w
		return
	}
	dir := make([]float64, m)
	var keep []int
	var w []float64
	for x, c := range ev.keep {
		switch {
		case c >= nodes:
			dir[c-nodes] += ev.w[0][x]
		case res.Linear[c]:
			for j, v := range res.Centres[c] {
				dir[j] += ev.w[0][x] * v
			}
		default:
			keep = append(keep, c)
			w = append(w, ev.w[0][x])
		}
	}
	res.Centres, res.Linear, res.Vars = subset(res.Centres, keep), subset(res.Linear, keep), subset(res.Vars, keep)
	res.Centres, res.Linear, res.Vars = append(res.Centres, dir), append(res.Linear, true), append(res.Vars, 0)
	res.Weights = [][]float64{append(w, 1)}
}

// replayed is the chosen configuration's paths replayed on their held-out points.
type replayed struct {
	point, wrong [][]float64 // point[s][i], wrong[s][i]: point i's held-out loss, and 1 if misclassified, at size s
	reached      []int       // the size each fold's path reached (a path may run out of candidates)
	heldRows     [][]int     // each fold's held-out points
	held         []heldPath
}

// replayChosen returns every point's held-out loss at every size up to bs of configuration
// (c, t), replayed from each fold's path (the held-out values of its orthogonal columns and
// their weights, from which the out-of-fold decisions at the size chosen follow too). Every
// fold has one: the chosen configuration ran on the first fold (the race), on the second
// (secondFold) and, as a survivor, on the others. A path that patience stopped before bs
// keeps its last model for the larger sizes, as it does in the race's sums that chose bs.
func (a *Auto) replayChosen(paths *autoPaths, c, t, bs int, folds []int, Y [][]float64, class []int) replayed {
	n, nf := len(folds), paths.folds
	rp := replayed{point: make([][]float64, bs+1), wrong: make([][]float64, bs+1),
		reached: make([]int, nf), heldRows: make([][]int, nf), held: make([]heldPath, nf)}
	for s := range rp.point {
		rp.point[s] = make([]float64, n)
		rp.wrong[s] = make([]float64, n)
	}
	a.parallel("size", nf, func(f int) { // (each fold writes its own points' entries)
		rec := paths.recs[c][t][f]
		_, va := foldRows(folds, f)
		_, yva, cva := pickRows(nil, Y, class, va)
		rp.heldRows[f], rp.held[f] = va, rec.held
		rec.held.replay(bs, yva, cva, a.Loss, func(s int, h *holdout) {
			rp.reached[f] = s
			for v, i := range va {
				rp.point[s][i] = h.loss[v]
				if class != nil && predicted(h.f, v) != class[i] {
					rp.wrong[s][i] = 1
				}
			}
		})
	})
	for f, rows := range rp.heldRows { // a path that stopped keeps its last model
		for s := rp.reached[f] + 1; s <= bs; s++ {
			for _, i := range rows {
				rp.point[s][i], rp.wrong[s][i] = rp.point[rp.reached[f]][i], rp.wrong[rp.reached[f]][i]
			}
		}
	}
	return rp
}

// altRun is the chosen configuration run on Auto.Alt.
type altRun struct {
	inputs *foldInputs
	paths  *autoPaths
	t, bs  int // the width and the size of least held-out loss on Alt
	rp     replayed
}

// raceAlt runs weighting c on the inputs Auto.Alt, first on the first fold, and returns its
// paths where it does better than configuration (c, t) on Z (raw holds its paths) by altSE
// paired standard errors of the per-point held-out losses (capped: altLosses), each at its
// best size; nil otherwise, or for a weighting computed from all points (WeightInteraction).
// On Alt the width is chosen again on the first fold among t and its neighbours in the grid
// (half and twice as wide), as the encoding moves the points' distances.
//
// With early set (a large classifier, whose race keeps one configuration after the first
// fold), width t alone runs, the first fold's held-out points decide and the other folds are
// left to run on the inputs kept. Otherwise the other folds run too if the least held-out loss
// on the first fold is below Z's there, and all points decide, against ref (the per-point
// losses of the model chosen on Z, at its size).
func (a *Auto) raceAlt(Y [][]float64, class, folds []int, taus []float64, maxT, limit, c, t int, raw *autoPaths, ref []float64, early bool, evals *int) *altRun {
	if a.Weighting[c] == WeightInteraction {
		return nil
	}
	b := *a
	b.inputs = newFoldInputs()
	paths := newAutoPaths(len(a.Weighting), len(taus), raw.folds, maxT)
	least := func(loss []float64) float64 { _, v := leastSize(loss, limit); return v }
	near := 1 // the widths tried: t and its neighbours
	if early {
		near = 0
	}
	b.race("power", a.Alt, Y, class, folds, []int{0}, taus, maxT, mask(len(a.Weighting), len(taus), func(i, j int) bool { return i == c && j >= t-near && j <= t+near }), paths, evals)
	ta := t // the width on Alt
	for j := max(t-near, 0); j <= min(t+near, len(taus)-1); j++ {
		if least(paths.recs[c][j][0].loss) < least(paths.recs[c][ta][0].loss) {
			ta = j
		}
	}
	if early {
		if !a.firstFoldBetter(raw.recs[c][t][0], paths.recs[c][ta][0], limit, folds, Y, class) {
			return nil
		}
		return &altRun{inputs: b.inputs, paths: paths, t: ta}
	}
	if least(paths.recs[c][ta][0].loss) >= least(raw.recs[c][t][0].loss) {
		return nil
	}
	rest := make([]int, raw.folds-1)
	for f := range rest {
		rest[f] = f + 1
	}
	b.race("power", a.Alt, Y, class, folds, rest, taus, maxT, mask(len(a.Weighting), len(taus), func(i, j int) bool { return i == c && j == ta }), paths, evals)
	bs, _ := leastSize(paths.loss[c][ta], limit)
	rp := b.replayChosen(paths, c, ta, bs, folds, Y, class)
	if paired.Within(altLosses(ref, class, len(Y)), altLosses(rp.point[bs], class, len(Y)), altSE) {
		return nil
	}
	return &altRun{inputs: b.inputs, paths: paths, t: ta, bs: bs, rp: rp}
}

// raceFiner runs configuration (c, t) of a large several-class classifier on the first fold
// again with the classes' finer centroids as candidates (k-means clusterings of each class up
// to k = finerLevels, random points only filling the candidates' budget beyond them), and
// returns its inputs and paths if its held-out loss at its best size is lower than that of
// the candidates as given (raw's first-fold path) by altSE paired standard errors; nil
// otherwise. One shared set of nodes for many classes is short of capacity, and where a
// class is spread over many modes its centroids serve it better than random points (letter,
// 26 classes, development splits: 6.97 -> 5.34 % test error with 600 nodes either way), but
// not where a class is a few blobs whose boundaries the random points cover (15 classes of 4
// Gaussian blobs each, always on to k = 16: 6.32 -> 7.58 %): the first fold decides.
func (a *Auto) raceFiner(Z, Y [][]float64, class, folds []int, taus []float64, maxT, limit, c, t int, raw *autoPaths, evals *int) *altRun {
	b := *a
	b.inputs, b.finer = newFoldInputs(), true
	paths := newAutoPaths(len(a.Weighting), len(taus), raw.folds, maxT)
	b.race("centroids", Z, Y, class, folds, []int{0}, taus, maxT, mask(len(a.Weighting), len(taus), func(i, j int) bool { return i == c && j == t }), paths, evals)
	if !a.firstFoldBetter(raw.recs[c][t][0], paths.recs[c][t][0], limit, folds, Y, class) {
		return nil
	}
	return &altRun{inputs: b.inputs, paths: paths, t: t}
}

// firstFoldBetter reports whether the path alt on the first fold has held-out losses at its
// best size lower than those of the path given at its own by altSE paired standard errors
// (capped: altLosses), the test of a large classifier's alternatives (raceAlt, raceFiner).
func (a *Auto) firstFoldBetter(given, alt *pathRecord, limit int, folds []int, Y [][]float64, class []int) bool {
	g, l := a.foldLosses(given, limit, folds, Y, class), a.foldLosses(alt, limit, folds, Y, class)
	return !paired.Within(altLosses(g, class, len(Y)), altLosses(l, class, len(Y)), altSE)
}

// leastSize returns the size in 1 to limit (or the path's length) of least held-out loss of
// a path's losses by size (the first of equal ones), and that loss; 0 and +Inf for a path of
// no term.
func leastSize(loss []float64, limit int) (int, float64) {
	s, v := 0, math.Inf(1)
	for t := 1; t <= min(limit, len(loss)-1); t++ {
		if loss[t] < v {
			s, v = t, loss[t]
		}
	}
	return s, v
}

// altLosses returns the per-point losses raceAlt compares: a classifier's, of K outputs,
// capped at 4 K, the loss of the opposite codes, so that a few points far outside the training
// inputs' range, whose decisions a model on the given inputs extrapolates wildly, do not
// swamp the paired test with their variance (a regression's losses as they are).
func altLosses(loss []float64, class []int, K int) []float64 {
	if class == nil {
		return loss
	}
	out := make([]float64, len(loss))
	for i, v := range loss {
		out[i] = min(v, 4*float64(K))
	}
	return out
}

// foldLosses returns the held-out losses of the first fold's points under the model of rec,
// a path on it, at the path's size of least held-out loss (up to limit).
func (a *Auto) foldLosses(rec *pathRecord, limit int, folds []int, Y [][]float64, class []int) []float64 {
	bs, _ := leastSize(rec.loss, limit)
	_, va := foldRows(folds, 0)
	_, yva, cva := pickRows(nil, Y, class, va)
	loss := make([]float64, len(va))
	rec.held.replay(bs, yva, cva, a.Loss, func(s int, h *holdout) { copy(loss, h.loss) })
	return loss
}

// outOfFold returns every point's K out-of-fold decisions at size s (or where its fold's
// path stopped, reached), replayed from the folds' held paths; rows[f] are fold f's held-out
// points.
func outOfFold(held []heldPath, rows [][]int, reached []int, s, n, K int) [][]float64 {
	oof := make([][]float64, n)
	for f, rs := range rows {
		fv := held[f].decisions(min(s, reached[f]))
		for v, i := range rs {
			oof[i] = make([]float64, K)
			for k := range fv {
				oof[i][k] = fv[k][v]
			}
		}
	}
	return oof
}

// bigKeep is how many configurations of a large classifier (RaceFolds 1) go on from the first
// round of the first-fold race to the cap. On 6,000 to 16,000 points the first round's
// ranking holds: keeping the leading two rather than a third of them gave the same models on
// letter and six large sets never used before, better ones on two (10,000 points of Hastie et
// al.'s problem 1.06 -> 0.84 % test error, ringnorm 2.14 -> 1.78, with fewer nodes), and took
// 10 to 46 % off their fits (letter 56.5 -> 45.8 s on one core).
const bigKeep = 2

// raceFirstFold races every configuration (weighting x width) on the first fold into paths
// and returns the widths raced with the configurations ranked. On large data (a size cap of
// at least 20 RaceCut) it runs in two rounds: all to 1/RaceCut of the cap, then those of the
// leading third (bigKeep of a large classifier) whose paths reached it on to the cap, the
// others keeping their first-round paths. While the best width is at an end of the widths
// raced, the next one beyond it is raced too, up to Extend each way. The leading third then
// runs on the second fold too (secondFold).
func (a *Auto) raceFirstFold(Z, Y [][]float64, class, folds []int, taus []float64, maxT, limit int, paths *autoPaths, evals *int) ([]float64, []config) {
	nw := len(a.Weighting)
	run := mask(nw, len(taus), func(int, int) bool { return true })
	keep := max(a.Survivors, nw*len(taus)/3)
	if a.RaceFolds == 1 { // a large classifier
		keep = max(a.Survivors, min(keep, bigKeep))
	}
	if cut := maxT / max(a.RaceCut, 1); a.RaceCut > 0 && cut >= 20 && nw*len(taus) > keep {
		first := newAutoPaths(nw, len(taus), paths.folds, maxT)
		a.race("race", Z, Y, class, folds, []int{0}, taus, cut, run, first, evals)
		run = mask(nw, len(taus), nil)
		for _, r := range first.ranked(min(limit, cut))[:keep] {
			run[r.c][r.t] = first.reached[r.c][r.t] == cut // a path that stopped sooner is complete
		}
		for c := range nw {
			for t := range taus {
				if !run[c][t] { // the first round's path, frozen beyond its end
					for s := range maxT + 1 {
						k := min(s, cut)
						paths.loss[c][t][s], paths.miss[c][t][s] = first.loss[c][t][k], first.miss[c][t][k]
					}
					paths.recs[c][t][0] = first.recs[c][t][0]
				}
			}
		}
	}
	a.race("race", Z, Y, class, folds, []int{0}, taus, maxT, run, paths, evals)
	ranked := paths.ranked(limit)
	for down, up := 0, 0; len(taus) > 1; {
		tb := taus[ranked[0].t]
		switch {
		case tb == slices.Min(taus) && down < a.Extend:
			taus, down = append(taus, tb/2), down+1
		case tb == slices.Max(taus) && up < a.Extend:
			taus, up = append(taus, tb*2), up+1
		default:
			return taus, a.secondFold(Z, Y, class, folds, taus, maxT, limit, ranked, paths, evals)
		}
		paths.addWidth(maxT)
		last, lead := len(taus)-1, ranked[0].c
		for c := range nw { // only the leading weighting is raced at the new width
			if c != lead {
				paths.drop(c, last)
			}
		}
		a.race("race", Z, Y, class, folds, []int{0}, taus, maxT, mask(nw, len(taus), func(c, t int) bool { return c == lead && t == last }), paths, evals)
		ranked = paths.ranked(limit)
	}
	return taus, a.secondFold(Z, Y, class, folds, taus, maxT, limit, ranked, paths, evals)
}

// secondFold runs the leading third (at least Survivors) of the configurations ranked on the
// first fold on the second fold as well, when RaceFolds is 2, and returns them ranked by their
// held-out loss over both folds; the others are out of the race (their loss is set to +Inf).
func (a *Auto) secondFold(Z, Y [][]float64, class, folds []int, taus []float64, maxT, limit int, ranked []config, paths *autoPaths, evals *int) []config {
	if a.RaceFolds < 2 || paths.folds < 2 {
		return ranked
	}
	run := leading(ranked, len(a.Weighting), len(taus), max(a.Survivors, len(ranked)/3), a.Survivors > 1)
	for _, r := range ranked {
		if !run[r.c][r.t] {
			paths.drop(r.c, r.t)
		}
	}
	a.race("race", Z, Y, class, folds, []int{1}, taus, maxT, run, paths, evals)
	return paths.ranked(limit)
}

// race runs the alive configurations on the given folds and adds their held-out errors to
// paths: one job per weighting and fold, each running its alive widths.
func (a *Auto) race(stage string, Z, Y [][]float64, class, folds, run []int, taus []float64, maxT int, alive [][]bool, paths *autoPaths, evals *int) {
	type job struct {
		c, fold int
		ts      []int // the widths whose paths it runs
		warm    []int // wider widths whose kernel matrices lead to ts[0]'s (runFold)
	}
	var jobs []job
	for c := range a.Weighting {
		var ts []int
		for t := range taus {
			if alive[c][t] {
				ts = append(ts, t)
			}
		}
		if len(ts) == 0 {
			continue
		}
		for _, f := range run {
			jobs = append(jobs, job{c: c, fold: f, ts: ts})
		}
	}
	// Fewer jobs than cores (a large classifier's leading widths, say): a job runs its widths
	// one after another, widest first, so the job with the most is halved, its narrower half
	// run beside it. That half's kernel matrices are reached as the whole job would reach
	// them (gaussians.at: by squaring down from the widest of a run of halvings), so a width's
	// path is the same bit for bit whichever job runs it. (Not beyond the cores' tokens: more
	// jobs could not run at once, and each half computes its kernel matrices again.)
	for len(jobs) > 0 && len(jobs) < cap(a.cores) {
		b := 0
		for j := range jobs {
			if len(jobs[j].ts) > len(jobs[b].ts) {
				b = j
			}
		}
		ts := slices.Clone(jobs[b].ts)
		if len(ts) < 2 {
			break
		}
		slices.SortStableFunc(ts, func(i, j int) int { return cmpDesc(taus[i], taus[j]) }) // as runFold
		h := len(ts) / 2
		w := h
		for w > 0 && halves(taus[ts[w-1]], taus[ts[w]]) {
			w--
		}
		warm := slices.Clone(ts[w:h])
		if w == 0 { // the run of halvings starts before ts (a half itself)
			warm = append(slices.Clone(jobs[b].warm), warm...)
		}
		jobs[b].ts = ts[:h]
		jobs = slices.Insert(jobs, b+1, job{c: jobs[b].c, fold: jobs[b].fold, ts: ts[h:], warm: warm})
	}
	recs := make([][]pathRecord, len(jobs))
	ev := make([]int, len(jobs))
	values := func(ts []int) []float64 {
		v := make([]float64, len(ts))
		for i, t := range ts {
			v[i] = taus[t]
		}
		return v
	}
	a.parallel(stage, len(jobs), func(j int) {
		jb := jobs[j]
		recs[j], ev[j] = a.runFold(Z, Y, class, folds, jb.fold, a.Weighting[jb.c], values(jb.warm), values(jb.ts), maxT, nil)
	})
	for j, jb := range jobs {
		*evals += ev[j]
		for i, rec := range recs[j] {
			t := jb.ts[i]
			paths.recs[jb.c][t][jb.fold] = &recs[j][i]
			paths.reached[jb.c][t] = max(paths.reached[jb.c][t], len(rec.loss)-1)
			for s := 0; s <= maxT; s++ {
				k := min(s, len(rec.loss)-1) // a path that stopped keeps its last model
				paths.loss[jb.c][t][s] += rec.loss[k]
				paths.miss[jb.c][t][s] += rec.miss[k]
			}
		}
	}
}

// predicted returns the class of held-out point v: by sign with one output, by arg-max with
// several.
func predicted(f [][]float64, v int) int {
	if len(f) == 1 {
		if f[0][v] > 0 {
			return 1
		}
		return 0
	}
	best := 0
	for k := range f {
		if f[k][v] > f[best][v] {
			best = k
		}
	}
	return best
}

// smallestWithin returns the smallest size s <= best whose per-point losses loss[s] are not
// worse than loss[best] by more than se paired standard errors.
func smallestWithin(loss [][]float64, best int, se float64) int {
	return smallestMatching(loss, best, loss[best], se)
}

// fewerMisses returns the smallest size s in [from, best] whose per-point losses loss[s] are
// within se paired standard errors of loss[best] and whose misclassifications wrong[s] are
// within se paired standard errors of the fewest of the sizes up to best (best if none is).
// With several classes the summed squared error of the one-against-the-rest outputs flattens
// while the arg max still makes fewer mistakes, and the squared error's rule alone stops short.
func fewerMisses(loss, wrong [][]float64, from, best int, se float64) int {
	fewest := fewestMisses(wrong, best)
	for s := from; s < best; s++ {
		if paired.Within(loss[s], loss[best], se) && paired.Within(wrong[s], wrong[fewest], se) {
			return s
		}
	}
	return best
}

// byMisses returns the smallest size s whose misclassifications wrong[s] (1 for each point
// misclassified) are within se paired standard errors of those of the size with the fewest, of
// the sizes up to best (Auto.ByMisses).
func byMisses(wrong [][]float64, best int, se float64) int {
	fewest := fewestMisses(wrong, best)
	return smallestMatching(wrong, fewest, wrong[fewest], se)
}

// fewestMisses returns the size in [1, best] of fewest misclassifications wrong[s] (the first
// of equally few).
func fewestMisses(wrong [][]float64, best int) int {
	fewest, least := 1, sum(wrong[1])
	for s := 2; s <= best; s++ {
		if v := sum(wrong[s]); v < least {
			fewest, least = s, v
		}
	}
	return fewest
}

// smallestMatching returns the smallest size s < upTo whose per-point losses loss[s] are
// within se paired standard errors of ref (a reference model's), or upTo.
func smallestMatching(loss [][]float64, upTo int, ref []float64, se float64) int {
	for s := 1; s < upTo; s++ {
		if paired.Within(loss[s], ref, se) {
			return s
		}
	}
	return upTo
}

// foldList returns the folds of a split, 0 to the largest fold index in folds.
func foldList(folds []int) []int {
	fs := make([]int, slices.Max(folds)+1)
	for f := range fs {
		fs[f] = f
	}
	return fs
}

// firstOutput returns the first output of each row of decisions F (a one-output model's).
func firstOutput(F [][]float64) []float64 {
	out := make([]float64, len(F))
	for i, f := range F {
		out[i] = f[0]
	}
	return out
}

// foldRows returns the rows outside fold f (training) and in it (held out).
func foldRows(folds []int, f int) (tr, va []int) {
	for i, g := range folds {
		if g == f {
			va = append(va, i)
		} else {
			tr = append(tr, i)
		}
	}
	return tr, va
}

// refines reports whether the fit refines its selected nodes (Refine): by default a
// regression, or a classifier of several classes whose held-out misclassifications at the
// chosen size (wrong, one entry a point) are at least refineMisses of its points, of
// refinePoints points or more.
func (a *Auto) refines(class []int, outputs int, wrong []float64) bool {
	n := len(wrong)
	switch {
	case a.Refine != RefineLarge:
		return a.Refine == RefineAlways
	case n < refinePoints:
		return false
	case class == nil:
		return true
	}
	return outputs > 1 && sum(wrong) >= refineMisses*float64(n)
}

// refinePoints is the number of points from which the default refines a model of several
// classes or a regression (RefineLarge), and refineMisses the share of held-out
// misclassifications below which it leaves a classifier as selected: with almost every point
// on its side there is little for it to mend, and the time is better saved. On clean
// low-dimensional data, where a grid search is fast, it cost up to five times the fit for no
// change (mlbench's cassini on 1,500 points: 0.69 -> 3.9 s, no mistake either way); digits,
// about 1.3 % held out, gained 1.38 -> 1.33 % test error at three times the time (1.1 -> 3.3 s
// a fit, where the SVC grid takes 20 s).
const (
	refinePoints = 1000
	refineMisses = 0.02
)

// bigFold is the size of a held-out fold from which one fold ranks a classifier's
// configurations well enough: the race runs on the first fold only and one configuration goes
// on to the others (RaceFolds, Survivors), which halves the time of a fit on large data. On six
// generated sets of 6,000 to 7,000 training points (two to twenty classes) the error moved by at
// most 0.05 points, either way; on three large regressions the MSE rose by up to 3 %, so a
// regression keeps both (docs/ALGORITHMS.md, section 4.9).
const bigFold = 1000

// autoEntries bounds the kernel matrices of a path (candidates x points) where the candidates
// grow with the size cap: 2^25 entries, 256 MiB each for the distances and the kernel values
// (letter, 826 candidates x 12,800 points, needs 10.6 million).
const autoEntries = 1 << 25

// defaults fills the unset fields for n points of the given number of classes (0: regression).
func (a *Auto) defaults(n, classes int) {
	if a.TauFactors == nil {
		a.TauFactors = []float64{1.0 / 16, 1.0 / 8, 0.25, 0.5, 1, 2, 4, 8, 16}
	}
	if a.Lambda == 0 {
		a.Lambda = 0.1
		if classes == 0 { // a regression's targets are the function itself, not codes
			a.Lambda = 0.01
		}
	}
	if a.Extend == 0 {
		a.Extend = 4
	}
	if a.RaceCut == 0 {
		a.RaceCut = 8
	}
	if a.Folds == 0 {
		a.Folds = 5
	}
	if a.Patience == 0 {
		a.Patience = 10
		if classes == 0 {
			a.Patience = 30
		}
	}
	budget := false // a node budget above the default cap
	if a.MaxTerms <= 0 {
		// One shared set of nodes draws every class's boundary: room for 25 nodes a class,
		// within 300 nodes, or with more than 12 classes 30 a class up to 780.
		a.MaxTerms = min(max(50, n/3, 25*classes), 300)
		if classes > 12 {
			a.MaxTerms = min(30*classes, 780)
		}
		budget = a.MaxSize > a.MaxTerms
		a.MaxTerms = max(a.MaxTerms, a.MaxSize)
	}
	a.MaxTerms = min(a.MaxTerms, n-1)
	if a.Candidates == 0 {
		a.Candidates = 200
		if classes > 2 {
			a.Candidates = 400
		}
		if classes > 2 || budget { // room for the cap, within the memory bound
			a.Candidates = max(a.Candidates, a.room(n))
		}
	}
	big := classes > 0 && n/a.Folds >= bigFold
	if a.Survivors <= 0 {
		a.Survivors = 2
		if big {
			a.Survivors = 1
		}
	}
	if a.RaceFolds <= 0 || a.RaceFolds > 2 {
		a.RaceFolds = 2
		if big {
			a.RaceFolds = 1
		}
	}
	if a.Weighting == nil {
		a.Weighting = []Weighting{WeightNone, WeightRelevance}
	}
	if a.SE == 0 {
		a.SE = 1
	}
	a.SE = max(a.SE, 0)
	if a.Workers <= 0 {
		a.Workers = 1
	}
}

// Footprint returns the random candidates (before the prototypes; for two classes, as many as
// a fit that starts again with more may have) and the size cap of a fit on n points of the
// given number of classes (0: a regression), the dimensions besides the points of its kernel
// matrices and held-out paths.
func (a Auto) Footprint(n, classes int) (candidates, maxTerms int) {
	roomy := a.Candidates == 0
	a.defaults(n, classes)
	c := a.Candidates
	if roomy && classes == 2 { // a fit that may start again (starved)
		c = max(c, a.moreRoom(n))
	}
	return min(c, n), a.MaxTerms
}

// room is the number of random candidates for which the size cap and the memory bound of the
// kernel matrices leave room on n points: 4/3 of MaxTerms, up to 2^25/n (autoEntries).
func (a *Auto) room(n int) int { return min(a.MaxTerms+a.MaxTerms/3, autoEntries/n) }

// moreRoom returns room(n) where it is at least a quarter more than Candidates (what a fit
// that starts again takes, starved), else 0.
func (a *Auto) moreRoom(n int) int {
	if room := a.room(n); 4*room >= 5*a.Candidates {
		return room
	}
	return 0
}

// classCount returns the number of classes of class (0..C-1 each), 0 for nil (regression).
func classCount(class []int) int {
	if len(class) == 0 {
		return 0
	}
	return slices.Max(class) + 1
}

// Random streams (internal/seeds): one per purpose, so that no two random choices share a stream.
const (
	streamFolds = iota + 10
	streamCandidates
	streamPrototypes
)

// folds assigns each point to one of a.Folds folds, stratified by class: in a seeded order,
// sorted stably by class, dealt round-robin. The classes are taken in the order they first
// appear in the seeded order, not by their numbers, so that a point's fold does not depend on
// how the classes are named.
func (a *Auto) folds(n int, class []int) []int {
	return folds.Stratified(n, min(a.Folds, n), class, seeds.Derive(a.Seed, streamFolds, 0))
}

func (a *Auto) parallel(stage string, jobs int, do func(j int)) {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	next := make(chan int)
	for range min(a.Workers, jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				a.cores.hold(func() { do(j) })
				if a.Progress != nil {
					mu.Lock()
					done++
					a.Progress(stage, done, jobs)
					mu.Unlock()
				}
			}
		}()
	}
	for j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
}

// weights returns the input weights of a weighting, computed on (Z, Y); class is nil for a
// regression (see WeightRelevance). share is WeightInteraction's interactionShares of (Z, Y),
// unused by the others.
func weights(Z [][]float64, Y [][]float64, class []int, w Weighting, share []float64) []float64 {
	m := len(Z[0])
	s := make([]float64, m)
	if w == WeightNone {
		for j := range s {
			s[j] = 1
		}
		return s
	}
	s = relevances(Z, Y, class, w == WeightQuadratic)
	var tot float64
	for j := range s {
		if w == WeightInteraction && share != nil {
			s[j] = max(s[j], math.Sqrt(share[j]))
		}
		tot += s[j] * s[j]
	}
	for j := range s {
		if tot > 0 {
			s[j] /= math.Sqrt(tot / float64(m))
		} else {
			s[j] = 1
		}
		s[j] = max(s[j], 0.1)
	}
	return s
}

// relevances returns each input's relevance r_j before the normalisation of weights: the
// root mean square over the outputs of its correlations with the targets (with quad, of the
// R^2 of a quadratic in it, WeightQuadratic), or of its correlation ratios for an input of 3
// to 10 levels, or for a regression the square root of its binned correlation ratio.
func relevances(Z [][]float64, Y [][]float64, class []int, quadratic bool) []float64 {
	m := len(Z[0])
	s := make([]float64, m)
	n := float64(len(Z))
	var ratio *binnedRatio // a regression's: the target's mean and variance computed once
	if class == nil && len(Y) == 1 {
		ratio = newBinnedRatio(Y[0])
	}
	var ratios []*binnedRatio // a classifier's, one per output, for inputs of few levels
	for j := range m {
		if ratio != nil {
			s[j] = math.Sqrt(ratio.of(Z, j))
			continue
		}
		l := levels(Z, j, relevanceBins)
		if l > 2 && l <= relevanceBins {
			if ratios == nil {
				for _, y := range Y {
					ratios = append(ratios, newBinnedRatio(y))
				}
			}
			var r2 float64
			for _, r := range ratios {
				r2 += r.of(Z, j)
			}
			s[j] = math.Sqrt(r2 / float64(len(Y)))
			continue
		}
		var zm, zz float64
		for _, z := range Z {
			zm += z[j]
		}
		zm /= n
		for _, z := range Z {
			zz += (z[j] - zm) * (z[j] - zm)
		}
		// With WeightQuadratic, q = d^2 - qm - qb d (d = z - zm) is the square's part
		// orthogonal to (1, d).
		quad := quadratic && l > relevanceBins && zz > 0
		var qm, qb, qq float64
		if quad {
			var dq float64
			for _, z := range Z {
				d := z[j] - zm
				qm += d * d
			}
			qm /= n
			for _, z := range Z {
				d := z[j] - zm
				dq += (d*d - qm) * d
			}
			qb = dq / zz
			for _, z := range Z {
				d := z[j] - zm
				q := d*d - qm - qb*d
				qq += q * q
			}
		}
		var r2 float64
		for _, y := range Y {
			var ym, yy, zy, qy float64
			for _, v := range y {
				ym += v
			}
			ym /= n
			for i, v := range y {
				d := Z[i][j] - zm
				yy += (v - ym) * (v - ym)
				zy += d * (v - ym)
				if quad {
					qy += (d*d - qm - qb*d) * (v - ym)
				}
			}
			if zz > 0 && yy > 0 {
				r2 += zy * zy / (zz * yy)
			}
			if quad && qq > 0 && yy > 0 {
				r2 += qy * qy / (qq * yy)
			}
		}
		s[j] = math.Sqrt(r2 / float64(len(Y)))
	}
	return s
}

// relevanceBins is the number of quantile bins of binnedRatio (fewer with under 20 points a
// bin).
const relevanceBins = 10

// levels returns the number of distinct values of input j of Z, or most+1 if there are more
// than most.
func levels(Z [][]float64, j, most int) int {
	var buf [16]float64
	seen := buf[:0]
	for _, z := range Z {
		if !slices.Contains(seen, z[j]) {
			if seen = append(seen, z[j]); len(seen) > most {
				return most + 1
			}
		}
	}
	return len(seen)
}

// binnedRatio computes the correlation ratio of a target y on the inputs (of), with y's mean
// and sum of squares and a buffer of (input, target) pairs shared by all inputs.
type binnedRatio struct {
	y           []float64
	mean, total float64
	ps          []valueTarget
}

type valueTarget struct{ x, y float64 }

func newBinnedRatio(y []float64) *binnedRatio {
	r := &binnedRatio{y: y, mean: sum(y) / float64(len(y)), ps: make([]valueTarget, len(y))}
	for _, v := range y {
		r.total += (v - r.mean) * (v - r.mean)
	}
	return r
}

// of returns the correlation ratio of y on input j of Z: the share of y's variance between
// bins of equal counts of the input's values (tied values in one bin), adjusted for the bins'
// degrees of freedom, 1 - (1 - eta^2)(N - 1)/(N - B), and floored at 0. Unlike the squared
// correlation it sees effects that are not monotone (friedman1's (x3 - 1/2)^2); for an input
// of two values eta^2 is the squared correlation.
func (r *binnedRatio) of(Z [][]float64, j int) float64 {
	n, ps := len(r.y), r.ps
	bins := min(relevanceBins, max(2, n/20))
	constant := true
	for i, z := range Z {
		ps[i] = valueTarget{z[j], r.y[i]}
		constant = constant && z[j] == Z[0][j]
	}
	if constant || r.total == 0 { // one bin, or no variance: none between bins
		return 0
	}
	slices.SortStableFunc(ps, func(a, b valueTarget) int { return cmp.Compare(a.x, b.x) })
	var between float64
	used := 0
	for start := 0; start < n; {
		end := min(start+max(n/bins, 1), n)
		for end < n && ps[end].x == ps[end-1].x { // keep ties in one bin
			end++
		}
		if n-end < n/bins/2 { // a short remainder joins the last bin
			end = n
		}
		var m float64
		for _, p := range ps[start:end] {
			m += p.y
		}
		m /= float64(end - start)
		between += float64(end-start) * (m - r.mean) * (m - r.mean)
		used++
		start = end
	}
	if n <= used {
		return 0
	}
	return max(0, 1-(1-between/r.total)*float64(n-1)/float64(n-used))
}

func scaled(Z [][]float64, scale []float64) [][]float64 {
	m := len(scale)
	flat := make([]float64, len(Z)*m)
	out := make([][]float64, len(Z))
	for i, z := range Z {
		out[i] = flat[i*m : (i+1)*m : (i+1)*m]
		for j, v := range z {
			out[i][j] = v * scale[j]
		}
	}
	return out
}

// finerLevels is the finest clustering of a class among the finer centroids (raceFiner).
const finerLevels = 32

// candidates returns up to a.Candidates random rows of Zs (a subset drawn from the stream of
// fold, -1 for the final fit) and, unless switched off, the prototypes: the candidate
// centres' coordinates. With finer set (raceFiner) the classes' clusterings go on to k =
// finerLevels (coarser if those centroids' kernel matrix would pass autoEntries) and the
// random rows only fill the candidates' budget beyond them.
func (a *Auto) candidates(Zs [][]float64, class []int, fold int) (pts [][]float64) {
	n := len(Zs)
	var protos [][]float64
	random := a.Candidates
	if !a.NoPrototypes {
		seed := seeds.Derive(a.Seed, streamPrototypes, uint64(fold+1))
		finest := 8
		if a.finer { // as fine as the kernel matrices' bound allows
			finest = finerLevels
			for finest > 8 && prototypeCount(class, finest) > autoEntries/n {
				finest /= 2
			}
		}
		protos = prototypes(Zs, class, seed, finest)
		if a.finer {
			random = max(random-len(protos), 0)
		}
	}
	rng := rand.New(rand.NewPCG(seeds.Derive(a.Seed, streamCandidates, uint64(fold+1)), 0))
	idx := rng.Perm(n)
	if len(idx) > random {
		idx = idx[:random]
	}
	slices.Sort(idx)
	for _, i := range idx {
		pts = append(pts, Zs[i])
	}
	return append(pts, protos...)
}

// directions returns the linear candidates for inputs Z weighted by scale (nil: as they are)
// and targets Y (linearDirections): none when NoLinear is set or for several outputs (three
// or more classes, where they were measured to lose: one direction serves one class's output
// of the shared nodes).
func (a *Auto) directions(Z [][]float64, scale []float64, Y [][]float64) [][]float64 {
	if a.NoLinear || len(Y) > 1 {
		return nil
	}
	return linearDirections(Z, scale, Y)
}

// build fills a pool with the kernel columns g (L x N, candidate-major) and starts a state
// with a bias for targets Y.
func (a *Auto) build(g []float64, Y [][]float64, l int, maxT int) (*screen, *State) {
	s := NewStateK(Y, maxT+2)
	s.SetBias(biasLambda)
	sc := newScreen(g, l, s, maxT+2)
	sc.cores = a.cores
	return sc, s
}

// gaussians holds the squared distances between candidate centres and points (L x N,
// candidate-major) and yields the Gaussian kernel matrix exp(-d/tau), followed by the linear
// candidates' columns (which do not depend on the width), for widths taken in
// decreasing order, squaring the previous matrix when a width is half the previous one
// (exp(-d/(tau/2)) = exp(-d/tau)^2), so that a grid of widths in the ratio 2 costs one
// exponential per entry.
type gaussians struct {
	d2, g []float64
	tau   float64
}

// directInputs is the largest number of inputs for which newGaussians computes the squared
// distances directly rather than by a matrix product.
const directInputs = 4

func newGaussians(pts, dirs, Z [][]float64) *gaussians {
	n, l, m := len(Z), len(pts), len(Z[0])
	k := &gaussians{d2: matrixBuf(l * n), g: matrixBuf((l + len(dirs)) * n)}
	linearColumns(k.g[l*n:], dirs, Z)
	if l > 0 {
		sqDistances(flatten(pts), newPoints(Z), m, l, k.d2)
	}
	return k
}

// sqDistances sets row c of d2 (nc x p.n) to the squared distances of the points p (m inputs)
// from centre c of C (nc x m, row-major): directly with few inputs (directInputs), else as
// (-2 c'z + ||c||^2) + ||z||^2 with the products c'z by vecmath.MulRows.
func sqDistances(C []float64, p points, m, nc int, d2 []float64) {
	n := p.n
	for c := range nc {
		mu := C[c*m : (c+1)*m]
		row := d2[c*n : (c+1)*n]
		if m <= directInputs {
			directDistances(mu, p.z[:n*m], row)
			continue
		}
		cc := dot(mu, mu)
		vecmath.MulRows(p.z, m, m, mu, row)
		for i := range row {
			row[i] = max(-2*row[i]+cc+p.zz[i], 0)
		}
	}
}

// directDistances sets d[i] = sqDist(mu, z_i) for the points z (row-major, len(mu) <=
// directInputs columns), each a sum of its inputs' squares in order, as sqDist sums it (the same
// bits: 0 + x is x), without sqDist's loop.
func directDistances(mu, z, d []float64) {
	switch len(mu) {
	case 1:
		m0 := mu[0]
		for i := range d {
			d0 := m0 - z[i]
			d[i] = d0 * d0
		}
	case 2:
		m0, m1 := mu[0], mu[1]
		for i := range d {
			x := z[2*i : 2*i+2]
			d0, d1 := m0-x[0], m1-x[1]
			d[i] = d0*d0 + d1*d1
		}
	case 3:
		m0, m1, m2 := mu[0], mu[1], mu[2]
		for i := range d {
			x := z[3*i : 3*i+3]
			d0, d1, d2 := m0-x[0], m1-x[1], m2-x[2]
			d[i] = d0*d0 + d1*d1 + d2*d2
		}
	default:
		m := len(mu)
		for i := range d {
			d[i] = sqDist(mu, z[i*m:(i+1)*m])
		}
	}
}

// matrices recycles the kernel matrices of the folds' paths, the bulk of what a fit
// allocates: every entry is written before it is read (the distances by a matrix product with
// beta = 0, the kernel values from them), so a recycled buffer gives the same values. One pool
// per size class (matrixClass): with one pool, a fold's held-out matrix or its distances
// would come back for its training matrix, which holds the linear candidates too, and be
// dropped for a new one.
var matrices [matrixClasses]sync.Pool

// matrixClasses counts the size classes: eight a doubling, lengths up to 2^62.
const matrixClasses = 8 * 60

// matrixClass returns the size class of a buffer of length n and the capacity of its
// buffers: the least (8 + j) 2^e >= n (0 <= j < 8), less than an eighth more than n.
func matrixClass(n int) (class, capacity int) {
	if n <= 8 {
		return 0, 8
	}
	e := bits.Len(uint(n-1)) - 4 // 2^(e+3) <= n-1 < 2^(e+4)
	m := (n + 1<<e - 1) >> e     // ceil(n / 2^e), 9 to 16
	if m == 16 {
		m, e = 8, e+1
	}
	return 8*e + m - 7, m << e
}

// matrixBuf returns a buffer of length n, recycled if one of its size class is free.
func matrixBuf(n int) []float64 {
	c, size := matrixClass(n)
	if b, ok := matrices[c].Get().(*[]float64); ok {
		return (*b)[:n]
	}
	b := make([]float64, n, size)
	hugepage.Advise(b)
	return b
}

// release hands the matrices back for reuse; k must not be used after.
func (k *gaussians) release() {
	for _, b := range [][]float64{k.d2, k.g} {
		if c, size := matrixClass(cap(b)); size == cap(b) {
			matrices[c].Put(&b)
		}
	}
	k.d2, k.g = nil, nil
}

func flatten(X [][]float64) []float64 {
	m := len(X[0])
	out := make([]float64, len(X)*m)
	for i, x := range X {
		copy(out[i*m:], x)
	}
	return out
}

// at returns the kernel matrix for width tau (valid until the next call).
func (k *gaussians) at(tau float64) []float64 {
	g := k.g[:len(k.d2)]
	if k.tau > 0 && halves(k.tau, tau) {
		for i, v := range g {
			g[i] = v * v
		}
	} else {
		vecmath.ExpScaled(g, k.d2, -1/tau)
	}
	k.tau = tau
	return k.g
}

// halves reports whether width tau is half the width prev (to rounding), whose kernel matrix
// then squares to its own.
func halves(prev, tau float64) bool { return math.Abs(2*tau-prev) <= 1e-12*prev }

// rows returns v as one-element rows (nil for nil).
func rows(v []float64) [][]float64 {
	if v == nil {
		return nil
	}
	out := make([][]float64, len(v))
	for i, x := range v {
		out[i] = []float64{x}
	}
	return out
}

// subset returns xs[j] for the indices j in keep, in order.
func subset[T any](xs []T, keep []int) []T {
	out := make([]T, len(keep))
	for x, j := range keep {
		out[x] = xs[j]
	}
	return out
}

// pathRecord is one path's held-out error after 0, 1, ... terms: the squared error summed
// over the held-out points and outputs, and the number of misclassified held-out points; and
// the path itself, held.
type pathRecord struct {
	loss, miss []float64
	held       heldPath
}

// pickRows returns the rows of Z (nil for none), Y and class (nil for none) in rows.
func pickRows(Z, Y [][]float64, class []int, rows []int) ([][]float64, [][]float64, []int) {
	var z [][]float64
	if Z != nil {
		z = make([][]float64, len(rows))
	}
	y := make([][]float64, len(Y))
	for k := range y {
		y[k] = make([]float64, len(rows))
	}
	var cl []int
	for r, i := range rows {
		if z != nil {
			z[r] = Z[i]
		}
		for k := range Y {
			y[k][r] = Y[k][i]
		}
		if class != nil {
			cl = append(cl, class[i])
		}
	}
	return z, y, cl
}

// runFold runs, on fold f (held out) with weighting w, one path per width in taus and returns
// their records; the kernel matrices of the widths warm (wider than taus, in decreasing
// order) are computed first and no path run on them (race: a job's narrower half). With
// watch set (tests observe a path through it) it calls watch after every term with the size
// and the held-out decisions and per-point losses, and runs each path to exactly maxT terms
// (no patience).
func (a *Auto) runFold(Z [][]float64, Y [][]float64, class []int, folds []int, f int, w Weighting,
	warm, taus []float64, maxT int, watch func(s int, h *holdout)) ([]pathRecord, int) {
	tr, va := foldRows(folds, f)
	Ztr, Ytr, ctr := pickRows(Z, Y, class, tr)
	Zva, Yva, cva := pickRows(Z, Y, class, va)
	scale, dirs, pts := a.trainingInputs(f, w, Ztr, Ytr, ctr)
	Ztr, Zva = scaled(Ztr, scale), scaled(Zva, scale)
	l := len(pts) + len(dirs)
	maxT = min(maxT, l, len(tr)-1)
	recs := make([]pathRecord, len(taus))
	evals := 0
	ktr, kva := newGaussians(pts, dirs, Ztr), newGaussians(pts, dirs, Zva)
	defer ktr.release()
	defer kva.release()
	for _, tau := range warm {
		ktr.at(tau)
		kva.at(tau)
	}
	order := make([]int, len(taus))
	for t := range order {
		order[t] = t
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmpDesc(taus[i], taus[j]) })
	var (
		sc *screen
		s  *State
	)
	for _, t := range order {
		tau := taus[t]
		if g := ktr.at(tau); s == nil {
			sc, s = a.build(g, Ytr, l, maxT)
		} else { // the next width reuses the buffers
			s.Reset()
			sc.reset(g, s)
		}
		h := newHoldout(kva.at(tau), Yva, cva, s, a.Loss)
		rec := pathRecord{loss: []float64{h.sum()}, miss: []float64{float64(h.misses)}}
		if watch != nil {
			watch(0, h)
		}
		best, since := rec.loss[0], 0
		for n := 1; n <= maxT; n++ {
			c := sc.step(s, a.Lambda)
			if c < 0 {
				break
			}
			h.add(c, s)
			rec.loss = append(rec.loss, h.sum())
			rec.miss = append(rec.miss, float64(h.misses))
			if watch != nil {
				watch(n, h)
				continue
			}
			if l := rec.loss[n]; l < best {
				best, since = l, 0
			} else if since++; since >= a.Patience {
				break
			}
		}
		evals += sc.visits
		rec.held = keepPath(h, s)
		recs[t] = rec
	}
	return recs, evals
}

// heldPath is what a fold's held-out decisions at any size follow from: the held-out values
// of the path's orthogonal columns and their weights, theta[t][k] of term t for output k.
type heldPath struct {
	p      []float64 // terms x N_val, as holdout.p
	theta  [][]float64
	nv     int
	chosen []int // the candidates of terms 1, 2, ... (the fold's, as holdout.chosen)
}

// keepPath keeps of a path, tracked by h on the state st, only what decisions needs.
func keepPath(h *holdout, st *State) heldPath {
	hp := heldPath{p: h.p[:h.terms*h.nv], nv: h.nv, chosen: h.chosen}
	for t := range h.terms {
		hp.theta = append(hp.theta, st.ThetaK(t))
	}
	return hp
}

// upTo returns a pick of foldNodes: the path's first size candidates, or as many as it reached.
func (hp heldPath) upTo(size, reached int) func(np, nd int) []int {
	c := hp.chosen[:min(size, reached, len(hp.chosen))]
	return func(int, int) []int { return c }
}

// decisions returns the held-out decisions f_k = sum_{t <= size} theta_tk p_t, accumulated in
// the order holdout.add accumulates them, so they equal the tracked decisions bit for bit.
func (hp heldPath) decisions(size int) [][]float64 {
	f := make([][]float64, len(hp.theta[0]))
	for k, th := range hp.theta[0] {
		f[k] = make([]float64, hp.nv)
		for i := range f[k] {
			f[k][i] = th
		}
	}
	for t := 1; t <= size; t++ {
		hp.addTerm(t, f)
	}
	return f
}

// addTerm adds term t to the decisions f.
func (hp heldPath) addTerm(t int, f [][]float64) {
	p := hp.p[t*hp.nv : (t+1)*hp.nv]
	for k, th := range hp.theta[t] {
		axpy(th, p, f[k])
	}
}

// replay calls visit after 0, 1, ..., min(upTo, terms kept) terms with a holdout on targets y
// and classes class whose decisions and per-point losses equal, bit for bit, those tracked
// when the path ran.
func (hp heldPath) replay(upTo int, y [][]float64, class []int, kind Loss, visit func(s int, h *holdout)) {
	h := &holdout{nv: hp.nv, y: y, class: class, loss: make([]float64, hp.nv), kind: kind, f: hp.decisions(0)}
	for t := 0; t <= min(upTo, len(hp.theta)-1); t++ {
		if t > 0 {
			hp.addTerm(t, h.f)
		}
		h.measure()
		visit(t, h)
	}
}

// holdout tracks a path's decisions on held-out points: the held-out values of the model's
// orthogonal columns and the decisions f_k = sum_i theta_ik p_i.
type holdout struct {
	g      []float64 // candidates' kernel values at the held-out points (L x N_val)
	nv     int
	y      [][]float64
	class  []int
	p      []float64 // held-out values of the orthogonal columns, term-major (terms x N_val)
	terms  int
	chosen []int       // the candidate of each term after the bias
	f      [][]float64 // K x N_val decisions
	loss   []float64   // per point, summed over the outputs
	misses int
	kind   Loss
	pred   []int     // scratch: argmax's classes
	top    []float64 // scratch: argmax's largest decisions
}

func newHoldout(g []float64, y [][]float64, class []int, s *State, kind Loss) *holdout {
	nv := len(y[0])
	h := &holdout{g: g, nv: nv, y: y, class: class, loss: make([]float64, nv), kind: kind}
	h.f = make([][]float64, len(y))
	for k := range h.f {
		h.f[k] = make([]float64, nv)
	}
	h.p = make([]float64, nv, nv*8)
	for i := range nv {
		h.p[i] = 1 // the bias term
	}
	h.terms = 1
	for k, th := range s.ThetaK(0) {
		for i := range h.f[k] {
			h.f[k][i] = th
		}
	}
	h.measure()
	return h
}

// add brings the held-out decisions up to date with the state's last term, candidate c.
func (h *holdout) add(c int, s *State) {
	t := s.Terms() - 1
	h.chosen = append(h.chosen, c)
	h.p = append(h.p, h.g[c*h.nv:(c+1)*h.nv]...)
	p := h.p[t*h.nv : (t+1)*h.nv]
	vecmath.SubMulTrans(h.p, h.nv, s.Alpha(t)[:t], p)
	h.terms++
	h.move(s.ThetaK(t), p)
}

// move adds theta[k] p to the decisions of each output k and measures them: the per-point
// squared errors summed in the same pass, as measure sums them (output after output).
func (h *holdout) move(theta, p []float64) {
	clear(h.loss)
	for k, th := range theta {
		fk, yk := h.f[k][:len(p)], h.y[k][:len(p)]
		for i, v := range p {
			f := fk[i] + th*v
			fk[i] = f
			d := yk[i] - f
			h.loss[i] += d * d
		}
	}
	h.tally()
}

// measure sets the per-point losses and the misclassifications of the decisions f.
func (h *holdout) measure() {
	clear(h.loss)
	for k, fk := range h.f {
		for i, v := range fk {
			d := h.y[k][i] - v
			h.loss[i] += d * d
		}
	}
	h.tally()
}

// tally counts the misclassifications, given the per-point squared errors in loss, and
// for LossMiss makes the loss a count with the squared error as a tie-break.
func (h *holdout) tally() {
	h.misses = 0
	if h.class == nil {
		return
	}
	if h.kind == LossMiss {
		for i := range h.loss {
			h.loss[i] *= 0.01
		}
	}
	var pred []int // several outputs: the first of the largest decision
	if len(h.f) > 1 {
		pred = h.argmax()
	}
	for i, c := range h.class {
		var p int
		if pred != nil {
			p = pred[i]
		} else if h.f[0][i] > 0 {
			p = 1
		}
		if p != c {
			h.misses++
			if h.kind == LossMiss {
				h.loss[i]++
			}
		}
	}
}

// argmax returns, for every point, the first output of the largest decision (as a scan of
// the point's outputs in order with a strict comparison finds it), output after output so
// that each output's decisions are read in order; the slice is valid until the next call.
func (h *holdout) argmax() []int {
	n := len(h.class)
	if cap(h.pred) < n {
		h.pred, h.top = make([]int, n), make([]float64, n)
	}
	pred, top := h.pred[:n], h.top[:n]
	clear(pred)
	copy(top, h.f[0][:n])
	for k, fk := range h.f[1:] {
		for i, v := range fk[:n] {
			if v > top[i] {
				top[i], pred[i] = v, k+1
			}
		}
	}
	return pred
}

func (h *holdout) sum() float64 {
	var s float64
	for _, v := range h.loss {
		s += v
	}
	return s
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// reorthKept is the share of a selected column's energy below which the screen orthogonalises
// it a second time: with one pass the loss of orthogonality is at most about the rounding
// error over reorthKept (2e-12 here). Parlett's bound, a half, asks for the second pass on
// most steps of a path (87 % of letter's), where it is about a third of a step's cost; with
// 1e-4 letter trains in 53-59 s instead of 65-68 s, the same model choice and test error.
const reorthKept = 1e-4

// screen is the candidate pool of Auto's paths. Unlike Pool it never modifies the candidate
// columns: the projection of candidate c on a model column, a_cj = p_j'g_c/kappa_j, is the
// same for the original column as for the deflated one (the p_j are orthogonal), so one
// matrix-vector product G p_n per step (over the rows of the candidates still free) updates
// every free candidate's projections and, from them, its energy p'p = g'g - sum_j a_cj^2
// kappa_j and p'y_o = g'y_o - sum_j a_cj p_j'y_o (classical Gram-Schmidt for the scores). The column of the candidate selected is then built from its
// projections and orthogonalised a second time (Gram-Schmidt with reorthogonalisation), so
// the model's columns stay orthogonal to working precision. A step costs 2 L N flops, L the
// candidates still free.
type screen struct {
	g      []float64 // L x N original columns
	l, n   int
	k      int       // outputs
	alpha  []float64 // L x maxT projections on the model's columns
	maxT   int
	pp     []float64 // energy of the deflated candidate
	gg     []float64 // energy of the original candidate
	py     []float64 // L x K
	status []uint8
	done   int // model columns accounted for
	visits int
	proj   []float64 // scratch: G p_n (the free candidates' entries)
	rows   []int     // scratch: the free candidates
	col    []float64 // scratch: the selected column
	a      []float64 // scratch: its alphas
	cores  cores     // the fit's workers, for the products over all candidates or columns
}

func newScreen(g []float64, l int, s *State, maxT int) *screen {
	n := s.N()
	k := s.Outputs()
	sc := &screen{l: l, n: n, k: k, maxT: maxT, alpha: make([]float64, l*maxT), pp: make([]float64, l),
		gg: make([]float64, l), py: make([]float64, l*k), status: make([]uint8, l), proj: make([]float64, l),
		col: make([]float64, n), a: make([]float64, maxT)}
	sc.reset(g, s)
	return sc
}

// reset starts the screen again on the columns g (of the same shape) for the state s (of the
// same targets, just reset): a path of another width reuses the buffers. An entry of alpha
// is always written before it is read.
func (sc *screen) reset(g []float64, s *State) {
	sc.g, sc.done, sc.visits = g, 0, 0
	clear(sc.status)
	n, k := sc.n, sc.k
	for c := range sc.l {
		gc := g[c*n : (c+1)*n]
		sc.gg[c] = vecmath.Dot(gc, gc)
		sc.pp[c] = sc.gg[c]
		for o, y := range s.ys {
			sc.py[c*k+o] = vecmath.Dot(gc, y)
		}
		if sc.gg[c] == 0 {
			sc.status[c] = dependent
		}
	}
	sc.catchUp(s)
}

// catchUp accounts for the model columns added since the last call.
func (sc *screen) catchUp(s *State) {
	for ; sc.done < s.Terms(); sc.done++ {
		j := sc.done
		pj := s.Column(j)
		kj := s.Kappa(j)
		sc.rows = sc.rows[:0]
		for c, st := range sc.status {
			if st == free {
				sc.rows = append(sc.rows, c)
			}
		}
		sc.cores.mulRowsAt(blas64.General{Rows: sc.l, Cols: sc.n, Stride: sc.n, Data: sc.g}, sc.rows, pj, sc.proj)
		pyj := s.pyK[j]
		for _, c := range sc.rows {
			a := sc.proj[c] / kj
			sc.alpha[c*sc.maxT+j] = a
			sc.pp[c] -= a * a * kj
			py := sc.py[c*sc.k : (c+1)*sc.k]
			for o, v := range pyj {
				py[o] -= a * v
			}
			if sc.pp[c] < DependenceTol*sc.gg[c] {
				sc.status[c] = dependent
			}
		}
	}
}

// step selects, for Auto, the candidate that most reduces the regularised residual sum of
// squares over all outputs and adds it to s; it returns the candidate or -1.
func (sc *screen) step(s *State, lambda float64) int {
	best, bestV := -1, math.Inf(-1)
	for c := range sc.l {
		if sc.status[c] != free {
			continue
		}
		sc.visits++
		var q float64
		for _, v := range sc.py[c*sc.k : (c+1)*sc.k] {
			q += v * v
		}
		d := sc.pp[c] + lambda
		if v := q * (sc.pp[c] + 2*lambda) / (d * d); v > bestV {
			best, bestV = c, v
		}
	}
	if best < 0 {
		return -1
	}
	// The column: p = g - sum_j a_j p_j, orthogonalised once more against the model when
	// the first pass left less than reorthKept of its energy ("twice is enough", Parlett
	// 1980: after one classical pass the column's components along the model's columns are
	// of the order of the rounding error times the energy removed over the energy kept).
	terms := s.Terms()
	p := sc.col
	copy(p, sc.g[best*sc.n:(best+1)*sc.n])
	a := sc.a[:terms]
	copy(a, sc.alpha[best*sc.maxT:best*sc.maxT+terms])
	P := s.columns()
	sc.cores.subMulTrans(P, a, p)
	if dot(p, p) < reorthKept*sc.gg[best] {
		d := sc.proj[:terms]
		sc.cores.mulRows(P, p, d)
		for j := range d {
			d[j] /= s.Kappa(j)
			a[j] += d[j]
		}
		sc.cores.subMulTrans(P, d, p)
	}
	pp, py := dot2(p, s.y)
	sc.status[best] = selected
	if pp < DependenceTol*sc.gg[best] {
		sc.status[best] = dependent
		return sc.step(s, lambda)
	}
	s.Add(p, a, pp, py, lambda)
	sc.catchUp(s)
	return best
}

// finalPath is the final model's selection on all points: the weighting's inputs and
// candidates, the kernel matrix at the chosen width, and the path's candidates, kernel columns
// and candidate evaluations step by step, up to the size it was run to. A path's first steps
// do not depend on how far it goes, so the size the class map's cut (Auto.Resize) ends at,
// which is at most the size rule's, takes the first steps of a path run to the size rule's:
// with workers to spare the path runs beside the cut, whose multinomial fits leave cores idle
// (letter's train, two cores: the final selection took 4.9 s after the cut's 8.2 s).
type finalPath struct {
	scale     []float64
	dirs, pts [][]float64
	Zs        [][]float64
	tau       float64
	chosen    []int       // the candidate of each step
	cols      [][]float64 // its kernel column
	visits    []int       // the candidates evaluated up to each step
	end       int         // and up to the end (a step that found no candidate included)
	s         *State
}

// finalPath runs the final model's selection of weighting w at width tau to size steps.
func (a *Auto) finalPath(Z, Y [][]float64, class []int, w Weighting, tau float64, size int) *finalPath {
	n := len(Z)
	fp := &finalPath{tau: tau}
	fp.scale, fp.dirs, fp.pts = a.trainingInputs(-1, w, Z, Y, class)
	fp.Zs = scaled(Z, fp.scale)
	g := newGaussians(fp.pts, fp.dirs, fp.Zs).at(tau)
	sc, s := a.build(g, Y, len(fp.pts)+len(fp.dirs), size)
	for range size {
		c := sc.step(s, a.Lambda)
		if c < 0 {
			break
		}
		fp.chosen = append(fp.chosen, c)
		fp.cols = append(fp.cols, g[c*n:(c+1)*n])
		fp.visits = append(fp.visits, sc.visits)
	}
	fp.end, fp.s = sc.visits, s
	return fp
}

// take sets res's nodes, evaluations and selected count to those of the path's first size
// steps (as many as it has) and returns their kernel columns; fp.s gives those steps'
// weights (PrefixWeightsK) to a model that is not pruned after.
func (fp *finalPath) take(size int, res *AutoResult) [][]float64 {
	want := size
	size = min(size, len(fp.chosen))
	for _, c := range fp.chosen[:size] {
		if c < len(fp.pts) {
			res.Centres = append(res.Centres, slices.Clone(fp.pts[c]))
			res.Linear = append(res.Linear, false)
			res.Vars = append(res.Vars, fp.tau/2)
		} else {
			res.Centres = append(res.Centres, slices.Clone(fp.dirs[c-len(fp.pts)]))
			res.Linear = append(res.Linear, true)
			res.Vars = append(res.Vars, 0)
		}
	}
	switch {
	case want > size: // the path ended before: its last step found no candidate, as this one's
		res.Evaluations += fp.end
	case size > 0:
		res.Evaluations += fp.visits[size-1]
	}
	res.Selected = size
	return slices.Clip(fp.cols[:size])
}

// foldModel is a fold's model of a chosen configuration at some size, before its weights: the
// training and held-out rows in the kernel's input space, the Gaussian nodes' centres and the
// linear nodes' columns on both.
type foldModel struct {
	va                 []int
	Ztr, Ytr, Zva, Yva [][]float64
	ctr, cva           []int
	centres            [][]float64
	fixTr, fixVa       [][]float64
}

// foldNodes returns fold f's model of weighting w whose nodes are the fold's candidates that
// pick chooses, given how many random points and prototypes (np) and linear directions (nd)
// the fold has: indices into the points, then the directions.
func (a *Auto) foldNodes(Z, Y [][]float64, class, folds []int, f int, w Weighting, pick func(np, nd int) []int) *foldModel {
	tr, va := foldRows(folds, f)
	fm := &foldModel{va: va}
	fm.Ztr, fm.Ytr, fm.ctr = pickRows(Z, Y, class, tr)
	fm.Zva, fm.Yva, fm.cva = pickRows(Z, Y, class, va)
	scale, dirs, pts := a.trainingInputs(f, w, fm.Ztr, fm.Ytr, fm.ctr)
	fm.Ztr, fm.Zva = scaled(fm.Ztr, scale), scaled(fm.Zva, scale)
	for _, c := range pick(len(pts), len(dirs)) {
		if c < len(pts) {
			fm.centres = append(fm.centres, pts[c])
			continue
		}
		d := dirs[c-len(pts)]
		fm.fixTr, fm.fixVa = append(fm.fixTr, linearColumn(d, fm.Ztr)), append(fm.fixVa, linearColumn(d, fm.Zva))
	}
	return fm
}

// bernoulli fits the fold model's nodes at width tau by the Bernoulli evidence on its training
// part (at most warmSteps Newton steps to a mode in the warm-up, bernoulliEvidence) and returns
// its logits at the held-out points, and those points; nil if the posterior cannot be computed
// or the model has no column. With inputs > 0 the inputs' linear terms follow the nodes,
// sharing one precision (linearInputs).
func (fm *foldModel) bernoulli(tau float64, workers, warmSteps, inputs int) ([]float64, []int) {
	return fm.fit(tau, inputs, func(cTr [][]float64) evidenceFit {
		return bernoulliEvidence(cTr, positives(fm.Ytr[0]), workers, warmSteps, inputs)
	})
}

// gaussian is bernoulli with the Gaussian evidence (one output): the decisions at the
// held-out points, and those points.
func (fm *foldModel) gaussian(tau float64, workers, inputs int) ([]float64, []int) {
	return fm.fit(tau, inputs, func(cTr [][]float64) evidenceFit {
		return evidencePrune(cTr, fm.Ytr, fm.ctr != nil, workers, inputs)
	})
}

// fit fits the fold model's columns at width tau (columns) on its training part by evidence
// and returns the one-output decisions at the held-out points, and those points; nil if the
// model has no column or the posterior cannot be computed.
func (fm *foldModel) fit(tau float64, inputs int, evidence func(cTr [][]float64) evidenceFit) ([]float64, []int) {
	cTr, cVa, release := fm.columns(tau, inputs)
	defer release()
	if len(cTr) == 0 {
		return nil, nil
	}
	ev := evidence(cTr)
	if !ev.ok {
		return nil, nil
	}
	return ev.decisions(cVa, len(fm.va)), fm.va
}

// columns returns the fold model's columns at width tau on its training and held-out points
// (the Gaussian nodes, then the linear nodes, then, with inputs > 0, the inputs' linear
// terms), and a function that hands the kernel matrices back.
func (fm *foldModel) columns(tau float64, inputs int) (cTr, cVa [][]float64, release func()) {
	at := func(Z, fixed [][]float64) ([][]float64, func()) {
		if len(fm.centres) == 0 {
			return slices.Clip(fixed), func() {}
		}
		k := newGaussians(fm.centres, nil, Z)
		return append(rowsOf(k.at(tau), len(fm.centres), len(Z)), fixed...), k.release
	}
	cTr, releaseTr := at(fm.Ztr, fm.fixTr)
	cVa, releaseVa := at(fm.Zva, fm.fixVa)
	if inputs > 0 {
		cTr, cVa = append(cTr, inputColumns(fm.Ztr)...), append(cVa, inputColumns(fm.Zva)...)
	}
	return cTr, cVa, func() { releaseTr(); releaseVa() }
}

// prunedOOF returns the out-of-fold decisions of the fold models at the given size (weighting
// w, width tau) pruned as the final model was, by the Gaussian evidence or else the Bernoulli
// one, with the inputs' linear terms where the final model had them (one output): every
// point's, or with only >= 0 those of that fold's held-out points (the others 0), and those
// points (nil for every point); nil if a posterior cannot be computed. The selection's held-out
// decisions are those of unpruned models; where the pruning makes the model much better
// (large, clean data: 6,000 points of Hastie et al.'s problem, 6.9 % held out against 0.9 % on
// test points) they misstate the final model's error. One fold of at least bigFold points
// measures it well enough, at a fifth of the cost of all five (pruning is most of a fit's time
// on larger data).
func (a *Auto) prunedOOF(Z, Y [][]float64, class, folds []int, w Weighting, tau float64, size int,
	held []heldPath, reached []int, gaussian bool, only int) ([]float64, []int) {
	n := len(Z)
	inputs := a.linearInputs(n, len(Z[0]), len(Y), class, 0)
	out := make([]float64, n)
	fs := foldList(folds)
	var va []int
	if only >= 0 {
		fs = []int{only}
		_, va = foldRows(folds, only)
	}
	ok := a.foldDecisions("pruned fold models", fs, out, func(f int) ([]float64, []int) {
		fm := a.foldNodes(Z, Y, class, folds, f, w, held[f].upTo(size, reached[f]))
		if gaussian {
			return fm.gaussian(tau, a.Workers, inputs)
		}
		return fm.bernoulli(tau, a.Workers, bernoulliNewton, inputs)
	})
	if !ok {
		return nil, nil
	}
	return out, va
}

// pick returns v's entries at the indices rows, or v if rows is nil.
func pick(v []float64, rows []int) []float64 {
	if rows == nil {
		return v
	}
	out := make([]float64, len(rows))
	for x, i := range rows {
		out[x] = v[i]
	}
	return out
}

// compareOn is compareLogLoss on the points rows (every point if rows is nil).
func compareOn(fb, fg, t []float64, rows []int) float64 {
	return compareLogLoss(pick(fb, rows), pick(fg, rows), pick(t, rows))
}

// foldDecisions runs decide on each of the folds fs on the fit's workers and writes the
// one-output decisions it returns at a fold's held-out points into out; false if a fold
// returned none.
func (a *Auto) foldDecisions(stage string, fs []int, out []float64, decide func(f int) ([]float64, []int)) bool {
	var mu sync.Mutex
	failed := false
	a.parallel(stage, len(fs), func(j int) {
		d, va := decide(fs[j])
		mu.Lock()
		defer mu.Unlock()
		if d == nil {
			failed = true
			return
		}
		for v, i := range va {
			out[i] = d[v]
		}
	})
	return !failed
}

// rowsOf returns the r rows of length n of the row-major matrix g (views, not copies).
func rowsOf(g []float64, r, n int) [][]float64 {
	out := make([][]float64, r)
	for i := range out {
		out[i] = g[i*n : (i+1)*n]
	}
	return out
}
