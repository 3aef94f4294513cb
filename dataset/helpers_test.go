package dataset

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// wantErr checks that err wraps kind and that its message starts with prefix (file:line:col: ).
func wantErr(t *testing.T, err, kind error, prefix string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %v at %q", kind, prefix)
	}
	if !errors.Is(err, kind) {
		t.Errorf("error %q does not wrap %v", err, kind)
	}
	if !strings.HasPrefix(err.Error(), prefix) {
		t.Errorf("error %q, want prefix %q", err, prefix)
	}
}

func equal(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}
