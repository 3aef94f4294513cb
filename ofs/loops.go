package ofs

import "math"

// The O(N) loops of the engine. psi_k = eta_k - y_k e_k is the numerator of the LOO signed
// decision s_k = psi_k/eta_k (docs/ALGORITHMS.md, section 2.2; the running sum
// psi = sum_i [y theta_i p_i - p_i^2/(kappa_i+lambda_i)] equals eta - y e for y in {-1, +1}),
// so a LOO error (s_k <= 0) is psi_k <= 0 whenever eta_k > 0; a point with eta_k <= etaMin
// counts as an error.

// dot returns x'y.
func dot(x, y []float64) float64 {
	y = y[:len(x)]
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+3 < len(x); k += 4 {
		s0 += x[k] * y[k]
		s1 += x[k+1] * y[k+1]
		s2 += x[k+2] * y[k+2]
		s3 += x[k+3] * y[k+3]
	}
	for ; k < len(x); k++ {
		s0 += x[k] * y[k]
	}
	return (s0 + s1) + (s2 + s3)
}

// dot2 returns x'x and x'y in one pass.
func dot2(x, y []float64) (xx, xy float64) {
	y = y[:len(x)]
	for k, v := range x {
		xx += v * v
		xy += v * y[k]
	}
	return xx, xy
}

// axpyDot2 sets q += a x and returns q'q and q'y of the result, in one pass.
func axpyDot2(a float64, x, q, y []float64) (qq, qy float64) {
	q, y = q[:len(x)], y[:len(x)]
	var qq1, qy1 float64
	k := 0
	for ; k+1 < len(x); k += 2 {
		v0 := q[k] + a*x[k]
		v1 := q[k+1] + a*x[k+1]
		q[k], q[k+1] = v0, v1
		qq += v0 * v0
		qq1 += v1 * v1
		qy += v0 * y[k]
		qy1 += v1 * y[k+1]
	}
	if k < len(x) {
		v := q[k] + a*x[k]
		q[k] = v
		qq += v * v
		qy += v * y[k]
	}
	return qq + qq1, qy + qy1
}

// axpy sets y += a x.
func axpy(a float64, x, y []float64) {
	y = y[:len(x)]
	for k, v := range x {
		y[k] += a * v
	}
}

// missCount counts the LOO errors, split by class, of the model whose residual and LOO
// weighting are e - theta p and eta - inv p^2 (p nil: the model as it is).
func missCount(p, e, eta, y []float64, pos []int, theta, inv float64) (missPos, missNeg int) {
	var miss, missP int
	e, eta, y, pos = e[:len(y)], eta[:len(y)], y[:len(y)], pos[:len(y)]
	if p == nil {
		for k := range y {
			m := lossBit(eta[k], y[k], e[k])
			miss += m
			missP += m & pos[k]
		}
		return missP, miss - missP
	}
	p = p[:len(y)]
	for k, t := range p {
		m := lossBit(eta[k]-t*t*inv, y[k], e[k]-theta*t)
		miss += m
		missP += m & pos[k]
	}
	return missP, miss - missP
}

// missCountSorted is missCount for targets sorted by class, +1 for the first npos points and
// -1 for the rest, where psi = eta - y e needs no per-point target or class mask.
func missCountSorted(p, e, eta []float64, npos int, theta, inv float64) (missPos, missNeg int) {
	n := len(p)
	e, eta = e[:n], eta[:n]
	for k := 0; k < npos; k++ {
		t := p[k]
		etak := eta[k] - t*t*inv
		psi := etak - (e[k] - theta*t) + 0
		missPos += int(((math.Float64bits(psi) - 1) | (math.Float64bits(etak-etaMin+0) - 1)) >> 63)
	}
	for k := npos; k < n; k++ {
		t := p[k]
		etak := eta[k] - t*t*inv
		psi := etak + (e[k] - theta*t) + 0
		missNeg += int(((math.Float64bits(psi) - 1) | (math.Float64bits(etak-etaMin+0) - 1)) >> 63)
	}
	return missPos, missNeg
}

// missCountLimit is missCount without the class split that gives up once the count exceeds limit.
func missCountLimit(p, e, eta, y []float64, theta, inv float64, limit int) int {
	n := len(y)
	e, eta, p = e[:n], eta[:n], p[:n]
	miss := 0
	for k0 := 0; k0 < n; k0 += 64 {
		k1 := min(k0+64, n)
		for k := k0; k < k1; k++ {
			t := p[k]
			miss += lossBit(eta[k]-t*t*inv, y[k], e[k]-theta*t)
		}
		if miss > limit {
			return miss
		}
	}
	return miss
}

// lossBit is 1 if the LOO signed decision (eta - y e)/eta is <= 0 or eta <= etaMin, else 0.
// It is branch-free: for a float v that is not NaN, v <= 0 exactly when the top bit of
// bits(v + 0) - 1 is set (adding +0 turns -0 into +0; bits(+0) - 1 wraps to all ones).
func lossBit(eta, y, e float64) int {
	psi := eta - y*e + 0
	low := eta - etaMin + 0
	return int(((math.Float64bits(psi) - 1) | (math.Float64bits(low) - 1)) >> 63)
}

// looMSE returns (1/N) sum ((e - theta p)/(eta - inv p^2))^2 (p nil: the model as it is).
// A point with eta <= etaMin contributes its squared residual divided by etaMin^2 (large, finite).
func looMSE(p, e, eta []float64, theta, inv float64) float64 {
	n := len(e)
	eta = eta[:n]
	var s0 float64
	if p == nil {
		for k, ek := range e {
			r := ek / max(eta[k], etaMin)
			s0 += r * r
		}
		return s0 / float64(n)
	}
	p = p[:n]
	for k, t := range p {
		r := (e[k] - theta*t) / max(eta[k]-t*t*inv, etaMin)
		s0 += r * r
	}
	return s0 / float64(n)
}

// missMSE returns the LOO error count and the LOO MSE of the model with p added, in one pass.
func missMSE(p, e, eta, y []float64, theta, inv float64) (miss int, mse float64) {
	n := len(y)
	e, eta, p = e[:n], eta[:n], p[:n]
	for k, t := range p {
		ek := e[k] - theta*t
		etak := eta[k] - t*t*inv
		miss += lossBit(etak, y[k], ek)
		r := ek / max(etak, etaMin)
		mse += r * r
	}
	return miss, mse / float64(n)
}
