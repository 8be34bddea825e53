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
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit code. It is the only
// place that turns a stray panic into an error message.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "internal error: %v (please report)\n", r)
			code = exitProblems
		}
	}()
	return execute(ctx, args, stdin, stdout, stderr)
}
