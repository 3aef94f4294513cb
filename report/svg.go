package report

import (
	"bytes"
	"fmt"
	"html"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// sans is the face of every text in the figures; the SVG names it with fallbacks (see svgOf),
// so that a browser without Liberation Sans picks a sans-serif of similar metrics.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// newPlot returns a plot with the report's fonts and a white background.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	set := func(s *text.Style, size vg.Length) { s.Font = font.From(sans, size) }
	set(&p.Title.TextStyle, 11)
	set(&p.X.Label.TextStyle, 10)
	set(&p.Y.Label.TextStyle, 10)
	set(&p.X.Tick.Label, 8.5)
	set(&p.Y.Tick.Label, 8.5)
	set(&p.Legend.TextStyle, 8.5)
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, xlabel, ylabel
	p.Title.Padding = vg.Points(6)
	return p
}

// svgOf draws p on a w x h point canvas and returns the SVG element for inlining in HTML:
// without the XML prolog, with a <title> for screen readers and font fallbacks.
func svgOf(p *plot.Plot, w, h vg.Length, label string) (svg string, err error) {
	b, err := drawSVG(p, w, h)
	if err != nil {
		return "", err
	}
	s := string(b)
	i := strings.Index(s, "<svg")
	if i < 0 {
		return "", fmt.Errorf("plot of %q: no <svg> element", label)
	}
	s = s[i:]
	j := strings.IndexByte(s, '>')
	return s[:j] + ` role="img" class="fig">` + "\n<title>" + html.EscapeString(label) + "</title>" + s[j+1:], nil
}

// drawSVG draws p as a standalone SVG document.
func drawSVG(p *plot.Plot, w, h vg.Length) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil { // gonum/plot panics on data it cannot draw
			err = fmt.Errorf("drawing %q: %v", p.Title.Text, r)
		}
	}()
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	s := strings.ReplaceAll(buf.String(), "font-family:Liberation Sans;", "font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;")
	return []byte(s), nil
}

// Colours: a dark and a light tone per class or method (ColorBrewer-like, distinguishable in
// greyscale through the glyph shapes as well).
var (
	dark = []color.RGBA{
		{0x21, 0x66, 0xac, 0xff}, // blue
		{0xd9, 0x5f, 0x02, 0xff}, // orange
		{0x1b, 0x78, 0x37, 0xff}, // green
		{0x76, 0x2a, 0x83, 0xff}, // purple
		{0xb2, 0x18, 0x2b, 0xff}, // red
		{0x01, 0x85, 0x71, 0xff}, // teal
		{0x8c, 0x51, 0x0a, 0xff}, // brown
		{0x4d, 0x4d, 0x4d, 0xff}, // grey
	}
	light = []color.RGBA{
		{0xd1, 0xe5, 0xf0, 0xff},
		{0xfd, 0xdb, 0xc7, 0xff},
		{0xd9, 0xf0, 0xd3, 0xff},
		{0xe7, 0xd4, 0xe8, 0xff},
		{0xf4, 0xa5, 0x82, 0xff},
		{0xc7, 0xea, 0xe5, 0xff},
		{0xf6, 0xe8, 0xc3, 0xff},
		{0xe0, 0xe0, 0xe0, 0xff},
	}
	// filled shapes mark sparsekernel's results and the classes, hollow ones the peers
	shapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.PyramidGlyph{}, draw.BoxGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}
	hollow = []draw.GlyphDrawer{draw.RingGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}}
	black  = color.RGBA{0, 0, 0, 0xff}
	grey   = color.RGBA{0x88, 0x88, 0x88, 0xff}
)

func darkOf(i int) color.RGBA  { return dark[i%len(dark)] }
func lightOf(i int) color.RGBA { return light[i%len(light)] }

// cssColor returns the colour as #rrggbb.
func cssColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// logTicks marks 1, 2 and 5 times the powers of ten in [min, max] (every integer digit as a
// minor tick), so that a narrow log axis still has labels.
func logTicks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	if !(min > 0) || !(max > min) {
		return ticks
	}
	for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
		base := math.Pow(10, e)
		for d := 1; d <= 9; d++ {
			v := float64(d) * base
			if v < min*(1-1e-9) || v > max*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if d == 1 || d == 2 || d == 5 {
				t.Label = strconv.FormatFloat(v, 'g', -1, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// intTicks marks integers in [min, max] at a step of 1, 2 or 5 times a power of ten, so that
// about five are labelled.
func intTicks(min, max float64) []plot.Tick {
	step := 1.0
	for (max-min)/step > 6 {
		switch m := step / math.Pow(10, math.Floor(math.Log10(step))); m {
		case 1, 5:
			step *= 2
		default:
			step *= 2.5
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(min/step) * step; v <= max; v += step {
		v += 0 // -0 (the ceiling of a small negative min) is 0: no "-0" label
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ticks
}

// logAxis makes ax logarithmic over the positive values vals, widened by the factor margin
// on each side.
func logAxis(ax *plot.Axis, vals []float64, margin float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vals {
		if v > 0 {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if math.IsInf(lo, 0) {
		lo, hi = 1, 10
	}
	ax.Scale = plot.LogScale{}
	ax.Tick.Marker = plot.TickerFunc(logTicks)
	ax.Min, ax.Max = lo/margin, hi*margin
}

// padAxis sets ax to [lo, hi] widened by frac of its length on each side (and made non-empty).
func padAxis(ax *plot.Axis, lo, hi, frac float64) {
	if !(hi > lo) {
		d := math.Max(math.Abs(lo)*0.1, 1)
		lo, hi = lo-d, hi+d
	}
	d := (hi - lo) * frac
	ax.Min, ax.Max = lo-d, hi+d
}
