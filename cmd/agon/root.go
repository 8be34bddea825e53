package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"agon/interpreter/sim"
)

// Exit codes.
const (
	exitOK       = 0 // all is well
	exitProblems = 1 // problems found: invalid ruleset, divergence, game error
	exitUsage    = 2 // the command line is wrong
	// exitInterrupted is the shells' code for a command stopped by
	// SIGINT (128 + 2): Ctrl-C.
	exitInterrupted = 130
)

// env is what a command line runs with; code is the exit code the chosen
// subcommand sets.
type env struct {
	ctx            context.Context
	stdin          io.Reader
	stdout, stderr io.Writer
	code           int
}

// usageError is a mistake in the command line (exit code 2).
type usageError struct{ msg string }

// Error implements error.
func (e *usageError) Error() string { return e.msg }

// usagef returns a usageError.
func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// isUsage reports whether err is a usage error.
func isUsage(err error) bool {
	var u *usageError
	return errors.As(err, &u)
}

// fail prints err and returns its exit code: 2 for usage errors, 130 for
// a run interrupted by Ctrl-C, else 1.
// Given a jsonErrors (a --json run), it also prints err as a jsonFailure
// on stdout.
func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "error: %v\n", err)
	if j := asJSONErrors(stderr); j != nil {
		return j.fail(err)
	}
	return exitCode(err)
}

// isInterrupted reports whether err is a run's interruption (Ctrl-C).
func isInterrupted(err error) bool {
	var stop *sim.Interrupted
	return errors.As(err, &stop)
}

// execute parses args and runs the chosen subcommand.
func execute(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr}
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if cmd, err := root.ExecuteContextC(ctx); err != nil {
		// cmd is the command whose flags or arguments were wrong (root
		// for an unknown command): point to its own help.
		asJSON, _ := cmd.Flags().GetBool("json")
		return failCommandLine(stdout, stderr, err, cmd.CommandPath(), wantsJSON(asJSON, args))
	}
	return e.code
}

// newRootCmd builds the command tree.
func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "agon",
		Short: "agon plays board games whose rules are written as data",
		Long: `agon loads board-game rulesets written in YAML, checks them, and plays them:
with people at the terminal, with bots by the thousand, or by replaying transcripts.

A RULESET is a game's name (e.g. peloponnes) or a folder of YAML files (e.g.
rulesets/peloponnes, ./mygame). A name runs the folder rulesets/NAME of the project
(the enclosing agon checkout, else the current directory) when it exists, so that
the files you edit are the files that run, and the copy built into agon otherwise.
Every command's first line says which: "ruleset: rulesets/peloponnes" or
"ruleset: built-in" (ruleset_source in --json and in transcripts).

The two most common commands:
  agon validate rulesets/peloponnes                      check a ruleset you are editing
  agon simulate peloponnes --players 2-5 --games 1000    play many games with bots

Exit codes: 0 ok, 1 problems found (an invalid ruleset, a divergence, a failed
game), 2 usage error (the command line is wrong), 130 interrupted (Ctrl-C).
With --json, stdout holds one JSON value whatever happens: the command's report,
or, when it fails, {"ok": false, "usage": true when the command line is wrong,
"error": the message, "problems": [{"file", "line", "col", "message"}, ...]}
(validate's and replay's reports carry "ok" and "problems" the same way).
Progress, warnings and the "ruleset:" line go to stderr.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetFlagErrorFunc(flagError)
	root.SetHelpCommand(newHelpCmd())
	root.AddCommand(newValidateCmd(e), newPlayCmd(e), newSimulateCmd(e),
		newRecordCmd(e), newReplayCmd(e), newBenchCmd(e))
	root.AddCommand(newExplainCmd(e))
	root.AddCommand(newCompareCmd(e), newMergeCmd(e), newVersionCmd(e))
	root.Version = buildVersion().String()
	root.SetVersionTemplate("agon {{.Version}}\n")
	return root
}

// newHelpCmd is agon help [COMMAND]: cobra's help command, but an unknown
// topic is a usage error (exit 2), not a help page with exit code 0.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "help prints the help of a command: agon help simulate is agon simulate --help.",
		RunE: func(c *cobra.Command, args []string) error {
			cmd, _, err := c.Root().Find(args)
			if cmd == nil || err != nil {
				var names []string
				for _, sub := range c.Root().Commands() {
					if sub.IsAvailableCommand() {
						names = append(names, sub.Name())
					}
				}
				return usagef("no help topic %q: the commands are %s", strings.Join(args, " "), strings.Join(names, ", "))
			}
			cmd.InitDefaultHelpFlag()
			return cmd.Help()
		},
	}
}
