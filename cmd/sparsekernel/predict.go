package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
)

func init() {
	commands = append(commands, &command{
		name:  "predict",
		args:  "[flags] model.json data",
		short: "predict the labels (or values) of a data file with a saved model",
		long: `
Predict writes one prediction per data row: the class label for a classifier, the value for a
regressor; with -decision, also the decision values f_k(x) (one per output); with -proba, the
probability of every class. With -decision or -proba the output starts with a header line
naming the columns. The data file may hold a label column (then the accuracy or the MSE is
reported on stderr, as svm-predict does) or only the model's inputs.

Example:

	sparsekernel predict -o heart.pred heart.model.json heart-test.csv`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				df       dataFlags
				out      string
				decision bool
				proba    bool
			)
			df.register(fs)
			fs.StringVar(&out, "o", "", "output `file` (default: stdout)")
			fs.BoolVar(&decision, "decision", false, "also print each row's decision values")
			fs.BoolVar(&proba, "proba", false, "also print each row's class probabilities (classifiers)")
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) != 2 {
					return usagef("want a model file and a data file, got %d arguments", len(args))
				}
				m, err := model.Load(args[0])
				if err != nil {
					return err
				}
				t, err := readForModel(&df, args[1], m)
				if err != nil {
					return err
				}
				var truth []float64
				if t.Labels != nil {
					if truth, err = targets(m, t); err != nil {
						return err
					}
				}
				f, err := m.Decisions(t.X)
				if err != nil {
					return fmt.Errorf("%s: %w", t.Source, err)
				}
				if proba && m.Task != model.Classification {
					return usagef("-proba: %s is a regressor; it has no class probabilities", args[0])
				}
				if proba && m.Calibration == nil {
					return fmt.Errorf("-proba: %s has no probability calibration (method %s); retrain with the default method", args[0], m.Method)
				}
				var b bytes.Buffer
				if decision || proba {
					b.WriteString(header(m, decision, proba))
				}
				p := make([]float64, len(m.Classes))
				for _, v := range f {
					if m.Task == model.Classification {
						b.WriteString(m.Classes[model.Class(v)])
					} else {
						b.WriteString(strconv.FormatFloat(v[0], 'g', -1, 64))
					}
					if decision {
						for _, fk := range v {
							b.WriteByte(',')
							b.WriteString(strconv.FormatFloat(fk, 'g', -1, 64))
						}
					}
					if proba {
						if err := m.Probabilities(p, v); err != nil {
							return err
						}
						for _, pk := range p {
							b.WriteByte(',')
							b.WriteString(strconv.FormatFloat(pk, 'g', -1, 64))
						}
					}
					b.WriteByte('\n')
				}
				if out == "" {
					if _, err := stdout.Write(b.Bytes()); err != nil {
						return err
					}
				} else if err := model.WriteFileAtomic(out, b.Bytes()); err != nil {
					return err
				}
				if truth != nil {
					fmt.Fprintln(stderr, scoreLine(m, f, truth))
				}
				return nil
			}
		},
	})
}

// header names the output columns: the label (or value), the decision values f (one
// output) or f_1..f_K, and p(class) for every class.
func header(m *model.Model, decision, proba bool) string {
	cols := []string{"label"}
	if m.Task == model.Regression {
		cols[0] = "value"
	}
	if decision {
		if m.Outputs() == 1 {
			cols = append(cols, "f")
		} else {
			for k := range m.Outputs() {
				cols = append(cols, "f_"+csvField(m.Classes[k]))
			}
		}
	}
	if proba {
		for _, c := range m.Classes {
			cols = append(cols, "p_"+csvField(c))
		}
	}
	return strings.Join(cols, ",") + "\n"
}

// csvField quotes a name for a CSV header when it needs it.
func csvField(s string) string {
	if strings.ContainsAny(s, ",\"\r\n") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// readForModel reads a data file for prediction with m: with a label column if it has one
// more column than m has inputs, without one if it has exactly m's inputs.
func readForModel(df *dataFlags, path string, m *model.Model) (*dataset.Table, error) {
	o, err := df.options()
	if err != nil {
		return nil, err
	}
	t, err := dataset.ReadFile(path, o)
	if err == nil {
		err = t.WithDim(m.Inputs)
		if err == nil {
			return t, nil
		}
	}
	o.LabelColumn = -1
	if t2, err2 := dataset.ReadFile(path, o); err2 == nil && t2.Dim() == m.Inputs {
		return t2, nil
	}
	if errors.Is(err, dataset.ErrDimensionMismatch) {
		return nil, fmt.Errorf("%w (the model has %d inputs; a data file holds them, plus optionally a label column)", err, m.Inputs)
	}
	return nil, err
}

// scoreLine reports accuracy (classification) or MSE (regression) as svm-predict does.
func scoreLine(m *model.Model, f [][]float64, truth []float64) string {
	if m.Task == model.Classification {
		right := 0
		for i, v := range f {
			if float64(model.Class(v)) == truth[i] {
				right++
			}
		}
		return fmt.Sprintf("accuracy = %.2f%% (%d/%d)", 100*float64(right)/float64(len(f)), right, len(f))
	}
	var s float64
	for i, v := range f {
		s += (v[0] - truth[i]) * (v[0] - truth[i])
	}
	return fmt.Sprintf("mean squared error = %.6g (%d rows)", s/float64(len(f)), len(f))
}
