package report

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

// gridSize is the number of cells per axis on which the decision regions are evaluated.
const gridSize = 150

// regionSize is the width and height of a decision-region figure.
const regionSize = 330

// ErrNot2D reports a model or data set that does not have two inputs.
var ErrNot2D = errors.New("decision regions need two inputs")

// RegionsSVG writes, as a standalone SVG document, the decision regions of a two-input
// classifier over the range of X: the area each class takes, the boundary f = 0 (two
// classes), the points of X (labels[i] is the class index of row i into m.Classes, or nil
// to draw them all alike) and each Gaussian node as an ellipse: its 1-sigma contour, the
// set of raw inputs x with sum_j ((x_j - centre_j) / (Std_j sqrt(s_j)))^2 = 1, where s_j is
// the node's variance for input j in standardised units and Std_j the model's scaling (a
// wavelet node shows the same contour for its dilation a). A node's ellipse takes the colour
// of the class its weight pushes towards.
func RegionsSVG(w io.Writer, m *model.Model, X [][]float64, labels []int) error {
	spec, err := modelRegions(m, X, labels)
	if err != nil {
		return err
	}
	spec.title = fmt.Sprintf("%s: %s", m.Method, words.Count(m.Size(), "node"))
	p, err := spec.plot()
	if err != nil {
		return err
	}
	b, err := drawSVG(p, regionSize, regionSize)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// regions describes a decision-region figure.
type regions struct {
	title      string
	xlab, ylab string
	X          [][]float64
	class      []int // of each row of X; nil: all drawn alike
	classes    int
	// decide returns the class of x and, for two classes, the decision value (f > 0: class 1).
	decide   func(x []float64) (class int, f float64, err error)
	contours []float64 // levels of f to draw (the first solid, the others dashed)
	nodes    []ellipse
	rings    [][]float64 // points to circle (support vectors)
}

// ellipse is an axis-aligned ellipse in raw input units.
type ellipse struct {
	cx, cy, rx, ry float64
	class          int
}

func modelRegions(m *model.Model, X [][]float64, labels []int) (*regions, error) {
	if m == nil {
		return nil, errors.New("no model")
	}
	if m.Task != model.Classification || len(m.Classes) < 2 {
		return nil, model.ErrNotClassifier
	}
	if m.Inputs != 2 {
		return nil, fmt.Errorf("%w: the model has %d", ErrNot2D, m.Inputs)
	}
	if m.Width() != 2 {
		return nil, fmt.Errorf("%w: the model's inputs are categorical, of %d 0/1 inputs in all", ErrNot2D, m.Width())
	}
	if err := check2D(X, labels, len(m.Classes)); err != nil {
		return nil, err
	}
	r := &regions{X: X, class: labels, classes: len(m.Classes), xlab: "x1", ylab: "x2"}
	if len(m.Features) == 2 {
		r.xlab, r.ylab = m.Features[0], m.Features[1]
	}
	f, z := make([]float64, m.Outputs()), make([]float64, m.Inputs)
	r.decide = func(x []float64) (int, float64, error) {
		if err := m.DecisionTo(f, z, x); err != nil {
			return 0, 0, err
		}
		return model.Class(f), f[0], nil
	}
	if m.Outputs() == 1 {
		r.contours = []float64{0}
	}
	r.nodes = nodeEllipses(m)
	return r, nil
}

func check2D(X [][]float64, labels []int, classes int) error {
	if len(X) == 0 {
		return errors.New("decision regions: no data points")
	}
	if labels != nil && len(labels) != len(X) {
		return fmt.Errorf("decision regions: %d labels for %d points", len(labels), len(X))
	}
	for i, x := range X {
		if len(x) != 2 {
			return fmt.Errorf("%w: row %d has %d values", ErrNot2D, i+1, len(x))
		}
		if !finite(x[0]) || !finite(x[1]) {
			return fmt.Errorf("decision regions: row %d is not finite", i+1)
		}
		if labels != nil && (labels[i] < 0 || labels[i] >= classes) {
			return fmt.Errorf("decision regions: label %d of row %d is not a class index in [0, %d)", labels[i], i+1, classes)
		}
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// nodeEllipses returns the 1-sigma contours of the model's kernel nodes in raw units (a
// linear node, a direction with no centre, has none; nor has a quadratic node, a class's
// log-density over the whole plane).
func nodeEllipses(m *model.Model) []ellipse {
	out := make([]ellipse, 0, len(m.Nodes))
	for i, nd := range m.Nodes {
		if nd.Kind != "" {
			continue
		}
		var sd [2]float64 // standard deviations in standardised units
		for j := range sd {
			w := nd.Width[0]
			if len(nd.Width) > j && len(nd.Width) == m.Inputs {
				w = nd.Width[j]
			}
			if m.Kernel == model.KernelWavelet {
				sd[j] = nd.Width[0] // the envelope exp(-d^2/(2a^2)) has standard deviation a
			} else {
				sd[j] = math.Sqrt(w)
			}
		}
		// The centre and the half-widths in raw units (by the span of one standard deviation
		// each way, where a power transform of the inputs bends the ellipse).
		half := func(j int) float64 { return math.Abs(m.Raw(j, nd.Centre[j]+sd[j])-m.Raw(j, nd.Centre[j]-sd[j])) / 2 }
		e := ellipse{cx: m.Raw(0, nd.Centre[0]), rx: half(0), cy: m.Raw(1, nd.Centre[1]), ry: half(1)}
		if len(m.Weights) == 1 {
			if m.Weights[0][i] > 0 {
				e.class = 1
			}
		} else {
			for k := range m.Weights {
				if m.Weights[k][i] > m.Weights[e.class][i] {
					e.class = k
				}
			}
		}
		out = append(out, e)
	}
	return out
}

// plot draws the figure.
func (r *regions) plot() (*plot.Plot, error) {
	x0, x1, y0, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, x := range r.X {
		x0, x1 = math.Min(x0, x[0]), math.Max(x1, x[0])
		y0, y1 = math.Min(y0, x[1]), math.Max(y1, x[1])
	}
	p := newPlot(r.title, r.xlab, r.ylab)
	padAxis(&p.X, x0, x1, 0.04)
	padAxis(&p.Y, y0, y1, 0.04)
	g := &grid{x0: p.X.Min, y0: p.Y.Min, dx: (p.X.Max - p.X.Min) / gridSize, dy: (p.Y.Max - p.Y.Min) / gridSize,
		n: gridSize, cls: make([]int, gridSize*gridSize), f: make([]float64, gridSize*gridSize)}
	x := make([]float64, 2)
	for row := range g.n {
		for col := range g.n {
			x[0], x[1] = g.X(col), g.Y(row)
			c, f, err := r.decide(x)
			if err != nil {
				return nil, fmt.Errorf("decision regions at (%g, %g): %w", x[0], x[1], err)
			}
			g.cls[row*g.n+col], g.f[row*g.n+col] = c, f
		}
	}
	p.Add(&fill{g})
	if len(r.contours) > 0 && g.Min() < 0 && g.Max() > 0 {
		c := plotter.NewContour(g, r.contours, nil)
		c.LineStyles = nil
		for i := range r.contours {
			ls := draw.LineStyle{Color: black, Width: vg.Points(1.4)}
			if r.contours[i] != 0 {
				ls = draw.LineStyle{Color: grey, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
			}
			c.LineStyles = append(c.LineStyles, ls)
		}
		p.Add(c)
	}
	if len(r.nodes) > 0 {
		p.Add(&ellipses{r.nodes})
	}
	byClass := make([]plotter.XYs, max(r.classes, 1))
	for i, x := range r.X {
		c := 0
		if r.class != nil {
			c = r.class[i]
		}
		byClass[c] = append(byClass[c], plotter.XY{X: x[0], Y: x[1]})
	}
	for c, xy := range byClass {
		if len(xy) == 0 {
			continue
		}
		s, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: darkOf(c), Radius: vg.Points(1.7), Shape: shapes[c%len(shapes)]}
		if r.class == nil {
			s.GlyphStyle.Color = grey
		}
		p.Add(s)
	}
	if len(r.rings) > 0 {
		xy := make(plotter.XYs, len(r.rings))
		for i, v := range r.rings {
			xy[i] = plotter.XY{X: v[0], Y: v[1]}
		}
		s, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: black, Radius: vg.Points(3.6), Shape: draw.RingGlyph{}}
		p.Add(s)
	}
	return p, nil
}

// grid holds the classes and decision values at the cell centres (plotter.GridXYZ).
type grid struct {
	x0, y0, dx, dy float64
	n              int
	cls            []int
	f              []float64
}

func (g *grid) Dims() (c, r int)   { return g.n, g.n }
func (g *grid) Z(c, r int) float64 { return g.f[r*g.n+c] }
func (g *grid) X(c int) float64    { return g.x0 + (float64(c)+0.5)*g.dx }
func (g *grid) Y(r int) float64    { return g.y0 + (float64(r)+0.5)*g.dy }
func (g *grid) Min() float64 {
	m := math.Inf(1)
	for _, v := range g.f {
		m = math.Min(m, v)
	}
	return m
}
func (g *grid) Max() float64 {
	m := math.Inf(-1)
	for _, v := range g.f {
		m = math.Max(m, v)
	}
	return m
}

// fill paints each grid row as runs of cells of one class.
type fill struct{ g *grid }

func (f *fill) Plot(c draw.Canvas, p *plot.Plot) {
	g := f.g
	trX, trY := p.Transforms(&c)
	for row := range g.n {
		// Rectangles overlap their neighbours by a fraction of a point, so that no hairline
		// of the background shows between them.
		ya := max(trY(g.y0+float64(row)*g.dy)-0.3, c.Min.Y)
		yb := trY(g.y0 + float64(row+1)*g.dy)
		for i := 0; i < g.n; {
			cls := g.cls[row*g.n+i]
			j := i
			for j < g.n && g.cls[row*g.n+j] == cls {
				j++
			}
			xa := trX(g.x0 + float64(i)*g.dx)
			xb := min(trX(g.x0+float64(j)*g.dx)+0.3, c.Max.X)
			c.FillPolygon(lightOf(cls), []vg.Point{{X: xa, Y: ya}, {X: xb, Y: ya}, {X: xb, Y: yb}, {X: xa, Y: yb}})
			i = j
		}
	}
}

// ellipses draws node contours, clipped to the data area, and a cross at each centre.
type ellipses struct{ e []ellipse }

func (el *ellipses) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	const steps = 96
	for _, e := range el.e {
		pts := make([]vg.Point, steps+1)
		for k := range pts {
			t := 2 * math.Pi * float64(k) / steps
			pts[k] = vg.Point{X: trX(e.cx + e.rx*math.Cos(t)), Y: trY(e.cy + e.ry*math.Sin(t))}
		}
		col := darkOf(e.class)
		c.StrokeLines(draw.LineStyle{Color: col, Width: vg.Points(1.1)}, c.ClipLinesXY(pts)...)
		ctr := vg.Point{X: trX(e.cx), Y: trY(e.cy)}
		if c.Contains(ctr) {
			c.DrawGlyph(draw.GlyphStyle{Color: color.RGBA{A: 0xff}, Radius: vg.Points(2.6), Shape: draw.PlusGlyph{}}, ctr)
		}
	}
}
