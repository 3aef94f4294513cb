package sparsekernel

import "testing"

func TestMemoryEstimate(t *testing.T) {
	est := func(n, m, classes int, opt Options) float64 {
		b, _, ok := MemoryEstimate(n, m, classes, opt)
		if !ok {
			t.Fatalf("MemoryEstimate(%d, %d, %d, %+v) not ok", n, m, classes, opt)
		}
		return b
	}
	one, two := Options{Workers: 1}, Options{Workers: 2}
	tests := []struct {
		name        string
		small, more float64
	}{
		{"rows", est(50000, 20, 2, two), est(200000, 20, 2, two)},
		{"workers", est(50000, 20, 2, one), est(50000, 20, 2, two)},
		{"inputs", est(1000, 100, 2, two), est(1000, 50000, 2, two)},
		{"node budget", est(50000, 20, 2, two), est(50000, 20, 2, Options{Workers: 2, MaxTerms: 600})},
		{"classes", est(16000, 16, 2, two), est(16000, 16, 26, two)},
	}
	for _, tc := range tests {
		if !(tc.small < tc.more) {
			t.Errorf("%s: %.3g bytes, then %.3g: want more", tc.name, tc.small, tc.more)
		}
	}
	// Measured (the constants' comment): 50,000 two-class rows of 20 inputs held 1,201 MB with
	// two workers (a fit that started again with more candidates); the estimate must not be
	// below it, nor far above.
	if b := est(50000, 20, 2, two); b < 1201e6 || b > 2*1201e6 {
		t.Errorf("50,000 rows: %.3g bytes, want 1,201 MB to twice that", b)
	}
	if _, _, ok := MemoryEstimate(1000, 10, 2, Options{Method: LSSVM}); ok {
		t.Error("the LS-SVM is covered")
	}
	for _, bad := range [][3]int{{-5, 2, 2}, {100, -1, 2}, {100, 2, -3}} {
		if b, in, ok := MemoryEstimate(bad[0], bad[1], bad[2], two); ok || b != 0 || in != 0 {
			t.Errorf("MemoryEstimate(%v): %g, %g, %v: want not ok", bad, b, in, ok)
		}
	}
	if b, in, ok := MemoryEstimate(1000, 10, 2, Options{Method: ROLS, Workers: 2}); !ok || b != in || b <= 0 {
		t.Errorf("rols: %g bytes, %g of inputs, ok %v: want the inputs alone", b, in, ok)
	}
}
