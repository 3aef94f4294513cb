package dataset

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchCSV is a 20000 x 16 comma-separated table with a label, like letter/x.csv.
func benchCSV() string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range 20000 {
		for range 16 {
			fmt.Fprintf(&b, "%.6g,", r.NormFloat64())
		}
		fmt.Fprintf(&b, "%d\n", 2*r.IntN(2)-1)
	}
	return b.String()
}

func BenchmarkParseCSV(b *testing.B) {
	s := benchCSV()
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseCSV(strings.NewReader(s), "bench", CSVOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseLIBSVM(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var sb strings.Builder
	for range 20000 {
		sb.WriteString("1")
		for j := range 16 {
			fmt.Fprintf(&sb, " %d:%.6g", j+1, r.NormFloat64())
		}
		sb.WriteString("\n")
	}
	s := sb.String()
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseLIBSVM(strings.NewReader(s), "bench"); err != nil {
			b.Fatal(err)
		}
	}
}
