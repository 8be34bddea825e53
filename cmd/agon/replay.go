package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"agon/interpreter"
)

// replayParams are the inputs of agon replay.
type replayParams struct {
	File    string
	Ruleset string // "" = the transcript's game
	Variant string
	// VariantSet replays under Variant instead of the transcript's own
	// variant, to find where the variant's game first differs.
	VariantSet bool
	JSON       bool
}

// replayJSON is the --json output of agon replay.
type replayJSON struct {
	OK         bool        `json:"ok"`
	Decisions  int         `json:"decisions"`
	Checks     int         `json:"checks"`
	Skipped    int         `json:"skipped"`
	Variant    string      `json:"variant"`
	Divergence *divergence `json:"divergence"`
	Error      string      `json:"error,omitempty"`
	Note       string      `json:"note,omitempty"`
	// OptionsDiffer says where a variant first offers different options
	// than the transcript's rules ("" when it never does).
	OptionsDiffer string `json:"options_differ,omitempty"`
}

// divergence is a Divergence in JSON output.
type divergence struct {
	Step     int    `json:"step"` // from 1
	Line     int    `json:"line"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
	Message  string `json:"message"`
}

// runReplay replays a transcript and reports the first divergence.
func runReplay(_ context.Context, prm replayParams, stdout, stderr io.Writer) int {
	if isScenarioFile(prm.File) {
		return runScenarioReplay(prm, stdout, stderr)
	}
	t, p, err := openReplay(prm)
	if err != nil {
		return printLoadError(stderr, err)
	}
	out := replayJSON{Variant: p.Variant(), Divergence: nil}
	if !prm.VariantSet && t.Ruleset != "" && t.Ruleset != p.Hash() {
		out.Note = fmt.Sprintf("the ruleset changed since the transcript was recorded (%s, now %s)", t.Ruleset, p.Hash())
	}
	rep, err := interpreter.Replay(p, t, interpreter.ReplayOptions{Check: interpreter.CheckExpr})
	if rep != nil {
		out.Decisions, out.Checks, out.Skipped = rep.Decisions, rep.Checks, rep.Skipped
	}
	out.OK = err == nil
	if prm.VariantSet {
		out.OptionsDiffer = optionsDiffer(prm, t, p)
	}
	var d *interpreter.Divergence
	if errors.As(err, &d) {
		out.Divergence = &divergence{Step: d.Step + 1, Line: d.Line, Expected: d.Expected, Got: d.Got, Message: d.Error()}
	} else if err != nil {
		out.Error = err.Error()
	}
	if prm.JSON {
		writeJSON(stdout, out)
	} else {
		printReplay(stdout, stderr, out, prm)
	}
	if err != nil {
		return exitProblems
	}
	return exitOK
}

// optionsDiffer compares the options the transcript's own rules and the
// variant offer along the transcript, for people comparing variants.
func optionsDiffer(prm replayParams, t *interpreter.Transcript, variant *interpreter.Program) string {
	ref := prm.Ruleset
	if ref == "" {
		ref = t.Game
	}
	base, err := loadProgram(ref, t.Variant)
	if err != nil {
		return ""
	}
	d, err := interpreter.FirstOptionDifference(base, variant, t)
	if err != nil || d == nil {
		return ""
	}
	return d.Describe(prm.File, "the base rules", "the variant")
}

// openReplay reads the transcript and loads its ruleset.
func openReplay(prm replayParams) (*interpreter.Transcript, *interpreter.Program, error) {
	data, err := os.ReadFile(prm.File)
	if err != nil {
		return nil, nil, err
	}
	t, err := interpreter.ReadTranscript(prm.File, data)
	if err != nil {
		return nil, nil, err
	}
	ref := prm.Ruleset
	if ref == "" {
		ref = t.Game
	}
	variant := t.Variant
	if prm.VariantSet {
		variant = prm.Variant
	}
	p, err := loadProgram(ref, variant)
	return t, p, err
}

// printReplay prints the outcome of a replay for people.
func printReplay(stdout, stderr io.Writer, out replayJSON, prm replayParams) {
	if out.Note != "" {
		fmt.Fprintf(stderr, "note: %s\n", out.Note)
	}
	switch {
	case out.Divergence != nil && prm.VariantSet:
		fmt.Fprintf(stdout, "variant %q first differs from the transcript here:\n%s\n", prm.Variant, out.Divergence.Message)
	case out.Divergence != nil:
		fmt.Fprintln(stdout, out.Divergence.Message)
	case out.Error != "":
		fmt.Fprintf(stderr, "error: %s\n", out.Error)
	case prm.VariantSet:
		fmt.Fprintf(stdout, "no divergence: variant %q plays out as the transcript (%d decisions)\n", prm.Variant, out.Decisions)
	default:
		fmt.Fprintf(stdout, "ok: %d decisions, %d checks%s\n", out.Decisions, out.Checks, skippedNote(out.Skipped))
	}
	if out.OptionsDiffer != "" {
		fmt.Fprintf(stdout, "where the variant first offers other options:\n%s\n", out.OptionsDiffer)
	} else if prm.VariantSet && out.Divergence == nil && out.Error == "" {
		fmt.Fprintln(stdout, "and it offers the same options at every decision")
	}
}

// skippedNote mentions skipped checks.
func skippedNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d skipped: no expression evaluator)", n)
}

// newReplayCmd wires agon replay.
func newReplayCmd(e *env) *cobra.Command {
	var prm replayParams
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Check a transcript against the rules",
		Long: `replay plays a transcript's decisions, with its chance outcomes, and compares
every log message, decision and the final result with what the rules produce. It
prints the first difference with the transcript's line. A transcript recorded with
another version of the ruleset gets a note, not an error.

A scenario file (a file with a scenario: key, see testgames/README.md) is run from
its position, step by step, and the first step that fails is printed.

With --variant it plays the same decisions under a variant and reports where that
game first differs from the transcript, or that it does not.`,
		Example: `  agon replay testgames/peloponnes/3p-seed42.yaml
  agon replay game.yaml --variant short-catastrophes
  agon replay game.yaml --ruleset rulesets/peloponnes --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.File = args[0]
			prm.VariantSet = cmd.Flags().Changed("variant")
			e.code = runReplay(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "replay under this variant and report where it first differs")
	f.StringVar(&prm.Ruleset, "ruleset", "", "ruleset directory or built-in game (default: the transcript's game)")
	f.BoolVar(&prm.JSON, "json", false, "print the outcome as JSON")
	return cmd
}
