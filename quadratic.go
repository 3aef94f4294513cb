package sparsekernel

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/model"
)

// classGaussian is one class's Gaussian in the standardised inputs: its mean and the lower
// triangular R with R' R the inverse of its shrunk covariance, and log det of that covariance.
type classGaussian struct {
	mean   []float64
	R      [][]float64
	logDet float64
}

// value returns the class's log-density at z up to its constant: -0.5 ||R (z - mean)||^2,
// the value of the quadratic node it becomes.
func (g classGaussian) value(z []float64) float64 { return model.Quadratic(z, g.mean, g.R) }

// fitGaussians returns every class's Gaussian fitted on the points of Z with use[i] true (all
// if use is nil), its covariance shrunk towards the identity, (1 - shrink) S + shrink I (the
// inputs are standardised). ok is false if a covariance is not positive definite.
func fitGaussians(Z [][]float64, class []int, classes int, use []bool, shrink float64) ([]classGaussian, bool) {
	means, covs := classMoments(Z, class, classes, use)
	return gaussiansFrom(means, covs, shrink)
}

// classMoments returns every class's mean and covariance (divisor count - 1, at least 1) over
// the points of Z with use[i] true (all if use is nil).
func classMoments(Z [][]float64, class []int, classes int, use []bool) ([][]float64, []*mat.SymDense) {
	m := len(Z[0])
	rows := make([][]int, classes)
	for i, c := range class {
		if use == nil || use[i] {
			rows[c] = append(rows[c], i)
		}
	}
	means, covs := make([][]float64, classes), make([]*mat.SymDense, classes)
	for c, idx := range rows {
		means[c] = make([]float64, m)
		covs[c] = mat.NewSymDense(m, nil)
		if len(idx) == 0 {
			continue
		}
		for _, i := range idx {
			for j, v := range Z[i] {
				means[c][j] += v
			}
		}
		for j := range means[c] {
			means[c][j] /= float64(len(idx))
		}
		D := mat.NewDense(len(idx), m, nil)
		for r, i := range idx {
			row := D.RawRowView(r)
			for j, v := range Z[i] {
				row[j] = v - means[c][j]
			}
		}
		covs[c].SymOuterK(1/max(float64(len(idx)-1), 1), D.T())
	}
	return means, covs
}

// gaussiansFrom returns the class Gaussians of the given means and covariances, each
// covariance shrunk to (1 - shrink) S + shrink I; ok is false if one is not positive definite.
func gaussiansFrom(means [][]float64, covs []*mat.SymDense, shrink float64) ([]classGaussian, bool) {
	out := make([]classGaussian, len(means))
	for c := range out {
		m := len(means[c])
		S := mat.NewSymDense(m, nil)
		for j := range m {
			for l := j; l < m; l++ {
				v := (1 - shrink) * covs[c].At(j, l)
				if j == l {
					v += shrink
				}
				S.SetSym(j, l, v)
			}
		}
		var ch mat.Cholesky
		if !ch.Factorize(S) {
			return nil, false
		}
		var L, Li mat.TriDense
		ch.LTo(&L)
		if err := Li.InverseTri(&L); err != nil {
			return nil, false
		}
		R := make([][]float64, m)
		for j := range R {
			R[j] = make([]float64, j+1)
			for l := range R[j] {
				R[j][l] = Li.At(j, l)
			}
		}
		out[c] = classGaussian{mean: means[c], R: R, logDet: ch.LogDet()}
	}
	return out, true
}

// quadraticShrinks are the covariance shrinkages the class Gaussians are fitted with; the one
// of least out-of-fold Brier score of the quadratic discriminant is kept. The inputs are
// standardised, and correlated measurements leave covariance eigenvalues of a thousandth of
// the variance (mlbench's vehicle: the quadratic discriminant makes 13 to 18 % test errors
// at 0.001, 22 to 28 % at 0.1).
var quadraticShrinks = []float64{0.001, 0.01, 0.1, 0.3, 0.6, 0.9}

// quadraticFeatures returns every point's class log-densities (up to their constants) from
// class Gaussians fitted without its group (the j-th point of each class in group j mod
// groups), at the shrinkage of least out-of-fold Brier score of the quadratic discriminant
// (priors the classes' frequencies), and that shrinkage. ok is false if no fit succeeded.
// The Brier score, not the log-loss: at a small shrinkage a point far from its class's
// Gaussian gets a log-loss in the hundreds, and two such points of 564 decided the log-loss's
// choice on vehicle (0.6, where 0.01 made half the out-of-fold mistakes); a point costs the
// Brier score at most 2.
func quadraticFeatures(Z [][]float64, class []int, classes, groups int) ([][]float64, float64, bool) {
	n := len(Z)
	group := calibrate.Groups(class, classes, groups)
	type fold struct {
		means [][]float64
		covs  []*mat.SymDense
		prior []float64 // log of the classes' shares of the fold's training points
		held  []int
	}
	folds := make([]fold, 0, groups)
	for g := range groups {
		use := make([]bool, n)
		var f fold
		count := make([]float64, classes)
		for i := range use {
			use[i] = group[i] != g
			if use[i] {
				count[class[i]]++
			} else {
				f.held = append(f.held, i)
			}
		}
		if len(f.held) == 0 {
			continue
		}
		f.means, f.covs = classMoments(Z, class, classes, use)
		f.prior = make([]float64, classes)
		for c, v := range count {
			f.prior[c] = math.Log(max(v, 0.5) / float64(n-len(f.held)))
		}
		folds = append(folds, f)
	}
	var (
		bestH    [][]float64
		bestS    float64
		bestLoss = math.Inf(1)
	)
	for _, shrink := range quadraticShrinks {
		// H, and the quadratic discriminant's logits: log-density, log det and prior.
		H, logits := make([][]float64, n), make([][]float64, n)
		ok := true
		for _, f := range folds {
			gs, fitted := gaussiansFrom(f.means, f.covs, shrink)
			if !fitted {
				ok = false
				break
			}
			for _, i := range f.held {
				H[i], logits[i] = make([]float64, classes), make([]float64, classes)
				for c, gc := range gs {
					H[i][c] = gc.value(Z[i])
					logits[i][c] = H[i][c] - 0.5*gc.logDet + f.prior[c]
				}
			}
		}
		if !ok {
			continue
		}
		if loss := calibrate.LogitBrier(logits, class); loss < bestLoss {
			bestH, bestS, bestLoss = H, shrink, loss
		}
	}
	return bestH, bestS, bestH != nil
}
