package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestClassWeightFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // String() after the flags, or the error's text
		bad  bool
	}{
		{[]string{"balanced"}, "balanced", false},
		{[]string{"yes=5"}, "yes=5", false},
		{[]string{"yes=5,no=0.5"}, "no=0.5,yes=5", false},
		{[]string{"yes=5", "no=2"}, "no=2,yes=5", false},
		{[]string{"a=b=2"}, "a=b=2", false}, // (the last = splits: a class named "a=b")
		{[]string{"yes"}, `"yes": want balanced, or class=weight pairs such as yes=5,no=1`, true},
		{[]string{"=3"}, "no class named before the =", true},
		{[]string{"yes=many"}, `"yes=many": the weight of class "yes" is not a plain decimal number`, true},
		{[]string{"yes=1", "yes=2"}, `class "yes" weighted twice`, true},
		{[]string{"no, thanks=2"}, "no, thanks=2", false},         // a name holding a comma
		{[]string{"a=1,no, thanks=2"}, "a=1,no, thanks=2", false}, // (String lists the names in order)
		{[]string{" spaced =3"}, "spaced=3", false},               // trimmed, as labels are read
		{[]string{"yes=1e-320"}, "yes=1e-320", false},
		{[]string{"yes=2,balanced"}, "balanced is a -class-weight of its own", true},
		{[]string{"balanced", "yes=2"}, "balanced and class=weight pairs both given", true},
		{[]string{"yes=2", "balanced"}, "balanced and class=weight pairs both given", true},
		{[]string{"yes=2,"}, "an empty class=weight pair", true},
		{[]string{"yes=1e400"}, `the weight of class "yes" is beyond float64's range`, true},
		{[]string{"yes=1e-400"}, `the weight of class "yes" is too small for float64`, true},
		{[]string{"yes=1_0"}, "not a plain decimal number", true},
		{[]string{"yes=0x1p4"}, "not a plain decimal number", true},
		{[]string{"yes="}, "not a plain decimal number", true},
		{[]string{" =3"}, "no class named before the =", true},
	} {
		var f classWeightFlag
		var err error
		for _, a := range tc.args {
			if err = f.Set(a); err != nil {
				break
			}
		}
		switch {
		case tc.bad && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: got %v, want an error saying %s", tc.args, err, tc.want)
		case !tc.bad && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case !tc.bad && f.String() != tc.want:
			t.Errorf("%q: %s, want %s", tc.args, f.String(), tc.want)
		}
	}
}

// TestClassWeightCommand trains with -class-weight from the command line: the chose line
// names the weights, predict answers the weighted class more often, and the errors of a bad
// weight and of a regression are usage or fit errors naming the problem.
func TestClassWeightCommand(t *testing.T) {
	train, test := "../../examples/ripley-train.csv", "../../examples/ripley-test.csv"
	dir := t.TempDir()
	count := map[string]int{}
	for _, weight := range []string{"", "orange=3"} {
		m := filepath.Join(dir, "m"+weight+".json")
		args := []string{"train", "-quiet", "-o", m}
		if weight != "" {
			args = append(args, "-class-weight", weight)
		}
		code, out, errs := runCLI(append(args, train)...)
		if code != 0 {
			t.Fatalf("train %s: exit %d: %s", weight, code, errs)
		}
		if weighted := strings.Contains(out, `classes weighted "blue" 1, "orange" 3`); weighted != (weight != "") {
			t.Errorf("train %s: %s", weight, out)
		}
		code, labels, errs := runCLI("predict", m, test)
		if code != 0 {
			t.Fatalf("predict: exit %d: %s", code, errs)
		}
		count[weight] = strings.Count(labels, "orange\n")
	}
	code, out, errs := runCLI("eval", "-quiet", "-cv", "3", "-class-weight", "balanced", train)
	if code != 0 || !regexp.MustCompile(`(?m)^mean: .* nodes, balanced error [0-9.]+% \(of the folds. predictions together\), log-loss`).MatchString(out) {
		t.Errorf("eval -cv: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// Numeric classes are named by value, as LIBSVM's -w1 names class +1; a class of one row
	// is missing from a fold's training part, whose fit ignores its weight.
	svm := filepath.Join(dir, "classes.svm")
	var b strings.Builder
	for i := range 40 {
		label := []string{"+1", "-1"}[i%2]
		if i == 39 {
			label = "2"
		}
		fmt.Fprintf(&b, "%s 1:%d 2:%d\n", label, i%7, i%2)
	}
	if err := os.WriteFile(svm, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI("train", "-quiet", "-class-weight", "1=5,2.0=3", "-o", filepath.Join(dir, "svm.json"), svm)
	if code != 0 || !strings.Contains(out, `classes weighted "-1" 1, "+1" 5, "2" 3`) {
		t.Errorf("train -class-weight 1=5,2.0=3 on classes +1, -1, 2: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = runCLI("eval", "-quiet", "-cv", "5", "-class-weight", "2=3", svm)
	if code != 0 || !strings.Contains(out, "balanced error") {
		t.Errorf("eval -cv with a weighted class of one row: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if count["orange=3"] <= count[""] {
		t.Errorf("orange answered %d times weighted, %d unweighted", count["orange=3"], count[""])
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"train", "-class-weight", "orange=-1"}, 2, `class "orange" weighs -1: want a finite weight above 0`},
		{[]string{"train", "-class-weight", "green=2"}, 1, `a weight for class "green", which the training labels do not hold (classes: "blue", "orange")`},
		{[]string{"train", "-class-weight", "balanced", "-class-weight", "orange=2"}, 2, "balanced and class=weight pairs both given"},
		{[]string{"train", "-label", "1", "-drop", "3", "-class-weight", "balanced"}, 1, "class weights are for classes"},
		{[]string{"train", "-method", "pso", "-paper", "-class-weight", "balanced"}, 2, "the papers' construction of pso (Paper) has none"},
	} {
		code, _, errs := runCLI(append(tc.args, "-o", filepath.Join(dir, "bad.json"), train)...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d saying %s", tc.args, code, errs, tc.code, tc.want)
		}
	}
}
