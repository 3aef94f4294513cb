package export

import (
	"strings"
	"testing"
)

// TestCComment checks that no text quoted for a C comment can end it, open another or hold a
// trigraph, including runs in which escaping the pairs alone leaves one ("*/*", "???=").
func TestCComment(t *testing.T) {
	tests := []struct{ in, want string }{
		{"sepal */*", `"sepal \*\/\*"`},
		{"virginica ???=", `"virginica \?\?\?="`},
		{"/* x", `"\/\* x"`},
		{"km/h", `"km\/h"`},
		{"pétale\n", `"p\u00e9tale\n"`},
	}
	for _, tc := range tests {
		got := cComment(tc.in)
		if got != tc.want {
			t.Errorf("cComment(%q) = %s, want %s", tc.in, got, tc.want)
		}
		for _, bad := range []string{"*/", "/*", "??"} {
			if strings.Contains(got, bad) {
				t.Errorf("cComment(%q) = %s holds %q", tc.in, got, bad)
			}
		}
	}
}
