package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestServeUsage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{}"), 0o644)
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve"}, 2, "-model is required"},
		{[]string{"serve", "-model", bad, "extra"}, 2, "serve takes no arguments"},
		{[]string{"serve", "-model", bad, "-log-level", "loud"}, 2, "-log-level"},
		{[]string{"serve", "-model", bad, "-max-rows", "0"}, 2, "must be positive"},
		{[]string{"serve", "-model", bad, "-read-timeout", "-1s"}, 2, "timeouts must be positive"},
		{[]string{"serve", "-model", filepath.Join(dir, "missing.json")}, 1, "no such file"},
		{[]string{"serve", "-model", bad}, 1, "not a sparsekernel model's"},
	}
	for _, c := range cases {
		code, _, errOut := runCLI(c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
	code, out, _ := runCLI("help", "serve")
	if code != 0 || !strings.Contains(out, "POST /predict") || !strings.Contains(out, "-max-body") {
		t.Errorf("help serve: exit %d\n%s", code, out)
	}
}
