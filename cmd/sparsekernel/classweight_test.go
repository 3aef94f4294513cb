package main

import (
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
		{[]string{"=3"}, `"=3": want balanced`, true},
		{[]string{"yes=many"}, `"yes=many": the weight of class "yes" is not a number`, true},
		{[]string{"yes=1", "yes=2"}, `class "yes" weighted twice`, true},
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
	if code != 0 || !regexp.MustCompile(`(?m)^mean: .* nodes, balanced error [0-9.]+%, log-loss`).MatchString(out) {
		t.Errorf("eval -cv: exit %d, stdout %q, stderr %q", code, out, errs)
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
		{[]string{"train", "-class-weight", "balanced", "-class-weight", "orange=2"}, 2, "class weights and balanced classes both set"},
		{[]string{"train", "-label", "1", "-drop", "3", "-class-weight", "balanced"}, 1, "class weights are for classes"},
	} {
		code, _, errs := runCLI(append(tc.args, "-o", filepath.Join(dir, "bad.json"), train)...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d saying %s", tc.args, code, errs, tc.code, tc.want)
		}
	}
}
