// Package bench runs a method over the realisations of a benchmark (the protocol of
// docs/REPRODUCTION.md): train on each training split, measure on its test split, and
// summarise. A benchmark is a folder of realisations (FolderSource), a generated problem
// (Generated) or the k folds of one data set (FoldSource, a cross-validation). Realisations run
// in parallel; realisation k always uses seed Options.Seed + k, so the results do not depend on
// the number of workers.
package bench

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/calibrate"
	"github.com/sparsekernel/sparsekernel/internal/version"
	"github.com/sparsekernel/sparsekernel/model"
)

// Metric names how test error is measured.
const (
	ErrorPercent = "error%" // percentage of misclassified test points
	MSE          = "mse"    // mean squared error
	NRMSE        = "nrmse"  // root mean squared error divided by the standard deviation of the test targets
)

// Split is one side of a realisation. A classification split holds Labels (any two distinct
// strings); a regression split holds Y.
type Split struct {
	X      [][]float64
	Labels []string
	Y      []float64
}

// Source provides a benchmark's realisations.
type Source interface {
	Name() string
	Len() int
	Task() model.Task
	Metric() string
	Split(k int) (train, test Split, err error)
}

// Config says what to run.
type Config struct {
	// Options are passed to sparsekernel.Fit for every realisation (Seed offset by the
	// realisation index, Workers set to 1: parallelism is across realisations). An empty
	// Task is taken from the source.
	Options sparsekernel.Options
	// Realisations runs K realisations (0: all from First on), starting at realisation
	// First (0-based): develop on some realisations, report others.
	Realisations int
	First        int
	// Workers is the number of realisations fitted at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, if set, is called after each realisation with the number done and the total.
	Progress func(done, total int)
	// Command is recorded in Result.Run (the command line that asked for the run).
	Command string
}

// Realisation is the outcome on one realisation.
type Realisation struct {
	Index       int     `json:"index"`
	TestError   float64 `json:"test_error"` // in the unit of Result.Metric
	Size        int     `json:"size"`
	Evaluations int     `json:"evaluations"`
	Seconds     float64 `json:"seconds"` // fit time
	Tau         float64 `json:"tau,omitempty"`
	Gamma       float64 `json:"gamma,omitempty"`
	Width       float64 `json:"width,omitempty"`
	// Chose is the model's one-line account of what it chose (model.Training.Chose).
	Chose   string `json:"chose,omitempty"`
	classes int
	scored  bool              // LogLoss and Brier hold the probabilities' scores (a calibrated model's, or the trivial rule's)
	recall  map[string][2]int // classification: per true class, its test rows and those labelled right
	truth   []float64         // regression: the test targets
	outputs [][]float64       // regression: the model's outputs at them (a value each)
	// The model's LOO curve: the selection criterion and the LOO error after each term, and
	// the number of terms kept (model.Training).
	Criterion string    `json:"criterion,omitempty"`
	LOOCurve  []float64 `json:"loo_curve,omitempty"`
	LOOErrors []float64 `json:"loo_errors,omitempty"`
	Chosen    int       `json:"chosen,omitempty"`
	LOOError  float64   `json:"loo_error"`
	// Failed, when set, says why the method returned no model (it found nothing better than
	// the trivial rule); TestError is then the trivial rule's (the training split's most
	// frequent class, or its mean) and Size 0.
	Failed string `json:"failed,omitempty"`
	// LogLoss and Brier are the test log-loss and Brier score of the model's class
	// probabilities (classifiers with a calibration), or of the trivial rule's (the training
	// split's class frequencies) where the fit Failed.
	LogLoss float64 `json:"test_logloss,omitempty"`
	Brier   float64 `json:"test_brier,omitempty"`
	// Unseen counts the test rows of a class the training split lacks (a cross-validation's
	// fold when a class has fewer rows than folds, or a random split that put a small class
	// wholly in the test part), each counted as an error.
	Unseen int `json:"unseen,omitempty"`
	// BalancedError is a classifier's balanced error % on the test rows (BalancedError).
	BalancedError float64 `json:"test_balanced_error,omitempty"`
}

// Result summarises a benchmark run. Its JSON form is what `sparsekernel bench -json` prints.
type Result struct {
	Dataset         string  `json:"dataset"`
	Method          string  `json:"method"`
	Task            string  `json:"task"`
	Metric          string  `json:"metric"`
	Classes         int     `json:"classes,omitempty"` // classification: the number of classes
	Realisations    int     `json:"realisations"`
	TestErrorMean   float64 `json:"test_error_mean"`
	TestErrorStd    float64 `json:"test_error_std"`
	SizeMean        float64 `json:"size_mean"`
	SizeStd         float64 `json:"size_std"`
	EvaluationsMean float64 `json:"evaluations_mean"`
	FitSecondsMean  float64 `json:"fit_seconds_mean"`
	WallSeconds     float64 `json:"wall_seconds"`
	// Run records how the result was produced, so that a report can say.
	Run RunInfo `json:"run"`
	// TestLogLossMean and TestBrierMean average the realisations' probability scores (0 when
	// the models have no calibration).
	TestLogLossMean float64 `json:"test_logloss_mean,omitempty"`
	TestLogLossStd  float64 `json:"test_logloss_std,omitempty"`
	TestBrierMean   float64 `json:"test_brier_mean,omitempty"`
	// TestBalancedErrorMean averages the realisations' balanced errors (classification).
	TestBalancedErrorMean float64 `json:"test_balanced_error_mean,omitempty"`
	// Failures counts the realisations whose fit failed with sparsekernel.ErrNoSignal.
	Failures int `json:"failures,omitempty"`
	// Unseen counts the test rows, over all realisations, of a class their training split
	// lacks (Realisation.Unseen).
	Unseen         int           `json:"unseen,omitempty"`
	PerRealisation []Realisation `json:"per_realisation"`
}

// RunInfo records what produced a Result: the software, the machine, the options and seed.
type RunInfo struct {
	Version string               `json:"version"`
	Started time.Time            `json:"started"`
	GOOS    string               `json:"goos"`
	GOARCH  string               `json:"goarch"`
	CPUs    int                  `json:"cpus"`
	Workers int                  `json:"workers"`
	Seed    uint64               `json:"seed"`
	Options sparsekernel.Options `json:"options"`
	// Command is the command line, when the caller sets Config.Command.
	Command string `json:"command,omitempty"`
}

// Run benchmarks cfg.Options.Method on the source's realisations.
func Run(src Source, cfg Config) (*Result, error) {
	start := time.Now()
	switch {
	case src == nil:
		return nil, errors.New("no benchmark source")
	case cfg.First < 0 || cfg.Realisations < 0:
		return nil, fmt.Errorf("%s: realisations %d from %d: want 0 or more from 0 or more", src.Name(), cfg.Realisations, cfg.First)
	}
	if src.Len() == 0 {
		return nil, fmt.Errorf("%s: no realisations to run (a benchmark folder lists them in train.csv and test.csv, a line each; for a data file with no split, use eval -cv)", src.Name())
	}
	total := src.Len() - cfg.First
	if total <= 0 {
		return nil, fmt.Errorf("%s: no realisations from %d on (it has %d)", src.Name(), cfg.First+1, src.Len())
	}
	if cfg.Realisations > 0 {
		total = min(total, cfg.Realisations)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	opt := cfg.Options
	switch {
	case opt.Task == "":
		opt.Task = src.Task()
	case opt.Task != src.Task():
		return nil, fmt.Errorf("%s: the task asked for is %s, but the benchmark is a %s", src.Name(), opt.Task, src.Task())
	}
	if opt.Task == model.Regression && (opt.BalanceClasses || len(opt.ClassWeights) > 0) {
		return nil, fmt.Errorf("%s: class weights are for classes, and the benchmark is a regression", src.Name())
	}
	if opt.Method == "" {
		opt.Method = sparsekernel.Auto
	}
	for _, m := range sparsekernel.Methods {
		switch {
		case m.Name != opt.Method:
		case opt.Task == model.Regression && !m.Regression:
			return nil, fmt.Errorf("%s: the benchmark is a regression, and %s is for classification; use another method (auto)", src.Name(), m.Name)
		case opt.Task == model.Classification && !m.Classification:
			return nil, fmt.Errorf("%s: the benchmark is a classification, and %s is for regression; use another method (auto)", src.Name(), m.Name)
		}
	}
	out := make([]Realisation, total)
	errs := make([]error, total)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	jobs := make(chan int)
	for range min(workers, total) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				out[k], errs[k] = one(src, cfg.First+k, opt)
				if cfg.Progress != nil {
					mu.Lock()
					done++
					cfg.Progress(done, total)
					mu.Unlock()
				}
			}
		}()
	}
	for k := range total {
		jobs <- k
	}

	close(jobs)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	r := &Result{
		Run: RunInfo{Version: version.String(), Started: start.UTC(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH,
			CPUs: runtime.NumCPU(), Workers: workers, Seed: opt.Seed, Options: opt, Command: cfg.Command},
		Dataset:        src.Name(),
		Method:         opt.Method,
		Task:           string(opt.Task),
		Metric:         src.Metric(),
		Realisations:   total,
		PerRealisation: out,
	}
	errv, size, evals, secs, bal := make([]float64, total), make([]float64, total), make([]float64, total), make([]float64, total), make([]float64, total)
	for i, o := range out {
		errv[i], size[i], evals[i], secs[i], bal[i] = o.TestError, float64(o.Size), float64(o.Evaluations), o.Seconds, o.BalancedError
		if o.Failed != "" {
			r.Failures++
		}
		r.Unseen += o.Unseen
		r.Classes = max(r.Classes, o.classes)
	}
	r.TestErrorMean, r.TestErrorStd = MeanStd(errv)
	if opt.Task == model.Classification {
		r.TestBalancedErrorMean, _ = MeanStd(bal)
	}
	// The probabilities' scores where every realisation has them (a model without a calibration
	// has none; a failed fit, the trivial rule's): a score of 0 is not averaged in for none.
	if !slices.ContainsFunc(out, func(o Realisation) bool { return !o.scored }) {
		ll, br := make([]float64, total), make([]float64, total)
		for i, o := range out {
			ll[i], br[i] = o.LogLoss, o.Brier
		}
		r.TestLogLossMean, r.TestLogLossStd = MeanStd(ll)
		r.TestBrierMean, _ = MeanStd(br)
	}
	r.SizeMean, r.SizeStd = MeanStd(size)
	r.EvaluationsMean, _ = MeanStd(evals)
	r.FitSecondsMean, _ = MeanStd(secs)
	r.WallSeconds = time.Since(start).Seconds()
	return r, nil
}

func one(src Source, k int, opt sparsekernel.Options) (Realisation, error) {
	opt.Seed += uint64(k)
	opt.Workers = 1
	unit := "realisation" // unless the source names them otherwise (FoldSource: folds)
	if u, ok := src.(interface{ Unit() string }); ok {
		unit = u.Unit()
	}
	where := fmt.Sprintf("%s: %s %d", src.Name(), unit, k+1)
	if w, ok := src.(interface{ Where(int) string }); ok {
		if at := w.Where(k); at != "" {
			where += " (" + at + ")"
		}
	}
	train, test, err := src.Split(k)
	if err != nil {
		return Realisation{}, fmt.Errorf("%s: %w", where, err)
	}
	var (
		m      *model.Model
		target []float64
		unseen int // test rows of a class the training split lacks (-1 in target)
	)
	if opt.Task == model.Classification {
		opt.ClassWeights = splitWeights(opt.ClassWeights, train.Labels, test.Labels)
		m, err = sparsekernel.FitLabels(train.X, train.Labels, opt)
		if err == nil {
			// A class of fewer rows than folds, or a small class that a random split put
			// wholly in the test part: its rows are counted wrong, as a classifier that
			// never saw the class would get them.
			var idx []int
			idx, unseen = dataset.IndicesKnown(test.Labels, m.Classes)
			target = make([]float64, len(idx))
			for i, c := range idx {
				target[i] = float64(c)
			}
		}
	} else {
		m, err = sparsekernel.Fit(train.X, train.Y, opt)
		target = test.Y
	}
	if errors.Is(err, sparsekernel.ErrNoSignal) {
		// The method found nothing better than the trivial rule and said so: score that rule.
		r := Realisation{Index: k, TestError: trivialScore(train, test, src.Metric()), Failed: err.Error()}
		if opt.Task == model.Classification {
			r.recall = recallCounts(test.Labels, slices.Repeat([]string{majority(train.Labels)}, len(test.Labels)))
			r.BalancedError = balancedError(r.recall)
			r.LogLoss, r.Brier = trivialProbabilityScores(train.Labels, test.Labels)
			r.scored = true
		} else {
			mean, _ := MeanStd(train.Y)
			r.truth, r.outputs = test.Y, slices.Repeat([][]float64{{mean}}, len(test.Y))
		}
		return r, nil
	}
	if err != nil {
		return Realisation{}, fmt.Errorf("%s: %w", where, err)
	}
	if err := checkTargets(m, test.X, target, src.Metric()); err != nil {
		return Realisation{}, fmt.Errorf("%s: test data: %w", where, err)
	}
	F, err := m.Decisions(test.X) // (once, for every score below)
	if err != nil {
		return Realisation{}, fmt.Errorf("%s: test data: %w", where, err)
	}
	score := scoreOf(F, target, src.Metric()) // an unseen class's rows count wrong
	var logLoss, brier, balanced float64
	var recall map[string][2]int
	if opt.Task == model.Classification {
		labels := make([]string, len(F))
		for i, f := range F {
			labels[i] = m.Classes[model.Class(f)]
		}
		recall = recallCounts(test.Labels, labels)
		balanced = balancedError(recall)
	}
	var truth []float64
	var outputs [][]float64
	if m.Task == model.Regression {
		truth, outputs = target, F
	}
	if m.Calibration != nil {
		if logLoss, brier, err = probabilityScores(m, F, target); err != nil {
			return Realisation{}, fmt.Errorf("%s: test data: %w", where, err)
		}
	}
	return Realisation{
		Index:       k,
		TestError:   score,
		Unseen:      unseen,
		Size:        m.Size(),
		Evaluations: m.Training.Evaluations,
		Seconds:     m.Training.Seconds,
		Tau:         m.Training.Tau,
		Gamma:       m.Training.Gamma,
		Width:       m.Training.Width,
		Chose:       m.Training.Chose,
		classes:     len(m.Classes),
		Criterion:   m.Training.Criterion,
		LOOCurve:    m.Training.LOOCurve,
		LOOErrors:   m.Training.LOOErrors,
		Chosen:      m.Training.Chosen,
		LOOError:    m.Training.LOOError,
		LogLoss:     logLoss,
		Brier:       brier,
		scored:      m.Calibration != nil,
		recall:      recall,
		truth:       truth,
		outputs:     outputs,

		BalancedError: balanced,
	}, nil
}

// splitWeights returns the class weights of a split's fit: weights, less those of classes that
// its training labels lack and its test labels hold (a small class that a fold or a random
// split put wholly in the test part: its rows are counted wrong, weighted or not). A weight
// for a class neither holds is left for the fit to refuse, as a typo would be.
func splitWeights(weights map[string]float64, train, test []string) map[string]float64 {
	if len(weights) == 0 {
		return weights
	}
	out := make(map[string]float64, len(weights))
	for name, w := range weights {
		in := func(labels []string) bool { // (matched as test labels are: by name, or by value)
			idx, _ := dataset.IndicesKnown([]string{name}, labels)
			return idx[0] >= 0
		}
		if !in(train) && in(test) {
			continue
		}
		out[name] = w
	}
	return out
}

// ProbabilityScores returns the log-loss and Brier score of m's class probabilities on X,
// whose classes (indices into m.Classes) are target. A row of a class the model does not
// have (-1) gives its class the probability 0: the log-loss's largest term (calibrate.LogLoss
// clips at 1e-15) and a Brier term of 1 plus the squares of the probabilities it got.
func ProbabilityScores(m *model.Model, X [][]float64, target []float64) (logLoss, brier float64, err error) {
	if err := checkTargets(m, X, target, ErrorPercent); err != nil {
		return 0, 0, err
	}
	F, err := m.Decisions(X)
	if err != nil {
		return 0, 0, err
	}
	return probabilityScores(m, F, target)
}

// ProbabilityScoresOf is ProbabilityScores on the model's decision values f at the rows (f[r]
// those of row r, as m.Decisions gives them), for a caller that has them already.
func ProbabilityScoresOf(m *model.Model, f [][]float64, target []float64) (logLoss, brier float64, err error) {
	if err := checkDecisions(m, f, target, ErrorPercent); err != nil {
		return 0, 0, err
	}
	return probabilityScores(m, f, target)
}

// probabilityScores is ProbabilityScores on the model's decisions f at the rows.
func probabilityScores(m *model.Model, f [][]float64, target []float64) (logLoss, brier float64, err error) {
	var P [][]float64
	var class []int
	for i, v := range f {
		p := make([]float64, len(m.Classes))
		if err := m.Probabilities(p, v); err != nil {
			return 0, 0, err
		}
		if c := int(target[i]); c >= 0 {
			P, class = append(P, p), append(class, c)
			continue
		}
		logLoss -= math.Log(1e-15)
		brier++
		for _, q := range p {
			brier += q * q
		}
	}
	if len(P) > 0 {
		logLoss += calibrate.LogLoss(P, class) * float64(len(P))
		brier += calibrate.Brier(P, class) * float64(len(P))
	}
	return logLoss / float64(len(f)), brier / float64(len(f)), nil
}

// trivialScore returns the test error of the trivial rule fitted on train: the most frequent
// training label, or the training mean.
func trivialScore(train, test Split, metric string) float64 {
	if metric == ErrorPercent {
		best := majority(train.Labels)
		wrong := 0
		for _, l := range test.Labels {
			if l != best {
				wrong++
			}
		}
		return 100 * float64(wrong) / float64(len(test.Labels))
	}
	mean, _ := MeanStd(train.Y)
	var s float64
	for _, y := range test.Y {
		s += (y - mean) * (y - mean)
	}
	s /= float64(len(test.Y))
	if metric == NRMSE {
		_, sd := MeanStd(test.Y)
		return math.Sqrt(s) / sd
	}
	return s
}

// Score measures m on (X, target) with the metric: ErrorPercent (targets are class indices
// into m.Classes, or -1 for a class the model lacks, which counts as an error), MSE or NRMSE
// (targets are values).
func Score(m *model.Model, X [][]float64, target []float64, metric string) (float64, error) {
	if err := checkTargets(m, X, target, metric); err != nil {
		return 0, err
	}
	f, err := m.Decisions(X)
	if err != nil {
		return 0, err
	}
	return scoreOf(f, target, metric), nil
}

// scoreOf is Score on the model's decisions f at the rows (checked by checkTargets).
func scoreOf(f [][]float64, target []float64, metric string) float64 {
	var s float64
	for i, v := range f {
		if metric == ErrorPercent {
			if float64(model.Class(v)) != target[i] {
				s++
			}
		} else {
			s += (v[0] - target[i]) * (v[0] - target[i])
		}
	}
	s /= float64(len(f))
	switch metric {
	case ErrorPercent:
		s *= 100
	case NRMSE:
		_, sd := MeanStd(target)
		s = math.Sqrt(s) / sd
	}
	return s
}

// checkTargets refuses what Score cannot measure: no rows, as many targets as rows, a
// metric of the model's task, targets that are class indices (ErrorPercent) or finite values,
// and for NRMSE targets that vary.
func checkTargets(m *model.Model, X [][]float64, target []float64, metric string) error {
	switch {
	case m == nil:
		return errNoModel
	case len(X) == 0:
		return errors.New("no rows to score")
	case len(target) != len(X):
		return fmt.Errorf("%d rows but %d targets", len(X), len(target))
	}
	switch metric {
	case ErrorPercent:
		if m.Task != model.Classification {
			return fmt.Errorf("metric %s needs a classifier, the model is a %s", metric, m.Task)
		}
		for i, t := range target {
			if !(t >= -1 && t < float64(len(m.Classes))) || t != math.Trunc(t) {
				return fmt.Errorf("target %d is %v, not a class index in [0, %d) or -1", i+1, t, len(m.Classes))
			}
		}
	case MSE, NRMSE:
		if m.Task != model.Regression {
			return fmt.Errorf("metric %s needs a regressor, the model is a %s", metric, m.Task)
		}
		for i, t := range target {
			if math.IsNaN(t) || math.IsInf(t, 0) {
				return fmt.Errorf("target %d is %v", i+1, t)
			}
		}
		if _, sd := MeanStd(target); metric == NRMSE && !(sd > 0) {
			return fmt.Errorf("metric %s needs targets that vary, their standard deviation is %v", metric, sd)
		}
	default:
		return fmt.Errorf("unknown metric %q (want %s, %s or %s)", metric, ErrorPercent, MSE, NRMSE)
	}
	return nil
}

// errNoModel refuses a nil model.
var errNoModel = fmt.Errorf("%w: no model (nil)", model.ErrInvalid)

// recallCounts returns, per true class, its rows and those given its label.
func recallCounts(truth, predicted []string) map[string][2]int {
	out := make(map[string][2]int)
	for i, t := range truth {
		c := out[t]
		c[0]++
		if predicted[i] == t {
			c[1]++
		}
		out[t] = c
	}
	return out
}

// PooledBalancedError returns the balanced error % of the realisations' test rows taken
// together (BalancedError's, on every realisation's predictions at once): for the folds of
// one data set, whose test parts partition it, the cross-validation's balanced error, which
// the mean of the folds' (TestBalancedErrorMean) is not where a fold's test part lacks a
// class. NaN without a classification's counts (a result read from JSON has none).
func (r *Result) PooledBalancedError() float64 {
	pooled := map[string][2]int{}
	for _, p := range r.PerRealisation {
		for t, c := range p.recall {
			pooled[t] = [2]int{pooled[t][0] + c[0], pooled[t][1] + c[1]}
		}
	}
	return balancedError(pooled)
}

// PooledRegression returns the mean squared error, mean absolute error and R^2 (1 - SSE /
// SST, about the pooled targets' mean, as scikit-learn's r2_score computes it) of a
// regression's realisations' test rows taken together: for the folds of one data set, the
// cross-validation's out-of-fold figures. NaN for each without a regression's predictions (a
// classification, or a result read from JSON); R^2 NaN for constant targets.
func (r *Result) PooledRegression() (mse, mae, r2 float64) {
	var truth []float64
	var outputs [][]float64
	for _, p := range r.PerRealisation {
		truth, outputs = append(truth, p.truth...), append(outputs, p.outputs...)
	}
	if len(truth) == 0 || len(outputs) != len(truth) {
		return math.NaN(), math.NaN(), math.NaN()
	}
	return RegressionScoresOf(outputs, truth)
}

// RegressionScoresOf returns the mean squared error, the mean absolute error and R^2 (1 -
// SSE / SST; NaN where the targets are constant) of a regressor's outputs f at rows of targets
// target (f[r] those of row r, as m.Decisions gives them, the value first; as many rows as
// targets, at least one).
func RegressionScoresOf(f [][]float64, target []float64) (mse, mae, r2 float64) {
	mean, _ := MeanStd(target)
	var sst float64
	for i, y := range target {
		e := f[i][0] - y
		mse += e * e
		mae += math.Abs(e)
		sst += (y - mean) * (y - mean)
	}
	n := float64(len(target))
	r2 = math.NaN()
	if sst > 0 {
		r2 = 1 - mse/sst
	}
	return mse / n, mae / n, r2
}

// trivialProbabilityScores returns the log-loss and Brier score on the test labels of the
// trivial rule's probabilities, the training labels' frequencies (a test label the training
// labels lack gets the probability 0, clipped as calibrate.LogLoss clips it).
func trivialProbabilityScores(train, test []string) (logLoss, brier float64) {
	freq := map[string]float64{}
	for _, l := range train {
		freq[l] += 1 / float64(len(train))
	}
	var sq float64 // sum over the classes of p_c^2
	for _, l := range slices.Sorted(maps.Keys(freq)) {
		sq += freq[l] * freq[l]
	}
	for _, l := range test {
		p := freq[l]
		logLoss -= math.Log(max(p, 1e-15))
		brier += sq - 2*p + 1
	}
	return logLoss / float64(len(test)), brier / float64(len(test))
}

// majority returns the most frequent of labels (the first in order on a tie).
func majority(labels []string) string {
	count := map[string]int{}
	best := ""
	for _, l := range labels {
		count[l]++
		if count[l] > count[best] || (count[l] == count[best] && l < best) {
			best = l
		}
	}
	return best
}

// BalancedError returns the balanced error % of predicted labels against the true ones: the
// mean over the classes of the true labels of the share of their rows given another label,
// 100 times one minus scikit-learn's balanced accuracy. It is the error % where every class
// has as many rows, and the mean of the classes' 1 - recall where they do not. It is NaN for
// no rows or slices of different lengths.
func BalancedError(truth, predicted []string) float64 {
	if len(truth) == 0 || len(predicted) != len(truth) {
		return math.NaN()
	}
	return balancedError(recallCounts(truth, predicted))
}

// balancedError returns the balanced error % of recall counts (per true class, its rows and
// those labelled right): the mean over the classes of 1 - recall, NaN for no class.
func balancedError(recall map[string][2]int) float64 {
	if len(recall) == 0 {
		return math.NaN()
	}
	var missed float64
	for _, t := range slices.Sorted(maps.Keys(recall)) { // (in order: the same sum every run)
		missed += 1 - float64(recall[t][1])/float64(recall[t][0])
	}
	return 100 * missed / float64(len(recall))
}

// AUC returns the area under the ROC curve of scores for the rows marked positive against the
// others: the probability that a positive row scores above a negative one, ties counting a
// half (the Mann-Whitney statistic, from the rows' average ranks); NaN without a row of
// either kind, or for slices of different lengths.
func AUC(scores []float64, positive []bool) float64 {
	if len(positive) != len(scores) {
		return math.NaN()
	}
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(scores[a], scores[b]) })
	var rankSum float64 // the positives' ranks (1-based), tied rows sharing their average
	pos := 0
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && scores[order[hi]] == scores[order[lo]] {
			hi++
		}
		rank := float64(lo+hi+1) / 2
		for _, i := range order[lo:hi] {
			if positive[i] {
				rankSum += rank
				pos++
			}
		}
		lo = hi
	}
	neg := len(scores) - pos
	if pos == 0 || neg == 0 {
		return math.NaN()
	}
	return (rankSum - float64(pos)*float64(pos+1)/2) / (float64(pos) * float64(neg))
}

// TestError returns the percentage of misclassified rows (classification, targets class
// indices) or the mean squared error (regression) of m on X.
func TestError(m *model.Model, X [][]float64, target []float64) (float64, error) {
	if m == nil {
		return 0, errNoModel
	}
	if m.Task == model.Classification {
		return Score(m, X, target, ErrorPercent)
	}
	return Score(m, X, target, MSE)
}

// TestErrorOf is TestError on the model's decision values f at the rows (f[r] those of row r,
// as m.Decisions gives them), for a caller that has them already.
func TestErrorOf(m *model.Model, f [][]float64, target []float64) (float64, error) {
	if m == nil {
		return 0, errNoModel
	}
	metric := MSE
	if m.Task == model.Classification {
		metric = ErrorPercent
	}
	if err := checkDecisions(m, f, target, metric); err != nil {
		return 0, err
	}
	return scoreOf(f, target, metric), nil
}

// checkDecisions is checkTargets for decision values f at the rows (a row per row of X), each
// of the model's outputs.
func checkDecisions(m *model.Model, f [][]float64, target []float64, metric string) error {
	if err := checkTargets(m, f, target, metric); err != nil {
		return err
	}
	for i, v := range f {
		if len(v) != m.Outputs() {
			return fmt.Errorf("decision row %d has %d values for the model's %d outputs", i+1, len(v), m.Outputs())
		}
	}
	return nil
}

// MeanStd returns the mean and the sample standard deviation (n-1) of v: NaN and NaN for no
// values, a standard deviation of 0 for one.
func MeanStd(v []float64) (mean, std float64) {
	if len(v) == 0 {
		return math.NaN(), math.NaN()
	}
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	if len(v) < 2 {
		return mean, 0
	}
	for _, x := range v {
		std += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(std / float64(len(v)-1))
}
