package optim

import (
	"cmp"
	"math"
	"slices"
)

// CCA is the colonial (imperialist) competitive algorithm of Ren and Bai (2011), after
// Atashpaz-Gargari and Lucas (2007), with the open details fixed as in docs/ALGORITHMS.md,
// section 7:
//
//	countries uniform in the box; evaluate; the Imperialists best become imperialists
//	deal the colonies, in a random order, to the empires in proportion to the
//	    imperialists' normalised power 1.3 max c - c (largest-remainder rounding)
//	for decade = 0..MaxDecades-1:
//	    for each colony:
//	        with probability Revolution * RevolutionDecay^decade: a uniform random point (revolution)
//	        else assimilation: move toward the imperialist by U(0, Beta) times the distance,
//	             along the direction to it turned by an angle U(-MaxAngle, MaxAngle)
//	    evaluate the colonies that moved
//	    in each empire, the best colony swaps places with the imperialist if it is strictly better
//	    total cost of an empire = c(imperialist) + Zeta * mean c(colonies)
//	    competition: the weakest colony of the weakest empire (largest total cost) goes to one of
//	        the other empires, picked with probability proportional to its normalised power;
//	        an empire left without colonies collapses and its imperialist joins the winner as a colony
//	    stop if one empire is left and every colony coincides with its imperialist
//
// Details the papers do not fix:
//   - the angular deviation, in any dimension, turns the move direction e1 by theta in the plane
//     spanned by e1 and a random direction e2 orthogonal to it (e2 from a Gaussian vector);
//     the move is computed in box-relative coordinates (x_j - Lower_j) / (Upper_j - Lower_j), so
//     the angle means the same in every dimension whatever its scale, then clamped to the box;
//   - revolution strikes each colony independently with the decade's probability (a "fraction"
//     in expectation, which also works in empires of one or two colonies);
//   - normalised power: p = max c - c + 0.3 |max c|, i.e. 1.3 max c - c for max c >= 0 (and
//     0.7 max c - c otherwise, the usual extension); +Inf costs get power 0, and if all powers
//     are 0 they are taken as equal;
//   - a colony that coincides exactly with its imperialist does not move and is not
//     re-evaluated (its cost is known), unless revolution strikes it;
//   - "coincide" in the stop rule: every colony within Coincide times the box width of the
//     imperialist in every free dimension.
//
// Result.X is the best point evaluated, which is the final imperialist unless a collapsed
// empire's imperialist (or a swapped-out one) has since moved away from a better point.
// Result.Iterations is the number of decades. Each decade's moved colonies are one batch,
// evaluated in parallel when Settings.Workers > 1.
type CCA struct {
	Countries       int     // N_country; 0 means 20
	Imperialists    int     // N_imp, fewer than Countries; 0 means 5
	Beta            float64 // assimilation: the largest move as a multiple of the distance; 0 means 2
	MaxAngle        float64 // assimilation: the largest angular deviation (radians); 0 means pi/4
	Zeta            float64 // weight of the mean colony cost in an empire's total cost; 0 means 0.1
	Revolution      float64 // revolution probability per colony in decade 0, in [0, 1]; 0 means 0.1
	RevolutionDecay float64 // factor on the revolution probability per decade, in (0, 1]; 0 means 0.9
	MaxDecades      int     // the iteration cap; 0 means 100
	Coincide        float64 // stop tolerance relative to the box width; 0 means 1e-4
}

// empire is an imperialist and its colonies, as indices of countries.
type empire struct {
	imp      int
	colonies []int
}

func (m CCA) search(r *runner) (int, error) {
	p := m.withDefaults()
	if p.Countries < 2 || p.Imperialists < 1 || p.Imperialists >= p.Countries || !finiteNonNeg(p.Beta) ||
		!finiteNonNeg(p.MaxAngle) || !finiteNonNeg(p.Zeta) || !(p.Revolution >= 0 && p.Revolution <= 1) ||
		!(p.RevolutionDecay > 0 && p.RevolutionDecay <= 1) ||
		p.MaxDecades < 0 || !(p.Coincide > 0) || math.IsInf(p.Coincide, 1) {
		return 0, settingError("%+v: need 1 <= Imperialists < Countries, Revolution and RevolutionDecay <= 1 and no negative or not finite parameter", m)
	}

	d := r.dim()
	pos := rows(p.Countries, d)
	cost := make([]float64, p.Countries)
	for i, x := range pos {
		r.initial(i, x)
	}
	r.evalBatch(pos, cost)

	// The best Imperialists countries become imperialists; the colonies are dealt in proportion
	// to the imperialists' normalised power.
	order := make([]int, p.Countries)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cost[a], cost[b]) })
	colonies := order[p.Imperialists:]
	r.rng.Shuffle(len(colonies), func(a, b int) { colonies[a], colonies[b] = colonies[b], colonies[a] })
	power := make([]float64, p.Imperialists)
	for n := range power {
		power[n] = cost[order[n]]
	}
	normalisedPower(power, power)
	counts := apportion(power, len(colonies))
	empires := make([]empire, p.Imperialists)
	for n := range empires {
		empires[n] = empire{imp: order[n], colonies: make([]int, counts[n], p.Countries)}
		copy(empires[n].colonies, colonies[:counts[n]])
		colonies = colonies[counts[n]:]
	}

	a := assimilator{r: r, beta: p.Beta, maxAngle: p.MaxAngle, e1: make([]float64, d), e2: make([]float64, d)}
	batch := make([][]float64, 0, p.Countries)
	moved := make([]int, 0, p.Countries)
	fs := make([]float64, p.Countries)
	totalCost := make([]float64, p.Imperialists)

	decade := 0
	for decade < p.MaxDecades {
		// Assimilation and revolution.
		rate := p.Revolution * math.Pow(p.RevolutionDecay, float64(decade))
		batch, moved = batch[:0], moved[:0]
		for _, e := range empires {
			for _, c := range e.colonies {
				if r.rng.Float64() < rate {
					r.uniform(pos[c])
				} else if !a.move(pos[c], pos[e.imp]) {
					continue
				}
				batch = append(batch, pos[c])
				moved = append(moved, c)
			}
		}
		r.evalBatch(batch, fs)
		for k, c := range moved {
			cost[c] = fs[k]
		}
		decade++

		// Position swap, then each empire's total cost.
		totalCost = totalCost[:len(empires)]
		for n := range empires {
			e := &empires[n]
			if len(e.colonies) > 0 {
				k := 0 // the best colony: the first with the smallest cost
				for i, c := range e.colonies {
					if cost[c] < cost[e.colonies[k]] {
						k = i
					}
				}
				if c := e.colonies[k]; cost[c] < cost[e.imp] {
					e.colonies[k], e.imp = e.imp, c
				}
			}
			mean := 0.0
			for _, c := range e.colonies {
				mean += cost[c] / float64(len(e.colonies))
			}
			totalCost[n] = cost[e.imp] + p.Zeta*mean
		}

		// Imperialistic competition.
		if len(empires) > 1 {
			w := 0 // the weakest empire: the first with the largest total cost
			for n, tc := range totalCost {
				if tc > totalCost[w] {
					w = n
				}
			}
			normalisedPower(power[:len(empires)], totalCost)
			power[w] = 0 // an empire does not compete for its own colony
			win := r.pick(power[:len(empires)], w)
			lose := &empires[w]
			if len(lose.colonies) > 0 {
				k := 0 // the weakest colony: the first with the largest cost
				for i, c := range lose.colonies {
					if cost[c] > cost[lose.colonies[k]] {
						k = i
					}
				}
				empires[win].colonies = append(empires[win].colonies, lose.colonies[k])
				lose.colonies = slices.Delete(lose.colonies, k, k+1)
			}
			if len(lose.colonies) == 0 { // collapse
				empires[win].colonies = append(empires[win].colonies, lose.imp)
				empires = slices.Delete(empires, w, w+1)
			}
		}

		if len(empires) == 1 && coincide(r, pos, empires[0], p.Coincide) {
			break
		}
	}
	return decade, nil
}

// withDefaults returns m with its zero fields set to the documented defaults.
func (m CCA) withDefaults() CCA {
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	if m.Countries == 0 {
		m.Countries = 20
	}
	if m.Imperialists == 0 {
		m.Imperialists = 5
	}
	if m.MaxDecades == 0 {
		m.MaxDecades = 100
	}
	def(&m.Beta, 2)
	def(&m.MaxAngle, math.Pi/4)
	def(&m.Zeta, 0.1)
	def(&m.Revolution, 0.1)
	def(&m.RevolutionDecay, 0.9)
	def(&m.Coincide, 1e-4)
	return m
}

// coincide reports whether every colony of e lies within tol times the box width of its
// imperialist in every free dimension.
func coincide(r *runner, pos [][]float64, e empire, tol float64) bool {
	for _, c := range e.colonies {
		if !collapsed(r, pos[c], pos[e.imp], tol) {
			return false
		}
	}
	return true
}

// assimilator moves a colony toward its imperialist (assimilation with a random angular
// deviation), in box-relative coordinates.
type assimilator struct {
	r              *runner
	beta, maxAngle float64
	e1, e2         []float64 // scratch: the direction to the imperialist and the turning direction
}

// move moves x toward imp and reports whether it moved: it does not if x == imp.
func (a *assimilator) move(x, imp []float64) bool {
	r := a.r
	dist := 0.0
	for j, w := range r.width {
		a.e1[j] = 0
		if w > 0 {
			a.e1[j] = (imp[j] - x[j]) / w
			dist += a.e1[j] * a.e1[j]
		}
	}
	if dist == 0 {
		return false
	}
	dist = math.Sqrt(dist)
	// e2: a random direction orthogonal to e1 (Gram-Schmidt on a Gaussian vector).
	dot, n2 := 0.0, 0.0
	for j, w := range r.width {
		a.e1[j] /= dist
		a.e2[j] = 0
		if w > 0 {
			a.e2[j] = r.rng.NormFloat64()
			dot += a.e2[j] * a.e1[j]
		}
	}
	for j := range a.e2 {
		a.e2[j] -= dot * a.e1[j]
		n2 += a.e2[j] * a.e2[j]
	}
	theta := (2*r.rng.Float64() - 1) * a.maxAngle
	step := a.beta * r.rng.Float64() * dist
	cos, sin := math.Cos(theta), math.Sin(theta)
	if n2 > 0 {
		sin /= math.Sqrt(n2)
	} else {
		cos, sin = 1, 0 // one free dimension: there is no plane to turn in
	}
	for j, w := range r.width {
		x[j] += step * (cos*a.e1[j] + sin*a.e2[j]) * w
	}
	r.clamp(x)
	return true
}

// normalisedPower sets p_n = max c - c_n + 0.3 |max c| (1.3 max c - c_n for max c >= 0),
// over the finite costs; +Inf costs get 0, and if every p_n is 0 they are all set to 1.
// p and c may be the same slice.
func normalisedPower(p, c []float64) {
	hi := math.Inf(-1)
	for _, v := range c {
		if !math.IsInf(v, 1) {
			hi = max(hi, v)
		}
	}
	sum := 0.0
	for n, v := range c {
		p[n] = 0
		if !math.IsInf(v, 1) {
			p[n] = hi - v + 0.3*math.Abs(hi)
		}
		sum += p[n]
	}
	if !(sum > 0) || math.IsInf(sum, 1) {
		for n := range p {
			p[n] = 1
		}
	}
}

// apportion splits n items in proportion to the weights p (largest remainder; ties to the
// lower index).
func apportion(p []float64, n int) []int {
	sum := 0.0
	for _, v := range p {
		sum += v
	}
	counts := make([]int, len(p))
	rem := make([]float64, len(p))
	left := n
	for i, v := range p {
		q := v / sum * float64(n)
		counts[i] = int(q)
		rem[i] = q - float64(counts[i])
		left -= counts[i]
	}
	for ; left > 0; left-- {
		k := 0
		for i := range rem {
			if rem[i] > rem[k] {
				k = i
			}
		}
		counts[k]++
		rem[k] = -1
	}
	return counts
}

// pick returns an index drawn with probability proportional to p, never skip (p[skip] must be
// 0); if the other weights are all 0, it draws uniformly among the others.
func (r *runner) pick(p []float64, skip int) int {
	sum := 0.0
	for _, v := range p {
		sum += v
	}
	if !(sum > 0) || math.IsInf(sum, 1) {
		k := r.rng.IntN(len(p) - 1)
		if k >= skip {
			k++
		}
		return k
	}
	u := r.rng.Float64() * sum
	last := skip
	for i, v := range p {
		if v <= 0 {
			continue
		}
		last = i
		if u < v {
			return i
		}
		u -= v
	}
	return last // rounding
}
