package dataset

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
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
	// in it is read as data: use HeaderYes. A first row read as data whose label is text found
	// on no other row, among numeric labels or labels of two rows or more, is an error
	// wrapping ErrHeader (a header "0,1,target" of numeric column names). Where every feature
	// is categorical, a first line that names one of each feature's categories (found on the
	// lines below) and one of the labels is data.
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
	// Comma is the field separator. 0 detects it from the first 50 non-blank lines: of ',' (not
	// with DecimalComma), ';' and tab, one that splits them all alike (the first line may have
	// a field fewer), the one whose fields read as numbers most often, or runs of spaces and
	// tabs where its fields hold numbers apart; where none splits them alike, ',' if the first
	// line has a comma, else ';' if it has a semicolon, else tab if it has a tab, else runs of
	// spaces and tabs. ' ' means runs of spaces and tabs (no quoting); any other rune is
	// used by encoding/csv, so fields may be quoted.
	Comma rune
	// Features, if not nil, lists the feature columns in the order wanted (see ParseColumns);
	// the label column may not be one of them, and the columns left out are not read, so they
	// may hold anything. nil: every column but the label, in file order.
	Features []Column
	// Drop lists columns left out of the features (not the label column). It applies to
	// LIBSVM data too, by feature index (names need a CSV header).
	Drop []Column
	// Missing reads a missing feature value (an empty field, a marker of IsMissing or NaN in
	// any case, with an optional sign) as NaN instead of refusing it. A missing label is still an error.
	Missing bool
	// DecimalComma reads a number written with a decimal comma (1,5 for 1.5), as spreadsheets
	// in many locales and R's write.csv2 write them, among the features and the labels (a
	// label that is such a number is read with a point: "1,5" is the label "1.5").
	DecimalComma bool
	// MissingLabels reads an empty label field, or "?", as a missing label ("") rather than an
	// error: for data to predict, whose labels, where they are given, are only scored.
	MissingLabels bool
	// ZeroBased reads a LIBSVM file's feature indices as counting from 0, as scikit-learn's
	// dump_svmlight_file writes them by default: index i is column i+1 (in Drop and Features
	// too).
	ZeroBased bool
	// Categorical lists feature columns read as categories (see ParseColumns; CSV only): a
	// field is then a category's name, whatever it holds, but for a missing value (an empty
	// field or a marker of MissingValue other than "None", which names a category there; read
	// as NaN with Missing and refused without).
	// Table.Levels lists the feature's categories, and X holds each row's as its index in them.
	Categorical []Column
	// CategoricalFeatures marks features as categorical by their place among the features read
	// (after Features and Drop): true at k reads feature k as Categorical does; where one is
	// true, it must have one value a feature. It reads rows for a model whose inputs say which
	// are categorical (model.Model.Categories).
	CategoricalFeatures []bool
	// CategoricalText reads, besides those, a feature column as categories where it holds text
	// (a field that is neither a number nor a missing value) on most of the rows that have a
	// value, with at most MaxCategories distinct names and at most one for every two rows.
	// Other text among the features is an error as without it: text on a few rows of a column
	// of numbers is more likely a typo, and a name on nearly every row an identifier.
	CategoricalText bool
}

// MaxCategories is the most categories CSVOptions.CategoricalText reads a column of text as.
const MaxCategories = 50

// ReadCSV reads a CSV file; see ParseCSV.
func ReadCSV(path string, opt CSVOptions) (*Table, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return parseTable(string(data), path, opt)
}

// ParseCSV reads CSV data from r; source names it in errors. Blank lines are skipped; every
// other row must have as many fields as the first (header or data) row, and every feature
// must be a finite number. Errors are *ParseError values wrapping ErrEmpty, ErrRagged,
// ErrMissing, ErrNotNumber, ErrNonFinite or ErrHeader.
func ParseCSV(r io.Reader, source string, opt CSVOptions) (*Table, error) {
	data, err := readAll(r, source)
	if err != nil {
		return nil, err
	}
	return parseTable(string(data), source, opt)
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

// spaceRecords reads records separated by runs of spaces and tabs. A field that starts with a
// double quote and whose quote closes before a blank or the end of the line is quoted, as R's
// write.table writes text: the quotes go, and a doubled or backslashed quote inside is one.
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
			if f, l, ok = nextSpaceField(l); !ok {
				break
			}
			w.fields = append(w.fields, f)
		}
		if len(w.fields) > 0 {
			return w.fields, w.lines.line, nil
		}
	}
}

// nextSpaceField returns the first whitespace-separated field of s, unquoted if it is quoted
// (spaceRecords), and the rest; ok is false if s holds no field.
func nextSpaceField(s string) (field, rest string, ok bool) {
	t := strings.TrimLeft(s, " \t\r\v\f")
	if !strings.HasPrefix(t, `"`) {
		field, rest = nextField(s)
		return field, rest, field != ""
	}
	var b strings.Builder
	for j := 1; j < len(t); j++ {
		switch c := t[j]; {
		case (c == '\\' || c == '"') && j+1 < len(t) && t[j+1] == '"':
			b.WriteByte('"')
			j++
		case c == '"':
			if j+1 == len(t) || isSpace(t[j+1]) {
				return b.String(), t[j+1:], true
			}
			field, rest = nextField(s) // a quote inside the field: not a quoted field
			return field, rest, true
		default:
			b.WriteByte(c)
		}
	}
	field, rest = nextField(s) // no closing quote: the field as it stands
	return field, rest, true
}

// detectComma picks the separator (see CSVOptions.Comma; with decimal commas, a comma is not
// one) from the first sniffLines non-blank lines of s. Of comma, semicolon and tab, those that
// split every line after the first into the same number of fields, two at least, and of them
// one that splits the first line alike too (a header may have a field fewer, as R's
// write.table writes the row names' column, or be a title), and then the one whose fields read
// as numbers most often, the earlier on a tie; then runs of
// spaces and tabs instead, where those split as consistently and one of the chosen separator's
// fields holds two numbers apart (numbers aligned by spaces, then a tab, as in UCI's .data
// files). Where none splits consistently: the first of the three the first non-blank line
// holds, else runs of spaces and tabs.
func detectComma(s string, decimalComma bool) rune {
	lines := firstLines(s)
	if len(lines) == 0 {
		return ','
	}
	best, chosen := rune(0), split{numbers: -1}
	for _, c := range []rune{',', ';', '\t'} {
		if c == ',' && decimalComma {
			continue
		}
		if sp := sniff(lines, c); sp.consistent && (sp.header && !chosen.header || sp.header == chosen.header && sp.numbers > chosen.numbers) {
			best, chosen = c, sp
		}
	}
	if best != 0 {
		if chosen.apart && sniff(lines, ' ').consistent {
			return ' '
		}
		return best
	}
	l := lines[0]
	switch {
	case strings.Contains(l, ",") && !decimalComma:
		return ','
	case strings.Contains(l, ";"):
		return ';'
	case strings.Contains(l, "\t"):
		return '\t'
	}
	return ' '
}

// separatorName names the separator c in a message.
func separatorName(c rune) string {
	switch c {
	case ',':
		return "commas"
	case ';':
		return "semicolons"
	case '\t':
		return "tabs"
	case ' ':
		return "runs of spaces and tabs"
	}
	return fmt.Sprintf("%q", c)
}

// fieldCount says "1 field" or "n fields".
func fieldCount(n int) string {
	if n == 1 {
		return "1 field"
	}
	return fmt.Sprintf("%d fields", n)
}

// firstLines returns the first sniffLines non-blank lines of s.
func firstLines(s string) []string {
	var lines []string
	for it := (lineIter{s: s}); len(lines) < sniffLines; {
		l, ok := it.next()
		if !ok {
			break
		}
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// titleHint says, for an error about a first line of one field, that the lines below it split
// alike into more by the separator c (a title or a comment above the data, as UCI's adult.test
// has), or "" where they do not.
func titleHint(s string, c rune) string {
	lines := firstLines(s)
	if len(lines) < 2 || len(splitSniffed(lines[0], c)) != 1 || !sniff(lines, c).consistent {
		return ""
	}
	return fmt.Sprintf(" (the lines below it have %d: is the first a title or a comment? delete it)", len(splitSniffed(lines[1], c)))
}

// sniffLines is how many non-blank lines detectComma looks at.
const sniffLines = 50

// split is what sniff finds of a separator on the first lines.
type split struct {
	numbers    int  // the fields of the lines after the first (of the only line, if one) that read as numbers
	header     bool // the first line has as many fields as they
	consistent bool // they all have the same number of fields, two at least
	apart      bool // a field of theirs holds two numbers or more apart
}

// sniff splits lines by the separator c (' ': runs of spaces and tabs; otherwise outside
// double quotes). A number is one as the reader takes it, or with a decimal comma (but for c
// = ',').
func sniff(lines []string, c rune) split {
	data := lines
	if len(lines) > 1 {
		data = lines[1:]
	}
	number := func(f string) bool { return isNumber(f) || c != ',' && isNumber(pointed(f)) }
	var sp split
	n := -1
	for _, l := range data {
		fields := splitSniffed(l, c)
		if n >= 0 && len(fields) != n {
			return split{}
		}
		n = len(fields)
		for _, f := range fields {
			f = strings.Trim(strings.TrimSpace(f), `"`)
			if number(f) {
				sp.numbers++
				continue
			}
			if c != ' ' {
				k := 0
				for _, w := range strings.Fields(f) {
					if number(w) {
						k++
					}
				}
				sp.apart = sp.apart || k >= 2
			}
		}
	}
	sp.header, sp.consistent = len(splitSniffed(lines[0], c)) == n, n >= 2
	return sp
}

// splitSniffed splits l by the separator c as sniff does.
func splitSniffed(l string, c rune) []string {
	if c == ' ' {
		var fields []string
		for {
			f, rest, ok := nextSpaceField(l)
			if !ok {
				return fields
			}
			fields, l = append(fields, f), rest
		}
	}
	var fields []string
	quoted, start := false, 0
	for i, r := range l {
		switch {
		case r == '"':
			quoted = !quoted
		case r == c && !quoted:
			fields = append(fields, l[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	return append(fields, l[start:])
}

// csvMode says how much of CSV data parseCSV reads.
type csvMode int

const (
	csvTable  csvMode = iota // features and labels
	csvLabels                // one label per line (y.csv): the label column is the only column
	csvHeader                // the first record only: Table.Header is all that is set
)

// parseCSV reads CSV text.
func parseCSV(s, source string, opt CSVOptions, mode csvMode) (*Table, error) {
	if opt.Header < HeaderAuto || opt.Header > HeaderNo {
		return nil, fmt.Errorf("dataset: invalid header mode %d", opt.Header)
	}
	if opt.LabelColumn < -1 {
		return nil, fmt.Errorf("dataset: invalid label column %d (want -1, 0 or a 1-based column)", opt.LabelColumn)
	}
	if err := checkUTF16(s, source); err != nil {
		return nil, err
	}
	if err := checkBinary(s, source); err != nil {
		return nil, err
	}
	s = stripBOM(s)
	comma := opt.Comma
	if sep, rest, ok := excelSep(s); ok { // Excel's "sep=;" line: the separator, then a blank line
		if comma == 0 {
			comma = sep
		}
		s = rest
	}
	detected := comma == 0
	if detected {
		comma = detectComma(s, opt.DecimalComma)
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
		ncol      = -1  // fields per row, from the first record
		li        = -1  // 0-based label field, -1 none
		fields    []int // 0-based fields of the features, in order
		firstLine int   // line of the first record
		header    bool
		trailing  bool // the first record ends with an empty field
		flat      []float64
		in        = interner{}
		cats      []*levels // the categorical features' categories (nil for a number)
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
			trailing = strings.TrimSpace(rec[ncol-1]) == ""
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
			if mode == csvLabels && ncol != 1 {
				return nil, at(source, line, 0, errorf(ErrRagged,
					"row has %d fields, expected one label per line", ncol))
			}
			if mode != csvLabels && li >= 0 && ncol == 1 {
				return nil, at(source, line, 0, errorf(ErrRagged,
					"row has 1 field, the label: expected features and a label (or no label column)%s", titleHint(s, comma)))
			}
			names := make([]string, ncol)
			for j, f := range rec {
				names[j] = strings.TrimSpace(f)
			}
			header = isHeader(opt, names, li)
			if !header {
				names = nil
			}
			if mode == csvHeader {
				t.Header = names
				return t, nil
			}
			if mode == csvLabels {
				fields = []int{}
			} else if fields, err = selectFields(opt.Features, opt.Drop, names, ncol, li); err != nil {
				return nil, at(source, line, 0, err)
			}
			t.Columns = make([]int, len(fields))
			for k, j := range fields {
				t.Columns[k] = j + 1
			}
			if mode == csvTable {
				if cats, err = categoricalFields(opt, names, fields, ncol, li); err != nil {
					return nil, at(source, line, 0, err)
				}
			}
			if li >= 0 {
				t.Labels = []string{}
				t.labelCol = li + 1
			}
			if header {
				if err := checkNames(names, fields, li, source, line); err != nil {
					return nil, err
				}
				t.Header = names
				t.Features = make([]string, len(fields))
				for k, j := range fields {
					t.Features[k] = names[j]
				}
				if li >= 0 {
					t.LabelName = names[li]
				}
				continue
			}
		}
		if len(rec) != ncol {
			what, hint := "the first row", ""
			if header {
				what = "the header"
				switch {
				case len(rec) == ncol+1 && len(t.Lines) == 0:
					hint = " (a header without a name for the first column, as R's write.table writes the row names: write.table(..., row.names = FALSE) leaves them out, col.names = NA names them \"\")"
				case ncol == 1 && len(t.Lines) == 0:
					hint = titleHint(s, comma)
				}
			}
			if hint == "" && detected {
				hint = fmt.Sprintf(" (fields separated by %s, as detected; -sep sets another separator)", separatorName(comma))
			}
			return nil, at(source, line, 0, errorf(ErrRagged,
				"row has %s, expected %d like %s on line %d%s", fieldCount(len(rec)), ncol, what, firstLine, hint))
		}
		if li >= 0 {
			f := strings.TrimSpace(rec[li])
			if err := checkLabel(f); opt.MissingLabels && errors.Is(err, ErrMissing) {
				f = "" // (a missing label)
			} else if err != nil {
				switch {
				case f == "" && !slices.ContainsFunc(rec, func(f string) bool { return strings.TrimSpace(f) != "" }):
					err = errorf(err, "%v: the row's fields are all empty (as a spreadsheet may leave below its data): delete such rows", err)
				case f == "" && header && trailing && li == ncol-1 && ncol > 2:
					err = trailingSeparator(err, t.Header, firstLine)
				}
				return nil, at(source, line, li+1, err)
			}
			if opt.DecimalComma {
				f = pointed(f)
			}
			t.Labels = append(t.Labels, in.get(f))
		}
		for k, j := range fields {
			f := strings.TrimSpace(rec[j])
			if cats != nil && cats[k] != nil {
				v, err := cats[k].code(f, opt.Missing)
				if err != nil {
					return nil, at(source, line, j+1, err)
				}
				flat = append(flat, v)
				continue
			}
			if opt.DecimalComma {
				f = pointed(f)
			}
			v, err := ParseValue(f)
			if err != nil {
				if !opt.Missing || !MissingValue(f) {
					pe := at(source, line, j+1, err)
					if text := TextError(err); text || errors.Is(err, ErrMissing) {
						// (a missing value's column may hold text below: a category such as "None")
						if cols := textColumns(rr, rec, fields, cats, ncol); text || slices.Contains(cols, j+1) {
							pe.TextColumns, pe.Features = cols, len(fields)
						}
					}
					return nil, pe
				}
				v = math.NaN()
			}
			flat = append(flat, v)
		}
		t.Lines = append(t.Lines, line)
	}
	if opt.Header == HeaderAuto && !header && li >= 0 && mode == csvTable {
		if err := numericHeader(t.Labels); err != nil {
			return nil, at(source, firstLine, li+1, err)
		}
	}
	if len(t.Lines) == 0 {
		if mode == csvHeader {
			return t, nil
		}
		if header {
			return nil, at(source, 0, 0, errorf(ErrEmpty, "no data rows after the header on line %d", firstLine))
		}
		return nil, at(source, 0, 0, errorf(ErrEmpty, "no data rows"))
	}
	t.X = rows(flat, len(t.Lines), len(fields))
	if cats != nil {
		t.Levels = make([][]string, len(fields))
		t.cats = cats
		for k, c := range cats {
			if c != nil {
				t.Levels[k] = c.sort(t.X, k)
			}
		}
	}
	return t, nil
}

// textColumns returns the fields (1-based, in the order of fields) of the features that hold
// text on rec or on a later record of rr (of ncol fields: a ragged row is skipped), for an
// error about text on rec: the rows before it held numbers. A marker of a missing value is
// not text: a column of such markers and numbers needs -missing, not -drop.
func textColumns(rr recordReader, rec []string, fields []int, cats []*levels, ncol int) []int {
	text := make([]bool, len(fields))
	for {
		if len(rec) == ncol {
			for k, j := range fields {
				if !text[k] && (cats == nil || cats[k] == nil) {
					_, err := ParseValue(strings.TrimSpace(rec[j]))
					text[k] = TextError(err)
				}
			}
		}
		var err error
		if rec, _, err = rr.read(); err != nil {
			break // the end, or a record the caller's error comes before
		}
	}
	var cols []int
	for k, j := range fields {
		if text[k] {
			cols = append(cols, j+1)
		}
	}
	return cols
}

// pointed returns s with its comma made a point where s is a number written with a decimal
// comma (one comma, and a finite number with a point in its place), else s.
func pointed(s string) string {
	if strings.Count(s, ",") != 1 {
		return s
	}
	if p := strings.Replace(s, ",", ".", 1); isNumber(p) {
		return p
	}
	return s
}

// PandasHeader reports whether names, a CSV file's first record, are the column names pandas
// gives a data frame made from an array, 0, 1, ..., k-1 (k >= 3), written with to_csv,
// after an unnamed index column or not: HeaderAuto reads such a line as a header, which the
// rule for a first line of numbers would take for data.
func PandasHeader(names []string) bool {
	if len(names) > 0 && names[0] == "" {
		names = names[1:]
	}
	if len(names) < 3 {
		return false
	}
	for j, n := range names {
		if n != strconv.Itoa(j) {
			return false
		}
	}
	return true
}

// excelSep reads the line "sep=X" that Excel writes first to name a file's separator X: it
// returns X and s with that line left blank (the lines after it keep their numbers; a blank
// line is skipped).
func excelSep(s string) (sep rune, rest string, ok bool) {
	line, _, _ := strings.Cut(s, "\n")
	first := strings.TrimSuffix(line, "\r")
	if len(first) != len("sep=;") || !strings.HasPrefix(first, "sep=") {
		return 0, s, false
	}
	return rune(first[4]), s[len(first):], true
}

// isHeader decides whether the first record, of trimmed fields names, is a header. For
// HeaderAuto: if opt lists columns by name and the record holds them all, it is; otherwise it
// is iff none of the fields that may be features (the label field, the columns dropped or
// left out by number and the categorical ones are not looked at) is a number and at least one is text other than a
// missing value ("" or "?"; with opt.Missing, any that MissingValue reads as missing, so that
// a first data row of missing values is data).
func isHeader(opt CSVOptions, names []string, li int) bool {
	switch opt.Header {
	case HeaderYes:
		return true
	case HeaderNo:
		return false
	}
	listed, all := 0, true
	for _, c := range slices.Concat(opt.Features, opt.Drop, opt.Categorical) {
		if c.Name != "" {
			listed++
			all = all && slices.Contains(names, c.Name)
		}
	}
	if listed > 0 && all {
		return true
	}
	if PandasHeader(names) {
		return true
	}
	skip := map[int]bool{li: true}
	for _, c := range opt.Drop {
		if c.Name == "" {
			skip[c.Number-1] = true
		}
	}
	if opt.Features != nil {
		keep := map[int]bool{}
		for _, c := range opt.Features {
			if c.Name == "" {
				keep[c.Number-1] = true
			}
		}
		if listed == 0 {
			for j := range names {
				if !keep[j] {
					skip[j] = true
				}
			}
		}
	}
	// A categorical feature's text is data: its fields are not looked at either, unless every
	// feature is categorical.
	plain := maps.Clone(skip)
	if slices.Contains(opt.CategoricalFeatures, true) {
		var order []int // the fields of the features, in order, where the columns are not named
		if opt.Features != nil {
			for _, c := range opt.Features {
				order = append(order, c.Number-1)
			}
		} else {
			for j := range names {
				if !skip[j] {
					order = append(order, j)
				}
			}
		}
		for k, c := range opt.CategoricalFeatures {
			if c && k < len(order) {
				skip[order[k]] = true
			}
		}
	}
	for _, c := range opt.Categorical {
		if c.Name == "" {
			skip[c.Number-1] = true
		}
	}
	looked := false
	for j := range names {
		looked = looked || !skip[j]
	}
	if !looked { // every feature categorical: their fields decide
		skip = plain
	}
	text, number := false, false
	for j, f := range names {
		if skip[j] {
			continue
		}
		switch {
		case isNumber(f) || opt.DecimalComma && isNumber(pointed(f)):
			number = true
		case f != "" && f != "?" && !(opt.Missing && MissingValue(f)):
			text = true
		}
	}
	return text && !number
}

// trailingSeparator adds to the error about an empty label in the last field the hint that the
// lines may end with separators, as the header names on line first do (its last names are
// empty), and the options that read them: the label the last named column, the features those
// before it.
func trailingSeparator(err error, names []string, first int) error {
	n := len(names)
	for n > 0 && names[n-1] == "" {
		n--
	}
	if n < 2 {
		return err
	}
	features := "1"
	if n > 2 {
		features = fmt.Sprintf("1-%d", n-1)
	}
	ends := "a separator"
	if k := len(names) - n; k > 1 {
		ends = fmt.Sprintf("%d separators", k)
	}
	return errorf(err, "%v (the header on line %d ends with an empty name too: if every line ends with %s, read the label and the features with -label %d -features %s)",
		err, first, ends, n, features)
}

// numericHeader returns an error wrapping ErrHeader if the first row, read as data because
// its features are numbers, looks like a header of numeric column names (as pandas writes
// for the columns of a NumPy array, "0,1,2,target"): its label is text on no other row, and
// the other labels are all numbers or each on two rows or more. Read as data, its label
// would silently be a class of one row.
func numericHeader(labels []string) error {
	if len(labels) < 3 {
		return nil
	}
	first := labels[0]
	if _, ok := finite(first); ok {
		return nil
	}
	count := make(map[string]int)
	numeric := true
	for _, l := range labels[1:] {
		if l == first {
			return nil
		}
		count[l]++
		_, ok := finite(l)
		numeric = numeric && ok
	}
	if !numeric {
		for _, n := range count {
			if n < 2 {
				return nil
			}
		}
	}
	return errorf(ErrHeader, "the first line is read as data, since its features are numbers, but its label %q is on no other line: "+
		"if it is a header of numeric column names, use -header yes; if it is data, -header no", short(first))
}

// checkNames checks the header names of the features and of the label: valid UTF-8, and no
// two features of the same (non-empty) name, which would make matching columns by name
// ambiguous.
func checkNames(names []string, fields []int, li int, source string, line int) error {
	if li >= 0 {
		if err := checkUTF8("column name", names[li]); err != nil {
			return at(source, line, li+1, err)
		}
	}
	first := make(map[string]int, len(fields))
	for _, j := range fields {
		name := names[j]
		if err := checkUTF8("column name", name); err != nil {
			return at(source, line, j+1, err)
		}
		if name == "" {
			continue
		}
		if k, dup := first[name]; dup {
			return at(source, line, j+1, errorf(errRepeatedName,
				"column name %q is also the name of column %d: features need distinct names (rename one, or drop one)", short(name), k+1))
		}
		first[name] = j
	}
	return nil
}

// ReadFile reads a LIBSVM or a CSV file. It is read as LIBSVM if its extension is .libsvm,
// .svm or .svmlight, as CSV if it is .csv or .tsv, and otherwise (.txt, .dat, none, ...) as
// LIBSVM iff the first line with at least two whitespace-separated fields (among the first
// 100 non-blank lines, '#' comments removed) has a second field of the form index:value.
// opt.Features and opt.Drop apply to both formats, the rest of opt to CSV only.
func ReadFile(path string, opt CSVOptions) (*Table, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return parse(string(data), path, opt)
}

// Parse reads LIBSVM or CSV data from r, told apart as ReadFile tells files apart (by the
// extension of source, then by the content); source names the data in errors (for
// example "<stdin>").
func Parse(r io.Reader, source string, opt CSVOptions) (*Table, error) {
	data, err := readAll(r, source)
	if err != nil {
		return nil, err
	}
	return parse(string(data), source, opt)
}

func parse(s, source string, opt CSVOptions) (*Table, error) {
	s = crLines(s)
	if isLIBSVM(source, s) {
		if len(opt.Categorical) > 0 || slices.Contains(opt.CategoricalFeatures, true) {
			return nil, at(source, 0, 0, errorf(ErrColumn, "categorical columns need a CSV file: LIBSVM data hold numbers"))
		}
		t, err := parseLIBSVM(s, source, opt.ZeroBased)
		if err != nil {
			return nil, err
		}
		if err := t.selectSparse(opt.Features, opt.Drop); err != nil {
			return nil, at(source, 0, 0, err)
		}
		return t, nil
	}
	return parseTable(s, source, opt)
}

// Header returns the names that the header line of the data in r gives to all its columns,
// the label's included, or nil if the data have no header line (by opt.Header and, for
// HeaderAuto, its rule, which depends on opt.LabelColumn, opt.Features and opt.Drop, and
// where every feature is categorical on the lines below) or are LIBSVM (told apart as Parse
// does). Only the first record is read for errors.
func Header(r io.Reader, source string, opt CSVOptions) ([]string, error) {
	data, err := readAll(r, source)
	if err != nil {
		return nil, err
	}
	s := crLines(string(data))
	if isLIBSVM(source, s) {
		return nil, nil
	}
	t, err := parseCSV(s, source, opt, csvHeader)
	if err != nil {
		return nil, err
	}
	if t.Header != nil && opt.Header == HeaderAuto && (opt.CategoricalText || len(opt.Categorical) > 0 || slices.Contains(opt.CategoricalFeatures, true)) {
		// A first line of categories found below is data where every feature is categorical
		// (parseTable's second look, which needs the whole file).
		if whole, err := parseTable(s, source, opt); err == nil {
			return whole.Header, nil
		}
	}
	return t.Header, nil
}

// isLIBSVM applies the rule of ReadFile.
func isLIBSVM(path, s string) bool {
	ext := TrimCompressedExt(strings.ToLower(path)) // data.libsvm.gz: the extension before the compression's
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
