package sparsekernel_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/synth"
)

// TestFitContext checks that a fit stops when its context is done: before it starts, and
// during the default's and a tunable method's work (canceled from Progress, the moment the
// first unit of a stage is done), returning the context's error and no model; and that a
// context never done changes nothing.
func TestFitContext(t *testing.T) {
	train := synth.Ripley(300, 3)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, method := range []string{sparsekernel.Auto, sparsekernel.ROLS, sparsekernel.LSSVM} {
		if m, err := sparsekernel.FitContext(done, train.X, train.Y, sparsekernel.Options{Method: method}); !errors.Is(err, context.Canceled) || m != nil {
			t.Errorf("%s, canceled before: %v (model %v)", method, err, m != nil)
		}
	}
	for _, tc := range []struct {
		method  string
		workers int
	}{
		{sparsekernel.Auto, 1}, {sparsekernel.Auto, 2}, {sparsekernel.PSO, 2},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var units atomic.Int32
		opt := sparsekernel.Options{Method: tc.method, Workers: tc.workers, Seed: 1,
			Progress: func(string, int, int) { units.Add(1); cancel() }}
		m, err := sparsekernel.FitContext(ctx, train.X, train.Y, opt)
		if !errors.Is(err, context.Canceled) || m != nil {
			t.Errorf("%s, %d workers, canceled during: %v (model %v)", tc.method, tc.workers, err, m != nil)
		}
		if n := units.Load(); n > int32(tc.workers) {
			t.Errorf("%s, %d workers: %d units of work done after the cancellation, want at most one a worker", tc.method, tc.workers, n)
		}
		cancel()
	}
	plain, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	live, err := sparsekernel.FitContext(context.Background(), train.X, train.Y, sparsekernel.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	x := []float64{0.1, 0.5}
	f, _ := plain.Decision(x)
	g, _ := live.Decision(x)
	if plain.Size() != live.Size() || f[0] != g[0] {
		t.Errorf("a live context changed the model: %d nodes, %v; want %d, %v", live.Size(), g, plain.Size(), f)
	}
}

// A fit with a deadline: FitContext returns context.DeadlineExceeded where the fit would take
// longer.
func ExampleFitContext() {
	train := synth.Ripley(2000, 1)
	ctx, cancel := context.WithTimeout(context.Background(), time.Microsecond)
	defer cancel()
	time.Sleep(time.Millisecond) // (the deadline passes before the fit starts, for the example)
	_, err := sparsekernel.FitContext(ctx, train.X, train.Y, sparsekernel.Options{})
	fmt.Println(errors.Is(err, context.DeadlineExceeded))
	// Output: true
}
