package optim

import "math"

// RWBS is repeated weighted boosting search, exactly as Chen, Hong, Luk and Harris (2009),
// sections II-B and III-B (docs/ALGORITHMS.md, section 7):
//
//	best := none
//	for gen = 1..Ng:
//	    population u_1..u_Ps: u_1 = best (random if gen == 1), the rest uniform random in the box
//	    delta_i = 1/Ps; J_i = cost(u_i)              (u_1's cost is carried over, not re-evaluated)
//	    for t = 1..Mi:
//	        ib = argmin J (first), iw = argmax J (last)
//	        Jbar_i = J_i / sum_j J_j
//	        xi = sum_i delta_i Jbar_i ;  beta = xi / (1 - xi)
//	        delta_i *= beta^Jbar_i if beta <= 1 else beta^(1 - Jbar_i);  normalise delta
//	        u_a = sum_i delta_i u_i                   (weighted combination, u_{Ps+1})
//	        u_b = u_ib + (u_ib - u_a), clamped to the box   (mirror image, u_{Ps+2})
//	        evaluate u_a, u_b; the better of the two (u_a on a tie) replaces u_iw
//	    best := u_ib of the final population
//	return best
//
// Guards, where the formulas break down:
//   - if all J_i are equal (all zero included), Jbar_i = 1/Ps and the update multiplies every
//     delta_i by the same factor, so the weights are left as they are;
//   - the boosting step assumes costs >= 0 (an MSE, a misclassification rate). If some J_i < 0,
//     the costs are shifted by -min J before normalising; +Inf costs count as the largest
//     finite cost;
//   - if the updated weights sum to zero or overflow (xi = 0 or 1 after underflow), they are
//     reset to 1/Ps.
//
// Taking argmax as the last maximal index keeps iw != ib, so the best member is never replaced:
// the population's best never worsens, the best of generation Ng (the paper's answer) is the best
// point of the whole run, and Result.X is that point (up to ties in cost).
//
// Evaluations: generation 1 costs Ps + 2 Mi and each later one Ps - 1 + 2 Mi, since u_1's cost is
// carried over, so a run costs exactly Ng (Ps + 2 Mi) - (Ng - 1), 4,621 at the paper's Boston
// settings (its eq. 22 counts about Ng (Ps + 2 Mi) per node), fewer if Tol stops a generation
// early. Result.Iterations is Ng. Each new population and each pair u_a, u_b is a batch,
// evaluated in parallel when Settings.Workers > 1.
//
// Chen, Hong, Luk and Harris state no convergence test: all Mi iterations run. Tol > 0 adds
// one, in the spirit of the stopping rule of weighted boosting search in Chen, Wang and Harris
// (2005), where RWBS was introduced, but scale-free: a
// generation's inner loop ends, before evaluating, once
// max_j |u_a,j - u_ib,j| / (Upper_j - Lower_j) < Tol, i.e. once the weighted combination has
// collapsed onto the best member.
type RWBS struct {
	Population  int     // Ps, at least 2; 0 means 7 (the paper's, on Ripley's data)
	Generations int     // Ng; 0 means 11
	Inner       int     // Mi, the boosting iterations per generation; 0 means 400
	Tol         float64 // inner-loop convergence tolerance relative to the box; 0 means none
}

func (m RWBS) search(r *runner) (int, error) {
	Ps, Ng, Mi, tol := m.Population, m.Generations, m.Inner, m.Tol
	if Ps < 0 || Ps == 1 || Ng < 0 || Mi < 0 || !finiteNonNeg(tol) {
		return 0, settingError("RWBS{Population: %d, Generations: %d, Inner: %d, Tol: %g}: need Population >= 2 (or 0) and no negative or not finite parameter", Ps, Ng, Mi, tol)
	}
	if Ps == 0 {
		Ps = 7
	}
	if Ng == 0 {
		Ng = 11
	}
	if Mi == 0 {
		Mi = 400
	}

	d := r.dim()
	u := rows(Ps, d)
	J, delta, Jbar := make([]float64, Ps), make([]float64, Ps), make([]float64, Ps)
	pair := rows(2, d) // u_a, u_b
	ua, ub := pair[0], pair[1]
	fPair := make([]float64, 2)
	best := make([]float64, d)
	var bestJ float64

	for gen := range Ng {
		first := 0
		if gen > 0 {
			copy(u[0], best)
			J[0] = bestJ
			first = 1
		}
		for i := first; i < Ps; i++ {
			if gen == 0 {
				r.initial(i, u[i])
			} else {
				r.uniform(u[i])
			}
		}
		r.evalBatch(u[first:], J[first:])
		for i := range delta {
			delta[i] = 1 / float64(Ps)
		}

		for range Mi {
			ib, iw := argmin(J), argmaxLast(J)
			boost(delta, J, Jbar)

			for j := range ua {
				ua[j] = 0
			}
			for i, ui := range u {
				for j, uij := range ui {
					ua[j] += delta[i] * uij
				}
			}
			r.clamp(ua) // a convex combination: only rounding can leave the box
			for j := range ub {
				ub[j] = u[ib][j] + (u[ib][j] - ua[j])
			}
			r.clamp(ub)
			if tol > 0 && collapsed(r, ua, u[ib], tol) {
				break
			}

			r.evalBatch(pair, fPair)
			k := 0
			if fPair[1] < fPair[0] {
				k = 1
			}
			copy(u[iw], pair[k])
			J[iw] = fPair[k]
		}

		ib := argmin(J)
		copy(best, u[ib])
		bestJ = J[ib]
	}
	return Ng, nil
}

// boost updates the distribution weightings delta from the costs J (Step 1 of the inner loop
// of Chen, Hong, Luk and Harris (2009), section II-B), using Jbar as scratch. See RWBS for the
// guards.
func boost(delta, J, Jbar []float64) {
	lo, hi := math.Inf(1), math.Inf(-1) // smallest cost, largest finite cost
	for _, v := range J {
		lo = min(lo, v)
		if !math.IsInf(v, 1) {
			hi = max(hi, v)
		}
	}
	if !(hi > lo) {
		return // all costs equal (or all +Inf): a uniform factor, nothing to do
	}
	shift := min(lo, 0)
	sum := 0.0
	for i, v := range J {
		Jbar[i] = min(v, hi) - shift
		sum += Jbar[i]
	}
	xi := 0.0
	for i := range Jbar {
		Jbar[i] /= sum
		xi += delta[i] * Jbar[i]
	}
	beta := xi / (1 - xi)
	sum = 0
	for i := range delta {
		if beta <= 1 {
			delta[i] *= math.Pow(beta, Jbar[i])
		} else {
			delta[i] *= math.Pow(beta, 1-Jbar[i])
		}
		sum += delta[i]
	}
	if !(sum > 0) || math.IsInf(sum, 1) {
		for i := range delta {
			delta[i] = 1 / float64(len(delta))
		}
		return
	}
	for i := range delta {
		delta[i] /= sum
	}
}

// argmaxLast returns the last index of the largest of f.
func argmaxLast(f []float64) int {
	k := 0
	for i, v := range f {
		if v >= f[k] {
			k = i
		}
	}
	return k
}

// collapsed reports whether a and b differ by less than tol times the box width in every free
// dimension.
func collapsed(r *runner, a, b []float64, tol float64) bool {
	for j, w := range r.width {
		if w > 0 && math.Abs(a[j]-b[j]) >= tol*w {
			return false
		}
	}
	return true
}
