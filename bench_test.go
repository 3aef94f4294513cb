package sparsekernel_test

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/synth"
)

// dataDir points benchmarks at the benchmark folders (e.g. ../shared/data); benchmarks that
// need it are skipped without it. Tests never read it.
var dataDir = flag.String("data", "", "folder holding the benchmark data sets (for benchmarks only)")

// BenchmarkFitDiabetis fits one model on realisation 1 of diabetis (N = 468, m = 8), the width
// chosen by LOO over the default grid, on one goroutine:
//
//	go test -run XXX -bench FitDiabetis -data ../shared/data
func BenchmarkFitDiabetis(b *testing.B) {
	if *dataDir == "" {
		b.Skip("no -data folder given")
	}
	f, err := dataset.ReadFolder(filepath.Join(*dataDir, "diabetis"))
	if err != nil {
		b.Fatal(err)
	}
	train, _ := f.Split(0)
	for _, meth := range []string{sparsekernel.LOOMI, sparsekernel.ROLS} {
		b.Run(meth, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sparsekernel.FitLabels(train.X, train.Labels, sparsekernel.Options{Method: meth, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFitGenerated fits LOOMI on generated two-class data of diabetis's size.
func BenchmarkFitGenerated(b *testing.B) {
	s := synth.Ripley(468, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sparsekernel.Fit(s.X, s.Y, sparsekernel.Options{Method: sparsekernel.LOOMI, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
