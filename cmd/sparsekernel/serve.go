package main

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/sparsekernel/sparsekernel/serve"
)

func init() {
	commands = append(commands, &command{
		name:  "serve",
		args:  "-model m.json [flags]",
		short: "serve a saved model's predictions over HTTP",
		long: `
Serve answers HTTP requests with the predictions of a saved model:

	POST /predict  rows as JSON, {"rows": [[x1, x2, ...], ...]} or [[...], ...] or {"row": [...]},
	               or as objects keyed by the model's feature names, {"rows": [{"age": 3, ...}]};
	               or as CSV (Content-Type: text/csv), with an optional header of feature names
	GET  /model    the model's metadata (task, classes, inputs, features, categories, size,
	               versions, file, whether it fills missing inputs)
	GET  /healthz  {"status": "ok"}

A model trained with -missing median fills a missing input (JSON null, a feature left out of an
object row, an empty CSV field or a marker such as NA, which a categorical input also takes as
a JSON string) with its training median; another model refuses one. A categorical input takes its category's name (a JSON string, a number by its
text, a boolean for a category true or false in any case; a CSV field); a name the model was
not trained on is predicted as none of its categories, and the row's answer lists it under
"unknown_categories".

The answer gives, per row, the label (classifiers) or value (regressors), the decision values
and, when the model has a calibration, the class probabilities. A bad request gets a 4xx
status and {"error": "..."} naming the row and the field (413 for a body or rows beyond the
limits, 415 for a type or encoding other than JSON or CSV, uncompressed, 408 for a body not
read within -read-timeout); a request that the HTTP layer refuses before it reaches the
server (a malformed Content-Length, an unknown Transfer-Encoding, headers beyond 1 MB) gets
net/http's plain-text answer. Logs are JSON lines on stderr.
SIGHUP reloads the model file (a file that fails to load keeps the current model);
SIGINT or SIGTERM stops the server after the requests in flight.

Example:

	sparsekernel serve -model heart.model.json -addr 127.0.0.1:8080
	curl -s -H 'Content-Type: application/json' -d '{"rows": [[63, 1, 145]]}' 127.0.0.1:8080/predict`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				path     string
				addr     string
				cfg      serve.Config
				logLevel string
			)
			fs.StringVar(&path, "model", "", "model `file` to serve (required)")
			fs.StringVar(&addr, "addr", "127.0.0.1:8080", "`address` to listen on (port 0: any free port)")
			fs.Int64Var(&cfg.MaxBody, "max-body", serve.DefaultMaxBody, "largest request body in `bytes`")
			fs.IntVar(&cfg.MaxRows, "max-rows", serve.DefaultMaxRows, "most rows in one request")
			fs.DurationVar(&cfg.ReadTimeout, "read-timeout", serve.DefaultReadTimeout, "time to read a request, headers and body")
			fs.DurationVar(&cfg.WriteTimeout, "write-timeout", serve.DefaultWriteTimeout, "time to answer a request after its headers are read")
			fs.DurationVar(&cfg.IdleTimeout, "idle-timeout", serve.DefaultIdleTimeout, "time to keep an idle connection open")
			fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", serve.DefaultShutdownTimeout, "longest wait for the requests in flight on SIGINT or SIGTERM")
			fs.DurationVar(&cfg.StatsEvery, "stats-every", serve.DefaultStatsEvery, "interval of the traffic summary log line (negative: none)")
			fs.StringVar(&logLevel, "log-level", "info", "least level logged: debug (one line per request), info, warn or error")
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) != 0 {
					return usagef("serve takes no arguments, got %q (the model is given by -model)", strings.Join(args, " "))
				}
				if path == "" {
					return usagef("-model is required")
				}
				var level slog.Level
				if err := level.UnmarshalText([]byte(logLevel)); err != nil {
					return usagef("-log-level %q: want debug, info, warn or error", logLevel)
				}
				if cfg.MaxBody <= 0 || cfg.MaxRows <= 0 {
					return usagef("-max-body and -max-rows must be positive")
				}
				for _, d := range []time.Duration{cfg.ReadTimeout, cfg.WriteTimeout, cfg.IdleTimeout, cfg.ShutdownTimeout} {
					if d <= 0 {
						return usagef("timeouts must be positive")
					}
				}
				cfg.ModelPath = path
				cfg.Logger = slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level}))
				return runServer(cfg, addr)
			}
		},
	})
}

// runServer serves until SIGINT or SIGTERM, reloading the model on SIGHUP.
func runServer(cfg serve.Config, addr string) error {
	s, err := serve.New(cfg)
	if err != nil {
		return err
	}
	// Catch the signals before listening, so that a signal sent once the server is up
	// (its "listening" line is out) never kills the process.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-hup:
				cfg.Logger.Info("SIGHUP: reloading the model", "path", cfg.ModelPath)
				s.Reload() // logs the outcome; a failure keeps the current model
			case <-done:
				return
			}
		}
	}()
	return s.Run(ctx, ln)
}
