package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

func init() {
	commands = append(commands, &command{
		name:  "eval",
		args:  "[flags] train-data test-data | -cv K data",
		short: "train on one file and report the test error, confusion matrix and error against size",
		long: `
Eval trains a model on the first file exactly as train does, then reports its size, width,
estimated error against model size (cross-validated, or the leave-one-out error of the
papers' methods), and its error on the second file: for a classifier the misclassification
rate, the confusion matrix with each class's recall and precision, the balanced error (the mean
of the classes' 1 - recall) and, with probabilities, the log-loss, the Brier score, the area
under the ROC curve (AUC; for several classes each class against the rest, averaged) and a
reliability table; for a regressor the MSE and R^2. With -o it also saves the model. With
-importance it also ranks the inputs by their permutation importance: how much the test error
rises when an input's values are shuffled among the test rows.
The test file is checked before training: its columns must match the training file's (by
name when both have a header, reordered if need be; else by position); its rows of a class
the training data lack are counted as errors, with a note; its categories are matched by name
(one the training data lack is none of them, with a warning); its rows with the inputs of a
training row get a note. Either file may be - (standard input).

With -cv K and one data file, eval cross-validates the whole training instead: the rows are
dealt into K folds (stratified by class, from -seed), each fold is predicted by a model
trained as train does on the other folds, and eval prints every fold's test error, size and
choice, and their mean and standard deviation (as LIBSVM's svm-train -v does). The folds run
in parallel; their models are not saved. A class of one row is missing from the training
part of the fold that holds it (the folds are stratified: a class of two rows or more is in
every training part): eval warns, and that fold counts its row as an error.

Examples:

	sparsekernel eval -method rols train.csv test.csv
	sparsekernel eval -cv 10 data.csv`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				df         dataFlags
				ff         fitFlags
				out        string
				cv         int
				importance bool
			)
			df.register(fs)
			df.registerCategorical(fs)
			ff.register(fs)
			ff.registerMissing(fs)
			fs.StringVar(&out, "o", "", "also write the model to `file`")
			fs.IntVar(&cv, "cv", 0, "cross-validate the training on one data file with `K` folds instead of testing on a second file")
			fs.BoolVar(&importance, "importance", false, "also report each input's permutation importance on the test file: the rise of the test error\n"+
				"when the input's values are shuffled among the test rows (5 shuffles, drawn from -seed)")
			return func(args []string, stdout, stderr io.Writer) error {
				if cv != 0 {
					if importance {
						return usagef("-importance needs a test file: it measures the model of train-data on test-data, not -cv's fold models")
					}
					return crossValidate(args, cv, out, &df, &ff, stdout, stderr)
				}
				if len(args) != 2 {
					return usagef("want a training file and a test file, got %s", words.Count(len(args), "argument"))
				}
				if err := oneStdin(args...); err != nil {
					return err
				}
				opt, err := ff.options()
				if err != nil {
					return err
				}
				if err := checkOutput(out, false, args...); err != nil {
					return err
				}
				tr, err := trainingTable(&df, opt, args[0], stderr)
				if err != nil {
					return err
				}
				// The test file is read and checked before training, which may take long; its
				// rows without a label are left out, with a note.
				df.someLabels = true
				te, err := df.readFor(args[1], tr.Features, tr.Dim(), tr.Levels, stderr)
				if err != nil {
					return err
				}
				if te.Labels != nil {
					if te, _ = labelled(te, slices.Compact(slices.Sorted(slices.Values(tr.Labels))), stderr); te == nil {
						return fmt.Errorf("%s: no row has a label to score the model on (predict gives the predictions alone)", args[1])
					}
				}
				if err := checkTestLabels(tr, te, opt, df.label); err != nil {
					return err
				}
				noteOverlap(stderr, tr, te)
				m, err := fitTable(tr, opt, &ff, stderr)
				if err != nil {
					return err
				}
				if err := encodeTable(te, m, stderr); err != nil {
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
				warnUseless(stderr, m)
				noteAtCap(stderr, m)
				warnEdge(stderr, m)
				if err := report(stdout, m, te, truth); err != nil || !importance {
					return err
				}
				return reportImportance(stdout, m, tr, te, truth, opt.Seed)
			}
		},
	})
}

// report prints a model's summary, its estimated error against size and its test
// performance: error and confusion matrix, and for a calibrated classifier the log-loss, the
// Brier score and a reliability table.
func report(w io.Writer, m *model.Model, te *dataset.Table, truth []float64) error {
	f, err := decisions(m, te) // first: an error prints nothing
	if err != nil {
		return err
	}
	fmt.Fprintln(w, describe(m))
	if m.Training.Stop != "" {
		fmt.Fprintf(w, "stopped: %s\n", m.Training.Stop)
	}
	sizeTable(w, m)
	testErr, err := bench.TestErrorOf(m, f, truth)
	if err != nil {
		return fmt.Errorf("%s: %w", te.Source, err)
	}
	if m.Task == model.Regression {
		_, mae, r2 := bench.RegressionScoresOf(f, truth)
		fmt.Fprintf(w, "test MSE: %.6g on %s (RMSE %.6g, MAE %.6g", testErr, words.Count(len(truth), "row"), math.Sqrt(testErr), mae)
		if !math.IsNaN(r2) { // the share of the test targets' variance explained
			fmt.Fprintf(w, ", R^2 %.4f", r2)
		}
		fmt.Fprintln(w, ")")
		if note := clipNote(m, te.X, f); note != "" {
			fmt.Fprintln(w, note)
		}
		return nil
	}
	fmt.Fprintf(w, "test error: %.2f%% on %s\n", testErr, words.Count(len(truth), "row"))
	if note := unseenNote(m, te, truth); note != "" {
		fmt.Fprintln(w, note)
	}
	// The confusion matrix: the model's classes, then the test labels it was not trained on.
	names := slices.Clone(m.Classes)
	row := make([]int, len(truth))
	for i, t := range truth {
		row[i] = int(t)
		if t < 0 {
			if row[i] = slices.Index(names, te.Labels[i]); row[i] < 0 {
				row[i], names = len(names), append(names, te.Labels[i])
			}
		}
	}
	c := len(m.Classes)
	given, named := make([]string, len(f)), make([]string, len(f)) // each row's label and class
	for i, v := range f {
		given[i], named[i] = m.Classes[model.Class(v)], names[row[i]]
	}
	cm := make([][]int, len(names)) // [true][predicted]
	width := 6
	for i := range cm {
		cm[i] = make([]int, c)
		names[i] = shown(names[i])
		width = max(width, utf8.RuneCountInString(names[i]))
	}
	for i, v := range f {
		cm[row[i]][model.Class(v)]++
	}
	confusion(w, cm, names, c, width)
	present := len(slices.Compact(slices.Sorted(slices.Values(row)))) // the test's classes
	fmt.Fprintf(w, "balanced error: %.2f%% (the mean over the test's %s of 1 - recall)\n",
		bench.BalancedError(named, given), words.Count(present, "class"))
	if m.Calibration == nil {
		return nil
	}
	logLoss, brier, err := bench.ProbabilityScoresOf(m, f, truth)
	if err != nil {
		return fmt.Errorf("%s: %w", te.Source, err)
	}
	var P [][]float64 // the rows of the model's classes, for the reliability table
	var class []int
	for i, v := range f {
		if truth[i] < 0 {
			continue
		}
		p := make([]float64, c)
		if err := m.Probabilities(p, v); err != nil {
			return err
		}
		P, class = append(P, p), append(class, int(truth[i]))
	}
	fmt.Fprintf(w, "probabilities (%s): log-loss %.4f, Brier score %.4f", m.Calibration.Method, logLoss, brier)
	if auc, what := meanAUC(P, class, c); !math.IsNaN(auc) {
		fmt.Fprintf(w, ", AUC %.4f%s", auc, what)
	}
	if unseen := len(f) - len(P); unseen > 0 { // (the reliability table leaves them out)
		fmt.Fprintf(w, "\n  (the log-loss and the Brier score count the %s of classes the model lacks, at probability 0: %.1f each to the log-loss's sum, clipped at 1e-15)",
			words.Count(unseen, "row"), -math.Log(1e-15))
	}
	fmt.Fprintln(w)
	if len(P) == 0 {
		return nil
	}
	of := ""
	if len(P) < len(f) {
		of = ", the rows of the model's classes"
	}
	fmt.Fprintf(w, "reliability (probability of the predicted class%s):\n  %-11s %6s %10s %9s\n", of, "bin", "rows", "mean prob", "accuracy")
	for _, b := range calibrate.Reliability(P, class, 10) {
		if b.Count == 0 {
			continue
		}
		fmt.Fprintf(w, "  %.1f - %.1f   %6d %10.3f %9.3f\n", b.Lo, b.Hi, b.Count, b.Confidence, b.Accuracy)
	}
	return nil
}

// importanceShuffles is how many times eval -importance shuffles each input (scikit-learn's
// permutation_importance's n_repeats).
const importanceShuffles = 5

// reportImportance prints the permutation importance of m's inputs on the test rows (the
// inputs named as in the training file tr), the most important first.
func reportImportance(w io.Writer, m *model.Model, tr, te *dataset.Table, truth []float64, seed uint64) error {
	if len(te.X) < 2 {
		fmt.Fprintf(w, "permutation importance: %s has one row to score, which no shuffle moves: give a test file of more rows\n", te.Source)
		return nil
	}
	_, imp, err := bench.PermutationImportance(m, te.X, truth, importanceShuffles, seed)
	if err != nil {
		return fmt.Errorf("%s: %w", te.Source, err)
	}
	slices.SortStableFunc(imp, func(a, b bench.Importance) int { return cmp.Compare(b.Mean, a.Mean) })
	unit, format := "test error, in percentage points,", "%8.2f +- %.2f"
	if m.Task == model.Regression {
		unit, format = "test MSE", "%10.4g +- %.3g"
	}
	fmt.Fprintf(w, "permutation importance (the rise of the %s when an input's values are shuffled among the test rows; mean +- sd of %d shuffles):\n",
		unit, importanceShuffles)
	width := 5
	names := make([]string, len(imp))
	for i, in := range imp {
		names[i] = columnName(tr, in.Input)
		width = max(width, utf8.RuneCountInString(names[i]))
	}
	for i, in := range imp {
		fmt.Fprintf(w, "  %-*s  "+format+"\n", width, names[i], in.Mean, in.Std)
	}
	return nil
}

// meanAUC returns the area under the ROC curve of the probabilities P of the rows of known
// classes class (bench.AUC): of class 1's probability for two classes; for more, each class's
// probability against the rest, averaged over the classes with rows of both kinds (scikit-
// learn's one-vs-rest macro average), with words saying so. NaN where no class has both.
func meanAUC(P [][]float64, class []int, classes int) (float64, string) {
	score, pos := make([]float64, len(P)), make([]bool, len(P))
	auc := func(c int) float64 {
		for i, p := range P {
			score[i], pos[i] = p[c], class[i] == c
		}
		return bench.AUC(score, pos)
	}
	if classes == 2 {
		return auc(1), ""
	}
	var sum float64
	n := 0
	for c := range classes {
		if v := auc(c); !math.IsNaN(v) {
			sum, n = sum+v, n+1
		}
	}
	if n == 0 {
		return math.NaN(), ""
	}
	return sum / float64(n), fmt.Sprintf(" (each class against the rest, the mean over %s)", words.Count(n, "class"))
}

// confusion prints the confusion matrix cm ([true][predicted], the first c of names the
// model's classes, the rest test labels it was not trained on) in columns of the given width,
// with each true class's recall (the share of its rows labelled right) and each label's
// precision (the share of the rows it was given that are of its class).
func confusion(w io.Writer, cm [][]int, names []string, c, width int) {
	lw := max(width, len("precision")) // the rows' names
	fmt.Fprintf(w, "confusion matrix (rows: true class and its recall; columns: predicted):\n")
	fmt.Fprintf(w, "  %*s", lw, "")
	for _, name := range names[:c] {
		fmt.Fprintf(w, "  %*s", width, name)
	}
	fmt.Fprintf(w, "  %*s\n", width, "recall")
	given := make([]int, c)
	for i, r := range cm {
		fmt.Fprintf(w, "  %*s", lw, names[i])
		rows := 0
		for j, n := range r {
			fmt.Fprintf(w, "  %*d", width, n)
			rows += n
			given[j] += n
		}
		right := 0
		if i < c {
			right = r[i]
		}
		if rows == 0 {
			fmt.Fprintf(w, "  %*s\n", width, "-")
			continue
		}
		fmt.Fprintf(w, "  %*.3f\n", width, float64(right)/float64(rows))
	}
	fmt.Fprintf(w, "  %*s", lw, "precision")
	for j, n := range given {
		if n == 0 {
			fmt.Fprintf(w, "  %*s", width, "-")
			continue
		}
		fmt.Fprintf(w, "  %*.3f", width, float64(cm[j][j])/float64(n))
	}
	fmt.Fprintln(w)
}

// sizeTable prints the estimated error against model size that the model recorded, so
// that a user can see what a smaller or larger model would cost.
func sizeTable(w io.Writer, m *model.Model) {
	t := m.Training
	errs := t.LOOErrors
	if len(errs) == 0 {
		if len(t.LOOCurve) > 0 {
			parts := make([]string, len(t.LOOCurve))
			for i, v := range t.LOOCurve {
				parts[i] = fmt.Sprintf("%.4g", v)
			}
			fmt.Fprintf(w, "LOO curve (%s, per term): %s\n", t.Criterion, strings.Join(parts, " "))
		}
		return
	}
	fmt.Fprintf(w, "estimated error against model size (%s; * the size selected):\n", estimateName(m))
	var sizes []int
	for n := 1; n <= len(errs); {
		sizes = append(sizes, n)
		n = max(n+1, n*5/4)
	}
	if t.Chosen == 0 { // no Gaussian node (the class map on the inputs' terms): the model's estimate
		fmt.Fprintf(w, "  *%5d nodes  %s\n", 0, formatError(m, t.LOOError))
	}
	if t.Chosen > 0 && !slices.Contains(sizes, t.Chosen) {
		sizes = append(sizes, t.Chosen)
		slices.Sort(sizes)
	}
	for _, n := range sizes {
		if n > len(errs) {
			continue
		}
		mark := " "
		if n == t.Chosen {
			mark = "*"
		}
		word := "nodes"
		if n == 1 {
			word = "node "
		}
		fmt.Fprintf(w, "  %s%5d %s  %s\n", mark, n, word, formatError(m, errs[n-1]))
	}
	if t.Refined > 0 { // the curve is the selection's, before it
		fmt.Fprintf(w, "  (the selected nodes were then refined jointly: %s %s)\n", estimateName(m), formatError(m, t.LOOError))
	}
	switch n := m.Size(); {
	case strings.Contains(t.Chose, model.RVMChose):
		fmt.Fprintf(w, "  (the model is the relevance vector machine of %d nodes that did better out of fold than this selection)\n", n)
	case strings.Contains(t.Chose, model.LinearChose):
		fmt.Fprintf(w, "  (the model is the logistic regression on the inputs, one linear node, that did about as well out of fold as this selection of %d nodes)\n", t.Chosen)
	case strings.Contains(t.Chose, model.RidgeChose):
		fmt.Fprintf(w, "  (the model is the ridge regression on the inputs, one linear node, that did as well or better out of fold than this selection of %d nodes)\n", t.Chosen)
	case strings.Contains(t.Chose, model.QuadLogisticChose):
		fmt.Fprintf(w, "  (the model is the logistic regression on the inputs, their squares and products, two quadratic nodes, that did better out of fold than this selection of %d nodes: %s %s)\n", t.Chosen, estimateName(m), formatError(m, t.LOOError))
	case strings.Contains(t.Chose, model.QuadraticChose):
		fmt.Fprintf(w, "  (the model is the classes' quadratic discriminant, %d quadratic nodes, that did better out of fold than this selection of %d nodes: %s %s)\n", n, t.Chosen, estimateName(m), formatError(m, t.LOOError))
	case strings.Contains(t.Chose, model.ResizedChose):
		fmt.Fprintf(w, "  (the size selected is below the size rule's, as a class map with terms of the inputs did as well with them out of fold: %s %s)\n", estimateName(m), formatError(m, t.LOOError))
	case n < t.Chosen:
		fmt.Fprintf(w, "  (of the %d nodes selected, the evidence pruning kept %d)\n", t.Chosen, n)
	}
}

// checkTestLabels checks, before training, that the labels of a test table suit the model the
// training table will give: known classes for a classification, numbers for a regression.
func checkTestLabels(tr, te *dataset.Table, opt sparsekernel.Options, label int) error {
	if te.Labels == nil {
		return fmt.Errorf("%s: no label column: eval needs the test labels (use predict to label new data)", te.Source)
	}
	if taskOf(tr, opt) == model.Regression {
		_, err := dataset.Numeric(te)
		return err
	}
	// A test label of a class the training data lack is counted wrong (unseenNote), but a
	// column of none of them, not named by -label, is not a label column (implicitLabels).
	if _, classes, err := dataset.Classes(tr.Labels); err == nil {
		return implicitLabels(classes, te, label)
	}
	return nil
}

// noteOverlap notes on w how many rows of the test table te have the inputs of a row of the
// training table tr, where tr's own rows are distinct but for at most one in a hundred (data
// of few distinct rows, such as categories only, repeat themselves anyway), or where te's rows
// are tr's, row for row: the same file given twice, or splits that overlap, whose test error
// is not that of new data.
func noteOverlap(w io.Writer, tr, te *dataset.Table) {
	seen := make(map[string]bool, len(tr.X))
	keys := make([]string, len(tr.X))
	repeats := 0
	for i, x := range tr.X {
		keys[i] = rowKey(x, tr.Levels)
		if seen[keys[i]] {
			repeats++
		}
		seen[keys[i]] = true
	}
	both, same := 0, len(te.X) == len(tr.X)
	for i, x := range te.X {
		k := rowKey(x, te.Levels)
		if seen[k] {
			both++
		}
		same = same && k == keys[i]
	}
	if both > 0 && (100*repeats <= len(tr.X) || same) {
		fmt.Fprintf(w, "note: %s: %d of its %s have the inputs of a training row (the same file twice, or overlapping splits?): the test error on them is not that of new data\n",
			te.Source, both, words.Count(len(te.X), "row"))
	}
}

// rowKey is a key of the inputs x, a categorical input's by its category's name in levels.
func rowKey(x []float64, levels [][]string) string {
	var b strings.Builder
	for j, v := range x {
		if j < len(levels) && levels[j] != nil && !math.IsNaN(v) {
			b.WriteString(strconv.Quote(levels[j][int(v)]))
		} else {
			b.WriteString(strconv.FormatUint(math.Float64bits(v), 16))
		}
		b.WriteByte(',')
	}
	return b.String()
}

// crossValidate runs eval -cv: the K-fold cross-validation of the whole training on one data
// file, printed once every fold has been fitted (an error prints nothing on stdout).
func crossValidate(args []string, k int, out string, df *dataFlags, ff *fitFlags, stdout, stderr io.Writer) error {
	switch {
	case len(args) != 1:
		return usagef("-cv: want one data file, got %s", words.Count(len(args), "argument"))
	case k < 2:
		return usagef("-cv %d: want 2 folds or more", k)
	case out != "":
		return usagef("-cv: no model is saved (each fold's is discarded); train on the whole file to save one")
	}
	opt, err := ff.options()
	if err != nil {
		return err
	}
	df.folds = true
	t, err := trainingTable(df, opt, args[0], stderr)
	if err != nil {
		return err
	}
	if k > len(t.X) {
		return usagef("-cv %d: %s has %d rows, fewer than the folds", k, t.Source, len(t.X))
	}
	task := taskOf(t, opt)
	var y []float64
	if task == model.Regression {
		if y, err = dataset.Numeric(t); err != nil {
			return err
		}
	}
	if task == model.Classification {
		warnRareClasses(stderr, t)
	}
	opt.Categories = t.Levels
	src, err := bench.NewFoldSource(t.Source, t.X, t.Labels, y, task, k, opt.Seed)
	if err != nil {
		return err
	}
	opt.Task = task
	cfg := bench.Config{Options: opt, Workers: ff.workers}
	r, err := runBench(src, cfg, stderr, "cross-validation ("+methodOrDefault(opt)+")", "folds", !ff.quiet)
	if err != nil {
		return err
	}
	unit, format := "% misclassified", func(v float64) string { return fmt.Sprintf("%.2f", v) }
	if r.Metric == bench.MSE {
		unit, format = " MSE", num
	}
	fmt.Fprintf(stdout, "%d-fold cross-validation of %s on %s (seed %d), test error per fold (%s):\n", k, r.Method, t.Source, opt.Seed, strings.TrimSpace(unit))
	for _, p := range r.PerRealisation {
		line := fmt.Sprintf("  fold %2d: %8s  %3d %s", p.Index+1, format(p.TestError), p.Size, words.Noun(p.Size, "node"))
		switch {
		case p.Failed != "":
			line += "  (no model: " + p.Failed + "; the trivial rule's error)"
		case p.Tau > 0:
			line += fmt.Sprintf("  tau %.4g", p.Tau)
		}
		if p.Unseen > 0 {
			line += fmt.Sprintf("  (%d %s of a class its training part lacks: counted wrong)", p.Unseen, "row"+plural(p.Unseen))
		}
		fmt.Fprintln(stdout, line)
	}
	fmt.Fprintf(stdout, "mean: %s +- %s%s, %.1f +- %.1f nodes", format(r.TestErrorMean), format(r.TestErrorStd), unit, r.SizeMean, r.SizeStd)
	if b := r.PooledBalancedError(); task == model.Classification && !math.IsNaN(b) {
		fmt.Fprintf(stdout, ", balanced error %.2f%% (of the folds' predictions together)", b)
	}
	if mse, mae, r2 := r.PooledRegression(); task == model.Regression && !math.IsNaN(mse) {
		fmt.Fprintf(stdout, "; the folds' predictions together: MSE %s, RMSE %s, MAE %s", format(mse), format(math.Sqrt(mse)), format(mae))
		if !math.IsNaN(r2) {
			fmt.Fprintf(stdout, ", R^2 %.4f", r2)
		}
	}
	if r.TestLogLossMean > 0 {
		fmt.Fprintf(stdout, ", log-loss %.4f, Brier score %.4f", r.TestLogLossMean, r.TestBrierMean)
	}
	fmt.Fprintln(stdout)
	return nil
}

// warnRareClasses warns of the classes of t with one row: the fold that holds it trains
// without it, and its model cannot predict that row. (The folds are dealt class by class, so
// that the rows of a class with fewer rows than folds are in different folds, and every
// training part has all but one of them.)
func warnRareClasses(w io.Writer, t *dataset.Table) {
	idx, classes, err := dataset.Classes(t.Labels) // the classes a model would have
	if err != nil {
		return // training reports it
	}
	count := make([]int, len(classes))
	for _, c := range idx {
		count[c]++
	}
	for c, n := range count {
		if n == 1 {
			fmt.Fprintf(w, "warning: class %q has one row: the fold that holds it trains without it and counts the row as an error\n", classes[c])
		}
	}
}
