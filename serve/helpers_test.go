package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// handModel builds a valid model by hand: random Gaussian nodes over the given number of
// inputs, one output for a regressor or two classes, one per class for three or more.
func handModel(task model.Task, inputs, nodes int, classes []string, features []string, calibrated bool, seed uint64) *model.Model {
	rng := rand.New(rand.NewPCG(seed, 7))
	m := &model.Model{Task: task, Method: "hand", Kernel: model.KernelGaussian, Inputs: inputs,
		Features: features, Classes: classes}
	for range inputs {
		m.Scaling.Mean = append(m.Scaling.Mean, rng.NormFloat64())
		m.Scaling.Std = append(m.Scaling.Std, 0.5+rng.Float64())
	}
	k := model.OutputsFor(task, len(classes))
	m.Weights = make([][]float64, k)
	for i := range nodes {
		nd := model.Node{Width: []float64{0.5 + rng.Float64()}}
		if i%2 == 1 { // some nodes with a width per input
			nd.Width = nil
			for range inputs {
				nd.Width = append(nd.Width, 0.5+rng.Float64())
			}
		}
		for range inputs {
			nd.Centre = append(nd.Centre, rng.NormFloat64())
		}
		m.Nodes = append(m.Nodes, nd)
		for o := range k {
			m.Weights[o] = append(m.Weights[o], 2*rng.NormFloat64())
		}
	}
	for range k {
		m.Bias = append(m.Bias, 0.1*rng.NormFloat64())
	}
	if calibrated {
		c := &model.Calibration{Method: "hand"}
		for range classes {
			row := make([]float64, k)
			for o := range row {
				row[o] = rng.NormFloat64()
			}
			c.A = append(c.A, row)
			c.B = append(c.B, rng.NormFloat64())
		}
		m.Calibration = c
	}
	if err := m.Check(); err != nil {
		panic(err)
	}
	return m
}

// The models of the tests.
func twoClass() *model.Model {
	return handModel(model.Classification, 2, 6, []string{"a", "b"}, []string{"x1", "x2"}, true, 1)
}

func threeClass() *model.Model {
	return handModel(model.Classification, 3, 8, []string{"red", "green", "blue"}, []string{"r", "g", "b"}, true, 2)
}

func regressor() *model.Model {
	m := handModel(model.Regression, 2, 5, nil, nil, false, 3)
	m.Range = []float64{-1, 1}
	return m
}

func uncalibrated() *model.Model {
	return handModel(model.Classification, 2, 4, []string{"no", "yes"}, nil, false, 4)
}

// withFill gives m fill values for its missing inputs (none zero, so that a missing value
// read as 0 shows) and returns it.
func withFill(m *model.Model) *model.Model {
	m.Scaling.Fill = make([]float64, m.Inputs)
	for j := range m.Scaling.Fill {
		m.Scaling.Fill[j] = 0.75 - 0.5*float64(j)
	}
	return m
}

// saveModel writes m to a file in a fresh temporary directory and returns its path.
func saveModel(t testing.TB, m *model.Model) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.json")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// syncBuffer is a bytes.Buffer safe for the concurrent writes of a logger.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newServer starts a Server for m, logging to the returned buffer.
func newServer(t testing.TB, m *model.Model, cfg Config) (*Server, *syncBuffer) {
	t.Helper()
	logs := new(syncBuffer)
	if cfg.ModelPath == "" {
		cfg.ModelPath = saveModel(t, m)
	}
	cfg.Logger = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, logs
}

// do sends one request to the handler and returns the status, the headers and the body.
func do(h http.Handler, method, path, contentType, body string) (int, http.Header, []byte) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, b
}

// answer is the decoded answer of POST /predict.
type answer struct {
	Predictions []prediction `json:"predictions"`
}

type prediction struct {
	Label         *string            `json:"label"`
	Value         *float64           `json:"value"`
	Decision      []float64          `json:"decision"`
	Probabilities map[string]float64 `json:"probabilities"`
	Unknown       []unknownEntry     `json:"unknown_categories,omitempty"`
}

// expect returns what the server must answer for the rows X of model m.
func expect(t testing.TB, m *model.Model, X [][]float64) []prediction {
	t.Helper()
	var out []prediction
	for _, x := range X {
		f, err := m.Decision(x)
		if err != nil {
			t.Fatal(err)
		}
		p := prediction{Decision: f}
		if m.Task == model.Classification {
			l, _ := m.Label(f)
			p.Label = &l
			if m.Calibration != nil {
				pr := make([]float64, len(m.Classes))
				m.Probabilities(pr, f)
				p.Probabilities = map[string]float64{}
				for c, v := range pr {
					p.Probabilities[m.Classes[c]] = v
				}
			}
		} else {
			v := f[0]
			p.Value = &v
		}
		out = append(out, p)
	}
	return out
}

// samePredictions compares answers exactly: the server writes floats in their shortest
// exact form, so they read back bit for bit.
func samePredictions(a, b []prediction) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// rows returns n rows of the given width with values in [-2, 2].
func rows(n, width int, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 11))
	X := make([][]float64, n)
	for i := range X {
		X[i] = make([]float64, width)
		for j := range X[i] {
			X[i][j] = math.Round(4000*rng.Float64()-2000) / 1000
		}
	}
	return X
}
