package main

import (
	"runtime/debug"
	"testing"
)

// TestSetCollector checks the collector's target: raised for small fits, Go's default for
// large ones or without an estimate, and left alone when GOGC is set.
func TestSetCollector(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	tests := []struct {
		name  string
		gogc  string
		bytes float64
		ok    bool
		start int
		want  int
	}{
		{"small fit", "", 1 << 20, true, 100, smallHeapGC},
		{"at the bound", "", smallHeapBytes, true, 100, smallHeapGC},
		{"large fit", "", smallHeapBytes + 1, true, smallHeapGC, 100},
		{"no estimate", "", 1 << 20, false, smallHeapGC, 100},
		{"GOGC set", "50", 1 << 20, true, 77, 77},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GOGC", tt.gogc)
			debug.SetGCPercent(tt.start)
			setCollector(tt.bytes, tt.ok)
			if got := debug.SetGCPercent(100); got != tt.want {
				t.Errorf("collector target %d, want %d", got, tt.want)
			}
		})
	}
}
