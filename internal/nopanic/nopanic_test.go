package nopanic

import (
	"errors"
	"strings"
	"testing"
)

func TestCall(t *testing.T) {
	want := errors.New("refused")
	var s []int
	for _, tc := range []struct {
		name  string
		f     func() error
		check func(error) bool
	}{
		{"nil", func() error { return nil }, func(err error) bool { return err == nil }},
		{"error", func() error { return want }, func(err error) bool { return err == want }},
		{"panic", func() error { _ = s[3]; return nil }, func(err error) bool { return err != nil && strings.HasPrefix(err.Error(), "panic: ") }},
	} {
		if err := Call(tc.f); !tc.check(err) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}
