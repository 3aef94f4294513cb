package ofs

import (
	"cmp"
	"math"
	"slices"
)

// weights returns the input weights of a weighting, computed on (Z, Y); class is nil for a
// regression (see WeightRelevance). share is WeightInteraction's interactionShares of (Z, Y),
// unused by the others. The weights' mean square is 1 over the varying inputs (those not
// constant on all points; 0: every input), so that a constant input, whose relevance is 0,
// leaves the others' weights as they would be without it.
func weights(Z [][]float64, Y [][]float64, class []int, w Weighting, share []float64, varying int) []float64 {
	m := len(Z[0])
	if varying <= 0 {
		varying = m
	}
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
			s[j] /= math.Sqrt(tot / float64(varying))
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
	out, _ := scaledFlat(Z, scale)
	return out
}

// scaledFlat returns scaled's rows and the one array they lie in, end to end.
func scaledFlat(Z [][]float64, scale []float64) ([][]float64, []float64) {
	m := len(scale)
	flat := make([]float64, len(Z)*m)
	out := make([][]float64, len(Z))
	for i, z := range Z {
		out[i] = flat[i*m : (i+1)*m : (i+1)*m]
		for j, v := range z {
			out[i][j] = v * scale[j]
		}
	}
	return out, flat
}

// scaledPoints returns scaled's rows and the same points as newPoints holds them, over the
// rows' own array: on wide data one copy of the inputs instead of two.
func scaledPoints(Z [][]float64, scale []float64) ([][]float64, points) {
	out, flat := scaledFlat(Z, scale)
	return out, pointsOver(out, flat)
}

// Varying returns the number of columns of Z (N x m) that are not constant, at least 1: the m
// of a width grid (DefaultTaus), as a constant input adds nothing to a distance.
func Varying(Z [][]float64) int {
	v := 0
	for j := range Z[0] {
		for _, z := range Z[1:] {
			if z[j] != Z[0][j] {
				v++
				break
			}
		}
	}
	return max(v, 1)
}
