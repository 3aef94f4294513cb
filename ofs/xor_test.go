package ofs

import (
	"math/rand/v2"
	"testing"
)

// binaryXor draws n points of m binary inputs, standardised (0 -> -1, 1 -> 1), whose class is
// the xor of the first two: inputs that matter only together, so that their relevance weights
// are noise.
func binaryXor(n, m int, seed uint64) (Z [][]float64, class []int) {
	rng := rand.New(rand.NewPCG(seed, 3))
	for range n {
		z := make([]float64, m)
		for j := range z {
			z[j] = float64(2*rng.IntN(2) - 1)
		}
		k := 0
		if z[0] != z[1] {
			k = 1
		}
		Z, class = append(Z, z), append(class, k)
	}
	return Z, class
}

// The input weighting is chosen on every fold: on a xor of two of ten binary inputs, relevance
// weights that happen to favour the two inputs on the race's two folds win there and fail on
// the others. Of 100 draws of 200 points, two were such (these two), with 7.1 % and 38.2 % of
// the test points wrong when the two configurations best on the race's folds went on alone;
// standardised inputs, chosen on every fold, get them all right.
func TestAutoXorWeighting(t *testing.T) {
	Zt, ct := binaryXor(1000, 10, 99)
	for _, seed := range []uint64{44, 84} {
		Z, class := binaryXor(200, 10, seed)
		r, err := Auto{Seed: seed + 1, Workers: 2}.Fit(Z, oneVsRest(class, 2), class)
		if err != nil {
			t.Fatal(err)
		}
		if e := autoTestError(r, Zt, ct); e > 0.05 {
			t.Errorf("draw %d: %s, test error %.3f", seed, r.Weighting, e)
		}
	}
}
