package ofs

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randomProblem returns n columns over N points (Gaussian bumps on random centres, so that
// they are smooth and strongly correlated, as RBF columns are) and targets.
func randomProblem(rng *rand.Rand, N, n int, classify bool) (G [][]float64, y []float64) {
	x := make([]float64, N)
	for k := range x {
		x[k] = rng.Float64()*4 - 2
	}
	y = make([]float64, N)
	for k := range y {
		v := math.Sin(2*x[k]) + 0.3*rng.NormFloat64()
		if classify {
			v = 1
			if math.Sin(2*x[k])+0.5*rng.NormFloat64() < 0 {
				v = -1
			}
		}
		y[k] = v
	}
	G = make([][]float64, n)
	for i := range G {
		c, w := rng.Float64()*4-2, 0.2+rng.Float64()
		G[i] = make([]float64, N)
		for k := range G[i] {
			G[i][k] = math.Exp(-(x[k] - c) * (x[k] - c) / w)
		}
	}
	return G, y
}

// bruteLOO refits the ridge regression on the fixed orthogonal columns P without point k
// (penalty sum lambda_i theta_i^2) and returns y_k - prediction, for every k.
func bruteLOO(P [][]float64, lambda, y []float64) []float64 {
	N, n := len(y), len(P)
	r := make([]float64, N)
	for k := range N {
		A := mat.NewDense(n, n, nil)
		b := mat.NewVecDense(n, nil)
		for i := range n {
			for j := range n {
				var s float64
				for t := range N {
					if t != k {
						s += P[i][t] * P[j][t]
					}
				}
				if i == j {
					s += lambda[i]
				}
				A.Set(i, j, s)
			}
			var s float64
			for t := range N {
				if t != k {
					s += P[i][t] * y[t]
				}
			}
			b.SetVec(i, s)
		}
		var th mat.VecDense
		if err := th.SolveVec(A, b); err != nil {
			panic(err)
		}
		pred := 0.0
		for i := range n {
			pred += P[i][k] * th.AtVec(i)
		}
		r[k] = y[k] - pred
	}
	return r
}

func TestLOOAgainstBruteForce(t *testing.T) {
	tests := []struct {
		name     string
		N, n     int
		lambda   float64
		classify bool
		seed     uint64
	}{
		{"regression lambda=0", 40, 5, 0, false, 1},
		{"regression lambda=0.5", 40, 5, 0.5, false, 2},
		{"regression per-term lambda", 60, 8, -1, false, 3},
		{"classification lambda=0", 50, 6, 0, true, 4},
		{"classification lambda=1e-6", 50, 6, 1e-6, true, 5},
		{"classification lambda=2", 70, 10, 2, true, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(tc.seed, 0))
			G, y := randomProblem(rng, tc.N, tc.n, tc.classify)
			s := NewState(y, tc.n)
			alpha := make([]float64, tc.n)
			lambdas := make([]float64, tc.n)
			for i, g := range G {
				p := append([]float64(nil), g...)
				pp, py := s.Orthogonalise(p, alpha)
				l := tc.lambda
				if l < 0 {
					l = rng.Float64() * 3
				}
				lambdas[i] = l
				s.Add(p, alpha, pp, py, l)
			}
			P := make([][]float64, tc.n)
			for i := range P {
				P[i] = s.Column(i)
			}
			want := bruteLOO(P, lambdas, y)
			var mse float64
			miss := 0
			for k := range y {
				got := s.Residual()[k] / s.Eta()[k]
				if d := math.Abs(got - want[k]); d > 1e-9*math.Max(1, math.Abs(want[k])) {
					t.Fatalf("point %d: analytic LOO residual %.15g, brute force %.15g", k, got, want[k])
				}
				mse += want[k] * want[k]
				if tc.classify && y[k]*(y[k]-want[k]) <= 0 {
					miss++
				}
			}
			mse /= float64(len(y))
			st := s.Current()
			if math.Abs(st.MSE-mse) > 1e-9*mse {
				t.Errorf("LOO MSE %.15g, brute force %.15g", st.MSE, mse)
			}
			if tc.classify && st.Misses() != miss {
				t.Errorf("LOO misclassifications %d, brute force %d", st.Misses(), miss)
			}
			// Original-space weights reproduce the fit: G w = P theta.
			w := s.Weights()
			for k := range y {
				var f1, f2 float64
				for i := range G {
					f1 += w[i] * G[i][k]
					f2 += s.Theta(i) * P[i][k]
				}
				if math.Abs(f1-f2) > 1e-9*math.Max(1, math.Abs(f2)) {
					t.Fatalf("point %d: G w = %.15g, P theta = %.15g", k, f1, f2)
				}
			}
		})
	}
}

// TestCandidateMatchesAdd checks that the statistics of a candidate, computed without
// changing the state, equal those after adding it, and that the pool's lazily deflated
// columns equal columns orthogonalised directly.
func TestCandidateMatchesAdd(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	G, y := randomProblem(rng, 80, 12, true)
	s := NewState(y, 12)
	pool := NewPool(80, 12, 12)
	for c := range G {
		copy(pool.Column(c), G[c])
	}
	pool.Start(s)
	alpha := make([]float64, 12)
	for step := range 6 {
		best, bestStats := -1, Stats{}
		pool.Scan(func(c int, p []float64, pp, py float64) {
			st := s.Candidate(p, pp, py, 1e-3, true)
			// Direct orthogonalisation of the original column gives the same p'p and p'y.
			g := append([]float64(nil), G[c]...)
			pp2, py2 := s.Orthogonalise(g, alpha)
			if math.Abs(pp-pp2) > 1e-9*pp2 || math.Abs(py-py2) > 1e-9*math.Max(1, math.Abs(py2)) {
				t.Fatalf("step %d cand %d: pool (%g, %g), direct (%g, %g)", step, c, pp, py, pp2, py2)
			}
			if best < 0 || st.MSE < bestStats.MSE {
				best, bestStats = c, st
			}
		})
		pool.Select(best, 1e-3)
		got := s.Current()
		if got.MissPos != bestStats.MissPos || got.MissNeg != bestStats.MissNeg ||
			math.Abs(got.MSE-bestStats.MSE) > 1e-12*got.MSE {
			t.Fatalf("step %d: candidate stats %+v, after Add %+v", step, bestStats, got)
		}
	}
}

func TestMutualInfo(t *testing.T) {
	tests := []struct {
		name           string
		tp, fn, tn, fp int
		want           float64
	}{
		{"perfect balanced", 50, 0, 50, 0, 1},
		{"all wrong balanced", 0, 50, 0, 50, 1},
		{"one predicted class", 30, 0, 0, 70, 0},
		{"independent", 10, 10, 10, 10, 0},
		{"empty", 0, 0, 0, 0, 0},
		// p = [[.4 .1] [.1 .4]]: MI = 2*.4*log2(1.6) + 2*.1*log2(.4)
		{"noisy", 40, 10, 40, 10, 0.8*math.Log2(1.6) + 0.2*math.Log2(0.4)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := MutualInfo(tc.tp, tc.fn, tc.tn, tc.fp); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("MutualInfo = %v, want %v", got, tc.want)
			}
		})
	}
}

// addAll adds the columns G to the state in order, each with lambda 1e-6.
func addAll(s *State, G [][]float64) {
	alpha := make([]float64, s.Cap())
	for _, g := range G {
		p := append([]float64(nil), g...)
		pp, py := s.Orthogonalise(p, alpha)
		s.Add(p, alpha, pp, py, 1e-6)
	}
}

func TestEvidenceAndTruncate(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	G, y := randomProblem(rng, 60, 6, false)
	s := NewState(y, 6)
	addAll(s, G)
	s.Evidence(10, 1e10)
	for i := range s.Terms() {
		if l := s.Lambda(i); !(l > 0 && l <= 1e10) {
			t.Errorf("lambda %d = %v after evidence updates", i, l)
		}
	}
	// After the updates, e and eta agree with the brute-force LOO at the new lambdas.
	P := make([][]float64, s.Terms())
	for i := range P {
		P[i] = s.Column(i)
	}
	want := bruteLOO(P, s.Lambdas(), y)
	for k := range y {
		if got := s.Residual()[k] / s.Eta()[k]; math.Abs(got-want[k]) > 1e-9*math.Max(1, math.Abs(want[k])) {
			t.Fatalf("point %d: %v vs %v", k, got, want[k])
		}
	}
	s.Truncate(3)
	want = bruteLOO(P[:3], s.Lambdas(), y)
	for k := range y {
		if got := s.Residual()[k] / s.Eta()[k]; math.Abs(got-want[k]) > 1e-9*math.Max(1, math.Abs(want[k])) {
			t.Fatalf("after Truncate, point %d: %v vs %v", k, got, want[k])
		}
	}
}

// TestEvidenceBias checks that the evidence updates leave the forced bias's lambda as it is,
// so that the other terms' lambdas do not depend on the targets' offset.
func TestEvidenceBias(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	G, y := randomProblem(rng, 80, 5, false)
	var ref []float64
	for _, offset := range []float64{0, 30, -1e4} {
		yo := make([]float64, len(y))
		for k, v := range y {
			yo[k] = v + offset
		}
		s := NewState(yo, 6)
		s.SetBias(biasLambda)
		addAll(s, G)
		s.Evidence(5, 1e10)
		l := s.Lambdas()
		if l[0] != biasLambda {
			t.Errorf("offset %g: the bias's lambda %g, want %g", offset, l[0], biasLambda)
		}
		if ref == nil {
			ref = l
			continue
		}
		for i := 1; i < len(l); i++ {
			if math.Abs(l[i]-ref[i]) > 1e-6*ref[i] {
				t.Errorf("offset %g: lambda %d = %g, %g without the offset", offset, i, l[i], ref[i])
			}
		}
	}
}

func TestLossBit(t *testing.T) {
	tests := []struct {
		eta, y, e float64
		want      int
	}{
		{1, 1, 0.5, 0},                    // psi = 0.5
		{1, 1, 1, 1},                      // psi = 0
		{1, 1, 2, 1},                      // psi < 0
		{1, -1, -1, 1},                    // psi = 0
		{1, -1, 0.5, 0},                   // psi = 1.5
		{0.5, 1, math.Copysign(0, -1), 0}, // psi = 0.5
		{1e-13, -1, 5, 1},                 // eta below etaMin
		{etaMin, 1, -1, 1},                // eta at etaMin
		{2 * etaMin, 1, 0, 0},
		{0.3, 1, 0.3, 1}, // psi rounds to exactly 0
	}
	for _, tc := range tests {
		if got := lossBit(tc.eta, tc.y, tc.e); got != tc.want {
			t.Errorf("lossBit(%v, %v, %v) = %d, want %d", tc.eta, tc.y, tc.e, got, tc.want)
		}
	}
	// -0 counts as <= 0.
	if got := lossBit(0.25, 1, 0.25); got != 1 {
		t.Errorf("psi = 0: got %d", got)
	}
}

// TestSortedMissCount checks the class-sorted fast path against the general one.
func TestSortedMissCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	G, y := randomProblem(rng, 90, 6, true)
	order := ClassOrder(y)
	ys := make([]float64, len(y))
	for i, k := range order {
		ys[i] = y[k]
	}
	a, b := NewState(y, 6), NewState(ys, 6)
	if a.sorted || !b.sorted {
		t.Fatalf("sorted flags %v %v", a.sorted, b.sorted)
	}
	alpha := make([]float64, 6)
	for _, g := range G[:5] {
		pa := append([]float64(nil), g...)
		pb := make([]float64, len(g))
		for i, k := range order {
			pb[i] = g[k]
		}
		ppa, pya := a.Orthogonalise(pa, alpha)
		ppb, pyb := b.Orthogonalise(pb, alpha)
		sa, sb := a.Candidate(pa, ppa, pya, 1e-3, false), b.Candidate(pb, ppb, pyb, 1e-3, false)
		if sa.MissPos != sb.MissPos || sa.MissNeg != sb.MissNeg {
			t.Fatalf("general %+v, sorted %+v", sa, sb)
		}
		for _, limit := range []int{0, 5, 1000} {
			ma, mb := a.CandidateMisses(pa, ppa, pya, 1e-3, limit), b.CandidateMisses(pb, ppb, pyb, 1e-3, limit)
			if (ma > limit) != (mb > limit) || (ma <= limit && ma != mb) {
				t.Fatalf("limit %d: general %d, sorted %d", limit, ma, mb)
			}
		}
		a.Add(pa, alpha, ppa, pya, 1e-3)
		b.Add(pb, alpha, ppb, pyb, 1e-3)
	}
}
