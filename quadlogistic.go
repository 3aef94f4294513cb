package sparsekernel

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/ofs"
)

// quadLogisticInputs bounds the inputs of the logistic regression on the inputs, their squares
// and their products (quadLogistic): m (m + 3) / 2 columns, 65 at 10 inputs; quadLogisticWork
// bounds N times the columns squared, the cost of one of its Gram matrices (10,000 points of 10
// inputs: 4.2e7, half a second for the six fits).
const (
	quadLogisticInputs = 10
	quadLogisticWork   = 2e9
)

// quadLogisticAffordable reports whether n points of m inputs are within both bounds.
func quadLogisticAffordable(n, m int) bool {
	p := float64(m * (m + 3) / 2)
	return m <= quadLogisticInputs && float64(n)*p*p <= quadLogisticWork
}

// quadForm is a function of the standardised inputs z: bias + v'z + z'Az, A symmetric.
type quadForm struct {
	bias float64
	v    []float64
	A    [][]float64
}

// quadColumns returns the columns z_j z_l (j <= l) then z_j of the standardised inputs Z, each
// centred and scaled to unit variance over the points, and for each its mean and standard
// deviation (0 for a constant column, left at zero). The products come first: each takes its
// own prior precision in ofs.Logistic, pruned where the evidence does not support it; the
// inputs' linear terms, last, share one.
func quadColumns(Z [][]float64) (cols [][]float64, mean, sd []float64) {
	m, n := len(Z[0]), float64(len(Z))
	add := func(f func(z []float64) float64) {
		c := make([]float64, len(Z))
		var mu float64
		for i, z := range Z {
			c[i] = f(z)
			mu += c[i] / n
		}
		var ss float64
		for i := range c {
			c[i] -= mu
			ss += c[i] * c[i]
		}
		s := math.Sqrt(ss / n)
		for i := range c {
			if s > 0 {
				c[i] /= s
			} else {
				c[i] = 0
			}
		}
		cols, mean, sd = append(cols, c), append(mean, mu), append(sd, s)
	}
	for j := range m {
		for l := j; l < m; l++ {
			add(func(z []float64) float64 { return z[j] * z[l] })
		}
	}
	for j := range m {
		add(func(z []float64) float64 { return z[j] })
	}
	return cols, mean, sd
}

// quadLogistic returns the cross-fitted logits of the logistic regression (ofs.Logistic) of a
// two-class problem's labels on the columns of quadColumns (m inputs): each point's from the
// fit without its group (calibrate.Groups, as the discriminant's), nil where a fit fails.
func quadLogistic(cols [][]float64, class []int, m, groups, workers int) []float64 {
	n := len(class)
	group := calibrate.Groups(class, 2, groups)
	out := make([]float64, n)
	for g := range groups {
		var tr, held []int
		for i := range n {
			if group[i] == g {
				held = append(held, i)
			} else {
				tr = append(tr, i)
			}
		}
		if len(held) == 0 {
			continue
		}
		w, b, ok := ofs.Logistic(pickColumns(cols, tr), labels01(class, tr), workers, m)
		if !ok {
			return nil
		}
		for _, i := range held {
			f := b
			for k, c := range cols {
				f += w[k] * c[i]
			}
			out[i] = f
		}
	}
	return out
}

// quadLogisticForm fits the logistic regression on all the points and returns it as a function
// of the standardised inputs (m of them), the columns' centring and scaling undone.
func quadLogisticForm(cols [][]float64, mean, sd []float64, class []int, m, workers int) (quadForm, bool) {
	all := make([]int, len(class))
	for i := range all {
		all[i] = i
	}
	w, b, ok := ofs.Logistic(cols, labels01(class, all), workers, m)
	if !ok {
		return quadForm{}, false
	}
	q := quadForm{bias: b, v: make([]float64, m), A: make([][]float64, m)}
	for j := range q.A {
		q.A[j] = make([]float64, m)
	}
	k := 0
	coef := func() float64 { // column k's weight on its raw feature, its mean into the bias
		c := 0.0
		if sd[k] > 0 {
			c = w[k] / sd[k]
		}
		q.bias -= c * mean[k]
		k++
		return c
	}
	for j := range m {
		for l := j; l < m; l++ {
			if c := coef(); j == l {
				q.A[j][j] = c
			} else {
				q.A[j][l], q.A[l][j] = c/2, c/2
			}
		}
	}
	for j := range m {
		q.v[j] = coef()
	}
	return q, true
}

// nodes returns the form as the two quadratic nodes of a model, a = -0.5 ||R1 (z - c1)||^2 of
// weight -1 and b = -0.5 ||R2 z||^2 of weight 1, and the bias that completes it:
// z'Az = z'M1 z - z'M2 z with M1 = A+ + eI and M2 = A- + eI (A's positive and negative parts
// by its eigenvalues, e their largest magnitude, so that both are well conditioned; e cancels),
// R'R = 2M, and v'z = -2 c1'M1 z, c1 = -M1^-1 v / 2, whose constant c1'M1 c1 leaves the bias.
// As class Gaussians (classGaussian.node) so that the model's input weights apply.
func (q quadForm) nodes() (a, b classGaussian, bias float64, ok bool) {
	m := len(q.v)
	S := mat.NewSymDense(m, nil)
	for j := range m {
		for l := j; l < m; l++ {
			S.SetSym(j, l, q.A[j][l])
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(S, true) {
		return a, b, 0, false
	}
	vals := eig.Values(nil)
	var V mat.Dense
	eig.VectorsTo(&V)
	e := 1e-3
	for _, l := range vals {
		e = max(e, math.Abs(l))
	}
	part := func(sign float64) *mat.SymDense { // M = V diag(max(sign l, 0) + e) V'
		M := mat.NewSymDense(m, nil)
		for j := range m {
			for l := j; l < m; l++ {
				var s float64
				for k, lam := range vals {
					s += V.At(j, k) * V.At(l, k) * (max(sign*lam, 0) + e)
				}
				M.SetSym(j, l, s)
			}
		}
		return M
	}
	M1, M2 := part(1), part(-1)
	var c1 mat.VecDense
	var ch mat.Cholesky
	if !ch.Factorize(M1) || ch.SolveVecTo(&c1, mat.NewVecDense(m, q.v)) != nil {
		return a, b, 0, false
	}
	c1.ScaleVec(-0.5, &c1)
	// The nodes' R from the covariances (2M)^-1, as gaussiansFrom takes them.
	covs := make([]*mat.SymDense, 2)
	for x, M := range []*mat.SymDense{M1, M2} {
		var two mat.SymDense
		two.ScaleSym(2, M)
		var chm mat.Cholesky
		if !chm.Factorize(&two) {
			return a, b, 0, false
		}
		covs[x] = mat.NewSymDense(m, nil)
		if chm.InverseTo(covs[x]) != nil {
			return a, b, 0, false
		}
	}
	gs, ok := gaussiansFrom([][]float64{c1.RawVector().Data, make([]float64, m)}, covs, 0)
	if !ok {
		return a, b, 0, false
	}
	return gs[0], gs[1], q.bias - mat.Inner(&c1, M1, &c1), true
}

// pickColumns returns the columns cols at the rows rows.
func pickColumns(cols [][]float64, rows []int) [][]float64 {
	out := make([][]float64, len(cols))
	for k, c := range cols {
		out[k] = make([]float64, len(rows))
		for x, i := range rows {
			out[k][x] = c[i]
		}
	}
	return out
}

// labels01 returns 1 for the rows of class 1, else 0.
func labels01(class []int, rows []int) []float64 {
	t := make([]float64, len(rows))
	for x, i := range rows {
		if class[i] == 1 {
			t[x] = 1
		}
	}
	return t
}
