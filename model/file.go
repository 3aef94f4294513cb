package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Format identifies a sparsekernel model file; Version is the file format version this
// package writes and the newest it reads.
const (
	Format  = "sparsekernel-model"
	Version = 1
)

type file struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	*Model
}

// Write encodes m as versioned JSON. Floats are written in the shortest form that reads
// back to the same float64, so a loaded model predicts bit-for-bit like the saved one.
func (m *Model) Write(w io.Writer) error {
	if err := m.Check(); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(file{Format, Version, m})
}

// Save writes m to path atomically: to a temporary file in the same directory, then renamed,
// so a failure leaves no partial file behind.
func (m *Model) Save(path string) error {
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		return err
	}
	return WriteFileAtomic(path, buf.Bytes())
}

// WriteFileAtomic writes data to path through a temporary file and a rename.
func WriteFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // name the file the user asked for, not the temporary one
		}
		return &os.PathError{Op: "write", Path: path, Err: err}
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// Read decodes and checks a model file; source names it in errors.
func Read(r io.Reader, source string) (*Model, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	f := file{Model: new(Model)}
	if err := dec.Decode(&f); err != nil {
		if se, ok := err.(*json.SyntaxError); ok {
			return nil, fmt.Errorf("%s: byte %d: not a model file: %v", source, se.Offset, err)
		}
		return nil, fmt.Errorf("%s: not a model file: %w", source, err)
	}
	if f.Format != Format {
		return nil, fmt.Errorf("%s: not a sparsekernel model (format %q)", source, f.Format)
	}
	if f.Version < 1 || f.Version > Version {
		return nil, fmt.Errorf("%s: model format version %d; this build reads versions 1 to %d", source, f.Version, Version)
	}
	if err := f.Model.Check(); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	return f.Model, nil
}

// Load reads a model file.
func Load(path string) (*Model, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return Read(fh, path)
}
