package kernel_test

import (
	"fmt"
	"math"

	"github.com/sparsekernel/sparsekernel/kernel"
)

// The common-width Gaussian exp(-||x-c||^2/tau) is the diagonal one with every variance tau/2.
func ExampleDiag() {
	x, c, tau := []float64{1, 2}, []float64{0, 0.5}, 4.0
	s := []float64{kernel.TauToVar(tau), kernel.TauToVar(tau)}
	fmt.Printf("%.6f %.6f\n", kernel.Diag(x, c, s), math.Exp(-kernel.SqDist(x, c)/tau))
	// Output: 0.443747 0.443747
}
