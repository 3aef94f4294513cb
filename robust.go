package sparsekernel

import (
	"fmt"
	"math"
	"slices"

	"github.com/sparsekernel/sparsekernel/internal/median"
	"github.com/sparsekernel/sparsekernel/model"
)

// The losses a regression is fitted with (Options.Loss).
const (
	// LossAuto is the default: the Huber loss for method auto where the residuals of its
	// squared-error fit are heavy-tailed (heavyTails) and the targets not strongly skewed
	// (skewedTargets), else the squared error; the squared error for the other methods.
	LossAuto = "auto"
	// LossSquared is the squared error, as the published methods have it.
	LossSquared = "squared"
	// LossHuber is Huber's loss: squared within huberK robust standard deviations of the fit,
	// linear beyond, so that a few wild targets (a typo, another unit) pull the fit no further
	// than huberK standard deviations would.
	LossHuber = "huber"
)

// losses are the values Options.Loss takes.
var losses = []string{"", LossAuto, LossSquared, LossHuber}

// huberK is the Huber loss's threshold in robust standard deviations of the residuals: 1.345,
// of 95 % efficiency where the errors are Gaussian (Huber, Robust Statistics, 1981).
const huberK = 1.345

// heavyTails is by how much the mean log-likelihood a point of the squared-error fit's
// residuals must be greater under Huber's least favourable distribution than under a Gaussian
// (each at its maximum-likelihood scale) for LossAuto to refit with the Huber loss. Measured
// (docs/ALGORITHMS.md, section 4.14): at most 0.035 on three development regressions, up to
// 0.115 on Boston housing's censored prices; medians of 0.14 to 0.57 with 1 to 10 % of the
// targets moved by 4 to 10 standard deviations.
const heavyTails = 0.1

// skewedTargets bounds, for LossAuto, the quantile skewness of the targets (skewness): beyond
// it (one of the targets' outer tails, from their median to the 10th or 90th percentile, more
// than five times as long as the other) heavy-tailed residuals are taken for the data's own
// (counts, sizes or prices spanning orders of magnitude, whose largest values are real and
// whose squared error the mean predicts best), and the squared error is kept. Measured
// (docs/ALGORITHMS.md, section 4.14): on 50 regressions of R's packages the Huber loss was
// worse where it fired on targets skewed beyond it (mammals' brain weights 1.57 times the
// squared error's test MSE, phones 1.34, insurance claims 1.28), while the development sets
// with targets moved by 4 to 10 standard deviations, where it wins, are skewed 0.64 at most.
const skewedTargets = 2.0 / 3

// startK is the threshold, in robust standard deviations of the targets about their median,
// beyond which the first Huber refit moves a target: wide, so that it moves the wild targets
// that pulled the squared-error fit (which would bias every out-of-fold prediction it gives)
// and leaves the function's own extremes to the refits after it.
const startK = 3

// huberRefits bounds the refits of the Huber loss's iteration, each a whole fit: the pseudo
// targets rarely settle (each fit's size and width move its out-of-fold predictions), so most
// Huber fits take all four, five fits in all.
const huberRefits = 4

// robustFit refits the regression of fc with the Huber loss, where opt.Loss asks for it or
// (LossAuto, method auto) the residuals of the squared-error fit in fc are heavy-tailed and
// the targets not strongly skewed. The
// refits are of pseudo targets (as in Oh, Nychka and Lee, The role of pseudo data for robust
// smoothing with application to wavelet regression, 2007, but on held-out residuals): with
// g_i a prediction of target i and r_i = y_i - g_i, med and s the median and the robust
// standard deviation of the r_i, a target with |r_i - med| > k s is moved to g_i + med +- k s,
// the others kept, and the whole fit is made again on them. The first refit takes g_i the
// targets' median and k = startK (the wild targets pulled the squared-error fit, so its
// predictions are no start); each refit after it takes g_i the out-of-fold prediction of the
// fit before (by the model of the folds that left point i out, so that a target does not pull
// the prediction it is compared with) and k = huberK, until the same targets are moved the
// same way twice running, or huberRefits refits. The model's estimated error is then the
// out-of-fold mean squared error of the targets themselves (its curves stay those of the
// moved targets). fresh makes the model a refit fills in, Z the standardised inputs. It
// returns the context of the fit kept.
func robustFit(fc *fitContext, fit func(*fitContext) error, fresh func() *model.Model, Z [][]float64) (*fitContext, error) {
	opt, y := fc.opt, fc.p.y
	switch opt.Loss {
	case LossSquared:
		return fc, nil
	case "", LossAuto:
		if opt.Method != Auto {
			return fc, nil
		}
	}
	if fc.oof == nil { // (a method without out-of-fold decisions: the others ignore the loss)
		return fc, nil
	}
	var gain float64 // (LossAuto's measure of the squared fit's tails; -loss huber refits anyway)
	if opt.Loss != LossHuber {
		f, err := fc.m.Values(fc.X)
		if err != nil {
			return nil, err
		}
		if gain = huberGain(residuals(y, f), huberK); !(gain > heavyTails) {
			return fc, nil
		}
		if b := skewness(y); math.Abs(b) > skewedTargets {
			fc.m.Training.Chose += fmt.Sprintf("; the squared error kept though its residuals are heavy-tailed (%.2f nats a point above a Gaussian's), the targets being skewed (quantile skewness %.2f: their long tail is taken for the data's own, not for wild values)",
				gain, b)
			return fc, nil
		}
	}
	// The first refit starts from a prediction the wild targets have not pulled, their median,
	// and moves only the farthest; the refits after it, from the out-of-fold predictions.
	held, k := make([]float64, len(y)), float64(startK)
	for i, med := 0, median.Of(y); i < len(held); i++ {
		held[i] = med
	}
	var last []int // the targets the fit in fc moved (+1 up, -1 down), nil for the first
	moves, refits := 0, 0
	for ; refits < huberRefits; refits++ {
		r := residuals(y, held)
		med, s := median.Spread(r)
		if !(s > 0) { // more than half the targets predicted exactly: nothing to bound
			break
		}
		pseudo, side, clipped := slices.Clone(y), make([]int, len(y)), 0
		for i := range y {
			if d := r[i] - med; math.Abs(d) > k*s {
				pseudo[i] = held[i] + med + math.Copysign(k*s, d)
				side[i] = int(math.Copysign(1, d))
				clipped++
			}
		}
		if slices.Equal(side, last) { // the same targets moved the same way: settled
			break
		}
		p := *fc.p
		p.y = pseudo
		o := opt
		if progress, n := opt.Progress, refits+1; progress != nil { // (the stages again, named as a refit's)
			o.Progress = func(stage string, done, total int) {
				progress(fmt.Sprintf("Huber refit %d: %s", n, stage), done, total)
			}
		}
		next := &fitContext{p: &p, X: fc.X, Z: Z, opt: o, m: fresh(), candidates: fc.pool}
		if err := fit(next); err != nil {
			return nil, err
		}
		fc, moves, last = next, clipped, side
		if held, k = outputOf(fc.oof), huberK; held == nil {
			return nil, fmt.Errorf("%s left a point without an out-of-fold prediction (please report this)", opt.Method)
		}
	}
	if refits == 0 {
		return fc, nil
	}
	// The estimates of the targets themselves: the out-of-fold squared error of the last fit's
	// cross-validation (its curves stay those of the moved targets).
	mse := meanSquared(residuals(y, held))
	fc.m.Training.LOOError, fc.m.Training.CVError = mse, mse
	why := ""
	if opt.Loss != LossHuber {
		why = fmt.Sprintf(", the squared error's residuals being heavy-tailed (%.2f nats a point above a Gaussian's)", gain)
	}
	fc.m.Training.Chose += fmt.Sprintf("; Huber loss%s: %d of %d targets moved to %g robust standard deviations from their out-of-fold predictions, %d refits (the error against size is that of the moved targets)",
		why, moves, len(y), huberK, refits)
	return fc, nil
}

// outputOf returns the first output of out-of-fold decisions, nil where a point has none.
func outputOf(oof [][]float64) []float64 {
	if oof == nil {
		return nil
	}
	out := make([]float64, len(oof))
	for i, o := range oof {
		if len(o) == 0 {
			return nil
		}
		out[i] = o[0]
	}
	return out
}

// skewness returns the quantile skewness of y at its 10th and 90th percentiles, (q90 + q10 -
// 2 q50) / (q90 - q10) (Bowley's measure, on the outer deciles): in [-1, 1], 0 for a symmetric
// sample or where q90 = q10, and (t - 1)/(t + 1) where the upper tail q90 - q50 is t times the
// lower (median.Quantiles).
func skewness(y []float64) float64 {
	if len(y) == 0 {
		return 0
	}
	q := median.Quantiles(y, 0.1, 0.5, 0.9)
	lo, mid, hi := q[0], q[1], q[2]
	if !(hi > lo) {
		return 0
	}
	return (hi - mid - (mid - lo)) / (hi - lo)
}

// residuals returns y - f.
func residuals(y, f []float64) []float64 {
	r := make([]float64, len(y))
	for i := range y {
		r[i] = y[i] - f[i]
	}
	return r
}

// meanSquared returns the mean of the squares of r, as a running mean (no overflow of the sum).
func meanSquared(r []float64) float64 {
	var m float64
	for i, v := range r {
		m += (v*v - m) / float64(i+1)
	}
	return m
}

// huberGain returns the mean log-likelihood a point of the residuals r under Huber's least
// favourable distribution of threshold k, density exp(-rho_k(r/s)) / (s c_k) with rho_k(z)
// z^2/2 within k and k|z| - k^2/2 beyond, c_k = sqrt(2 pi) erf(k/sqrt 2) + 2 exp(-k^2/2) / k,
// minus that under a Gaussian, each at the scale of greatest likelihood: positive where r's
// tails are heavier than a Gaussian's. The Huber's scale s solves mean(z rho_k'(z)) = 1, z =
// r/s, whose left side falls as s grows (by bisection on log s, below the root mean square
// sigma, where the left side is at most 1). 0 for residuals that are all 0; the same at any
// scale of r.
func huberGain(r []float64, k float64) float64 {
	n := float64(len(r))
	var big float64
	for _, v := range r {
		big = max(big, math.Abs(v))
	}
	if !(big > 0) {
		return 0
	}
	r = slices.Clone(r) // (divided by the largest: the measure does not depend on the scale)
	var ss float64
	for i := range r {
		r[i] /= big
		ss += r[i] * r[i]
	}
	sigma := math.Sqrt(ss / n)
	gauss := -0.5*math.Log(2*math.Pi*sigma*sigma) - 0.5
	c := math.Sqrt(2*math.Pi)*math.Erf(k/math.Sqrt2) + 2*math.Exp(-k*k/2)/k
	at := func(s float64) (slope, loglik float64) { // mean z rho'(z), mean log-likelihood
		var zp, rho float64
		for _, v := range r {
			z := math.Abs(v / s)
			if z <= k {
				zp, rho = zp+z*z, rho+z*z/2
			} else {
				zp, rho = zp+k*z, rho+k*z-k*k/2
			}
		}
		return zp / n, -rho/n - math.Log(s) - math.Log(c)
	}
	lo, hi := math.Log(sigma)-math.Log(1e6), math.Log(sigma)
	for range 100 {
		mid := (lo + hi) / 2
		if slope, _ := at(math.Exp(mid)); slope > 1 {
			lo = mid
		} else {
			hi = mid
		}
	}
	_, huber := at(math.Exp((lo + hi) / 2))
	return huber - gauss
}
