package ofs

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// interactionBudget bounds the multiply-adds of interactionShares, (K + 2) N m^2: beyond it
// the pairs are not examined (very wide data, where the pairs are too many to tell apart).
const interactionBudget = 4e8

// interactionAlpha is the chance, summed over all pairs of inputs, that a pair of inputs
// without an interaction is counted as one (a Bonferroni bound on the pairs' tests).
const interactionAlpha = 0.01

// interactionLift is the lift of an input's relevance by its products with the others
// (interacting) beyond which Auto races WeightInteraction: a product that explains more than
// a fifth of the targets' variance beyond what its inputs explain alone. Weaker interactions
// are common in real data (image, glass, digits: lifts of 0.01 to 0.15), and racing them was
// a draw (docs/ALGORITHMS.md, section 4.2).
const interactionLift = 0.2

// interactionRows is the most rows interactionShares reads, evenly spread: the shares are
// effect sizes, which a few thousand points measure well enough.
const interactionRows = 2000

// interacting returns the interaction shares of (Z, Y) (interactionShares) and the largest
// lift of an input's relevance by them: its share less its squared relevance (relevances).
func interacting(Z, Y [][]float64, class []int) (share []float64, lift float64) {
	if share = interactionShares(Z, Y); share == nil {
		return nil, 0
	}
	r := relevances(Z, Y, class, false)
	for j := range r {
		lift = max(lift, share[j]-r[j]*r[j])
	}
	return share, lift
}

// interactionShares returns, for each input j of Z (N x m), the largest share of the targets'
// variance that the product of input j with another input explains beyond the two inputs'
// linear terms: with d_j the centred input and u_k the centred targets, the squared partial
// correlation of d_j d_l and u_k given (1, d_j, d_l), averaged over the K outputs. A pair counts
// only where N times the sum of its K squared partial correlations exceeds the chi-square
// quantile of K degrees of freedom at interactionAlpha over the number of pairs; an input of no
// such pair has 0. Nil when the products would cost more than interactionBudget (after
// interactionRows), or with fewer than two inputs or ten points.
//
// The correlations with the targets of the inputs one by one (WeightRelevance) miss an effect
// that lives in a product: sign(x1 x2) is uncorrelated with x1 and with x2.
func interactionShares(Z, Y [][]float64) []float64 {
	Z, Y = evenRows(Z, Y, interactionRows)
	n, m, K := len(Z), len(Z[0]), len(Y)
	if m < 2 || n < 10 || float64(K+2)*float64(n)*float64(m)*float64(m) > interactionBudget {
		return nil
	}
	D := mat.NewDense(n, m, nil)  // centred inputs
	D2 := mat.NewDense(n, m, nil) // their squares
	col := make([]float64, n)
	for j := range m {
		for i, z := range Z {
			col[i] = z[j]
		}
		normalScores(col)
		var mean float64
		for _, v := range col {
			mean += v
		}
		mean /= float64(n)
		for i, v := range col {
			d := v - mean
			D.Set(i, j, d)
			D2.Set(i, j, d*d)
		}
	}
	var S, T, Q mat.Dense
	S.Mul(D.T(), D)                // S_jl = sum d_j d_l
	T.Mul(D2.T(), D)               // T_jl = sum d_j^2 d_l
	Q.Mul(D2.T(), D2)              // Q_jl = sum d_j^2 d_l^2
	U := make([]*mat.Dense, K)     // U_k[j][l] = sum d_j d_l u_k
	Du := make([]*mat.VecDense, K) // Du_k[j] = sum d_j u_k
	uu := make([]float64, K)
	Dw := mat.NewDense(n, m, nil)
	for k, y := range Y {
		var ym float64
		for _, v := range y {
			ym += v
		}
		ym /= float64(n)
		u := make([]float64, n)
		for i, v := range y {
			u[i] = v - ym
			uu[k] += u[i] * u[i]
		}
		Du[k] = mat.NewVecDense(m, nil)
		Du[k].MulVec(D.T(), mat.NewVecDense(n, u))
		for i := range n {
			for j := range m {
				Dw.Set(i, j, D.At(i, j)*u[i])
			}
		}
		U[k] = mat.NewDense(m, m, nil)
		U[k].Mul(Dw.T(), D)
	}
	pairs := float64(m*(m-1)) / 2
	crit := chiSquareQuantile(K, 1-interactionAlpha/pairs)
	share := make([]float64, m)
	for j := range m {
		for l := j + 1; l < m; l++ {
			sjj, sjl, sll := S.At(j, j), S.At(j, l), S.At(l, l)
			det := sjj*sll - sjl*sjl
			if det <= 1e-9*sjj*sll { // collinear (or constant) inputs: no product of its own
				continue
			}
			// b = X'p for X = (d_j, d_l), p = d_j d_l; |p_c|^2 = sum p^2 - (sum p)^2 / N.
			bj, bl := T.At(j, l), T.At(l, j)
			pp := Q.At(j, l) - sjl*sjl/float64(n)
			// G^-1 b, G = X'X.
			gj, gl := (sll*bj-sjl*bl)/det, (sjj*bl-sjl*bj)/det
			pres := pp - (bj*gj + bl*gl) // |p_res|^2
			if pres <= 1e-9*pp {
				continue
			}
			var stat, r2 float64
			for k := range K {
				xj, xl := Du[k].AtVec(j), Du[k].AtVec(l)
				hj, hl := (sll*xj-sjl*xl)/det, (sjj*xl-sjl*xj)/det
				ures := uu[k] - (xj*hj + xl*hl)
				if ures <= 1e-12*uu[k] {
					continue
				}
				c := U[k].At(j, l) - (gj*xj + gl*xl) // p_res . u
				r := c * c / (pres * ures)
				stat += float64(n) * r
				r2 += r
			}
			if stat <= crit {
				continue
			}
			r2 /= float64(K)
			share[j], share[l] = max(share[j], r2), max(share[l], r2)
		}
	}
	return share
}

// chiSquareQuantile returns the p-quantile of a chi-square of k degrees of freedom by the
// Wilson-Hilferty approximation, k (1 - 2/(9k) + z sqrt(2/(9k)))^3 with z the normal
// p-quantile (within a few per cent in the upper tail for any k).
func chiSquareQuantile(k int, p float64) float64 {
	z := math.Sqrt2 * math.Erfinv(2*p-1)
	v := 2 / (9 * float64(k))
	c := 1 - v + z*math.Sqrt(v)
	return float64(k) * c * c * c
}

// normalScores replaces the values of x by the normal quantiles of their mid-ranks,
// Phi^-1((r - 1/2) / N), tied values sharing their mean rank: the products of two inputs then
// do not hang on a few extreme values, as those of skewed inputs do.
func normalScores(x []float64) {
	n := len(x)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(x[a], x[b]) })
	score := make([]float64, n)
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && x[idx[hi]] == x[idx[lo]] {
			hi++
		}
		r := float64(lo+hi+1) / 2 // the mean of the ranks lo+1 .. hi
		z := math.Sqrt2 * math.Erfinv(2*(r-0.5)/float64(n)-1)
		for _, i := range idx[lo:hi] {
			score[i] = z
		}
		lo = hi
	}
	copy(x, score)
}
