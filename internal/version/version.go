// Package version holds the version of sparsekernel, recorded in every model file it writes.
package version

import (
	"runtime/debug"
	"sync"
)

// Number is the release number of this source tree.
const Number = "0.4.0"

var (
	once sync.Once
	full string
)

// String returns "sparsekernel <Number>", followed by the VCS revision (with "+dirty" for a
// modified tree) when the binary was built from a repository checkout.
func String() string {
	once.Do(func() {
		full = "sparsekernel " + Number
		info, ok := debug.ReadBuildInfo()
		if !ok {
			return
		}
		var rev, dirty string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "+dirty"
				}
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" {
			full += " (" + rev + dirty + ")"
		}
	})
	return full
}
