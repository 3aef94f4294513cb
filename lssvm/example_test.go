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

func ExampleFitK() {
	// Three classes in one dimension: left, middle and right.
	X := [][]float64{{-3}, {-2.5}, {-2}, {-0.5}, {0}, {0.5}, {2}, {2.5}, {3}}
	class := []int{0, 0, 0, 1, 1, 1, 2, 2, 2}
	Y, err := lssvm.OneVsRest(class, 3) // one -1/+1 target vector per class
	if err != nil {
		panic(err)
	}
	k := kernel.Gaussian{Sigma: 1}
	m, err := lssvm.FitK(X, Y, k, 10) // one factorisation for the three outputs
	if err != nil {
		panic(err)
	}
	for _, x := range [][]float64{{-2.8}, {0.3}, {1.9}} {
		fmt.Printf("%v -> class %d\n", x, m.Class(x))
	}
	mse, miss, err := lssvm.LOOK(X, Y, k, 10)
	if err != nil {
		panic(err)
	}
	fmt.Printf("LOO: MSE %.2f summed over 3 outputs, %d of %d misclassified\n", mse, miss, len(X))
	// Output:
	// [-2.8] -> class 0
	// [0.3] -> class 1
	// [1.9] -> class 2
	// LOO: MSE 0.21 summed over 3 outputs, 0 of 9 misclassified
}
