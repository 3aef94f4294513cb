package serve

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/model"
)

// work is the scratch of one request, pooled so that a request allocates (almost) nothing.
type work struct {
	body    []byte
	out     []byte
	tab     table
	f, z, p []float64
}

var workPool = sync.Pool{New: func() any { return new(work) }}

// maxPooled bounds the buffers a work keeps when it returns to the pool, so that a rare
// large request does not pin its memory.
const maxPooled = 1 << 20

func (w *work) release() {
	if cap(w.body) > maxPooled {
		w.body = nil
	}
	if cap(w.out) > maxPooled {
		w.out = nil
	}
	if cap(w.tab.vals) > maxPooled/8 {
		w.tab.vals = nil
	}
	clear(w.tab.unknown) // (drops the names, which may hold a request's body)
	w.tab.unknown = w.tab.unknown[:0]
	if cap(w.tab.unknown) > maxPooled/64 {
		w.tab.unknown = nil
	}
	workPool.Put(w)
}

func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	status, rows, unknown := http.StatusOK, 0, 0
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("panic serving a request", "path", r.URL.Path, "panic", fmt.Sprint(v))
			status = http.StatusInternalServerError
			writeError(w, status, "internal error")
		}
		d := time.Since(start)
		s.stats.record(status, rows, unknown, d)
		if s.log.Enabled(r.Context(), slog.LevelDebug) {
			attrs := []slog.Attr{slog.String("method", r.Method),
				slog.String("path", r.URL.Path), slog.Int("status", status), slog.Int("rows", rows),
				slog.Duration("duration", d), slog.String("remote", r.RemoteAddr)}
			if unknown > 0 {
				attrs = append(attrs, slog.Int("unknown_categories", unknown))
			}
			s.log.LogAttrs(r.Context(), slog.LevelDebug, "request", attrs...)
		}
	}()
	switch r.URL.Path {
	case "/predict":
		if r.Method != http.MethodPost {
			status = methodNotAllowed(w, "POST")
			return
		}
		status, rows, unknown = s.predict(w, r)
	case "/model":
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			status = methodNotAllowed(w, "GET, HEAD")
			return
		}
		writeJSON(w, http.StatusOK, s.current.Load().info)
	case "/healthz":
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			status = methodNotAllowed(w, "GET, HEAD")
			return
		}
		writeJSON(w, http.StatusOK, []byte("{\"status\":\"ok\"}\n"))
	default:
		status = http.StatusNotFound
		writeError(w, status, fmt.Sprintf("no endpoint %q: use POST /predict, GET /model or GET /healthz", r.URL.Path))
	}
}

func methodNotAllowed(w http.ResponseWriter, allow string) int {
	w.Header().Set("Allow", allow)
	writeError(w, http.StatusMethodNotAllowed, "method not allowed: use "+allow)
	return http.StatusMethodNotAllowed
}

// predict answers POST /predict; it returns the status, the number of rows predicted and the
// number of category names among them that the model does not know.
func (s *Server) predict(w http.ResponseWriter, r *http.Request) (status, rows, unknown int) {
	csvHeader, isCSV, err := bodyKind(r.Header.Get("Content-Type"))
	if err != nil {
		return fail(w, err), 0, 0
	}
	for _, ce := range r.Header.Values("Content-Encoding") { // (every header line, every coding)
		for c := range strings.SplitSeq(ce, ",") {
			if c = strings.TrimSpace(c); c != "" && !strings.EqualFold(c, "identity") {
				return fail(w, &requestError{http.StatusUnsupportedMediaType, fmt.Sprintf("unsupported Content-Encoding %q: send the body uncompressed", c)}), 0, 0
			}
		}
	}
	if r.ContentLength > s.cfg.MaxBody {
		return fail(w, tooLarge(s.cfg.MaxBody)), 0, 0
	}
	wk := workPool.Get().(*work)
	defer wk.release()
	wk.body, err = readBody(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody), r.ContentLength, wk.body[:0])
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return fail(w, tooLarge(s.cfg.MaxBody)), 0, 0
		}
		if errors.Is(err, os.ErrDeadlineExceeded) { // (a moment more to write the answer in)
			_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(time.Second))
			return fail(w, &requestError{http.StatusRequestTimeout, fmt.Sprintf("the body did not arrive within the read timeout (%v)", s.cfg.ReadTimeout)}), 0, 0
		}
		return fail(w, badRequest("reading the body: %v", err)), 0, 0
	}
	if rest, ok := bytes.CutPrefix(wk.body, []byte("\uFEFF")); ok { // a byte-order mark
		wk.body = append(wk.body[:0], rest...)
	}
	if what, _ := dataset.Sniff(wk.body); what != "" { // (curl --data-binary @rows.csv.gz)
		return fail(w, &requestError{http.StatusUnsupportedMediaType, "the body is " + what + ": send the rows uncompressed, as JSON or CSV text"}), 0, 0
	}
	lm := s.current.Load() // the model of this whole request
	m := lm.m
	t := &wk.tab
	t.reset(m.Inputs, s.cfg.MaxRows, lm.names, m.Features, m.Scaling.Fill != nil, lm.cats)
	if isCSV {
		if bytes.IndexByte(wk.body, '\n') < 0 { // lines ended by carriage returns alone (classic Mac), as the files' reader takes them
			for i, c := range wk.body {
				if c == '\r' {
					wk.body[i] = '\n'
				}
			}
		}
		err = parseCSV(wk.body, t, csvHeader)
	} else {
		err = parseJSON(wk.body, t)
	}
	if err != nil {
		return fail(w, err), 0, 0
	}
	wk.out, err = wk.predictions(wk.out[:0], lm, t)
	if err != nil {
		return fail(w, err), 0, 0
	}
	writeJSON(w, http.StatusOK, wk.out)
	return http.StatusOK, t.rows, len(t.unknown)
}

func tooLarge(limit int64) error {
	return &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body too large: the limit is %d bytes", limit)}
}

// bodyKind reads the Content-Type of a prediction request: JSON (also when absent) or CSV,
// with the CSV header parameter ("present", "absent" or "").
func bodyKind(ct string) (header string, isCSV bool, err error) {
	switch ct { // the common cases, without parsing
	case "", "application/json":
		return "", false, nil
	case "text/csv":
		return "", true, nil
	}
	mt, params, perr := mime.ParseMediaType(ct)
	if perr != nil {
		return "", false, &requestError{http.StatusUnsupportedMediaType, fmt.Sprintf("malformed Content-Type %q", ct)}
	}
	switch {
	case mt == "application/json" || mt == "text/json" || strings.HasSuffix(mt, "+json"):
		return "", false, nil
	case mt == "text/csv" || mt == "application/csv":
		h := params["header"]
		if h != "" && h != "present" && h != "absent" {
			return "", true, &requestError{http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: header must be present or absent", ct)}
		}
		return h, true, nil
	}
	return "", false, &requestError{http.StatusUnsupportedMediaType,
		fmt.Sprintf("unsupported Content-Type %q: send application/json or text/csv", mt)}
}

// readBody reads r into buf; n is the announced length (-1: unknown).
func readBody(r io.Reader, n int64, buf []byte) ([]byte, error) {
	if n > 0 && int64(cap(buf)) < n+1 {
		buf = make([]byte, 0, n+1) // +1: room to see the end without growing
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		k, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+k]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// predictions appends the JSON answer for the rows of t to b:
//
//	{"predictions": [{"label": "b", "decision": [0.7], "probabilities": {"a": 0.2, "b": 0.8}}, ...]}
//
// with "value" in place of "label" for a regressor, "probabilities" only when the model has
// a calibration, and "unknown_categories" only in a row with category names the model does
// not know (appendUnknown).
func (wk *work) predictions(b []byte, lm *loaded, t *table) ([]byte, error) {
	m := lm.m
	wk.f = grow(wk.f, lm.outputs)
	wk.z = grow(wk.z, lm.width) // the encoded inputs: more than Inputs where some are categorical
	wk.p = grow(wk.p, lm.classes)
	f, z, p := wk.f, wk.z, wk.p
	classify := m.Task == model.Classification
	unknown := t.unknown
	if len(unknown) > 1 { // in the order of the rows, and of the inputs in a row (object rows: in any order)
		slices.SortStableFunc(unknown, func(a, b unknownCategory) int {
			return cmp.Or(cmp.Compare(a.row, b.row), cmp.Compare(a.input, b.input))
		})
	}
	b = append(b, `{"predictions":[`...)
	for r := range t.rows {
		if err := m.DecisionTo(f, z, t.vals[r*m.Inputs:(r+1)*m.Inputs]); err != nil {
			return b, &requestError{http.StatusUnprocessableEntity, fmt.Sprintf("row %d: %v", r+1, err)}
		}
		if r > 0 {
			b = append(b, ',')
		}
		if classify {
			b = append(b, `{"label":`...)
			b = append(b, lm.labels[model.Class(f)]...)
		} else {
			b = append(b, `{"value":`...)
			b = strconv.AppendFloat(b, f[0], 'g', -1, 64)
		}
		b = append(b, `,"decision":[`...)
		for k, v := range f {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendFloat(b, v, 'g', -1, 64)
		}
		b = append(b, ']')
		if classify && m.Calibration != nil {
			m.Calibration.Apply(p, f)
			for _, v := range p {
				if !finite(v) { // decision values so large that A f overflows
					return b, &requestError{http.StatusUnprocessableEntity, fmt.Sprintf("row %d: class probabilities are not finite (decision values %v)", r+1, f)}
				}
			}
			b = append(b, `,"probabilities":{`...)
			for c, v := range p {
				if c > 0 {
					b = append(b, ',')
				}
				b = append(b, lm.probKeys[c]...)
				b = strconv.AppendFloat(b, v, 'g', -1, 64)
			}
			b = append(b, '}')
		}
		if len(unknown) > 0 && unknown[0].row == r {
			n := 1
			for n < len(unknown) && unknown[n].row == r {
				n++
			}
			b = appendUnknown(b, lm, unknown[:n])
			unknown = unknown[n:]
		}
		b = append(b, '}')
	}
	return append(b, "]}\n"...), nil
}

// appendUnknown appends the category names of a row that the model does not know, which it
// predicted from with no indicator set for them (model.Model.Encode):
//
//	,"unknown_categories":[{"input":2,"feature":"colour","category":"blue","line":3}]
//
// input counts the model's inputs from 1 (as the error messages count fields); feature is
// there where the model names its inputs, and line (a CSV body's line of the field) in
// answers to CSV bodies.
func appendUnknown(b []byte, lm *loaded, u []unknownCategory) []byte {
	b = append(b, `,"unknown_categories":[`...)
	for i, c := range u {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(append(b, `{"input":`...), int64(c.input+1), 10)
		if f := lm.m.Features; f != nil {
			b = appendString(append(b, `,"feature":`...), f[c.input])
		}
		b = appendString(append(b, `,"category":`...), c.name)
		if c.line > 0 {
			b = strconv.AppendInt(append(b, `,"line":`...), int64(c.line), 10)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendString appends s as a JSON string, as encoding/json writes it (invalid UTF-8 as
// U+FFFD).
func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // (a string always marshals)
	return append(b, q...)
}

// jsonType is the Content-Type header value of every answer (shared: never modified).
var jsonType = []string{"application/json"}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h["Content-Type"] = jsonType
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(status)
	w.Write(body)
}

// fail writes the error answer of err and returns its status.
func fail(w http.ResponseWriter, err error) int {
	status := http.StatusBadRequest
	var re *requestError
	if errors.As(err, &re) {
		status = re.status
	}
	writeError(w, status, err.Error())
	return status
}

func writeError(w http.ResponseWriter, status int, msg string) {
	b, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{msg})
	writeJSON(w, status, append(b, '\n'))
}

// logEvery logs the traffic since the previous line every interval, until ctx is done.
func (st *stats) logEvery(ctx context.Context, log *slog.Logger, every time.Duration) {
	if every < 0 {
		<-ctx.Done()
		return
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			st.flush(log, "traffic (final)")
			return
		case <-tick.C:
			st.flush(log, "traffic")
		}
	}
}
