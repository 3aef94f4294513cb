package ofs

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sparsekernel/sparsekernel/internal/folds"
	"github.com/sparsekernel/sparsekernel/internal/paired"
	"github.com/sparsekernel/sparsekernel/internal/seeds"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
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
	// several classes get (starved), and a regression's is fitted again with them and kept
	// where it does better out of fold (fitRoomy).
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
	// MaxSize, if positive, caps the size chosen and the model's (a node budget: a final
	// pruning with the inputs' linear terms that would pass it prunes without them, and a
	// relevance vector machine contender that would is not taken); above the default MaxTerms
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
	// NoLogistic keeps a two-class or regression model whose pruning kept more than one node:
	// by default the logistic regression (a regression's: the ridge regression) on the inputs
	// is cross-validated beside it and replaces it where its out-of-fold log-loss is about as
	// low (squared error no higher; logistic.go).
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
	// Context, if set, stops the fit when it is done, before the next unit of work starts:
	// Fit then returns its error (context.Canceled or context.DeadlineExceeded).
	Context context.Context

	inputs *foldInputs // set by Fit (unless set): each fold's input weights and linear candidates, computed once
	shares []float64   // set by fit: the interaction shares on all points, for the final model's WeightInteraction
	finer  bool        // set by fit: the candidates are the classes' finer centroids (raceFiner)
	roomy  bool        // set by Fit: a fit whose first fold runs out of candidates may start again with more (starved)
	cores  cores       // set by Fit: its Workers, shared between jobs and products
	// varying is set by fit: the inputs that are not constant on all points, the m of the
	// widths (tau = f m) and of the input weights' normalisation, so that a constant input
	// changes nothing (it adds nothing to a distance).
	varying int
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
	kept  keptKernels // on wide data, filled by the first path's foldKernels
}

// trainingInputs returns the input weights of weighting w on fold f's training part (Ztr,
// Ytr, ctr; f = -1 for the final model on all points), and the linear candidates and the
// candidate centres there, in the weighted inputs; computed on the first call for (f, w).
func (a *Auto) trainingInputs(f int, w Weighting, Ztr, Ytr [][]float64, ctr []int) (scale []float64, dirs, pts [][]float64) {
	in := a.foldInput(f, w, Ztr, Ytr, ctr)
	return in.scale, in.dirs, in.pts
}

// foldInput returns trainingInputs's entry for fold f and weighting w: the cache's (filled on
// the first call for (f, w)), or a fresh one where the fit keeps none (a.inputs nil).
func (a *Auto) foldInput(f int, w Weighting, Ztr, Ytr [][]float64, ctr []int) *foldInput {
	compute := func(in *foldInput) {
		var share []float64 // WeightInteraction's: the final model's computed by fit
		if w == WeightInteraction {
			if share = a.shares; f >= 0 || share == nil {
				share = interactionShares(Ztr, Ytr)
			}
		}
		in.scale = weights(Ztr, Ytr, ctr, w, share, a.varying)
		in.dirs = a.directions(Ztr, in.scale, Ytr)
		in.pts = a.candidates(scaled(Ztr, in.scale), ctr, f)
	}
	if a.inputs == nil {
		in := &foldInput{}
		compute(in)
		return in
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
	return in
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
	// Candidates is the number of random candidates the fit drew (a fit that started again
	// with more, starved: the larger pool), before the prototypes.
	Candidates int
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
//
// A fit whose Context is done returns its error and no result.
func (a Auto) Fit(Z [][]float64, Y [][]float64, class []int) (_ *AutoResult, err error) {
	defer stopped(&err)
	a.stop()
	return a.fitRescued(Z, Y, class)
}

// fitRescued is Fit without its stop.
func (a Auto) fitRescued(Z [][]float64, Y [][]float64, class []int) (*AutoResult, error) {
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
// path used up those of the default while its held-out loss still fell (starved). A
// two-class fit stops after that fold and starts again; a regression is fitted both ways, and
// the fit with more candidates is kept only where its out-of-fold squared error is lower by
// more than roomySE paired standard errors (on the same folds): on a smooth 8-input
// regression of 4,200 training points it was, on 8 realisations of 10 (test MSE 0.266 ->
// 0.243), while on R's volcano (1,000 points in 2-D), where more candidates had raised the
// test MSE by 9 %, it was kept on none.
func (a Auto) fitRoomy(Z [][]float64, Y [][]float64, class []int) (*AutoResult, error) {
	a.roomy = a.roomy || a.Candidates == 0 && a.inputs == nil // (a test may ask for it with few candidates)
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
	if class == nil && !(compareSquared(more.OOF, res.OOF, Y) < -roomySE) {
		res.Evaluations += more.Evaluations
		res.Chose += fmt.Sprintf("; a fit with %d random candidates (the first fold's best path used the default's %d with its held-out error still falling) did no better out of fold", b.Candidates, res.starvedFrom)
		return res, nil
	}
	more.Evaluations += res.Evaluations
	more.Chose += fmt.Sprintf("; %d random candidates, as the first fold's best path used the default's %d with its held-out error still falling", b.Candidates, res.starvedFrom)
	return more, nil
}

// roomySE is the margin, in paired standard errors of the out-of-fold squared error, by which a
// regression fitted again with more candidates must do better to be kept (fitRoomy).
const roomySE = 1

// compareSquared returns by how many paired standard errors the squared errors of the
// out-of-fold decisions fb, summed over the outputs Y, are above those of fg (negative: below).
func compareSquared(fb, fg [][]float64, Y [][]float64) float64 {
	lb, lg := make([]float64, len(fb)), make([]float64, len(fb))
	for i := range lb {
		for k, y := range Y {
			eb, eg := fb[i][k]-y[i], fg[i][k]-y[i]
			lb[i] += eb * eb
			lg[i] += eg * eg
		}
	}
	return paired.Margin(lb, lg)
}

// starved returns how many random candidates a fit of one output (two classes, or a
// regression) on n points should have where the leading configuration of the race (its first
// fold, or its first two) had its least held-out loss at a size of at least its random
// candidates less Patience (the loss was still falling when the path had about used them up:
// what remains are the prototypes and the candidates the selection passed over), and the size
// cap and the kernel matrices' memory bound leave room for a quarter more (room); else 0. On
// 50,000 points of 20 inputs, 8 of them carrying the signal in three clusters a class, the
// path used 230 of 232 candidates, and with 400 the test error went from 11.2 to 10.5 %. A
// regression refitted that way unconditionally did worse as often as better (Friedman's
// functions on 6,000 to 30,000 points: the test MSE rose on three realisations of six, by 0.04
// to 1.5 %; R's volcano 1.35 -> 1.48), so there the refit is a contender (fitRoomy).
func (a *Auto) starved(paths *autoPaths, ranked []config, oneOutput bool, n, limit int) int {
	if !oneOutput || len(ranked) == 0 || math.IsInf(ranked[0].v, 1) {
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
	a.varying = Varying(Z)
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
		taus[i] = f * float64(a.varying)
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
		if more := a.starved(paths, ranked, len(Y) == 1, n, limit); more > 0 {
			res.starved, res.starvedFrom = more, a.Candidates
			if class != nil {
				return res, nil
			}
			// (a regression goes on: the fit with more candidates is its contender, fitRoomy)
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
	var ahead chan *finalPath // the final selection, run beside the size cut (finalPath), on a worker's token
	if a.Resize != nil && len(Y) > 1 && class != nil && size > 1 {
		if cap(a.cores) > 1 {
			ahead = make(chan *finalPath, 1)
			go func(w Weighting, tau float64, size int) {
				a.cores.hold(func() { ahead <- a.finalPath(Z, Y, class, w, tau, size) })
			}(a.Weighting[bc], taus[bt], size)
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
	a.stop()
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
		ev := prune(cols, Y, class, a.SE, a.Workers, inputs)
		if ev.ok && inputs > 0 && a.MaxSize > 0 && res.prunedSize(ev, nodes) > a.MaxSize {
			// The inputs' linear node would pass the node budget: the pruning without them.
			ev = prune(cols[:nodes], Y, class, a.SE, a.Workers, 0)
		}
		if ev.ok {
			final = ev
			res.keepPruned(ev, nodes, m)
			res.Calibrate = rows(ev.loo)
			kept += fmt.Sprintf(", %d kept by the %s evidence", len(res.Centres), ev.likelihood)
			if len(ev.keep) > 0 && ev.keep[len(ev.keep)-1] >= nodes {
				kept += " with the inputs' linear terms (one linear node)" // (so more may be kept than selected)
			}
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
	contend := final.ok && !a.NoLogistic && iters == 0
	if contend && len(res.Centres) > 1 {
		if oof := a.linearContender(Z, Y, class, folds, w, taus[bt], res.OOF, final, pruned); oof != nil && res.linearFinal(Zs, Y, class, oof, a.Workers) {
			linear = true
			kept += linearChose
		}
	}
	// A regression's: beside a model of several nodes or of one Gaussian node, not beside a
	// lone linear node (on 74 regressions the one-node models moved 4, better on 3: R's lung
	// 40137 -> 38750).
	loneLinear := len(res.Centres) == 1 && res.Linear[0]
	if contend && class == nil && len(Y) == 1 && !a.NoLinear && len(res.Centres) > 0 && !loneLinear {
		if oof := a.ridgeContender(Z, Y, folds, w, taus[bt], res.OOF); oof != nil && res.linearFinal(Zs, Y, nil, oof, a.Workers) {
			linear = true
			kept += ridgeChose
		}
	}
	if !a.NoPrune && !a.NoRVM && iters == 0 && len(Y) == 1 && class != nil && len(cols) > 0 {
		if rv := a.rvmContender(Z, Y, class, folds, w, taus[bt], res.OOF); rv != nil && (linear || rv.beatsPruned(final, pruned)) {
			if l := a.rvmFinal(res, Zs, Y, pts, dirs, rv.tau, rv.oof); l > 0 {
				linear = false
				kept += fmt.Sprintf("; "+model.RVMChose+" at tau %.3g: %s of %d candidates, its cross-validated log-loss lower by %.1f standard errors",
					rv.tau, words.Count(len(res.Centres), "node"), l, rv.margin)
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
	res.Size, res.Refined, res.Candidates = len(res.Centres), iters, a.Candidates
	if slices.Contains(res.Linear, true) && !linear { // (one output: one direction at most)
		kept += ", one of them linear"
	}
	unit := "m"
	if a.varying < m {
		unit = fmt.Sprintf("m, m = %d of the %d inputs, those not constant", a.varying, m)
	}
	res.Chose = fmt.Sprintf("%s, tau %.3g (%g %s), %d of %d nodes%s (cross-validated over %d widths x %d weightings, %d folds)",
		w, taus[bt], taus[bt]/float64(a.varying), unit, res.Selected, bs, kept, len(taus), len(a.Weighting), nf)
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

// prunedSize returns the number of nodes keepPruned(ev, nodes, m) leaves.
func (res *AutoResult) prunedSize(ev evidenceFit, nodes int) int {
	if len(ev.keep) == 0 || ev.keep[len(ev.keep)-1] < nodes {
		return len(ev.keep)
	}
	size := 1 // the linear node the inputs' terms and the model's linear node fold into
	for _, c := range ev.keep {
		if c < nodes && !res.Linear[c] {
			size++
		}
	}
	return size
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

// Footprint returns the random candidates (before the prototypes; for two classes and
// regression, as many as a fit that starts again with more may have) and the size cap of a fit on n points of the
// given number of classes (0: a regression), the dimensions besides the points of its kernel
// matrices and held-out paths.
func (a Auto) Footprint(n, classes int) (candidates, maxTerms int) {
	roomy := a.Candidates == 0
	a.defaults(n, classes)
	c := a.Candidates
	if roomy && (classes == 2 || classes == 0) { // a fit that may start again (starved)
		c = max(c, a.moreRoom(n))
	}
	return min(c, n), a.MaxTerms
}

// room is the number of random candidates for which the size cap and the memory bound of the
// kernel matrices leave room on n points: 4/3 of MaxTerms, up to 2^25/n (autoEntries).
func (a *Auto) room(n int) int { return min(a.MaxTerms+a.MaxTerms/3, autoEntries/n) }

// moreRoom returns room(n), or 4/3 of a node budget below the size cap (MaxSize) if that is
// less, where it is at least a quarter more than Candidates (what a fit that starts again
// takes, starved), else 0.
func (a *Auto) moreRoom(n int) int {
	room := a.room(n)
	if a.MaxSize > 0 && a.MaxSize < a.MaxTerms {
		room = min(room, a.MaxSize+a.MaxSize/3)
	}
	if 4*room >= 5*a.Candidates {
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

// parallel runs do(j) for j = 0, ..., jobs-1 on up to a.Workers goroutines, each job on a held
// token (cores), and reports each to Progress. A job that panics, or finds the fit's Context
// done (stop), ends the rest before they start, and its panic is raised again on the calling
// goroutine, where Fit turns a canceled fit's into its error (stopped) and the caller can
// recover any other (with the job's stack: jobPanic).
func (a *Auto) parallel(stage string, jobs int, do func(j int)) {
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		done     int
		fault    any         // the first job's panic
		stopping atomic.Bool // a job has panicked: the others start no more
	)
	job := func(j int) (r any) {
		defer func() {
			if r = recover(); r == nil {
				return
			}
			stopping.Store(true) // (before the stack is taken: the other workers stop now)
			switch r.(type) {
			case canceled, jobPanic: // (a nested parallel's is raised as it was)
			default:
				r = jobPanic{value: r, stack: debug.Stack()}
			}
		}()
		a.stop()
		a.cores.hold(func() { do(j) })
		if a.Progress != nil {
			mu.Lock()
			defer mu.Unlock()
			done++
			a.Progress(stage, done, jobs)
		}
		return nil
	}
	next := make(chan int)
	for range min(a.Workers, jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				if stopping.Load() {
					continue
				}
				if r := job(j); r != nil {
					mu.Lock()
					if fault == nil {
						fault = r
					}
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
	if fault != nil {
		panic(fault)
	}
}

// canceled is the panic by which a fit whose Context is done unwinds to Fit (stop, stopped).
type canceled struct{ err error }

// stop unwinds the fit when its Context is done.
func (a *Auto) stop() {
	if a.Context != nil {
		if err := a.Context.Err(); err != nil {
			panic(canceled{err})
		}
	}
}

// stopped, deferred by Fit, turns the unwinding of a canceled fit into its error; it lets any
// other panic go on.
func stopped(err *error) {
	if r := recover(); r != nil {
		c, ok := r.(canceled)
		if !ok {
			panic(r)
		}
		*err = c.err
	}
}

// jobPanic is a panic of one of parallel's jobs, raised again on the goroutine that called
// parallel, with the stack of the job's goroutine.
type jobPanic struct {
	value any
	stack []byte
}

func (p jobPanic) String() string {
	return fmt.Sprintf("%v\n\n[the job's goroutine]\n%s", p.value, p.stack)
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
		pts = append(pts, slices.Clone(Zs[i])) // (not Zs's rows: the candidates outlive Zs)
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

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
