package ofs

import (
	"math"
	"slices"

	"github.com/sparsekernel/sparsekernel/internal/paired"
)

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
