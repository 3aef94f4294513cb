//go:build unix

package model

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// WriteFileAtomic replaces a regular file keeping its permissions, writes through a symbolic
// link (the link stays a link), writes a named pipe's reader the data instead of replacing the
// pipe, and refuses a link to nowhere.
func TestWriteFileAtomicKinds(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no symbolic links or named pipes to test with")
	}
	dir := t.TempDir()
	data := []byte("new contents\n")

	private := filepath.Join(dir, "private.json")
	if err := os.WriteFile(private, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(private, data); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(private); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file: %v, %v; want mode 0600 kept", st.Mode(), err)
	}
	fresh := filepath.Join(dir, "fresh.json")
	if err := WriteFileAtomic(fresh, data); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(fresh); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("new file: %v, %v; want mode 0644", st.Mode(), err)
	}

	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("private.json", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, []byte("through the link\n")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", st.Mode(), err)
	}
	if got, _ := os.ReadFile(private); string(got) != "through the link\n" {
		t.Errorf("the link's target holds %q", got)
	}
	dangling := filepath.Join(dir, "dangling.json")
	if err := os.Symlink(filepath.Join(dir, "missing", "x.json"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(dangling, data); err == nil {
		t.Error("wrote through a link to a missing directory")
	}

	if err := WriteFileAtomic("", data); err == nil || !strings.Contains(err.Error(), "no file name") {
		t.Errorf("an empty path: %v, want an error saying there is no file name", err)
	}

	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	got := make(chan []byte)
	go func() {
		b, _ := os.ReadFile(pipe)
		got <- b
	}()
	if err := WriteFileAtomic(pipe, data); err != nil {
		t.Fatal(err)
	}
	if b := <-got; string(b) != string(data) {
		t.Errorf("the pipe's reader got %q", b)
	}
	if st, err := os.Lstat(pipe); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v, %v", st.Mode(), err)
	}
}
