// Package words writes counts of things in messages: "1 node", "3 nodes".
package words

import "strconv"

// Count returns n and the noun, plural unless n is 1 or -1: nouns ending in s, x, ch or sh
// take "es" ("classes"), others "s".
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
	}
	return noun + "s"
}
