package sparsekernel_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/synth"
)

// dataDir points benchmarks at the folder of benchmark data sets (the project's shared data
// folder, outside the module); benchmarks that need it are skipped without it. Tests never
// read it.
var (
	dataDir    = flag.String("data", "", "folder holding the benchmark data sets (for benchmarks only)")
	benchSets  = flag.String("sets", "cassini,smiley", "comma-separated set names for BenchmarkFitAuto")
	fitWorkers = flag.Int("fit-workers", 1, "BenchmarkFitAuto: Options.Workers of each fit (0: all cores)")
)

// BenchmarkFitDiabetis fits one model on realisation 1 of diabetis (N = 468, m = 8), the width
// chosen by LOO over the default grid, on one goroutine:
//
//	go test -run XXX -bench FitDiabetis -data <folder holding diabetis/>
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

// BenchmarkScaling shows how a fit's time grows with the number of training points N on
// generated data (Ripley-style, two inputs), for the tunable-node methods and LOOMI. The
// tunable methods cost O(N) per cost evaluation, so ns/eval must grow linearly in N:
//
//	go test -run XXX -bench Scaling -benchtime 1x
func BenchmarkScaling(b *testing.B) {
	cases := []struct {
		method string
		sizes  []int
	}{
		{sparsekernel.PSO, []int{1000, 10000, 100000}},
		{sparsekernel.RWBS, []int{1000, 10000}},
		{sparsekernel.LOOMI, []int{1000, 10000, 100000}},
	}
	for _, c := range cases {
		for _, n := range c.sizes {
			s := synth.Ripley(n, 1)
			b.Run(fmt.Sprintf("%s/N=%d", c.method, n), func(b *testing.B) {
				var evals, size int
				for b.Loop() {
					m, err := sparsekernel.Fit(s.X, s.Y, sparsekernel.Options{Method: c.method, MaxTerms: 5, Workers: 1})
					if err != nil {
						b.Fatal(err)
					}
					evals, size = m.Training.Evaluations, m.Size()
				}
				b.ReportMetric(float64(evals), "evals/op")
				b.ReportMetric(float64(size), "nodes")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(evals), "ns/eval")
			})
		}
	}
}

// BenchmarkFitAuto fits the default model on realisation 1 of each set named by -sets (default
// cassini and smiley, small multi-class sets where the width race dominates), on one goroutine,
// or as many as -fit-workers says (0: all cores, as train fits; letter's one-minute aim on two
// cores, say):
//
//	go test -run XXX -bench FitAuto -data <folder> [-sets a,b] [-fit-workers 0 -benchtime 1x]
func BenchmarkFitAuto(b *testing.B) {
	if *dataDir == "" {
		b.Skip("no -data folder given")
	}
	for _, name := range strings.Split(*benchSets, ",") {
		f, err := dataset.ReadFolder(filepath.Join(*dataDir, name))
		if err != nil {
			b.Fatal(err)
		}
		train, _ := f.Split(0)
		b.Run(name, func(b *testing.B) {
			var size int
			for b.Loop() {
				m, err := sparsekernel.FitLabels(train.X, train.Labels, sparsekernel.Options{Workers: *fitWorkers})
				if err != nil {
					b.Fatal(err)
				}
				size = m.Size()
			}
			b.ReportMetric(float64(size), "nodes")
		})
	}
}
