package ofs

import "github.com/sparsekernel/sparsekernel/model"

// A two-class model's linear contender: the logistic regression on the inputs (the Bernoulli
// evidence on their linear terms alone, one shared precision: a ridge whose strength the
// evidence sets, sharedPrecision). Where the classes' boundary is close to a hyperplane, the
// nodes forward selection chose and the evidence pruning kept add variance and little else,
// and the pruning cannot tell: its leave-one-out decisions leave the selection of those nodes
// in (on Wisconsin's breast cancer data they favour the nodes by 2 to 5 paired standard
// errors of log-loss, while the logistic regression has the lower test error). The contender
// is cross-validated on the folds of the race and, being the smaller model, replaces the
// pruned one unless its out-of-fold log-loss, Platt-calibrated, is higher by more than the
// size rule's tolerance (Auto.SE) plus linearSE paired standard errors than that of the
// selection's fold models as they were selected and, where the final model's pruning was the
// Bernoulli one and the first comparison passes, as they were pruned (prunedOOF; not where the
// contender is within the margin of the final model's leave-one-out logits, which flatter it).
// A Bernoulli pruning can make the model far better than the squared-error fold models say
// (spam: 5.46 % against 5.73 with the first comparison alone); a Gaussian pruning refits their
// squared error, and comparing with its pruned fold models too changed 5 of 652 two-class
// realisations (development, never used, reported), for the worse on one, at 9 % of wdbc's
// fit.

// linearSE is the margin the linear contender has beyond the size rule's, in paired standard
// errors of log-loss: the selection's out-of-fold decisions are those of the configuration and
// size that did best on the same folds, out of tens, so they flatter it; the contender is one
// model chosen before them. (On the 19 two-class development sets, before the contender was
// kept to models of more than one node: at the size rule's margin alone, the test error the
// same on average, x0.9996, with 0.89 times the nodes; with linearSE, x0.995 and 0.83 times.)
const linearSE = 1

// linearChose ends Chose where the linear contender replaced the pruned model.
const linearChose = "; " + model.LinearChose + ", as its cross-validated log-loss was as low"

// linearContender returns the linear contender's out-of-fold logits (weighting w, width tau: its
// folds' inputs are those of the selection's) if it does as well as the selection's fold
// models, whose out-of-fold decisions are oof, whose final model's pruning was final and whose
// fold models pruned as it was (prunedOOF: all folds, or one on large data) pruned returns; nil
// if not, or if a posterior cannot be computed.
func (a *Auto) linearContender(Z, Y [][]float64, class, folds []int, w Weighting, tau float64, oof [][]float64,
	final evidenceFit, pruned func() ([]float64, []int)) []float64 {
	inputs := a.linearInputs(len(Z), len(Z[0]), len(Y), class, 0)
	if inputs == 0 {
		return nil
	}
	out := make([]float64, len(Z))
	if !a.foldDecisions("linear contender", foldList(folds), out, func(f int) ([]float64, []int) {
		return a.foldNodes(Z, Y, class, folds, f, w, func(int, int) []int { return nil }).bernoulli(tau, a.Workers, 1, inputs)
	}) {
		return nil
	}
	t, se := positives(Y[0]), max(a.SE, 0)+linearSE
	if compareLogLoss(out, firstOutput(oof), t) > se {
		return nil
	}
	if final.likelihood != "Bernoulli" || compareLogLoss(out, final.loo, t) <= se {
		// A Gaussian pruning refits the selection's squared error, whose fold models made the
		// first comparison; a Bernoulli one can do far better than they say, but not better
		// than its own leave-one-out logits, which flatter it.
		return out
	}
	if ref, rows := pruned(); ref != nil && compareOn(out, ref, t, rows) > se {
		return nil
	}
	return out
}

// ridgeChose ends Chose where the ridge contender replaced a regression's model.
const ridgeChose = "; " + model.RidgeChose + ", as its cross-validated squared error was no higher"

// ridgeSE is the margin, in paired standard errors of the out-of-fold squared error, by which the
// ridge contender may do worse than the selection and still replace it, beyond the size rule's
// tolerance (Auto.SE): -1, so none at the default tolerance of 1 (one under -prefer small,
// whose tolerance is 2; the contender must do better under -prefer accurate, tolerance 0). The
// logistic contender's margin (the tolerance plus linearSE, 2) let it replace models on 44 of
// 74 regressions, better on 21 and worse on 23 (R's rabbit 21.7 -> 29.6, insurance 575 -> 719),
// x1.004 the test MSE; at 0, x0.995 (better 8, worse 5 by at most 2.6 %); at -1, x0.9994.
const ridgeSE = -1

// ridgeContender is linearContender for a regression: the ridge regression on the inputs (their
// linear terms sharing one precision, fitted by the Gaussian evidence) cross-validated on the
// folds of the race, whose out-of-fold decisions it returns if their squared error is at most
// Auto.SE plus ridgeSE paired standard errors above that of the selection's (oof); nil if not, or if a
// posterior cannot be computed. On a few tens of points the selection's choice of width and
// size among tens of configurations is noisy, and a model of several nodes can do worse than
// the inputs' linear terms (boot's nuclear, 22 training points of 10 inputs: test MSE 17,306
// against 15,374).
func (a *Auto) ridgeContender(Z, Y [][]float64, folds []int, w Weighting, tau float64, oof [][]float64) []float64 {
	m := len(Z[0])
	out := make([]float64, len(Z))
	if !a.foldDecisions("linear contender", foldList(folds), out, func(f int) ([]float64, []int) {
		return a.foldNodes(Z, Y, nil, folds, f, w, func(int, int) []int { return nil }).gaussian(tau, a.Workers, m)
	}) {
		return nil
	}
	if compareSquared(rows(out), oof, Y) > a.SE+ridgeSE {
		return nil
	}
	return out
}

// linearFinal fits the linear contender on all points (the weighted inputs Zs) and makes it the
// model: one linear node (keepPruned), the out-of-fold logits oof for the calibration and the
// error estimate. It returns false, the model unchanged, if the posterior cannot be computed.
// A regression's (class nil) is the ridge regression by the Gaussian evidence.
func (res *AutoResult) linearFinal(Zs, Y [][]float64, class []int, oof []float64, workers int) bool {
	m := len(Zs[0])
	var ev evidenceFit
	if class == nil {
		ev = evidencePrune(inputColumns(Zs), Y, false, workers, m)
	} else {
		ev = bernoulliEvidence(inputColumns(Zs), positives(Y[0]), workers, bernoulliNewton, m)
	}
	if !ev.ok || len(ev.keep) == 0 {
		return false
	}
	nodes := len(res.Centres)
	for x := range ev.keep {
		ev.keep[x] += nodes
	}
	res.keepPruned(ev, nodes, m)
	res.OOF, res.Calibrate, res.Estimate, res.EstimateRows = rows(oof), nil, nil, nil
	return true
}

// Logistic fits the logistic regression of the labels t (0 or 1) on the columns cols (each
// N long) with a bias by sparse Bayesian learning with a Bernoulli likelihood
// (bernoulliEvidence): the first len(cols) - group columns each with its own prior precision,
// pruned where the evidence does not support them, the last group sharing one (a ridge whose
// strength the evidence sets, MacKay 1992). It returns the weights (zero for a column pruned)
// and the bias; ok is false where the posterior cannot be computed. workers bounds the
// goroutines of its Gram matrices. The warm-up takes one Newton step to each mode, the last
// mode run to convergence, as the relevance vector machine contender's does: the quadratic
// contender's fits (65 columns at 10 inputs) took a third of a fit with full steps (hastie 127
// -> 190 ms), with one 166 ms, the same choices on the sets measured.
func Logistic(cols [][]float64, t []float64, workers, group int) (w []float64, bias float64, ok bool) {
	if len(cols) == 0 {
		return nil, 0, false
	}
	ev := bernoulliEvidence(cols, t, workers, 1, group)
	if !ev.ok {
		return nil, 0, false
	}
	w = make([]float64, len(cols))
	for x, j := range ev.keep {
		w[j] = ev.w[0][x]
	}
	return w, ev.bias[0], true
}
