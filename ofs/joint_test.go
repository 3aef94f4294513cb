package ofs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/synth"
)

// TestJointGrad checks the joint refinement's gradient against central differences, with few
// inputs (distances computed directly) and more (by a matrix product), one output and
// several, with and without a fixed column.
func TestJointGrad(t *testing.T) {
	for _, tc := range []struct {
		name        string
		m, k, fixed int
	}{
		{"few inputs, one output", 2, 1, 0},
		{"few inputs, fixed column", 3, 1, 1},
		{"many inputs, three outputs", 7, 3, 0},
		{"many inputs, fixed column", 6, 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tc.m)))
			n, ng := 40, 4
			Z := make([][]float64, n)
			for i := range Z {
				Z[i] = make([]float64, tc.m)
				for d := range Z[i] {
					Z[i][d] = rng.NormFloat64()
				}
			}
			Y := make([][]float64, tc.k)
			for k := range Y {
				Y[k] = make([]float64, n)
				for i := range Y[k] {
					Y[k][i] = math.Sin(Z[i][0]*float64(k+1)) + 0.1*rng.NormFloat64()
				}
			}
			var fixed [][]float64
			for range tc.fixed {
				col := make([]float64, n)
				for i := range col {
					col[i] = Z[i][1]
				}
				fixed = append(fixed, col)
			}
			j := newJoint(Z, Y, fixed, ng, 0.1, 1)
			u := jointStart(Z[:ng], 0.5*float64(tc.m))
			for i := range u {
				u[i] += 0.1 * rng.NormFloat64()
			}
			grad := make([]float64, len(u))
			j.costGrad(u, grad)
			scratch := make([]float64, len(u))
			for i := range u {
				h := 1e-6 * max(1, math.Abs(u[i]))
				up, dn := append([]float64(nil), u...), append([]float64(nil), u...)
				up[i] += h
				dn[i] -= h
				num := (j.costGrad(up, scratch) - j.costGrad(dn, scratch)) / (2 * h)
				if math.Abs(num-grad[i]) > 1e-6*max(1, math.Abs(num)) {
					t.Errorf("parameter %d: gradient %.9g, central difference %.9g", i, grad[i], num)
				}
			}
		})
	}
}

// TestJointLowers checks that the refinement lowers the cost and that the decisions at the
// training points match the fitted residuals.
func TestJointLowers(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	n, ng := 80, 5
	Z := make([][]float64, n)
	Y := [][]float64{make([]float64, n)}
	for i := range Z {
		Z[i] = []float64{rng.NormFloat64(), rng.NormFloat64()}
		Y[0][i] = math.Copysign(1, Z[i][0]*Z[i][1])
	}
	j := newJoint(Z, Y, nil, ng, 0.1, 1)
	u0 := jointStart(Z[:ng], 1)
	grad := make([]float64, len(u0))
	c0 := j.costGrad(u0, grad)
	u5, u20 := j.run(u0, 5), j.run(u0, 20)
	snaps := [][]float64{u5, u20}
	c1, c2 := j.costGrad(snaps[0], grad), j.costGrad(snaps[1], grad)
	if !(c1 < c0 && c2 <= c1) {
		t.Fatalf("costs %g, %g, %g: not lowered", c0, c1, c2)
	}
	j.solve(snaps[1])
	f := j.decisions(snaps[1], newPoints(Z), nil)
	j.costGrad(snaps[1], grad) // e = decisions - y
	for i := range n {
		if d := f[0][i] - Y[0][i] - j.e[i]; math.Abs(d) > 1e-9 {
			t.Fatalf("point %d: decision %g, residual %g", i, f[0][i], j.e[i])
		}
	}
}

// TestAutoJoint fits refined models (one output with a linear node, and three classes) without
// the evidence pruning and checks that the refinement ran and moved the widths, that the
// weights are the ridge solution for the refined nodes (the normal equations hold at the
// training points: Phi'(Phi W - Y) + lambda W = 0 for every node, the bias's ridge
// negligible), that every point has out-of-fold decisions, and that the model does not depend
// on the number of workers.
func TestAutoJoint(t *testing.T) {
	for _, c := range []int{2, 3} {
		X, class := blobs(400, c, uint64(c))
		Y := oneVsRest(class, c)
		var rs []*AutoResult
		for _, workers := range []int{1, 3} {
			r, err := Auto{Seed: 1, Refine: RefineAlways, NoPrune: true, Workers: workers}.Fit(X, Y, class)
			if err != nil {
				t.Fatal(err)
			}
			r.Evaluations = 0
			rs = append(rs, r)
		}
		r := rs[0]
		if !reflect.DeepEqual(r, rs[1]) {
			t.Errorf("%d classes: the refined model depends on the number of workers", c)
		}
		if r.Refined == 0 || !strings.Contains(r.Chose, fmt.Sprintf("refined jointly (%d iterations)", r.Refined)) {
			t.Fatalf("%d classes: not refined (%d iterations): %s", c, r.Refined, r.Chose)
		}
		moved := false
		for i, v := range r.Vars {
			moved = moved || !r.Linear[i] && v != r.Tau/2
		}
		if !moved {
			t.Errorf("%d classes: no width moved", c)
		}
		if c == 2 && !slices.Contains(r.Linear, true) {
			t.Errorf("two classes: no linear node (%s)", r.Chose)
		}
		cols := make([][]float64, len(r.Centres))
		for i := range cols {
			cols[i] = make([]float64, len(X))
			for p, z := range X {
				one := &AutoResult{Scale: r.Scale, Centres: r.Centres[i : i+1], Vars: r.Vars[i : i+1], Linear: r.Linear[i : i+1],
					Weights: [][]float64{{1}}, Bias: []float64{0}}
				cols[i][p] = decide(one, z)[0]
			}
		}
		lambda := 0.1 // Auto's default for classes
		for k := range Y {
			e := make([]float64, len(X))
			for p, z := range X {
				e[p] = decide(r, z)[k] - Y[k][p]
			}
			for i, col := range cols {
				g := dot(col, e) + lambda*r.Weights[k][i]
				if math.Abs(g) > 1e-6*float64(len(X)) {
					t.Errorf("%d classes, output %d, node %d: normal equation off by %g", c, k, i, g)
				}
			}
		}
		for i, o := range r.OOF {
			if len(o) != len(Y) {
				t.Fatalf("%d classes: out-of-fold decisions of point %d: %v", c, i, o)
			}
		}
	}
}

// TestJointPick checks the choice among refinement levels.
func TestJointPick(t *testing.T) {
	flat := func(vs ...float64) []float64 { return vs }
	for _, tc := range []struct {
		name    string
		L, W    [][]float64
		classes bool
		want    int
	}{
		{"no gain: unrefined", [][]float64{flat(1, 1, 1, 1), flat(1, 1, 1, 1)}, [][]float64{flat(0, 0, 0, 0), flat(0, 0, 0, 0)}, true, 0},
		{"clear gain", [][]float64{flat(2, 2, 2, 2), flat(1, 1, 1, 1), flat(0.5, 0.5, 0.5, 0.5)}, [][]float64{flat(0, 0, 0, 0), flat(0, 0, 0, 0), flat(0, 0, 0, 0)}, true, 2},
		{"first level within one standard error", [][]float64{flat(2, 2, 2, 2), flat(1, 1.1, 0.9, 1), flat(1, 0.8, 1.2, 0.9)}, [][]float64{flat(0, 0, 0, 0), flat(0, 0, 0, 0), flat(0, 0, 0, 0)}, true, 1},
		{"lower loss, more mistakes", [][]float64{flat(2, 2, 2, 2), flat(1, 1, 1, 1)}, [][]float64{flat(0, 0, 0, 0), flat(1, 1, 1, 0)}, true, 0},
		{"mistakes do not count for a regression", [][]float64{flat(2, 2, 2, 2), flat(1, 1, 1, 1)}, [][]float64{flat(0, 0, 0, 0), flat(0, 0, 0, 0)}, false, 1},
	} {
		if got := jointPick(tc.L, tc.W, tc.classes, 1); got != tc.want {
			t.Errorf("%s: level %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestRefineLarge checks when the default refines: a regression of refinePoints points or
// more, not a smaller one, and not two classes (their final model is pruned by the Bernoulli
// evidence, which the refinement's choice does not see).
func TestRefineLarge(t *testing.T) {
	skipOneWorker(t)
	ran := func(r *AutoResult) bool {
		return strings.Contains(r.Chose, "refined jointly") || strings.Contains(r.Chose, "not refined")
	}
	big, small := synth.Sinc(refinePoints, 1, 0.1, 1), synth.Sinc(refinePoints-1, 1, 0.1, 1)
	for _, tc := range []struct {
		name string
		set  synth.Set
		want bool
	}{{"regression of refinePoints points", big, true}, {"regression, one point fewer", small, false}} {
		r, err := Auto{Seed: 1}.Fit(tc.set.X, [][]float64{tc.set.Y}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ran(r) != tc.want {
			t.Errorf("%s: refinement run %v, want %v (%s)", tc.name, ran(r), tc.want, r.Chose)
		}
	}
	X, class := hastieSet(refinePoints, 1)
	r, err := Auto{Seed: 1}.Fit(X, oneVsRest(class, 2), class)
	if err != nil {
		t.Fatal(err)
	}
	if ran(r) {
		t.Errorf("two classes: refined by default (%s)", r.Chose)
	}
	// Three classes around (k, k mod 2), spread sd: overlapping at 0.6 (many held-out
	// mistakes: refined), apart at 0.1 (none: left as selected).
	for _, tc := range []struct {
		sd   float64
		want bool
	}{{0.6, true}, {0.1, false}} {
		rng := rand.New(rand.NewPCG(5, 5))
		var X [][]float64
		var class []int
		for i := range refinePoints {
			k := i % 3
			X = append(X, []float64{float64(k) + tc.sd*rng.NormFloat64(), float64(k%2) + tc.sd*rng.NormFloat64()})
			class = append(class, k)
		}
		r, err := Auto{Seed: 1}.Fit(X, oneVsRest(class, 3), class)
		if err != nil {
			t.Fatal(err)
		}
		if ran(r) != tc.want {
			t.Errorf("three classes, sd %g: refinement run %v, want %v (%s)", tc.sd, ran(r), tc.want, r.Chose)
		}
	}
}
