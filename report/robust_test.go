package report

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/bench"
)

// noPanic runs f and returns a panic as an error.
func noPanic(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// A nil model or source is an error, and a nil result is passed over, not a nil dereference.
func TestNilArguments(t *testing.T) {
	for name, call := range map[string]func() error{
		"RegionsSVG nil model":  func() error { return RegionsSVG(io.Discard, nil, nil, nil) },
		"FitRegions nil source": func() error { _, err := FitRegions("x", nil, nil, ""); return err },
		"FitRegions nil result": func() error {
			_, err := FitRegions("ripley", bench.Generators["ripley"](1), []*Result{nil}, "")
			return err
		},
	} {
		err := noPanic(call)
		if name == "FitRegions nil result" && err == nil { // no result of the set: fitted with the defaults
			continue
		}
		if err == nil || strings.HasPrefix(err.Error(), "panic:") {
			t.Errorf("%s: %v, want an error", name, err)
		}
	}
}
