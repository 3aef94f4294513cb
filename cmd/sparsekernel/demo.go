package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/model"
	benchreport "github.com/sparsekernel/sparsekernel/report"
	"github.com/sparsekernel/sparsekernel/synth"
)

func init() {
	commands = append(commands, &command{
		name:  "demo",
		args:  "[flags]",
		short: "train every method on generated data and show the result",
		long: `
Demo generates a two-class problem in the manner of Ripley's synthetic set (250 training and
1000 test points, two Gaussian mixtures, Bayes error about 8 %), trains each method on it,
prints test error, model size and time beside the Bayes-optimal rule, saves and reloads one
model to show that it predicts identically, and draws its decision regions, in the terminal
and as an SVG picture (the nodes drawn as ellipses of their widths).

Example:

	sparsekernel demo -seed 3 -svg regions.svg`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				seed uint64
				svg  string
			)
			seed = 1
			fs.Var((*seedFlag)(&seed), "seed", "random `seed` of the data and the methods")
			fs.StringVar(&svg, "svg", "sparsekernel-demo.svg", "write the decision regions of the default model to this SVG `file` (empty: none)")
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) != 0 {
					return usagef("demo takes no arguments")
				}
				if svg != "" {
					if st, err := os.Stat(svg); err == nil && st.IsDir() {
						return usagef("-svg %s is a directory: name a file (for example %s)", svg, filepath.Join(svg, "demo.svg"))
					}
					if err := checkOutput(svg, false); err != nil {
						return fmt.Errorf("%w (-svg '' writes no figure)", err)
					}
				}
				return demo(stdout, seed, svg)
			}
		},
	})
}

func demo(w io.Writer, seed uint64, svg string) error {
	train, test := synth.Ripley(250, seed), synth.Ripley(1000, seed+1000)
	bayes := 0
	for i, x := range test.X {
		if synth.RipleyBayes(x) != test.Y[i] {
			bayes++
		}
	}
	fmt.Fprintf(w, "Ripley-style two-class data: 250 training points, 1000 test points (seed %d)\n\n", seed)
	fmt.Fprintf(w, "%-8s %10s %6s %9s %9s\n", "method", "test error", "nodes", "tau", "seconds")
	var shown *model.Model
	for _, meth := range sparsekernel.Methods {
		if !meth.Classification {
			continue
		}
		m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Method: meth.Name, Seed: seed})
		if err != nil {
			return fmt.Errorf("%s: %w", meth.Name, err)
		}
		tau := "-"
		if m.Training.Tau > 0 {
			tau = fmt.Sprintf("%.3g", m.Training.Tau)
		}
		e, err := bench.TestError(m, test.X, classIndex(test.Y))
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-8s %9.1f%% %6d %9s %9.3f\n", meth.Name, e, m.Size(), tau, m.Training.Seconds)
		if shown == nil {
			shown = m
		}
	}
	fmt.Fprintf(w, "%-8s %9.1f%%   (the Bayes-optimal rule on the same test points)\n\n", "bayes", 100*float64(bayes)/float64(len(test.X)))

	rtrain, rtest := synth.Sinc(400, 2, 0.1, seed), synth.Sinc(1000, 2, 0, seed+1000)
	fmt.Fprintf(w, "Regression: y = sin(|x|)/|x| + N(0, 0.1^2) on [-5, 5]^2, 400 training points, 1000 noise-free test points\n\n")
	fmt.Fprintf(w, "%-8s %10s %6s %9s\n", "method", "test MSE", "nodes", "seconds")
	for _, meth := range sparsekernel.Methods {
		if !meth.Regression {
			continue
		}
		m, err := sparsekernel.Fit(rtrain.X, rtrain.Y, sparsekernel.Options{Method: meth.Name, Task: model.Regression, Seed: seed})
		if err != nil {
			return fmt.Errorf("%s: %w", meth.Name, err)
		}
		e, err := bench.TestError(m, rtest.X, rtest.Y)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-8s %10.2e %6d %9.3f\n", meth.Name, e, m.Size(), m.Training.Seconds)
	}
	fmt.Fprintf(w, "(the noise variance, 1.0e-02, is what the training targets carry)\n\n")

	// A saved model predicts exactly as the one in memory.
	dir, err := os.MkdirTemp("", "sparsekernel-demo")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "demo.model.json")
	if err := shown.Save(path); err != nil {
		return err
	}
	loaded, err := model.Load(path)
	if err != nil {
		return err
	}
	a, err := shown.Decisions(test.X)
	if err != nil {
		return err
	}
	b, err := loaded.Decisions(test.X)
	if err != nil {
		return err
	}
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return fmt.Errorf("reloaded model differs at test point %d: %v != %v", i, a[i], b[i])
		}
	}
	fmt.Fprintf(w, "saved the %s model (%d nodes) as JSON, reloaded it: identical decisions on all %d test points\n\n", shown.Method, shown.Size(), len(a))
	fmt.Fprint(w, regions(shown, train))
	fmt.Fprint(w, "\nRegions: '+' class 1, '.' class -1; training points: 'x' class 1, 'o' class -1; '#' node centres.\n")
	if svg != "" {
		labels := make([]int, len(train.Y))
		for i, v := range train.Y {
			labels[i] = model.Class([]float64{v})
		}
		var b bytes.Buffer
		if err := benchreport.RegionsSVG(&b, shown, train.X, labels); err != nil {
			return err
		}
		if err := model.WriteFileAtomic(svg, b.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(w, "The same regions, with each node drawn as the ellipse of its width: %s\n", svg)
	}
	fmt.Fprint(w, "Next: sparsekernel help train; sparsekernel bench -realisations 10 <folder>\n")
	return nil
}

// regions draws the decision regions of a 2-input model over the training data's box.
func regions(m *model.Model, s synth.Set) string {
	const cols, rows = 64, 24
	lo, hi := []float64{-1.3, -0.3}, []float64{1.1, 1.2}
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = make([]byte, cols)
		for c := range grid[r] {
			x := []float64{lo[0] + (hi[0]-lo[0])*(float64(c)+0.5)/cols, hi[1] - (hi[1]-lo[1])*(float64(r)+0.5)/rows}
			grid[r][c] = '.'
			if f, err := m.Decision(x); err == nil && model.Class(f) == 1 {
				grid[r][c] = '+'
			}
		}
	}
	cell := func(x []float64) (int, int, bool) {
		c := int((x[0] - lo[0]) / (hi[0] - lo[0]) * cols)
		r := int((hi[1] - x[1]) / (hi[1] - lo[1]) * rows)
		return r, c, r >= 0 && r < rows && c >= 0 && c < cols
	}
	for i, x := range s.X {
		if r, c, ok := cell(x); ok {
			grid[r][c] = "ox"[model.Class(s.Y[i:i+1])]
		}
	}
	for _, nd := range m.Nodes {
		x := make([]float64, len(nd.Centre))
		for j, z := range nd.Centre {
			x[j] = m.Raw(j, z)
		}
		if r, c, ok := cell(x); ok {
			grid[r][c] = '#'
		}
	}
	var b strings.Builder
	for _, row := range grid {
		b.WriteString("  ")
		b.Write(row)
		b.WriteByte('\n')
	}
	return b.String()
}

// classIndex turns -1/+1 targets into class indices 0/1.
func classIndex(y []float64) []float64 {
	idx := make([]float64, len(y))
	for i, v := range y {
		idx[i] = float64(model.Class([]float64{v}))
	}
	return idx
}
