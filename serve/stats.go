package serve

import (
	"log/slog"
	"sync/atomic"
	"time"
)

// stats counts the traffic between two aggregate log lines with atomic counters, so that
// logging never serialises requests.
type stats struct {
	requests, rows, clientErrors, serverErrors atomic.Int64
	unknown                                    atomic.Int64 // category names the model does not know
	nanos, maxNanos                            atomic.Int64
}

func (st *stats) record(status, rows, unknown int, d time.Duration) {
	st.requests.Add(1)
	st.rows.Add(int64(rows))
	if unknown > 0 {
		st.unknown.Add(int64(unknown))
	}
	switch {
	case status >= 500:
		st.serverErrors.Add(1)
	case status >= 400:
		st.clientErrors.Add(1)
	}
	ns := int64(d)
	st.nanos.Add(ns)
	for {
		top := st.maxNanos.Load()
		if ns <= top || st.maxNanos.CompareAndSwap(top, ns) {
			break
		}
	}
}

// flush logs and resets the counts, if there were requests; unknown_categories, the category
// names the model did not know, only where there were some.
func (st *stats) flush(log *slog.Logger, msg string) {
	n := st.requests.Swap(0)
	rows := st.rows.Swap(0)
	ce, se := st.clientErrors.Swap(0), st.serverErrors.Swap(0)
	ns, top := st.nanos.Swap(0), st.maxNanos.Swap(0)
	unknown := st.unknown.Swap(0)
	if n == 0 {
		return
	}
	args := []any{"requests", n, "rows", rows, "client_errors", ce, "server_errors", se,
		"mean_ms", float64(ns) / float64(n) / 1e6, "max_ms", float64(top) / 1e6}
	if unknown > 0 {
		args = append(args, "unknown_categories", unknown)
	}
	log.Info(msg, args...)
}
