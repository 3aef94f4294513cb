// Package nopanic runs a call for a test and turns a panic into an error, so that a test of
// bad input can tell "refused with an error" from "crashed".
package nopanic

import "fmt"

// Call runs f and returns its error, or an error starting "panic: " if f panics.
func Call(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}
