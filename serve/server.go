// Package serve is the HTTP prediction server of sparsekernel: it answers POST /predict
// with the labels (or values), decision values and class probabilities of rows sent as JSON
// or CSV, describes its model at GET /model, and reloads the model file on demand without
// dropping a request.
//
// Endpoints:
//
//	POST /predict  {"rows": [[x1, x2, ...], ...]}, [[...], ...], {"row": [...]},
//	               {"rows": [{"name": x, ...}, ...]} (by the model's feature names),
//	               or Content-Type text/csv (an optional header of feature names, in any order);
//	               a value is a number, or a categorical input's category name
//	GET  /model    the model's metadata
//	GET  /healthz  {"status": "ok"}
//
// A missing input is null in JSON, a feature left out of an object row, or in CSV an empty
// field or a marker such as NA or ? (dataset.IsMissing). A model with fill values
// (model.Scaling.Fill; GET /model says "fills_missing" and gives "fill") puts its fill value
// in its place; a model without them refuses it.
//
// A categorical input (model.Model.Categories; GET /model lists each one's categories under
// "categories") takes its category's name: in JSON a string, or a number, which names the
// category its text spells as written (1.5 is "1.5", and 3.0 is not "3"); in CSV the field's
// text, trimmed of spaces as a number is. It is missing where a numeric input would be: null
// or a left-out feature in JSON (where "NA" is a name), and in CSV an empty field or a marker
// unless that names one of the input's categories. Other JSON values are refused, and a
// string for a numeric input stays an error. A name the model was not trained on is predicted
// from as the model encodes an unknown category (no indicator set), and the answer's row says
// so:
//
//	{"predictions": [{"label": "b", "decision": [0.7],
//	    "unknown_categories": [{"input": 2, "feature": "colour", "category": "teal"}]}]}
//
// where input counts the model's inputs from 1, feature is given where the model names its
// inputs, and, for a CSV body, "line" is the line of the field, as the error messages give it.
// A row without unknown names has no "unknown_categories". Without a header parameter, a CSV
// body's first line is a header when it holds a feature name, or no number, missing value or
// known category: send a first row of unknown names only as "text/csv; header=absent".
//
// A bad request gets a 4xx status and a body {"error": "..."} naming the row (1-based) and
// the field at fault. Requests see the model that was current when they started: Reload swaps
// a fully loaded model in atomically, and keeps the old one when the file fails to load.
package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/sparsekernel/sparsekernel/internal/version"
	"github.com/sparsekernel/sparsekernel/model"
)

// Config configures a Server. Zero values mean the defaults below.
type Config struct {
	// ModelPath is the model file to serve and to reload.
	ModelPath string
	// MaxBody bounds a request body in bytes (default DefaultMaxBody); a larger one gets 413.
	MaxBody int64
	// MaxRows bounds the rows of one request (default DefaultMaxRows); more get 413.
	MaxRows int
	// ReadTimeout, WriteTimeout and IdleTimeout are those of http.Server (defaults 10 s,
	// 10 s, 120 s); ReadTimeout also bounds reading the headers.
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// ShutdownTimeout bounds the wait for in-flight requests when Run stops (default 10 s);
	// connections still busy after it are closed.
	ShutdownTimeout time.Duration
	// StatsEvery is the interval of the aggregate traffic log line at info level (default
	// one minute; negative: none). Each request is logged at debug level.
	StatsEvery time.Duration
	// Logger receives the server's structured logs (default: slog.Default()).
	Logger *slog.Logger
}

// The defaults of Config.
const (
	DefaultMaxBody         = 8 << 20
	DefaultMaxRows         = 10000
	DefaultReadTimeout     = 10 * time.Second
	DefaultWriteTimeout    = 10 * time.Second
	DefaultIdleTimeout     = 120 * time.Second
	DefaultShutdownTimeout = 10 * time.Second
	DefaultStatsEvery      = time.Minute
)

func (c *Config) defaults() {
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.MaxRows <= 0 {
		c.MaxRows = DefaultMaxRows
	}
	if c.ReadTimeout <= 0 {
		c.ReadTimeout = DefaultReadTimeout
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = DefaultWriteTimeout
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = DefaultIdleTimeout
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = DefaultShutdownTimeout
	}
	if c.StatsEvery == 0 {
		c.StatsEvery = DefaultStatsEvery
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
}

// Server serves one model file. Its methods are safe for concurrent use.
type Server struct {
	cfg     Config
	log     *slog.Logger
	current atomic.Pointer[loaded]
	stats   stats
	handler http.Handler
}

// loaded is a model with everything precomputed that requests need; it is never modified
// after it is published.
type loaded struct {
	m        *model.Model
	path     string
	at       time.Time
	names    map[string]int // feature name -> input index; nil without feature names
	labels   [][]byte       // JSON strings of the class labels
	probKeys [][]byte       // `"label":` for the probability objects
	classes  int
	outputs  int
	width    int // m.Width(): the scratch of model.Model.DecisionTo
	// cats[j] maps the names of categorical input j's categories to their indices (nil for a
	// numeric input); nil for a model without categorical inputs.
	cats []map[string]int
	info []byte // the GET /model answer
}

// New loads the model file of cfg and returns a server for it. An empty ModelPath is an
// error, as is a file that model.Load refuses (its errors, unwrapped).
func New(cfg Config) (*Server, error) {
	if cfg.ModelPath == "" {
		return nil, errors.New("serve: Config.ModelPath is empty: name the model file to serve")
	}
	m, err := model.Load(cfg.ModelPath)
	if err != nil {
		return nil, err
	}
	return NewFor(m, cfg)
}

// NewFor returns a server for the model m, held in memory (one a program has just fitted, say),
// after checking it whole (model.Model.Check: an error wrapping model.ErrInvalid). Reload reads
// cfg.ModelPath where it is set; without it Reload is an error and the server keeps m. The
// server reads m as it is: do not modify m while it serves.
func NewFor(m *model.Model, cfg Config) (*Server, error) {
	if m == nil {
		return nil, fmt.Errorf("serve: %w: no model (a nil *model.Model)", model.ErrInvalid)
	}
	cfg.defaults()
	s := &Server{cfg: cfg, log: cfg.Logger}
	lm, err := prepare(m, cfg.ModelPath, time.Now())
	if err != nil {
		return nil, err
	}
	s.current.Store(lm)
	s.handler = http.HandlerFunc(s.serveHTTP)
	return s, nil
}

// Model returns the model being served.
func (s *Server) Model() *model.Model { return s.current.Load().m }

// Reload reads the model file again and serves it from the next request on. When the file
// fails to load, the current model stays, the failure is logged, and the error is returned.
// The SIGHUP handler of `sparsekernel serve` calls it.
func (s *Server) Reload() error {
	lm, err := s.load()
	if err != nil {
		s.log.Error("reload failed; keeping the current model", "path", s.cfg.ModelPath, "error", err.Error())
		return err
	}
	old := s.current.Swap(lm)
	s.log.Info("model reloaded", "path", lm.path, "task", string(lm.m.Task), "method", lm.m.Method,
		"nodes", lm.m.Size(), "inputs", lm.m.Inputs, "previous_loaded_at", old.at.Format(time.RFC3339Nano))
	return nil
}

func (s *Server) load() (*loaded, error) {
	if s.cfg.ModelPath == "" {
		return nil, errors.New("serve: the model was given in memory (NewFor without Config.ModelPath): there is no file to reload")
	}
	m, err := model.Load(s.cfg.ModelPath)
	if err != nil {
		return nil, err
	}
	return prepare(m, s.cfg.ModelPath, time.Now())
}

// ModelInfo is the answer of GET /model.
type ModelInfo struct {
	Task          string   `json:"task"`
	Method        string   `json:"method"`
	Kernel        string   `json:"kernel"`
	Classes       []string `json:"classes,omitempty"`
	Inputs        int      `json:"inputs"`
	Features      []string `json:"features,omitempty"`
	Size          int      `json:"size"`
	Outputs       int      `json:"outputs"`
	Probabilities bool     `json:"probabilities"`
	WrittenBy     string   `json:"written_by,omitempty"`
	Server        string   `json:"server"`
	Path          string   `json:"path"`
	LoadedAt      string   `json:"loaded_at"`
	// Samples and LOOError come from the model's training record.
	Samples  int     `json:"samples,omitempty"`
	LOOError float64 `json:"loo_error"`
	// FillsMissing says that the model puts Fill in place of a missing input; a model without
	// it refuses one. Fill holds raw values, one an input in the order of the inputs, except
	// that a categorical input has one a category, in the order of Categories: the fill of
	// its category's indicator (model.Scaling.Fill, over the model's encoded inputs).
	FillsMissing bool      `json:"fills_missing"`
	Fill         []float64 `json:"fill,omitempty"`
	// Categories, where the model has categorical inputs, has one entry an input, in the
	// order of the inputs: null for a numeric input, or the names of a categorical input's
	// categories, one of which a request sends for it (model.Model.Categories).
	Categories [][]string `json:"categories,omitempty"`
}

func prepare(m *model.Model, path string, at time.Time) (*loaded, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	lm := &loaded{m: m, path: path, at: at, classes: len(m.Classes), outputs: m.Outputs(), width: m.Width()}
	if m.Features != nil {
		lm.names = make(map[string]int, len(m.Features))
		for j, f := range m.Features { // (distinct: Check)
			lm.names[f] = j
		}
	}
	for j, c := range m.Categories {
		if len(c) == 0 { // a number (model.Model.Encode)
			continue
		}
		if lm.cats == nil {
			lm.cats = make([]map[string]int, m.Inputs)
		}
		lm.cats[j] = make(map[string]int, len(c))
		for i, name := range c {
			lm.cats[j][name] = i
		}
	}
	for _, c := range m.Classes {
		q, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		lm.labels = append(lm.labels, q)
		lm.probKeys = append(lm.probKeys, append(q, ':'))
	}
	info := ModelInfo{
		Task: string(m.Task), Method: m.Method, Kernel: m.Kernel, Classes: m.Classes, Inputs: m.Inputs,
		Features: m.Features, Size: m.Size(), Outputs: m.Outputs(), Probabilities: m.Calibration != nil,
		WrittenBy: m.WrittenBy, Server: version.String(), Path: path, LoadedAt: at.UTC().Format(time.RFC3339Nano),
		Samples: m.Training.Samples, LOOError: m.Training.LOOError,
		FillsMissing: m.Scaling.Fill != nil, Fill: m.Scaling.Fill, Categories: categoriesInfo(m.Categories),
	}
	var err error
	if lm.info, err = json.Marshal(info); err != nil {
		return nil, err
	}
	lm.info = append(lm.info, '\n')
	return lm, nil
}

// categoriesInfo returns the categories of GET /model: nil where no input is categorical, and
// nil for a numeric input.
func categoriesInfo(cats [][]string) [][]string {
	var out [][]string
	for j, c := range cats {
		if len(c) > 0 {
			if out == nil {
				out = make([][]string, len(cats))
			}
			out[j] = c
		}
	}
	return out
}

// Handler returns the HTTP handler of the endpoints.
func (s *Server) Handler() http.Handler { return s.handler }

// HTTPServer returns an http.Server for the handler with the configured timeouts.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.handler,
		ReadTimeout:       s.cfg.ReadTimeout,
		ReadHeaderTimeout: s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// Run serves on ln until ctx is done, then shuts down gracefully: it stops accepting
// connections and waits up to Config.ShutdownTimeout for the requests in flight, closing
// whatever is left after that. It returns nil after a shutdown that finished in time.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	hs := s.HTTPServer()
	lm := s.current.Load()
	s.log.Info("listening", "addr", ln.Addr().String(), "model", lm.path, "task", string(lm.m.Task),
		"nodes", lm.m.Size(), "inputs", lm.m.Inputs, "version", version.String())
	statsDone := make(chan struct{})
	statsCtx, stopStats := context.WithCancel(context.Background())
	go func() {
		defer close(statsDone)
		s.stats.logEvery(statsCtx, s.log, s.cfg.StatsEvery)
	}()
	defer func() { stopStats(); <-statsDone }()

	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err // the listener failed
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "timeout", s.cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	err := hs.Shutdown(sctx)
	if err != nil {
		s.log.Warn("shutdown timed out; closing the remaining connections", "error", err.Error())
		hs.Close()
	}
	if serr := <-served; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	s.log.Info("stopped")
	return err
}
