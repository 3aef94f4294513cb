//go:build race

package sparsekernel_test

// raceEnabled is true under the race detector (go test -race), whose run in CI is for the
// fit's goroutines: a slow test that fits on one goroutine only skips it.
const raceEnabled = true
