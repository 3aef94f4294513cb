package report

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/internal/nopanic"
)

// A nil model or source is an error, and a nil result is passed over, not a nil dereference.
func TestNilArguments(t *testing.T) {
	for name, call := range map[string]func() error{
		"RegionsSVG nil model":        func() error { return RegionsSVG(io.Discard, nil, nil, nil) },
		"FitRegions nil source":       func() error { _, err := FitRegions("x", nil, nil, ""); return err },
		"WriteHTML nil result":        func() error { return (&Report{Results: []*Result{nil}}).WriteHTML(io.Discard) },
		"WriteHTML nil regions":       func() error { return (&Report{Regions: []*Regions{nil}}).WriteHTML(io.Discard) },
		"WriteHTML regions, no model": func() error { return (&Report{Regions: []*Regions{{}}}).WriteHTML(io.Discard) },
		"FitRegions nil result": func() error {
			_, err := FitRegions("ripley", bench.Generators["ripley"](1), []*Result{nil}, "")
			return err
		},
	} {
		if len(Group([]*Result{nil})) != 0 {
			t.Error("Group made a set of a nil result")
		}
		err := nopanic.Call(call)
		if name == "FitRegions nil result" && err == nil { // no result of the set: fitted with the defaults
			continue
		}
		if err == nil || strings.HasPrefix(err.Error(), "panic:") {
			t.Errorf("%s: %v, want an error", name, err)
		}
	}
}

// FuzzReadResults: any input is results or an error, never a panic, and results that read
// make a report page.
func FuzzReadResults(f *testing.F) {
	f.Add([]byte(oldLine))
	f.Add([]byte(oldLine + "\n\n" + `{"dataset":"b","method":"kernlab-rvm","task":"regression","test_error_mean":12.8,"size_mean":53,"per_realisation":[]}`))
	f.Add([]byte(`{"dataset":"a","method":"auto","task":"classification","metric":"error%","realisations":1,"test_error_mean":1e308,"per_realisation":[{"index":-1,"test_error":-5,"loo_curve":[1,2]}]}`))
	f.Add([]byte(`{"dataset":"","per_realisation":null}`))
	f.Add([]byte("[]\n{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := ReadResults(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		if len(res) == 0 {
			t.Fatal("no results and no error")
		}
		Group(res)
		rep := &Report{Title: "fuzz", Results: res}
		if err := rep.WriteHTML(io.Discard); err != nil {
			t.Logf("WriteHTML: %v", err)
		}
	})
}
