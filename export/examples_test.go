package export_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/model"
)

// exportedBy matches the header line that names the exporting version, which may differ.
var exportedBy = regexp.MustCompile(`Exported by [^\n]*`)

// TestExamplesUpToDate checks that the example exports in docs/export/examples are what the
// exporter writes now (apart from the version line): after a change of the exporter, run
// go generate ./docs/export/examples/ripley.
func TestExamplesUpToDate(t *testing.T) {
	dir := filepath.Join("..", "docs", "export", "examples")
	m, err := model.Load(filepath.Join(dir, "ripley.model.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file string
		opt  export.Options
	}{
		{"ripley/ripley.go", export.Options{Lang: export.Go, Name: "ripley"}},
		{"ripley.c", export.Options{Lang: export.C, Name: "ripley"}},
		{"ripley_float.c", export.Options{Lang: export.C, Name: "ripley_f", Float: true}},
		{"ripley.py", export.Options{Lang: export.Python, Name: "ripley"}},
		{"ripley.mjs", export.Options{Lang: export.JS, Name: "ripley"}},
	} {
		c.opt.Source = "ripley.model.json"
		want, err := export.Generate(m, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		have, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(exportedBy.ReplaceAll(have, nil), exportedBy.ReplaceAll(want, nil)) {
			t.Errorf("%s is out of date: run go generate ./docs/export/examples/ripley", c.file)
		}
	}
}
