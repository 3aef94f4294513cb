package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
)

func init() {
	commands = append(commands, &command{
		name:  "eval",
		args:  "[flags] train-data test-data",
		short: "train on one file and report the test error, confusion matrix and LOO curve",
		long: `
Eval trains a model on the first file exactly as train does, then reports its size, width,
leave-one-out curve, and its error on the second file: the misclassification rate and the
confusion matrix for a classifier, the MSE for a regressor. With -o it also saves the model.

Example:

	sparsekernel eval -method rols train.csv test.csv`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				df  dataFlags
				ff  fitFlags
				out string
			)
			df.register(fs)
			ff.register(fs)
			fs.StringVar(&out, "o", "", "also write the model to `file`")
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) != 2 {
					return usagef("want a training file and a test file, got %d arguments", len(args))
				}
				te, err := df.read(args[1]) // read first: a bad test file fails before training
				if err != nil {
					return err
				}
				m, err := fitFile(&df, &ff, args[0])
				if err != nil {
					return err
				}
				if err := te.WithDim(m.Inputs); err != nil {
					return err
				}
				truth, err := targets(m, te)
				if err != nil {
					return err
				}
				if out != "" {
					if err := m.Save(out); err != nil {
						return err
					}
				}
				return report(stdout, m, te, truth)
			}
		},
	})
}

// report prints a model's summary and its test performance.
func report(w io.Writer, m *model.Model, te *dataset.Table, truth []float64) error {
	fmt.Fprintln(w, describe(m))
	if m.Training.Stop != "" {
		fmt.Fprintf(w, "stopped: %s\n", m.Training.Stop)
	}
	if len(m.Training.LOOCurve) > 0 {
		parts := make([]string, len(m.Training.LOOCurve))
		for i, v := range m.Training.LOOCurve {
			parts[i] = fmt.Sprintf("%.4g", v)
		}
		fmt.Fprintf(w, "LOO curve (%s, per term): %s\n", m.Training.Criterion, strings.Join(parts, " "))
	}
	testErr, err := bench.TestError(m, te.X, truth)
	if err != nil {
		return err
	}
	if m.Task == model.Regression {
		fmt.Fprintf(w, "test MSE: %.6g on %d rows\n", testErr, len(truth))
		return nil
	}
	fmt.Fprintf(w, "test error: %.2f%% on %d rows\n", testErr, len(truth))
	f, err := m.Decisions(te.X)
	if err != nil {
		return err
	}
	c := len(m.Classes)
	cm := make([][]int, c) // [true][predicted]
	width := 6
	for i := range cm {
		cm[i] = make([]int, c)
		width = max(width, len(m.Classes[i]))
	}
	for i, v := range f {
		cm[int(truth[i])][model.Class(v)]++
	}
	fmt.Fprintf(w, "confusion matrix (rows: true class, columns: predicted):\n")
	fmt.Fprintf(w, "  %*s", width, "")
	for _, name := range m.Classes {
		fmt.Fprintf(w, "  %*s", width, name)
	}
	fmt.Fprintln(w)
	for i, row := range cm {
		fmt.Fprintf(w, "  %*s", width, m.Classes[i])
		for _, n := range row {
			fmt.Fprintf(w, "  %*d", width, n)
		}
		fmt.Fprintln(w)
	}
	return nil
}
