package hugepage

import "testing"

func TestAligned(t *testing.T) {
	tests := []struct {
		name       string
		p, n       uintptr
		start, end uintptr
	}{
		{"aligned, two pages", 4 * size, 2 * size, 4 * size, 6 * size},
		{"unaligned start: the next page on", 4*size + 8, 3 * size, 5 * size, 7 * size},
		{"unaligned end: the last whole page", 4 * size, 2*size + 100, 4 * size, 6 * size},
		{"within one page: none", 4*size + 8, size - 16, 5 * size, 4 * size},
		{"across one boundary only: none", 4*size + 8, size, 5 * size, 5 * size},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if start, end := aligned(tt.p, tt.n); start != tt.start || end != tt.end {
				t.Errorf("aligned(%#x, %#x) = %#x, %#x, want %#x, %#x", tt.p, tt.n, start, end, tt.start, tt.end)
			}
		})
	}
}

// TestAdviseKeepsValues advises buffers of several sizes and offsets (a small one, a large
// one, a large one's tail) and checks that every value is still there.
func TestAdviseKeepsValues(t *testing.T) {
	big := make([]float64, 3*minBytes/8+5)
	for i := range big {
		big[i] = float64(i)
	}
	for _, f := range [][]float64{nil, make([]float64, 10), big, big[7:], big[:minBytes/8]} {
		Advise(f)
	}
	for i, v := range big {
		if v != float64(i) {
			t.Fatalf("big[%d] = %v after Advise", i, v)
		}
	}
}
