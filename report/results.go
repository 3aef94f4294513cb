package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
)

// Result is one line of a results file: a `sparsekernel bench -json` object (bench.Result) or
// a peer's (peers/results/*.jsonl), which has the same keys less metric and run. Fields that
// a line does not hold keep their zero value; Has says which keys were present.
type Result struct {
	Dataset         string  `json:"dataset"`
	Method          string  `json:"method"`
	Task            string  `json:"task"`
	Metric          string  `json:"metric"`
	Realisations    int     `json:"realisations"`
	TestErrorMean   float64 `json:"test_error_mean"`
	TestErrorStd    float64 `json:"test_error_std"`
	SizeMean        float64 `json:"size_mean"`
	SizeStd         float64 `json:"size_std"`
	EvaluationsMean float64 `json:"evaluations_mean"`
	FitSecondsMean  float64 `json:"fit_seconds_mean"`
	WallSeconds     float64 `json:"wall_seconds"`
	// Run is what produced a bench result (nil when the line does not record it).
	Run            *Run                `json:"run"`
	PerRealisation []bench.Realisation `json:"per_realisation"`

	// Versions holds a peer's "*_version" keys (e.g. sklearn_version: 1.2.1).
	Versions map[string]string `json:"-"`
	// Peer is true for a line of another tool: one without "run" whose method is not one of
	// sparsekernel.Methods.
	Peer bool `json:"-"`
	// Source and Line locate the line (1-based) for the report and error messages.
	Source string `json:"-"`
	Line   int    `json:"-"`

	has map[string]bool
}

// Run records how a bench result was produced (bench.RunInfo). Options is kept as raw JSON,
// so that lines written by other versions of sparsekernel.Options still read.
type Run struct {
	Version string          `json:"version"`
	Started time.Time       `json:"started"`
	GOOS    string          `json:"goos"`
	GOARCH  string          `json:"goarch"`
	CPUs    int             `json:"cpus"`
	Workers int             `json:"workers"`
	Seed    uint64          `json:"seed"`
	Options json.RawMessage `json:"options"`
	Command string          `json:"command"`
}

// Has reports whether the line held the JSON key.
func (r *Result) Has(key string) bool { return r.has[key] }

// MetricName returns the unit of the test error: the line's metric, or for a line without
// one (peers, whose convention it is) bench.ErrorPercent for classification and bench.MSE
// for regression.
func (r *Result) MetricName() string {
	if r.Metric != "" {
		return r.Metric
	}
	if r.Task == "regression" {
		return bench.MSE
	}
	return bench.ErrorPercent
}

// ErrNotResult reports a line that is not a bench or peer result.
var ErrNotResult = errors.New("not a sparsekernel bench or peer result")

// ReadResults reads JSON lines (one result a line; blank lines are skipped) from r. source
// names the input in errors, which give the line: "results.jsonl:3: ...".
func ReadResults(r io.Reader, source string) ([]*Result, error) {
	var out []*Result
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 256<<20)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		res, err := parseResult(b)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", source, line, err)
		}
		res.Source, res.Line = source, line
		out = append(out, res)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", source, line+1, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w: no JSON lines", source, ErrNotResult)
	}
	return out, nil
}

// ReadFile reads a results file with ReadResults; Source is the file's base name.
func ReadFile(path string) ([]*Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	res, err := ReadResults(f, path)
	for _, r := range res {
		r.Source = filepath.Base(path)
	}
	return res, err
}

func parseResult(b []byte) (*Result, error) {
	if b[0] != '{' {
		return nil, fmt.Errorf("%w: want a JSON object, found %q", ErrNotResult, short(b))
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) && se.Offset > 0 && se.Offset <= int64(len(b)) && bytes.HasPrefix(bytes.TrimLeft(b[se.Offset-1:], " "), []byte("NaN")) {
			return nil, fmt.Errorf("%w: NaN at byte %d is not JSON (Python's json.dumps writes it; write null, or leave the key out)", ErrNotResult, se.Offset)
		}
		return nil, fmt.Errorf("%w: %v", ErrNotResult, err)
	}
	for _, k := range []string{"dataset", "method", "test_error_mean"} {
		switch v, ok := raw[k]; {
		case !ok:
			return nil, fmt.Errorf("%w: no %q key", ErrNotResult, k)
		case string(v) == "null":
			return nil, fmt.Errorf("%w: %q is null", ErrNotResult, k)
		}
	}
	r := &Result{has: make(map[string]bool, len(raw))}
	if err := json.Unmarshal(b, r); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("%w: key %q holds a JSON %s, want %s", ErrNotResult, te.Field, te.Value, te.Type)
		}
		return nil, fmt.Errorf("%w: %v", ErrNotResult, err)
	}
	if r.Dataset == "" || r.Method == "" {
		return nil, fmt.Errorf("%w: empty dataset or method", ErrNotResult)
	}
	if r.TestErrorMean < 0 {
		return nil, fmt.Errorf("%w: test_error_mean is %v, and an error is not negative", ErrNotResult, r.TestErrorMean)
	}
	for k, v := range raw {
		r.has[k] = true
		if strings.HasSuffix(k, "_version") {
			var s string
			if json.Unmarshal(v, &s) == nil {
				if r.Versions == nil {
					r.Versions = map[string]string{}
				}
				r.Versions[k] = s
			}
		}
	}
	if string(raw["run"]) == "null" {
		r.has["run"] = false
	}
	r.Peer = r.Run == nil && !slices.ContainsFunc(sparsekernel.Methods, func(m sparsekernel.Method) bool { return m.Name == r.Method })
	return r, nil
}

func short(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}

// Dataset gathers the results of one data set.
type Dataset struct {
	Name    string
	Results []*Result // ours first, then the peers, each in the order read
}

// Group sorts results into data sets, in the order in which each set first appears: the
// results of one name and one unit of error (a classification and a regression of the same
// name are two sets, each named with its unit); nil results are skipped.
func Group(results []*Result) []*Dataset {
	var sets []*Dataset
	type key struct{ name, metric string }
	idx := map[key]*Dataset{}
	units := map[string]int{} // the units of error seen under each name
	for _, r := range results {
		if r == nil {
			continue
		}
		k := key{r.Dataset, r.MetricName()}
		d := idx[k]
		if d == nil {
			d = &Dataset{Name: r.Dataset}
			idx[k] = d
			sets = append(sets, d)
			units[r.Dataset]++
		}
		d.Results = append(d.Results, r)
	}
	for _, d := range sets {
		if units[d.Name] > 1 {
			d.Name += " (" + d.Results[0].MetricName() + ")"
		}
	}
	for _, d := range sets {
		sort.SliceStable(d.Results, func(i, j int) bool { return !d.Results[i].Peer && d.Results[j].Peer })
	}
	return sets
}

// Labels returns the name each result of the data set is shown under: its method, followed by
// its file when two results of the set share a method, and by its line too when they share
// the file as well.
func (d *Dataset) Labels() []string {
	count := map[string]int{}
	files := map[[2]string]int{}
	for _, r := range d.Results {
		count[r.Method]++
		files[[2]string{r.Method, r.Source}]++
	}
	out := make([]string, len(d.Results))
	for i, r := range d.Results {
		out[i] = r.Method
		switch {
		case files[[2]string{r.Method, r.Source}] > 1:
			out[i] += fmt.Sprintf(" (%s:%d)", r.Source, r.Line)
		case count[r.Method] > 1:
			out[i] += " (" + r.Source + ")"
		}
	}
	return out
}

// Metric returns the metric most of the set's results use; results in another unit are left
// out of its plot.
func (d *Dataset) Metric() string {
	count := map[string]int{}
	best := ""
	for _, r := range d.Results {
		m := r.MetricName()
		count[m]++
		if best == "" || count[m] > count[best] {
			best = m
		}
	}
	return best
}
