package dataset

import (
	"bytes"
	"compress/gzip"
	"errors"
	"slices"
	"strings"
	"testing"
)

// "a,b,y\n1,2,x\n3,4,z\n" as bzip2 -c writes it (the standard library has no bzip2 writer).
var bzip2CSV = []byte{0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x78, 0x97, 0xb1, 0xa6, 0x00, 0x00,
	0x06, 0xd9, 0x80, 0x00, 0x10, 0x00, 0x04, 0x3c, 0x00, 0x30, 0x00, 0x00, 0x70, 0x20, 0x00, 0x22, 0x1a, 0x01, 0x90, 0x80,
	0x69, 0xa6, 0x82, 0x55, 0xe9, 0xe4, 0x8a, 0x00, 0x06, 0x6f, 0x17, 0x72, 0x45, 0x38, 0x50, 0x90, 0x78, 0x97, 0xb1, 0xa6}

func gzipped(s string) []byte {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.Bytes()
}

// Compressed data are read as the data they hold, by content whatever the name; other binary
// formats are named, with what to do.
func TestCompressedAndBinary(t *testing.T) {
	const csv = "a,b,y\n1,2,x\n3,4,z\n"
	for name, data := range map[string][]byte{"data.csv.gz": gzipped(csv), "data.csv.bz2": bzip2CSV, "data": gzipped(csv), "data.csv": []byte(csv)} {
		tab, err := Parse(bytes.NewReader(data), name, CSVOptions{})
		if err != nil || len(tab.X) != 2 || tab.Labels[1] != "z" {
			t.Errorf("%s: %v", name, err)
		}
	}
	lib, err := Parse(bytes.NewReader(gzipped("1 1:0.5\n-1 2:1\n")), "train.libsvm.gz", CSVOptions{})
	if err != nil || !lib.LIBSVM() || lib.Dim() != 2 {
		t.Errorf("gzipped LIBSVM: %v", err)
	}
	for _, tc := range []struct {
		data string
		want string
	}{
		{"\xfd7zXZ\x00\x00rest", "xz-compressed data: decompress it first (xz -d)"},
		{"PK\x03\x04\x14\x00", "a zip archive (an Excel .xlsx workbook is one)"},
		{"PAR1\x15\x04", "a Parquet file"},
		{"\x93NUMPY\x01\x00", "a NumPy array (.npy)"},
		{"a,b\n1,\x002\n", "{f}:2: not a CSV or LIBSVM text file but binary data (a NUL byte at byte 7 of the file)"},
		{"\x1f\x8b\x08\x00broken", "{f}: gzip data cut short"},
	} {
		for _, name := range []string{"f.csv", "f.libsvm"} {
			want := strings.ReplaceAll(tc.want, "{f}", name)
			if _, err := Parse(strings.NewReader(tc.data), name, CSVOptions{}); !errors.Is(err, ErrEncoding) || !strings.Contains(err.Error(), want) {
				t.Errorf("%q as %s: %v, want %q", tc.data, name, err, want)
			}
		}
	}
	// gzip -d's reading: members one after the other, zeros after the last ignored; other
	// bytes after it refused.
	two := append(gzipped("a,b,y\n1,2,x\n"), gzipped("3,4,z\n")...)
	for name, data := range map[string][]byte{"two members": two, "zero padding": append(slices.Clone(two), make([]byte, 512)...)} {
		if tab, err := Parse(bytes.NewReader(data), "f.csv", CSVOptions{}); err != nil || len(tab.X) != 2 {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := Parse(bytes.NewReader(append(slices.Clone(two), "junk"...)), "f.csv", CSVOptions{}); !errors.Is(err, ErrEncoding) || !strings.Contains(err.Error(), "followed by 4 bytes that are not another gzip member") {
		t.Errorf("trailing junk: %v", err)
	}
	cut := gzipped(strings.Repeat("1,2,x\n", 100))
	if _, err := Parse(bytes.NewReader(cut[:len(cut)-6]), "f.csv", CSVOptions{}); !errors.Is(err, ErrEncoding) || !strings.Contains(err.Error(), "gzip data cut short: the file is truncated") {
		t.Errorf("truncated gzip: %v", err)
	}
	tar := make([]byte, 1024)
	copy(tar, "data.csv")
	copy(tar[257:], "ustar\x0000")
	if _, err := Parse(bytes.NewReader(tar), "f.tar", CSVOptions{}); !errors.Is(err, ErrEncoding) || !strings.Contains(err.Error(), "a tar archive") {
		t.Errorf("tar: %v", err)
	}
	// Text that starts as bzip2 does, but is not: a CSV.
	if tab, err := Parse(strings.NewReader("BZh1,b,y\n1,2,x\n3,4,z\n"), "f.csv", CSVOptions{}); err != nil || tab.Header[0] != "BZh1" {
		t.Errorf("a CSV whose header starts BZh1: %v", err)
	}
	if _, err := decompress(gzipped(strings.Repeat("1,2,x\n", 1000)), "big.gz", 4<<10); !errors.Is(err, ErrEncoding) || !strings.Contains(err.Error(), "big.gz: gzip data that decompress to more than 4 KiB") {
		t.Errorf("beyond the limit: %v", err)
	}
}
