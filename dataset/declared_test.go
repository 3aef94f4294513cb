package dataset

import (
	"fmt"
	"strings"
	"testing"
)

func TestDeclaredTask(t *testing.T) {
	for _, tc := range []struct {
		name, readme string
		task         Task
		ok           bool
	}{
		{"regression first", "# boston\n\nRegression: 506 samples, 13 inputs\n", Regression, true},
		{"two classes", "Two-class classification, labels +1 / -1.\n", Classification, true},
		{"a later paragraph", "# glass\n\nGlass identification (UCI).\n\n214 samples x 9 features, 6 classes.\n", Classification, true},
		{"count of classes", "150 samples x 4 features, 3 classes\n", Classification, true},
		{"real values", "# d\n\nDisease progression.\n\n442 samples x 10 features, regression (y.csv: real values).\n", Regression, true},
		{"both in one paragraph, then one", "Classes turned into a regression.\n\nregression\n", Regression, true},
		{"both only", "A regression on the class of a house.\n", 0, false},
		{"neither", "# x\n\nSome numbers.\n", 0, false},
		{"after the introduction", "# x\n\nSome numbers.\n\n## Notes\n\nA regression.\n", 0, false},
		{"a word inside another", "subclassing and progressions\n", 0, false},
		{"empty", "", 0, false},
	} {
		task, ok := declaredTask(tc.readme)
		if ok != tc.ok || (ok && task != tc.task) {
			t.Errorf("%s: got %v, %v; want %v, %v", tc.name, task, ok, tc.task, tc.ok)
		}
	}
}

func TestFolderTask(t *testing.T) {
	var ints, x15 strings.Builder // 15 rows: three integer values of 5 rows each, read as classes
	for i := range 15 {
		fmt.Fprintf(&ints, "%d\n", i%3)
		fmt.Fprintf(&x15, "%d,%d\n", i, i*i%7)
	}
	reals := "0.5\n1.5\n2.5\n3.5\n4.5\n5.5\n"
	for _, tc := range []struct {
		name, y, readme string
		task            Task
		why             string
	}{
		{"no README", "1\n-1\n1\n-1\n1\n-1\n", "", Classification, "2 distinct numeric labels"},
		{"README agrees", "1\n-1\n1\n-1\n1\n-1\n", "Two-class classification.\n", Classification, "2 distinct numeric labels"},
		{"integers declared a regression", ints.String(), "# s\n\nScores, regression.\n", Regression, "README.md declares a regression; the labels alone read as 3 classes, 3 distinct integer labels"},
		{"reals stay a regression target", reals, "6 classes\n", Regression, "numeric labels that are not all integers"},
		{"many integers declared classes", "1\n2\n3\n4\n5\n6\n", "6 classes\n", Classification, "README.md declares classes; the labels alone read as a regression target, 6 distinct integer labels in 6 rows (fewer than 5 rows per value)"},
		{"two values stay classes", "1\n-1\n1\n-1\n1\n-1\n", "As in a logistic regression study.\n", Classification, "2 distinct numeric labels"},
		{"text labels stay classes", "a\nb\nc\na\nb\nc\n", "A regression.\n", Classification, "text labels"},
	} {
		files := map[string]string{"y.csv": tc.y}
		if strings.Count(tc.y, "\n") == 15 {
			files["x.csv"], files["train.csv"], files["test.csv"] = x15.String(), "0,1,2,3,4,5,6,7,8,9\n", "10,11,12,13,14\n"
		}
		if tc.readme != "" {
			files["README.md"] = tc.readme
		}
		f, err := ReadFolder(writeFolder(t, files))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		det := f.Task()
		if det.Task != tc.task || det.Reason != tc.why {
			t.Errorf("%s: got %v (%s); want %v (%s)", tc.name, det.Task, det.Reason, tc.task, tc.why)
		}
		if tc.task == Classification && det.Classes < 2 {
			t.Errorf("%s: %d classes", tc.name, det.Classes)
		}
	}
}

func FuzzDeclaredTask(f *testing.F) {
	f.Add("# boston\n\nRegression: 506 samples\n")
	f.Add("# glass\n\nGlass.\n\n214 samples, 6 classes.\n\n## Source\n")
	f.Fuzz(func(t *testing.T, readme string) {
		task, ok := declaredTask(readme)
		if ok && task != Regression && task != Classification {
			t.Fatalf("task %v", task)
		}
		// What follows the introduction never changes the declaration.
		heading := false
		for l := range strings.Lines(readme) {
			heading = heading || strings.HasPrefix(strings.TrimSpace(l), "##")
		}
		if t2, ok2 := declaredTask(readme + "\n\n## Notes\n\nregression classes\n"); heading && (t2 != task || ok2 != ok) {
			t.Fatalf("a later section changed %v, %v to %v, %v", task, ok, t2, ok2)
		}
	})
}
