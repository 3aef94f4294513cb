package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sparsekernel/sparsekernel/model"
)

func TestReload(t *testing.T) {
	first, second := twoClass(), regressor()
	path := saveModel(t, first)
	s, logs := newServer(t, nil, Config{ModelPath: path})
	h := s.Handler()
	status, _, body := do(h, "POST", "/predict", "", "[[1,2]]")
	if status != 200 || !strings.Contains(string(body), `"label"`) {
		t.Fatalf("before reload: %d %s", status, body)
	}

	if err := second.Save(path); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	if s.Model().Task != model.Regression {
		t.Fatal("reload did not swap the model")
	}
	status, _, body = do(h, "POST", "/predict", "", "[[1,2]]")
	if status != 200 || !strings.Contains(string(body), `"value"`) {
		t.Fatalf("after reload: %d %s", status, body)
	}
	_, _, body = do(h, "GET", "/model", "", "")
	if !strings.Contains(string(body), `"task":"regression"`) {
		t.Errorf("GET /model after reload: %s", body)
	}

	// A file that fails to load keeps the current model.
	for _, bad := range []string{"{not json", `{"format": "sparsekernel-model", "version": 2, "task": "regression"}`, ""} {
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := s.Reload(); err == nil {
			t.Fatalf("reload of %q succeeded", bad)
		}
		if s.Model().Task != model.Regression {
			t.Fatal("a failed reload replaced the model")
		}
		if status, _, body := do(h, "POST", "/predict", "", "[[1,2]]"); status != 200 {
			t.Fatalf("after a failed reload: %d %s", status, body)
		}
	}
	os.Remove(path)
	if err := s.Reload(); err == nil {
		t.Fatal("reload of a missing file succeeded")
	}
	if !strings.Contains(logs.String(), "reload failed; keeping the current model") ||
		!strings.Contains(logs.String(), "model reloaded") {
		t.Errorf("logs:\n%s", logs)
	}
}

// TestReloadConcurrent reloads between two models of different widths while requests run:
// every answer must come wholly from one model (run it with -race).
func TestReloadConcurrent(t *testing.T) {
	a := handModel(model.Classification, 2, 5, []string{"a", "b"}, nil, true, 8)
	b := handModel(model.Regression, 3, 5, nil, nil, false, 9)
	path := saveModel(t, a)
	s, _ := newServer(t, nil, Config{ModelPath: path})
	dir := t.TempDir()
	pa, pb := dir+"/a.json", dir+"/b.json"
	a.Save(pa)
	b.Save(pb)
	wantA := expect(t, a, [][]float64{{1, 2}})
	wantB := expect(t, b, [][]float64{{1, 2, 3}})
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				body, want := "[[1,2]]", wantA
				if (i+w)%2 == 1 {
					body, want = "[[1,2,3]]", wantB
				}
				status, _, got := do(s.Handler(), "POST", "/predict", "", body)
				if status == 400 && strings.Contains(string(got), "the model expects") {
					continue // the other model was current
				}
				var ans answer
				if status != 200 || json.Unmarshal(got, &ans) != nil || !samePredictions(ans.Predictions, want) {
					errs <- fmt.Errorf("status %d, answer %s", status, got)
					return
				}
			}
		})
	}
	for i := range 40 {
		src := pa
		if i%2 == 0 {
			src = pb
		}
		data, _ := os.ReadFile(src)
		if err := model.WriteFileAtomic(path, data); err != nil {
			t.Fatal(err)
		}
		if err := s.Reload(); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// start runs s on a loopback port until the returned cancel is called; wait returns Run's
// error.
func start(t *testing.T, s *Server) (addr string, cancel func(), wait func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln) }()
	t.Cleanup(cancel)
	return ln.Addr().String(), cancel, func() error { return <-done }
}

// handlerStarted makes s send on the returned channel as each request reaches its handler. A
// request whose header the server reads after a shutdown began is closed unanswered (net/http
// drops it), so the shutdown tests wait for their request to be in the handler before they stop
// the server; another request answered first (on another connection) does not say that this
// one's header has been read.
func handlerStarted(s *Server) <-chan struct{} {
	started := make(chan struct{}, 8)
	h := s.handler
	s.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		h.ServeHTTP(w, r)
	})
	return started
}

// waitFor waits for a value on c, for at most a minute.
func waitFor(t *testing.T, c <-chan struct{}) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(time.Minute):
		t.Fatal("the request did not reach the handler")
	}
}

// TestShutdown starts a request, sends half its body, stops the server, then sends the
// rest: the request must be answered before Run returns.
func TestShutdown(t *testing.T) {
	s, logs := newServer(t, twoClass(), Config{ShutdownTimeout: time.Minute})
	started := handlerStarted(s)
	addr, cancel, wait := start(t, s)

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"rows": [[1, 2], [3, 4]]}`
	fmt.Fprintf(conn, "POST /predict HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:10])
	waitFor(t, started)
	cancel()
	// Shutdown closes the listener first; wait until new connections are refused.
	for {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break
		}
		c.Close()
		time.Sleep(5 * time.Millisecond)
	}
	if _, err := io.WriteString(conn, body[10:]); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(got), `"predictions"`) {
		t.Fatalf("in-flight request: %d %s", resp.StatusCode, got)
	}
	if err := wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	for _, want := range []string{`"msg":"listening"`, `"msg":"shutting down"`, `"msg":"stopped"`, `"msg":"traffic (final)"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs lack %s:\n%s", want, logs)
		}
	}
}

// TestShutdownBounded: a request that never completes is cut off after the shutdown timeout.
func TestShutdownBounded(t *testing.T) {
	s, _ := newServer(t, twoClass(), Config{ShutdownTimeout: 50 * time.Millisecond})
	started := handlerStarted(s)
	addr, cancel, wait := start(t, s)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "POST /predict HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n[[1,")
	waitFor(t, started)
	cancel()
	if err := wait(); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Run returned %v, want a deadline error", err)
	}
}

// New refuses a configuration without a model it can load, with an error that says why.
func TestNewErrors(t *testing.T) {
	dir := t.TempDir()
	notModel := filepath.Join(dir, "data.csv")
	if err := os.WriteFile(notModel, []byte("x,y\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path string
		want       string // in the error
		is         error  // wrapped, if set
	}{
		{"no path", "", "ModelPath is empty", nil},
		{"missing file", filepath.Join(dir, "none.json"), "none.json", os.ErrNotExist},
		{"not a model", notModel, "not a model file", nil},
	} {
		s, err := New(Config{ModelPath: c.path, Logger: slog.New(slog.DiscardHandler)})
		if err == nil || s != nil || !strings.Contains(err.Error(), c.want) || (c.is != nil && !errors.Is(err, c.is)) {
			t.Errorf("%s: %v, %v; want an error containing %q (is %v)", c.name, s, err, c.want, c.is)
		}
	}
}

// TestNewFor serves a model held in memory: the same answers as the server of its file, a
// Reload that fails and keeps it, and the errors of a nil or broken model.
func TestNewFor(t *testing.T) {
	m := twoClass()
	fromFile, _ := newServer(t, m, Config{})
	s, err := NewFor(m, Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	body := `{"rows": [[0.5, 1], [2, -1]]}`
	code, _, got := do(s.Handler(), "POST", "/predict", "application/json", body)
	code2, _, want := do(fromFile.Handler(), "POST", "/predict", "application/json", body)
	if code != 200 || code2 != 200 || string(got) != string(want) {
		t.Errorf("in memory: %d %s; from its file: %d %s", code, got, code2, want)
	}
	if err := s.Reload(); err == nil || !strings.Contains(err.Error(), "no file to reload") || s.Model() != m {
		t.Errorf("Reload without a file: %v, model kept %v", err, s.Model() == m)
	}
	if _, err := NewFor(nil, Config{}); !errors.Is(err, model.ErrInvalid) {
		t.Errorf("a nil model: %v, want model.ErrInvalid", err)
	}
	bad := twoClass()
	bad.Bias = nil
	if _, err := NewFor(bad, Config{}); !errors.Is(err, model.ErrInvalid) {
		t.Errorf("a broken model: %v, want model.ErrInvalid", err)
	}
}
