package optim

import "math"

// SA is the simulated annealing baseline of Ren and Bai (2011), who compare CCA with SA given the
// same number of cost evaluations as the CCA run used and give no detail of their SA
// (docs/ALGORITHMS.md, section 7):
//
//	draw n0 = min(10, Evaluations) uniform random points; x = the best of them
//	T0 = the standard deviation of their costs (unless T0 is set)
//	for k = 0..K-1, K = Evaluations - n0:
//	    T_k = T0 Cooling^(k/(K-1)) ;  s_k = Step sqrt(T_k / T0)    (geometric cooling)
//	    y_j = x_j + s_k (Upper_j - Lower_j) N(0,1), reflected at the box's faces (then clamped)
//	    accept y if cost(y) <= cost(x), else with probability exp(-(cost(y) - cost(x)) / T_k)
//
// so that the temperature falls by the factor Cooling over the budget and the step, relative to
// the box, by sqrt(Cooling). If the sample's costs have no spread, T0 is |their mean|, or 1 if
// that is 0 too.
//
// A run costs exactly Evaluations evaluations; Result.Iterations is the number of moves K.
// Only the initial sample is a batch (parallel when Settings.Workers > 1); the moves are
// sequential. Result.X is the best point evaluated, not the final state.
type SA struct {
	Evaluations int     // the budget, required > 0 (e.g. a CCA run's Result.Evaluations)
	T0          float64 // initial temperature; 0 means the spread of the initial sample
	Cooling     float64 // final temperature / T0, in (0, 1]; 0 means 1e-6
	Step        float64 // initial standard deviation of a move relative to the box width; 0 means 0.1
}

func (m SA) search(r *runner) (int, error) {
	budget, T0, cooling, step := m.Evaluations, m.T0, m.Cooling, m.Step
	if cooling == 0 {
		cooling = 1e-6
	}
	if step == 0 {
		step = 0.1
	}
	if budget <= 0 || !(T0 >= 0) || math.IsInf(T0, 1) || !(cooling > 0 && cooling <= 1) || !(step > 0) || math.IsInf(step, 1) {
		return 0, settingError("%+v: need Evaluations > 0, finite T0 >= 0, 0 < Cooling <= 1 and a finite Step >= 0", m)
	}

	d := r.dim()
	n0 := min(10, budget)
	sample := rows(n0, d)
	fs := make([]float64, n0)
	for _, x := range sample {
		r.uniform(x)
	}
	r.evalBatch(sample, fs)
	if T0 == 0 {
		T0 = spread(fs)
	}
	i0 := argmin(fs)
	x, y := sample[i0], make([]float64, d)
	fx := fs[i0]

	K := budget - n0
	factor := 1.0 // the temperature's factor per move: Cooling^(1/(K-1))
	if K > 1 {
		factor = math.Pow(cooling, 1/float64(K-1))
	}
	T, s := T0, step
	sFactor := math.Sqrt(factor)
	for range K {
		for j, w := range r.width {
			yj := x[j] + s*w*r.rng.NormFloat64()
			if yj > r.upper[j] {
				yj = 2*r.upper[j] - yj
			}
			if yj < r.lower[j] {
				yj = 2*r.lower[j] - yj
			}
			y[j] = min(max(yj, r.lower[j]), r.upper[j])
		}
		fy := r.eval(y)
		if fy <= fx || r.rng.Float64() < math.Exp(-(fy-fx)/T) { // Metropolis
			x, y = y, x
			fx = fy
		}
		T *= factor
		s *= sFactor
	}
	return K, nil
}

// spread returns the standard deviation of the finite values of f; if it is 0, |their mean|;
// if that is 0 too (or no value is finite), 1.
func spread(f []float64) float64 {
	n, mean := 0.0, 0.0
	for _, v := range f {
		if !math.IsInf(v, 0) {
			n++
			mean += v
		}
	}
	if n == 0 {
		return 1
	}
	mean /= n
	ss := 0.0
	for _, v := range f {
		if !math.IsInf(v, 0) {
			ss += (v - mean) * (v - mean)
		}
	}
	if n > 1 && ss > 0 {
		return math.Sqrt(ss / (n - 1))
	}
	if mean != 0 {
		return math.Abs(mean)
	}
	return 1
}
