package ofs

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sparsekernel/sparsekernel/optim"
	"github.com/sparsekernel/sparsekernel/synth"
)

// stageProblem builds a stage cost with five nodes already in the model, on generated data
// of N points in m dimensions.
func stageProblem(N, m int, classify bool) (*stageCost, []float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	X := make([]float64, N*m)
	y := make([]float64, N)
	for k := range N {
		var s float64
		for j := range m {
			v := rng.NormFloat64()
			X[k*m+j] = v
			s += v * math.Sin(float64(j))
		}
		y[k] = s + 0.3*rng.NormFloat64()
		if classify {
			y[k] = 1
			if s < 0 {
				y[k] = -1
			}
		}
	}
	s := NewState(y, 10)
	c := &stageCost{s: s, x: X, m: m, classify: classify, lambda: 1e-6,
		g: make([]float64, N), alpha: make([]float64, 10), inv: make([]float64, m)}
	u := make([]float64, 2*m)
	for range 5 {
		for j := range m {
			u[j] = rng.NormFloat64()
			u[m+j] = 0.5 + 2*rng.Float64()
		}
		pp, py, _ := c.column(u)
		s.Add(c.g, c.alpha, pp, py, 1e-6)
	}
	for j := range m {
		u[j] = rng.NormFloat64()
		u[m+j] = 1 + rng.Float64()
	}
	return c, u
}

// TestStageCost checks the stage cost against the statistics of the state after adding the node.
func TestStageCost(t *testing.T) {
	for _, classify := range []bool{false, true} {
		c, u := stageProblem(200, 4, classify)
		got := c.cost(u)
		pp, py, ok := c.column(u)
		if !ok {
			t.Fatal("node rejected")
		}
		st := c.s.Candidate(c.g, pp, py, c.lambda, true)
		want := st.MSE
		if classify {
			want = st.MR() + 0.5/200*st.MSE/(1+st.MSE)
		}
		if math.Abs(got-want) > 1e-12*math.Abs(want) {
			t.Errorf("classify=%v: cost %v, want %v", classify, got, want)
		}
		// The tie-breaker never crosses a step of the misclassification rate.
		if classify && (got < st.MR() || got >= st.MR()+1.0/200) {
			t.Errorf("cost %v outside [MR, MR + 1/N) = [%v, %v)", got, st.MR(), st.MR()+1.0/200)
		}
	}
}

func TestStageCostAllocations(t *testing.T) {
	c, u := stageProblem(100, 3, true)
	if a := testing.AllocsPerRun(100, func() { c.cost(u) }); a != 0 {
		t.Errorf("stage cost allocates %v times per evaluation", a)
	}
}

func TestTunableOnRipley(t *testing.T) {
	train, test := synth.Ripley(250, 11), synth.Ripley(2000, 12)
	tests := []struct {
		name   string
		method optim.Method
	}{
		{"pso", optim.PSO{}},
		{"rwbs", optim.RWBS{Inner: 100}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Tunable{Method: tc.method, Classify: true, Seed: 1}.Build(train.X, train.Y)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(r.Centres); n < 1 || n > 10 {
				t.Fatalf("%d nodes", n)
			}
			wrong := 0
			for i, x := range test.X {
				var f float64
				for n, mu := range r.Centres {
					var q float64
					for j := range x {
						q += (x[j] - mu[j]) * (x[j] - mu[j]) / r.Vars[n][j]
					}
					f += r.Weights[n] * math.Exp(-0.5*q)
				}
				if (f > 0) != (test.Y[i] > 0) {
					wrong++
				}
			}
			if e := float64(wrong) / float64(len(test.X)); e > 0.13 {
				t.Errorf("test error %.3f with %d nodes", e, len(r.Centres))
			}
			// The curve falls strictly until the rejected last stage.
			for i := 1; i < len(r.Curve)-1; i++ {
				if r.Curve[i] >= r.Curve[i-1] {
					t.Errorf("curve %v does not fall at %d", r.Curve, i)
				}
			}
			if r.Evaluations == 0 {
				t.Error("no evaluations counted")
			}
		})
	}
}

func TestTunableRegressionStops(t *testing.T) {
	train := synth.Sinc(300, 2, 0.1, 3)
	r, err := Tunable{Method: optim.PSO{}, Bias: true, Seed: 2}.Build(train.X, train.Y)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Centres); n < 3 || n >= 100 {
		t.Fatalf("%d nodes, stop %q", n, r.Stop)
	}
	if mse := r.Stats.MSE; mse > 0.02 {
		t.Errorf("LOO MSE %v, noise variance 0.01", mse)
	}
}

// BenchmarkStageCost is one tunable-node stage-cost evaluation at N = 468, m = 8 with five
// nodes in the model (issue 3 target: under 20 us).
func BenchmarkStageCost(b *testing.B) {
	for _, classify := range []bool{true, false} {
		name := "regression"
		if classify {
			name = "classification"
		}
		b.Run(name, func(b *testing.B) {
			c, u := stageProblem(468, 8, classify)
			b.ReportAllocs()
			for b.Loop() {
				c.cost(u)
			}
		})
	}
}

// TestLROLSDropsUselessColumns builds a pool of a few informative columns and many noise
// columns: LROLS-LOO keeps most informative ones, drops most noise ones (those it keeps get
// large evidence lambdas), and reaches the noise level.
func TestLROLSDropsUselessColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const N = 150
	x := make([]float64, N)
	y := make([]float64, N)
	for k := range x {
		x[k] = rng.Float64()*6 - 3
		y[k] = 2 + math.Sin(x[k]) + 0.1*rng.NormFloat64()
	}
	const informative, noise = 8, 30
	pool := NewPool(N, informative+noise, informative+noise+1)
	for c := range informative {
		col, centre := pool.Column(c), -3+6*float64(c)/(informative-1)
		for k := range col {
			col[k] = math.Exp(-(x[k] - centre) * (x[k] - centre))
		}
	}
	for c := informative; c < informative+noise; c++ {
		col := pool.Column(c)
		for k := range col {
			col[k] = rng.NormFloat64()
		}
	}
	s := NewState(y, informative+noise+1)
	s.SetBias(1e-6)
	pool.Start(s)
	sel := LROLS{}.Select(pool, s)
	noisy, maxInformative, minNoise := 0, 0.0, math.Inf(1)
	for i, c := range sel.Index {
		if c >= informative {
			noisy++
			minNoise = min(minNoise, sel.Lambdas[i])
		} else {
			maxInformative = max(maxInformative, sel.Lambdas[i])
		}
	}
	if n := len(sel.Index) - noisy; n < 6 {
		t.Errorf("kept %d of %d informative columns: %v", n, informative, sel.Index)
	}
	if noisy > noise/3 {
		t.Errorf("kept %d of %d noise columns: %v", noisy, noise, sel.Index)
	}
	if noisy > 0 && minNoise < 10*maxInformative {
		t.Errorf("noise columns' lambdas (min %v) not well above the informative ones' (max %v)", minNoise, maxInformative)
	}
	if sel.Stats.MSE > 0.013 {
		t.Errorf("LOO MSE %v, noise variance 0.01", sel.Stats.MSE)
	}
	if math.Abs(sel.Bias) < 0.5 {
		t.Errorf("bias %v, the targets' mean is about 2", sel.Bias)
	}
}
