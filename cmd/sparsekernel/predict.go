package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/words"
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
reported on stderr, as svm-predict does; rows whose label is missing are predicted and left
out of the score, with a note) or only the model's inputs. When the model and the
file both name their columns, they are matched by name (columns in another order are
reordered, and said so; a missing input or an unknown column is an error; -drop leaves
columns out); otherwise by position. A missing input (an empty field, ?, NA, NaN, ...) is
filled with its training median where the model was trained with -missing median, and is an
error otherwise. A categorical input takes its category's name; one the model was not trained
on is taken as none of its categories, with a warning that names it. The data file or the model file may be - (standard input); -o - is standard
output.

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
			fs.BoolVar(&decision, "decision", false, "also print each row's decision values (a classifier's f_k(x); a regressor's value, clipped as the prediction is)")
			fs.BoolVar(&proba, "proba", false, "also print each row's class probabilities (classifiers)")
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) != 2 {
					return usagef("want a model file and a data file, got %s", words.Count(len(args), "argument"))
				}
				if err := oneStdin(args...); err != nil {
					return err
				}
				if err := checkOutput(out, true, args...); err != nil {
					return err
				}
				if _, err := df.options(); err != nil {
					return err
				}
				m, err := loadModel(args[0])
				if err != nil {
					if args[1] != "-" {
						if _, err2 := loadModel(args[1]); err2 == nil {
							return fmt.Errorf("%w (%s is the model file: the model comes first, then the data)", err, args[1])
						}
					}
					return err
				}
				if proba && m.Task != model.Classification {
					return usagef("-proba: %s is a regressor; it has no class probabilities", args[0])
				}
				if proba && m.Calibration == nil {
					return fmt.Errorf("-proba: %s has no probability calibration (method %s); retrain with the default method", args[0], m.Method)
				}
				df.fill, df.fillHint = m.Scaling.Fill != nil, fillHintModel
				df.someLabels = true // rows without a label are predicted, not scored
				given := flagGiven(fs, "zero-based")
				if !given {
					df.zeroBased = m.ZeroBased // LIBSVM indices as the model's training data counted them
				}
				t, err := df.readFor(args[1], m.Features, m.Inputs, m.Categories, stderr)
				if err != nil {
					if given && m.ZeroBased && !df.zeroBased {
						err = fmt.Errorf("%w (the model was trained with -zero-based, which -zero-based=false overrode)", err)
					}
					return err
				}
				if given && df.zeroBased && !t.LIBSVM() {
					fmt.Fprintf(stderr, "warning: -zero-based applies to LIBSVM files; %s is read as CSV, where it does nothing\n", t.Source)
				}
				if given && t.LIBSVM() && df.zeroBased != m.ZeroBased {
					from := map[bool]string{false: "1", true: "0"}
					fmt.Fprintf(stderr, "note: %s's indices read as counting from %s (-zero-based=%v); the model's training data counted from %s\n",
						t.Source, from[df.zeroBased], df.zeroBased, from[m.ZeroBased])
				}
				if err := encodeTable(t, m, stderr); err != nil {
					return err
				}
				var truth []float64
				scored, rows := labelled(t, m.Classes, stderr) // the rows with a label, and their indices
				if scored != nil {
					t := scored
					if truth, err = targets(m, t); err != nil {
						return err
					}
					if m.Task == model.Classification {
						if err := implicitLabels(m.Classes, t, df.label); err != nil {
							if !t.LIBSVM() {
								return err
							}
							// A LIBSVM file always has labels, placeholders where they are
							// unknown: predict, without a score.
							fmt.Fprintf(stderr, "note: %v; no accuracy reported\n", err)
							truth = nil
						}
					} else if t.LIBSVM() && len(t.Labels) > 1 && !slices.ContainsFunc(t.Labels, func(l string) bool { return l != t.Labels[0] }) {
						// A LIBSVM file always has labels: one value on every row holds no
						// targets but placeholders (dump_svmlight_file(X, zeros(n), ...)).
						fmt.Fprintf(stderr, "note: %s: every label (the first field of every line) is %s, placeholders rather than targets; no MSE reported\n",
							t.Source, t.Labels[0])
						truth = nil
					}
				}
				f, err := decisions(m, t)
				if err != nil {
					return err
				}
				var b bytes.Buffer
				if decision || proba {
					b.WriteString(header(m, decision, proba))
				}
				p := make([]float64, len(m.Classes))
				for r, v := range f {
					if m.Task == model.Classification {
						b.WriteString(csvField(m.Classes[model.Class(v)]))
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
							return rowError(t, r, err)
						}
						for _, pk := range p {
							b.WriteByte(',')
							b.WriteString(strconv.FormatFloat(pk, 'g', -1, 64))
						}
					}
					b.WriteByte('\n')
				}
				if out == "" || out == "-" {
					if _, err := stdout.Write(b.Bytes()); err != nil {
						return err
					}
				} else if err := model.WriteFileAtomic(out, b.Bytes()); err != nil {
					return err
				}
				if truth != nil {
					fs := f
					if rows != nil {
						fs = make([][]float64, len(rows))
						for i, r := range rows {
							fs[i] = f[r]
						}
					}
					fmt.Fprintln(stderr, scoreLine(m, fs, truth))
					if note := unseenNote(m, scored, truth); note != "" {
						fmt.Fprintln(stderr, note)
					}
				}
				if note := clipNote(m, t.X, f); note != "" {
					fmt.Fprintln(stderr, note)
				}
				return nil
			}
		},
	})
}

// labelled returns the table of the rows of t that have a label, to score, and their indices
// in t (nil when every row has one); nil and nil where t has no label column or no row has a
// label. A missing-value marker that names one of the classes is a label. It notes the rows
// left unscored.
func labelled(t *dataset.Table, classes []string, note io.Writer) (*dataset.Table, []int) {
	if t.Labels == nil {
		return nil, nil
	}
	var rows, lines []int
	for i, l := range t.Labels {
		if l := strings.TrimSpace(l); dataset.MissingValue(l) && !slices.Contains(classes, l) { // (empty, NA, NaN, ...)
			if i < len(t.Lines) && len(lines) < 5 {
				lines = append(lines, t.Lines[i])
			}
			continue
		}
		rows = append(rows, i)
	}
	if len(rows) == len(t.Labels) {
		return t, nil
	}
	where := ""
	if len(lines) > 0 {
		where = " (" + words.Noun(len(lines), "line") + " " + strings.Trim(strings.ReplaceAll(fmt.Sprint(lines), " ", ", "), "[]")
		if len(t.Labels)-len(rows) > len(lines) {
			where += ", ..."
		}
		where += ")"
	}
	missing := len(t.Labels) - len(rows)
	if len(rows) == 0 {
		fmt.Fprintf(note, "note: %s: no row has a label: predictions only\n", t.Source)
		return nil, nil
	}
	fmt.Fprintf(note, "note: %s: %s no label%s: left out of the score, which is over the other %d\n",
		t.Source, words.Count(missing, "row")+" "+map[bool]string{true: "has", false: "have"}[missing == 1], where, len(rows))
	sub := *t
	sub.X, sub.Labels, sub.Lines = make([][]float64, len(rows)), make([]string, len(rows)), nil
	for i, r := range rows {
		sub.X[i], sub.Labels[i] = t.X[r], t.Labels[r]
		if r < len(t.Lines) {
			sub.Lines = append(sub.Lines, t.Lines[r])
		}
	}
	return &sub, rows
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
				cols = append(cols, csvField("f_"+m.Classes[k]))
			}
		}
	}
	if proba {
		for _, c := range m.Classes {
			cols = append(cols, csvField("p_"+c))
		}
	}
	return strings.Join(cols, ",") + "\n"
}

// csvField quotes a field of the output (a class name, a column name) when it needs it.
func csvField(s string) string {
	if strings.ContainsAny(s, ",\"\r\n") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// decisions returns the decision values of every row of t; an error names the file and line
// of the row at fault.
func decisions(m *model.Model, t *dataset.Table) ([][]float64, error) {
	k := m.Outputs()
	flat := make([]float64, len(t.X)*k)
	out := make([][]float64, len(t.X))
	z := make([]float64, m.Width())
	for r, x := range t.X {
		out[r] = flat[r*k : (r+1)*k : (r+1)*k]
		if err := m.DecisionTo(out[r], z, x); err != nil {
			return nil, rowError(t, r, err)
		}
	}
	return out, nil
}

// rowError names the file and line of row r of t in err, the prediction's error there.
func rowError(t *dataset.Table, r int, err error) error {
	line := 0
	if r < len(t.Lines) {
		line = t.Lines[r]
	}
	if errors.Is(err, model.ErrOverflow) {
		return fmt.Errorf("%s:%d: %w (inputs far beyond the training data's scale, or the model's weights too large: is the model file damaged?)", t.Source, line, err)
	}
	return fmt.Errorf("%s:%d: %w", t.Source, line, err)
}

// clipNote says how many of a regressor's predictions f at the rows X lie beyond the training
// targets' range (model.Range), carried there by the model's linear trend (model.Trend), and
// how many sit at an end of the interval the model clips to (model.Model.Bounds), where it
// clips what it would have extrapolated further; "" when none do either.
func clipNote(m *model.Model, X [][]float64, f [][]float64) string {
	if m.Task != model.Regression || len(m.Range) != 2 {
		return ""
	}
	beyond, clipped := 0, 0
	for i, v := range f {
		if v[0] < m.Range[0] || v[0] > m.Range[1] {
			beyond++
		}
		if lo, hi, err := m.Bounds(X[i]); err == nil && (v[0] == lo || v[0] == hi) {
			clipped++
		}
	}
	rng := words.Range(m.Range[0], m.Range[1])
	switch {
	case beyond > 0:
		s := fmt.Sprintf("note: %d of %d predictions lie beyond the training targets' range %s, carried there by the model's linear trend (-clip range at training keeps them within it)",
			beyond, len(f), rng)
		if clipped > 0 {
			s += fmt.Sprintf("; %s clipped where the rest of the model would have gone further", words.Count(clipped, "prediction"))
		}
		return s
	case clipped > 0 && m.Trend != nil:
		return fmt.Sprintf("note: %d of %d predictions clipped to the training targets' range %s (the model goes beyond it only along its linear trend, which does not carry these rows further)", clipped, len(f), rng)
	case clipped > 0:
		return fmt.Sprintf("note: %d of %d predictions clipped to the training targets' range %s (the model does not extrapolate beyond it)", clipped, len(f), rng)
	}
	return ""
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
	mse, mae, r2 := bench.RegressionScoresOf(f, truth)
	if mse < 0x1p-1022 && mae > 0 { // zero, or below the normal floats, for errors that are not
		return fmt.Sprintf("mean squared error = %.6g (%s; the squared errors underflow float64: multiply the targets by a power of ten to read it)", mse, words.Count(len(f), "row"))
	}
	line := fmt.Sprintf("mean squared error = %.6g (%s; RMSE %.6g, MAE %.6g", mse, words.Count(len(f), "row"), math.Sqrt(mse), mae)
	if !math.IsNaN(r2) {
		line += fmt.Sprintf(", R^2 %.4f", r2)
	}
	return line + ")"
}
