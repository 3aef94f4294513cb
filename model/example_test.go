package model_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// A model saved to a file and loaded again predicts exactly like the one in memory.
func ExampleLoad() {
	train := synth.Ripley(200, 1)
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Method: sparsekernel.ROLS})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "ripley.model.json")
	if err := m.Save(path); err != nil {
		fmt.Println(err)
		return
	}
	loaded, err := model.Load(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	x := []float64{0.1, 0.4}
	a, _ := loaded.Decision(x)
	b, _ := m.Decision(x)
	fmt.Println(loaded.Method, loaded.Size() == m.Size(), a[0] == b[0])
	// Output:
	// rols true true
}

// Predictions for many rows at once, as scikit-learn's predict and predict_proba give them.
func ExampleModel_Labels() {
	train := synth.Ripley(250, 1)
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	X := [][]float64{{-0.8, 0.1}, {0.6, 0.9}}
	labels, err := m.Labels(X)
	if err != nil {
		fmt.Println(err)
		return
	}
	P, err := m.ClassProbabilities(X)
	if err != nil {
		fmt.Println(err)
		return
	}
	for r, l := range labels {
		fmt.Printf("%s: probability of class %s above 0.9: %v\n", l, m.Classes[1], P[r][1] > 0.9)
	}
	// Output:
	// 1: probability of class 1 above 0.9: true
	// -1: probability of class 1 above 0.9: false
}
