package bench

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/folds"
	"github.com/sparsekernel/sparsekernel/internal/seeds"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// FolderSource is a benchmark folder read by dataset.ReadFolder.
type FolderSource struct {
	F    *dataset.Folder
	task model.Task
	why  string
}

// NewFolderSource wraps a folder as a benchmark of the given task, or, if task is "", of the
// folder's own (dataset.Folder.Task: what the command line reads from the labels, text labels,
// two values, or a few integers of at least 5 rows each being classes and other numbers a
// regression target, unless they are integers that could be read either way and its README.md
// declares the other task).
func NewFolderSource(f *dataset.Folder, task model.Task) *FolderSource {
	if task != "" {
		return &FolderSource{F: f, task: task, why: "-task " + string(task)}
	}
	det := f.Task()
	task = model.Classification
	if det.Task == dataset.Regression {
		task = model.Regression
	}
	return &FolderSource{F: f, task: task, why: det.Reason}
}

// Why says why the folder has its task, e.g. "3 distinct integer labels".
func (s *FolderSource) Why() string { return s.why }

// Name returns the folder's base name.
func (s *FolderSource) Name() string { return filepath.Base(filepath.Clean(s.F.Dir)) }

// Where names realisation k's line in the folder's train.csv (dataset.Folder.Where).
func (s *FolderSource) Where(k int) string { return s.F.Where(k) }

// Len returns the number of realisations.
func (s *FolderSource) Len() int { return s.F.Realisations() }

// Task returns the folder's task.
func (s *FolderSource) Task() model.Task { return s.task }

// Metric is the error percentage for classification, the MSE for regression.
func (s *FolderSource) Metric() string { return metricFor(s.task) }

// metricFor returns the metric of a task's data sets: the error percentage for
// classification, the MSE for regression.
func metricFor(task model.Task) string {
	if task == model.Classification {
		return ErrorPercent
	}
	return MSE
}

// Split returns realisation k.
func (s *FolderSource) Split(k int) (train, test Split, err error) {
	if k < 0 || k >= s.Len() || k >= len(s.F.Test) {
		return train, test, fmt.Errorf("realisation %d out of range (%d training and %d test lines)", k+1, len(s.F.Train), len(s.F.Test))
	}
	for _, idx := range [][]int{s.F.Train[k], s.F.Test[k]} {
		for _, i := range idx {
			if i < 0 || i >= len(s.F.X) || i >= len(s.F.Labels) {
				return train, test, fmt.Errorf("realisation %d: row %d out of range (%d rows, %d labels)", k+1, i, len(s.F.X), len(s.F.Labels))
			}
		}
	}
	tr, te := s.F.Split(k)
	train, test = Split{X: tr.X, Labels: tr.Labels}, Split{X: te.X, Labels: te.Labels}
	if s.task == model.Regression {
		if train.Y, err = dataset.Numeric(tr); err == nil {
			test.Y, err = dataset.Numeric(te)
		}
	}
	return train, test, err
}

// Generated is a benchmark the project generates itself; realisation k draws its training data
// from seed k+1 and its test data from a stream derived from it (a grid is the same every time;
// only the method's seed then changes).
type Generated struct {
	name         string
	task         model.Task
	metric       string
	realisations int
	make         func(seed uint64) (train, test synth.Set)
}

// Generators lists the generated benchmarks by name (piecewise and saddle are the test
// functions of Ren and Bai (2011)):
//
//	ripley     two-class Ripley-style mixtures, 250 training and 1000 test points (error %)
//	piecewise  the 1-D function, 100 training and 100 test points, uniform on [-10, 10] (NRMSE)
//	saddle     the 2-D function, a 9x9 training grid and a 40x40 test grid on [-10, 10]^2 (NRMSE)
//
// NRMSE is the test RMSE divided by the standard deviation of the test targets (Ren and Bai do
// not define their normalised RMSE; see docs/REPRODUCTION.md).
var Generators = map[string]func(realisations int) *Generated{
	"ripley": func(n int) *Generated {
		return &Generated{"ripley", model.Classification, ErrorPercent, n, func(seed uint64) (synth.Set, synth.Set) {
			return synth.Ripley(250, seed), synth.Ripley(1000, seeds.Derive(seed, 1, 0))
		}}
	},
	"piecewise": func(n int) *Generated {
		return &Generated{"piecewise", model.Regression, NRMSE, n, func(seed uint64) (synth.Set, synth.Set) {
			return synth.PiecewiseSet(100, seed), synth.PiecewiseSet(100, seeds.Derive(seed, 1, 0))
		}}
	},
	"saddle": func(n int) *Generated {
		return &Generated{"saddle", model.Regression, NRMSE, n, func(uint64) (synth.Set, synth.Set) {
			return synth.SaddleGrid(9), synth.SaddleGrid(40)
		}}
	},
}

// GeneratorNames returns the names of Generators, sorted.
func GeneratorNames() []string {
	var names []string
	for n := range Generators {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Name returns the generator's name.
func (g *Generated) Name() string { return g.name }

// Len returns the number of realisations.
func (g *Generated) Len() int { return g.realisations }

// Task returns the generator's task.
func (g *Generated) Task() model.Task { return g.task }

// Metric returns the generator's metric.
func (g *Generated) Metric() string { return g.metric }

// Split returns realisation k.
func (g *Generated) Split(k int) (train, test Split, err error) {
	if k < 0 || k >= g.realisations {
		return train, test, fmt.Errorf("realisation %d out of range", k+1)
	}
	tr, te := g.make(uint64(k + 1))
	conv := func(s synth.Set) Split {
		sp := Split{X: s.X, Y: s.Y}
		if g.task == model.Classification {
			sp.Labels = make([]string, len(s.Y))
			for i, v := range s.Y {
				sp.Labels[i] = strconv.FormatFloat(v, 'g', -1, 64)
			}
		}
		return sp
	}
	return conv(tr), conv(te), nil
}

// streamCVFolds is the random stream (internal/seeds) of a FoldSource's folds: a purpose the
// fits' own streams (ofs: 1, 2, 10 to 12) do not use.
const streamCVFolds = 20

// FoldSource is a k-fold cross-validation of one labelled data set as a benchmark:
// realisation k trains on the rows outside fold k and is tested on fold k, so that every row
// is tested once, by a model that did not see it (LIBSVM's svm-train -v, scikit-learn's
// cross_val_score).
type FoldSource struct {
	name   string
	task   model.Task
	x      [][]float64
	labels []string
	y      []float64
	fold   []int // fold[i]: the fold of row i
	k      int
}

// NewFoldSource deals the rows of X into k folds from seed (its stream of its own): the rows in
// a random order, grouped by class for a classification (the classes in the order they first
// appear in that order, so that renaming them changes nothing), then dealt round the folds, so
// that every fold holds its share of every class. labels are the rows' labels (classes, or
// the targets as text); y their values for a regression (nil for a classification).
func NewFoldSource(name string, X [][]float64, labels []string, y []float64, task model.Task, k int, seed uint64) (*FoldSource, error) {
	n := len(X)
	switch {
	case len(labels) != n || (task == model.Regression && len(y) != n):
		return nil, fmt.Errorf("%s: %d rows, %d labels, %d targets", name, n, len(labels), len(y))
	case k < 2:
		return nil, fmt.Errorf("%s: %d folds: cross-validation needs at least 2", name, k)
	case k > n:
		return nil, fmt.Errorf("%s: %d folds of %d rows: at most one fold a row", name, k, n)
	}
	var class []string // nil for a regression: no strata
	if task == model.Classification {
		class = labels
	}
	fold := folds.Stratified(n, k, class, seeds.Derive(seed, streamCVFolds, 0))
	return &FoldSource{name: name, task: task, x: X, labels: labels, y: y, fold: fold, k: k}, nil
}

// Name returns the data set's name.
func (s *FoldSource) Name() string { return s.name }

// Len returns the number of folds.
func (s *FoldSource) Len() int { return s.k }

// Task returns the task.
func (s *FoldSource) Task() model.Task { return s.task }

// Metric is the error percentage for classification, the MSE for regression.
func (s *FoldSource) Metric() string { return metricFor(s.task) }

// Unit names the source's realisations in messages: folds.
func (s *FoldSource) Unit() string { return "fold" }

// Split returns fold k as the test split and the other folds as the training split.
func (s *FoldSource) Split(k int) (train, test Split, err error) {
	if k < 0 || k >= s.k {
		return train, test, fmt.Errorf("fold %d out of range (%d folds)", k+1, s.k)
	}
	for i, f := range s.fold {
		sp := &train
		if f == k {
			sp = &test
		}
		sp.X, sp.Labels = append(sp.X, s.x[i]), append(sp.Labels, s.labels[i])
		if s.task == model.Regression {
			sp.Y = append(sp.Y, s.y[i])
		}
	}
	return train, test, nil
}
