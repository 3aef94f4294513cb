package dataset

import (
	"bytes"
	"encoding/csv"
	"errors"
	"math"
	"strings"
	"testing"
)

// sentinels are the errors every parse error must wrap (with those of encoding/csv).
var sentinels = []error{ErrEmpty, ErrNotNumber, ErrNonFinite, ErrMissing, ErrRagged, ErrIndex,
	csv.ErrBareQuote, csv.ErrQuote}

// checkParsed checks the invariants of a parse: a positioned error wrapping a sentinel, or
// a rectangular, finite table with one line per row.
func checkParsed(t *testing.T, tab *Table, err error, libsvm bool) {
	t.Helper()
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) || pe.File != "fuzz" || pe.Line < 0 || pe.Column < 0 {
			t.Fatalf("error without position: %v", err)
		}
		for _, s := range sentinels {
			if errors.Is(err, s) {
				return
			}
		}
		if libsvm && strings.Contains(err.Error(), "above the limit") {
			return
		}
		t.Fatalf("error wraps no sentinel: %v", err)
	}
	if len(tab.X) == 0 || len(tab.Lines) != len(tab.X) {
		t.Fatalf("%d rows, %d lines", len(tab.X), len(tab.Lines))
	}
	if tab.Labels != nil && len(tab.Labels) != len(tab.X) {
		t.Fatalf("%d rows, %d labels", len(tab.X), len(tab.Labels))
	}
	if tab.Features != nil && len(tab.Features) != len(tab.X[0]) {
		t.Fatalf("%d features, %d names", len(tab.X[0]), len(tab.Features))
	}
	m := len(tab.X[0])
	for i, row := range tab.X {
		if len(row) != m {
			t.Fatalf("row %d has %d values, row 0 has %d", i, len(row), m)
		}
		for _, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("row %d has %v", i, v)
			}
		}
		if i > 0 && tab.Lines[i] <= tab.Lines[i-1] {
			t.Fatalf("lines not increasing: %v", tab.Lines)
		}
	}
	for _, l := range tab.Labels {
		if l == "" || l == "?" {
			t.Fatalf("missing label %q accepted", l)
		}
	}
}

func FuzzParseCSV(f *testing.F) {
	f.Add([]byte("a,b,y\n1,2,yes\n3,4,no\n"), uint8(0), uint8(1), uint8(0))
	f.Add([]byte("\uFEFF1;2\r\n\r\n3;4\r\n"), uint8(2), uint8(2), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, header, label, comma uint8) {
		opt := CSVOptions{
			Header:      HeaderMode(header % 3),
			LabelColumn: int(label%5) - 1, // -1 (none), 0 (last), 1, 2, 3
			Comma:       []rune{0, ',', ';', '\t', ' '}[comma%5],
		}
		tab, err := ParseCSV(bytes.NewReader(data), "fuzz", opt)
		checkParsed(t, tab, err, false)
	})
}

func FuzzParseLIBSVM(f *testing.F) {
	defer func(i, c int) { maxLIBSVMIndex, maxLIBSVMCells = i, c }(maxLIBSVMIndex, maxLIBSVMCells)
	maxLIBSVMIndex, maxLIBSVMCells = 1<<12, 1<<16 // keep inputs small
	f.Add([]byte("# c\n+1 1:0.5 3:2 # t\n\n-1 2:1\n1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := ParseLIBSVM(bytes.NewReader(data), "fuzz")
		checkParsed(t, tab, err, true)
		if err == nil {
			m := tab.Dim()
			if err := tab.WithDim(m + 2); err != nil || tab.Dim() != m+2 {
				t.Fatalf("WithDim(%d): %v, dim %d", m+2, err, tab.Dim())
			}
		}
	})
}

func FuzzParseIndexLine(f *testing.F) {
	f.Add("0,1,2,3", uint16(6))
	f.Add("4, 5 ,", uint16(6))
	f.Fuzz(func(t *testing.T, line string, n uint16) {
		p := newIndexParser(int(n))
		for range 2 { // twice, to exercise the reuse of marks
			set, col, err := p.parseLine(line)
			fields := strings.Count(line, ",") + 1
			if err != nil {
				if !errors.Is(err, ErrIndex) || col < 1 || col > fields {
					t.Fatalf("error %v at field %d of %d", err, col, fields)
				}
				continue
			}
			if len(set) != fields {
				t.Fatalf("%d indices from %d fields", len(set), fields)
			}
			seen := map[int]bool{}
			for _, i := range set {
				if i < 0 || i >= int(n) || seen[i] {
					t.Fatalf("index %d (n %d) accepted twice or out of range", i, n)
				}
				seen[i] = true
			}
		}
	})
}
