package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

func init() {
	commands = append(commands, &command{
		name:  "info",
		args:  "model.json...",
		short: "summarise saved models: what was trained, chosen and estimated",
		long: `
Info prints a summary of each model file: the method, the task and classes, the inputs and
their names, the nodes by kind with their widths, what the fit chose, its estimated error
against the trivial rule's and against model size, the probabilities' calibration, the
training rows and seed, and the file format and the version that wrote it. A file that is not
a valid model is an error naming it. - reads a model from standard input.

Example:

	sparsekernel info iris.model.json`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) == 0 {
					return usagef("want one model file or more")
				}
				if err := oneStdin(args...); err != nil {
					return err
				}
				var out strings.Builder // (all or nothing: a bad file prints no summary)
				for i, path := range args {
					m, err := loadModel(path)
					if err != nil {
						return err
					}
					if i > 0 {
						out.WriteString("\n")
					}
					if path == "-" {
						path = stdinName
					}
					info(&out, path, m)
				}
				_, err := io.WriteString(stdout, out.String())
				return err
			}
		},
	})
}

// info writes the summary of model m read from path.
func info(w io.Writer, path string, m *model.Model) {
	t := m.Training
	by := m.WrittenBy
	if by == "" {
		by = "an unrecorded version"
	}
	fmt.Fprintf(w, "%s: model file format %d, written by %s\n", path, m.FormatVersion(), by)
	fmt.Fprintln(w, describe(m))
	if m.Task == model.Classification {
		fmt.Fprintf(w, "classes: %s\n", strings.Join(quoted(m.Classes), ", "))
	}
	inputs := fmt.Sprint(m.Inputs)
	if m.Features != nil {
		inputs += " (" + strings.Join(quoted(m.Features), ", ") + ")"
	}
	if p := m.Scaling.Power; p != nil && p.Count() > 0 {
		n := p.Count()
		inputs += fmt.Sprintf(", %d of them power-transformed", n)
	}
	if m.Scaling.Fill != nil {
		inputs += "; a missing input is filled with its training median"
	}
	if m.ZeroBased {
		inputs += "; trained on LIBSVM data whose indices count from 0 (-zero-based), which predict follows"
	}
	fmt.Fprintf(w, "inputs: %s\n", inputs)
	for j, c := range m.Categories {
		if len(c) == 0 {
			continue
		}
		name := fmt.Sprintf("input %d", j+1)
		if j < len(m.Features) && m.Features[j] != "" {
			name += " (" + m.Features[j] + ")"
		}
		fmt.Fprintf(w, "  %s: %s, one 0/1 input each: %s\n", name, words.Count(len(c), "category"), strings.Join(quoted(c), ", "))
	}
	fmt.Fprintf(w, "nodes: %s\n", nodeKinds(m))
	fmt.Fprintf(w, "outputs: %d", m.Outputs())
	if m.Calibration != nil {
		fmt.Fprintf(w, "; probabilities: %s", m.Calibration.Method)
	}
	fmt.Fprintln(w)
	switch {
	case m.Range != nil:
		fmt.Fprintf(w, "predictions clipped to the training targets' range %s", words.Range(m.Range[0], m.Range[1]))
		if m.Trend != nil {
			fmt.Fprint(w, ", widened along the linear trend")
		}
		fmt.Fprintln(w)
	case m.Task == model.Regression:
		fmt.Fprintln(w, "predictions not clipped")
	}
	fmt.Fprintf(w, "trained on %s with seed %d\n", words.Count(t.Samples, "row"), t.Seed)
	if t.Stop != "" {
		fmt.Fprintf(w, "stopped: %s\n", t.Stop)
	}
	sizeTable(w, m)
}

// nodeKinds counts a model's nodes by kind, with the kernel nodes' widths (their variances
// along the standardised inputs, model.Node.Width).
func nodeKinds(m *model.Model) string {
	count := map[string]int{}
	var widths []float64
	for _, nd := range m.Nodes {
		count[nd.Kind]++
		if nd.Kind == "" {
			widths = append(widths, nd.Width...)
		}
	}
	var parts []string
	if n := count[""]; n > 0 {
		kernel := m.Kernel
		if kernel == model.KernelGaussian {
			kernel = "Gaussian"
		}
		part := fmt.Sprintf("%d %s", n, kernel)
		lo, hi := slices.Min(widths), slices.Max(widths)
		if lo == hi {
			part += fmt.Sprintf(" (width %.4g", lo)
		} else {
			part += fmt.Sprintf(" (widths %.4g to %.4g", lo, hi)
		}
		part += ", the variance along each standardised input)"
		parts = append(parts, part)
	}
	for _, kind := range []string{model.NodeLinear, model.NodeQuadratic} {
		if n := count[kind]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, kind))
		}
	}
	if len(parts) == 0 {
		return "none (the outputs are their biases)"
	}
	return strings.Join(parts, ", ")
}

// quoted quotes the names that need it (empty, holding a comma, a quote, space at an end or a
// character that does not print), so that a list of them reads unambiguously.
func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if n == "" || strings.ContainsAny(n, ",\"") || strings.TrimSpace(n) != n {
			out[i] = fmt.Sprintf("%q", n)
		} else {
			out[i] = shown(n)
		}
	}
	return out
}
