package ofs_test

import (
	"fmt"

	"github.com/sparsekernel/sparsekernel/ofs"
	"github.com/sparsekernel/sparsekernel/synth"
)

// ROLS-LOO on Ripley's two-class problem: every training point a candidate centre, one
// selection per width of the default grid, and the width of least leave-one-out
// misclassification rate.
func ExampleFixed_Run() {
	train := synth.Ripley(250, 1) // inputs already of unit scale
	f := ofs.NewFixed(train.X, train.Y, nil)
	results := f.Run(ofs.ROLS{}, ofs.DefaultTaus(2), 1)
	best := results[ofs.Best(results, true)]
	fmt.Printf("tau %g: %d nodes, LOO misclassification rate %.3f\n", best.Tau, len(best.Index), best.Stats.MR())
	// Output: tau 32: 2 nodes, LOO misclassification rate 0.108
}
