package bench

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
)

func TestGenerators(t *testing.T) {
	tests := []struct {
		name              string
		task              model.Task
		metric            string
		trainLen, testLen int
	}{
		{"ripley", model.Classification, ErrorPercent, 250, 1000},
		{"piecewise", model.Regression, NRMSE, 100, 100},
		{"saddle", model.Regression, NRMSE, 81, 1600},
	}
	for _, tc := range tests {
		g := Generators[tc.name](3)
		tr, te, err := g.Split(2)
		if err != nil {
			t.Fatal(err)
		}
		if g.Task() != tc.task || g.Metric() != tc.metric || len(tr.X) != tc.trainLen || len(te.X) != tc.testLen {
			t.Errorf("%s: task %s metric %s, %d/%d points", tc.name, g.Task(), g.Metric(), len(tr.X), len(te.X))
		}
		if (tc.task == model.Classification) != (tr.Labels != nil) {
			t.Errorf("%s: labels %v for task %s", tc.name, tr.Labels != nil, tc.task)
		}
		if _, _, err := g.Split(3); err == nil {
			t.Errorf("%s: realisation 4 of 3 accepted", tc.name)
		}
	}
}

func TestScore(t *testing.T) {
	m := &model.Model{Task: model.Regression, Kernel: model.KernelGaussian, Inputs: 1,
		Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}}, Weights: [][]float64{{}}, Bias: []float64{1}}
	X := [][]float64{{0}, {1}, {2}, {3}}
	y := []float64{1, 3, 1, 3} // predictions are all 1: errors 0, 2, 0, 2
	if got, err := Score(m, X, y, MSE); got != 2 || err != nil {
		t.Errorf("MSE %v (%v), want 2", got, err)
	}
	_, sd := MeanStd(y) // sqrt(4/3)
	if got, _ := Score(m, X, y, NRMSE); math.Abs(got-math.Sqrt(2)/sd) > 1e-15 {
		t.Errorf("NRMSE %v, want %v", got, math.Sqrt(2)/sd)
	}
	m.Task, m.Classes = model.Classification, []string{"a", "b"}
	if got, _ := Score(m, X, []float64{1, 0, 1, 1}, ErrorPercent); got != 25 {
		t.Errorf("error %v%%, want 25%%", got)
	}
	m.Classes = []string{"a", "b", "c"}
	m.Weights, m.Bias = [][]float64{{}, {}, {}}, []float64{0, 2, 1} // always class 1
	if got, _ := Score(m, X, []float64{1, 0, 2, 1}, ErrorPercent); got != 50 {
		t.Errorf("three classes: error %v%%, want 50%%", got)
	}
	if _, err := Score(m, [][]float64{{1, 2}}, []float64{1}, ErrorPercent); err == nil {
		t.Error("wrong input width accepted")
	}
}

// TestScoresOf checks that the scores of decision values a caller has are those of the rows.
func TestScoresOf(t *testing.T) {
	src := Generators["ripley"](1)
	tr, te, err := src.Split(0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := sparsekernel.FitLabels(tr.X, tr.Labels, sparsekernel.Options{})
	if err != nil {
		t.Fatal(err)
	}
	target := make([]float64, len(te.Labels))
	for i, l := range te.Labels {
		target[i] = float64(slices.Index(m.Classes, l))
	}
	f, err := m.Decisions(te.X)
	if err != nil {
		t.Fatal(err)
	}
	e1, err1 := TestError(m, te.X, target)
	e2, err2 := TestErrorOf(m, f, target)
	l1, b1, err3 := ProbabilityScores(m, te.X, target)
	l2, b2, err4 := ProbabilityScoresOf(m, f, target)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || e1 != e2 || l1 != l2 || b1 != b2 || e1 == 0 || l1 == 0 {
		t.Errorf("error %v %v, log-loss %v %v, Brier %v %v (%v %v %v %v)", e1, e2, l1, l2, b1, b2, err1, err2, err3, err4)
	}
	if _, err := TestErrorOf(m, f[1:], target); err == nil {
		t.Error("TestErrorOf: fewer decisions than targets accepted")
	}
	if _, _, err := ProbabilityScoresOf(m, f[1:], target); err == nil {
		t.Error("ProbabilityScoresOf: fewer decisions than targets accepted")
	}
}

func TestRunIndependentOfWorkers(t *testing.T) {
	src := Generators["ripley"](4)
	var results []*Result
	for _, w := range []int{1, 3} {
		r, err := Run(src, Config{Options: sparsekernel.Options{Method: sparsekernel.PSO}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		for i := range r.PerRealisation {
			r.PerRealisation[i].Seconds = 0
		}
		results = append(results, r)
	}
	if !reflect.DeepEqual(results[0].PerRealisation, results[1].PerRealisation) {
		t.Fatal("per-realisation results depend on the number of workers")
	}
	if r := results[0]; r.Realisations != 4 || r.TestErrorMean <= 0 || r.TestErrorMean > 20 {
		t.Errorf("result %+v", r)
	}
}

func TestTrivialScore(t *testing.T) {
	train := Split{Labels: []string{"a", "b", "b"}, Y: []float64{1, 2, 3}}
	test := Split{Labels: []string{"a", "b", "b", "b"}, Y: []float64{2, 2, 4, 0}}
	if got := trivialScore(train, test, ErrorPercent); got != 25 {
		t.Errorf("error %v%%, want 25%% (the majority class b)", got)
	}
	if got := trivialScore(train, test, MSE); got != 2 {
		t.Errorf("MSE %v, want 2 (the mean 2)", got)
	}
}

// TestFoldSource checks the folds of a cross-validation: every row is tested once and trained
// on in the other folds, each class is dealt evenly round the folds (counts differ by at most
// one), the folds follow the seed and not the classes' names, and impossible fold counts are
// refused.
func TestFoldSource(t *testing.T) {
	const n = 53
	X := make([][]float64, n)
	labels, renamed, y := make([]string, n), make([]string, n), make([]float64, n)
	for i := range X {
		X[i] = []float64{float64(i)}
		labels[i] = []string{"a", "b", "b", "c", "c", "c", "c"}[i%7]
		renamed[i] = map[string]string{"a": "z", "b": "a", "c": "m"}[labels[i]]
		y[i] = float64(i) / 2
	}
	testRows := func(s *FoldSource) [][]float64 {
		var rows [][]float64
		for k := range s.Len() {
			tr, te, err := s.Split(k)
			if err != nil {
				t.Fatal(err)
			}
			if len(tr.X)+len(te.X) != n {
				t.Fatalf("fold %d: %d training and %d test rows of %d", k+1, len(tr.X), len(te.X), n)
			}
			var col []float64
			for _, x := range te.X {
				col = append(col, x[0])
			}
			rows = append(rows, col)
		}
		return rows
	}
	for _, tc := range []struct {
		name string
		task model.Task
		k    int
	}{
		{"classes, 5 folds", model.Classification, 5},
		{"classes, 10 folds", model.Classification, 10},
		{"regression, leave one out", model.Regression, n},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var yy []float64
			if tc.task == model.Regression {
				yy = y
			}
			s, err := NewFoldSource("set", X, labels, yy, tc.task, tc.k, 7)
			if err != nil {
				t.Fatal(err)
			}
			rows := testRows(s)
			seen := map[float64]int{}
			for _, col := range rows {
				for _, v := range col {
					seen[v]++
				}
			}
			if len(seen) != n {
				t.Fatalf("%d rows tested, want %d", len(seen), n)
			}
			for v, c := range seen {
				if c != 1 {
					t.Fatalf("row %v tested %d times", v, c)
				}
			}
			if tc.task == model.Classification {
				for _, c := range []string{"a", "b", "c"} {
					lo, hi := n, 0
					for k := range tc.k {
						_, te, _ := s.Split(k)
						m := 0
						for _, l := range te.Labels {
							if l == c {
								m++
							}
						}
						lo, hi = min(lo, m), max(hi, m)
					}
					if hi-lo > 1 {
						t.Errorf("class %s: %d to %d rows a fold", c, lo, hi)
					}
				}
				r, err := NewFoldSource("set", X, renamed, nil, tc.task, tc.k, 7)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.EqualFunc(rows, testRows(r), slices.Equal) {
					t.Error("renaming the classes changed the folds")
				}
			}
			other, _ := NewFoldSource("set", X, labels, yy, tc.task, tc.k, 8)
			if tc.k < n && slices.EqualFunc(rows, testRows(other), slices.Equal) {
				t.Error("seeds 7 and 8 gave the same folds")
			}
		})
	}
	for _, tc := range []struct {
		k      int
		labels []string
		want   string
	}{
		{1, labels, "at least 2"},
		{n + 1, labels, "at most one fold a row"},
		{5, labels[:n-1], "53 rows, 52 labels"},
	} {
		if _, err := NewFoldSource("set", X, tc.labels, nil, model.Classification, tc.k, 1); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d folds, %d labels: error %v, want %q", tc.k, len(tc.labels), err, tc.want)
		}
	}
}

// TestFoldSourceRareClass checks a cross-validation of data with a class of one row: the fold
// that tests it trains without it and counts the row as an error (in its log-loss too).
func TestFoldSourceRareClass(t *testing.T) {
	const n = 41
	X, labels := make([][]float64, n), make([]string, n)
	for i := range n - 1 {
		X[i] = []float64{float64(i % 20)}
		labels[i] = []string{"a", "b"}[boolInt(i%20 >= 10)]
	}
	X[n-1], labels[n-1] = []float64{30}, "rare"
	src, err := NewFoldSource("rare", X, labels, nil, model.Classification, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(src, Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	// A weight for the rare class: the fold whose training part lacks it fits without it.
	if _, err := Run(src, Config{Workers: 1, Options: sparsekernel.Options{ClassWeights: map[string]float64{"rare": 5}}}); err != nil {
		t.Errorf("a weight for a class one fold lacks: %v", err)
	}
	if _, err := Run(src, Config{Workers: 1, Options: sparsekernel.Options{ClassWeights: map[string]float64{"Rare": 5}}}); err == nil || !strings.Contains(err.Error(), `a weight for class "Rare"`) {
		t.Errorf("a weight for a class no split holds: %v, want an error naming it", err)
	}
	unseen := 0
	for _, p := range r.PerRealisation {
		unseen += p.Unseen
		if p.Unseen == 0 {
			continue
		}
		_, te, _ := src.Split(p.Index)
		if min := 100 / float64(len(te.X)); p.TestError < min {
			t.Errorf("fold %d: error %v%%, want at least %v%% (the rare row)", p.Index+1, p.TestError, min)
		}
		if min := -math.Log(1e-15) / float64(len(te.X)); p.LogLoss < min {
			t.Errorf("fold %d: log-loss %v, want at least %v", p.Index+1, p.LogLoss, min)
		}
		// The rare row's class is one of the fold's three, all its rows wrong: a third at least.
		if p.BalancedError < 100.0/3 {
			t.Errorf("fold %d: balanced error %v%%, want at least a third", p.Index+1, p.BalancedError)
		}
	}
	if unseen != 1 {
		t.Errorf("%d rows of an unseen class, want 1", unseen)
	}
}

func TestBalancedError(t *testing.T) {
	for _, tc := range []struct {
		truth, predicted string
		want             float64
	}{
		{"aabb", "aabb", 0},
		{"aabb", "abab", 50},
		{"aaab", "aaaa", 50}, // the error 25 %, one class of two all wrong
		{"aaaaaaaaab", "aaaaaaaaab", 0},
		{"aaaaaaaaab", "baaaaaaaab", 100.0 / 18}, // a ninth of a's rows wrong, b's right
		{"aabbcc", "aabbcx", 100.0 / 6},          // a label no class has counts wrong
		{"abc", "bca", 100},
	} {
		got := BalancedError(strings.Split(tc.truth, ""), strings.Split(tc.predicted, ""))
		if math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s against %s: %v, want %v", tc.predicted, tc.truth, got, tc.want)
		}
	}
}

func TestAUC(t *testing.T) {
	for _, tc := range []struct {
		scores []float64
		pos    string // 1 for a positive row
		want   float64
	}{
		{[]float64{1, 2, 3, 4}, "0011", 1},
		{[]float64{1, 2, 3, 4}, "1100", 0},
		{[]float64{1, 2, 3, 4}, "0101", 0.75},
		{[]float64{1, 1, 1, 1}, "0101", 0.5},           // all tied
		{[]float64{0.2, 0.5, 0.5, 0.9}, "0101", 0.875}, // the tie counts a half
		{[]float64{3, 1, 2}, "100", 1},
		{[]float64{1, 2}, "00", math.NaN()},
	} {
		pos := make([]bool, len(tc.pos))
		for i, c := range tc.pos {
			pos[i] = c == '1'
		}
		got := AUC(tc.scores, pos)
		if !(math.Abs(got-tc.want) < 1e-12 || math.IsNaN(got) && math.IsNaN(tc.want)) {
			t.Errorf("AUC(%v, %s) = %v, want %v", tc.scores, tc.pos, got, tc.want)
		}
		// Against the definition: pairs of a positive and a negative, ties a half.
		var pairs, above float64
		for i := range pos {
			for j := range pos {
				if pos[i] && !pos[j] {
					pairs++
					switch {
					case tc.scores[i] > tc.scores[j]:
						above++
					case tc.scores[i] == tc.scores[j]:
						above += 0.5
					}
				}
			}
		}
		if pairs > 0 && math.Abs(got-above/pairs) > 1e-12 {
			t.Errorf("AUC(%v, %s) = %v, the pairs say %v", tc.scores, tc.pos, got, above/pairs)
		}
	}
}

// TestFolderUnseenClass checks a benchmark folder whose first split puts every row of a
// small class in the test part: the realisation counts them wrong instead of failing the run.
func TestFolderUnseenClass(t *testing.T) {
	dir := t.TempDir()
	var x, y strings.Builder
	for i := range 44 {
		label := []string{"a", "b"}[boolInt(i%20 >= 10)]
		if i >= 40 {
			label = "rare"
		}
		fmt.Fprintf(&x, "%d,%d\n", i%20, i%3)
		fmt.Fprintln(&y, label)
	}
	// Split 1 tests rows 30-43 (all four "rare" rows), split 2 rows 0-13.
	f := writeFolder(t, dir, map[string]string{"x.csv": x.String(), "y.csv": y.String(),
		"train.csv": rowList(0, 30) + "\n" + rowList(14, 44) + "\n", "test.csv": rowList(30, 44) + "\n" + rowList(0, 14) + "\n"})
	r, err := Run(NewFolderSource(f, ""), Config{Workers: 1, Options: sparsekernel.Options{Task: model.Classification}})
	if err != nil {
		t.Fatal(err)
	}
	if p := r.PerRealisation[0]; r.Unseen != 4 || p.Unseen != 4 || p.TestError < 100*4.0/14-1e-9 {
		t.Errorf("split 1: %d unseen rows (run %d), error %v%%; want 4 and at least %v%%", p.Unseen, r.Unseen, p.TestError, 100*4.0/14)
	}
	if p := r.PerRealisation[1]; p.Unseen != 0 {
		t.Errorf("split 2: %d unseen rows, want 0", p.Unseen)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSourceTask checks that a folder's task is what its README.md declares, or what -task
// asks for, and that a task the source cannot serve is an error, not a confusing failure.
func TestSourceTask(t *testing.T) {
	dir := t.TempDir()
	var x, y strings.Builder
	for i := range 40 {
		fmt.Fprintf(&x, "%d,%d\n", i, (i*7)%11)
		fmt.Fprintf(&y, "%d\n", i%4) // four integer values of 10 rows each: classes, read alone
	}
	files := map[string]string{"x.csv": x.String(), "y.csv": y.String(), "train.csv": "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29\n", "test.csv": "30,31,32,33,34,35,36,37,38,39\n"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func() *dataset.Folder {
		f, err := dataset.ReadFolder(dir)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	if s := NewFolderSource(read(), ""); s.Task() != model.Classification || s.Metric() != ErrorPercent {
		t.Errorf("no README: %s (%s), metric %s; want classification", s.Task(), s.Why(), s.Metric())
	}
	if s := NewFolderSource(read(), model.Regression); s.Task() != model.Regression || s.Why() != "-task regression" {
		t.Errorf("-task regression: %s (%s)", s.Task(), s.Why())
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("# scores\n\n40 samples x 2 features, regression.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := NewFolderSource(read(), "")
	if s.Task() != model.Regression || s.Metric() != MSE {
		t.Fatalf("README declaring a regression: %s (%s), metric %s", s.Task(), s.Why(), s.Metric())
	}
	r, err := Run(s, Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Metric != MSE || !(r.TestErrorMean >= 0) {
		t.Errorf("regression run: metric %s, test error %v", r.Metric, r.TestErrorMean)
	}
	_, err = Run(s, Config{Workers: 1, Options: sparsekernel.Options{Task: model.Classification}})
	if err == nil || !strings.Contains(err.Error(), "the task asked for is classification, but the benchmark is a regression") {
		t.Errorf("mismatched task: %v", err)
	}
	_, err = Run(s, Config{Workers: 1, Options: sparsekernel.Options{Method: sparsekernel.LOOMI}})
	if err == nil || !strings.Contains(err.Error(), "the benchmark is a regression, and loomi is for classification") {
		t.Errorf("a classification method on a regression: %v", err)
	}
	// A folder without realisations says where they go.
	for _, name := range []string{"train.csv", "test.csv"} {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	_, err = Run(NewFolderSource(read(), ""), Config{Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "no realisations to run (a benchmark folder lists them in train.csv and test.csv") {
		t.Errorf("no realisations: %v", err)
	}
}

// A realisation whose fit finds nothing (every training input constant) is scored as the
// trivial rule, its probabilities' scores too (the training classes' frequencies), and the
// means of the log-loss and the Brier score take it in whichever realisation it is.
func TestFailedProbabilityScores(t *testing.T) {
	for _, failed := range []int{0, 1} {
		dir := t.TempDir()
		var x, y strings.Builder
		for i := range 120 {
			if i < 20 { // the rows of the failing split's training part: one point
				fmt.Fprintf(&x, "0.5,0.5\n")
			} else {
				fmt.Fprintf(&x, "%g,%g\n", float64(i%10)/10, float64(i%7)/7)
			}
			fmt.Fprintf(&y, "%d\n", 2*(i%2)-1)
		}
		good, bad := rowList(20, 100), rowList(0, 20)
		train := []string{good, good}
		train[failed] = bad
		f := writeFolder(t, dir, map[string]string{"x.csv": x.String(), "y.csv": y.String(),
			"train.csv": strings.Join(train, "\n") + "\n", "test.csv": rowList(100, 120) + "\n" + rowList(100, 120) + "\n"})
		r, err := Run(NewFolderSource(f, ""), Config{Workers: 1, Options: sparsekernel.Options{Task: model.Classification}})
		if err != nil {
			t.Fatal(err)
		}
		p := r.PerRealisation[failed]
		if r.Failures != 1 || p.Failed == "" || math.Abs(p.LogLoss-math.Log(2)) > 1e-12 || math.Abs(p.Brier-0.5) > 1e-12 {
			t.Errorf("failed split %d: %d failures, its log-loss %v and Brier %v; want 1, log 2 and 0.5 (classes half and half)", failed+1, r.Failures, p.LogLoss, p.Brier)
		}
		ll := (r.PerRealisation[0].LogLoss + r.PerRealisation[1].LogLoss) / 2
		if math.Abs(r.TestLogLossMean-ll) > 1e-12 || r.TestBrierMean == 0 {
			t.Errorf("failed split %d: log-loss mean %v, want %v; Brier mean %v", failed+1, r.TestLogLossMean, ll, r.TestBrierMean)
		}
	}
}

// The pooled balanced error counts every class's test rows across the realisations: a fold
// whose test part lacks the rare class does not drop its recall, as the mean of the folds'
// balanced errors does.
func TestPooledBalancedError(t *testing.T) {
	r := &Result{PerRealisation: []Realisation{
		{recall: map[string][2]int{"common": {9, 9}, "rare": {1, 0}}}, // rare missed
		{recall: map[string][2]int{"common": {10, 10}}},               // no rare row
	}}
	// common: 19 of 19 right; rare: 0 of 1: (0 + 1) / 2 = 50 %.
	if got := r.PooledBalancedError(); got != 50 {
		t.Errorf("pooled balanced error %v, want 50", got)
	}
	if got := (&Result{}).PooledBalancedError(); !math.IsNaN(got) {
		t.Errorf("no counts: %v, want NaN", got)
	}
}

// rowList returns the row indices lo to hi-1 as a line of an index file.
func rowList(lo, hi int) string {
	var r []string
	for i := lo; i < hi; i++ {
		r = append(r, strconv.Itoa(i))
	}
	return strings.Join(r, ",")
}

// writeFolder writes files into dir and reads it as a benchmark folder.
func writeFolder(t *testing.T, dir string, files map[string]string) *dataset.Folder {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := dataset.ReadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
