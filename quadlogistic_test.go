package sparsekernel

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/ofs"
)

// TestQuadFormNodes checks that the two quadratic nodes of a form, weights -1 and 1, and its
// bias give bias + v'z + z'Az, for forms whose A is indefinite, definite, singular or zero.
func TestQuadFormNodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	for _, tc := range []struct {
		name string
		A    [][]float64
	}{
		{"indefinite (xor)", [][]float64{{0, 2}, {2, 0}}},
		{"definite", [][]float64{{3, 1, 0}, {1, 2, 0}, {0, 0, 1}}},
		{"negative, singular", [][]float64{{-1, -1}, {-1, -1}}},
		{"zero: linear", [][]float64{{0, 0}, {0, 0}}},
	} {
		m := len(tc.A)
		q := quadForm{bias: 0.3, v: make([]float64, m), A: tc.A}
		for j := range q.v {
			q.v[j] = rng.NormFloat64()
		}
		a, b, bias, ok := q.nodes()
		if !ok {
			t.Fatalf("%s: no nodes", tc.name)
		}
		for range 20 {
			z := make([]float64, m)
			for j := range z {
				z[j] = 3 * rng.NormFloat64()
			}
			want := q.bias
			for j := range m {
				want += q.v[j] * z[j]
				for l := range m {
					want += z[j] * tc.A[j][l] * z[l]
				}
			}
			if got := bias - a.value(z) + b.value(z); math.Abs(got-want) > 1e-9*(1+math.Abs(want)) {
				t.Errorf("%s: %g at %v, want %g", tc.name, got, z, want)
				break
			}
		}
	}
}

// TestQuadLogisticForm checks that the fitted form, its columns' centring and scaling undone,
// gives the logistic regression's logits on the columns, and that the evidence keeps the
// product the labels depend on and drops the squares they do not.
func TestQuadLogisticForm(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	n, m := 300, 3
	Z, class := make([][]float64, n), make([]int, n)
	for i := range Z {
		Z[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if Z[i][0]*Z[i][1]+0.5*Z[i][2]+0.3*rng.NormFloat64() > 0 {
			class[i] = 1
		}
	}
	cols, mu, sd := quadColumns(Z)
	if len(cols) != m*(m+3)/2 {
		t.Fatalf("%d columns, want %d", len(cols), m*(m+3)/2)
	}
	q, ok := quadLogisticForm(cols, mu, sd, class, m, 1)
	if !ok {
		t.Fatal("no fit")
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	w, b, _ := ofs.Logistic(cols, labels01(class, all), 1, m)
	for i, z := range Z {
		want := b
		for k, c := range cols {
			want += w[k] * c[i]
		}
		got := q.bias
		for j := range m {
			got += q.v[j] * z[j]
			for l := range m {
				got += z[j] * q.A[j][l] * z[l]
			}
		}
		if math.Abs(got-want) > 1e-9*(1+math.Abs(want)) {
			t.Fatalf("point %d: the form gives %g, the columns %g", i, got, want)
		}
	}
	if !(q.A[0][1] > 0) || q.A[0][0] != 0 || q.A[1][1] != 0 || q.A[2][2] != 0 {
		t.Errorf("A = %v: want the product z1 z2 kept, the squares pruned", q.A)
	}
}

// TestQuadLogisticContender checks the default on an ellipsoid in a cube (the class inside it,
// no noise, as mlbench's circle in three dimensions and stretched): the logistic regression on
// the inputs, their squares and products does better out of fold than the Gaussian nodes and
// replaces them with two quadratic nodes, which classify new points as well.
func TestQuadLogisticContender(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	draw := func(n int) ([][]float64, []string) {
		X, labels := make([][]float64, n), make([]string, n)
		for i := range X {
			x, y, z := 2*rng.Float64()-1, 2*rng.Float64()-1, 2*rng.Float64()-1
			X[i], labels[i] = []float64{x, y, z}, "out"
			if u, v := x+y, x-y; u*u/4+v*v+z*z/2 < 0.5 {
				labels[i] = "in"
			}
		}
		return X, labels
	}
	X, labels := draw(500)
	m, err := FitLabels(X, labels, Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Training.Chose, model.QuadLogisticChose) || m.Size() != 2 {
		t.Fatalf("%d nodes, chose %q: want the quadratic logistic regression's two nodes", m.Size(), m.Training.Chose)
	}
	Xt, lt := draw(2000)
	wrong := 0
	for i, x := range Xt {
		f, err := m.Decision(x)
		if err != nil {
			t.Fatal(err)
		}
		if l, _ := m.Label(f); l != lt[i] {
			wrong++
		}
	}
	if rate := float64(wrong) / float64(len(Xt)); rate > 0.03 {
		t.Errorf("test error %.2f %%, want under 3 %%", 100*rate)
	}
}
