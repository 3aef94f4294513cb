package dataset

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sparsekernel/sparsekernel/internal/words"
)

// MaxDecompressed is the most bytes compressed data may expand to (Decompress): beyond it the
// data are refused rather than allowed to fill the memory. The command line lowers it to a
// quarter of the memory available.
var MaxDecompressed int64 = 8 << 30

// Decompress returns data decompressed where they are gzip or bzip2 data (told by their first
// bytes, whatever the file is called: data.csv.gz, as pandas and R write it), else data
// itself; source names the data in errors.
func Decompress(data []byte, source string) ([]byte, error) {
	return decompress(data, source, MaxDecompressed)
}

// decompress is Decompress with limit for MaxDecompressed.
func decompress(data []byte, source string, limit int64) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		return gunzip(data, source, limit)
	case bzip2Data(data):
		out, err := io.ReadAll(io.LimitReader(bzip2.NewReader(bytes.NewReader(data)), limit+1))
		return expanded(out, err, "bzip2", source, limit)
	}
	return data, nil
}

// bzip2Data reports whether data start as bzip2 data do: "BZh", the block size, and the magic
// of a block or of the end (so that a CSV whose header starts "BZh1" is not taken for one).
func bzip2Data(data []byte) bool {
	return len(data) >= 10 && string(data[:3]) == "BZh" && data[3] >= '1' && data[3] <= '9' &&
		(string(data[4:10]) == "1AY&SY" || string(data[4:10]) == "\x17rE8P\x90")
}

// gunzip decompresses gzip data member by member, as gzip -d does: the members' data one
// after the other, and zeros after the last member ignored (tape blocks, padded files).
func gunzip(data []byte, source string, limit int64) ([]byte, error) {
	r := bytes.NewReader(data) // (a ByteReader: gzip reads no further than each member)
	z, err := gzip.NewReader(r)
	if err != nil {
		return expanded(nil, err, "gzip", source, limit)
	}
	var out bytes.Buffer
	for {
		z.Multistream(false)
		if _, err := io.Copy(&out, io.LimitReader(z, limit+1-int64(out.Len()))); err != nil || int64(out.Len()) > limit {
			return expanded(out.Bytes(), err, "gzip", source, limit)
		}
		rest := data[len(data)-r.Len():]
		if len(bytes.Trim(rest, "\x00")) == 0 {
			return out.Bytes(), nil
		}
		if err := z.Reset(r); err != nil {
			return nil, at(source, 0, 0, errorf(ErrEncoding, "gzip data followed by %d bytes that are not another gzip member: %v", len(rest), err))
		}
	}
}

// expanded returns the output of decompressing data of kind, or the error that reading it
// (err) or its length beyond limit makes.
func expanded(out []byte, err error, kind, source string, limit int64) ([]byte, error) {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, at(source, 0, 0, errorf(ErrEncoding, "%s data cut short: the file is truncated (an interrupted download or copy?)", kind))
	case err != nil:
		return nil, at(source, 0, 0, errorf(ErrEncoding, "%s data that cannot be decompressed: %v", kind, err))
	case int64(len(out)) > limit:
		return nil, at(source, 0, 0, errorf(ErrEncoding, "%s data that decompress to more than %s, more than this machine reads (a quarter of its memory): decompress them yourself, or use a sample", kind, words.Bytes(float64(limit))))
	}
	return out, nil
}

// compressedExts are the extensions of the compressed files Decompress reads.
var compressedExts = []string{".gz", ".bz2"}

// TrimCompressedExt returns name without the extension of a compression Decompress reads:
// data.csv for data.csv.gz or data.csv.bz2.
func TrimCompressedExt(name string) string {
	for _, z := range compressedExts {
		if trimmed, ok := strings.CutSuffix(name, z); ok {
			return trimmed
		}
	}
	return name
}

// readFile reads the file at path whole, decompressed (Decompress).
func readFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Decompress(data, path)
}

// readAll reads r whole, decompressed (Decompress); source names it in errors.
func readAll(r io.Reader, source string) ([]byte, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	return Decompress(data, source)
}

// binaryFormats are the first bytes of files that are not text, with what they are and what
// to do, for checkBinary: the formats a user may hand over for a data file.
var binaryFormats = []struct{ magic, what, todo string }{
	{"\x1f\x8b", "gzip-compressed data", "decompress it first (gzip -d)"},
	{"BZh", "bzip2-compressed data", "decompress it first (bzip2 -d)"},
	{"\xfd7zXZ\x00", "xz-compressed data", "decompress it first (xz -d)"},
	{"\x28\xb5\x2f\xfd", "zstd-compressed data", "decompress it first (zstd -d)"},
	{"7z\xbc\xaf\x27\x1c", "a 7-Zip archive", "extract the data file first"},
	{"PK\x03\x04", "a zip archive (an Excel .xlsx workbook is one)", "extract the data file, or save the sheet as CSV"},
	{"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Excel 97-2003 workbook (.xls) or another Office file", "save the sheet as CSV"},
	{"PAR1", "a Parquet file", "write it as CSV (pandas: pd.read_parquet(path).to_csv(out, index=False))"},
	{"ARROW1", "an Arrow or Feather file", "write it as CSV (pandas: pd.read_feather(path).to_csv(out, index=False))"},
	{"\x89HDF\r\n\x1a\n", "an HDF5 file", "write the table as CSV"},
	{"\x93NUMPY", "a NumPy array (.npy)", "write it as CSV (numpy.savetxt(out, a, delimiter=','))"},
	{"RDX2\n", "an R workspace (.RData)", "write the data frame as CSV (write.csv(df, out, row.names = FALSE))"},
	{"RDX3\n", "an R workspace (.RData)", "write the data frame as CSV (write.csv(df, out, row.names = FALSE))"},
	{"X\n\x00\x00", "an R data file (.rds)", "write the data frame as CSV (write.csv(df, out, row.names = FALSE))"},
	{"SQLite format 3\x00", "an SQLite database", "export the table as CSV"},
	{"%PDF-", "a PDF document", "give the data as CSV"},
}

// Sniff names the binary format that data, the start of a file or a body, are in: what they
// are and what to do to have them as text; "" and "" for none known. (A file Decompress reads
// is named here only where it was not decompressed: a body to a server.)
func Sniff(data []byte) (what, todo string) {
	if len(data) > 262 && string(data[257:262]) == "ustar" { // (a tar header's magic, at byte 257)
		return "a tar archive", "extract the data file first (tar xf)"
	}
	for _, f := range binaryFormats {
		if bytes.HasPrefix(data, []byte(f.magic)) && (f.magic != "BZh" || bzip2Data(data)) {
			return f.what, f.todo
		}
	}
	return "", ""
}

// checkBinary refuses data that are not text: a known binary format by name (with what to do,
// Sniff), or any data with a NUL byte among their first 64 KiB. (UTF-16 has its own message,
// checkUTF16, which runs first.)
func checkBinary(s, source string) error {
	if what, todo := Sniff([]byte(s[:min(len(s), 512)])); what != "" {
		return at(source, 0, 0, errorf(ErrEncoding, "not a CSV or LIBSVM text file but %s: %s", what, todo))
	}
	if i := strings.IndexByte(s[:min(len(s), 64<<10)], 0); i >= 0 {
		line := 1 + strings.Count(s[:i], "\n")
		return at(source, line, 0, errorf(ErrEncoding, "not a CSV or LIBSVM text file but binary data (a NUL byte at byte %d of the file)", i+1))
	}
	return nil
}
