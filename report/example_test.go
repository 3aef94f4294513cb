package report_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/report"
	"github.com/sparsekernel/sparsekernel/synth"
)

// A report of one result of ours beside a peer's: a table, error against size, and the
// summary across sets.
func ExampleReport_WriteHTML() {
	lines := `{"dataset":"heart","method":"loomi","task":"classification","metric":"error%","realisations":100,"test_error_mean":16.8,"test_error_std":2.9,"size_mean":6.3,"size_std":2.2}
{"dataset":"heart","method":"svc-grid","task":"classification","realisations":100,"test_error_mean":16.21,"test_error_std":3.04,"size_mean":105.1,"size_std":19.0,"sklearn_version":"1.2.1"}`
	results, err := report.ReadResults(strings.NewReader(lines), "heart.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	var page bytes.Buffer
	rep := &report.Report{Title: "heart", Results: results}
	if err := rep.WriteHTML(&page); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("peer:", results[1].Peer, "figures:", strings.Count(page.String(), "<svg"))
	// Output:
	// peer: true figures: 2
}

// A line that is not a result is reported with its file and line.
func ExampleReadResults() {
	lines := `{"dataset":"heart","method":"loomi","test_error_mean":16.8}
{"method":"loomi","kernel":"gaussian","inputs":13}`
	_, err := report.ReadResults(strings.NewReader(lines), "results.jsonl")
	fmt.Println(err)
	// Output:
	// results.jsonl:2: not a sparsekernel bench or peer result: no "dataset" key
}

// The decision regions of a two-input classifier, with its nodes drawn as ellipses.
func ExampleRegionsSVG() {
	train := synth.Ripley(200, 1)
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Method: sparsekernel.ROLS, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	labels := make([]int, len(train.Y)) // class indices into m.Classes: 0 for -1, 1 for +1
	for i, y := range train.Y {
		if y > 0 {
			labels[i] = 1
		}
	}
	var svg bytes.Buffer // or an *os.File
	if err := report.RegionsSVG(&svg, m, train.X, labels); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.HasPrefix(svg.String(), "<?xml"), strings.Count(svg.String(), "<svg"))
	// Output:
	// true 1
}
