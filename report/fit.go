package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/bench"
	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

// Regions is the decision-region figure of a two-input data set: a model of ours with the
// training points it was fitted on, and optionally an SVC fitted on the same points.
type Regions struct {
	Dataset string
	Model   *model.Model
	X       [][]float64
	Labels  []string // class label of each row (one of Model.Classes)
	SVC     *SVC     // optional
	// Note says how the model was obtained; it is shown under the figure.
	Note string
}

// OpenSource returns the benchmark that data names: a benchmark folder (dataset.ReadFolder),
// the name of a generated benchmark (bench.Generators, e.g. "ripley"), or a labelled data
// file (CSV with the label last, or LIBSVM), which is one realisation with no test split.
func OpenSource(data string) (bench.Source, error) {
	st, err := os.Stat(data)
	switch {
	case err == nil && st.IsDir():
		f, err := dataset.ReadFolder(data)
		if err != nil {
			return nil, err
		}
		return bench.NewFolderSource(f, ""), nil
	case err != nil && bench.Generators[data] != nil:
		return bench.Generators[data](1000), nil // realisations are drawn on demand
	case err != nil:
		return nil, fmt.Errorf("%s: neither a file, a folder nor a generated benchmark (%s)", data, strings.Join(bench.GeneratorNames(), ", "))
	}
	t, err := dataset.ReadFile(data, dataset.CSVOptions{})
	if err != nil {
		return nil, err
	}
	return &fileSource{name: strings.TrimSuffix(filepath.Base(data), filepath.Ext(data)), t: t}, nil
}

// fileSource is a data file as a one-realisation classification benchmark without test rows.
type fileSource struct {
	name string
	t    *dataset.Table
}

func (s *fileSource) Name() string     { return s.name }
func (s *fileSource) Len() int         { return 1 }
func (s *fileSource) Task() model.Task { return model.Classification }
func (s *fileSource) Metric() string   { return bench.ErrorPercent }
func (s *fileSource) Split(k int) (train, test bench.Split, err error) {
	if k != 0 {
		return train, test, fmt.Errorf("%s: a data file has one realisation, not %d", s.name, k+1)
	}
	return bench.Split{X: s.t.X, Labels: s.t.Labels}, bench.Split{}, nil
}

// FitRegions trains the model of the data set's decision-region figure: for the result of
// ours on the set named name with the given method ("" for the one with the lowest mean
// test error among those that recorded their options, else among all), it refits that result's first realisation with the options and seed the run
// recorded (bench.Run uses seed Options.Seed + realisation), so that the model drawn is the
// one benchmarked; a result without a recorded run is refitted with the default options and
// seed 1 + realisation, and a set without results with the defaults on realisation 1. The
// note tells which, and compares size and test error with the benchmark's.
func FitRegions(name string, src bench.Source, results []*Result, method string) (*Regions, error) {
	if src == nil {
		return nil, fmt.Errorf("%s: no benchmark source", name)
	}
	if src.Task() != model.Classification {
		return nil, fmt.Errorf("%s: decision regions need a classification set", name)
	}
	var best *Result
	for _, r := range results {
		if r == nil || r.Dataset != name || r.Peer || (method != "" && r.Method != method) {
			continue
		}
		// Prefer a result whose run recorded its options: its model can be refitted exactly.
		if best == nil || recorded(r) && !recorded(best) || recorded(r) == recorded(best) && r.TestErrorMean < best.TestErrorMean {
			best = r
		}
	}
	if best == nil && method != "" {
		return nil, fmt.Errorf("%s: no result of method %q to draw", name, method)
	}
	opt := sparsekernel.Options{Method: method, Seed: 1}
	k := 0
	var note []string
	if best != nil {
		if len(best.PerRealisation) > 0 {
			k = best.PerRealisation[0].Index
		}
		opt = sparsekernel.Options{Method: best.Method, Seed: 1}
		switch {
		case best.Run == nil || len(best.Run.Options) == 0:
			note = append(note, fmt.Sprintf("%s:%d records no options: refitted with the defaults and seed %d", best.Source, best.Line, 1+k))
		default:
			if err := json.Unmarshal(best.Run.Options, &opt); err != nil {
				return nil, fmt.Errorf("%s:%d: run options: %v", best.Source, best.Line, err)
			}
			opt.Method = best.Method
			note = append(note, fmt.Sprintf("refitted with the options of %s:%d", best.Source, best.Line))
		}
	} else {
		note = append(note, "no result for this set: default options")
	}
	if k >= src.Len() {
		return nil, fmt.Errorf("%s: realisation %d not in %d", name, k+1, src.Len())
	}
	opt.Seed += uint64(k)
	opt.Task = model.Classification
	opt.Workers = 0
	train, test, err := src.Split(k)
	if err != nil {
		return nil, err
	}
	m, err := sparsekernel.FitLabels(train.X, train.Labels, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: realisation %d: %w", name, k+1, err)
	}
	if m.Inputs != 2 {
		return nil, fmt.Errorf("%s: %w: it has %d", name, ErrNot2D, m.Inputs)
	}
	s := fmt.Sprintf("realisation %d, seed %d: %s", k+1, opt.Seed, words.Count(m.Size(), "node"))
	if best != nil && len(best.PerRealisation) > 0 {
		s += fmt.Sprintf(" (benchmark: %d)", best.PerRealisation[0].Size)
	}
	if len(test.X) > 0 {
		idx, _ := dataset.IndicesKnown(test.Labels, m.Classes) // a class training lacks: -1, wrong
		target := make([]float64, len(idx))
		for i, c := range idx {
			target[i] = float64(c)
		}
		if e, err := bench.Score(m, test.X, target, bench.ErrorPercent); err == nil {
			s += fmt.Sprintf(", test error %.2f %%", e)
			if best != nil && len(best.PerRealisation) > 0 {
				s += fmt.Sprintf(" (benchmark: %.2f %%)", best.PerRealisation[0].TestError)
			}
		}
	}
	note = append(note, s)
	return &Regions{Dataset: name, Model: m, X: train.X, Labels: train.Labels, Note: strings.Join(note, "; ")}, nil
}

func recorded(r *Result) bool { return r.Run != nil && len(r.Run.Options) > 0 }

// labelIndices returns the class index into classes of each label.
func labelIndices(labels, classes []string) ([]int, error) {
	pos := make(map[string]int, len(classes))
	for i, c := range classes {
		pos[c] = i
	}
	out := make([]int, len(labels))
	for i, l := range labels {
		c, ok := pos[l]
		if !ok {
			return nil, fmt.Errorf("row %d: label %q is not a class of the model", i+1, l)
		}
		out[i] = c
	}
	return out, nil
}

// figures returns the SVG elements of the figure: our model's regions and, if there is one,
// the SVC's.
func (r *Regions) figures() (ours, svc string, err error) {
	labels, err := labelIndices(r.Labels, r.Model.Classes)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", r.Dataset, err)
	}
	spec, err := modelRegions(r.Model, r.X, labels)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", r.Dataset, err)
	}
	spec.title = fmt.Sprintf("%s: %s (1-sigma ellipses)", r.Model.Method, words.Count(r.Model.Size(), "node"))
	p, err := spec.plot()
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", r.Dataset, err)
	}
	ours, err = svgOf(p, regionSize, regionSize, r.Dataset+": decision regions of "+r.Model.Method)
	if err != nil || r.SVC == nil {
		return ours, "", err
	}
	s := r.SVC
	if s.Inputs() != 2 {
		return "", "", fmt.Errorf("%s: SVC: %w: it has %d", r.Dataset, ErrNot2D, s.Inputs())
	}
	// Colour the SVC's classes as the model's, by label.
	cls := [2]int{0, 1}
	for i, c := range s.Classes {
		for j, mc := range r.Model.Classes {
			if c == mc {
				cls[i] = j
			}
		}
	}
	if cls[0] == cls[1] {
		return "", "", fmt.Errorf("%s: the SVC's classes %q are not the model's %q", r.Dataset, s.Classes, r.Model.Classes)
	}
	sp := &regions{X: r.X, class: labels, classes: len(r.Model.Classes), xlab: spec.xlab, ylab: spec.ylab,
		rings: s.Support, contours: []float64{-1, 0, 1}}
	sp.decide = func(x []float64) (int, float64, error) {
		f := s.Decision(x)
		if !finite(f) {
			return 0, 0, errors.New("SVC decision value is not finite")
		}
		if f > 0 {
			return cls[1], f, nil
		}
		return cls[0], f, nil
	}
	sp.title = fmt.Sprintf("SVC (C = %g, gamma = %g): %d support vectors", s.C, s.Gamma, len(s.Support))
	p, err = sp.plot()
	if err != nil {
		return "", "", fmt.Errorf("%s: SVC: %w", r.Dataset, err)
	}
	svc, err = svgOf(p, regionSize, regionSize, r.Dataset+": decision regions of the SVC")
	return ours, svc, err
}
