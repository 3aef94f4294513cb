package ofs

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestParallelPanics checks that a job's panic is raised again on parallel's caller, with the
// job's stack, that the jobs not yet started are skipped, and that a done Context ends the
// jobs as a canceled panic that Fit turns into the context's error (stopped).
func TestParallelPanics(t *testing.T) {
	for _, workers := range []int{1, 2} {
		a := &Auto{Workers: workers}
		var ran atomic.Int32
		got := func() (r any) {
			defer func() { r = recover() }()
			a.parallel("test", 50, func(j int) {
				ran.Add(1)
				if j == 3 {
					panic("job 3 failed")
				}
				time.Sleep(time.Millisecond) // (a job takes longer than a panic takes to stop the others)
			})
			return nil
		}()
		p, ok := got.(jobPanic)
		if !ok || p.value != "job 3 failed" || !strings.Contains(fmt.Sprint(p), "parallel_test.go") {
			t.Errorf("%d workers: recovered %#v, want the job's panic with its stack", workers, got)
		}
		if n := ran.Load(); n > int32(4+workers) {
			t.Errorf("%d workers: %d jobs ran, want the rest skipped after the panic", workers, n)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	a := &Auto{Workers: 2, Context: ctx}
	var ran atomic.Int32
	err := func() (err error) {
		defer stopped(&err)
		a.parallel("test", 50, func(j int) {
			ran.Add(1)
			if j == 1 {
				cancel()
				return
			}
			time.Sleep(time.Millisecond) // (a job takes longer than the cancellation takes to be seen)
		})
		return nil
	}()
	if !errors.Is(err, context.Canceled) || ran.Load() > 3 {
		t.Errorf("canceled: %v after %d jobs, want context.Canceled after at most 3", err, ran.Load())
	}
}

// skipOneWorker skips, under the race detector, a slow test whose fits run on one worker
// (Auto's default): it has no goroutines of its own for the detector to check, and go test
// runs it without the detector.
func skipOneWorker(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("one worker: nothing for the race detector (go test runs it without)")
	}
}
