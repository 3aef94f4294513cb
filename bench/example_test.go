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
