package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sparsekernel/sparsekernel/bench"
)

// progressDelay is how long a run goes before it shows progress: short runs stay silent.
const progressDelay = time.Second

// progressTerminal reports whether w is a terminal, where progress is drawn; tests replace it.
var progressTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

// interruptExit ends the program when a run showing progress is interrupted; tests replace it.
var interruptExit = os.Exit

// progressLine shows on one line of a terminal what a long run is doing: the stage it
// reported last, a bar of the units done, and the time elapsed. It draws nothing before
// progressDelay has passed, redraws a few times a second, and clears its line when it stops.
// Interrupted (Ctrl-C, SIGTERM), it ends its line with a word saying so, so that the shell's
// prompt starts on a line of its own, and exits as the signal would (130 or 143). Its methods
// may be called from several goroutines.
type progressLine struct {
	w     io.Writer
	name  string // what runs, e.g. "train rols"
	start time.Time

	mu          sync.Mutex
	stage       string
	done, total int
	drawn       bool

	stop chan struct{}
	sig  chan os.Signal
	wg   sync.WaitGroup
}

// startProgress starts a progress line on w for a run called name if enabled and w is a
// terminal; otherwise it returns nil, whose methods do nothing.
func startProgress(w io.Writer, name string, enabled bool) *progressLine {
	if !enabled || !progressTerminal(w) {
		return nil
	}
	p := &progressLine{w: w, name: name, start: time.Now(), stop: make(chan struct{}), sig: make(chan os.Signal, 1)}
	signal.Notify(p.sig, os.Interrupt, syscall.SIGTERM)
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-p.stop:
				return
			case s := <-p.sig:
				p.interrupted(s)
				return
			case now := <-tick.C:
				if now.Sub(p.start) >= progressDelay {
					p.draw(now)
				}
			}
		}
	}()
	return p
}

// runBench runs src as bench.Run does, with a progress line on w (if show and w is a
// terminal) named name, counting the realisations done as unit; cfg's own Progress is replaced.
func runBench(src bench.Source, cfg bench.Config, w io.Writer, name, unit string, show bool) (*bench.Result, error) {
	bar := startProgress(w, name, show)
	cfg.Progress = nil
	if bar != nil {
		cfg.Progress = func(done, total int) { bar.update(unit, done, total) }
	}
	r, err := bench.Run(src, cfg)
	bar.finish()
	return r, err
}

// update records the progress of a stage (Options.Progress has this form).
func (p *progressLine) update(stage string, done, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.stage, p.done, p.total = stage, done, total
	p.mu.Unlock()
}

// draw redraws the line for the time now.
func (p *progressLine) draw(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r"+p.text(now.Sub(p.start))+"\033[K")
	p.drawn = true
}

// text is the line's content after elapsed time.
func (p *progressLine) text(elapsed time.Duration) string {
	var b strings.Builder
	b.WriteString(p.name)
	if p.stage != "" {
		b.WriteString(": " + p.stage)
	}
	if p.total > 0 {
		const width = 24
		done := min(max(p.done, 0), p.total)
		n := width * done / p.total
		fmt.Fprintf(&b, " [%s%s] %d/%d", strings.Repeat("=", n), strings.Repeat(" ", width-n), done, p.total)
	}
	fmt.Fprintf(&b, "  %s", formatDuration(elapsed))
	return b.String()
}

// interrupted ends the line on signal s and exits with 128 plus the signal's number.
func (p *progressLine) interrupted(s os.Signal) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r"+p.text(time.Since(p.start))+"\033[K")
	}
	why := "interrupted"
	if s == syscall.SIGTERM {
		why = "terminated"
	}
	fmt.Fprintf(p.w, "\n%s: %s\n", p.name, why)
	code := 130
	if n, ok := s.(syscall.Signal); ok {
		code = 128 + int(n)
	}
	interruptExit(code)
}

// finish stops the line and clears it, so that what follows starts on a clean line.
func (p *progressLine) finish() {
	if p == nil {
		return
	}
	signal.Stop(p.sig)
	close(p.stop)
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// formatDuration formats a duration for a person: "850 ms", "12 s", "3 min 20 s", "2 h 5 min".
func formatDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()))
	case d < time.Hour:
		if s := int(d.Seconds()) % 60; s != 0 {
			return fmt.Sprintf("%d min %d s", int(d.Minutes()), s)
		}
		return fmt.Sprintf("%d min", int(d.Minutes()))
	case d < 48*time.Hour:
		if m := int(d.Minutes()) % 60; m != 0 {
			return fmt.Sprintf("%d h %d min", int(d.Hours()), m)
		}
		return fmt.Sprintf("%d h", int(d.Hours()))
	}
	return fmt.Sprintf("%.0f days", d.Hours()/24)
}
