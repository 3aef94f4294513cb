package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// benchModel is the load test's shape: 20 Gaussian nodes on 10 inputs, two classes,
// calibrated.
func benchModel() *model.Model {
	names := make([]string, 10)
	for j := range names {
		names[j] = fmt.Sprintf("f%d", j+1)
	}
	return handModel(model.Classification, 10, 20, []string{"no", "yes"}, names, true, 12)
}

// BenchmarkParse compares the hand-written parser with encoding/json decoding the same
// {"rows": [[...]]} body into [][]float64.
//
//	go test -run XXX -bench Parse -benchmem ./serve
func BenchmarkParse(b *testing.B) {
	for _, n := range []int{1, 1000} {
		body := []byte(`{"rows": ` + jsonRows(rows(n, 10, 3)) + `}`)
		b.Run(fmt.Sprintf("hand/rows=%d", n), func(b *testing.B) {
			var t table
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				t.reset(10, 1<<20, nil, nil, false, nil)
				if err := parseJSON(body, &t); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("encoding-json/rows=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				var req struct {
					Rows [][]float64 `json:"rows"`
				}
				if err := json.Unmarshal(body, &req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// discard is a minimal http.ResponseWriter.
type discard struct {
	h      http.Header
	status int
}

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(status int)      { d.status = status }

// BenchmarkHandler measures one POST /predict through the handler, without the network:
// parsing, predicting and writing the answer.
//
//	go test -run XXX -bench Handler -benchmem ./serve
func BenchmarkHandler(b *testing.B) {
	s, _ := newServer(b, benchModel(), Config{})
	h := s.Handler()
	for _, n := range []int{1, 1000} {
		body := []byte(`{"rows": ` + jsonRows(rows(n, 10, 3)) + `}`)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			rd := bytes.NewReader(body)
			req, _ := http.NewRequest("POST", "/predict", io.NopCloser(rd))
			req.Header.Set("Content-Type", "application/json")
			req.ContentLength = int64(len(body))
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				rd.Reset(body)
				w.status = 0
				h.ServeHTTP(w, req)
				if w.status != 200 {
					b.Fatal(w.status)
				}
			}
			b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
