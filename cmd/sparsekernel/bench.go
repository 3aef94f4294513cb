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
)

func init() {
	commands = append(commands, &command{
		name:  "bench",
		args:  "[flags] [-data] folder...",
		short: "run a method over the realisations of benchmark folders",
		long: `
Bench trains and tests a method on every realisation of a benchmark folder (x.csv, y.csv,
train.csv, test.csv: one realisation per line of 0-based row indices), and reports the mean
and standard deviation of the test error (percent; MSE for regression) and of the model size,
the mean number of cost evaluations and the wall time. Realisations run in parallel on all
cores; realisation k uses seed+k, so the results do not depend on the number of workers.

Example:

	sparsekernel bench -method loomi -realisations 10 -json ../shared/data/diabetis`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				ff      fitFlags
				dirs    multiFlag
				k       int
				asJSON  bool
				verbose bool
			)
			ff.register(fs)
			fs.Var(&dirs, "data", "benchmark `folder` (repeatable; folders may also be given as arguments)")
			fs.IntVar(&k, "realisations", 0, "run the first `K` realisations (0: all)")
			fs.BoolVar(&asJSON, "json", false, "print one JSON object per folder")
			fs.BoolVar(&verbose, "v", false, "print every realisation's result")
			return func(args []string, stdout, stderr io.Writer) error {
				dirs = append(dirs, args...)
				if len(dirs) == 0 {
					return usagef("no benchmark folder given")
				}
				if k < 0 {
					return usagef("-realisations %d: want a positive count, or 0 for all", k)
				}
				opt, err := ff.options()
				if err != nil {
					return err
				}
				cfg := bench.Config{Options: opt, Realisations: k, Workers: ff.workers}
				if !asJSON {
					fmt.Fprintf(stdout, "%-14s %-6s %5s %16s %14s %12s %9s\n", "dataset", "method", "runs", "test error", "size", "evaluations", "wall s")
				}
				for _, dir := range dirs {
					f, err := dataset.ReadFolder(dir)
					if err != nil {
						return err
					}
					if tty, ok := stderr.(*os.File); ok && isTerminal(tty) {
						name := filepath.Base(filepath.Clean(dir))
						cfg.Progress = func(done, total int) { progress(stderr, name, done, total) }
					}
					r, err := bench.Run(f, cfg)
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
					fmt.Fprintf(stdout, "%-14s %-6s %5d %7.2f +- %5.2f %5.1f +- %5.1f %12.0f %9.2f\n",
						r.Dataset, r.Method, r.Realisations, r.TestErrorMean, r.TestErrorStd,
						r.SizeMean, r.SizeStd, r.EvaluationsMean, r.WallSeconds)
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

// progress draws a one-line progress bar on a terminal.
func progress(w io.Writer, name string, done, total int) {
	const width = 30
	n := width * done / total
	fmt.Fprintf(w, "\r%-14s [%s%s] %d/%d", name, strings.Repeat("=", n), strings.Repeat(" ", width-n), done, total)
	if done == total {
		fmt.Fprint(w, "\r\033[K")
	}
}
