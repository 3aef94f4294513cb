// Command loadtest measures the sparsekernel prediction server on loopback. It trains a
// classifier on generated data (10 inputs, 20 Gaussian nodes, calibrated), starts the server
// in a child process on 127.0.0.1:0 (so that the server's memory and CPU are measured apart
// from the client's), and then, each phase bounded in time:
//
//  1. single-row requests from -clients concurrent keep-alive clients as fast as they go,
//     and again paced at -rate requests/s in all (latency counted from each request's
//     scheduled start, so that a stall is not hidden): requests/s, p50/p90/p99/max latency,
//     errors;
//  2. batches of -batch-rows rows from -batch-clients clients: predictions/s and latency;
//  3. a soak of -soak (single rows paced at -soak-rate plus one batch client), sampling the
//     server's RSS and runtime.MemStats every -sample.
//
// It prints Markdown tables. The client shares the machine's cores with the server; the
// server's share of the CPU is reported per phase. Run it at low priority:
//
//	go build -o /tmp/loadtest ./serve/loadtest && nice -n 10 /tmp/loadtest
//	nice -n 10 /tmp/loadtest -single 10s -batch 10s -soak 60s -clients 8 -rate 10000
//
// With -save-model FILE it only writes the model it would serve (for a run with wrk).
// Traffic goes to 127.0.0.1 only, and every phase stops by itself.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/serve"
	"github.com/sparsekernel/sparsekernel/synth"
)

func main() {
	var (
		child        = flag.String("child", "", "internal: serve this model file (the server process)")
		profile      = flag.String("server-profile", "", "write the server's CPU profile to this `file`")
		saveModel    = flag.String("save-model", "", "write the model to this `file` and exit")
		clients      = flag.Int("clients", 8, "concurrent single-row clients")
		rate         = flag.Float64("rate", 10000, "paced single-row requests per second, in all (0: no paced phase)")
		single       = flag.Duration("single", 10*time.Second, "duration of each single-row phase")
		batchClients = flag.Int("batch-clients", 2, "concurrent batch clients")
		batchRows    = flag.Int("batch-rows", 1000, "rows per batch")
		batch        = flag.Duration("batch", 10*time.Second, "duration of the batch phase")
		soak         = flag.Duration("soak", 60*time.Second, "duration of the soak (0: none)")
		soakRate     = flag.Float64("soak-rate", 3000, "paced single-row requests per second during the soak")
		sample       = flag.Duration("sample", 5*time.Second, "memory sampling interval of the soak")
	)
	flag.Parse()
	if *child != "" {
		if err := runChild(*child, *profile); err != nil {
			fmt.Fprintln(os.Stderr, "loadtest server:", err)
			os.Exit(1)
		}
		return
	}
	m, note, err := trainModel()
	if err != nil {
		fail(err)
	}
	if *saveModel != "" {
		if err := m.Save(*saveModel); err != nil {
			fail(err)
		}
		fmt.Printf("model written to %s (%d nodes, %d inputs%s)\n", *saveModel, m.Size(), m.Inputs, note)
		return
	}
	if err := run(m, note, *profile, *clients, *rate, *single, *batchClients, *batchRows, *batch, *soak, *soakRate, *sample); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "loadtest:", err)
	os.Exit(1)
}

// trainModel fits a two-class LOOMI model of 20 nodes to 10-dimensional generated data:
// the classes split the sinc surface at its median. A model without a calibration gets a
// plain Platt one (p(class 1) = 1/(1+exp(-f))) so that probabilities are served.
func trainModel() (*model.Model, string, error) {
	s := synth.Sinc(600, 10, 0, 1)
	med := slices.Clone(s.Y)
	slices.Sort(med)
	y := make([]float64, len(s.Y))
	for i, v := range s.Y {
		y[i] = -1
		if v > med[len(med)/2] {
			y[i] = 1
		}
	}
	names := make([]string, 10)
	for j := range names {
		names[j] = "f" + strconv.Itoa(j+1)
	}
	labels := make([]string, len(y))
	for i, v := range y {
		labels[i] = map[bool]string{false: "low", true: "high"}[v > 0]
	}
	m, err := sparsekernel.FitLabels(s.X, labels, sparsekernel.Options{Method: sparsekernel.LOOMI, MinTerms: 20, MaxTerms: 20,
		Features: names, Seed: 1})
	if err != nil {
		return nil, "", err
	}
	note := ""
	if m.Calibration == nil {
		m.Calibration = &model.Calibration{Method: "loadtest", A: [][]float64{{0}, {1}}, B: []float64{0, 0}}
		note = ", calibration added by the load test"
	}
	return m, note, m.Check()
}

// runChild is the server process: it runs serve.Server.Run on 127.0.0.1:0 and, on a second
// loopback port, GET /memstats for the load test; it prints both addresses on stdout and
// shuts down gracefully when its stdin closes.
func runChild(path, profile string) error {
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	s, err := serve.New(serve.Config{ModelPath: path, Logger: log, StatsEvery: 10 * time.Second})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	dln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go http.Serve(dln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		json.NewEncoder(w).Encode(memStats{HeapInuse: ms.HeapInuse, HeapAlloc: ms.HeapAlloc, Sys: ms.Sys,
			NumGC: ms.NumGC, Goroutines: runtime.NumGoroutine(), TotalAlloc: ms.TotalAlloc})
	}))
	ctx, cancel := context.WithCancel(context.Background())
	go func() { io.Copy(io.Discard, os.Stdin); cancel() }()
	fmt.Println(ln.Addr().String(), dln.Addr().String())
	return s.Run(ctx, ln)
}

type memStats struct {
	HeapInuse, HeapAlloc, Sys, TotalAlloc uint64
	NumGC                                 uint32
	Goroutines                            int
}

// server is the child process.
type server struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	addr  string // the prediction server
	debug string // the memstats endpoint
	log   string
}

func startServer(dir, modelPath, profile string) (*server, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	logPath := filepath.Join(dir, "server.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, "-child", modelPath, "-server-profile", profile)
	cmd.Stderr = logFile
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		return nil, fmt.Errorf("the server did not start: %v (see %s)", err, logPath)
	}
	addrs := strings.Fields(line)
	if len(addrs) != 2 {
		cmd.Process.Kill()
		return nil, fmt.Errorf("the server printed %q (see %s)", line, logPath)
	}
	return &server{cmd: cmd, stdin: stdin, addr: addrs[0], debug: addrs[1], log: logPath}, nil
}

// stop closes the server's stdin (a graceful shutdown) and waits, killing it after 15 s.
func (s *server) stop() error {
	s.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		return errors.New("the server did not stop in 15 s; killed")
	}
}

// cpu returns the server's CPU time so far (user + system), from /proc.
func (s *server) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ = 100
}

// rss returns the server's resident set size in bytes, from /proc.
func (s *server) rss() uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func (s *server) memStats() (memStats, error) {
	var ms memStats
	res, err := http.Get("http://" + s.debug + "/memstats")
	if err != nil {
		return ms, err
	}
	defer res.Body.Close()
	return ms, json.NewDecoder(res.Body).Decode(&ms)
}

// client is a minimal keep-alive HTTP/1.1 client for one connection: lighter than
// net/http's, so that more of the shared CPU goes to the server.
type client struct {
	addr string
	c    net.Conn
	r    *bufio.Reader
	body []byte
}

// request returns the bytes of a POST of body to path.
func request(addr, path string, body []byte) []byte {
	req := fmt.Appendf(nil, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", path, addr, len(body))
	return append(req, body...)
}

// do sends a request made by request and reads the answer; the body returned is valid
// until the next call.
func (c *client) do(req []byte) (int, []byte, error) {
	if c.c == nil {
		conn, err := net.Dial("tcp", c.addr)
		if err != nil {
			return 0, nil, err
		}
		c.c, c.r = conn, bufio.NewReaderSize(conn, 64<<10)
	}
	c.c.SetDeadline(time.Now().Add(10 * time.Second)) // a stuck server fails the request, not the run
	if _, err := c.c.Write(req); err != nil {
		c.close()
		return 0, nil, err
	}
	status, err := c.read()
	if err != nil {
		c.close()
	}
	return status, c.body, err
}

func (c *client) read() (int, error) {
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	status, err := strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, err
	}
	length, closing := -1, false
	for {
		h, err := c.r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		h = bytes.TrimRight(h, "\r\n")
		if len(h) == 0 {
			break
		}
		k, v, _ := bytes.Cut(h, []byte(":"))
		v = bytes.TrimSpace(v)
		switch {
		case bytes.EqualFold(k, []byte("Content-Length")):
			length, _ = strconv.Atoi(string(v))
		case bytes.EqualFold(k, []byte("Connection")) && bytes.EqualFold(v, []byte("close")):
			closing = true
		}
	}
	if length < 0 {
		return 0, errors.New("response without Content-Length")
	}
	if cap(c.body) < length {
		c.body = make([]byte, length)
	}
	c.body = c.body[:length]
	if _, err := io.ReadFull(c.r, c.body); err != nil {
		return 0, err
	}
	if closing {
		c.close()
	}
	return status, nil
}

func (c *client) close() {
	if c.c != nil {
		c.c.Close()
		c.c = nil
	}
}

// result is what one phase measured.
type result struct {
	name      string
	requests  int
	rows      int
	errors    int
	firstErr  string
	latencies []time.Duration
	elapsed   time.Duration
	serverCPU time.Duration
}

// load runs n clients for d; each sends one of the bodies, drawn at random, and when interval > 0,
// paces itself to one request per interval (latency then counts from the scheduled start).
// want is the number of predictions each answer must hold.
func load(name, addr string, n int, d, interval time.Duration, bodies [][]byte, want int, srv *server) result {
	var (
		mu  sync.Mutex
		res = result{name: name}
		wg  sync.WaitGroup
	)
	reqs := make([][]byte, len(bodies))
	for i, b := range bodies {
		reqs[i] = request(addr, "/predict", b)
	}
	cpu0 := srv.cpu()
	start := time.Now()
	deadline := start.Add(d)
	for w := range n {
		wg.Go(func() {
			c := &client{addr: addr}
			defer c.close()
			rng := rand.New(rand.NewPCG(uint64(w), 3))
			var lat []time.Duration
			sent, errs, first := 0, 0, ""
			next := start.Add(time.Duration(rng.Int64N(int64(max(interval, 1)))))
			for checked := false; ; {
				t0 := time.Now()
				if interval > 0 {
					if next.After(deadline) {
						break
					}
					if wait := time.Until(next); wait > 0 {
						time.Sleep(wait)
					}
					t0 = next
					next = next.Add(interval)
				} else if t0.After(deadline) {
					break
				}
				status, body, err := c.do(reqs[rng.IntN(len(reqs))])
				lat = append(lat, time.Since(t0))
				sent++
				switch {
				case err != nil:
					err = fmt.Errorf("transport: %v", err)
				case status != 200:
					err = fmt.Errorf("status %d: %.200s", status, body)
				case !checked:
					checked = true // decode one answer per client fully
					var a struct{ Predictions []json.RawMessage }
					if jerr := json.Unmarshal(body, &a); jerr != nil || len(a.Predictions) != want {
						err = fmt.Errorf("answer with %d predictions, want %d (%v)", len(a.Predictions), want, jerr)
					}
				case !bytes.HasPrefix(body, []byte(`{"predictions":[`)):
					err = fmt.Errorf("answer %.100q", body)
				}
				if err != nil {
					errs++
					if first == "" {
						first = err.Error()
					}
				}
			}
			mu.Lock()
			res.requests += sent
			res.errors += errs
			if res.firstErr == "" {
				res.firstErr = first
			}
			res.latencies = append(res.latencies, lat...)
			mu.Unlock()
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	res.serverCPU = srv.cpu() - cpu0
	res.rows = (res.requests - res.errors) * want
	slices.Sort(res.latencies)
	return res
}

func (r result) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(q*float64(len(r.latencies))))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d)/1e6) }

func run(m *model.Model, note, profile string, clients int, rate float64, single time.Duration, batchClients, batchRows int,
	batch, soak time.Duration, soakRate float64, sample time.Duration) error {
	dir, err := os.MkdirTemp("", "sparsekernel-loadtest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	modelPath := filepath.Join(dir, "m.json")
	if err := m.Save(modelPath); err != nil {
		return err
	}
	srv, err := startServer(dir, modelPath, profile)
	if err != nil {
		return err
	}
	stopped := false
	defer func() {
		if !stopped {
			srv.stop()
		}
	}()

	// Request bodies: rows drawn like the training data, to 4 decimals.
	gen := synth.Sinc(4096, m.Inputs, 0, 99)
	for _, x := range gen.X {
		for j := range x {
			x[j] = math.Round(x[j]*1e4) / 1e4
		}
	}
	var singles, batches [][]byte
	for i := range 1024 {
		singles = append(singles, rowsBody(gen.X[i:i+1]))
	}
	for i := range 16 {
		X := make([][]float64, batchRows)
		for r := range X {
			X[r] = gen.X[(i*batchRows+r*7)%len(gen.X)]
		}
		batches = append(batches, rowsBody(X))
	}

	fmt.Printf("# sparsekernel serve load test\n\n")
	fmt.Printf("%s, %d cores (GOMAXPROCS %d), %s; client and server on the same machine, server in its own process.\n",
		runtime.Version(), runtime.NumCPU(), runtime.GOMAXPROCS(0), loadavg())
	fmt.Printf("Model: %s %s, %d nodes, %d inputs, %d classes%s. Server at %s.\n",
		m.Method, m.Task, m.Size(), m.Inputs, len(m.Classes), note, srv.addr)
	fmt.Printf("Single-row body: %d bytes; batch body (%d rows): %d bytes.\n\n", len(singles[0]), batchRows, len(batches[0]))

	load("warm-up", srv.addr, clients, time.Second, 0, singles, 1, srv)

	var results []result
	results = append(results, load(fmt.Sprintf("single row, %d clients, as fast as they go", clients), srv.addr, clients, single, 0, singles, 1, srv))
	if rate > 0 {
		interval := time.Duration(float64(clients) / rate * 1e9)
		results = append(results, load(fmt.Sprintf("single row, %d clients, paced at %.0f/s", clients, rate), srv.addr, clients, single, interval, singles, 1, srv))
	}
	results = append(results, load(fmt.Sprintf("batches of %d rows, %d clients", batchRows, batchClients), srv.addr, batchClients, batch, 0, batches, batchRows, srv))

	fmt.Println("| phase | requests | requests/s | predictions/s | p50 ms | p90 ms | p99 ms | max ms | errors | server CPU | predictions per server CPU-second |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range results {
		secs := r.elapsed.Seconds()
		fmt.Printf("| %s | %d | %.0f | %.0f | %s | %s | %s | %s | %d | %.2f cores | %.0f |\n", r.name, r.requests,
			float64(r.requests)/secs, float64(r.rows)/secs, ms(r.quantile(0.5)), ms(r.quantile(0.9)), ms(r.quantile(0.99)),
			ms(r.quantile(1)), r.errors, r.serverCPU.Seconds()/secs, float64(r.rows)/max(r.serverCPU.Seconds(), 0.01))
	}
	for _, r := range results {
		if r.firstErr != "" {
			fmt.Printf("\nfirst error of %q: %s\n", r.name, r.firstErr)
		}
	}

	if soak > 0 {
		fmt.Printf("\n## Soak: %v of single rows paced at %.0f/s (%d clients) plus %d-row batches (1 client)\n\n", soak, soakRate, clients, batchRows)
		fmt.Println("| t s | RSS MiB | heap in use MiB | Sys MiB | GCs | goroutines | allocated MiB (total) |")
		fmt.Println("|---:|---:|---:|---:|---:|---:|---:|")
		var wg sync.WaitGroup
		var soaked []result
		var smu sync.Mutex
		interval := time.Duration(float64(clients) / max(soakRate, 1) * 1e9)
		wg.Go(func() {
			r := load("soak single", srv.addr, clients, soak, interval, singles, 1, srv)
			smu.Lock()
			soaked = append(soaked, r)
			smu.Unlock()
		})
		wg.Go(func() {
			r := load("soak batch", srv.addr, 1, soak, 0, batches, batchRows, srv)
			smu.Lock()
			soaked = append(soaked, r)
			smu.Unlock()
		})
		t0 := time.Now()
		for t := time.Duration(0); t <= soak; t += sample {
			time.Sleep(time.Until(t0.Add(t)))
			ms, err := srv.memStats()
			if err != nil {
				fmt.Printf("| %.0f | memstats: %v |\n", t.Seconds(), err)
				continue
			}
			fmt.Printf("| %.0f | %.1f | %.1f | %.1f | %d | %d | %.0f |\n", time.Since(t0).Seconds(), mib(srv.rss()), mib(ms.HeapInuse),
				mib(ms.Sys), ms.NumGC, ms.Goroutines, mib(ms.TotalAlloc))
		}
		wg.Wait()
		fmt.Println()
		for _, r := range soaked {
			fmt.Printf("- %s: %d requests, %.0f/s, %.0f predictions/s, p50 %s ms, p99 %s ms, max %s ms, %d errors\n", r.name, r.requests,
				float64(r.requests)/r.elapsed.Seconds(), float64(r.rows)/r.elapsed.Seconds(), ms(r.quantile(0.5)), ms(r.quantile(0.99)), ms(r.quantile(1)), r.errors)
		}
	}

	stopped = true
	if err := srv.stop(); err != nil {
		return fmt.Errorf("server shutdown: %v (log: %s)", err, srv.log)
	}
	logText, _ := os.ReadFile(srv.log)
	fmt.Printf("\nServer shut down gracefully; its log has %d lines (one aggregate traffic line per 10 s).\n",
		bytes.Count(logText, []byte("\n")))
	return nil
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }

func rowsBody(X [][]float64) []byte {
	b, _ := json.Marshal(struct {
		Rows [][]float64 `json:"rows"`
	}{X})
	return b
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load average unknown"
	}
	f := strings.Fields(string(b))
	return "load average " + strings.Join(f[:3], " ") + " at the start"
}
