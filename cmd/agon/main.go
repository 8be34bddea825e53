// Command agon loads, checks and plays rules-as-data board games.
//
// Every subcommand is a params struct and a plain function (runValidate,
// runPlay, …) that tests call directly; cobra only wires the flags.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
)

// batchGCPercent is the garbage collector's target (GOGC) agon runs with
// unless GOGC is set. A game's live heap is small (about a megabyte) and
// simulate plays thousands of them, so collecting a quarter as often
// costs little memory and makes a game take 18-30% less time
// (BENCHMARKS.md, "The collector's target in the CLI" and "The
// collector: a third of a game").
const batchGCPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(batchGCPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	// The first Ctrl-C stops the run, which then reports the games that
	// finished; a second one kills agon at once.
	go func() { <-ctx.Done(); stop() }()
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit code. It is the only
// place that turns a stray panic into an error message.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = internalError(r, args, stdout, stderr)
		}
	}()
	return execute(ctx, args, stdin, stdout, stderr)
}

// internalError reports a stray panic r as an internal error on stderr
// and, when the command line asked for --json, as a jsonFailure on stdout
// (a script reads JSON whatever happens), and returns exitProblems.
func internalError(r any, args []string, stdout, stderr io.Writer) int {
	err := fmt.Errorf("internal error: %v (please report)", r)
	fmt.Fprintln(stderr, err)
	if wantsJSON(false, args) {
		writeJSON(stdout, newJSONFailure(err))
	}
	return exitProblems
}
