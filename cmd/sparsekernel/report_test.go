package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI("bench", "-json", "-generated", "ripley", "-realisations", "2", "-method", "rols")
	if code != 0 {
		t.Fatalf("bench: exit %d, stderr %q", code, errOut)
	}
	ours := filepath.Join(dir, "ours.jsonl")
	os.WriteFile(ours, []byte(out), 0o644)
	peers := filepath.Join(dir, "peers.jsonl")
	os.WriteFile(peers, []byte(`{"dataset":"ripley","method":"svc-grid","task":"classification","realisations":2,"test_error_mean":10.4,"test_error_std":0.3,"size_mean":70,"size_std":4}`+"\n"), 0o644)
	notResults := filepath.Join(dir, "model.jsonl")
	os.WriteFile(notResults, []byte(out+`{"task":"classification","kernel":"gaussian"}`+"\n"), 0o644)
	svc := filepath.Join("..", "..", "report", "testdata", "ripley-svc.json")
	html := filepath.Join(dir, "r.html")

	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // substring
		stderr string // substring
	}{
		{"ok", []string{"-o", html, "-title", "Ripley", "-regions", "ripley," + svc, ours, peers}, 0, "report of 2 results written to " + html, ""},
		{"no files", []string{"-o", html}, 2, "", "no results file given"},
		{"not results", []string{"-o", html, ours, notResults}, 1, "", notResults + `:2: not a sparsekernel bench or peer result: no "dataset" key`},
		{"missing file", []string{"-o", html, filepath.Join(dir, "none.jsonl")}, 1, "", "none.jsonl: no such file"},
		{"bad regions", []string{"-o", html, "-regions", "ripley,a.json,b.json", ours}, 2, "", "want [name=]data[,svc.json][,method=M]"},
		{"unknown set", []string{"-o", html, "-regions", "nowhere", ours}, 1, "", "nowhere: neither a file, a folder nor a generated benchmark"},
		{"method without result", []string{"-o", html, "-regions", "ripley,method=pso", ours}, 1, "", `no result of method "pso"`},
		{"bad svc", []string{"-o", html, "-regions", "ripley," + peers, ours}, 1, "", "peers.jsonl: "},
		{"-o a results file", []string{"-o", peers, ours, peers}, 2, "", "names the input file " + peers},
		{"-o the svc file", []string{"-o", svc, "-regions", "ripley," + svc, ours}, 2, "", "names the input file " + svc},
	}
	for _, tc := range tests {
		os.Remove(html)
		code, out, errOut := runCLI(append([]string{"report"}, tc.args...)...)
		if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d, %q, %q", tc.name, code, out, errOut, tc.code, tc.stdout, tc.stderr)
		}
		page, err := os.ReadFile(html)
		if tc.code != 0 {
			if err == nil {
				t.Errorf("%s: failed, yet wrote %s", tc.name, html)
			}
			continue
		}
		s := string(page)
		if err != nil || !strings.Contains(s, "<title>Ripley</title>") || strings.Count(s, "<svg") != 5 || strings.Contains(s, "<script") {
			t.Errorf("%s: page of %d bytes, %d <svg> (want 5: summary, error-size, 2 regions, LOO), %v", tc.name, len(s), strings.Count(s, "<svg"), err)
		}
	}
}
