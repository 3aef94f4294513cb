package bench_test

import (
	"fmt"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// Run a method over generated realisations; a benchmark folder works the same way through
// bench.NewFolderSource(dataset.ReadFolder(dir)).
func ExampleRun() {
	src := bench.Generators["ripley"](3)
	r, err := bench.Run(src, bench.Config{Options: sparsekernel.Options{Method: sparsekernel.LOOMI}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Dataset, r.Method, r.Realisations, r.Metric, r.TestErrorMean < 15)
	// Output:
	// ripley loomi 3 error% true
}

// Cross-validate the default on one data set: five folds, each predicted by a model trained
// on the other four.
func ExampleNewFoldSource() {
	s := synth.Ripley(200, 1)
	labels := make([]string, len(s.Y))
	for i, y := range s.Y {
		labels[i] = map[bool]string{true: "b", false: "a"}[y > 0]
	}
	src, err := bench.NewFoldSource("ripley", s.X, labels, nil, model.Classification, 5, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := bench.Run(src, bench.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Dataset, r.Method, r.Realisations, r.Metric, r.TestErrorMean < 20)
	// Output:
	// ripley auto 5 error% true
}

// Rank the inputs of a model by how much the test error rises when each is shuffled.
func ExamplePermutationImportance() {
	tr, te := synth.Ripley(250, 1), synth.Ripley(1000, 2)
	X, Xt := make([][]float64, len(tr.X)), make([][]float64, len(te.X))
	for i, x := range tr.X {
		X[i] = []float64{x[0], x[1], float64(i%7) / 7} // and an input of no use
	}
	for i, x := range te.X {
		Xt[i] = []float64{x[0], x[1], float64(i%5) / 5}
	}
	m, err := sparsekernel.Fit(X, tr.Y, sparsekernel.Options{Features: []string{"x1", "x2", "id"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	target := make([]float64, len(te.Y)) // class indices into m.Classes: "-1", "1"
	for i, y := range te.Y {
		if y > 0 {
			target[i] = 1
		}
	}
	_, imp, err := bench.PermutationImportance(m, Xt, target, 5, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, in := range imp {
		fmt.Printf("%s matters: %v\n", in.Name, in.Mean > 2*in.Std+0.5)
	}
	// Output:
	// x1 matters: true
	// x2 matters: true
	// id matters: false
}

// The figures of a regressor's predictions (its outputs, one a row, as Decisions gives them).
func ExampleRegressionScoresOf() {
	mse, mae, r2 := bench.RegressionScoresOf([][]float64{{1.5}, {2}, {2.5}, {4}}, []float64{1, 2, 3, 4})
	fmt.Printf("MSE %.3f, MAE %.3f, R^2 %.3f\n", mse, mae, r2)
	// Output:
	// MSE 0.125, MAE 0.250, R^2 0.900
}
