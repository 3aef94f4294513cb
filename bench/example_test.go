package bench_test

import (
	"fmt"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
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
