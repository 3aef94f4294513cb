//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sparsekernel/sparsekernel/synth"
)

// The signal tests send signals to this process (syscall.Kill): Unix only.

// lockedBuffer collects the server's log lines while the test reads them.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitLog waits (boundedly) for a log line holding want and returns it decoded.
func waitLog(t *testing.T, logs *lockedBuffer, want string) map[string]any {
	t.Helper()
	for range 1000 {
		for _, l := range strings.Split(logs.String(), "\n") {
			if strings.Contains(l, want) {
				var e map[string]any
				if err := json.Unmarshal([]byte(l), &e); err != nil {
					t.Fatalf("log line %q: %v", l, err)
				}
				return e
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no log line with %s:\n%s", want, logs)
	return nil
}

// TestServeSignals runs the command, predicts, reloads on SIGHUP and stops on SIGTERM.
func TestServeSignals(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "train.csv")
	writeCSV(t, data, synth.Ripley(100, 1))
	path := filepath.Join(dir, "m.json")
	if code, _, errOut := runCLI("train", "-method", "rols", "-o", path, data); code != 0 {
		t.Fatalf("train: %s", errOut)
	}

	logs := new(lockedBuffer)
	exit := make(chan int, 1)
	go func() { exit <- run([]string{"serve", "-model", path, "-addr", "127.0.0.1:0"}, io.Discard, logs) }()
	addr := waitLog(t, logs, `"msg":"listening"`)["addr"].(string)

	post := func() string {
		res, err := http.Post("http://"+addr+"/predict", "text/csv", strings.NewReader("x2,x1\n0.5,-0.5\n"))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("predict: %d %s", res.StatusCode, b)
		}
		return string(b)
	}
	if got := post(); !strings.Contains(got, `"label":`) {
		t.Fatalf("predict: %s", got)
	}

	os.WriteFile(path, []byte("broken"), 0o644)
	syscall.Kill(os.Getpid(), syscall.SIGHUP)
	waitLog(t, logs, "reload failed; keeping the current model")
	if got := post(); !strings.Contains(got, `"label":`) {
		t.Fatalf("predict after a failed reload: %s", got)
	}

	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	select {
	case code := <-exit:
		if code != 0 {
			t.Fatalf("serve exited %d:\n%s", code, logs)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	waitLog(t, logs, `"msg":"stopped"`)
}
