package ofs

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sparsekernel/sparsekernel/optim"

	"gonum.org/v1/gonum/mat"
)

// linearData returns n points of m standard normal inputs and a target linear in the first
// input plus noise.
func linearData(n, m int, seed uint64) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 2))
	Z := normals(rng, n, m)
	y := make([]float64, n)
	for i, z := range Z {
		y[i] = 3 + z[0] + rng.NormFloat64()
	}
	return Z, y
}

// normals returns n rows of m standard normal values.
func normals(rng *rand.Rand, n, m int) [][]float64 {
	Z := make([][]float64, n)
	for i := range Z {
		Z[i] = make([]float64, m)
		for j := range Z[i] {
			Z[i][j] = rng.NormFloat64()
		}
	}
	return Z
}

// ridgeFit solves the ridge regression with an unpenalised intercept directly:
// (Zc'Zc + lam I) v = Zc'(y - mean y), returning v and the intercept.
func ridgeFit(Z [][]float64, y []float64, lam float64) ([]float64, float64) {
	n, m := len(Z), len(Z[0])
	zm := make([]float64, m)
	for _, z := range Z {
		for j, v := range z {
			zm[j] += v / float64(n)
		}
	}
	ym := sum(y) / float64(n)
	a := mat.NewDense(n, m, nil)
	for i, z := range Z {
		for j, v := range z {
			a.Set(i, j, v-zm[j])
		}
	}
	var g mat.Dense
	g.Mul(a.T(), a)
	for j := range m {
		g.Set(j, j, g.At(j, j)+lam)
	}
	var b mat.VecDense
	b.MulVec(a.T(), mat.NewVecDense(n, centred(y)))
	var v mat.VecDense
	if err := v.SolveVec(&g, &b); err != nil {
		panic(err)
	}
	out := mat.Col(nil, 0, &v)
	return out, ym - dot(out, zm)
}

// TestRidgeLOO checks the ridge's leave-one-out sums of squares against refits without each
// point, and its direction against a direct solve: N > m, N < m, a column repeated (Z'Z
// singular), a constant column and columns of scales 1e-3 to 1e3 beside N < m, the fewest
// points (3) and one input.
func TestRidgeLOO(t *testing.T) {
	for _, tc := range []struct {
		n, m           int
		repeat, scaled bool
	}{{30, 4, false, false}, {12, 20, false, false}, {25, 6, true, false}, {8, 30, true, true},
		{40, 5, false, true}, {3, 4, false, false}, {5, 1, false, false}} {
		n, m := tc.n, tc.m
		dims := [2]int{n, m}
		Z, y := linearData(n, m, uint64(n))
		for _, z := range Z {
			if tc.repeat {
				z[m-1] = z[0]
			}
			if tc.scaled {
				z[1] = 7 // constant
				for j := 2; j < m; j++ {
					z[j] *= math.Pow(10, float64(j%7-3))
				}
			}
		}
		rg := newRidge(Z, nil)
		grid := rg.grid() // the smallest, middle and largest ridge linearDirections tries
		for _, lam := range []float64{grid[0], grid[len(grid)/2], grid[len(grid)-1]} {
			var brute float64
			for i := range n {
				Zi := append(append([][]float64{}, Z[:i]...), Z[i+1:]...)
				yi := append(append([]float64{}, y[:i]...), y[i+1:]...)
				v, b := ridgeFit(Zi, yi, lam)
				r := y[i] - b - dot(v, Z[i])
				brute += r * r
			}
			if got := rg.newLOO().sum(rg.projections(centred(y)), centred(y), lam); math.Abs(got-brute) > 1e-9*brute {
				t.Errorf("%v, lambda %g: leave-one-out %v, refits %v", dims, lam, got, brute)
			}
			want, _ := ridgeFit(Z, y, lam)
			got := rg.direction(centred(y), lam)
			for j := range want {
				if math.Abs(got[j]-want[j]) > 1e-9*(1+math.Abs(want[j])) {
					t.Errorf("%v, lambda %g: direction %v, want %v", dims, lam, got, want)
					break
				}
			}
		}
	}
}

// TestLinearDirections checks the scaling of the directions (a column of unit root mean
// square about its mean) and that a target the inputs predict gets a direction close to the
// true one.
func TestLinearDirections(t *testing.T) {
	for _, dims := range [][2]int{{50, 3}, {40, 60}, {500, 10}} {
		n, m := dims[0], dims[1]
		Z, y := linearData(n, m, 1)
		dirs := linearDirections(Z, nil, [][]float64{y})
		if len(dirs) != 1 {
			t.Fatalf("%v: %d directions", dims, len(dirs))
		}
		col := make([]float64, n)
		for i, z := range Z {
			col[i] = dot(dirs[0], z)
		}
		c := centred(col)
		if rms := math.Sqrt(dot(c, c) / float64(n)); math.Abs(rms-1) > 1e-9 {
			t.Errorf("%v: root mean square %v", dims, rms)
		}
		if n > m && dirs[0][0] < 0.8*math.Sqrt(dot(dirs[0], dirs[0])) {
			t.Errorf("%v: direction %v, want mostly the first input", dims, dirs[0])
		}
	}
	if d := linearDirections([][]float64{{1}, {1}, {1}}, nil, [][]float64{{1, -1, 1}}); d != nil {
		t.Errorf("constant inputs: %v", d)
	}
}

// TestLinearNode checks that on a target linear in 3 of 8 inputs the default construction and
// the tunable one keep the linear node, and that the default predicts better with it than
// without it, with at most half the nodes.
func TestLinearNode(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sample := func(n int) ([][]float64, []float64) {
		Z, y := make([][]float64, n), make([]float64, n)
		for i := range Z {
			Z[i] = make([]float64, 8)
			for j := range Z[i] {
				Z[i][j] = rng.NormFloat64()
			}
			y[i] = 3*Z[i][0] - 2*Z[i][1] + Z[i][2] + 0.5*rng.NormFloat64()
		}
		return Z, y
	}
	Z, y := sample(200)
	Zt, yt := sample(500)
	mse := func(scale []float64, centres [][]float64, linear []bool, w, b []float64, tau float64, vars []float64) float64 {
		var s float64
		for i, z := range Zt {
			f := b[0]
			for c, ctr := range centres {
				var d2, lin float64
				for j := range z {
					x := z[j] * scale[j]
					d2 += (x - ctr[j]) * (x - ctr[j])
					lin += x * ctr[j]
				}
				g := math.Exp(-d2 / tau)
				if vars != nil {
					g = math.Exp(-d2 / (2 * vars[c]))
				}
				if linear[c] {
					g = lin
				}
				f += w[c] * g
			}
			s += (f - yt[i]) * (f - yt[i])
		}
		return s / float64(len(Zt))
	}
	with, err := Auto{Seed: 1}.Fit(Z, [][]float64{y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	without, err := Auto{Seed: 1, NoLinear: true}.Fit(Z, [][]float64{y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	mw := mse(with.Scale, with.Centres, with.Linear, with.Weights[0], with.Bias, with.Tau, nil)
	mo := mse(without.Scale, without.Centres, make([]bool, len(without.Centres)), without.Weights[0], without.Bias, without.Tau, nil)
	if !slices.Contains(with.Linear, true) || slices.Contains(without.Linear, true) || !(mw < 0.5 && mw < mo && 2*with.Size <= without.Size) {
		t.Errorf("auto: linear nodes %v, test MSE %.3f (noise 0.25) with %d nodes; without: %.3f with %d nodes",
			with.Linear, mw, with.Size, mo, without.Size)
	}
	t.Logf("auto: test MSE %.3f with %d nodes, without the linear node %.3f with %d", mw, with.Size, mo, without.Size)
	tu, err := Tuned{Method: optim.PSO{}, Auto: Auto{Seed: 1}}.Fit(Z, [][]float64{y}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if mt := mse(tu.Scale, tu.Centres, tu.Linear, tu.Weights[0], tu.Bias, 0, tu.Vars); !slices.Contains(tu.Linear, true) || !(mt < 0.5) {
		t.Errorf("pso: linear nodes %v, test MSE %.3f (noise 0.25)", tu.Linear, mt)
	}
}

// TestLinearEveryFold checks that the folds try linear candidates exactly where the final
// model does: with all 300 points of 3,000 inputs over the ridge's budget and a fold's 150
// within it, no fold may get one (the folds once chose a linear node that the final model
// could not have, and their error said nothing of its); with 30 inputs, all get one.
func TestLinearEveryFold(t *testing.T) {
	skipOneWorker(t)
	for _, c := range []struct {
		m    int
		want bool
	}{{3000, false}, {30, true}} {
		Z, y := linearData(300, c.m, 3)
		a := Auto{Seed: 1, Folds: 2, TauFactors: []float64{1}, Candidates: 20, MaxTerms: 5, inputs: newFoldInputs()}
		if _, err := a.Fit(Z, [][]float64{y}, nil); err != nil {
			t.Fatal(err)
		}
		if len(a.inputs.done) < 3 {
			t.Fatalf("%d inputs: %d folds' inputs kept, want both folds' and the final model's", c.m, len(a.inputs.done))
		}
		for key, in := range a.inputs.done {
			if got := in.dirs != nil; got != c.want {
				t.Errorf("%d inputs, fold %d, weighting %d: linear candidates %v, want %v", c.m, key[0], key[1], got, c.want)
			}
		}
	}
}
