package optim

// PSO is particle swarm optimisation with time-varying acceleration coefficients, exactly as
// Chen, Hong and Harris (2010), eqs. 32-37 (docs/ALGORITHMS.md, section 7):
//
//	positions u_i uniform in the box (or Problem.Start); velocities 0; pb_i = u_i; gb = best pb
//	for l = 0..I_max-1:
//	    c1 = 2.5 - 2.0 l/I_max ;  c2 = 0.5 + 2.0 l/I_max
//	    for each particle i, each dimension j:
//	        w = rand()                                  (inertia drawn afresh)
//	        v_ij = w v_ij + rand() c1 (pb_ij - u_ij) + rand() c2 (gb_j - u_ij)
//	        clamp v_ij to [-Vmax_j, Vmax_j],  Vmax_j = 0.5 (Pmax_j - Pmin_j)
//	        if v_ij == 0: v_ij = +-rand() Gamma Vmax_j  (random sign)
//	        u_ij += v_ij, clamped to [Pmin_j, Pmax_j]
//	    evaluate all particles; update pb_i (strictly better), then gb
//	return gb
//
// A run costs exactly Swarm * (Iterations + 1) evaluations: the initial swarm, then one swarm
// per iteration (the paper's tables count Swarm * Iterations). Result.Iterations is Iterations.
// The swarm is one batch, evaluated in parallel when Settings.Workers > 1. Result.X is gb: the
// driver's best point evaluated is gb exactly, ties included.
type PSO struct {
	Swarm      int     // swarm size S; 0 means 10 (the paper's 10, or 20 for harder problems)
	Iterations int     // I_max; 0 means 20
	Gamma      float64 // zero-velocity kick factor; 0 means 0.1
}

func (m PSO) search(r *runner) (int, error) {
	S, iMax, gamma := m.Swarm, m.Iterations, m.Gamma
	if S < 0 || iMax < 0 || !finiteNonNeg(gamma) {
		return 0, settingError("PSO{Swarm: %d, Iterations: %d, Gamma: %g}: negative or not finite parameter", S, iMax, gamma)
	}
	if S == 0 {
		S = 10
	}
	if iMax == 0 {
		iMax = 20
	}
	if gamma == 0 {
		gamma = 0.1
	}

	d := r.dim()
	vmax := make([]float64, d)
	for j := range vmax {
		vmax[j] = 0.5 * r.width[j] // eq. 37
	}
	u, v, pb := rows(S, d), rows(S, d), rows(S, d)
	F, pbF := make([]float64, S), make([]float64, S)
	gb := make([]float64, d)

	for i := range u {
		r.initial(i, u[i])
	}
	r.evalBatch(u, F)
	for i := range u {
		copy(pb[i], u[i])
		pbF[i] = F[i]
	}
	ig := argmin(pbF)
	copy(gb, pb[ig])
	gbF := pbF[ig]

	for l := range iMax {
		c1 := 2.5 - 2.0*float64(l)/float64(iMax) // eq. 36
		c2 := 0.5 + 2.0*float64(l)/float64(iMax)
		for i := range u {
			ui, vi, pbi := u[i], v[i], pb[i]
			for j := range ui {
				// eq. 32, inertia w = rand() drawn afresh
				w := r.rng.Float64()
				vij := w*vi[j] + r.rng.Float64()*c1*(pbi[j]-ui[j]) + r.rng.Float64()*c2*(gb[j]-ui[j])
				// eq. 34, the velocity clamp
				vij = min(max(vij, -vmax[j]), vmax[j])
				// eq. 35, the zero-velocity kick
				if vij == 0 {
					vij = r.rng.Float64() * gamma * vmax[j]
					if r.rng.Uint64()&1 == 0 {
						vij = -vij
					}
				}
				vi[j] = vij
				// eq. 33, then back into the box
				ui[j] = min(max(ui[j]+vij, r.lower[j]), r.upper[j])
			}
		}
		r.evalBatch(u, F)
		for i := range u {
			if F[i] < pbF[i] {
				copy(pb[i], u[i])
				pbF[i] = F[i]
			}
		}
		if ig := argmin(pbF); pbF[ig] < gbF {
			copy(gb, pb[ig])
			gbF = pbF[ig]
		}
	}
	return iMax, nil
}
