package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// hintText is an answer to an unknown flag, and the flags of the command it names (given only
// where the command has them all; none for a hint that names another command).
type hintText struct {
	text  string
	needs []string
}

// libsvmHints answers the flags a user of LIBSVM's svm-train and svm-predict (or of
// scikit-learn's SVC) reaches for first, where a command does not define them.
var libsvmHints = map[string]hintText{
	"v":           {"svm-train -v's cross-validation is 'sparsekernel eval -cv N data'", nil},
	"cv":          {"train fits one model; 'sparsekernel eval -cv N data' cross-validates", nil},
	"b":           probaHint,
	"probability": probaHint,
	"proba":       probaHint,
	"c":           costHint,
	"C":           costHint,
	"cost":        costHint,
	"n":           costHint,
	"nu":          costHint,
	"p":           costHint,
	"epsilon":     costHint,
	"e":           costHint,
	"g":           {"the default chooses the Gaussians' width from the data; -tau fixes it (exp(-||z - c||^2 / tau) over standardised inputs: tau = 1/gamma for a gamma on standardised inputs)", []string{"tau"}},
	"t":           {"the default's nodes are Gaussians; -kernel names an LS-SVM's kernel (-method lssvm)", []string{"kernel", "method"}},
	"s":           {"-task classification or -task regression says the task (it is detected from the labels otherwise)", []string{"task"}},
	"q":           {"-quiet silences the progress line", []string{"quiet"}},
	"port":        {"-addr :PORT (or HOST:PORT) says where to listen", []string{"addr"}},
	"host":        addrHint,
	"listen":      addrHint,
}

// Hints shared by several flags: LIBSVM's -b, its -c, -nu, -p and -e, and where to listen.
var (
	probaHint = hintText{"a classifier needs no flag to have probabilities: 'sparsekernel predict -proba' writes them", nil}
	costHint  = hintText{"there is nothing of that kind to set: the default chooses the regularisation, the width and the size from the data; -prefer small or accurate moves its trade-off, -max-terms caps the size",
		[]string{"prefer", "max-terms"}}
	addrHint = hintText{"-addr HOST:PORT says where to listen", []string{"addr"}}
)

// libsvmCommands are the commands whose unknown flags libsvmHints answers: those a user of
// svm-train and svm-predict would give LIBSVM's flags to.
var libsvmCommands = map[string]struct{}{"train": {}, "eval": {}, "predict": {}, "bench": {}, "serve": {}}

// flagHint returns a line that helps with the flag that the parse error err names as not
// defined for the command of fs: another command's way of doing it, LIBSVM's counterpart, or
// a flag of fs of a similar name; "" if none.
func flagHint(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok || name == "" {
		return ""
	}
	_, libsvm := libsvmCommands[fs.Name()]
	if class, ok := strings.CutPrefix(name, "w"); ok && libsvm && fs.Lookup("class-weight") != nil {
		if _, err := strconv.Atoi(class); err == nil { // svm-train's -w1, -w-1: a class's weight
			return fmt.Sprintf("svm-train's -w%s is -class-weight %s=WEIGHT here (or -class-weight balanced)", class, class)
		}
	}
	if h, ok := libsvmHints[name]; ok && libsvm {
		if slices.ContainsFunc(h.needs, func(f string) bool { return fs.Lookup(f) == nil }) {
			return "" // (a hint naming flags this command does not have)
		}
		return h.text
	}
	best, bestD := "", 3
	fs.VisitAll(func(f *flag.Flag) {
		if d := editDistance(strings.ToLower(name), f.Name); d < bestD || (d == bestD && f.Name < best) {
			best, bestD = f.Name, d
		}
	})
	if best == "" || len(name) < 3 || bestD > max(1, len(name)/3) {
		return ""
	}
	return fmt.Sprintf("did you mean -%s?", best)
}

// editDistance returns the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
