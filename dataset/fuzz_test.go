package dataset

import (
	"bytes"
	"encoding/csv"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// sentinels are the errors every parse error must wrap (with those of encoding/csv).
var sentinels = []error{ErrEmpty, ErrNotNumber, ErrNonFinite, ErrMissing, ErrRagged, ErrIndex,
	ErrEncoding, ErrColumn, ErrHeader, csv.ErrBareQuote, csv.ErrQuote}

// checkParsed checks the invariants of a parse: a positioned error wrapping a sentinel, or
// a rectangular, finite table with one line per row.
func checkParsed(t *testing.T, tab *Table, err error, libsvm, missing, missingLabels bool) {
	t.Helper()
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(pe.File, "fuzz") || pe.Line < 0 || pe.Column < 0 {
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
	if len(tab.Columns) != len(tab.X[0]) {
		t.Fatalf("%d features, %d columns", len(tab.X[0]), len(tab.Columns))
	}
	for _, name := range append(tab.Features, tab.LabelName) {
		if !utf8.ValidString(name) {
			t.Fatalf("column name %q accepted", name)
		}
	}
	m := len(tab.X[0])
	if tab.Levels != nil && len(tab.Levels) != m {
		t.Fatalf("%d features, %d lists of categories", m, len(tab.Levels))
	}
	for k, names := range tab.Levels {
		if names == nil {
			continue
		}
		seen := map[string]bool{}
		for _, n := range names {
			if seen[n] || !utf8.ValidString(n) || MissingValue(n) {
				t.Fatalf("feature %d: categories %q", k+1, names)
			}
			seen[n] = true
		}
		for i, row := range tab.X {
			if v := row[k]; !math.IsNaN(v) && (v != math.Trunc(v) || v < 0 || int(v) >= len(names)) {
				t.Fatalf("row %d, feature %d: %v is not an index of %q", i+1, k+1, v, names)
			}
		}
	}
	for i, row := range tab.X {
		if len(row) != m {
			t.Fatalf("row %d has %d values, row 0 has %d", i, len(row), m)
		}
		for _, v := range row {
			if math.IsNaN(v) && !missing || math.IsInf(v, 0) {
				t.Fatalf("row %d has %v", i, v)
			}
		}
		if i > 0 && tab.Lines[i] <= tab.Lines[i-1] {
			t.Fatalf("lines not increasing: %v", tab.Lines)
		}
	}
	for _, l := range tab.Labels {
		if l == "" && !missingLabels || l == "?" || !utf8.ValidString(l) {
			t.Fatalf("missing or invalid label %q accepted", l)
		}
	}
}

func FuzzParseCSV(f *testing.F) {
	f.Add([]byte("a,b,y\n1,2,yes\n3,4,no\n"), uint8(0), uint8(1), uint8(0), "", "")
	f.Add([]byte("\uFEFF1;2\r\n\r\n3;4\r\n"), uint8(2), uint8(2), uint8(0), "", "")
	f.Add([]byte("id,a,b,y\nr1,1,2,p\nr2,3,4,q\n"), uint8(0), uint8(1), uint8(1), "b,2", "id")
	f.Add([]byte("1,x,2,y\n3,z,4,y\n"), uint8(2), uint8(1), uint8(1), "", "2")
	f.Add([]byte("a,b,y\n,NA,p\n-nan,4,q\n"), uint8(3), uint8(1), uint8(1), "", "")
	f.Add([]byte("a;b;y\n1,5;2;p\n-0,5;4;q\n"), uint8(0), uint8(1), uint8(7), "", "")
	f.Add([]byte("a,s,y\n1,m,p\n2,f,q\n3,m,p\n4,,q\n"), uint8(3), uint8(1), uint8(11), "", "")
	f.Fuzz(func(t *testing.T, data []byte, header, label, comma uint8, features, drop string) {
		opt := CSVOptions{
			Header:       HeaderMode(header % 3),
			LabelColumn:  int(label%5) - 1, // -1 (none), 0 (last), 1, 2, 3
			Comma:        []rune{0, ',', ';', '\t', ' '}[comma%5],
			Missing:      header/3%2 == 1,
			DecimalComma: comma/5%2 == 1,
			// (text columns read as categories where they qualify)
			CategoricalText: comma/10%2 == 1,
			MissingLabels:   label/5%2 == 1,
		}
		if longNumber(features) || longNumber(drop) {
			return // ranges of thousands of columns: slow, and tested by FuzzParseColumns
		}
		if !fuzzColumns(&opt, features, drop) {
			return
		}
		tab, err := ParseCSV(bytes.NewReader(data), "fuzz", opt)
		checkParsed(t, tab, err, false, opt.Missing, opt.MissingLabels)
		if err == nil {
			names, err := Header(bytes.NewReader(data), "fuzz.csv", opt)
			if err != nil || !slices.Equal(names, tab.Header) {
				t.Fatalf("Header: %q, %v; the table's: %q", names, err, tab.Header)
			}
			if _, _, err := tab.Scale(); err != nil && !errors.Is(err, ErrScale) && !opt.Missing { // (NaN: the fit fills it first)
				t.Fatalf("Scale: %v", err)
			}
		}
	})
}

func FuzzParseLIBSVM(f *testing.F) {
	defer func(i, c int) { maxLIBSVMIndex, maxLIBSVMCells = i, c }(maxLIBSVMIndex, maxLIBSVMCells)
	maxLIBSVMIndex, maxLIBSVMCells = 1<<12, 1<<16 // keep inputs small
	f.Add([]byte("# c\n+1 1:0.5 3:2 # t\n\n-1 2:1\n1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := ParseLIBSVM(bytes.NewReader(data), "fuzz")
		checkParsed(t, tab, err, true, false, false)
		if err == nil {
			m := tab.Dim()
			if err := tab.WithDim(m + 2); err != nil || tab.Dim() != m+2 {
				t.Fatalf("WithDim(%d): %v, dim %d", m+2, err, tab.Dim())
			}
		}
	})
}

// FuzzParse fuzzes the format detection of Parse and the choice of columns in both formats.
func FuzzParse(f *testing.F) {
	defer func(i, c int) { maxLIBSVMIndex, maxLIBSVMCells = i, c }(maxLIBSVMIndex, maxLIBSVMCells)
	maxLIBSVMIndex, maxLIBSVMCells = 1<<12, 1<<16
	f.Add([]byte("1 1:2 3:4\n-1 2:1\n"), uint8(0), "3,1", "")
	f.Add([]byte("1 1:2 3:4\n-1 2:1\n"), uint8(2), "", "2,9")
	f.Add([]byte("a,b,y\n1,2,p\n3,4,q\n"), uint8(3), "", "a")
	f.Add(gzipped("a,b,y\n1,2,p\n3,4,q\n"), uint8(3), "", "")
	f.Add(bzip2CSV, uint8(0), "", "")
	f.Fuzz(func(t *testing.T, data []byte, ext uint8, features, drop string) {
		if longNumber(features) || longNumber(drop) {
			return
		}
		source := []string{"fuzz", "fuzz.txt", "fuzz.libsvm", "fuzz.csv"}[ext%4]
		opt := CSVOptions{ZeroBased: ext/4%2 == 1}
		if !fuzzColumns(&opt, features, drop) {
			return
		}
		tab, err := Parse(bytes.NewReader(data), source, opt)
		checkParsed(t, tab, err, true, false, false)
		if err == nil && tab.sparse {
			m := tab.Dim()
			if err := tab.WithDim(m + 2); err != nil || tab.Dim() != m+2 || len(tab.Columns) != m+2 {
				t.Fatalf("WithDim(%d): %v, dim %d, %d columns", m+2, err, tab.Dim(), len(tab.Columns))
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

// longNumber reports whether s holds a run of more than three digits.
func longNumber(s string) bool {
	run := 0
	for i := range len(s) {
		if isDigit(s[i]) {
			run++
			if run > 3 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

func FuzzParseColumns(f *testing.F) {
	f.Add("1,3-5,id")
	f.Add(" 2 , x-1 ,0")
	f.Add("1-1048576")
	f.Fuzz(func(t *testing.T, spec string) {
		cols, err := ParseColumns(spec)
		if err != nil {
			if !errors.Is(err, ErrColumn) {
				t.Fatalf("error %v wraps no ErrColumn", err)
			}
			return
		}
		if len(cols) == 0 || len(cols) > MaxColumn {
			t.Fatalf("%d columns", len(cols))
		}
		for _, c := range cols {
			if (c.Name == "") == (c.Number == 0) || c.Number < 0 || c.Number > MaxColumn {
				t.Fatalf("column %+v", c)
			}
			if c.Name != "" && (c.Name != strings.TrimSpace(c.Name) || strings.Contains(c.Name, ",")) {
				t.Fatalf("name %q", c.Name)
			}
		}
	})
}

// FuzzNumber checks that a number is read as strconv.ParseFloat reads it, and that whatever
// is read as a finite number is plain decimal.
func FuzzNumber(f *testing.F) {
	for _, s := range []string{"1", "-2.5e3", ".5", "5.", "1_000", "0x1p4", "inf", "-NaN", "1e400", "1e-400", "+", "1e", "١"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, kind := scanNumber(s)
		p, err := strconv.ParseFloat(s, 64)
		switch kind {
		case numberFinite:
			if err != nil || p != v || strings.Trim(s, "0123456789.eE+-") != "" {
				t.Fatalf("%q read as %v; ParseFloat: %v, %v", s, v, p, err)
			}
		case numberOverflow:
			if !errors.Is(err, strconv.ErrRange) {
				t.Fatalf("%q overflows, but ParseFloat says %v, %v", s, p, err)
			}
		case numberNonFinite:
			signedNaN := strings.EqualFold(strings.TrimLeft(s, "+-"), "nan") // ParseFloat refuses a sign
			if !signedNaN && (err != nil || !(math.IsNaN(p) || math.IsInf(p, 0))) {
				t.Fatalf("%q is not finite, but ParseFloat says %v, %v", s, p, err)
			}
		}
		if _, err := ParseValue(s); (err == nil) != (kind == numberFinite && s != "") {
			t.Fatalf("ParseValue(%q): %v, kind %d", s, err, kind)
		}
	})
}

// fuzzColumns sets the columns chosen and dropped of a fuzzed input, false if either list does
// not parse (a case FuzzParseColumns covers).
func fuzzColumns(opt *CSVOptions, features, drop string) bool {
	var err error
	if features != "" {
		if opt.Features, err = ParseColumns(features); err != nil {
			return false
		}
	}
	if drop != "" {
		if opt.Drop, err = ParseColumns(drop); err != nil {
			return false
		}
	}
	return true
}
