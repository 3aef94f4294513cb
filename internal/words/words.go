// Package words writes counts and lists of things in messages: "1 node", "3 nodes", "a, b and
// c".
package words

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Count returns n and the noun, plural unless n is 1 or -1: nouns ending in s, x, ch or sh
// take "es" ("classes"), in a consonant and y "ies" ("categories"), others "s".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// Noun returns the noun, plural unless n is 1 or -1 (as Count).
func Noun(n int, noun string) string {
	if n == 1 || n == -1 || noun == "" {
		return noun
	}
	switch l := len(noun); {
	case noun[l-1] == 's' || noun[l-1] == 'x', l >= 2 && (noun[l-2:] == "ch" || noun[l-2:] == "sh"):
		return noun + "es"
	case l >= 2 && noun[l-1] == 'y' && !strings.ContainsRune("aeiou", rune(noun[l-2])):
		return noun[:l-1] + "ies"
	}
	return noun + "s"
}

// List joins items as a sentence lists them: "a", "a and b", "a, b and c" ("" for none).
func List(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Range writes the interval [lo, hi] with as many significant digits as it takes to show its
// width to about six digits too: [1e+09, 1e+09] would hide a range of 1000000000.2 to
// 1000000002.7.
func Range(lo, hi float64) string {
	digits := 6
	if w, at := hi-lo, max(math.Abs(lo), math.Abs(hi)); w > 0 && at > w {
		digits = min(17, 6+int(math.Ceil(math.Log10(at/w))))
	}
	return "[" + strconv.FormatFloat(lo, 'g', digits, 64) + ", " + strconv.FormatFloat(hi, 'g', digits, 64) + "]"
}

// Bytes writes a size of b bytes for a message, in B, KiB, MiB, GiB or TiB (powers of 1024):
// "512 B", "64 KiB", "1.5 GiB".
func Bytes(b float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	i := 0
	for b >= 1024 && i < len(units)-1 {
		b /= 1024
		i++
	}
	if i == 0 || b >= 100 {
		return fmt.Sprintf("%.0f %s", b, units[i])
	}
	return fmt.Sprintf("%.2g %s", b, units[i])
}
