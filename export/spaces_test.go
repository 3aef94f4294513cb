package export

import (
	"slices"
	"testing"
	"unicode"
)

// The white space every export drops around a category's name is the readers'
// (strings.TrimSpace): unicode.IsSpace, rune for rune.
func TestSpaces(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.IsSpace(r) != slices.Contains(spaces, r) {
			t.Errorf("U+%04X: unicode.IsSpace %v, in spaces %v", r, unicode.IsSpace(r), slices.Contains(spaces, r))
		}
	}
}
