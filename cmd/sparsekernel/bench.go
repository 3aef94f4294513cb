package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
)

func init() {
	commands = append(commands, &command{
		name:  "bench",
		args:  "[flags] [-data] folder... | -generated name",
		short: "run a method over the realisations of benchmark folders",
		long: `
Bench trains and tests a method on every realisation of a benchmark folder (x.csv, y.csv,
train.csv, test.csv: one realisation per line of 0-based row indices), and reports the mean
and standard deviation of the test error (percent; MSE for regression) and of the model size,
the mean number of cost evaluations and the wall time. Realisations run in parallel on all
cores; realisation k uses seed+k, so the results do not depend on the number of workers. Runs
longer than a second show their progress on a terminal (-quiet hides it).

-generated runs a problem the project generates itself instead: ripley (two-class, 250/1000
points), piecewise (the 1-D function of Ren and Bai 2011, 100/100 points) or saddle (their
2-D function, 9x9 and 40x40 grids), 20 realisations unless -realisations says otherwise; the error of the
last two is the normalised RMSE (test RMSE / standard deviation of the test targets).

Example:

	sparsekernel bench -method loomi -realisations 10 -json ../shared/data/diabetis`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				ff      fitFlags
				dirs    multiFlag
				gens    multiFlag
				k       int
				first   int
				asJSON  bool
				verbose bool
			)
			ff.register(fs)
			ff.registerMissing(fs)
			fs.Var(&dirs, "data", "benchmark `folder` (repeatable; folders may also be given as arguments)")
			fs.Var(&gens, "generated", "generated benchmark `name`: "+strings.Join(bench.GeneratorNames(), ", ")+" (repeatable)")
			fs.IntVar(&k, "realisations", 0, "run `K` realisations (0: all)")
			fs.IntVar(&first, "first", 1, "start at realisation `n` (1-based)")
			fs.BoolVar(&asJSON, "json", false, "print one JSON object per folder")
			fs.BoolVar(&verbose, "v", false, "print every realisation's result")
			return func(args []string, stdout, stderr io.Writer) error {
				dirs = append(dirs, args...)
				if len(dirs) == 0 && len(gens) == 0 {
					return usagef("no benchmark folder given")
				}
				for _, g := range gens {
					if bench.Generators[g] == nil {
						return usagef("-generated %q: want one of %s", g, strings.Join(bench.GeneratorNames(), ", "))
					}
				}
				if k < 0 {
					return usagef("-realisations %d: want a positive count, or 0 for all", k)
				}
				opt, err := ff.options()
				if err != nil {
					return err
				}
				if first < 1 {
					return usagef("-first %d: realisations are numbered from 1", first)
				}
				if first > maxRealisations || k > maxRealisations-first+1 {
					return usagef("-first %d -realisations %d: at most %d realisations are numbered", first, k, maxRealisations)
				}
				warnUnused(stderr, opt)
				cfg := bench.Config{Options: opt, Realisations: k, First: first - 1, Workers: ff.workers,
					Command: strings.Join(append([]string{"sparsekernel"}, os.Args[1:]...), " ")}
				header := !asJSON // printed with the first result, so that an error prints nothing on stdout
				var sources []func() (bench.Source, error)
				for _, dir := range dirs {
					sources = append(sources, func() (bench.Source, error) {
						f, err := dataset.ReadFolderWith(dir, dataset.FolderOptions{Missing: opt.FillMissing})
						if err != nil {
							if !opt.FillMissing {
								err = hintMissing(err, fillHintTrain)
							}
							return nil, err
						}
						if opt.Task == "" && f.Declared == nil {
							if err := f.MissingLabel(); err != nil {
								return nil, err
							}
						}
						src := bench.NewFolderSource(f, opt.Task)
						if src.Task() == model.Classification { // (labels that name the rows, read as classes)
							warnClassSizes(stderr, &dataset.Table{Source: filepath.Join(dir, "y.csv"), Labels: f.Labels})
						}
						if !ff.quiet {
							fmt.Fprintf(stderr, "bench %s: %s (%s)\n", src.Name(), src.Task(), src.Why())
						}
						return src, nil
					})
				}
				for _, g := range gens {
					n := 20 // realisations made: 20, or as many as -first and -realisations ask for
					if k > 0 {
						n = first - 1 + k
					}
					sources = append(sources, func() (bench.Source, error) { return bench.Generators[g](n), nil })
				}
				srcs := make([]bench.Source, len(sources)) // every folder read before the first runs: a bad one fails at once
				for i, source := range sources {
					var err error
					if srcs[i], err = source(); err != nil {
						return err
					}
				}
				for _, src := range srcs {
					if left := src.Len() - (first - 1); k > 0 && left > 0 && left < k {
						fmt.Fprintf(stderr, "note: %s has %d realisations: running the %d from %d on, not %d\n", src.Name(), src.Len(), left, first, k)
					}
					benchCollector(src, cfg)
					r, err := runBench(src, cfg, stderr, "bench "+src.Name(), "realisations", !ff.quiet)
					if err != nil {
						return err
					}
					if asJSON {
						b, err := json.Marshal(r)
						if err != nil {
							return err
						}
						fmt.Fprintln(stdout, string(b))
						continue
					}
					if header {
						fmt.Fprintf(stdout, "%-14s %-6s %5s %-6s %18s %14s %12s %9s\n", "dataset", "method", "runs", "metric", "test error", "size", "evaluations", "wall s")
						header = false
					}
					fmt.Fprintf(stdout, "%-14s %-6s %5d %-6s %8s +- %-6s %5.1f +- %5.1f %12.0f %9.2f\n",
						r.Dataset, r.Method, r.Realisations, r.Metric, num(r.TestErrorMean), num(r.TestErrorStd),
						r.SizeMean, r.SizeStd, r.EvaluationsMean, r.WallSeconds)
					if r.Failures > 0 {
						fmt.Fprintf(stdout, "  %d realisations found nothing better than the trivial rule, whose test error is counted for them\n", r.Failures)
					}
					if r.Unseen > 0 {
						fmt.Fprintf(stdout, "  %d test rows of a class their training split lacks, counted wrong\n", r.Unseen)
					}
					if o := r.Run.Options; o.BalanceClasses || len(o.ClassWeights) > 0 {
						w := classWeightFlag{balanced: o.BalanceClasses, weights: o.ClassWeights}
						fmt.Fprintf(stdout, "  balanced error %.2f%% (the mean over the classes of 1 - recall), classes weighted %s\n", r.TestBalancedErrorMean, w.String())
					}
					if verbose {
						for _, p := range r.PerRealisation {
							fmt.Fprintf(stdout, "  realisation %3d: error %7.3f  size %3d  tau %8.4g  %7.3f s\n",
								p.Index+1, p.TestError, p.Size, p.Tau, p.Seconds)
						}
					}
				}
				return nil
			}
		},
	})
}

// multiFlag collects a repeated string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// num formats a result: two decimals from 1 to 1e7 (percentages among them), else four
// significant digits.
func num(v float64) string {
	if v >= 1 && v < 1e7 {
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.4g", v)
}

// maxRealisations bounds the realisations bench numbers (those of a generated set are made
// all at once: a count near the largest int would exhaust memory before the first fit).
const maxRealisations = 100000
