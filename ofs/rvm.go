package ofs

import (
	"math"
	"slices"
)

// A two-class model's contender: a relevance vector machine (Tipping 2001, section 4: the
// Bernoulli likelihood) on up to rvmCandidates of the fit's candidate centres and its linear
// directions, at the chosen width times 1, 2, 4, 8 or 16. Forward selection on the squared
// error asks every point to sit at +-1, which a boundary that is sharp and curved (a sphere,
// the class of sum x_j^2 against a threshold; an exclusive or) meets only with many narrow
// nodes, and the evidence pruning of section 4.7 starts from those nodes; the Bernoulli
// likelihood on all the candidates at once asks only that each point sit on its side, and
// wider nodes than the squared error's do that best there. The contender is
// cross-validated on the folds of the race (the width on the first fold by the held-out
// log-loss of its logits, then the other folds at that width) and replaces the model only if
// the log-loss of its out-of-fold logits, Platt-calibrated, is lower than that of the
// selection's out-of-fold decisions by more than rvmSE paired standard errors.

// The contender's settings: the candidate centres at most (every fold's, a stride through its
// random points and prototypes); the width factors raced; the margin in paired standard errors.
const (
	rvmCandidates = 50
	rvmSE         = 1
)

var rvmFactors = []float64{1, 2, 4, 8, 16}

// rvmResult is a contender that did better out of fold.
type rvmResult struct {
	tau    float64   // its width
	oof    []float64 // its out-of-fold logits
	labels []float64 // the points' Bernoulli labels (positives)
	margin float64   // by how many paired standard errors its log-loss was lower
}

// rvmColumns returns the indices of the contender's candidates among np centres then nd linear
// directions: at most rvmCandidates centres, a stride through them, and every direction.
func rvmColumns(np, nd int) []int {
	var out []int
	step := float64(np) / float64(min(rvmCandidates, np))
	for x := 0.0; int(x) < np; x += step {
		out = append(out, int(x))
	}
	for i := range nd {
		out = append(out, np+i)
	}
	return out
}

// rvmFold returns the contender's logits at fold f's held-out points (weighting w, width tau),
// and those points; nil if its posterior cannot be computed.
func (a *Auto) rvmFold(Z, Y [][]float64, class, folds []int, f int, w Weighting, tau float64) ([]float64, []int) {
	return a.foldNodes(Z, Y, class, folds, f, w, rvmColumns).bernoulli(tau, a.Workers, 1, 0)
}

// decisions returns a one-output fit's decisions bias + sum_j w_j c_keep[j] at n points, the
// columns c over every candidate.
func (ev evidenceFit) decisions(c [][]float64, n int) []float64 {
	out := make([]float64, n)
	for v := range out {
		fv := ev.bias[0]
		for x, j := range ev.keep {
			fv += ev.w[0][x] * c[j][v]
		}
		out[v] = fv
	}
	return out
}

// rvmContender cross-validates the contender of a two-class model of weighting w and width tau
// whose out-of-fold decisions are oof, and returns it if it does better (nil if not).
func (a *Auto) rvmContender(Z, Y [][]float64, class, folds []int, w Weighting, tau float64, oof [][]float64) *rvmResult {
	logits := make([]float64, len(Z))
	// The width on the first fold: the held-out log-loss of the logits themselves.
	first := make([][]float64, len(rvmFactors))
	_, rows := foldRows(folds, 0)
	a.parallel("relevance vector machine", len(rvmFactors), func(i int) {
		first[i], _ = a.rvmFold(Z, Y, class, folds, 0, w, rvmFactors[i]*tau)
	})
	best, least := -1, math.Inf(1)
	for i, f := range first {
		if f == nil {
			continue
		}
		var l float64
		for v, r := range rows {
			l += logLoss(f[v], Y[0][r] > 0)
		}
		if l < least {
			best, least = i, l
		}
	}
	if best < 0 {
		return nil
	}
	for v, r := range rows {
		logits[r] = first[best][v]
	}
	tauR := rvmFactors[best] * tau
	rest := foldList(folds)[1:] // the other folds, at the first fold's width
	if !a.foldDecisions("relevance vector machine", rest, logits, func(f int) ([]float64, []int) {
		return a.rvmFold(Z, Y, class, folds, f, w, tauR)
	}) {
		return nil
	}
	t := positives(Y[0])
	if m := compareLogLoss(logits, firstOutput(oof), t); m < -rvmSE {
		return &rvmResult{tau: tauR, oof: logits, labels: t, margin: -m}
	}
	return nil
}

// beatsPruned reports whether the contender rv, which did better out of fold than the
// selection's fold models, also does better than those fold models pruned as the final model
// was (final: its pruning; pruned returns their out-of-fold decisions and the points they are
// at, prunedOOF), by more than rvmSE paired standard errors of log-loss: the model it would
// replace is the pruned one, which the pruning (with the inputs' linear terms, linearInputs)
// can make far better than the selection's decisions say (Hastie et al.'s sphere,
// TestRVMContender). Where the pruned fold models cannot be computed, the first comparison
// stands. The final model's approximate leave-one-out logits (a Bernoulli pruning's) leave the
// selection in and so flatter it: a contender that beats them is taken without the prunings
// (the same choices as with them on the 38 two-class development and never-used sets).
func (rv *rvmResult) beatsPruned(final evidenceFit, pruned func() ([]float64, []int)) bool {
	t := rv.labels
	if final.loo != nil && compareLogLoss(rv.oof, final.loo, t) < -rvmSE {
		return true
	}
	ref, rows := pruned()
	return ref == nil || compareOn(rv.oof, ref, t, rows) < -rvmSE
}

// logLoss returns the log-loss of logit f for a point of the positive class (pos) or not.
func logLoss(f float64, pos bool) float64 {
	if pos {
		return softplus(-f)
	}
	return softplus(f)
}

// rvmFinal fits the contender on all points: the candidates pts (then the linear directions
// dirs) of the final model in the weighted inputs Zs, at width tau. It sets res's nodes,
// weights and out-of-fold logits (those of the contender's fold models, for the calibration
// and the error estimate) and returns the number of candidates, 0 (res unchanged) if the
// posterior cannot be computed or keeps more nodes than Auto.MaxSize, the node budget.
func (a *Auto) rvmFinal(res *AutoResult, Zs, Y [][]float64, pts, dirs [][]float64, tau float64, oof []float64) int {
	use := rvmColumns(len(pts), len(dirs))
	var centres [][]float64
	for _, c := range use {
		if c < len(pts) {
			centres = append(centres, pts[c])
		}
	}
	k := newGaussians(centres, dirs, Zs)
	defer k.release()
	cols := rowsOf(k.at(tau), len(use), len(Zs))
	ev := bernoulliEvidence(cols, positives(Y[0]), a.Workers, 1, 0)
	if !ev.ok || (a.MaxSize > 0 && len(ev.keep) > a.MaxSize) { // (beyond the node budget)
		return 0
	}
	res.Centres, res.Linear, res.Vars = nil, nil, nil
	for _, x := range ev.keep {
		if c := use[x]; c < len(pts) {
			res.Centres = append(res.Centres, slices.Clone(pts[c]))
			res.Linear = append(res.Linear, false)
			res.Vars = append(res.Vars, tau/2)
		} else {
			res.Centres = append(res.Centres, slices.Clone(dirs[c-len(pts)]))
			res.Linear = append(res.Linear, true)
			res.Vars = append(res.Vars, 0)
		}
	}
	res.Weights, res.Bias, res.Tau = ev.w, ev.bias, tau
	res.OOF, res.Calibrate, res.Estimate, res.EstimateRows = rows(oof), nil, nil, nil
	return len(use)
}
