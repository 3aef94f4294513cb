package sparsekernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// gaussianData returns n points of m standardised-like inputs in classes that differ in the
// spread of their inputs (class c scales input j by 1 + c (j+1) / m), and their classes.
func gaussianData(rng *rand.Rand, n, m, classes int) ([][]float64, []int) {
	Z, class := make([][]float64, n), make([]int, n)
	for i := range Z {
		c := i % classes
		class[i] = c
		Z[i] = make([]float64, m)
		for j := range Z[i] {
			Z[i][j] = (1 + float64(c*(j+1))/float64(m)) * rng.NormFloat64()
		}
		if m > 1 {
			Z[i][1] += 0.5 * Z[i][0] // correlated inputs
		}
	}
	return Z, class
}

// TestFitGaussians checks every class's Gaussian against its mean and shrunk covariance
// computed directly: -0.5 ||R (z - mean)||^2 is -0.5 (z - mean)' S^-1 (z - mean), and logDet
// is log det S, on the points use keeps.
func TestFitGaussians(t *testing.T) {
	const n, m, classes, shrink = 300, 4, 3, 0.1
	Z, class := gaussianData(rand.New(rand.NewPCG(3, 4)), n, m, classes)
	use := make([]bool, n)
	for i := range use {
		use[i] = i%7 != 0
	}
	gs, ok := fitGaussians(Z, class, classes, use, shrink)
	if !ok {
		t.Fatal("fit failed")
	}
	for c, g := range gs {
		var rows [][]float64
		for i, z := range Z {
			if use[i] && class[i] == c {
				rows = append(rows, z)
			}
		}
		mean := make([]float64, m)
		for _, z := range rows {
			for j, v := range z {
				mean[j] += v / float64(len(rows))
			}
		}
		S := mat.NewDense(m, m, nil)
		for j := range m {
			for l := range m {
				var s float64
				for _, z := range rows {
					s += (z[j] - mean[j]) * (z[l] - mean[l])
				}
				v := (1 - shrink) * s / float64(len(rows)-1)
				if j == l {
					v += shrink
				}
				S.Set(j, l, v)
			}
		}
		var P mat.Dense
		if err := P.Inverse(S); err != nil {
			t.Fatal(err)
		}
		for j := range m {
			if math.Abs(g.mean[j]-mean[j]) > 1e-12 {
				t.Fatalf("class %d: mean %v, want %v", c, g.mean, mean)
			}
		}
		if want := math.Log(mat.Det(S)); math.Abs(g.logDet-want) > 1e-10 {
			t.Errorf("class %d: log det %v, want %v", c, g.logDet, want)
		}
		for _, z := range Z[:20] {
			d := mat.NewVecDense(m, nil)
			for j := range m {
				d.SetVec(j, z[j]-mean[j])
			}
			want := -0.5 * mat.Inner(d, &P, d)
			if got := g.value(z); math.Abs(got-want) > 1e-10*(1+math.Abs(want)) {
				t.Fatalf("class %d: log-density %v, want %v", c, got, want)
			}
		}
	}
}

// TestQuadraticFeatures checks that every point's features are the log-densities of the
// Gaussians fitted without its group (at the shrinkage returned), and that on classes that
// differ in spread the shrinkage chosen is not the largest.
func TestQuadraticFeatures(t *testing.T) {
	const n, m, classes, groups = 240, 3, 3, 5
	Z, class := gaussianData(rand.New(rand.NewPCG(5, 6)), n, m, classes)
	H, shrink, ok := quadraticFeatures(Z, class, classes, groups)
	if !ok {
		t.Fatal("no fit")
	}
	if shrink == quadraticShrinks[len(quadraticShrinks)-1] {
		t.Errorf("shrinkage %v, the largest: the classes' spreads are not seen", shrink)
	}
	group, seen := make([]int, n), make([]int, classes)
	for i, c := range class {
		group[i], seen[c] = seen[c]%groups, seen[c]+1
	}
	for g := range groups {
		use := make([]bool, n)
		for i := range use {
			use[i] = group[i] != g
		}
		gs, ok := fitGaussians(Z, class, classes, use, shrink)
		if !ok {
			t.Fatal("fit failed")
		}
		for i, z := range Z {
			if use[i] {
				continue
			}
			for c, gc := range gs {
				if want := gc.value(z); H[i][c] != want {
					t.Fatalf("point %d class %d: %v, the Gaussian fitted without its group gives %v", i, c, H[i][c], want)
				}
			}
		}
	}
}

// TestResize checks the several-class size cut by the class map: where the inputs' terms do
// as well as the decisions of the size rule's size, the smallest size is taken (0: no Gaussian
// node) and its map kept for the calibration; where the inputs say nothing about the classes,
// the size stays.
func TestResize(t *testing.T) {
	const n, m, C, size = 300, 4, 3, 16
	rng := rand.New(rand.NewPCG(41, 42))
	// Classes that differ in spread alone (sd 1, 3, 9 on every input), and their log-densities
	// under the Gaussians that drew them.
	Z, class, truth := make([][]float64, n), make([]int, n), make([][]float64, n)
	for i := range Z {
		class[i] = i % C
		sd := math.Pow(3, float64(class[i]))
		Z[i] = make([]float64, m)
		for j := range Z[i] {
			Z[i][j] = sd * rng.NormFloat64()
		}
	}
	for i, z := range Z {
		truth[i] = make([]float64, C)
		for c := range C {
			sd := math.Pow(3, float64(c))
			for _, v := range z {
				truth[i][c] -= 0.5*v*v/(sd*sd) + math.Log(sd)
			}
		}
	}
	noise := func() [][]float64 {
		F := make([][]float64, n)
		for i := range F {
			F[i] = []float64{0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64()}
		}
		return F
	}
	small := noise()
	signal := make([][]float64, n) // the decisions at size: class signal as strong as the inputs'
	for i := range signal {
		signal[i] = make([]float64, C)
		for c := range C {
			signal[i][c] = truth[i][c] + 0.1*rng.NormFloat64()
		}
	}
	decisions := func(s int) [][]float64 {
		if s == size {
			return signal
		}
		return small
	}
	t.Run("the inputs stand in for the nodes", func(t *testing.T) {
		in := &inputsMap{Z: Z, se: 1}
		if got := resize(size, decisions, class, C, 1, in); got != 0 {
			t.Fatalf("size %d, want 0 (the map on the inputs' terms alone)", got)
		}
		if in.chosen == nil || in.chosen.stack == nil || !in.chosen.stack.form.quadratic || in.resized != [2]int{size, 0} {
			t.Fatalf("kept %+v, resized %v; want a map with the log-densities, from %d to 0", in.chosen, in.resized, size)
		}
		cm, ok := chooseMap(small, 0, class, C, 1, in)
		if !ok || cm.stack != in.chosen.stack {
			t.Error("the calibration did not take the map resize chose")
		}
	})
	t.Run("the inputs say nothing", func(t *testing.T) {
		flat := make([][]float64, n)
		for i := range flat {
			flat[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		}
		in := &inputsMap{Z: flat, se: 1}
		if got := resize(size, decisions, class, C, 1, in); got != size || in.resized != [2]int{} {
			t.Fatalf("size %d (resized %v), want %d", got, in.resized, size)
		}
	})
	t.Run("few points, many inputs", func(t *testing.T) {
		// 60 points of 6 classes in 18 inputs, class c shifted along input c: the linear terms
		// have 108 slopes, more than the points, which the map of the size rule's decisions
		// (mapForms) never tries; a cut may, as it must match that map's mistakes and log-loss.
		const n, m, C = 60, 18, 6
		Z, class, F := make([][]float64, n), make([]int, n), make([][]float64, n)
		for i := range Z {
			class[i] = i % C
			Z[i], F[i] = make([]float64, m), make([]float64, C)
			for j := range Z[i] {
				Z[i][j] = rng.NormFloat64()
			}
			Z[i][class[i]] += 4
			for c := range C {
				F[i][c] = -1 + 0.6*rng.NormFloat64()
			}
			F[i][class[i]] += 2
		}
		if forms := stackForms(n, C, C, &inputsMap{Z: Z}, class, mapForms); len(forms) != 0 {
			t.Fatalf("mapForms tries %v on 60 points", forms)
		}
		flat := make([][]float64, n)
		for i := range flat {
			flat[i] = make([]float64, C)
		}
		decisions := func(s int) [][]float64 {
			if s == size {
				return F
			}
			return flat
		}
		in := &inputsMap{Z: Z, se: 1}
		got := resize(size, decisions, class, C, 1, in)
		if got != 0 || in.chosen.stack == nil || !in.chosen.stack.form.linear {
			t.Fatalf("size %d (resized %v, inputs' terms kept: %t); want 0, with the inputs' linear terms", got, in.resized, in.chosen.stack != nil)
		}
	})
}

// TestStackNodes checks the nodes each form of the class map adds to a model, which a size cut
// must count: one linear node an input or a class, whichever is fewer, and one quadratic node
// a class.
func TestStackNodes(t *testing.T) {
	for _, tc := range []struct {
		form        stackTerms
		classes, in int
		want        int
	}{
		{stackTerms{linear: true, scale: 1}, 3, 4, 3},
		{stackTerms{linear: true, scale: 1}, 6, 2, 2},
		{stackTerms{quadratic: true}, 4, 2, 4},
		{stackTerms{linear: true, scale: 1, quadratic: true}, 3, 13, 6},
	} {
		if got := tc.form.nodes(tc.classes, tc.in); got != tc.want {
			t.Errorf("%+v, %d classes, %d inputs: %d nodes, want %d", tc.form, tc.classes, tc.in, got, tc.want)
		}
	}
}

// TestQuadraticShrinkOutliers checks that a few points far from their class do not choose the
// shrinkage: classes that differ along nearly degenerate directions of correlated inputs need
// a small one, and two outliers, whose log-losses at a small shrinkage are in the hundreds,
// must not move the choice (the Brier score bounds what a point costs).
func TestQuadraticShrinkOutliers(t *testing.T) {
	const n, m, classes, groups = 300, 4, 3, 5
	rng := rand.New(rand.NewPCG(11, 12))
	Z, class := make([][]float64, n), make([]int, n)
	for i := range Z {
		c := i % classes
		class[i] = c
		a, b := rng.NormFloat64(), rng.NormFloat64()
		e := func() float64 { return 0.03 * rng.NormFloat64() }
		switch c { // the classes lie near different planes through the same cloud
		case 0:
			Z[i] = []float64{a, b, a + b + e(), a - b + e()}
		case 1:
			Z[i] = []float64{a, b, a - b + e(), a + b + e()}
		default:
			Z[i] = []float64{a, b, -a + e(), b + e()}
		}
	}
	_, clean, ok := quadraticFeatures(Z, class, classes, groups)
	if !ok {
		t.Fatal("no fit")
	}
	Z[0] = []float64{3, -3, 3, -3} // two points of class 0 far from its plane
	Z[3] = []float64{-3, 3, 3, 3}
	_, dirty, ok := quadraticFeatures(Z, class, classes, groups)
	if !ok {
		t.Fatal("no fit with the outliers")
	}
	if clean > 0.01 || dirty != clean {
		t.Errorf("shrinkage %v without the outliers, %v with them; want the same, at most 0.01", clean, dirty)
	}
}
