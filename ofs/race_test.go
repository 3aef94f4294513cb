//go:build race

package ofs

// raceEnabled is true under the race detector (go test -race), whose run in CI is for the
// fit's goroutines: a slow test of one worker (Auto's default) skips it (skipOneWorker).
const raceEnabled = true
