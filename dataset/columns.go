package dataset

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxColumn is the highest column number a column list may hold.
const MaxColumn = 1 << 20

// Column names one column of a data file: by its 1-based number (Name empty), or by the
// name its header gives it (Number 0). In a LIBSVM file the number is the feature index.
type Column struct {
	Number int
	Name   string
}

// String returns the column as a column list writes it: its number, or its name.
func (c Column) String() string {
	if c.Name != "" {
		return strconv.Quote(c.Name)
	}
	return strconv.Itoa(c.Number)
}

// ParseColumns parses a column list such as "1,3-5,id": comma-separated items, each a
// 1-based column number, a range of numbers a-b (a <= b, both included) or a header name;
// blanks around items are ignored. Ranges are expanded. An item made only of digits and
// dashes that is neither a number nor a range ("0", "5-3", "-2", "1-") is an error wrapping
// ErrColumn, as are an empty item and a number above MaxColumn; anything else is a name (a
// column whose name is all digits is named by its number).
func ParseColumns(s string) ([]Column, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errorf(ErrColumn, "empty column list: expected column numbers (1-based), ranges such as 3-5, or header names, separated by commas")
	}
	var cols []Column
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, errorf(ErrColumn, "item %d of the column list %q is empty", i+1, short(s))
		}
		if strings.Trim(item, "0123456789-") != "" {
			cols = append(cols, Column{Name: item})
			continue
		}
		lo, hi, isRange := strings.Cut(item, "-")
		a, err := columnNumber(lo, item)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = columnNumber(hi, item); err != nil {
				return nil, err
			}
			if b < a {
				return nil, errorf(ErrColumn, "column range %q runs backwards: write %d-%d", item, b, a)
			}
		}
		if len(cols)+b-a >= MaxColumn {
			return nil, errorf(ErrColumn, "column list %q names more than %d columns", short(s), MaxColumn)
		}
		for n := a; n <= b; n++ {
			cols = append(cols, Column{Number: n})
		}
	}
	return cols, nil
}

// columnNumber parses one number of a column list item.
func columnNumber(s, item string) (int, error) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, errorf(ErrColumn, "column %q: expected a 1-based number, a range such as 3-5, or a header name", short(item))
	}
	n, err := strconv.Atoi(s)
	switch {
	case err != nil || n > MaxColumn:
		return 0, errorf(ErrColumn, "column %q: numbers go up to %d", short(item), MaxColumn)
	case n == 0:
		return 0, errorf(ErrColumn, "column %q: columns are numbered from 1", short(item))
	}
	return n, nil
}

// selectFields returns the 0-based fields that are the features of a record of n fields with
// header names (nil if none) and 0-based label field li (-1: none): keep (or, if nil, every
// field but the label) in the order given, less drop. A column named twice, out of range,
// not in the header, or that is the label is an error wrapping ErrColumn.
func selectFields(keep, drop []Column, names []string, n, li int) ([]int, error) {
	resolve := func(c Column, list string) (int, error) { return resolveColumn(c, list, names, n) }
	label := func(j int, list string, c Column) error {
		if j == li {
			return errorf(ErrColumn, "%s column %s is the label column (the label is chosen on its own)", list, c)
		}
		return nil
	}
	dropped := make(map[int]bool, len(drop))
	for _, c := range drop {
		j, err := resolve(c, "dropped")
		if err != nil {
			return nil, err
		}
		if err := label(j, "dropped", c); err != nil {
			return nil, err
		}
		if dropped[j] {
			return nil, errorf(ErrColumn, "dropped column %s is listed twice", c)
		}
		dropped[j] = true
	}
	var fields []int
	if keep == nil {
		for j := range n {
			if j != li && !dropped[j] {
				fields = append(fields, j)
			}
		}
	} else {
		kept := make(map[int]bool, len(keep))
		for _, c := range keep {
			j, err := resolve(c, "feature")
			if err != nil {
				return nil, err
			}
			if err := label(j, "feature", c); err != nil {
				return nil, err
			}
			if kept[j] {
				return nil, errorf(ErrColumn, "feature column %s is listed twice", c)
			}
			kept[j] = true
			if !dropped[j] {
				fields = append(fields, j)
			}
		}
	}
	if len(fields) == 0 {
		return nil, errorf(ErrColumn, "no feature column is left of the %d columns", n)
	}
	return fields, nil
}

// quoteList quotes up to max names, with a count of the rest.
func quoteList(names []string, max int) string {
	q := make([]string, 0, min(len(names), max)+1)
	for i, s := range names {
		if i == max {
			q = append(q, fmt.Sprintf("and %d more", len(names)-max))
			break
		}
		q = append(q, strconv.Quote(s))
	}
	return strings.Join(q, ", ")
}

// resolveColumn returns the 0-based field of column c of a record of n fields with header
// names (nil if none); list names the list c is from in errors, which wrap ErrColumn.
func resolveColumn(c Column, list string, names []string, n int) (int, error) {
	if c.Name == "" {
		if c.Number > n {
			return 0, errorf(ErrColumn, "%s column %d is out of range: the data have %d columns", list, c.Number, n)
		}
		return c.Number - 1, nil
	}
	if names == nil {
		return 0, errorf(ErrColumn, "%s column %q is a name, but the data have no header line (name columns by number, or read the first line as a header)", list, c.Name)
	}
	found := -1
	for j, name := range names {
		if name == c.Name {
			if found >= 0 {
				return 0, errorf(ErrColumn, "%s column %q is ambiguous: columns %d and %d have that name", list, c.Name, found+1, j+1)
			}
			found = j
		}
	}
	if found < 0 {
		return 0, errorf(ErrColumn, "%s column %q is not in the header, which names %s", list, c.Name, quoteList(names, 8))
	}
	return found, nil
}
