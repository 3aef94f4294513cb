package ofs

import (
	"github.com/sparsekernel/sparsekernel/internal/paired"
)

// predicted returns the class of held-out point v: by sign with one output, by arg-max with
// several.
func predicted(f [][]float64, v int) int {
	if len(f) == 1 {
		if f[0][v] > 0 {
			return 1
		}
		return 0
	}
	best := 0
	for k := range f {
		if f[k][v] > f[best][v] {
			best = k
		}
	}
	return best
}

// smallestWithin returns the smallest size s <= best whose per-point losses loss[s] are not
// worse than loss[best] by more than se paired standard errors.
func smallestWithin(loss [][]float64, best int, se float64) int {
	return smallestMatching(loss, best, loss[best], se)
}

// fewerMisses returns the smallest size s in [from, best] whose per-point losses loss[s] are
// within se paired standard errors of loss[best] and whose misclassifications wrong[s] are
// within se paired standard errors of the fewest of the sizes up to best (best if none is).
// With several classes the summed squared error of the one-against-the-rest outputs flattens
// while the arg max still makes fewer mistakes, and the squared error's rule alone stops short.
func fewerMisses(loss, wrong [][]float64, from, best int, se float64) int {
	fewest := fewestMisses(wrong, best)
	for s := from; s < best; s++ {
		if paired.Within(loss[s], loss[best], se) && paired.Within(wrong[s], wrong[fewest], se) {
			return s
		}
	}
	return best
}

// byMisses returns the smallest size s whose misclassifications wrong[s] (1 for each point
// misclassified) are within se paired standard errors of those of the size with the fewest, of
// the sizes up to best (Auto.ByMisses).
func byMisses(wrong [][]float64, best int, se float64) int {
	fewest := fewestMisses(wrong, best)
	return smallestMatching(wrong, fewest, wrong[fewest], se)
}

// fewestMisses returns the size in [1, best] of fewest misclassifications wrong[s] (the first
// of equally few).
func fewestMisses(wrong [][]float64, best int) int {
	fewest, least := 1, sum(wrong[1])
	for s := 2; s <= best; s++ {
		if v := sum(wrong[s]); v < least {
			fewest, least = s, v
		}
	}
	return fewest
}

// smallestMatching returns the smallest size s < upTo whose per-point losses loss[s] are
// within se paired standard errors of ref (a reference model's), or upTo.
func smallestMatching(loss [][]float64, upTo int, ref []float64, se float64) int {
	for s := 1; s < upTo; s++ {
		if paired.Within(loss[s], ref, se) {
			return s
		}
	}
	return upTo
}
