package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/plot"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
)

type plotTick = plot.Tick

// benchLines runs two methods on three realisations of the generated Ripley set, once for the
// whole test binary, and returns their `bench -json` lines.
var benchLines = sync.OnceValues(func() ([]byte, error) {
	var buf bytes.Buffer
	for _, m := range []string{sparsekernel.LOOMI, sparsekernel.ROLS} {
		r, err := bench.Run(bench.Generators["ripley"](3), bench.Config{
			Options: sparsekernel.Options{Method: m, Seed: 1}, Command: "go test " + m})
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		buf.Write(append(b, '\n'))
	}
	return buf.Bytes(), nil
})

// peerLine is a peer's result on the same set, with a few keys only, as an older script
// would write it.
const peerLine = `{"dataset":"ripley","method":"svc-grid","task":"classification","realisations":3,"test_error_mean":10.1,"test_error_std":0.4,"size_mean":80,"size_std":5,"sklearn_version":"1.2.1"}`

// oldLine is a bench line from before results recorded their run and LOO curves.
const oldLine = `{"dataset":"ripley","method":"pso","task":"classification","metric":"error%","realisations":3,"test_error_mean":11.2,"test_error_std":0.9,"size_mean":2.5,"size_std":0.5,"evaluations_mean":630,"fit_seconds_mean":0.004,"wall_seconds":0.01,"per_realisation":[{"index":0,"test_error":11,"size":2,"evaluations":630,"seconds":0.004}]}`

func writeResults(t *testing.T) (benchPath, peerPath string) {
	t.Helper()
	lines, err := benchLines()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	benchPath, peerPath = filepath.Join(dir, "ours.jsonl"), filepath.Join(dir, "peers.jsonl")
	if err := os.WriteFile(benchPath, append(lines, []byte(oldLine+"\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(peerPath, []byte(peerLine+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return benchPath, peerPath
}

// page is what checkPage finds in a report.
type pageStats struct {
	svgs, figures, tables int
	svgTitles             []string
}

// checkPage parses the whole page as XML (the template keeps it well-formed), and checks
// that every table has rows of non-empty cells, every figure holds one SVG with a title and
// drawing, and nothing refers to the network or runs a script.
func checkPage(t *testing.T, page []byte) pageStats {
	t.Helper()
	var st pageStats
	dec := xml.NewDecoder(bytes.NewReader(page))
	dec.Strict = true
	type frame struct {
		name           string
		rows, cells    int
		svgs, drawings int
		text           strings.Builder
		parentIsFigure bool
	}
	var stack []*frame
	top := func(name string) *frame {
		for i := len(stack) - 1; i >= 0; i-- {
			if stack[i].name == name {
				return stack[i]
			}
		}
		return nil
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("page is not well-formed: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			name := tk.Name.Local
			switch name {
			case "script", "iframe", "object", "embed", "link", "img":
				t.Errorf("page has a <%s> element", name)
			case "svg":
				st.svgs++
				if f := top("figure"); f != nil {
					f.svgs++
				} else {
					t.Error("an <svg> outside a <figure>")
				}
			case "path", "text", "circle", "rect":
				if f := top("figure"); f != nil {
					f.drawings++
				}
			case "tr":
				if tb := top("tbody"); tb != nil {
					tb.rows++
				}
			case "td":
				if tb := top("tbody"); tb != nil {
					tb.cells++
				}
			case "table":
				st.tables++
			case "figure":
				st.figures++
			}
			for _, a := range tk.Attr {
				if (a.Name.Local == "href" || a.Name.Local == "src") && !strings.HasPrefix(a.Value, "#") {
					t.Errorf("<%s %s=%q> refers outside the page", name, a.Name.Local, a.Value)
				}
			}
			stack = append(stack, &frame{name: name})
		case xml.CharData:
			for _, f := range stack {
				f.text.Write(tk)
			}
		case xml.EndElement:
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch f.name {
			case "tbody":
				if f.rows == 0 || f.cells == 0 {
					t.Error("a table without rows")
				}
			case "td":
				if strings.TrimSpace(f.text.String()) == "" {
					t.Error("an empty table cell")
				}
			case "title":
				if p := top("svg"); p != nil {
					st.svgTitles = append(st.svgTitles, f.text.String())
				}
			case "figure":
				if f.svgs != 1 || f.drawings < 10 {
					t.Errorf("a figure with %d <svg> and %d drawing elements", f.svgs, f.drawings)
				}
			}
		}
	}
	return st
}

func TestReport(t *testing.T) {
	benchPath, peerPath := writeResults(t)
	var results []*Result
	for _, p := range []string{benchPath, peerPath} {
		r, err := ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r...)
	}
	if len(results) != 4 {
		t.Fatalf("%d results, want 4", len(results))
	}
	src, err := OpenSource("ripley")
	if err != nil {
		t.Fatal(err)
	}
	rg, err := FitRegions("ripley", src, results, "")
	if err != nil {
		t.Fatal(err)
	}
	if rg.SVC, err = ReadSVC("testdata/ripley-svc.json"); err != nil {
		t.Fatal(err)
	}
	rep := &Report{Title: "test <report>", Results: results, Regions: []*Regions{rg}}
	var buf bytes.Buffer
	if err := rep.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.Bytes()
	st := checkPage(t, page)
	// summary, error against size, our regions and the SVC's, the LOO curves of loomi and
	// rols (pso's old line has none).
	want := []string{"error and size relative to the peers, all data sets", "ripley: test error against model size",
		"ripley: decision regions of ", "ripley: decision regions of the SVC",
		"loomi on ripley, realisation 1", "rols on ripley, realisation 1"}
	if st.svgs != len(want) || st.figures != len(want) {
		t.Errorf("%d <svg> in %d figures, want %d", st.svgs, st.figures, len(want))
	}
	for _, w := range want {
		found := false
		for _, got := range st.svgTitles {
			found = found || strings.HasPrefix(got, w)
		}
		if !found {
			t.Errorf("no figure titled %q; have %q", w, st.svgTitles)
		}
	}
	if st.tables != 2 {
		t.Errorf("%d tables, want 2 (results, runs)", st.tables)
	}
	for _, s := range []string{
		"test &lt;report&gt;",             // the title, escaped
		"go test loomi",                   // command line of the run
		"sklearn 1.2.1",                   // a peer's version
		"not recorded",                    // the old line's run
		">svc-grid</td><td>peer",          // the peer beside ours
		`class="badge">best`,              // best marked
		"No LOO curve recorded for: pso.", // the old line has none
	} {
		if !bytes.Contains(page, []byte(s)) {
			t.Errorf("page lacks %q", s)
		}
	}
	if bytes.Contains(page, []byte("http://")) && bytes.Count(page, []byte("http://")) != 2*st.svgs {
		t.Errorf("page refers to the network: %d http:// for %d svg namespaces", bytes.Count(page, []byte("http://")), st.svgs)
	}
	if bytes.Contains(page, []byte("https://")) {
		t.Error("page refers to https://")
	}
	// The refitted model is the benchmarked one.
	if !strings.Contains(rg.Note, "benchmark: ") {
		t.Errorf("note %q", rg.Note)
	}
	var ours *Result
	for _, r := range results {
		if r.Method == rg.Model.Method && !r.Peer && r.Run != nil {
			ours = r
		}
	}
	if ours == nil || rg.Model.Size() != ours.PerRealisation[0].Size {
		t.Errorf("refitted %s has %d nodes; the benchmark's realisation 1 had %+v", rg.Model.Method, rg.Model.Size(), ours)
	}
}

func TestReadResults(t *testing.T) {
	tests := []struct {
		name, in, err string // err: "" for success, else a substring of the error
		n             int
		peer          bool
	}{
		{"peer", peerLine + "\n\n", "", 1, true},
		{"old bench", oldLine, "", 1, false},
		{"two lines", oldLine + "\n" + peerLine, "", 2, false},
		{"minimal", `{"dataset":"d","method":"m","test_error_mean":1}`, "", 1, true},
		{"empty", "\n \n", "in.jsonl: not a sparsekernel bench or peer result: no JSON lines", 0, false},
		{"csv", "x1,x2,class\n1,2,a", "in.jsonl:1: not a sparsekernel bench or peer result: want a JSON object", 0, false},
		{"array", `[1, 2]`, "in.jsonl:1: not a sparsekernel", 0, false},
		{"broken", oldLine + "\n" + `{"dataset": "d", `, "in.jsonl:2: not a sparsekernel", 0, false},
		{"no dataset", `{"method":"m","test_error_mean":1}`, `in.jsonl:1: not a sparsekernel bench or peer result: no "dataset" key`, 0, false},
		{"no error", `{"dataset":"d","method":"m"}`, `no "test_error_mean" key`, 0, false},
		{"model file", `{"task":"classification","method":"loomi","kernel":"gaussian","inputs":2}`, `in.jsonl:1: not a sparsekernel bench or peer result: no "dataset" key`, 0, false},
		{"wrong type", `{"dataset":"d","method":"m","test_error_mean":"low"}`, `in.jsonl:1: not a sparsekernel bench or peer result: key "test_error_mean" holds a JSON string, want float64`, 0, false},
		{"empty name", `{"dataset":"","method":"m","test_error_mean":1}`, "in.jsonl:1: not a sparsekernel bench or peer result: empty dataset", 0, false},
		{"null error", `{"dataset":"d","method":"m","test_error_mean":null}`, `"test_error_mean" is null`, 0, false},
		{"negative error", `{"dataset":"d","method":"m","test_error_mean":-5}`, "test_error_mean is -5, and an error is not negative", 0, false},
		{"NaN", `{"dataset":"d","method":"m","test_error_mean":1,"test_error_std": NaN}`, "NaN at byte 67 is not JSON", 0, false},
		{"null std", `{"dataset":"d","method":"m","test_error_mean":1,"test_error_std":null}`, "", 1, true},
	}
	for _, tc := range tests {
		res, err := ReadResults(strings.NewReader(tc.in), "in.jsonl")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrNotResult) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || len(res) != tc.n {
			t.Errorf("%s: %d results, %v", tc.name, len(res), err)
			continue
		}
		if res[0].Peer != tc.peer {
			t.Errorf("%s: peer %v", tc.name, res[0].Peer)
		}
	}
	res, _ := ReadResults(strings.NewReader("\n"+peerLine), "p")
	if r := res[0]; r.Line != 2 || r.Versions["sklearn_version"] != "1.2.1" || !r.Has("size_mean") || r.Has("fit_seconds_mean") || r.MetricName() != bench.ErrorPercent {
		t.Errorf("peer line read as %+v", r)
	}
}

// A report of results that hold only the required keys still has its tables and figures.
func TestReportMissingFields(t *testing.T) {
	in := `{"dataset":"a","method":"svc-grid","test_error_mean":5}
{"dataset":"a","method":"loomi","test_error_mean":4,"size_mean":3}
{"dataset":"b","method":"lrols","task":"regression","test_error_mean":12.5,"size_mean":40,"run":null}
{"dataset":"b","method":"kernlab-rvm","task":"regression","test_error_mean":12.8,"size_mean":53,"per_realisation":[]}
`
	res, err := ReadResults(strings.NewReader(in), "min.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := (&Report{Results: res}).WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	st := checkPage(t, buf.Bytes())
	// a: error against size (one point); b: error against size; the summary (b only: a's
	// peer has no size).
	if st.svgs != 3 {
		t.Errorf("%d figures, want 3: %q", st.svgs, st.svgTitles)
	}
	for _, s := range []string{"Not on the plot (another metric, or no model size): svc-grid.", "test error in mse", "No LOO curve recorded for: loomi."} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("page lacks %q", s)
		}
	}
}

func TestFlatOptions(t *testing.T) {
	tests := []struct{ in, want string }{
		{``, ``},
		{`{"Method":"loomi","Tau":0,"Classes":["",""],"Features":null,"PSO":{"Swarm":10,"Iterations":0},"NoClip":false,"Seed":1}`,
			`Method=loomi PSO.Swarm=10 Seed=1`},
		{`{"Features":["a","b"],"NoClip":true}`, `Features=["a","b"] NoClip=true`},
		{`not json`, `not json`},
	}
	for _, tc := range tests {
		if got := flatOptions(json.RawMessage(tc.in)); got != tc.want {
			t.Errorf("flatOptions(%s) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		v    float64
		n    int
		want string
	}{{0.000123456, 3, "0.000123"}, {12.3456, 4, "12.35"}, {1234.4, 3, "1234"}, {2.5e9, 3, "2.5e+09"}, {0, 3, "0"}, {1.5e-12, 2, "1.5e-12"}}
	for _, tc := range tests {
		if got := sig(tc.v, tc.n); got != tc.want {
			t.Errorf("sig(%v, %d) = %q, want %q", tc.v, tc.n, got, tc.want)
		}
	}
}

func TestTicks(t *testing.T) {
	labels := func(ts []plotTick) string {
		var s []string
		for _, t := range ts {
			if t.Label != "" {
				s = append(s, t.Label)
			}
		}
		return strings.Join(s, " ")
	}
	tests := []struct {
		name     string
		ticks    []plotTick
		want     string
		minCount int
	}{
		{"log 3..60", logTicks(3, 60), "5 10 20 50", 12},
		{"log 0.01..2", logTicks(0.01, 2), "0.01 0.02 0.05 0.1 0.2 0.5 1 2", 20},
		{"log empty", logTicks(0, 2), "", 0},
		{"int 1..10", intTicks(0.6, 10.4), "2 4 6 8 10", 5},
		{"int 1..5", intTicks(0.8, 5.2), "1 2 3 4 5", 5},
		{"int 1..40", intTicks(0.2, 41), "10 20 30 40", 4},
		{"int 1..100", intTicks(1, 100), "20 40 60 80 100", 5},
		{"int from just below 0", intTicks(-0.3, 100), "0 20 40 60 80 100", 6},
	}
	for _, tc := range tests {
		if got := labels(tc.ticks); got != tc.want || len(tc.ticks) < tc.minCount {
			t.Errorf("%s: labels %q (%d ticks), want %q", tc.name, got, len(tc.ticks), tc.want)
		}
	}
}

// TestGroup checks that results of one name in two units of error are two sets, named with
// their units, and that two results of one method from one file are told apart by their lines.
func TestGroup(t *testing.T) {
	in := strings.Join([]string{
		`{"dataset":"base","method":"auto","test_error_mean":5,"task":"classification"}`,
		`{"dataset":"base","method":"auto","test_error_mean":0.2,"task":"regression"}`,
		`{"dataset":"other","method":"auto","test_error_mean":3,"task":"classification"}`,
		`{"dataset":"other","method":"auto","test_error_mean":4,"task":"classification"}`,
	}, "\n")
	res, err := ReadResults(strings.NewReader(in), "r.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	sets := Group(res)
	var names []string
	for _, d := range sets {
		names = append(names, d.Name)
	}
	if want := []string{"base (error%)", "base (mse)", "other"}; !slices.Equal(names, want) {
		t.Fatalf("sets %q, want %q", names, want)
	}
	if got, want := sets[2].Labels(), []string{"auto (r.jsonl:3)", "auto (r.jsonl:4)"}; !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
}
