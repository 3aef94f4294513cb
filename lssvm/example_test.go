package lssvm_test

import (
	"fmt"

	"github.com/sparsekernel/sparsekernel/kernel"
	"github.com/sparsekernel/sparsekernel/lssvm"
)

func ExampleFit() {
	// Four points of XOR: no linear classifier separates them.
	X := [][]float64{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	y := []float64{-1, 1, 1, -1}
	m, err := lssvm.Fit(X, y, kernel.Gaussian{Sigma: 1}, 100, true)
	if err != nil {
		panic(err)
	}
	for _, x := range [][]float64{{-0.9, -1.2}, {-1.1, 0.8}, {0.7, -1}, {1.2, 0.9}} {
		fmt.Printf("%v -> %+.0f\n", x, m.Predict(x))
	}
	// Output:
	// [-0.9 -1.2] -> -1
	// [-1.1 0.8] -> +1
	// [0.7 -1] -> +1
	// [1.2 0.9] -> -1
}
