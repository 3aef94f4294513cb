package model_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

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

// Write and Read move a model through any io.Writer and io.Reader (a buffer, a database
// field, an HTTP body) instead of a file; source names it in Read's errors.
func ExampleRead() {
	m := &model.Model{Task: model.Regression, Method: "hand-built", Kernel: model.KernelGaussian, Inputs: 1,
		Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes:   []model.Node{{Centre: []float64{0}, Width: []float64{1}}},
		Weights: [][]float64{{2}}, Bias: []float64{0.5}}
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		fmt.Println(err)
		return
	}
	loaded, err := model.Read(&buf, "buffer")
	if err != nil {
		fmt.Println(err)
		return
	}
	v, _ := loaded.Values([][]float64{{0}, {1}})
	fmt.Printf("%s, format version %d: %.4f\n", loaded.Task, loaded.FormatVersion(), v)

	_, err = model.Read(strings.NewReader(`{"format": "sparsekernel-model", "version": 2, "task": "regression"}`), "bad.json")
	fmt.Println(errors.Is(err, model.ErrInvalid))
	// Output:
	// regression, format version 2: [2.5000 1.7131]
	// true
}

// A regressor predicts a value for every row at once; Values refuses a classifier (Labels
// and ClassProbabilities are its counterparts), and a row of the wrong length names its row.
func ExampleModel_Values() {
	train := synth.Sinc(200, 1, 0.05, 1) // y = sin(|x|)/|x| + noise, x in [-5, 5]
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	X := [][]float64{{0.5}, {math.Pi}, {4}}
	v, err := m.Values(X)
	if err != nil {
		fmt.Println(err)
		return
	}
	for r, x := range X {
		want := math.Sin(x[0]) / x[0]
		fmt.Printf("x = %.2f: within 0.05 of sin(x)/x: %v\n", x[0], math.Abs(v[r]-want) < 0.05)
	}
	_, err = m.Values([][]float64{{1}, {1, 2}})
	fmt.Println(err)
	// Output:
	// x = 0.50: within 0.05 of sin(x)/x: true
	// x = 3.14: within 0.05 of sin(x)/x: true
	// x = 4.00: within 0.05 of sin(x)/x: true
	// row 2: bad input: 2 values, the model expects 1
}
