package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

// The cost of an LS-SVM fit, measured on the development machine (2 shared cores, amd64,
// Go 1.26) with lssvm.Evaluator and full fits on Ripley data:
//   - one exact LOO evaluation on N points (a Cholesky factorisation of the N x N system,
//     about N^3/3 flops, and the inverse of its factor) took about 5e-11 N^3 seconds for N
//     from 800 to 3200 (0.027 s at 800, 0.39 s at 2000, 1.5 s at 3200), with one worker or
//     two (two workers gave no speed-up on the shared machine);
//   - a CCA run used 900 to 1,160 evaluations (N = 300, 600, 1000);
//   - the peak resident memory of a fit was 4.5 N^2 float64s with one worker (N = 2000) and
//     5.3 to 5.9 N^2 with two (N = 2000, 3200): every worker holds its own system and factor.
const (
	lssvmSecondsPerN3   = 5e-11
	lssvmCCAEvaluations = 1000
	lssvmWarnSeconds    = 10      // warn about a fit expected to take longer
	lssvmWarnBytes      = 1 << 30 // or to need more memory
	defaultMemoryLimit  = 8 << 30 // when the available memory is unknown
)

// lssvmCost estimates the LOO evaluations, the time and the peak memory of an LS-SVM fit on
// n points.
func lssvmCost(n int, opt sparsekernel.Options) (evaluations int, seconds, bytes float64) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	switch opt.LSSVM.Tuner {
	case "none":
		evaluations = 2 // the fit and its LOO error
	case "sa":
		evaluations = opt.LSSVM.Evaluations + 1
		if opt.LSSVM.Evaluations <= 0 {
			evaluations = 2*lssvmCCAEvaluations + 1 // a CCA run sets the budget
		}
	default:
		evaluations = lssvmCCAEvaluations + 1
	}
	if evaluations <= 2 {
		workers = 1
	}
	N := float64(n)
	return evaluations, float64(evaluations) * lssvmSecondsPerN3 * N * N * N, 8 * N * N * (2.5 + 1.5*float64(workers))
}

// checkLSSVM warns on w before an LS-SVM fit on n points that is expected to be long or large,
// and refuses one whose memory estimate is above limit unless force is set.
func checkLSSVM(w io.Writer, n int, opt sparsekernel.Options, limit float64, force bool) error {
	if opt.Method != sparsekernel.LSSVM {
		return nil
	}
	evals, seconds, bytes := lssvmCost(n, opt)
	what := fmt.Sprintf("lssvm on %d rows: about %d exact LOO evaluations, each a factorisation of a %d x %d system (about %.2g flops)",
		n, evals, n+1, n+1, float64(n)*float64(n)*float64(n)/3)
	if err := overMemory(w, what, bytes, limit, force, ": use method auto (sparse, about linear in the rows), train on a sample"); err != nil {
		return err
	}
	if seconds > lssvmWarnSeconds || bytes > lssvmWarnBytes {
		fmt.Fprintf(w, "warning: %s: expect roughly %s and %s of memory (the time grows as the cube of the rows; method auto is much faster)\n",
			what, formatDuration(roughly(time.Duration(seconds*float64(time.Second)))), words.Bytes(bytes))
	}
	return nil
}

// memoryWarnBytes is the estimated memory of a fit above which the command warns.
const memoryWarnBytes = 2 << 30

// Fits whose memory estimates (sparsekernel.MemoryEstimate) sum to at most smallHeapBytes run
// with the garbage collector's target at smallHeapGC percent of the live heap instead of Go's
// 100, unless GOGC is set. A fit of a few hundred points holds a few megabytes and allocates its
// paths' matrices tens of times over, so at the default target the collector starts every few
// megabytes. Measured on the development machine (bench -workers 1, ten realisations, three
// alternating runs; the same models): cassini, iris, glass, thyroid, smiley, vehicle and xor
// 7 to 15 % less time a fit, vowel 2 %. At 400 image and splice (estimates of 26 and 31 MB)
// were also faster, but digits and satellite (38 and 109 MB) 8 % slower: a heap five times the
// live one costs them more in page faults and cache misses than the collections it saves.
const (
	smallHeapBytes = 16 << 20
	smallHeapGC    = 400
)

// setCollector sets the collector's target for fits whose memory estimates sum to bytes
// (see smallHeapBytes), unless the environment sets GOGC; ok false (no estimate) keeps Go's.
func setCollector(bytes float64, ok bool) {
	if os.Getenv("GOGC") != "" {
		return
	}
	percent := 100
	if ok && bytes <= smallHeapBytes {
		percent = smallHeapGC
	}
	debug.SetGCPercent(percent)
}

// benchCollector sets the collector's target for a bench run of src: cfg's fits, as many at
// once as it has workers, on training splits the size of the first it runs.
func benchCollector(src bench.Source, cfg bench.Config) {
	tr, _, err := src.Split(cfg.First)
	if err != nil || len(tr.X) == 0 {
		return
	}
	classes := 0 // a regression's
	if _, cs, err := dataset.Classes(tr.Labels); err == nil {
		classes = len(cs)
	}
	opt := cfg.Options
	opt.Workers = 1
	if opt.Task == "" {
		opt.Task = src.Task()
	}
	bytes, _, ok := sparsekernel.MemoryEstimate(len(tr.X), len(tr.X[0]), classes, opt)
	fits := cfg.Workers
	if fits <= 0 {
		fits = runtime.GOMAXPROCS(0)
	}
	setCollector(bytes*float64(min(fits, src.Len())), ok)
}

// checkMemory warns on w before a fit of any method but the LS-SVM on n rows of m inputs
// (classes: 0 for a regression) whose memory estimate (sparsekernel.MemoryEstimate) is large,
// and refuses one whose estimate is above limit unless force is set. It returns the estimate
// (ok false: none, the LS-SVM's).
func checkMemory(w io.Writer, n, m, classes int, opt sparsekernel.Options, limit float64, force bool) (bytes float64, ok bool, err error) {
	bytes, inputs, ok := sparsekernel.MemoryEstimate(n, m, classes, opt)
	if !ok {
		return 0, false, nil
	}
	what := fmt.Sprintf("%d rows of %s", n, words.Count(m, "input"))
	why, advice := "the kernel matrices of the candidates at the rows, for each worker", ": set a smaller -max-terms, train on a sample of the rows"
	if inputs > bytes/2 {
		why, advice = "the folds hold dense copies of the inputs", ": choose fewer inputs with -features or -drop, train on a sample of the rows"
	}
	if bytes > limit*usableShare {
		return bytes, true, overMemory(w, what, bytes, limit, force, " ("+why+")"+advice)
	}
	if bytes > memoryWarnBytes {
		fmt.Fprintf(w, "warning: %s: expect about %s of memory (%s)\n", what, words.Bytes(bytes), why)
	}
	return bytes, true, nil
}

// usableShare is the share of the memory available that a fit's estimate may take: the
// estimate is the heap live at its peak, and the collector needs room beyond it (a fit whose
// estimate was 22.5 of 23 GiB available ran on at 12.8 GB resident, collecting, when stopped).
const usableShare = 0.8

// overMemory refuses a fit of what whose memory estimate is above limit, with advice on what
// to do instead, unless force is set, when it warns on w; it does nothing within the limit.
func overMemory(w io.Writer, what string, bytes, limit float64, force bool, advice string) error {
	usable := limit * usableShare
	if bytes <= usable {
		return nil
	}
	if !force {
		return fmt.Errorf("%s would need about %s of memory, more than the %s it can use (four fifths of the %s available: the collector needs room)%s, use -workers 1 to need less, or -force to try anyway",
			what, words.Bytes(bytes), words.Bytes(usable), words.Bytes(limit), advice)
	}
	fmt.Fprintf(w, "warning: %s: about %s of memory, more than the %s it can use of the %s available (-force)\n", what, words.Bytes(bytes), words.Bytes(usable), words.Bytes(limit))
	return nil
}

// roughly rounds an estimated duration to what it can claim: seconds under a minute, minutes
// under an hour, then hours.
func roughly(d time.Duration) time.Duration {
	switch {
	case d < time.Minute:
		return d.Round(time.Second)
	case d < time.Hour:
		return d.Round(time.Minute)
	}
	return d.Round(time.Hour)
}

// memoryLimit is the memory an LS-SVM fit may use; tests replace it.
var memoryLimit = availableMemory

// availableMemory returns the memory available to a fit: MemAvailable of /proc/meminfo, or
// the limit of the process's control group (cgroup v2) if that is lower, or
// defaultMemoryLimit where neither is known.
func availableMemory() float64 {
	avail := meminfoAvailable()
	if data, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if v, err := strconv.ParseFloat(strings.TrimSpace(string(data)), 64); err == nil && v > 0 && (avail == 0 || v < avail) {
			avail = v // "max" (no limit) does not parse
		}
	}
	if avail == 0 {
		return defaultMemoryLimit
	}
	return avail
}

// meminfoAvailable returns MemAvailable of /proc/meminfo in bytes, or 0.
func meminfoAvailable() float64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) == 2 && fields[1] == "kB" {
			if kb, err := strconv.ParseFloat(fields[0], 64); err == nil && kb > 0 {
				return kb * 1024
			}
		}
	}
	return 0
}

// The search box of the LS-SVM tuner (package lssvm; docs/ALGORITHMS.md, section 8): gamma in
// [0.1, 1e4], the width (sigma, or the wavelet's a) in [0.1, 100].
var (
	lssvmGammaRange = [2]float64{0.1, 1e4}
	lssvmWidthRange = [2]float64{0.1, 100}
)

// warnEdge warns when a tuned LS-SVM hyperparameter ended at the edge of its search box,
// where the best value may lie beyond the box.
func warnEdge(w io.Writer, m *model.Model) {
	t := m.Training
	if m.Method != sparsekernel.LSSVM || t.Evaluations == 0 {
		return
	}
	edge := func(v float64, r [2]float64) bool {
		return v > 0 && (math.Abs(math.Log10(v/r[0])) < 0.01 || math.Abs(math.Log10(v/r[1])) < 0.01)
	}
	for _, p := range []struct {
		name string
		v    float64
		r    [2]float64
	}{{"gamma", t.Gamma, lssvmGammaRange}, {"width", t.Width, lssvmWidthRange}} {
		if edge(p.v, p.r) {
			fmt.Fprintf(w, "warning: the tuned %s, %.4g, is at the edge of its search range [%g, %g]: the best value may lie beyond it\n",
				p.name, p.v, p.r[0], p.r[1])
		}
	}
}
