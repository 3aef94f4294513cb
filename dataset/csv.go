package dataset

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// HeaderMode says whether the first non-blank line of a CSV file is a header.
type HeaderMode int

const (
	// HeaderAuto: the first non-blank line is a header iff none of its feature fields (the
	// label field is not looked at, so that text labels work) is a number and at least one
	// is text other than a missing value ("" or "?"). A data row with a typo ("1,2x,3") is
	// therefore read as data and reported, never dropped as a header. A header with numbers
	// in it is read as data: use HeaderYes.
	HeaderAuto HeaderMode = iota
	// HeaderYes: the first non-blank line is a header.
	HeaderYes
	// HeaderNo: there is no header.
	HeaderNo
)

// CSVOptions says how to read a CSV file. The zero value reads a file with an optional
// header, the label in the last column and an auto-detected separator.
type CSVOptions struct {
	Header HeaderMode
	// LabelColumn is the 1-based column of the label; 0 means the last column and -1 no
	// label column (prediction input).
	LabelColumn int
	// Comma is the field separator. 0 detects it from the first non-blank line: ',' if the
	// line has a comma, else ';' if it has a semicolon, else tab if it has a tab, else runs
	// of spaces and tabs. ' ' means runs of spaces and tabs (no quoting); any other rune is
	// used by encoding/csv, so fields may be quoted.
	Comma rune
}

// ReadCSV reads a CSV file; see ParseCSV.
func ReadCSV(path string, opt CSVOptions) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseCSV(string(data), path, opt, false)
}

// ParseCSV reads CSV data from r; source names it in errors. Blank lines are skipped; every
// other row must have as many fields as the first (header or data) row, and every feature
// must be a finite number. Errors are *ParseError values wrapping ErrEmpty, ErrRagged,
// ErrMissing, ErrNotNumber or ErrNonFinite.
func ParseCSV(r io.Reader, source string, opt CSVOptions) (*Table, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	return parseCSV(string(data), source, opt, false)
}

// recordReader yields the records of CSV data with the line each starts on.
type recordReader interface {
	read() (fields []string, line int, err error) // err is io.EOF at the end
}

// csvRecords reads delimited records with encoding/csv.
type csvRecords struct {
	r      *csv.Reader
	source string
}

func (c *csvRecords) read() ([]string, int, error) {
	rec, err := c.r.Read()
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			if pe.StartLine != pe.Line {
				return nil, 0, at(c.source, pe.StartLine, 0, &detail{kind: pe.Err, msg: fmt.Sprintf(
					"%v (the record starting here runs to line %d, byte %d: is a quote not closed?)",
					pe.Err, pe.Line, pe.Column)})
			}
			return nil, 0, at(c.source, pe.Line, 0, &detail{kind: pe.Err,
				msg: fmt.Sprintf("%v (byte %d of the line)", pe.Err, pe.Column)})
		}
		return nil, 0, err
	}
	line, _ := c.r.FieldPos(0)
	return rec, line, nil
}

// spaceRecords reads records separated by runs of spaces and tabs.
type spaceRecords struct {
	lines  lineIter
	fields []string
}

func (w *spaceRecords) read() ([]string, int, error) {
	for {
		l, ok := w.lines.next()
		if !ok {
			return nil, 0, io.EOF
		}
		w.fields = w.fields[:0]
		for {
			var f string
			f, l = nextField(l)
			if f == "" {
				break
			}
			w.fields = append(w.fields, f)
		}
		if len(w.fields) > 0 {
			return w.fields, w.lines.line, nil
		}
	}
}

// detectComma picks the separator from the first non-blank line of s (see CSVOptions.Comma).
func detectComma(s string) rune {
	it := lineIter{s: s}
	for {
		l, ok := it.next()
		if !ok {
			return ','
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		switch {
		case strings.Contains(l, ","):
			return ','
		case strings.Contains(l, ";"):
			return ';'
		case strings.Contains(l, "\t"):
			return '\t'
		}
		return ' '
	}
}

// parseCSV reads CSV text. labelsOnly reads a file of one label per line (y.csv): the label
// column must then be the only column.
func parseCSV(s, source string, opt CSVOptions, labelsOnly bool) (*Table, error) {
	if opt.Header < HeaderAuto || opt.Header > HeaderNo {
		return nil, fmt.Errorf("dataset: invalid header mode %d", opt.Header)
	}
	if opt.LabelColumn < -1 {
		return nil, fmt.Errorf("dataset: invalid label column %d (want -1, 0 or a 1-based column)", opt.LabelColumn)
	}
	s = stripBOM(s)
	comma := opt.Comma
	if comma == 0 {
		comma = detectComma(s)
	}
	var rr recordReader
	if comma == ' ' {
		rr = &spaceRecords{lines: lineIter{s: s}}
	} else {
		if comma == '\r' || comma == '\n' || comma == '"' || comma == utf8.RuneError || !utf8.ValidRune(comma) {
			return nil, fmt.Errorf("dataset: invalid separator %q", comma)
		}
		r := csv.NewReader(strings.NewReader(s))
		r.Comma = comma
		r.FieldsPerRecord = -1
		r.ReuseRecord = true
		r.TrimLeadingSpace = comma != '\t'
		rr = &csvRecords{r: r, source: source}
	}

	t := &Table{Source: source}
	var (
		ncol      = -1 // fields per row, from the first record
		li        = -1 // 0-based label field, -1 none
		firstLine int  // line of the first record
		header    bool
		flat      []float64
		in        = interner{}
	)
	for {
		rec, line, err := rr.read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		if ncol < 0 {
			ncol, firstLine = len(rec), line
			switch {
			case opt.LabelColumn == 0:
				li = ncol - 1
			case opt.LabelColumn > 0:
				li = opt.LabelColumn - 1
				if li >= ncol {
					return nil, at(source, line, 0, errorf(ErrRagged,
						"label column %d is out of range: the row has %d fields", opt.LabelColumn, ncol))
				}
			}
			if labelsOnly && ncol != 1 {
				return nil, at(source, line, 0, errorf(ErrRagged,
					"row has %d fields, expected one label per line", ncol))
			}
			if !labelsOnly && li >= 0 && ncol == 1 {
				return nil, at(source, line, 0, errorf(ErrRagged,
					"row has 1 field, the label: expected features and a label (or no label column)"))
			}
			if li >= 0 {
				t.Labels = []string{}
				t.labelCol = li + 1
			}
			switch opt.Header {
			case HeaderYes:
				header = true
			case HeaderAuto:
				text, number := false, false
				for j, f := range rec {
					f = strings.TrimSpace(f)
					if j == li {
						continue
					}
					switch {
					case isNumber(f):
						number = true
					case f != "" && f != "?":
						text = true
					}
				}
				header = text && !number
			}
			if header {
				t.Features = make([]string, 0, ncol)
				for j, f := range rec {
					if j != li {
						t.Features = append(t.Features, strings.TrimSpace(f))
					}
				}
				continue
			}
		}
		if len(rec) != ncol {
			what := "the first row"
			if header {
				what = "the header"
			}
			return nil, at(source, line, 0, errorf(ErrRagged,
				"row has %d fields, expected %d like %s on line %d", len(rec), ncol, what, firstLine))
		}
		for j, f := range rec {
			f = strings.TrimSpace(f)
			if j == li {
				if err := checkLabel(f); err != nil {
					return nil, at(source, line, j+1, err)
				}
				t.Labels = append(t.Labels, in.get(f))
				continue
			}
			v, err := parseValue(f)
			if err != nil {
				return nil, at(source, line, j+1, err)
			}
			flat = append(flat, v)
		}
		t.Lines = append(t.Lines, line)
	}
	if len(t.Lines) == 0 {
		if header {
			return nil, at(source, 0, 0, errorf(ErrEmpty, "no data rows after the header on line %d", firstLine))
		}
		return nil, at(source, 0, 0, errorf(ErrEmpty, "no data rows"))
	}
	m := ncol
	if li >= 0 {
		m--
	}
	t.X = rows(flat, len(t.Lines), m)
	return t, nil
}

// ReadFile reads a LIBSVM or a CSV file. It is read as LIBSVM if its extension is .libsvm,
// .svm or .svmlight, as CSV if it is .csv or .tsv, and otherwise (.txt, .dat, none, ...) as
// LIBSVM iff the first line with at least two whitespace-separated fields (among the first
// 100 non-blank lines, '#' comments removed) has a second field of the form index:value.
// opt applies to CSV only.
func ReadFile(path string, opt CSVOptions) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := string(data)
	if isLIBSVM(path, s) {
		return parseLIBSVM(s, path)
	}
	return parseCSV(s, path, opt, false)
}

// isLIBSVM applies the rule of ReadFile.
func isLIBSVM(path, s string) bool {
	ext := strings.ToLower(path)
	if i := strings.LastIndexAny(ext, "./\\"); i >= 0 && ext[i] == '.' {
		ext = ext[i:]
	} else {
		ext = ""
	}
	switch ext {
	case ".libsvm", ".svm", ".svmlight":
		return true
	case ".csv", ".tsv":
		return false
	}
	it := lineIter{s: stripBOM(s)}
	for n := 0; n < 100; {
		l, ok := it.next()
		if !ok {
			return false
		}
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		first, rest := nextField(l)
		if first == "" {
			continue
		}
		n++
		second, _ := nextField(rest)
		if second == "" {
			continue
		}
		idx, _, ok := strings.Cut(second, ":")
		return ok && idx != "" && strings.Trim(idx, "0123456789") == ""
	}
	return false
}
