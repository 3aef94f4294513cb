package sparsekernel

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/model"
)

// TestFoldCalibrationSeveral checks the several-class calibration's fold: when the classes
// follow a multinomial map of the decisions whose arg max is not theirs, the map is folded
// into the outputs (the identity map stored, the same probabilities, the map's labels, and its
// cross-fitted error rate returned); when they are the decisions' arg max, it is stored
// beside the outputs and the model is unchanged.
func TestFoldCalibrationSeveral(t *testing.T) {
	const C = 3
	A0 := [][]float64{{2, 0, 0}, {0, 0.5, 0}, {0, 0, 2}} // class 1 wins where the others are low
	for _, tc := range []struct {
		name   string
		masked bool
	}{{"map's arg max", true}, {"outputs' arg max", false}} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 12))
			F := make([][]float64, 900)
			class := make([]int, len(F))
			l := make([]float64, C)
			for i := range F {
				F[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
				for c := range C {
					l[c] = F[i][c] // the outputs' arg max makes no mistake: nothing to gain
					if tc.masked {
						l[c] = A0[c][c]*F[i][c] + 0.2*rng.NormFloat64()
						if c == 1 {
							l[c] += 1.5
						}
					}
				}
				class[i] = model.Class(l)
			}
			m := &model.Model{Task: model.Classification, Kernel: model.KernelGaussian, Inputs: 1, Classes: []string{"a", "b", "c"},
				Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}},
				Nodes:   []model.Node{{Centre: []float64{-1}, Width: []float64{1}}, {Centre: []float64{1}, Width: []float64{0.5}}},
				Weights: [][]float64{{1, -0.5}, {0.3, 0.8}, {-1, 0.2}}, Bias: []float64{0.1, -0.2, 0.05}}
			before := *m
			x := []float64{0.3}
			fb, err := m.Decision(x)
			if err != nil {
				t.Fatal(err)
			}
			raw := oofError(F, class)
			rate := foldCalibration(m, F, class, C, "cv", 2, nil)
			if m.Calibration == nil {
				t.Fatal("no calibration")
			}
			folded := strings.HasSuffix(m.Calibration.Method, ", folded into the outputs")
			if folded != tc.masked {
				t.Fatalf("method %q, want folded %v", m.Calibration.Method, tc.masked)
			}
			if !folded {
				if rate != raw || m.Weights[0][0] != before.Weights[0][0] || m.Bias[2] != before.Bias[2] {
					t.Errorf("rate %v (out-of-fold %v), or the outputs changed", rate, raw)
				}
				return
			}
			if rate >= raw {
				t.Errorf("folded with a cross-fitted error rate %v, the outputs' arg max %v", rate, raw)
			}
			for c := range C {
				for k := range C {
					if want := float64(map[bool]int{true: 1}[c == k]); m.Calibration.A[c][k] != want || m.Calibration.B[c] != 0 {
						t.Fatalf("stored map A %v, B %v; want the identity", m.Calibration.A, m.Calibration.B)
					}
				}
			}
			// The folded outputs give the probabilities of the map fitted on the decisions
			// (deterministic: fitted again here) beside the outputs they were folded into.
			A, B, ok := calibrate.Fit(F, class, C)
			if !ok {
				t.Fatal("fit failed")
			}
			unfolded := before
			unfolded.Calibration = &model.Calibration{A: A, B: B}
			fa, err := m.Decision(x)
			if err != nil {
				t.Fatal(err)
			}
			pa, pb := make([]float64, C), make([]float64, C)
			if err := m.Probabilities(pa, fa); err != nil {
				t.Fatal(err)
			}
			if err := unfolded.Probabilities(pb, fb); err != nil {
				t.Fatal(err)
			}
			for c := range C {
				if math.Abs(pa[c]-pb[c]) > 1e-12 {
					t.Fatalf("probabilities %v after the fold, %v before", pa, pb)
				}
			}
		})
	}
}

// TestStackInputs checks the map on the outputs and the inputs side by side: where the
// classes follow directions of the inputs that the decisions barely carry, it is folded into
// the model, whose outputs are then the logits B + A f + D z of the map at one of the ridges
// on D, with D z from linear nodes in the model's weighted inputs (one per input when the
// inputs are as few as the classes, one per class otherwise); where the classes follow a
// contrast of two nearly equal inputs, the map is one of a smaller ridge on D than on A;
// where the inputs add nothing to the decisions, the model is as without it, at the tolerance
// of every size preference.
func TestStackInputs(t *testing.T) {
	const C, n = 3, 600
	for _, tc := range []struct {
		name     string
		inputs   int
		signal   bool    // the classes follow the inputs, not the decisions
		contrast bool    // the classes follow z_0 - z_1, two inputs of correlation 0.998
		se       float64 // the paired standard errors the map must win by
	}{
		{"an input a node", 2, true, false, 1},
		{"a class a node", 5, true, false, 1},
		{"a class a node, small models", 5, true, false, 2},
		{"a contrast of correlated inputs", 4, true, true, 1},
		{"inputs of noise", 4, false, false, 1},
		{"inputs of noise, small models", 4, false, false, 2},
		{"inputs of noise, accurate models", 4, false, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(21, 22))
			X := make([][]float64, n)
			Z := make([][]float64, n)
			F := make([][]float64, n)
			class := make([]int, n)
			mean, std, scale := make([]float64, tc.inputs), make([]float64, tc.inputs), make([]float64, tc.inputs)
			for j := range mean {
				mean[j], std[j], scale[j] = float64(j), 1+float64(j)/2, 0.5+float64(j)/4
			}
			l := make([]float64, C)
			for i := range X {
				X[i], Z[i], F[i] = make([]float64, tc.inputs), make([]float64, tc.inputs), make([]float64, C)
				for j := range X[i] {
					Z[i][j] = rng.NormFloat64()
				}
				if tc.contrast {
					Z[i][1] = 0.998*Z[i][0] + math.Sqrt(1-0.998*0.998)*Z[i][1]
				}
				for j := range X[i] {
					X[i][j] = mean[j] + std[j]*Z[i][j]
				}
				for c := range C {
					F[i][c] = rng.NormFloat64()
					l[c] = 3 * F[i][c]
					switch {
					case tc.contrast:
						l[c] = 0.3*F[i][c] + 40*(Z[i][0]-Z[i][1])*float64(c-1) + 0.3*rng.NormFloat64()
					case tc.signal:
						l[c] = 0.3*F[i][c] + 3*Z[i][c%tc.inputs]*float64(1-2*(c/tc.inputs%2)) + 0.3*rng.NormFloat64()
					}
				}
				class[i] = model.Class(l)
			}
			std2 := make([]float64, tc.inputs) // as crossValidated leaves them: std_j / s_j
			for j := range std2 {
				std2[j] = std[j] / scale[j]
			}
			centre := make([]float64, tc.inputs)
			m := &model.Model{Task: model.Classification, Kernel: model.KernelGaussian, Inputs: tc.inputs, Classes: []string{"a", "b", "c"},
				Scaling: model.Scaling{Mean: mean, Std: std2},
				Nodes:   []model.Node{{Centre: centre, Width: []float64{1}}},
				Weights: [][]float64{{1}, {-0.5}, {0.3}}, Bias: []float64{0.1, -0.2, 0.05}}
			before := *m
			before.Weights = [][]float64{{1}, {-0.5}, {0.3}}
			nodes := len(m.Nodes)
			foldCalibration(m, F, class, C, "cv", 1, &inputsMap{Z: Z, scale: scale, se: tc.se})
			stacked := strings.Contains(m.Calibration.Method, "inputs")
			if stacked != tc.signal {
				t.Fatalf("method %q, want the inputs stacked: %v", m.Calibration.Method, tc.signal)
			}
			if !stacked {
				return
			}
			if want := nodes + min(tc.inputs, C); len(m.Nodes) != want || len(m.Weights[0]) != want {
				t.Fatalf("%d nodes, %d weights; want %d", len(m.Nodes), len(m.Weights[0]), want)
			}
			// The model's logits are those of the map at one of the ridges on D: the map on
			// (f, s z), whose slopes of z are s times its slopes of s z.
			A, B, _ := calibrate.Fit(F, class, C)
			matched := -1
			for r, sc := range inputsScales {
				F2 := make([][]float64, n)
				for i := range F {
					F2[i] = append([]float64(nil), F[i]...)
					for _, v := range Z[i] {
						F2[i] = append(F2[i], sc*v)
					}
				}
				A2, B2, ok := calibrate.FitFrom(F2, class, C, A, B)
				if !ok {
					t.Fatal("fit failed")
				}
				row := func(i int, f0 []float64) []float64 { return append(f0, F2[i][C:]...) }
				if mapLogits(t, &before, m, X, row, A2, B2) {
					matched = r
				}
			}
			if matched < 0 {
				t.Fatal("the model's logits are not those of the map at any of the ridges")
			}
			if tc.contrast && matched == 0 {
				t.Error("a contrast of nearly equal inputs kept the map of the decisions' ridge")
			}
		})
	}
}

// TestStackQuadratic checks the map with the classes' Gaussian log-densities: where the
// classes differ in the spread of the inputs, not in the decisions, it is folded into the
// model as one quadratic node a class, and the model's outputs are the map's logits, B + A f +
// E h(z), with E fitted on the out-of-group log-densities and h from Gaussians fitted on all
// the points.
func TestStackQuadratic(t *testing.T) {
	const C, n, m = 3, 600, 3
	rng := rand.New(rand.NewPCG(31, 32))
	Z, class := gaussianData(rng, n, m, C)
	X, F := make([][]float64, n), make([][]float64, n)
	mean, std, scale := []float64{1, -2, 0.5}, []float64{2, 0.5, 1}, []float64{1.5, 0.5, 1}
	for i := range X {
		X[i], F[i] = make([]float64, m), make([]float64, C)
		for j := range X[i] {
			X[i][j] = mean[j] + std[j]*Z[i][j]
		}
		for c := range F[i] {
			F[i][c] = 0.1 * rng.NormFloat64()
		}
	}
	std2 := make([]float64, m) // as crossValidated leaves them: std_j / s_j
	for j := range std2 {
		std2[j] = std[j] / scale[j]
	}
	mdl := &model.Model{Task: model.Classification, Kernel: model.KernelGaussian, Inputs: m, Classes: []string{"a", "b", "c"},
		Scaling: model.Scaling{Mean: mean, Std: std2},
		Nodes:   []model.Node{{Centre: make([]float64, m), Width: []float64{1}}},
		Weights: [][]float64{{1}, {-0.5}, {0.3}}, Bias: []float64{0.1, -0.2, 0.05}}
	before := *mdl
	before.Weights = [][]float64{{1}, {-0.5}, {0.3}}
	foldCalibration(mdl, F, class, C, "cv", 1, &inputsMap{Z: Z, scale: scale, se: 1})
	var quads int
	for _, nd := range mdl.Nodes {
		if nd.Kind == model.NodeQuadratic {
			quads++
		}
	}
	if quads != C || !strings.Contains(mdl.Training.Chose, "log-densities") {
		t.Fatalf("%d quadratic nodes, chose %q; want %d", quads, mdl.Training.Chose, C)
	}
	if err := mdl.Check(); err != nil {
		t.Fatal(err)
	}
	H, shrink, _ := quadraticFeatures(Z, class, C, calibGroups)
	gs, _ := fitGaussians(Z, class, C, nil, shrink)
	A, B, _ := calibrate.Fit(F, class, C)
	linear := len(mdl.Nodes) > 1+C // the linear terms too
	F2 := make([][]float64, n)
	for _, s := range append([]float64{0}, inputsScales...) {
		if (s == 0) == linear {
			continue
		}
		for i := range F {
			F2[i] = append([]float64(nil), F[i]...)
			for _, v := range Z[i] {
				if linear {
					F2[i] = append(F2[i], s*v)
				}
			}
			F2[i] = append(F2[i], H[i]...)
		}
		A2, B2, ok := calibrate.FitFrom(F2, class, C, A, B)
		if !ok {
			t.Fatal("fit failed")
		}
		row := func(i int, f0 []float64) []float64 { // the log-densities of the Gaussians on all points
			r := append(f0, F2[i][C:len(F2[i])-C]...)
			for _, g := range gs {
				r = append(r, g.value(Z[i]))
			}
			return r
		}
		if mapLogits(t, &before, mdl, X, row, A2, B2) {
			return
		}
	}
	t.Fatal("the model's logits are not those of the map with the log-densities")
}

// mapLogits reports whether the outputs of after, on rows 0, 7 and 99 of X, are the logits
// B + A r of a map on row(i, f), f the outputs of before (the model the map was folded into).
func mapLogits(t *testing.T, before, after *model.Model, X [][]float64, row func(i int, f []float64) []float64, A [][]float64, B []float64) bool {
	t.Helper()
	for _, i := range []int{0, 7, 99} {
		f0, err := before.Decision(X[i])
		if err != nil {
			t.Fatal(err)
		}
		got, err := after.Decision(X[i])
		if err != nil {
			t.Fatal(err)
		}
		for c := range B {
			want := B[c]
			for k, v := range row(i, f0) {
				want += A[c][k] * v
			}
			// The same optimum, reached from another start (the previous ridge's map): equal
			// to the solver's tolerance.
			if math.Abs(got[c]-want) > 1e-6*(1+math.Abs(want)) {
				return false
			}
		}
	}
	return true
}
