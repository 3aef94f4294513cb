// Package dataset reads the data sparsekernel learns from and turns labels into targets.
//
// Three inputs are understood:
//
//   - CSV (ReadCSV, ParseCSV): one sample per line, a label column (first, last, any, or
//     none for prediction input), an optional header, comma, semicolon, tab or whitespace
//     separated, quoted fields allowed (whitespace-separated ones as R's write.table quotes
//     them), CRLF and a UTF-8 BOM accepted;
//   - LIBSVM / svmlight (ReadLIBSVM, ParseLIBSVM): "label idx:val idx:val ..." with 1-based,
//     strictly increasing indices and '#' comments;
//   - benchmark folders (ReadFolder): x.csv, y.csv and the realisations in train.csv and
//     test.csv (0-based row indices, one realisation per line).
//
// Each may be gzip or bzip2 compressed (told by its first bytes, Decompress); other binary
// data (xz, zip, Excel, Parquet, NumPy, R data files, or any with a NUL byte) are refused with
// a message naming the format and what to do.
//
// Nothing is silently dropped: blank lines are skipped, but a missing value (an empty field
// or "?"; CSVOptions.Missing reads them as NaN), NaN, ±Inf, a text field among the features
// (CSVOptions.Categorical and CategoricalText read columns of categories: Table.Levels), a
// label or column name that is not valid UTF-8 or a row with the wrong number of fields is an
// error. Numbers are plain
// decimals (an optional sign, digits with an optional point, an optional exponent): the Go
// literal forms that strconv.ParseFloat also reads (1_000, 0x1p4) are refused with a hint.
// Columns can be chosen or left out by number, range or header name (ParseColumns,
// CSVOptions.Features and Drop), so that an identifier column is never read as a feature. Every error of the input names the file, the 1-based line and, where it
// applies, the 1-based field (column) as a *ParseError, and wraps one of the sentinel errors
// (ErrNotNumber, ErrMissing, ...) so that callers can branch with errors.Is:
//
//	data.csv:12:3: field "abc" is not a number
//
// Binary, Encode and Numeric turn the label text into targets; Scaler standardises features,
// and Table.Scale names the value whose magnitude would overflow the standardisation.
package dataset
