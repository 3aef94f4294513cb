package optim

import "testing"

// TestAllocationsPerRun checks that the methods allocate per run, never per evaluation: a run
// a hundred times longer allocates no more. With workers, starting the pool's goroutines
// allocates a few objects more or less from run to run, so a small slack is allowed there.
func TestAllocationsPerRun(t *testing.T) {
	lower, upper := make([]float64, 16), make([]float64, 16)
	for j := range lower {
		lower[j], upper[j] = -1, 1
	}
	trivial := func(x []float64) float64 { return x[0] }
	p := Problem{Lower: lower, Upper: upper, Func: trivial, NewFunc: func() func([]float64) float64 { return trivial }}
	tests := []struct {
		name        string
		short, long Method
	}{
		{"PSO", PSO{Iterations: 20}, PSO{Iterations: 2000}},
		{"RWBS", RWBS{Inner: 40}, RWBS{Inner: 4000}},
		{"SA", SA{Evaluations: 1000}, SA{Evaluations: 100000}},
	}
	for _, tc := range tests {
		for _, workers := range []int{1, 2} {
			allocs := func(m Method) float64 {
				return testing.AllocsPerRun(5, func() {
					if _, err := Minimize(p, m, Settings{Seed: 1, Workers: workers}); err != nil {
						t.Fatal(err)
					}
				})
			}
			slack := 0.0
			if workers > 1 {
				slack = 5
			}
			if short, long := allocs(tc.short), allocs(tc.long); long > short+slack {
				t.Errorf("%s, %d workers: %v allocations in a short run, %v in a long one", tc.name, workers, short, long)
			}
		}
	}
}

// BenchmarkOverhead measures what a method costs on top of the cost function: with a trivial
// cost in 16 dimensions, ns/eval is the method's overhead per evaluation. allocs/op is the same
// for a short and a long run of a method: the allocations are per run, none per evaluation.
func BenchmarkOverhead(b *testing.B) {
	const dim = 16
	lower, upper := make([]float64, dim), make([]float64, dim)
	for j := range lower {
		lower[j], upper[j] = -1, 1
	}
	trivial := func(x []float64) float64 { return x[0] }
	p := Problem{Lower: lower, Upper: upper, Func: trivial, NewFunc: func() func([]float64) float64 { return trivial }}
	tests := []struct {
		name    string
		m       Method
		workers int
	}{
		{"PSO/S=10/I=20", PSO{}, 1},
		{"PSO/S=10/I=200", PSO{Iterations: 200}, 1},
		{"PSO/S=10/I=200/workers=2", PSO{Iterations: 200}, 2},
		{"RWBS/Ps=7/Mi=40/Ng=11", RWBS{Inner: 40}, 1},
		{"RWBS/Ps=7/Mi=400/Ng=11", RWBS{}, 1},
		{"RWBS/Ps=7/Mi=400/Ng=11/workers=2", RWBS{}, 2},
		{"CCA", CCA{}, 1},
		{"SA/1000", SA{Evaluations: 1000}, 1},
		{"SA/10000", SA{Evaluations: 10000}, 1},
	}
	for _, tc := range tests {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			evaluations := 0
			for b.Loop() {
				res, err := Minimize(p, tc.m, Settings{Seed: 1, Workers: tc.workers})
				if err != nil {
					b.Fatal(err)
				}
				evaluations += res.Evaluations
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(evaluations), "ns/eval")
		})
	}
}
