package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sparsekernel/sparsekernel/bench"
)

// Report is a benchmark report: results of ours and of the peers, and the decision-region
// figures of two-input sets.
type Report struct {
	Title   string
	Results []*Result
	Regions []*Regions
	// Generated, if set, is printed under the title (e.g. the date and the software version).
	Generated string
}

// page is what the template renders.
type page struct {
	Title, Generated string
	Files            []string
	Summary          template.HTML
	SummaryCaption   string
	Sets             []setView
	Runs             []runView
}

type setView struct {
	ID, Name, Task, Metric string
	Rows                   []rowView
	ErrorSize              template.HTML
	LeftOut                string
	Regions                []figView
	RegionsNote            string
	LOO                    []figView
	NoLOO                  string
}

type rowView struct {
	Label, By                      string
	Color                          template.CSS
	K, Error, Size, Seconds, Evals string
	BestError, Smallest            bool
	Metric                         string
}

type figView struct {
	SVG     template.HTML
	Caption string
}

type runView struct {
	File, Results, Software, Machine, Started, Seed, Command, Options string
}

// WriteHTML writes the report as one self-contained HTML page: inline SVG figures and CSS,
// no script and no external resource.
func (rep *Report) WriteHTML(w io.Writer) error {
	for i, r := range rep.Results {
		if r == nil {
			return fmt.Errorf("report: result %d is nil", i+1)
		}
	}
	for i, rg := range rep.Regions {
		if rg == nil || rg.Model == nil {
			return fmt.Errorf("report: regions %d have no model", i+1)
		}
	}
	pg := page{Title: rep.Title, Generated: rep.Generated}
	if pg.Title == "" {
		pg.Title = "sparsekernel benchmark report"
	}
	seen := map[string]bool{}
	for _, r := range rep.Results {
		if !seen[r.Source] {
			seen[r.Source] = true
			pg.Files = append(pg.Files, r.Source)
		}
	}
	sets := Group(rep.Results)
	names := map[string]bool{}
	for _, d := range sets {
		names[d.Name] = true
	}
	for _, rg := range rep.Regions {
		if !names[rg.Dataset] {
			names[rg.Dataset] = true
			sets = append(sets, &Dataset{Name: rg.Dataset})
		}
	}
	st := newStyles()
	var err error
	pg.Summary, pg.SummaryCaption, err = summaryHTML(sets, st)
	if err != nil {
		return err
	}
	for i, d := range sets {
		v, err := rep.setView(i, d, st)
		if err != nil {
			return err
		}
		pg.Sets = append(pg.Sets, v)
	}
	pg.Runs = runViews(rep.Results)
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, pg); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

func summaryHTML(sets []*Dataset, st *styles) (template.HTML, string, error) {
	svg, caption, err := summaryPlot(sets, st)
	return template.HTML(svg), caption, err
}

func (rep *Report) setView(i int, d *Dataset, st *styles) (setView, error) {
	v := setView{ID: fmt.Sprintf("set-%d", i+1), Name: d.Name}
	if len(d.Results) > 0 {
		v.Task, v.Metric = d.Results[0].Task, d.Metric()
	}
	labels := d.Labels()
	best, smallest := -1, -1
	for k, r := range d.Results {
		if r.MetricName() == v.Metric && (best < 0 || r.TestErrorMean < d.Results[best].TestErrorMean) {
			best = k
		}
		if r.Has("size_mean") && (smallest < 0 || r.SizeMean < d.Results[smallest].SizeMean) {
			smallest = k
		}
	}
	for k, r := range d.Results {
		g := st.glyph(labels[k], r.Peer)
		row := rowView{Label: labels[k], By: "sparsekernel", Color: template.CSS(cssColor(g.Color.(color.RGBA)))}
		if r.Peer {
			row.By = "peer"
		}
		row.K = "-"
		if r.Has("realisations") {
			row.K = strconv.Itoa(r.Realisations)
		}
		row.Metric = r.MetricName()
		row.Error = pm(r, "test_error_mean", "test_error_std", r.TestErrorMean, r.TestErrorStd, row.Metric)
		if row.Metric != v.Metric {
			row.Error += " (" + row.Metric + ")"
		}
		row.Size = pm(r, "size_mean", "size_std", r.SizeMean, r.SizeStd, "size")
		row.Seconds = "-"
		if r.Has("fit_seconds_mean") {
			row.Seconds = sig(r.FitSecondsMean, 3)
		}
		row.Evals = "-"
		if r.Has("evaluations_mean") {
			row.Evals = strconv.FormatFloat(math.Round(r.EvaluationsMean), 'f', -1, 64)
		}
		row.BestError, row.Smallest = k == best, k == smallest
		v.Rows = append(v.Rows, row)
	}
	if len(d.Results) > 0 {
		svg, left, err := errorSizePlot(d, st)
		if err != nil {
			return v, err
		}
		v.ErrorSize = template.HTML(svg)
		if len(left) > 0 {
			v.LeftOut = "Not on the plot (another metric, or no model size): " + strings.Join(left, ", ") + "."
		}
	}
	for _, rg := range rep.Regions {
		if rg.Dataset != d.Name {
			continue
		}
		ours, svc, err := rg.figures()
		if err != nil {
			return v, err
		}
		cap := fmt.Sprintf("%s, fitted by the report: %s. Shaded: the class each point of the plane is given; solid line: the boundary f = 0; ellipses: each node's 1-sigma contour (in the colour of the class its weight favours), + its centre; markers: the training points.", rg.Model.Method, rg.Note)
		v.Regions = append(v.Regions, figView{SVG: template.HTML(ours), Caption: cap})
		if svc != "" {
			s := rg.SVC
			c := fmt.Sprintf("scikit-learn %s SVC on the same training points (%s, realisation %d): C = %g, gamma = %g chosen by 5-fold CV (CV error %.2f %%, training error %.2f %%); solid line: f = 0, dashed: f = -1 and +1; rings: the %d support vectors.",
				s.SklearnVersion, s.Data, s.Realisation+1, s.C, s.Gamma, s.CVError, s.TrainError, len(s.Support))
			v.Regions = append(v.Regions, figView{SVG: template.HTML(svc), Caption: c})
		}
	}
	var noLOO []string
	for k, r := range d.Results {
		if r.Peer {
			continue
		}
		if len(r.PerRealisation) == 0 || (len(r.PerRealisation[0].LOOCurve) == 0 && len(r.PerRealisation[0].LOOErrors) == 0) {
			noLOO = append(noLOO, labels[k])
			continue
		}
		re := r.PerRealisation[0]
		chosen, how := re.Chosen, "the chosen size (chosen)"
		if chosen <= 0 {
			chosen, how = re.Size, "the model's size (chosen is not recorded)"
		}
		svg, err := looPlot(d.Name, labels[k], re, chosen)
		if err != nil {
			return v, err
		}
		c := fmt.Sprintf("%s, realisation %d: the selection criterion %s after each term", labels[k], re.Index+1, orDash(re.Criterion))
		if len(re.LOOErrors) > 0 {
			c += " and the LOO error"
		}
		c += fmt.Sprintf("; dashed: %s, %d.", how, chosen)
		if re.Chose != "" {
			c += " " + re.Chose + "."
		}
		v.LOO = append(v.LOO, figView{SVG: template.HTML(svg), Caption: c})
	}
	if len(noLOO) > 0 {
		v.NoLOO = "No LOO curve recorded for: " + strings.Join(noLOO, ", ") + "."
	}
	return v, nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// pm formats mean +- std of a result's keys, or "-" for a missing mean.
func pm(r *Result, meanKey, stdKey string, mean, std float64, unit string) string {
	if !r.Has(meanKey) {
		return "-"
	}
	f := func(v float64) string {
		switch unit {
		case bench.ErrorPercent:
			return strconv.FormatFloat(v, 'f', 2, 64)
		case "size":
			return strconv.FormatFloat(v, 'f', 1, 64)
		}
		return sig(v, 4)
	}
	s := f(mean)
	if r.Has(stdKey) && r.Realisations != 1 {
		s += " ± " + f(std)
	}
	return s
}

// sig formats v with n significant digits, without an exponent for ordinary magnitudes.
func sig(v float64, n int) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	d := n - 1 - int(math.Floor(math.Log10(math.Abs(v))))
	if d < 0 && math.Abs(v) < 1e7 {
		d = 0 // an integer: more digits than asked, but no exponent
	}
	if d < 0 || d > 8 {
		return strconv.FormatFloat(v, 'g', n, 64)
	}
	return strconv.FormatFloat(v, 'f', d, 64)
}

// runViews groups the results by what produced them: file, software, machine, seed, command
// and options.
func runViews(results []*Result) []runView {
	var out []runView
	idx := map[runView]int{}
	var members [][]string
	for _, r := range results {
		v := runView{File: r.Source, Software: "not recorded", Machine: "-", Started: "-", Seed: "-", Command: "-", Options: "-"}
		if r.Run != nil {
			v.Software = orDash(r.Run.Version)
			if r.Run.GOOS != "" {
				v.Machine = fmt.Sprintf("%s/%s, %d CPUs, %d workers", r.Run.GOOS, r.Run.GOARCH, r.Run.CPUs, r.Run.Workers)
			}
			if !r.Run.Started.IsZero() {
				v.Started = r.Run.Started.Format("2006-01-02 15:04 MST")
			}
			v.Seed = strconv.FormatUint(r.Run.Seed, 10)
			v.Command = orDash(r.Run.Command)
			v.Options = orDash(flatOptions(r.Run.Options))
		}
		if len(r.Versions) > 0 {
			var vs []string
			for k, s := range r.Versions {
				vs = append(vs, strings.TrimSuffix(k, "_version")+" "+s)
			}
			sort.Strings(vs)
			v.Software = strings.Join(vs, ", ")
		}
		i, ok := idx[v]
		if !ok {
			i = len(out)
			idx[v] = i
			out = append(out, v)
			members = append(members, nil)
		}
		members[i] = append(members[i], fmt.Sprintf("%s %s (line %d)", r.Dataset, r.Method, r.Line))
	}
	for i := range out {
		out[i].Results = strings.Join(members[i], ", ")
	}
	return out
}

// flatOptions lists the non-zero fields of a JSON object as Key=value, nested keys joined by
// dots.
func flatOptions(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	var parts []string
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				p := k
				if prefix != "" {
					p = prefix + "." + k
				}
				walk(p, x[k])
			}
		case []any:
			empty := true
			for _, e := range x {
				if e != nil && e != "" && e != 0.0 && e != false {
					empty = false
				}
			}
			if !empty {
				b, _ := json.Marshal(x)
				parts = append(parts, prefix+"="+string(b))
			}
		case nil:
		case string:
			if x != "" {
				parts = append(parts, prefix+"="+x)
			}
		case float64:
			if x != 0 {
				parts = append(parts, prefix+"="+strconv.FormatFloat(x, 'g', -1, 64))
			}
		case bool:
			if x {
				parts = append(parts, prefix+"=true")
			}
		}
	}
	walk("", v)
	return strings.Join(parts, " ")
}
