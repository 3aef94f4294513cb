package folds

import (
	"slices"
	"testing"
)

// TestStratified checks the folds: every fold's count of every class within one of the
// others', the same folds for renamed classes, other folds for another seed, and without
// classes folds of sizes within one.
func TestStratified(t *testing.T) {
	const n, k = 47, 5
	class, renamed := make([]int, n), make([]string, n)
	for i := range class {
		class[i] = []int{0, 1, 1, 2, 2, 2}[i%6]
		renamed[i] = []string{"z", "a", "m"}[class[i]]
	}
	f := Stratified(n, k, class, 3)
	for c := range 3 {
		count := make([]int, k)
		for i, g := range f {
			if class[i] == c {
				count[g]++
			}
		}
		if slices.Max(count)-slices.Min(count) > 1 {
			t.Errorf("class %d: %v rows a fold", c, count)
		}
	}
	if !slices.Equal(f, Stratified(n, k, renamed, 3)) {
		t.Error("renaming the classes changed the folds")
	}
	if slices.Equal(f, Stratified(n, k, class, 4)) {
		t.Error("seeds 3 and 4 gave the same folds")
	}
	count := make([]int, k)
	for _, g := range Stratified[int](n, k, nil, 3) {
		count[g]++
	}
	if slices.Max(count)-slices.Min(count) > 1 {
		t.Errorf("no classes: %v rows a fold", count)
	}
}
