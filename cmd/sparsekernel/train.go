package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/words"
)

func init() {
	commands = append(commands, &command{
		name:  "train",
		args:  "[flags] data",
		short: "train a model on a data file and save it",
		long: `
Train reads a labelled data file (CSV with the label in the last column by default, or
LIBSVM/svmlight; - reads standard input), trains a model and writes it as JSON, by default to
the data file's name with the extension .model.json in the current directory. The kernel
width and the number of nodes are chosen from the training data (by cross-validation for the
default method, auto; by the leave-one-out criterion of the papers' methods); nothing needs
tuning. -drop and -features choose the feature columns; the model records their names.

A feature column of text, such as male and female, is read as categories, one 0/1 input
each (-categorical says which columns, or none); the model keeps their names, and predict
takes them. Numbers are plain decimals (1, -2.5, 3e-4); a missing value (an empty field, ?, NA, NaN, ...;
-missing median fills it), Inf, a label that is not UTF-8 or a value too large to standardise
is an error naming the file, line and column.
Long runs show their progress on a terminal (-quiet hides it).

Example:

	sparsekernel train -method loomi -drop id -o heart.model.json heart.csv`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				df  dataFlags
				ff  fitFlags
				out string
			)
			df.register(fs)
			df.registerCategorical(fs)
			ff.register(fs)
			ff.registerMissing(fs)
			fs.StringVar(&out, "o", "", "model `file` to write (default: <data>.model.json)")
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) != 1 {
					return usagef("want one data file, got %s", words.Count(len(args), "argument"))
				}
				opt, err := ff.options()
				if err != nil {
					return err
				}
				if out == "" {
					if args[0] == "-" {
						return usagef("reading standard input: name the model file with -o")
					}
					base := dataset.TrimCompressedExt(filepath.Base(args[0])) // iris.csv.gz: iris.model.json
					out = strings.TrimSuffix(base, filepath.Ext(base)) + ".model.json"
				}
				if err := checkOutput(out, false, args[0]); err != nil {
					return err
				}
				t, err := trainingTable(&df, opt, args[0], stderr)
				if err != nil {
					return err
				}
				m, err := fitTable(t, opt, &ff, stderr)
				if err != nil {
					return err
				}
				if err := m.Save(out); err != nil {
					return err
				}
				fmt.Fprintf(stdout, "%s\nmodel written to %s\n", describe(m), out)
				warnUseless(stderr, m)
				noteAtCap(stderr, m)
				warnEdge(stderr, m)
				return nil
			}
		},
	})
}
