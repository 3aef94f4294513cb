package sparsekernel

import (
	"math"
	"slices"

	"github.com/sparsekernel/sparsekernel/model"
)

// powerSkew is the sample skewness beyond which an input is offered a power transform.
const powerSkew = 1

// powerRange bounds the Yeo-Johnson power fitted to an input.
var powerRange = [2]float64{-3, 3}

// fitPower returns a power transform (model.Power) of X's skewed inputs: those of more than
// two distinct values whose sample skewness exceeds powerSkew in size, each shifted to start at
// 0 and divided by the median of its excess over its minimum (so that the transform depends
// neither on the input's units nor on its origin, and a heavy tail, which would set its
// standard deviation, does not leave the bulk of the points in a sliver near 0), with the
// power of greatest Gaussian likelihood in powerRange (Yeo and Johnson 2000); nil if no input
// is transformed. The default races the transformed inputs against the inputs as they are
// (ofs.Auto.Alt).
func fitPower(X [][]float64) *model.Power {
	m := len(X[0])
	p := &model.Power{Shift: make([]float64, m), Scale: make([]float64, m), Lambda: make([]float64, m)}
	kept := false
	u := make([]float64, len(X))
	for j := range m {
		p.Scale[j], p.Lambda[j] = 1, 1
		lo, sd, skew, levels := columnShape(X, j)
		if levels <= 2 || !(sd > 0) || math.IsInf(sd, 0) || !(math.Abs(skew) > powerSkew) || math.IsInf(skew, 0) {
			continue
		}
		scale := typicalAbove(X, j, lo)
		for i, x := range X {
			u[i] = (x[j] - lo) / scale
		}
		l := bestPower(u)
		if math.Abs(l-1) < 0.05 {
			continue
		}
		p.Shift[j], p.Scale[j], p.Lambda[j] = lo, scale, l
		kept = true
	}
	if !kept {
		return nil
	}
	return p
}

// typicalAbove returns the median of input j's excess over lo among the points above it.
func typicalAbove(X [][]float64, j int, lo float64) float64 {
	var d []float64
	for _, x := range X {
		if x[j] > lo {
			d = append(d, x[j]-lo)
		}
	}
	slices.Sort(d)
	return d[len(d)/2]
}

// columnShape returns input j's minimum, sample standard deviation and skewness over X, and
// its number of distinct values up to 3.
func columnShape(X [][]float64, j int) (lo, sd, skew float64, levels int) {
	n := float64(len(X))
	var mean float64
	lo = math.Inf(1)
	var seen []float64
	for _, x := range X {
		v := x[j]
		mean += v / n
		lo = min(lo, v)
		if len(seen) < 3 && !slices.Contains(seen, v) {
			seen = append(seen, v)
		}
	}
	var m2, m3 float64
	for _, x := range X {
		d := x[j] - mean
		m2 += d * d / n
		m3 += d * d * d / n
	}
	if m2 <= 0 || n < 2 {
		return lo, 0, 0, len(seen)
	}
	return lo, math.Sqrt(m2 * n / (n - 1)), m3 / math.Pow(m2, 1.5), len(seen)
}

// bestPower returns the power of greatest profile log-likelihood of u >= 0 under a Gaussian,
// -N/2 ln(var(t)) + (lambda - 1) sum ln(u + 1) (Box and Cox 1964 on u + 1; Yeo and Johnson
// 2000), by golden-section search over powerRange (the likelihood is unimodal in lambda).
func bestPower(u []float64) float64 {
	var jac float64 // sum ln(u + 1)
	for _, v := range u {
		jac += math.Log1p(v)
	}
	t := make([]float64, len(u))
	lu := make([]float64, len(u)) // ln(u + 1): each power is then one exponential a point
	for i, v := range u {
		lu[i] = math.Log1p(v)
	}
	ll := func(l float64) float64 {
		var mean float64
		for i, v := range lu {
			if t[i] = v; math.Abs(l) >= 1e-12 {
				t[i] = math.Expm1(l*v) / l
			}
			mean += t[i]
		}
		mean /= float64(len(u))
		var ss float64
		for _, v := range t {
			ss += (v - mean) * (v - mean)
		}
		if !(ss > 0) || math.IsInf(ss, 0) {
			return math.Inf(-1)
		}
		return -0.5*float64(len(u))*math.Log(ss/float64(len(u))) + (l-1)*jac
	}
	g := (math.Sqrt(5) - 1) / 2
	a, b := powerRange[0], powerRange[1]
	c, d := b-g*(b-a), a+g*(b-a)
	fc, fd := ll(c), ll(d)
	for b-a > 1e-3 {
		if fc >= fd {
			b, d, fd = d, c, fc
			c = b - g*(b-a)
			fc = ll(c)
		} else {
			a, c, fc = c, d, fd
			d = a + g*(b-a)
			fd = ll(d)
		}
	}
	return (a + b) / 2
}

// powered returns X with p applied to every input (model.Power.Apply).
func powered(X [][]float64, p *model.Power) [][]float64 {
	T := make([][]float64, len(X))
	for i, x := range X {
		T[i] = make([]float64, len(x))
		for j, v := range x {
			T[i][j] = p.Apply(j, v)
		}
	}
	return T
}
