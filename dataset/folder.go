package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Folder is one benchmark folder: x.csv (comma-separated features, no header), y.csv (one
// label per line) and, optionally, train.csv and test.csv (one realisation per line:
// comma-separated 0-based row indices of x.csv; line k of both files is realisation k) and a
// README.md whose introduction may say whether the labels are classes or a regression target
// (Task).
type Folder struct {
	Dir         string
	X           [][]float64
	Labels      []string
	Train, Test [][]int // row indices of each realisation
	// Declared is the task the folder's README.md declares in its introduction, or nil
	// (declaredTask; Task says which task the folder is).
	Declared *Task

	xLines, yLines        []int // source lines of the rows of x.csv and y.csv
	trainLines, testLines []int // source lines of the realisations
}

// ReadFolder reads a benchmark folder. x.csv and y.csv (each of its files may be compressed,
// x.csv.gz or x.csv.bz2) must have the same number of rows;
// train.csv and test.csv, if present (both or neither), the same number of lines, each
// index in [0, rows) at most once per line, and train and test of a realisation disjoint.
// Errors name the file inside the folder, e.g.
//
//	data/diabetis/train.csv:7:12: index 900 out of range [0, 768)
func ReadFolder(dir string) (*Folder, error) {
	return ReadFolderWith(dir, FolderOptions{})
}

// folderFile returns the path of the file name in the folder dir: name itself, or else name.gz
// or name.bz2 where one of those is there (read decompressed), or else name (for the error).
func folderFile(dir, name string) string {
	for _, z := range append([]string{""}, compressedExts...) {
		if _, err := os.Stat(filepath.Join(dir, name+z)); err == nil {
			return filepath.Join(dir, name+z)
		}
	}
	return filepath.Join(dir, name)
}

// FolderOptions says how to read a benchmark folder. The zero value is ReadFolder's.
type FolderOptions struct {
	// Missing reads a missing value in x.csv (an empty field, a marker of IsMissing or NaN) as
	// NaN instead of refusing it, as CSVOptions.Missing does.
	Missing bool
}

// ReadFolderWith reads a benchmark folder as ReadFolder does, with the options opt.
func ReadFolderWith(dir string, opt FolderOptions) (*Folder, error) {
	xs, err := ReadCSV(folderFile(dir, "x.csv"), CSVOptions{Header: HeaderNo, LabelColumn: -1, Comma: ',', Missing: opt.Missing})
	if err != nil {
		return nil, err
	}
	yPath := folderFile(dir, "y.csv")
	data, err := readFile(yPath)
	if err != nil {
		return nil, err
	}
	ys, err := parseCSV(string(data), yPath, CSVOptions{Header: HeaderNo, LabelColumn: 1, Comma: ','}, csvLabels)
	if err != nil {
		return nil, err
	}
	if err := pairedLines(xs.Source, xs.Lines, "row", ys.Source, ys.Lines, "label"); err != nil {
		return nil, err
	}
	f := &Folder{Dir: dir, X: xs.X, Labels: ys.Labels, xLines: xs.Lines, yLines: ys.Lines}
	if err := f.checkMagnitudes(); err != nil {
		return nil, err
	}
	if err := f.readDeclared(); err != nil {
		return nil, err
	}

	trainPath, testPath := folderFile(dir, "train.csv"), folderFile(dir, "test.csv")
	trainData, trainErr := readFile(trainPath)
	testData, testErr := readFile(testPath)
	if errors.Is(trainErr, fs.ErrNotExist) && errors.Is(testErr, fs.ErrNotExist) {
		return f, nil
	}
	if trainErr != nil {
		return nil, trainErr
	}
	if testErr != nil {
		return nil, testErr
	}
	n := len(f.X)
	ip := newIndexParser(n)
	if f.Train, f.trainLines, err = ip.parseFile(string(trainData), trainPath); err != nil {
		return nil, err
	}
	if f.Test, f.testLines, err = ip.parseFile(string(testData), testPath); err != nil {
		return nil, err
	}
	if err := pairedLines(trainPath, f.trainLines, "realisation", testPath, f.testLines, "realisation"); err != nil {
		return nil, err
	}
	// Train and test of a realisation must be disjoint: mark train, look up test.
	mark := make([]int, n) // k+1 where row is in train of realisation k
	for k, tr := range f.Train {
		for _, i := range tr {
			mark[i] = k + 1
		}
		for c, i := range f.Test[k] {
			if mark[i] == k+1 {
				return nil, at(testPath, f.testLines[k], c+1, errorf(ErrIndex,
					"index %d is also in line %d of %s: train and test must be disjoint",
					i, f.trainLines[k], filepath.Base(trainPath)))
			}
		}
	}
	return f, nil
}

// checkMagnitudes refuses a value (or a numeric label) of magnitude SafeMagnitude(rows) or
// more: a training set drawn from the folder could then overflow its mean or variance. (A
// missing value, NaN, passes.)
func (f *Folder) checkMagnitudes() error {
	limit := SafeMagnitude(len(f.X))
	for i, x := range f.X {
		for j, v := range x {
			if math.Abs(v) >= limit {
				return at(filepath.Join(f.Dir, "x.csv"), f.xLines[i], j+1, errorf(ErrScale,
					"value %g is too large: the mean or the variance of a training set drawn from %d rows could overflow float64 (magnitudes below %.2g are safe)", v, len(f.X), limit))
			}
		}
	}
	values := make([]float64, len(f.Labels))
	for i, l := range f.Labels {
		v, ok := finite(l)
		if !ok {
			return nil // class names
		}
		values[i] = v
	}
	for i, v := range values {
		if math.Abs(v) >= limit {
			return at(filepath.Join(f.Dir, "y.csv"), f.yLines[i], 1, errorf(ErrScale,
				"label %g is too large: the mean or the variance of the targets of a training set could overflow float64 (magnitudes below %.2g are safe)", v, limit))
		}
	}
	return nil
}

// pairedLines checks that two files of a folder pair line for line (their rows, labels or
// realisations on the lines aLines and bLines): the k-th row of x.csv goes with the k-th label
// of y.csv, the k-th line of train.csv with that of test.csv. They must hold as many, on the
// same lines: a line left blank in one file and not the other (a row or a label deleted)
// would silently pair every line after it with the wrong one. The error names the blank line
// where there is one, else the first extra line.
func pairedLines(aPath string, aLines []int, aWhat, bPath string, bLines []int, bWhat string) error {
	na, nb := len(aLines), len(bLines)
	if na != nb {
		for _, f := range []struct {
			path  string
			lines []int
		}{{aPath, aLines}, {bPath, bLines}} {
			for k, l := range f.lines {
				if l != k+1 {
					return at(f.path, k+1, 0, errorf(ErrRowCount, "blank line (%s has %d %ss, %s has %d %ss)",
						filepath.Base(aPath), na, aWhat, filepath.Base(bPath), nb, bWhat))
				}
			}
		}
		longPath, longLines, long, short := aPath, aLines, aWhat, bWhat
		shortPath, nl, ns := bPath, na, nb
		if nb > na {
			longPath, longLines, long, short = bPath, bLines, bWhat, aWhat
			shortPath, nl, ns = aPath, nb, na
		}
		return at(longPath, longLines[ns], 0, errorf(ErrRowCount, "%s has %d %ss, %s has %d %ss: expected the same number",
			filepath.Base(longPath), nl, long, filepath.Base(shortPath), ns, short))
	}
	for k, l := range aLines {
		if l != bLines[k] {
			first, firstPath := min(l, bLines[k]), aPath
			if bLines[k] < l {
				firstPath = bPath
			}
			return at(firstPath, first, 0, errorf(ErrRowCount,
				"%s %d is on line %d of %s and %s %d on line %d of %s: blank lines in one file and not the other would pair the wrong lines; remove them, or blank the same lines in both",
				aWhat, k+1, l, filepath.Base(aPath), bWhat, k+1, bLines[k], filepath.Base(bPath)))
		}
	}
	return nil
}

// MissingLabel is MissingLabelError for the folder's labels (y.csv): an error naming the
// first label that marks a missing value among numeric class labels, or nil.
func (f *Folder) MissingLabel() error {
	all := make([]int, len(f.Labels))
	for i := range all {
		all[i] = i
	}
	return MissingLabelError(f.subset(all))
}

// Realisations returns the number of realisations (train/test splits).
func (f *Folder) Realisations() int { return len(f.Train) }

// Where names the 0-based realisation k's line of train.csv ("train.csv line 3"), for errors
// about it; "" if f was not read from files or k is out of range.
func (f *Folder) Where(k int) string {
	if k < 0 || k >= len(f.trainLines) {
		return ""
	}
	return fmt.Sprintf("train.csv line %d", f.trainLines[k])
}

// Split returns the training and test tables of the 0-based realisation k; it panics if k is
// out of range. Lines hold the x.csv line of each row, and label errors name y.csv. The rows
// share memory with f.X.
func (f *Folder) Split(k int) (train, test *Table) {
	return f.subset(f.Train[k]), f.subset(f.Test[k])
}

func (f *Folder) subset(idx []int) *Table {
	t := &Table{
		Source:      filepath.Join(f.Dir, "x.csv"),
		X:           make([][]float64, len(idx)),
		Labels:      make([]string, len(idx)),
		Lines:       make([]int, len(idx)),
		labelCol:    1,
		labelSource: filepath.Join(f.Dir, "y.csv"),
		labelLines:  make([]int, len(idx)),
	}
	for r, i := range idx {
		t.X[r], t.Labels[r] = f.X[i], f.Labels[i]
		if i < len(f.xLines) && i < len(f.yLines) { // a Folder built by hand has no source lines
			t.Lines[r], t.labelLines[r] = f.xLines[i], f.yLines[i]
		}
	}
	return t
}

// indexParser parses realisation lines: comma-separated 0-based row indices in [0, n).
type indexParser struct {
	n    int
	seen []int32 // gen where the index was seen in the current line
	pos  []int32 // its field there
	gen  int32
}

func newIndexParser(n int) *indexParser {
	return &indexParser{n: n, seen: make([]int32, n), pos: make([]int32, n)}
}

// parseFile parses one realisation per non-blank line.
func (p *indexParser) parseFile(s, path string) (sets [][]int, lines []int, err error) {
	it := lineIter{s: stripBOM(s)}
	for {
		l, ok := it.next()
		if !ok {
			break
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		set, col, err := p.parseLine(l)
		if err != nil {
			return nil, nil, at(path, it.line, col, err)
		}
		sets = append(sets, set)
		lines = append(lines, it.line)
	}
	if len(sets) == 0 {
		return nil, nil, at(path, 0, 0, errorf(ErrEmpty, "no realisations"))
	}
	return sets, lines, nil
}

// parseLine parses one realisation; on error it returns the 1-based field at fault.
func (p *indexParser) parseLine(l string) (set []int, col int, err error) {
	p.gen++
	if p.gen <= 0 { // wrapped: forget all marks
		clear(p.seen)
		p.gen = 1
	}
	set = make([]int, 0, strings.Count(l, ",")+1)
	for col = 1; ; col++ {
		f, rest, more := strings.Cut(l, ",")
		f = strings.TrimSpace(f)
		if f == "" {
			return nil, col, errorf(ErrIndex, "empty field: expected an index in [0, %d)", p.n)
		}
		i, err := strconv.Atoi(f)
		if err != nil || f[0] == '+' {
			return nil, col, errorf(ErrIndex, "index %q is not an integer", short(f))
		}
		if i < 0 || i >= p.n {
			return nil, col, errorf(ErrIndex, "index %d out of range [0, %d)", i, p.n)
		}
		if p.seen[i] == p.gen {
			return nil, col, errorf(ErrIndex, "index %d repeated (first in field %d)", i, p.pos[i])
		}
		p.seen[i], p.pos[i] = p.gen, int32(col)
		set = append(set, i)
		if !more {
			return set, 0, nil
		}
		l = rest
	}
}
