package main

import (
	"bytes"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
)

// FuzzReadFor fuzzes the reading of a data file for a model's inputs: matching columns by
// name or by position, with a label column or without, with columns dropped. A table it
// returns has exactly the model's inputs, in its order, all finite.
func FuzzReadFor(f *testing.F) {
	f.Add([]byte("x2,x1,y\n1,2,a\n3,4,b\n"), "x1,x2", uint8(0), "")
	f.Add([]byte("id,x1,x2\n1,2,3\n"), "x1,x2", uint8(0), "id")
	f.Add([]byte("1,2\n3,4\n"), "", uint8(0), "")
	f.Add([]byte("1 1:2 3:4\n"), "", uint8(1), "2")
	f.Fuzz(func(t *testing.T, data []byte, names string, label uint8, drop string) {
		for _, r := range drop {
			if r >= '0' && r <= '9' && len(drop) > 3 {
				return // ranges of many columns: slow, and tested in package dataset
			}
		}
		var want []string
		dim := 2
		if names != "" {
			want = strings.Split(names, ",")
			dim = len(want)
		}
		df := dataFlags{label: int(label % 4), header: "auto", drop: drop}
		stdin = bytes.NewReader(data)
		defer func() { stdin = os.Stdin }()
		tab, err := df.readFor("-", want, dim, nil, io.Discard)
		if err != nil {
			return
		}
		if usableNames(want) && tab.Features != nil && !slices.Equal(tab.Features, want) {
			t.Fatalf("features %q, want %q", tab.Features, want)
		}
		for _, row := range tab.X {
			if len(row) != dim {
				t.Fatalf("a row of %d values, want %d", len(row), dim)
			}
			for _, v := range row {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("value %v", v)
				}
			}
		}
		if tab.Labels != nil && len(tab.Labels) != len(tab.X) {
			t.Fatalf("%d labels for %d rows", len(tab.Labels), len(tab.X))
		}
	})
}
