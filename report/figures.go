package report

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sparsekernel/sparsekernel/bench"
)

// metricLabel names a metric on an axis.
func metricLabel(metric string) string {
	switch metric {
	case bench.ErrorPercent:
		return "test error (%)"
	case bench.MSE:
		return "test MSE"
	case bench.NRMSE:
		return "test NRMSE"
	}
	return "test " + metric
}

// styles assigns a glyph to each label, the same on every plot of the report.
type styles struct {
	index map[string]int
}

func newStyles() *styles { return &styles{index: map[string]int{}} }

func (s *styles) glyph(label string, peer bool) draw.GlyphStyle {
	i, ok := s.index[label]
	if !ok {
		i = len(s.index)
		s.index[label] = i
	}
	shape := shapes[i%len(shapes)]
	if peer {
		shape = hollow[i%len(hollow)]
	}
	return draw.GlyphStyle{Color: darkOf(i), Radius: vg.Points(3.2), Shape: shape}
}

// errorSizePlot draws each result of the set as its mean test error (with a bar of one
// standard deviation) against its mean model size on a log axis, labelled with its name.
func errorSizePlot(d *Dataset, st *styles) (svg string, left []string, err error) {
	metric := d.Metric()
	p := newPlot(d.Name+": test error against model size", "model size (nodes, support vectors)", metricLabel(metric))
	labels := d.Labels()
	var sizes []float64
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, r := range d.Results {
		if r.MetricName() != metric || !(r.SizeMean > 0) || !r.Has("size_mean") {
			left = append(left, labels[i])
			continue
		}
		sizes = append(sizes, r.SizeMean)
		xy := plotter.XYs{{X: r.SizeMean, Y: r.TestErrorMean}}
		s, err := plotter.NewScatter(xy)
		if err != nil {
			return "", nil, err
		}
		s.GlyphStyle = st.glyph(labels[i], r.Peer)
		p.Add(s)
		if r.TestErrorStd > 0 {
			eb, err := plotter.NewYErrorBars(errPoints{{X: r.SizeMean, Y: r.TestErrorMean, Low: r.TestErrorStd, High: r.TestErrorStd}})
			if err != nil {
				return "", nil, err
			}
			eb.LineStyle.Color = s.GlyphStyle.Color
			eb.LineStyle.Width = vg.Points(0.8)
			p.Add(eb)
		}
		lo, hi = math.Min(lo, r.TestErrorMean-r.TestErrorStd), math.Max(hi, r.TestErrorMean+r.TestErrorStd)
		lab, err := plotter.NewLabels(plotter.XYLabels{XYs: xy, Labels: []string{labels[i]}})
		if err != nil {
			return "", nil, err
		}
		for k := range lab.TextStyle {
			lab.TextStyle[k].Font.Size = 8
			lab.TextStyle[k].Font.Typeface, lab.TextStyle[k].Font.Variant = sans.Typeface, sans.Variant
			lab.TextStyle[k].Color = s.GlyphStyle.Color
			lab.TextStyle[k].YAlign = draw.YCenter
		}
		lab.Offset = vg.Point{X: vg.Points(5)}
		p.Add(lab)
	}
	if len(sizes) == 0 {
		return "", left, nil
	}
	logAxis(&p.X, sizes, 1.6)
	p.X.Max *= 2.5 // room for the labels
	padAxis(&p.Y, lo, hi, 0.08)
	p.Add(plotter.NewGrid())
	svg, err = svgOf(p, 430, 300, d.Name+": test error against model size")
	return svg, left, err
}

// errPoints is one point with a vertical error bar.
type errPoints []struct{ X, Y, Low, High float64 }

func (e errPoints) Len() int                        { return len(e) }
func (e errPoints) XY(i int) (float64, float64)     { return e[i].X, e[i].Y }
func (e errPoints) YError(i int) (float64, float64) { return e[i].Low, e[i].High }

// reference returns the error and size each result of the set is divided by in the
// summary: the best peer's error (the best result's, if no peer ran) and the size of the
// SVC/SVR (else the largest peer's, else the largest result's); desc says which.
func reference(d *Dataset) (errRef, sizeRef float64, errDesc, sizeDesc string) {
	metric := d.Metric()
	errRef, errDesc = math.Inf(1), ""
	for _, peersOnly := range []bool{true, false} {
		for _, r := range d.Results {
			if r.MetricName() == metric && (r.Peer || !peersOnly) && r.TestErrorMean < errRef {
				errRef, errDesc = r.TestErrorMean, r.Method
			}
		}
		if errDesc != "" {
			break
		}
	}
	for _, pass := range []func(r *Result) bool{
		func(r *Result) bool { return r.Peer && (r.Method == "svc-grid" || r.Method == "svr-grid") },
		func(r *Result) bool { return r.Peer },
		func(r *Result) bool { return true },
	} {
		for _, r := range d.Results {
			if pass(r) && r.Has("size_mean") && r.SizeMean > sizeRef {
				sizeRef, sizeDesc = r.SizeMean, r.Method
			}
		}
		if sizeDesc != "" {
			break
		}
	}
	return
}

// peerRef reports whether the method is a peer of the set.
func peerRef(d *Dataset, method string) bool {
	for _, r := range d.Results {
		if r.Method == method && r.Peer {
			return true
		}
	}
	return false
}

// summaryPlot places every result of ours (filled) and every other peer (hollow) of every
// set at (size / reference size, error / reference error), labelled with the set's name.
func summaryPlot(sets []*Dataset, st *styles) (svg, caption string, err error) {
	p := newPlot("All data sets: error and size relative to the peers", "model size / reference size", "test error / reference error")
	var xs []float64
	lo, hi := math.Inf(1), math.Inf(-1)
	byLabel := map[string]plotter.XYs{}
	peer := map[string]bool{}
	var order []string
	var refs []string
	var names plotter.XYLabels
	for _, d := range sets {
		errRef, sizeRef, errDesc, sizeDesc := reference(d)
		if !(errRef > 0) || !(sizeRef > 0) || math.IsInf(errRef, 0) {
			continue
		}
		if !peerRef(d, errDesc) || (sizeDesc != "svc-grid" && sizeDesc != "svr-grid") {
			refs = append(refs, fmt.Sprintf("%s (%s, %s)", d.Name, errDesc, sizeDesc))
		}
		metric := d.Metric()
		for _, r := range d.Results {
			if r.MetricName() != metric || !(r.SizeMean > 0) || (r.Peer && r.Method == errDesc && r.Method == sizeDesc) {
				continue
			}
			xy := plotter.XY{X: r.SizeMean / sizeRef, Y: r.TestErrorMean / errRef}
			if _, ok := byLabel[r.Method]; !ok {
				order = append(order, r.Method)
			}
			byLabel[r.Method] = append(byLabel[r.Method], xy)
			peer[r.Method] = r.Peer
			xs = append(xs, xy.X)
			lo, hi = math.Min(lo, xy.Y), math.Max(hi, xy.Y)
			if !r.Peer {
				names.XYs = append(names.XYs, xy)
				names.Labels = append(names.Labels, d.Name)
			}
		}
	}
	if len(xs) == 0 {
		return "", "", nil
	}
	logAxis(&p.X, append(xs, 1), 1.6)
	if lo > 0 { // ratios span orders of magnitude where a peer is near zero error: a log axis
		logAxis(&p.Y, []float64{lo, hi, 1}, 1.15)
	} else {
		padAxis(&p.Y, math.Min(lo, 1), math.Max(hi, 1), 0.08)
	}
	p.Add(plotter.NewGrid())
	for _, ref := range []struct{ x, y bool }{{true, false}, {false, true}} {
		var xy plotter.XYs
		if ref.x {
			xy = plotter.XYs{{X: 1, Y: p.Y.Min}, {X: 1, Y: p.Y.Max}}
		} else {
			xy = plotter.XYs{{X: p.X.Min, Y: 1}, {X: p.X.Max, Y: 1}}
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return "", "", err
		}
		l.LineStyle = draw.LineStyle{Color: grey, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
		p.Add(l)
	}
	for _, m := range order {
		s, err := plotter.NewScatter(byLabel[m])
		if err != nil {
			return "", "", err
		}
		s.GlyphStyle = st.glyph(m, peer[m])
		p.Add(s)
		p.Legend.Add(m, s)
	}
	if len(names.XYs) > 0 {
		lab, err := plotter.NewLabels(names)
		if err != nil {
			return "", "", err
		}
		for k := range lab.TextStyle {
			lab.TextStyle[k].Font.Size = 7
			lab.TextStyle[k].Font.Typeface, lab.TextStyle[k].Font.Variant = sans.Typeface, sans.Variant
			lab.TextStyle[k].Color = grey
			lab.TextStyle[k].YAlign = draw.YCenter
		}
		lab.Offset = vg.Point{X: vg.Points(5)}
		p.Add(lab)
	}
	p.Legend.Top = true
	p.Legend.Left = false
	p.Legend.Padding = vg.Points(2)
	svg, err = svgOf(p, 560, 380, "error and size relative to the peers, all data sets")
	caption = "Each point is a method on one data set (labelled for sparsekernel's), at its mean model size divided by the reference size and its mean test error divided by the reference error: below 1 is better than the best peer, left of 1 smaller than the SVC. Reference error: the lowest mean test error of the peers on the set; reference size: the mean number of support vectors of svc-grid (svr-grid for regression)."
	if len(refs) > 0 {
		caption += " Other references (error, size), where a peer is missing: " + strings.Join(refs, "; ") + "."
	}
	return svg, caption, err
}

// looPlot draws realisation 1's selection criterion, and its LOO error if recorded, against
// the number of terms, with the chosen size marked. chosen is the number of terms kept.
func looPlot(set, label string, re bench.Realisation, chosen int) (string, error) {
	title := fmt.Sprintf("%s on %s, realisation %d", label, set, re.Index+1)
	crit := re.Criterion
	if crit == "" {
		crit = "selection criterion"
	}
	ylab := crit
	if len(re.LOOErrors) > 0 {
		ylab = "LOO statistic"
	}
	p := newPlot(title, "terms (nodes)", ylab)
	curve := func(v []float64) plotter.XYs {
		xy := make(plotter.XYs, len(v))
		for k, y := range v {
			xy[k] = plotter.XY{X: float64(k + 1), Y: y}
		}
		return xy
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	add := func(v []float64, c int) error {
		if len(v) == 0 {
			return nil
		}
		l, s, err := plotter.NewLinePoints(curve(v))
		if err != nil {
			return err
		}
		l.LineStyle = draw.LineStyle{Color: darkOf(c), Width: vg.Points(1.2)}
		s.GlyphStyle = draw.GlyphStyle{Color: darkOf(c), Radius: vg.Points(1.6), Shape: shapes[c]}
		p.Add(l, s)
		for _, y := range v {
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
		return nil
	}
	if err := add(re.LOOCurve, 0); err != nil {
		return "", err
	}
	if err := add(re.LOOErrors, 1); err != nil {
		return "", err
	}
	padAxis(&p.X, 1, float64(max(len(re.LOOCurve), len(re.LOOErrors))), 0.04)
	padAxis(&p.Y, lo, hi, 0.08)
	if chosen > 0 {
		l, err := plotter.NewLine(plotter.XYs{{X: float64(chosen), Y: p.Y.Min}, {X: float64(chosen), Y: p.Y.Max}})
		if err != nil {
			return "", err
		}
		l.LineStyle = draw.LineStyle{Color: black, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(4), vg.Points(2)}}
		p.Add(l)
		if chosen <= len(re.LOOCurve) {
			s, err := plotter.NewScatter(plotter.XYs{{X: float64(chosen), Y: re.LOOCurve[chosen-1]}})
			if err != nil {
				return "", err
			}
			s.GlyphStyle = draw.GlyphStyle{Color: black, Radius: vg.Points(4), Shape: draw.RingGlyph{}}
			p.Add(s)
		}
	}
	p.Add(plotter.NewGrid())
	p.X.Tick.Marker = plot.TickerFunc(intTicks)
	return svgOf(p, 330, 240, title)
}

var _ plot.Plotter = (*fill)(nil)
var _ plot.Plotter = (*ellipses)(nil)
