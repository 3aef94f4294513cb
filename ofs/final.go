package ofs

import (
	"slices"
	"sync"
)

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
	var zp points
	fp.Zs, zp = scaledPoints(Z, fp.scale)
	g := newGaussiansAt(fp.pts, fp.dirs, fp.Zs, zp).at(tau)
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
	pTr, pVa           points // Ztr and Zva as newGaussiansAt takes them
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
	fm.Ztr, fm.pTr = scaledPoints(fm.Ztr, scale)
	fm.Zva, fm.pVa = scaledPoints(fm.Zva, scale)
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
	at := func(Z [][]float64, p points, fixed [][]float64) ([][]float64, func()) {
		if len(fm.centres) == 0 {
			return slices.Clip(fixed), func() {}
		}
		k := newGaussiansAt(fm.centres, nil, Z, p)
		return append(rowsOf(k.at(tau), len(fm.centres), len(Z)), fixed...), k.release
	}
	cTr, releaseTr := at(fm.Ztr, fm.pTr, fm.fixTr)
	cVa, releaseVa := at(fm.Zva, fm.pVa, fm.fixVa)
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
