package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/sparsekernel/sparsekernel/internal/version"
)

func init() {
	commands = append(commands, &command{
		name:  "version",
		args:  "",
		short: "print the version (also: sparsekernel -version)",
		long: `
Version prints the version of sparsekernel, the source revision it was built from when known,
and the Go version and platform. Every model file records the version that wrote it.

Example:

	sparsekernel version`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) != 0 {
					return usagef("version takes no arguments")
				}
				printVersion(stdout)
				return nil
			}
		},
	})
}

func printVersion(w io.Writer) {
	fmt.Fprintf(w, "%s %s %s/%s\n", version.String(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
