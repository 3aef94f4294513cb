package serve

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A body that does not arrive within the read timeout is answered 408 with a JSON error,
// not a connection closed without a word.
func TestSlowBody(t *testing.T) {
	s, _ := newServer(t, twoClass(), Config{ReadTimeout: 200 * time.Millisecond, WriteTimeout: 200 * time.Millisecond})
	ts := httptest.NewUnstartedServer(s.Handler())
	ts.Config.ReadTimeout, ts.Config.WriteTimeout = 200*time.Millisecond, 200*time.Millisecond
	ts.Start()
	defer ts.Close()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := "[[1,2]]"
	fmt.Fprintf(conn, "POST /predict HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:2])
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no response: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || resp.Header.Get("Content-Type") != "application/json" || !strings.Contains(string(b), "within the read timeout") {
		t.Errorf("status %d, Content-Type %q, %s; want 408, application/json, an error naming the read timeout", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
}
