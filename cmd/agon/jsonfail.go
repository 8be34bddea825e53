package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// jsonFailure is what every command run with --json prints on stdout when
// it fails before or instead of its own report: an unknown game, a
// ruleset or variant that does not load, a bad flag value, a bad seat, an
// unreadable transcript. It has the shape of validate --json's failure:
// "ok" is false and "problems" lists each problem with file, line and col
// when it has a position ("file" is "" for a problem of the command line).
// "error" is the whole message as the text output prints it; "usage" is
// true when the command line is wrong (exit code 2).
type jsonFailure struct {
	OK       bool          `json:"ok"`
	Usage    bool          `json:"usage,omitempty"`
	Error    string        `json:"error"`
	Problems []jsonProblem `json:"problems"`
}

// newJSONFailure describes err as a jsonFailure.
func newJSONFailure(err error) jsonFailure {
	return jsonFailure{Usage: isUsage(err), Error: err.Error(), Problems: problems(err)}
}

// jsonErrors is the stderr of a command run with --json. What the command
// writes to it goes to stderr (warnings, progress, the ruleset line), but
// fail and printLoadError, given it, print their error as a jsonFailure on
// stdout (and as text on stderr), so stdout is one JSON value whatever
// happens. The zero value is not usable; use withJSONErrors. One command
// uses it from one goroutine.
type jsonErrors struct {
	io.Writer           // stderr
	stdout    io.Writer // where the jsonFailure goes
	wrote     bool      // a failure was printed: print no second one
}

// withJSONErrors returns stderr wrapped as a jsonErrors when asJSON is
// set, else stderr itself.
func withJSONErrors(asJSON bool, stdout, stderr io.Writer) io.Writer {
	if !asJSON {
		return stderr
	}
	if j, ok := stderr.(*jsonErrors); ok {
		return j
	}
	return &jsonErrors{Writer: stderr, stdout: stdout}
}

// fail prints err as a jsonFailure on stdout, once (its callers have
// printed it as text on stderr), and returns its exit code.
func (j *jsonErrors) fail(err error) int {
	if !j.wrote {
		writeJSON(j.stdout, newJSONFailure(err))
		j.wrote = true
	}
	return exitCode(err)
}

// asJSONErrors returns w as a *jsonErrors, or nil when it is not one.
func asJSONErrors(w io.Writer) *jsonErrors {
	j, _ := w.(*jsonErrors)
	return j
}

// exitCode is err's exit code: 2 for usage errors, 130 for a run
// interrupted by Ctrl-C, else 1.
func exitCode(err error) int {
	var u *usageError
	switch {
	case errors.As(err, &u):
		return exitUsage
	case isInterrupted(err):
		return exitInterrupted
	}
	return exitProblems
}

// wantsJSON reports whether a command line that cobra refused asked for
// --json: the command's json flag when it was parsed, else the last
// --json or --json=VALUE (VALUE not false, 0, f...) before "--" in args
// (parsing may stop before it; a bad VALUE counts as asking for JSON).
func wantsJSON(flagSet bool, args []string) bool {
	if flagSet {
		return true
	}
	on := false
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--json" {
			on = true
		} else if v, ok := strings.CutPrefix(a, "--json="); ok {
			b, err := strconv.ParseBool(v) // as pflag reads a bool
			on = b || err != nil
		}
	}
	return on
}

// failCommandLine prints an error cobra found in the command line (an
// unknown flag, a bad flag value, missing arguments) and returns
// exitUsage: as text with a pointer to help on stderr, and as a
// jsonFailure on stdout when the command line asked for --json.
func failCommandLine(stdout, stderr io.Writer, err error, path string, asJSON bool) int {
	fmt.Fprintf(stderr, "error: %v\nRun '%s --help' for usage.\n", err, path)
	if asJSON {
		f := newJSONFailure(err)
		f.Usage = true
		writeJSON(stdout, f)
	}
	return exitUsage
}
