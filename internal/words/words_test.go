package words

import (
	"fmt"
	"testing"
)

func TestCount(t *testing.T) {
	tests := []struct {
		n    int
		noun string
		want string
	}{
		{0, "node", "0 nodes"},
		{1, "node", "1 node"},
		{2, "node", "2 nodes"},
		{-1, "value", "-1 value"},
		{3, "class", "3 classes"},
		{1, "class", "1 class"},
		{2, "box", "2 boxes"},
		{2, "batch", "2 batches"},
		{2, "category", "2 categories"},
		{1, "category", "1 category"},
		{2, "key", "2 keys"},
		{2, "", "2 "},
	}
	for _, tc := range tests {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}

func TestList(t *testing.T) {
	for _, tc := range []struct {
		items []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := List(tc.items); got != tc.want {
			t.Errorf("List(%q) = %q, want %q", tc.items, got, tc.want)
		}
	}
}

func ExampleCount() {
	fmt.Println(Count(1, "node") + ", " + Count(5, "node") + ", " + Count(3, "class"))
	// Output: 1 node, 5 nodes, 3 classes
}

func TestRange(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   string
	}{{1, 5, "[1, 5]"}, {-2.5, 0.125, "[-2.5, 0.125]"}, {1e9 + 0.2, 1e9 + 2.7, "[1000000000.2, 1000000002.7]"},
		{1e12, 1e12 + 1e6, "[1000000000000, 1000001000000]"}, {3, 3, "[3, 3]"}, {0.1234567, 0.1234568, "[0.1234567, 0.1234568]"}} {
		if got := Range(tc.lo, tc.hi); got != tc.want {
			t.Errorf("Range(%v, %v) = %s, want %s", tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestBytes(t *testing.T) {
	for _, tc := range []struct {
		b    float64
		want string
	}{{512, "512 B"}, {64 << 10, "64 KiB"}, {1.5 * (1 << 30), "1.5 GiB"}, {300 << 20, "300 MiB"}} {
		if got := Bytes(tc.b); got != tc.want {
			t.Errorf("Bytes(%v) = %q, want %q", tc.b, got, tc.want)
		}
	}
}
