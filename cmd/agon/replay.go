package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// replayParams are the inputs of agon replay.
type replayParams struct {
	// Files are the transcripts: files, folders (their *.yaml) or globs.
	Files   []string
	Ruleset string // "" = the transcript's game
	Variant string
	// VariantSet replays under Variant instead of the transcript's own
	// variant, to find where the variant's game first differs.
	VariantSet bool
	JSON       bool
	// Runtime is --runtime: "auto" (the flat runtime where it covers the
	// ruleset, the same output) or "present" (replay_runtime.go).
	Runtime string
	// progs are the rulesets loaded so far by this run (nil: none kept).
	progs programs
}

// replayJSON is the outcome of replaying one file, and the --json output
// of agon replay with one file.
type replayJSON struct {
	File string `json:"file"`
	// Scenario is a scenario file's title ("" for a transcript).
	Scenario string `json:"scenario,omitempty"`
	// RulesetSource is the ruleset folder replayed against, or "built-in".
	RulesetSource string `json:"ruleset_source,omitempty"`
	OK            bool   `json:"ok"`
	// Unfinished: the transcript is of a game saved before it ended, and
	// it replays up to where it stops.
	Unfinished bool   `json:"unfinished,omitempty"`
	Decisions  int    `json:"decisions"`
	Checks     int    `json:"checks"`
	Skipped    int    `json:"skipped"`
	Variant    string `json:"variant"`
	// Runtime is the runtime the file ran on, "flat" or "present"
	// (replay_runtime.go; "" when it did not run), and RuntimeReason, for
	// the present one, why not the flat one: as simulate's header says it.
	Runtime       string      `json:"runtime,omitempty"`
	RuntimeReason string      `json:"runtime_reason,omitempty"`
	Divergence    *divergence `json:"divergence"`
	Error         string      `json:"error,omitempty"`
	// Problems lists, when the transcript or its ruleset did not load,
	// each problem with its position (as validate --json does).
	Problems []jsonProblem `json:"problems,omitempty"`
	Note     string        `json:"note,omitempty"`
	// OptionsDiffer says where a variant first offers different options
	// than the transcript's rules ("" when it never does).
	OptionsDiffer string `json:"options_differ,omitempty"`
	// OwnRules, with --variant, is the transcript's first divergence
	// under its own rules when it comes no later than the variant's: the
	// transcript is at fault there, not the variant.
	OwnRules string `json:"own_rules,omitempty"`

	loadErr error // why the transcript or its ruleset did not load
	// ownVariant is the transcript's own variant, for messages.
	ownVariant string
	// rulesetFlag is replay's --ruleset, which the explain command repeats.
	rulesetFlag string
}

// replaySummary is the --json output of agon replay with several files.
type replaySummary struct {
	Files  []replayJSON `json:"files"`
	OK     int          `json:"ok"`
	Failed int          `json:"failed"`
}

// divergence is a Divergence in JSON output.
type divergence struct {
	Step int `json:"step"` // from 1, counting every step of the transcript
	// Decision is the number agon explain --step takes (decisions only,
	// from 1): the decision that differs, or the last before the step
	// that differs (0: none, or a scenario file).
	Decision int `json:"decision,omitempty"`
	// At says where the divergence is relative to Decision: "decision"
	// (the decision itself differs: its player or its option), "after"
	// (something the rules did after it: a log line, a chance outcome, a
	// check, the result); "" without a decision.
	At       string `json:"at,omitempty"`
	Line     int    `json:"line"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
	Message  string `json:"message"`
	// Explain is the agon explain command that shows the position there,
	// as the text output prints it ("" without a decision).
	Explain string `json:"explain,omitempty"`
	// hint is the sentence that offers Explain.
	hint string
}

// setFailure records why a replay failed: where it diverged, or the
// error when it did not get that far (nothing when err is nil).
func (out *replayJSON) setFailure(err error) {
	var d *transcript.Divergence
	if errors.As(err, &d) {
		out.Divergence = &divergence{Step: d.Step + 1, Decision: d.Decision, At: divergenceAt(d), Line: d.Line, Expected: d.Expected, Got: d.Got,
			Message: d.Error(), Explain: explainCommand(out.File, out.rulesetFlag, d), hint: explainHint(out.File, out.rulesetFlag, d)}
	} else if err != nil {
		out.Error = err.Error()
	}
}

// divergenceAt is a divergence's place relative to its decision, for
// --json: "decision", "after" or "" (see divergence.At).
func divergenceAt(d *transcript.Divergence) string {
	switch {
	case d.Decision == 0:
		return ""
	case d.AtDecision:
		return "decision"
	}
	return "after"
}

// runReplay replays each transcript and reports its first divergence;
// with several files it ends with a summary. The exit code is 0 when all
// replayed cleanly.
func runReplay(_ context.Context, prm replayParams, stdout, stderr io.Writer) int {
	stderr = withJSONErrors(prm.JSON, stdout, stderr)
	if err := checkReplayRuntime(prm.Runtime); err != nil {
		return fail(stderr, err)
	}
	if err := rulesetFolderArg(&prm, stderr); err != nil {
		return fail(stderr, err)
	}
	files, err := expandFiles(prm.Files)
	if err != nil {
		return fail(stderr, err)
	}
	prm.progs = programs{}
	if len(files) == 1 {
		out := replayFile(prm, files[0])
		return reportOne(stdout, stderr, out, prm)
	}
	sum := replaySummary{Files: []replayJSON{}}
	code := exitOK
	for _, f := range files {
		out := replayFile(prm, f)
		if out.OK {
			sum.OK++
		} else {
			sum.Failed++
			code = max(code, outcomeCode(out))
		}
		if out.loadErr != nil {
			out.Error = out.loadErr.Error()
			out.Problems = problems(out.loadErr)
		}
		sum.Files = append(sum.Files, out)
		if !prm.JSON {
			printManyLine(stdout, out, prm)
		}
	}
	if prm.JSON {
		writeJSON(stdout, sum)
	} else {
		fmt.Fprintf(stdout, "%d transcripts: %d ok, %d failed\n", len(files), sum.OK, sum.Failed)
	}
	return code
}

// reportOne prints the outcome of replaying a single file and returns the
// exit code.
func reportOne(stdout, stderr io.Writer, out replayJSON, prm replayParams) int {
	if out.loadErr != nil && !prm.JSON {
		printSource(stderr, out.RulesetSource)
		return printLoadError(stderr, out.loadErr)
	}
	if out.loadErr != nil {
		out.Error = out.loadErr.Error()
		out.Problems = problems(out.loadErr)
	}
	if prm.JSON {
		writeJSON(stdout, out)
	} else {
		printSource(stdout, out.RulesetSource)
		printReplay(stdout, stderr, out, prm)
	}
	return outcomeCode(out)
}

// outcomeCode is the exit code of one file's outcome.
func outcomeCode(out replayJSON) int {
	var u *usageError
	switch {
	case out.OK:
		return exitOK
	case errors.As(out.loadErr, &u):
		return exitUsage
	}
	return exitProblems
}

// printManyLine prints one file's outcome in a run over several files.
func printManyLine(stdout io.Writer, out replayJSON, prm replayParams) {
	var b bytes.Buffer
	if out.loadErr != nil {
		printLoadError(&b, out.loadErr)
	} else {
		printReplay(&b, &b, out, prm)
	}
	status := "FAIL"
	if out.OK {
		status = "ok  "
	}
	fmt.Fprintf(stdout, "%s %s (ruleset: %s)\n", status, out.File, orUnknown(out.RulesetSource))
	for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
		fmt.Fprintf(stdout, "     %s\n", line)
	}
}

// orUnknown is s, or "not found" for "".
func orUnknown(s string) string {
	if s == "" {
		return "not found"
	}
	return s
}

// expandFiles turns the arguments into transcript files: a folder gives
// its *.yaml files, a pattern with * ? or [ the files it matches (sorted),
// anything else itself.
func expandFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		if fi, err := os.Stat(a); err == nil && fi.IsDir() {
			found, _ := filepath.Glob(filepath.Join(a, "*.yaml"))
			if len(found) == 0 {
				return nil, usagef("no *.yaml transcript in %s", a)
			}
			files = append(files, found...)
			continue
		} else if err == nil || !strings.ContainsAny(a, "*?[") {
			files = append(files, a)
			continue
		}
		found, err := filepath.Glob(a)
		if err != nil {
			return nil, usagef("bad pattern %q: %v", a, err)
		}
		if len(found) == 0 {
			return nil, usagef("no file matches %s", a)
		}
		files = append(files, found...)
	}
	return files, nil
}

// replayFile replays one transcript: the unit that runReplay repeats for
// each file.
func replayFile(prm replayParams, file string) replayJSON {
	if isScenarioFile(file) {
		return replayScenario(prm, file)
	}
	out := replayJSON{File: file, rulesetFlag: prm.Ruleset}
	t, p, source, err := openReplay(prm, file)
	out.RulesetSource = source
	if err != nil {
		out.loadErr = err
		return out
	}
	out.Variant = p.Variant()
	if !prm.VariantSet {
		out.Note = rulesetNote(t, p, source)
	}
	run := replayTranscript(prm, p, t)
	rep, err := run.rep, run.err
	out.Runtime, out.RuntimeReason = run.runtime, run.reason
	if rep != nil {
		out.Decisions, out.Checks, out.Skipped = rep.Decisions, rep.Checks, rep.Skipped
		out.Unfinished = err == nil && rep.Unfinished
	}
	out.OK = err == nil
	if prm.VariantSet {
		own := ownRules(prm, t)
		out.OptionsDiffer = optionsDiffer(own, t, p, prm, file)
		out.ownVariant = t.Variant
		out.OwnRules = ownRulesFail(prm, own, t, err)
	}
	var d *transcript.Divergence
	if errors.As(err, &d) && !prm.VariantSet && isGoldenFile(file) {
		transcript.AddGoldenHint(d, t)
	}
	out.setFailure(err)
	return out
}

// optionsDiffer compares the options the transcript's own rules and the
// variant offer along the transcript, for people comparing variants.
func optionsDiffer(own *interpreter.Program, t *transcript.Transcript, variant *interpreter.Program, prm replayParams, file string) string {
	if own == nil {
		return ""
	}
	d, err := transcript.FirstOptionDifference(own, variant, t)
	if err != nil || d == nil {
		return ""
	}
	return d.Describe(file, rulesName(t.Variant, "the transcript's rules (variant %s)"), rulesName(prm.Variant, "the variant's rules"))
}

// rulesName names a variant's rules in the plural: "the base rules" when
// it is none, else named (a %s in named stands for the variant).
func rulesName(variant, named string) string {
	if variant == "" {
		return "the base rules"
	}
	if strings.Contains(named, "%s") {
		return fmt.Sprintf(named, variant)
	}
	return named
}

// replayedUnder is the subject of a sentence about the rules --variant
// replays under, with its verb: `variant "v" differs` or, for the base
// rules, `the base rules differ` (verbs gives the singular and the
// plural).
func replayedUnder(variant string, verbs [2]string) string {
	if variant == "" {
		return "the base rules " + verbs[1]
	}
	return fmt.Sprintf("variant %q %s", variant, verbs[0])
}

// openReplay reads the transcript and loads its ruleset; source says
// which copy (see transcriptRuleset).
func openReplay(prm replayParams, file string) (t *transcript.Transcript, p *interpreter.Program, source string, err error) {
	data, err := readInput(file)
	if err != nil {
		return nil, nil, "", err
	}
	t, err = transcript.Read(file, data)
	if err == nil { // seats: as agon record and agon play --record write them
		err = t.CheckSeats(func(seat string) error { return checkSeat(seat, true) })
	}
	if err != nil {
		return nil, nil, "", err
	}
	rs, err := transcriptRuleset(prm, t)
	if err != nil {
		return nil, nil, "", err
	}
	variant := t.Variant
	if prm.VariantSet {
		variant = prm.Variant
	} else if err := fileVariant(rs, t.Game, variant, t.VariantPos); err != nil {
		return nil, nil, rs.Source, err
	}
	p, err = prm.progs.load(rs, variant)
	return t, p, rs.Source, err
}

// transcriptRuleset finds the ruleset to replay against: --ruleset as any
// RULESET argument, else the transcript's game: resolved strictly as a
// game name (the project's rulesets/NAME folder, else the built-in copy),
// never as a path, so that a transcript cannot point agon at files
// outside the project.
func transcriptRuleset(prm replayParams, t *transcript.Transcript) (ruleset, error) {
	if prm.Ruleset != "" {
		return resolveRuleset(prm.Ruleset)
	}
	return fileGame(t.Game, t.GamePos, "a transcript", recordedCopyHint(t.RulesetSource))
}

// printReplay prints the outcome of a replay for people.
func printReplay(stdout, stderr io.Writer, out replayJSON, prm replayParams) {
	if out.Note != "" {
		fmt.Fprintf(stderr, "note: %s\n", out.Note)
	}
	switch {
	case out.OwnRules != "":
		fmt.Fprintf(stdout, "the transcript does not replay under its own rules (%s) either, so this is not the variant's doing; fix the transcript first (agon replay %s):\n%s\n",
			rulesName(out.ownVariant, "variant %s"), out.File, out.OwnRules)
	case out.Divergence != nil && prm.VariantSet:
		fmt.Fprintf(stdout, "%s from the transcript here:\n%s\n", replayedUnder(prm.Variant, [2]string{"first differs", "first differ"}), out.Divergence.Message)
	case out.Divergence != nil:
		fmt.Fprintln(stdout, out.Divergence.Message)
		if out.Divergence.hint != "" {
			fmt.Fprintln(stdout, out.Divergence.hint)
		}
	case out.Error != "":
		fmt.Fprintf(stderr, "error: %s\n", out.Error)
	case prm.VariantSet:
		upTo := ""
		if out.Unfinished {
			upTo = " up to where it stops, unfinished"
		}
		fmt.Fprintf(stdout, "no divergence: %s as the transcript%s (%s)\n", replayedUnder(prm.Variant, [2]string{"plays out", "play out"}), upTo, count(out.Decisions, "decision"))
	default:
		what := ""
		if out.Scenario != "" {
			what = fmt.Sprintf("scenario %q: ", out.Scenario)
		}
		if out.Unfinished {
			what += "unfinished after "
		}
		fmt.Fprintf(stdout, "ok: %s%s, %s%s\n", what, count(out.Decisions, "decision"), count(out.Checks, "check"), skippedNote(out.Skipped))
	}
	if out.OptionsDiffer != "" {
		fmt.Fprintf(stdout, "where %s other options:\n%s\n", replayedUnder(prm.Variant, [2]string{"first offers", "first offer"}), out.OptionsDiffer)
	} else if prm.VariantSet && out.Divergence == nil && out.Error == "" {
		they := "it offers"
		if prm.Variant == "" {
			they = "they offer" // the base rules
		}
		fmt.Fprintf(stdout, "and %s the same options at every decision\n", they)
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
		Use:   "replay FILE...",
		Short: "Check transcripts against the rules",
		Long: `replay plays a transcript's decisions, with its chance outcomes, and compares
every log message, decision and the final result with what the rules produce. It
prints the first difference with the transcript's line and the decision it is at or
after, numbered as agon explain --step numbers them ("decision 3 (step 14)": step
counts every entry of steps:, decision only the decide steps), then the agon
explain command that shows that position, and how to fix the file where that is
clear (a transcript cut off before its end: unfinished: true; a golden under
testgames/: whether go test ./testgames -run Golden -update can rewrite it). A
transcript recorded with another version of the ruleset gets a note, not an
error (another game's rules: a note that game: was changed). A game saved before it
ended (agon play --record, then quit; the transcript says unfinished: true) is
checked up to where it stops: "ok: unfinished after N decisions".

Chance is replayed as recorded: every shuffle, draw and roll takes the outcome the
transcript lists, so the seed: line does not drive chance in a replay.

FILE may be several files, a folder (its *.yaml files) or a pattern such as
'testgames/peloponnes/*.yaml' (quoted, so that agon expands it). With more than one
file, each gets an ok or FAIL line and a summary follows ("6 transcripts: 6 ok,
0 failed"); the exit code is 1 when any failed. --json then prints
{"files": [...], "ok": N, "failed": N}.

A transcript's game: is a game's name, looked up as a RULESET name is (the
project's rulesets/NAME folder, else the built-in copy), never a path; the first
line (or ruleset_source in --json) says which copy was used. --ruleset replays
against another folder; so does a ruleset's folder given among the files
(agon replay ./mygame t.yaml is agon replay --ruleset ./mygame t.yaml, with a note). A transcript recorded from another folder (its
ruleset_source:) whose rules differ from the copy found, or whose game: is no
known game, gets a note or error that says to give that folder with --ruleset.

A scenario file (a file with a scenario: key, see testgames/README.md) is run from
its position, step by step, and the first step that fails is printed.

With --variant it plays the same decisions under a variant (--variant "": the
base rules) and reports where that game first differs from the transcript, or
that it does not (or that the transcript fails under its own rules already, at
or before that place: then the transcript is at fault, not the variant), and where the variant's rules first offer other options than
the transcript's own rules (its variant's, or the base rules).

--json prints, for one file, {"file", "ruleset_source", "ok", "decisions",
"checks", "variant", "divergence", ...}; divergence (null when none) has:
  step      every entry of steps: counted from 1 (not explain's --step)
  decision  the decision counted as explain --step counts it (decide steps only)
  at        "decision": that decision itself differs (its player or option);
            "after": something after it (a log line, chance outcome, check,
            the result); absent before the first decision
  line, expected, got, message (the text output's line)
  explain   the agon explain command that shows that decision
With --variant, "options_differ" is the first place the variant offers other
options, and "own_rules" the transcript's divergence under its own rules when it
comes no later than the variant's.

A file runs on the flat runtime, the rebuilt one, where it covers the ruleset,
and on the present runtime otherwise, or again there, from its start, when the
game gives an error on the flat one (a run error, a rejected chance outcome,
something the flat runtime does not cover): the present runtime words those.
The output is the same either way; --json says which ran ("runtime": "flat" or
"present", and "runtime_reason" for the present one), as simulate's does.
--runtime present runs every file on the present runtime.`,
		Example: `  agon replay testgames/peloponnes/2p-shared-win.yaml
  agon replay 'testgames/peloponnes/*.yaml'
  agon replay game.yaml --variant harsh-catastrophes
  agon replay game.yaml --ruleset rulesets/peloponnes --json`,
		Args: positional(1, -1, "transcript or scenario files, or a quoted pattern such as 'testgames/peloponnes/*.yaml'"),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Files = args
			prm.VariantSet = cmd.Flags().Changed("variant")
			e.code = runReplay(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "replay under this variant and report where it first differs")
	f.StringVar(&prm.Ruleset, "ruleset", "", "ruleset directory or built-in game (default: the transcript's game)")
	f.BoolVar(&prm.JSON, "json", false, "print the outcome as JSON")
	f.StringVar(&prm.Runtime, "runtime", "auto", "`auto`: replay on the flat runtime where it covers the ruleset (the same output, faster); present: on the present runtime")
	return cmd
}
