package dataset

import (
	"errors"
	"fmt"
)

// Sentinel errors wrapped by the errors of this package; test for them with errors.Is.
var (
	// ErrEmpty: the input has no data rows (or no labels).
	ErrEmpty = errors.New("no data rows")
	// ErrNotNumber: a feature (or a regression label) is not a number.
	ErrNotNumber = errors.New("not a number")
	// ErrNonFinite: a value is NaN or ±Inf, or overflows float64.
	ErrNonFinite = errors.New("non-finite value")
	// ErrMissing: a value or label is missing (an empty field or "?").
	ErrMissing = errors.New("missing value")
	// ErrRagged: a row has the wrong number of fields.
	ErrRagged = errors.New("wrong number of fields")
	// ErrIndex: a bad index: a realisation index (not an integer, out of range, repeated
	// within a line, or shared by train and test) or a LIBSVM feature index (not a positive
	// integer, not increasing).
	ErrIndex = errors.New("bad index")
	// ErrRowCount: files of a folder disagree on the number of rows or realisations.
	ErrRowCount = errors.New("row counts disagree")
	// ErrDimensionMismatch: data has a different number of features than expected.
	ErrDimensionMismatch = errors.New("dimension mismatch")
	// ErrOneClass: classification labels hold a single class.
	ErrOneClass = errors.New("only one class")
	// ErrMultiClass: classification labels hold more than two classes.
	ErrMultiClass = errors.New("more than two classes")
	// ErrUnknownLabel: a label is not one of a model's classes.
	ErrUnknownLabel = errors.New("unknown label")
	// ErrEncoding: a label or a column name is not valid UTF-8.
	ErrEncoding = errors.New("invalid UTF-8")
	// ErrColumn: a column list (Column, ParseColumns) names no column of the data, or names
	// one twice, or a header names two columns alike.
	ErrColumn = errors.New("bad column")
	// ErrScale: the values of a column are too large to standardise: their mean or variance
	// overflows float64.
	ErrScale = errors.New("values too large to standardise")
	// ErrHeader: the first line of CSV data, read as data under HeaderAuto, looks like a header
	// of numeric column names; HeaderYes or HeaderNo settles it.
	ErrHeader = errors.New("ambiguous header")
)

// ParseError is an error at a place in an input file. Line and Column are 1-based; Column is
// the field number (CSV field, LIBSVM token, or index within a realisation line), 0 when the
// error concerns a whole line, and Line is 0 when it concerns the whole file.
type ParseError struct {
	File         string
	Line, Column int
	Err          error
	// TextColumns, for text where a number is expected among the features of a CSV file (or
	// a missing value in a column that holds text on a later row), lists every field (1-based,
	// Column among them) whose feature holds text on that row or a later one, so that a
	// message can name them all at once; nil otherwise. Features is
	// then the number of feature columns (when it is len(TextColumns), every feature holds
	// text).
	TextColumns []int
	Features    int
	// Declined lists, with CSVOptions.CategoricalText, the columns among TextColumns that it
	// did not read as categories though they may hold some: too many distinct names, or text
	// on a tenth of their values or more (two or more) but not on most (the message says
	// which); CSVOptions.Categorical would read them so. A column of numbers with text on a
	// row or two (a typo) is not among them.
	Declined []int
}

// Error returns "file:line:column: message", leaving out a zero column or line.
func (e *ParseError) Error() string {
	file := e.File
	if file == "" {
		file = "<input>"
	}
	switch {
	case e.Line <= 0:
		return fmt.Sprintf("%s: %v", file, e.Err)
	case e.Column <= 0:
		return fmt.Sprintf("%s:%d: %v", file, e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", file, e.Line, e.Column, e.Err)
}

// Unwrap returns the underlying error, which wraps one of the sentinel errors.
func (e *ParseError) Unwrap() error { return e.Err }

// detail is an error with its own message that wraps a sentinel (or another cause).
type detail struct {
	kind error
	msg  string
}

func (d *detail) Error() string { return d.msg }
func (d *detail) Unwrap() error { return d.kind }

// Finer kinds of the sentinels' errors, each wrapping its sentinel, told apart by the
// predicates below (TextError, MissingValueError, DecimalCommaError, ZeroIndexError) rather
// than by their messages.
var (
	errText         = fmt.Errorf("%w", ErrNotNumber) // text, or a boolean, where a number belongs
	errDecimalComma = fmt.Errorf("%w", ErrNotNumber) // a number written with a decimal comma
	errMissingValue = fmt.Errorf("%w", ErrMissing)   // a feature value a CSV file leaves missing
	errNaNValue     = fmt.Errorf("%w", ErrNonFinite) // NaN written as a feature value of a CSV file
	errZeroIndex    = fmt.Errorf("%w", ErrIndex)     // a LIBSVM index 0, read as counting from 1
	errRepeatedName = fmt.Errorf("%w", ErrColumn)    // a header naming two features alike
)

// TextError reports whether err is a reader's error for text (or a boolean) where a number
// belongs, rather than a number in another notation.
func TextError(err error) bool { return errors.Is(err, errText) }

// MissingValueError reports whether err is a reader's error for a feature value of a CSV file
// that CSVOptions.Missing reads as missing (an empty field, a marker of IsMissing, NaN); not
// for a missing label, nor in LIBSVM data, which cannot mark one.
func MissingValueError(err error) bool {
	return errors.Is(err, errMissingValue) || errors.Is(err, errNaNValue)
}

// DecimalCommaError reports whether err is a reader's error for a number written with a decimal
// comma, which CSVOptions.DecimalComma reads.
func DecimalCommaError(err error) bool { return errors.Is(err, errDecimalComma) }

// ZeroIndexError reports whether err is the reader's error for an index 0 in LIBSVM data read
// as counting from 1 (CSVOptions.ZeroBased reads them as counting from 0).
func ZeroIndexError(err error) bool { return errors.Is(err, errZeroIndex) }

// errorf returns an error with the formatted message that wraps kind.
func errorf(kind error, format string, args ...any) error {
	return &detail{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// at wraps err in a *ParseError at file:line:col.
func at(file string, line, col int, err error) *ParseError {
	return &ParseError{File: file, Line: line, Column: col, Err: err}
}
