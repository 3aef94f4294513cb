package export_test

import (
	"bytes"
	"errors"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/model"
)

// FuzzExport checks that every model file that loads exports to C and Go without error
// (but for the refusals Generate documents: linear nodes that overflow, values beyond float
// range or resolution in single precision, a NUL in a class label or a category name for C), that the Go
// output parses, and that no text from the model ends the C header comment early. The seeds
// are the test models, written by Model.Write.
func FuzzExport(f *testing.F) {
	addModelSeeds(f, testCases(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := model.Read(bytes.NewReader(data), "fuzz")
		if err != nil || m.Inputs*(m.Size()+1) > 1e5 {
			return
		}
		src, err := export.Generate(m, export.Options{Lang: export.Go, Name: "fuzz"})
		if errors.Is(err, export.ErrLinearRange) {
			return // linear nodes whose weights times directions overflow
		}
		if err != nil {
			t.Fatalf("Go export: %v", err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "fuzz.go", src, parser.ParseComments); err != nil {
			t.Fatalf("Go export does not parse: %v", err)
		}
		for _, float := range []bool{false, true} {
			src, err := export.Generate(m, export.Options{Lang: export.C, Name: "fuzz", Float: float})
			if err != nil {
				nul := false
				for _, c := range append(slices.Concat(m.Categories...), m.Classes...) {
					nul = nul || strings.Contains(c, "\x00")
				}
				if nul && errors.Is(err, export.ErrOption) || float && (errors.Is(err, export.ErrFloatRange) || errors.Is(err, export.ErrFloatPrecision)) {
					continue
				}
				t.Fatalf("C export (float %v): %v", float, err)
			}
			end := bytes.Index(src, []byte("*/"))
			if end < 0 || end != bytes.Index(src, []byte("*/\n\n#include <math.h>\n")) {
				t.Fatalf("the C header comment ends early:\n%s", src[:max(end, 0)+2])
			}
			if bytes.Contains(src[:end], []byte("??")) || bytes.Contains(src[2:end], []byte("/*")) {
				t.Fatal("the C header comment holds a trigraph or a comment start")
			}
		}
	})
}

// addModelSeeds adds the model files of the test cases, as Model.Write writes them, to the
// fuzz target's seeds (but for the LS-SVMs: large seeds make slow mutations).
func addModelSeeds(f *testing.F, cases []testCase) {
	for _, tc := range cases {
		if tc.m.Size() > 20 {
			continue
		}
		var b bytes.Buffer
		if err := tc.m.Write(&b); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
}
