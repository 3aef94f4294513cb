// Command sparsekernel builds small RBF classifiers and regressors from the command line.
//
//	sparsekernel <command> [flags] [arguments]
//
// The commands are train, predict, eval, bench, report, export, serve, demo, version and help;
// `sparsekernel help <command>` describes one. Results go to stdout, diagnostics to stderr; the exit status is 0 on
// success, 1 on failure and 2 on a usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
)

// command is one subcommand: its flags are defined by setup, run does the work.
type command struct {
	name  string
	args  string // argument synopsis
	short string // one line for the command list
	long  string // help text after the usage line
	setup func(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error
}

var commands []*command // filled by init functions, in help order

// usageError marks a mistake in the command line (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		// Without a limit the heap grows to twice its live size between collections: a fit
		// on 50,000 rows held 0.9 GB and reached 1.7 GB of resident memory, 1.0 GB with the
		// limit (in the same time), and a fit near the memory available would be killed.
		debug.SetMemoryLimit(int64(availableMemory()))
	}
	// Compressed data expand in memory, and are parsed into more: a small file that expands
	// beyond a quarter of the memory is refused with a message, not a crash.
	dataset.MaxDecompressed = min(dataset.MaxDecompressed, int64(availableMemory()/4))
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printCommands(stderr)
		return 2
	}
	name := args[0]
	if name == "-version" || name == "--version" {
		printVersion(stdout)
		return 0
	}
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		return help(args[1:], stdout, stderr)
	}
	cmd := lookup(name)
	if cmd == nil {
		fmt.Fprintf(stderr, "sparsekernel: unknown command %q\nRun 'sparsekernel help' for usage.\n", name)
		return 2
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	runFn := cmd.setup(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stdout, cmd, fs)
			return 0
		}
		fmt.Fprintf(stderr, "sparsekernel %s: %v\n", name, err)
		if h := flagHint(fs, err); h != "" {
			fmt.Fprintf(stderr, "sparsekernel %s: %s\n", name, h)
		}
		fmt.Fprintf(stderr, "Run 'sparsekernel help %s' for usage.\n", name)
		return 2
	}
	for _, a := range fs.Args() {
		if len(a) > 1 && a[0] == '-' {
			fmt.Fprintf(stderr, "sparsekernel %s: flag %s comes after the arguments; flags go first\n", name, a)
			fmt.Fprintf(stderr, "Run 'sparsekernel help %s' for usage.\n", name)
			return 2
		}
	}
	out := &recordingWriter{w: stdout}
	err := runFn(fs.Args(), out, stderr)
	if err == nil && out.err != nil { // the results did not all reach stdout (a full disk, say)
		err = fmt.Errorf("writing the results to standard output: %w", out.err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sparsekernel %s: %v\n", name, err)
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(stderr, "Run 'sparsekernel help %s' for usage.\n", name)
			return 2
		}
		return 1
	}
	return 0
}

// recordingWriter passes writes to w and keeps the first error, for a command that does not
// look at what each of its writes to stdout returns.
type recordingWriter struct {
	w   io.Writer
	err error
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" {
		printCommands(stdout)
		return 0
	}
	cmd := lookup(args[0])
	if cmd == nil {
		fmt.Fprintf(stderr, "sparsekernel help: unknown command %q\n", args[0])
		return 2
	}
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	cmd.setup(fs)
	printUsage(stdout, cmd, fs)
	return 0
}

func printCommands(w io.Writer) {
	fmt.Fprint(w, `sparsekernel builds small RBF classifiers and regressors (two-class, multi-class and
regression): a handful of Gaussian nodes, with width, input weighting and size chosen from the data.

Usage:

	sparsekernel <command> [flags] [arguments]

The commands are:

`)
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-8s %s\n", c.name, c.short)
	}
	fmt.Fprint(w, "\nUse \"sparsekernel help <command>\" for more about a command.\n")
}

func printUsage(w io.Writer, cmd *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: sparsekernel %s %s\n\n%s\n", cmd.name, cmd.args, strings.TrimSpace(cmd.long))
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	if b.Len() > 0 {
		fmt.Fprintf(w, "\nFlags:\n%s", b.String())
	}
}
