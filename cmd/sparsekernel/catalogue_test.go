package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// catalogue is the root of the catalogue of bad and degenerate inputs (testdata/ at the top
// of the repository): bad/ holds data the commands refuse, degenerate/ data that is valid but
// odd, model/ damaged model files, good/ the fixtures the others are used with.
const catalogue = "../../testdata"

// catalogueCase runs the command line args on one file of the catalogue. In args and want,
// {f} is the case's file, {tmp} a fresh directory, {out} the output file (which a failed
// command must not leave behind), {train} and {test} the good fixtures, {model} a model
// trained on {train}, and {copy} a copy of the case's file in {tmp}.
type catalogueCase struct {
	file  string   // under testdata/; "" for a case about the command line only
	args  []string // the command line
	stdin string   // a file under testdata/ to give as standard input
	code  int      // the exit status
	want  []string // substrings of stderr: the problem, with file, line and column
}

// catalogueCases are the cases; every file under bad/, degenerate/ and model/ has one.
var catalogueCases = []catalogueCase{
	// CSV that train refuses.
	{"bad/ragged-row.csv", trainCmd, "", 1, []string{"{f}:3: row has 2 fields, expected 3"}},
	{"bad/r-write-table-row-names.txt", trainCmd, "", 1, []string{`{f}:2: row has 4 fields, expected 3 like the header on line 1 (a header without a name for the first column, as R's write.table writes the row names: write.table(..., row.names = FALSE) leaves them out, col.names = NA names them "")`}},
	{"bad/not-a-number.csv", trainCmd, "", 1, []string{`{f}:4:2: field "abc" is not a number (a typo? if column 2 (x2) is not a feature, leave it out with -drop 2)`}},
	{"bad/empty-field.csv", trainCmd, "", 1, []string{"{f}:3:2: empty field"}},
	{"bad/question-mark-value.csv", trainCmd, "", 1, []string{`{f}:4:1: missing value "?": expected a number (to fill missing values with their column's median, add -missing median)`}},
	{"bad/question-mark-value.csv", []string{"train", "-missing", "median", "-o", "{out}", "{f}"}, "", 0, []string{"filling 1 missing value with its column's median (column 1 (x1): 1, median "}},
	{"bad/nan-value.csv", trainCmd, "", 1, []string{`{f}:3:1: field "NaN" is not finite`}},
	{"bad/infinity-value.csv", trainCmd, "", 1, []string{`{f}:4:2: field "Infinity" is not finite`}},
	{"bad/overflow-1e400.csv", trainCmd, "", 1, []string{`{f}:3:1: field "1e400" overflows float64`}},
	{"bad/huge-1e308.csv", trainCmd, "", 1, []string{"{f}:7:1: value 1e+308 is too large to standardise: the mean or the variance of column 1 (x1) overflows"}},
	{"bad/underscore-number.csv", trainCmd, "", 1, []string{`{f}:3:1: field "1_000" is not a number: underscores between digits are not accepted; write 1000`}},
	{"bad/hex-float.csv", trainCmd, "", 1, []string{`{f}:4:1: field "0x1p4" is not a number: hexadecimal`}},
	{"bad/hex-integer.csv", trainCmd, "", 1, []string{`{f}:3:2: field "0x10" is not a number: hexadecimal`}},
	{"bad/decimal-comma.csv", trainCmd, "", 1, []string{`{f}:2:1: field "0,5" is not a number: a decimal comma? write it as a point, or read the file with decimal commas (-decimal comma)` + "\n"}},
	{"bad/decimal-comma.csv", []string{"train", "-decimal", "comma", "-o", "{out}", "{f}"}, "", 0, []string{"classification of 2 classes"}},
	{"bad/thousands-separator.csv", trainCmd, "", 1, []string{`{f}:2:1: field "52,300" is not a number: a thousands separator or a decimal comma? neither is read; write 52300, or 52.300 or read the file with decimal commas (-decimal comma)` + "\n"}},
	{"bad/boolean-column.csv", []string{"train", "-categorical", "none", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:2:3: field "False" is not a number: a boolean? write 1 for true and 0 for false (if column 3 (smoker) is not a feature, leave it out with -drop 3)`}},
	{"bad/latin1-labels.csv", trainCmd, "", 1, []string{`{f}:2:3: label "caf\xe9" is not valid UTF-8`, "Latin-1"}},
	{"bad/latin1-header.csv", trainCmd, "", 1, []string{`{f}:1:2: column name "\xb5m" is not valid UTF-8`}},
	{"bad/duplicate-column-names.csv", trainCmd, "", 1, []string{`{f}:1:2: column name "x" is also the name of column 1`}},
	{"bad/empty.csv", trainCmd, "", 1, []string{"{f}: no data rows"}},
	{"bad/header-only.csv", trainCmd, "", 1, []string{"{f}: no data rows after the header on line 1"}},
	{"bad/blank-lines-only.csv", trainCmd, "", 1, []string{"{f}: no data rows"}},
	{"bad/one-class.csv", trainCmd, "", 1, []string{"{f}: the training data hold only one class", `only one class ("a")`}},
	{"bad/empty-label.csv", trainCmd, "", 1, []string{"{f}:3:3: empty label field"}},
	{"bad/unclosed-quote.csv", trainCmd, "", 1, []string{`{f}:3: extraneous or missing " in quoted-field`, "is a quote not closed?"}},
	{"bad/bare-quote.csv", trainCmd, "", 1, []string{`{f}:3: bare " in non-quoted-field`}},
	{"bad/label-only.csv", trainCmd, "", 1, []string{"{f}:1: row has 1 field, the label"}},
	{"bad/one-row.csv", trainCmd, "", 1, []string{"{f}:2: the only data row: training needs at least two"}},
	{"bad/binary-garbage.csv", trainCmd, "", 1, []string{"{f}:1: row has 1 field"}},
	{"bad/text-target-regression.csv", []string{"train", "-task", "regression", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:4:2: label "high" is not a number`}},
	{"bad/huge-target-regression.csv", trainCmd, "", 1, []string{"{f}:3:2: label 1e+308 is too large: the mean or the variance of the targets overflows"}},
	{"bad/constant-target-regression.csv", []string{"train", "-task", "regression", "-o", "{out}", "{f}"}, "", 1, []string{"{f}: no model better than the trivial rule: every target is 3, so there is nothing to learn"}},
	{"bad/id-text-column.csv", trainCmd, "", 1, []string{`{f}:2:1: field "r1" is not a number, and column 1 has 3 distinct values, too many to read as categories (at most 2) (if column 1 (id) is not a feature, leave it out with -drop 1)`}},
	{"bad/id-text-column.csv", []string{"train", "-categorical", "none", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:2:1: field "r1" is not a number (if column 1 (id) is not a feature, leave it out with -drop 1)`}},
	{"bad/label-first-column.tsv", trainCmd, "", 0, []string{"categories, one 0/1 input each: column 1 (species): 3 categories (setosa, versicolor, virginica)", "note: {f}: column 1 (species), read as categories, may hold the labels, with the last column a feature: if so, choose it with -label 1"}},
	{"bad/label-first-column.tsv", []string{"train", "-categorical", "none", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:2:1: field "versicolor" is not a number (if column 1 (species) is not a feature, leave it out with -drop 1; if it holds the labels, choose it with -label 1)`}},
	{"bad/label-first-column.tsv", []string{"train", "-label", "1", "-o", "{out}", "{f}"}, "", 0, []string{"classification of 3 classes"}},
	{"bad/codes-mostly-numbers.csv", trainCmd, "", 1, []string{`{f}:5:1: field "A7" is not a number, and column 1 holds text on 2 of its 10 values, too few to read it as categories (most must be text) (if column 1 (code) is not a feature, leave it out with -drop 1; if it holds categories, read it so with -categorical 1)`}},
	{"bad/codes-mostly-numbers.csv", []string{"train", "-categorical", "1", "-o", "{out}", "{f}"}, "", 0, []string{"categories, one 0/1 input each: column 1 (code): 4 categories (01, 02, 1e3, A7)"}},
	{"bad/text-columns.csv", trainCmd, "", 1, []string{`{f}:2:1: field "r1" is not a number, and column 1 has 12 distinct values, too many to read as categories (at most 6) (columns 1 (id) and 2 (name) hold text: if they are not features, leave them out with -drop 1,2)`}},
	{"bad/text-columns.csv", []string{"train", "-drop", "1,2", "-o", "{out}", "{f}"}, "", 0, []string{"categories, one 0/1 input each: column 4 (colour): "}},
	{"bad/text-columns.csv", []string{"train", "-categorical", "none", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:2:1: field "r1" is not a number (columns 1 (id), 2 (name) and 4 (colour) hold text: if they are not features, leave them out with -drop 1,2,4)`}},
	{"bad/text-columns.csv", []string{"train", "-drop", "1,2,4", "-o", "{out}", "{f}"}, "", 0, []string{"classification of 2 classes"}},
	{"bad/text-columns-later-rows.csv", trainCmd, "", 1, []string{`{f}:2:1: field "Integra" is not a number, and column 1 has 8 distinct values, too many to read as categories (at most 4) (columns 1 (model) and 3 (cylinders) hold text: if they are not features, leave them out with -drop 1,3)`}},
	{"bad/text-columns-later-rows.csv", []string{"train", "-drop", "1", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:8:3: field "rotary" is not a number (a typo? if column 3 (cylinders) is not a feature, leave it out with -drop 3)`}},
	{"bad/text-columns-later-rows.csv", []string{"train", "-drop", "1", "-categorical", "3", "-o", "{out}", "{f}"}, "", 0, []string{"column 2 (airbags): 3 categories (Driver & Passenger, Driver only, None); column 3 (cylinders): 3 categories (4, 6, rotary)"}},
	{"bad/text-columns-later-rows.csv", []string{"train", "-drop", "1", "-categorical", "none", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:2:2: missing value "None": expected a number (columns 2 (airbags) and 3 (cylinders) hold text: if they are not features, leave them out with -drop 2,3)`}},
	{"bad/text-columns-later-rows.csv", []string{"train", "-drop", "1-3", "-o", "{out}", "{f}"}, "", 0, []string{"classification of 2 classes"}},
	{"bad/all-features-text.csv", trainCmd, "", 0, []string{"categories, one 0/1 input each: column 1 (party): 2 categories (democrat, republican); column 2 (v1): 2 categories (n, y); column 3 (v2): 2 categories (n, y)"}},
	{"bad/all-features-text.csv", []string{"train", "-categorical", "none", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:2:1: field "republican" is not a number (every one of the 3 feature columns holds text: the features must be numbers, such as 0 and 1 for no and yes, or one 0/1 column per category)`}},
	{"bad/all-features-constant.csv", trainCmd, "", 1, []string{"{f}: every feature is constant (column 1 (x1) = 1, column 2 (x2) = 2)"}},
	{"bad/na-among-numeric-labels.csv", trainCmd, "", 1, []string{`{f}:7:3: missing label "NA" among numeric class labels`}},
	{"bad/na-among-numeric-labels.csv", []string{"train", "-task", "classification", "-o", "{out}", "{f}"}, "", 0, []string{"classification of 3 classes"}},
	{"bad/na-regression-label.csv", trainCmd, "", 1, []string{`{f}:11:3: missing label "NA": a regression needs a target on every row; remove the row without one`}},
	// LIBSVM that train refuses.
	{"bad/index-zero.libsvm", trainCmd, "", 1, []string{"{f}:2:2: index 0: indices start at 1", "-zero-based reads such a file"}},
	{"bad/decreasing-index.libsvm", trainCmd, "", 1, []string{"{f}:2:3: index 1 follows index 2"}},
	{"bad/repeated-index.libsvm", trainCmd, "", 1, []string{"{f}:1:3: index 1 follows index 1"}},
	{"bad/no-colon.libsvm", trainCmd, "", 1, []string{`{f}:2:2: field "0.3" is not index:value`}},
	{"bad/nan-value.libsvm", trainCmd, "", 1, []string{`{f}:2:2: field "nan" is not finite`}},
	{"bad/no-label.libsvm", trainCmd, "", 1, []string{`{f}:2:1: line starts with "1:0.3": expected a label`}},
	{"bad/latin1-label.libsvm", trainCmd, "", 1, []string{`{f}:3:1: label "\xe9t\xe9" is not valid UTF-8`}},
	{"bad/index-above-limit.libsvm", trainCmd, "", 1, []string{"{f}:2:2: index 2000000 is above the limit"}},
	{"bad/text-index.libsvm", trainCmd, "", 1, []string{`{f}:1:3: index "x" is not a positive integer`}},
	{"bad/all-zero-features.libsvm", trainCmd, "", 1, []string{"{f}: every feature is constant"}},
	// Test files that eval refuses before training, and data files that predict refuses.
	{"bad/test-too-wide.csv", evalCmd, "", 1, []string{`{f}: column 3 ("x3") is not an input of the model`}},
	{"bad/test-unknown-label.csv", predictCmd, "", 0, []string{`note: 1 of 3 rows have a class the model was not trained on ("c"), counted wrong`}},
	{"bad/test-missing-column.csv", predictCmd, "", 1, []string{`{f}: the header lacks the model's input "x2"`}},
	{"bad/test-extra-column.csv", predictCmd, "", 1, []string{`{f}: column 1 ("id") is not an input of the model (its inputs are "x1", "x2"): leave it out with -drop 1` + "\n"}},
	{"bad/test-extra-columns.csv", predictCmd, "", 1, []string{`{f}: columns 1 ("") and 3 ("note") are not inputs of the model (its inputs are "x1", "x2"): leave them out with -drop 1,3` + "\n"}},
	{"bad/test-extra-columns.csv", []string{"predict", "-drop", "1,3", "-o", "{out}", "{model}", "{f}"}, "", 0, []string{"accuracy = "}},
	{"bad/test-label-first.csv", predictCmd, "", 1, []string{`{f}: column 1 ("class") is not an input of the model (its inputs are "x1", "x2"): leave it out with -drop 1, or if it holds the labels, choose it with -label 1` + "\n"}},
	{"bad/test-label-first.csv", []string{"predict", "-label", "1", "-o", "{out}", "{model}", "{f}"}, "", 0, []string{"note: {f}: the columns are in another order than the model's inputs", "accuracy = "}},
	{"bad/test-headerless-too-narrow.csv", predictCmd, "", 1, []string{"{f}:1: rows have 1 value: the model has 2 inputs"}},
	{"", []string{"predict", "-o", "{out}", "{test}", "{model}"}, "", 1, []string{"{test}: not a model file: it starts with 'x', not a JSON object", "{model} is the model file: the model comes first, then the data"}},
	{"", []string{"train", "-o", "{out}", "{model}"}, "", 1, []string{"{model} is a model file, not data: this command reads data files (CSV or LIBSVM); a saved model predicts with sparsekernel predict {model} DATA"}},
	{"", []string{"eval", "{model}", "{test}"}, "", 1, []string{"{model} is a model file, not data"}},
	{"", []string{"predict", "{model}", "{model}"}, "", 1, []string{"{model} is a model file, not data"}},
	{"bad/test-id-last-column.csv", predictCmd, "", 1, []string{`{f}: the last column ("id"), read as the labels, holds none of the model's classes ("a", "b")`, "-drop"}},
	{"bad/test-id-last-column.csv", []string{"predict", "-drop", "id", "-o", "{out}", "{model}", "{f}"}, "", 0, nil},
	{"bad/test-id-last-column.csv", evalCmd, "", 1, []string{`{f}: the last column ("id"), read as the labels, holds none of the model's classes ("a", "b")`}},
	{"bad/test-id-last-column.csv", []string{"predict", "-label", "3", "-o", "{out}", "{model}", "{f}"}, "", 0, []string{"note: 3 of 3 rows have a class the model was not trained on"}},

	// Degenerate data that is valid: a finite model, and a warning where it is useless.
	{"degenerate/duplicated-rows.csv", trainCmd, "", 0, nil},
	{"degenerate/constant-feature.csv", trainCmd, "", 0, []string{"warning: {f}: column 3 (k) is constant (every value is 7)"}},
	{"degenerate/one-conflicting-pair.csv", trainCmd, "", 0, nil},
	{"degenerate/separable-classes.csv", trainCmd, "", 0, []string{"warning: {f}: column 2 (x2) is constant"}},
	{"degenerate/two-rows.csv", trainCmd, "", 0, []string{"no better than the trivial rule"}},
	{"degenerate/three-rows-three-classes.csv", trainCmd, "", 0, []string{"classification of 3 classes", "no better than the trivial rule"}},
	{"degenerate/test-placeholder-labels.libsvm", predictCmd, "", 0, []string{`note: {f}: the labels (the first field of every line) hold none of the model's classes ("a", "b"); no accuracy reported`}},
	{"degenerate/test-placeholder-labels.libsvm", evalCmd, "", 1, []string{`{f}: the labels (the first field of every line) hold none of the model's classes ("a", "b")`}},
	{"degenerate/tiny-values.csv", trainCmd, "", 0, []string{"{f}: 20 rows, 2 inputs"}}, // x1's values near 1e-300 are standardised, not constant
	{"degenerate/wild-regression-targets.csv", trainCmd, "", 0, []string{"{f}: 1 target lies apart from the others", "(line 12: 50)", "(the Huber loss bounds it where the residuals are heavy-tailed"}},
	{"degenerate/wild-regression-targets.csv", []string{"train", "-loss", "squared", "-o", "{out}", "{f}"}, "", 0, []string{"a least-squares fit is pulled far by it (-loss huber bounds it)", "no better than the trivial rule"}},
	{"degenerate/wild-regression-targets.csv", []string{"train", "-loss", "huber", "-method", "lrols", "-o", "{out}", "{f}"}, "", 0, []string{"warning: method lrols ignores the huber loss option"}},
	{"", []string{"train", "-loss", "l1", "-o", "{out}", "{train}"}, "", 2, []string{`invalid option: loss "l1": want auto, squared or huber`}},
	{"", []string{"bench", "-quiet", "-generated", "ripley", "-realisations", "1", "-method", "rols", "-loss", "huber"}, "", 0, []string{"warning: method rols ignores the huber loss option"}},
	{"", []string{"train", "-loss", "huber", "-o", "{out}", "{train}"}, "", 1, []string{"invalid option: the Huber loss is a regression's, and the targets are classes"}},
	{"degenerate/row-number-column.csv", trainCmd, "", 0, []string{"warning: {f}: column 1 (n) counts the rows (1, 2, ..., 20): if it is an identifier, leave it out with -drop 1"}},
	{"degenerate/row-names-column.csv", trainCmd, "", 0, []string{`warning: {f}: column 1 has no name in the header and holds distinct integers (1, 38, ..., 32), as the row names R's write.csv writes there, or the index of pandas' to_csv: if it is an identifier, leave it out with -drop 1`}},
	{"degenerate/one-minority-row.csv", trainCmd, "", 0, nil},
	{"degenerate/r-write-table.txt", predictCmd, "", 0, []string{"accuracy = "}}, // the quotes of "x1" and "b" go
	{"degenerate/r-write-table.txt", evalCmd, "", 0, nil},
	{"degenerate/na-class-labels.csv", trainCmd, "", 0, []string{`warning: {f}:5: class "NA", of 3 rows, marks a missing value: if those rows have no label, remove them (-task classification keeps it as a class without this warning)`}},
	{"degenerate/many-na-regression-labels.csv", trainCmd, "", 0, []string{`{f}: 24 rows, 2 inputs, classification of 19 classes (text labels: numbers but for 6 of 24 that mark missing values, such as "NA"; to fit the numbers, remove those rows; -task overrides)`}},
	{"degenerate/many-na-regression-labels.csv", []string{"train", "-task", "regression", "-o", "{out}", "{f}"}, "", 1, []string{`{f}:3:3: missing label "NA": a regression needs a target on every row; remove the 6 rows of 24 without one`}},
	{"degenerate/bom-crlf-blank-lines.csv", trainCmd, "", 0, []string{"{f}: 20 rows, 2 inputs"}},
	{"degenerate/integer-labels-many-classes.csv", trainCmd, "", 0, []string{"regression (6 distinct integer labels in 12 rows"}},
	{"degenerate/rows-without-features.libsvm", trainCmd, "", 0, []string{"{f}: 6 rows, 2 inputs"}},
	{"degenerate/swapped-columns.csv", predictCmd, "", 0, []string{"note: {f}: the columns are in another order than the model's inputs"}},

	// Damaged model files.
	{"model/empty.model.json", predictModel, "", 1, []string{"{f}: empty file: not a model file"}},
	{"model/truncated.model.json", predictModel, "", 1, []string{"{f}:26:6: not a model file: unexpected end of JSON input"}},
	{"model/not-json.model.json", predictModel, "", 1, []string{"{f}: not a model file: it starts with 'x', not a JSON object"}},
	{"model/wrong-version.model.json", predictModel, "", 1, []string{"{f}: model format version 10; this build reads versions 1 to 9"}},
	{"model/wrong-format.model.json", predictModel, "", 1, []string{`{f}: not a model file: its format is "libsvm-model", not a sparsekernel model's "sparsekernel-model"`}},
	{"model/nan-weight.model.json", predictModel, "", 1, []string{"{f}:49:5: not a model file: invalid character 'N'"}},
	{"model/infinite-weight.model.json", predictModel, "", 1, []string{`{f}:48:9: not a model file: "weights" holds number 1e999, beyond the range of float64`}},
	{"model/overflowing-weights.model.json", predictModel, "", 1, []string{"{test}:12: decision value is not finite: output 1 is +Inf", "is the model file damaged?"}},
	{"model/huge-bias.model.json", []string{"predict", "-proba", "-o", "{out}", "{f}", "{test}"}, "", 1, []string{"{test}:2: decision value is not finite: probability of class 1 is NaN", "is the model file damaged?"}},
	{"model/unknown-field.model.json", predictModel, "", 1, []string{`{f}:60:2: not a model file: unknown field "colour"`}},
	{"model/wrong-centre-length.model.json", predictModel, "", 1, []string{"{f}: invalid model: node 1 has a centre of 3 values for 2 inputs"}},
	{"model/negative-width.model.json", predictModel, "", 1, []string{"{f}: invalid model: node 1 width holds -1"}},
	{"model/zero-std.model.json", predictModel, "", 1, []string{"{f}: invalid model: scaling of input 1 is (0, 0)"}},
	{"model/one-class.model.json", predictModel, "", 1, []string{"{f}: invalid model: a classifier needs at least two classes"}},
	{"model/duplicate-classes.model.json", predictModel, "", 1, []string{`{f}: invalid model: class "a" is listed twice`}},
	{"model/weights-for-missing-node.model.json", predictModel, "", 1, []string{"{f}: invalid model: output 1 has 3 weights for 2 nodes"}},
	{"model/regressor-with-classes.model.json", predictModel, "", 1, []string{"{f}: invalid model: a regressor has no classes"}},
	{"model/three-inputs.model.json", predictModel, "", 1, []string{`{test}: the header lacks the model's input "x3"`}},

	// The command line: output files, standard input, column lists, the LS-SVM estimate.
	{"good/ripley-train.csv", []string{"train", "-o", "{copy}", "{copy}"}, "", 2, []string{"-o {copy} names the input file {copy}, which it would replace"}},
	{"good/ripley-test.csv", []string{"predict", "-o", "{copy}", "{model}", "{copy}"}, "", 2, []string{"names the input file"}},
	{"", []string{"train", "-o", "{tmp}", "{train}"}, "", 2, []string{"-o {tmp} is a directory"}},
	{"", []string{"train", "-o", "{tmp}/no/such/dir/m.json", "{train}"}, "", 1, []string{"write {tmp}/no/such/dir/m.json: cannot create a file in {tmp}/no/such/dir"}},
	{"", []string{"train", "-"}, "good/ripley-train.csv", 2, []string{"reading standard input: name the model file with -o"}},
	{"", []string{"eval", "-", "-"}, "", 2, []string{"standard input (-) can be read only once"}},
	{"", []string{"train", "-o", "{out}", "-"}, "bad/ragged-row.csv", 1, []string{"<stdin>:3: row has 2 fields"}},
	{"", []string{"predict", "{model}", "-"}, "degenerate/swapped-columns.csv", 0, []string{"note: <stdin>: the columns are in another order"}},
	{"", []string{"train", "-drop", "0", "-o", "{out}", "{train}"}, "", 2, []string{`-drop "0": column "0": columns are numbered from 1`}},
	{"", []string{"train", "-drop", "zz", "-o", "{out}", "{train}"}, "", 1, []string{`{train}:1: dropped column "zz" is not in the header, which names "x1", "x2", "class"`}},
	{"", []string{"train", "-features", "2,3", "-o", "{out}", "{train}"}, "", 1, []string{"{train}:1: feature column 3 is the label column"}},
	{"", []string{"train", "-label", "class", "-o", "{out}", "{train}"}, "", 0, []string{"{train}: 60 rows, 2 inputs, classification of 2 classes"}},
	{"", []string{"train", "-label", "x1", "-drop", "class", "-o", "{out}", "{train}"}, "", 0, []string{"{train}: 60 rows, 1 input, regression"}},
	{"", []string{"train", "-label", "Class", "-o", "{out}", "{train}"}, "", 1, []string{`{train}:1: -label "Class" is not in the header, which names "x1", "x2", "class"`}},
	{"", []string{"train", "-label", "class", "-header", "no", "-o", "{out}", "{train}"}, "", 2, []string{`-label "class" names a column, but -header no says the file has no column names`}},
	{"", []string{"train", "-label", "", "-o", "{out}", "{train}"}, "", 2, []string{`invalid value "" for flag -label: want a column number or a header name`}},
	{"bad/test-label-first.csv", []string{"predict", "-label", "class", "-o", "{out}", "{model}", "{f}"}, "", 0, []string{"accuracy = "}},
	{"bad/test-label-first.csv", []string{"eval", "-label", "class", "-o", "{out}", "{train}", "{f}"}, "", 0, nil},
	{"bad/nan-value.libsvm", []string{"train", "-label", "class", "-o", "{out}", "{f}"}, "", 1, []string{`{f}: -label "class" names a column, but a LIBSVM file has no column names`}},
	{"", []string{"predict", "-drop", "x2", "{model}", "{test}"}, "", 1, []string{`{test}: -drop leaves out column 2 ("x2"), which is an input of the model`}},
	{"", []string{"train", "-method", "lssvm", "-tuner", "none", "-gamma", "10", "-sigma", "1", "-o", "{out}", "{train}"}, "", 1, []string{"{train}: lssvm on 60 rows", "of the 64 KiB available", "-force"}},
	{"", []string{"train", "-method", "lssvm", "-tuner", "none", "-gamma", "10", "-sigma", "1", "-force", "-o", "{out}", "{train}"}, "", 0, []string{"warning: lssvm on 60 rows", "(-force)"}},
	{"", []string{"train", "-method", "loomi", "-kernel", "wavelet", "-o", "{out}", "{train}"}, "", 0, []string{"warning: method loomi ignores the lssvm settings option"}},
	{"", []string{"train", "-method", "loomi", "-no-linear", "-o", "{out}", "{train}"}, "", 0, []string{"warning: method loomi ignores the no-linear option"}},
}

var (
	trainCmd     = []string{"train", "-o", "{out}", "{f}"}
	evalCmd      = []string{"eval", "-o", "{out}", "{train}", "{f}"}
	predictCmd   = []string{"predict", "-o", "{out}", "{model}", "{f}"}
	predictModel = []string{"predict", "-o", "{out}", "{f}", "{test}"}
)

// TestCatalogue runs the command line on every case of the catalogue and checks the exit
// status, that the message names the problem (and the file, line and column where there is
// one), that a failed command leaves no output file and prints nothing on stdout, and that a
// successful train writes a model that loads.
func TestCatalogue(t *testing.T) {
	defer func(f func() float64) { memoryLimit = f }(memoryLimit)
	memoryLimit = func() float64 { return 64 << 20 }
	trainPath := filepath.Join(catalogue, "good/ripley-train.csv")
	testPath := filepath.Join(catalogue, "good/ripley-test.csv")
	modelPath := filepath.Join(t.TempDir(), "good.model.json")
	if code, _, e := runCLI("train", "-quiet", "-o", modelPath, trainPath); code != 0 {
		t.Fatalf("training the good model: %s", e)
	}

	covered := map[string]bool{}
	for _, tc := range catalogueCases {
		covered[tc.file] = true
		name := tc.file
		if name == "" || strings.HasPrefix(name, "good/") {
			name = strings.Join(tc.args, " ")
		}
		t.Run(name, func(t *testing.T) {
			tmp := t.TempDir()
			out := filepath.Join(tmp, "out")
			file := filepath.Join(catalogue, tc.file)
			copyPath := filepath.Join(tmp, "copy"+filepath.Ext(tc.file))
			if tc.file != "" {
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(copyPath, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			expand := strings.NewReplacer("{f}", file, "{tmp}", tmp, "{out}", out, "{train}", trainPath,
				"{test}", testPath, "{model}", modelPath, "{copy}", copyPath).Replace
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = expand(a)
			}
			stdin = strings.NewReader("")
			if tc.stdin != "" {
				data, err := os.ReadFile(filepath.Join(catalogue, tc.stdin))
				if err != nil {
					t.Fatal(err)
				}
				stdin = strings.NewReader(string(data))
			}
			defer func() { stdin = os.Stdin }()

			if slices.Contains(tc.args, "lssvm") { // 60 rows: an LS-SVM over the limit
				memoryLimit = func() float64 { return 64 << 10 }
				defer func() { memoryLimit = func() float64 { return 64 << 20 } }()
			}
			code, stdout, stderr := runCLI(args...)
			t.Logf("exit %d: %s", code, strings.ReplaceAll(strings.TrimSpace(stderr), "\n", " | "))
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			for _, w := range tc.want {
				if w = expand(w); !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine") {
				t.Errorf("stderr tells of a panic:\n%s", stderr)
			}
			if code != 0 {
				if stdout != "" {
					t.Errorf("a failed command printed on stdout: %q", stdout)
				}
				if _, err := os.Stat(out); err == nil {
					t.Errorf("%s was written despite the error", out)
				}
				if entries, _ := os.ReadDir(tmp); len(entries) > 1 && tc.file != "" || len(entries) > 0 && tc.file == "" {
					t.Errorf("files left in the output directory: %v", entries)
				}
				return
			}
			if args[0] == "train" {
				if _, err := model.Load(out); err != nil {
					t.Errorf("the model written does not load: %v", err)
				}
			}
		})
	}

	// Every file of the catalogue has a case, and there are at least 40.
	files := 0
	err := filepath.WalkDir(catalogue, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(catalogue, path)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "good/") || strings.HasPrefix(rel, "fuzz/") || !strings.Contains(rel, "/") {
			return nil // fixtures, the root package's fuzz corpus (go test's place for it), README
		}
		files++
		if !covered[rel] {
			t.Errorf("%s has no case in catalogueCases", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 40 {
		t.Errorf("the catalogue holds %d files, want at least 40", files)
	}
}
