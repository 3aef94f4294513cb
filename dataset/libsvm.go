package dataset

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Limits on LIBSVM input, which is stored densely. Variables so that tests can lower them.
var (
	maxLIBSVMIndex = 1 << 20 // highest feature index accepted
	maxLIBSVMCells = 1 << 28 // rows x dimension accepted (2 GiB of float64)
)

// ReadLIBSVM reads a LIBSVM file; see ParseLIBSVM.
func ReadLIBSVM(path string) (*Table, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return parseLIBSVM(string(data), path, false)
}

// ParseLIBSVM reads LIBSVM (svmlight) data from r; source names it in errors. Each non-blank
// line is "label idx:val idx:val ..." with 1-based, strictly increasing indices (at most
// 1048576); '#' starts a comment. The dimension is the highest index seen and missing entries
// are 0; use Table.WithDim to match a model. Errors are *ParseError values whose Column is
// the whitespace-separated field (the label is field 1).
func ParseLIBSVM(r io.Reader, source string) (*Table, error) {
	data, err := readAll(r, source)
	if err != nil {
		return nil, err
	}
	return parseLIBSVM(string(data), source, false)
}

// parseLIBSVM reads LIBSVM data (ParseLIBSVM); with zeroBased, its indices count from 0 (as
// scikit-learn's dump_svmlight_file writes them by default), and index i is column i+1.
func parseLIBSVM(s, source string, zeroBased bool) (*Table, error) {
	if err := checkUTF16(s, source); err != nil {
		return nil, err
	}
	if err := checkBinary(s, source); err != nil {
		return nil, err
	}
	t := &Table{Source: source, Labels: []string{}, libsvm: true, sparse: true, zeroBased: zeroBased, labelCol: 1}
	var (
		idx   []int     // feature indices of all rows
		val   []float64 // their values
		start []int     // start of each row in idx/val
		m     int       // highest index seen: the dimension
		in    = interner{}
		it    = lineIter{s: stripBOM(s)}
	)
	for {
		l, ok := it.next()
		if !ok {
			break
		}
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		label, rest := nextField(l)
		if label == "" {
			continue
		}
		line := it.line
		if strings.Contains(label, ":") {
			return nil, at(source, line, 1, errorf(ErrMissing,
				"line starts with %q: expected a label before the index:value pairs", short(label)))
		}
		if err := checkLabel(label); err != nil {
			return nil, at(source, line, 1, err)
		}
		t.Labels = append(t.Labels, in.get(label))
		t.Lines = append(t.Lines, line)
		start = append(start, len(idx))
		prev := 0
		for col := 2; ; col++ {
			var f string
			f, rest = nextField(rest)
			if f == "" {
				break
			}
			is, vs, ok := strings.Cut(f, ":")
			if !ok {
				return nil, at(source, line, col, errorf(ErrIndex,
					"field %q is not index:value", short(f)))
			}
			if col == 2 && is == "qid" { // SVMlight's query id, for ranking: not a feature
				if _, err := strconv.ParseUint(vs, 10, 64); err != nil {
					return nil, at(source, line, col, errorf(ErrIndex, "qid %q is not a non-negative integer", short(vs)))
				}
				continue
			}
			k, err := strconv.Atoi(is)
			if zeroBased && err == nil && k >= 0 && is[0] != '+' {
				k++ // (the column; errors below name the file's index, k - 1)
			}
			if err != nil || is[0] == '+' || is[0] == '-' || k < 1 {
				if err == nil && k == 0 {
					return nil, at(source, line, col, errorf(errZeroIndex,
						"index 0: indices start at 1 (scikit-learn's dump_svmlight_file counts from 0 unless given zero_based=False)"))
				}
				what := "a positive integer"
				if zeroBased {
					what = "a non-negative integer"
				}
				return nil, at(source, line, col, errorf(ErrIndex,
					"index %q is not %s", short(is), what))
			}
			shown := func(k int) int { // the index as the file writes it
				if zeroBased {
					return k - 1
				}
				return k
			}
			if k > maxLIBSVMIndex {
				return nil, at(source, line, col, errorf(ErrIndex,
					"index %d is above the limit %d", shown(k), shown(maxLIBSVMIndex)))
			}
			if k <= prev {
				return nil, at(source, line, col, errorf(ErrIndex,
					"index %d follows index %d: indices must be strictly increasing", shown(k), shown(prev)))
			}
			prev = k
			v, err := ParseValue(vs)
			if MissingValueError(err) { // (LIBSVM cannot mark a missing value: not one CSVOptions.Missing reads)
				kind := ErrMissing
				if errors.Is(err, ErrNonFinite) {
					kind = ErrNonFinite
				}
				err = errorf(kind, "%v", err)
			}
			if err != nil {
				return nil, at(source, line, col, err)
			}
			if k > m {
				m, t.dimLine, t.dimCol = k, line, col
			}
			idx = append(idx, k)
			val = append(val, v)
		}
	}
	n := len(t.Lines)
	if n == 0 {
		return nil, at(source, 0, 0, errorf(ErrEmpty, "no data rows"))
	}
	if m > 0 && n > maxLIBSVMCells/m {
		return nil, at(source, t.dimLine, t.dimCol, fmt.Errorf(
			"index %d makes %d rows x %d features, above the limit of %d values", m, n, m, maxLIBSVMCells))
	}
	start = append(start, len(idx))
	t.maxIndex = m
	t.Columns = sparseColumns(m, nil)
	t.X = rows(make([]float64, n*m), n, m)
	for i, row := range t.X {
		for p := start[i]; p < start[i+1]; p++ {
			row[idx[p]-1] = val[p]
		}
	}
	return t, nil
}

// sparseColumns returns the first m feature indices (1-based) that are not dropped.
func sparseColumns(m int, dropped []int) []int {
	cols := make([]int, 0, m)
	for k, d := 1, 0; len(cols) < m; k++ {
		if d < len(dropped) && dropped[d] == k {
			d++
			continue
		}
		cols = append(cols, k)
	}
	return cols
}

// selectSparse applies a choice of features (by index) to a table read from LIBSVM: keep
// lists the features wanted, in order (nil: all); drop those left out. Dropping keeps the
// table sparse (the rows may still be padded by WithDim); keeping makes it dense.
func (t *Table) selectSparse(keep, drop []Column) error {
	if keep == nil && drop == nil {
		return nil
	}
	for _, c := range append(keep[:len(keep):len(keep)], drop...) {
		if c.Name != "" {
			return errorf(ErrColumn, "column %q is a name, but LIBSVM data have no column names: name features by index", c.Name)
		}
	}
	dropped := map[int]bool{}
	for _, c := range drop {
		if dropped[c.Number] {
			return errorf(ErrColumn, "dropped column %s is listed twice", c)
		}
		dropped[c.Number] = true
	}
	if keep != nil {
		top := 0
		for _, c := range keep {
			top = max(top, c.Number)
		}
		if top > t.maxIndex {
			if len(t.X) > maxLIBSVMCells/top {
				return errorf(ErrColumn, "feature column %d makes %d rows x %d features, above the limit of %d values", top, len(t.X), top, maxLIBSVMCells)
			}
			if err := t.WithDim(top); err != nil {
				return err
			}
		}
		var cols []int
		seen := map[int]bool{}
		for _, c := range keep {
			if seen[c.Number] {
				return errorf(ErrColumn, "feature column %s is listed twice", c)
			}
			seen[c.Number] = true
			if !dropped[c.Number] {
				cols = append(cols, c.Number)
			}
		}
		if len(cols) == 0 {
			return errorf(ErrColumn, "no feature column is left")
		}
		flat := make([]float64, len(t.X)*len(cols))
		X := rows(flat, len(t.X), len(cols))
		for i, row := range t.X {
			for k, c := range cols {
				X[i][k] = row[c-1]
			}
		}
		t.X, t.Columns, t.sparse = X, cols, false
		return nil
	}
	var cols []int
	for k := 1; k <= t.maxIndex; k++ {
		if !dropped[k] {
			cols = append(cols, k)
		}
	}
	for k := range dropped {
		t.dropped = append(t.dropped, k)
	}
	slices.Sort(t.dropped)
	flat := make([]float64, len(t.X)*len(cols))
	X := rows(flat, len(t.X), len(cols))
	for i, row := range t.X {
		for k, c := range cols {
			X[i][k] = row[c-1]
		}
	}
	t.X, t.Columns = X, cols
	t.maxIndex = len(cols)
	return nil
}
