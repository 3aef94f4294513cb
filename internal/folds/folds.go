// Package folds deals the rows of a data set into cross-validation folds.
package folds

import (
	"math/rand/v2"
	"slices"
)

// Stratified returns the fold, 0 to k-1, of each of n rows: the rows in an order drawn from
// seed, sorted stably by class when class is not nil, then dealt round the folds, so that
// every fold holds its share of every class (counts differ by at most one). The classes are
// taken in the order they first appear in the drawn order, not by their values, so that a
// row's fold does not depend on how the classes are named.
func Stratified[T comparable](n, k int, class []T, seed uint64) []int {
	perm := rand.New(rand.NewPCG(seed, 0)).Perm(n)
	if class != nil {
		rank := make(map[T]int)
		for _, i := range perm {
			if _, ok := rank[class[i]]; !ok {
				rank[class[i]] = len(rank)
			}
		}
		slices.SortStableFunc(perm, func(i, j int) int { return rank[class[i]] - rank[class[j]] })
	}
	f := make([]int, n)
	for r, i := range perm {
		f[i] = r % k
	}
	return f
}
