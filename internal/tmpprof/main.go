package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/dataset"
)

func main() {
	t, err := dataset.ReadCSV(os.Args[1], dataset.CSVOptions{})
	if err != nil {
		panic(err)
	}
	f, _ := os.Create(os.Args[2])
	pprof.StartCPUProfile(f)
	t0 := time.Now()
	m, err := sparsekernel.FitLabels(t.X, t.Labels, sparsekernel.Options{})
	pprof.StopCPUProfile()
	fmt.Println(err, len(m.Nodes), time.Since(t0))
}
