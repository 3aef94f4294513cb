package bench

import (
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/sparsekernel/sparsekernel/internal/seeds"
	"github.com/sparsekernel/sparsekernel/model"
)

// streamImportance is the random stream (internal/seeds) of the shuffles of
// PermutationImportance: a purpose no fit and no FoldSource uses.
const streamImportance = 21

// Importance is one input's permutation importance (Breiman 2001, "Random forests"; scikit-
// learn's permutation_importance): how much the test error (TestError: percentage points of
// misclassification, or MSE) rises when the input's values are shuffled among the rows, which
// breaks its link with the target while keeping its distribution.
type Importance struct {
	Input int     // the raw input, from 0
	Name  string  // its feature name, where the model has one
	Mean  float64 // the rise of the test error, averaged over the shuffles
	Std   float64 // its sample standard deviation over the shuffles (0 for one)
}

// PermutationImportance returns the test error of m on (X, target), as TestError gives it,
// and each raw input's importance, in input order (a categorical input is shuffled whole, its
// category among the rows). Each input is shuffled repeats times; shuffle r of input j comes
// from a stream of its own, derived from seed, j and r, so that the figures do not depend on
// the order they are computed in. X is not modified.
func PermutationImportance(m *model.Model, X [][]float64, target []float64, repeats int, seed uint64) (base float64, imp []Importance, err error) {
	if repeats < 1 {
		return 0, nil, errors.New("permutation importance: want at least one shuffle of each input")
	}
	base, err = TestError(m, X, target)
	if err != nil {
		return 0, nil, err
	}
	metric := MSE
	if m.Task == model.Classification {
		metric = ErrorPercent
	}
	work := make([][]float64, len(X))
	for i, x := range X {
		work[i] = slices.Clone(x)
	}
	rises := make([]float64, repeats)
	for j := range m.Inputs {
		for r := range rises {
			rng := rand.New(rand.NewPCG(seeds.Derive(seed, streamImportance, uint64(j)), uint64(r)))
			for i, p := range rng.Perm(len(X)) {
				work[i][j] = X[p][j]
			}
			f, err := m.Decisions(work)
			if err != nil {
				return 0, nil, err
			}
			rises[r] = scoreOf(f, target, metric) - base
		}
		for i, x := range X {
			work[i][j] = x[j]
		}
		in := Importance{Input: j}
		if j < len(m.Features) {
			in.Name = m.Features[j]
		}
		in.Mean, in.Std = MeanStd(rises)
		imp = append(imp, in)
	}
	return base, imp, nil
}
