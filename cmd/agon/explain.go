package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// explainParams are the inputs of agon explain.
type explainParams struct {
	File    string
	Step    int    // the decision to explain, from 1
	Ruleset string // "" = the transcript's game
	Full    bool   // the full view instead of the compact one
	JSON    bool
}

// explainJSON is the --json output of agon explain (and what the text
// output prints).
type explainJSON struct {
	File          string `json:"file"`
	RulesetSource string `json:"ruleset_source,omitempty"`
	Variant       string `json:"variant"`
	Note          string `json:"note,omitempty"`
	// Step is the decision explained (from 1) of Decisions; Line is its
	// line in the transcript.
	Step      int `json:"step"`
	Decisions int `json:"decisions"`
	Line      int `json:"line"`
	// Player decides (from 0); Position is what that seat sees.
	Player   int                         `json:"player"`
	Position string                      `json:"position"`
	Decision *interpreter.DecisionWhy    `json:"decision"`
	Taken    explainTaken                `json:"taken"`
	Triggers []interpreter.TriggerFiring `json:"triggers"`
	// After is what happened after the step up to the next decision: log
	// messages, chance outcomes and triggers firing, in order.
	After []string `json:"after"`
	// Next says who decides next ("" when the game is over).
	Next string `json:"next,omitempty"`
	// Differs, when not empty, is where the transcript differs from what
	// the rules did after the decision (a log line, a chance outcome, a
	// check, the result), as agon replay prints it: replay sends there.
	Differs string `json:"differs,omitempty"`
}

// explainTaken is the transcript's decision at the step.
type explainTaken struct {
	Player int    `json:"player"`
	Key    string `json:"key"`
	Label  string `json:"label,omitempty"`
	// Problem says why the transcript's decision could not be taken
	// here ("" when it was).
	Problem string `json:"problem,omitempty"`
}

// maxRefusedShown is how many refused options the text output lists.
const maxRefusedShown = 40

// runExplain replays a transcript to just before one decision and
// explains it.
func runExplain(_ context.Context, prm explainParams, stdout, stderr io.Writer) int {
	stderr = withJSONErrors(prm.JSON, stdout, stderr)
	if isScenarioFile(prm.File) {
		return fail(stderr, usagef("%s is a scenario file: explain reads transcripts (agon record writes one; agon replay runs a scenario)", prm.File))
	}
	t, p, source, err := openReplay(replayParams{Ruleset: prm.Ruleset}, prm.File)
	if err != nil {
		if !prm.JSON {
			printSource(stderr, source)
		}
		return printLoadError(stderr, err)
	}
	out := explainJSON{File: prm.File, RulesetSource: source, Variant: p.Variant(), Step: prm.Step, Decisions: t.Decisions()}
	out.Note = rulesetNote(t, p, source)
	if !explainOnFlat(&out, prm, t, p) {
		g, idx, err := transcript.ReplayUntil(p, t, prm.Step, transcript.ReplayOptions{Check: interpreter.CheckExpr})
		if err != nil {
			return explainFailure(stderr, prm, t, p, err)
		}
		if err := explainAt(&out, prm, t, presentExplain{g}, idx); err != nil {
			return fail(stderr, err)
		}
		if out.Taken.Problem == "" {
			out.Differs = differsAfter(p, t, prm.Step)
		}
	}
	if prm.JSON {
		writeJSON(stdout, out)
	} else {
		printSource(stdout, source)
		printExplain(stdout, stderr, out)
	}
	return exitOK
}

// differsAfter is the divergence of the transcript that comes after its
// decision step and before the next one ("" when there is none there).
func differsAfter(p *interpreter.Program, t *transcript.Transcript, step int) string {
	_, err := transcript.Replay(p, t, transcript.ReplayOptions{Check: interpreter.CheckExpr})
	var d *transcript.Divergence
	if errors.As(err, &d) && d.Decision == step && !d.AtDecision {
		return d.Error()
	}
	return ""
}

// explainFailure prints why the transcript could not be replayed up to
// the step, with what to do about it.
func explainFailure(stderr io.Writer, prm explainParams, t *transcript.Transcript, p *interpreter.Program, err error) int {
	var oor *transcript.StepOutOfRangeError
	if errors.As(err, &oor) {
		if oor.Decisions == 0 {
			return fail(stderr, usagef("%v", err))
		}
		if oor.Decisions == 1 {
			return fail(stderr, usagef("%v: give --step 1", err))
		}
		return fail(stderr, usagef("%v: give --step from 1 to %d", err, oor.Decisions))
	}
	var d *transcript.Divergence
	if !errors.As(err, &d) {
		return fail(stderr, err)
	}
	fmt.Fprintf(stderr, "error: the transcript does not replay up to decision %d:\n%s\n", prm.Step, d.Error())
	if j := asJSONErrors(stderr); j != nil {
		defer j.fail(fmt.Errorf("the transcript does not replay up to decision %d:\n%w", prm.Step, d))
	}
	if hint := explainHint(prm.File, prm.Ruleset, d); hint != "" {
		fmt.Fprintln(stderr, hint)
	}
	if t.Ruleset != "" && t.Ruleset != p.Hash() {
		fmt.Fprintf(stderr, "a transcript recorded with another version of the rules diverges: explain it with the rules it was recorded with (--ruleset DIR), or record it again (agon record)\n")
	} else {
		// The same rules: the transcript was edited or typed in.
		fmt.Fprintf(stderr, "the transcript differs from these rules there (its ruleset: line is theirs, or it has none): correct that step, or explain a decision before it\n")
	}
	return exitProblems
}

// explainHint is the sentence that offers the agon explain command
// (explainCommand) that shows where a transcript diverged: the decision that differs, or the last decision
// before the step that differs and what the rules did after it ("" when
// the divergence comes before the first decision, or in a scenario file).
func explainHint(file, ruleset string, d *transcript.Divergence) string {
	switch {
	case d.Decision == 0:
		return ""
	case d.AtDecision:
		return "to see why the rules differ there, explain that decision: " + explainCommand(file, ruleset, d)
	}
	return "to see the decision before it and what the rules did after it: " + explainCommand(file, ruleset, d)
}

// explainCommand is the agon explain command that shows the decision a
// divergence is at or after ("" before the first decision).
func explainCommand(file, ruleset string, d *transcript.Divergence) string {
	if d.Decision == 0 {
		return ""
	}
	cmd := fmt.Sprintf("agon explain %s --step %d", shellWord(file), d.Decision)
	if ruleset != "" {
		// the rules replayed against, or explain shows another game
		cmd += " --ruleset " + shellWord(ruleset)
	}
	return cmd
}

// shellWord is s as a shell reads it back: as it is when it holds only
// safe characters, else in single quotes.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:,+=@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// explainAt fills out with the decision pending in g (the transcript's
// decide step idx), then takes the transcript's decision and records
// what followed. An error is the flat runtime's: what it cannot explain
// or show.
func explainAt(out *explainJSON, prm explainParams, t *transcript.Transcript, g explainGame, idx int) error {
	s := t.Steps[idx]
	out.Line = s.Line
	why, err := g.explain()
	if err != nil {
		return err
	}
	out.Player, out.Decision = why.Player, why
	if out.Position, err = g.position(why.Player, prm.Full); err != nil {
		return err
	}
	out.Taken = explainTaken{Player: s.Player, Key: s.Key, Label: s.Label}
	d := g.Pending()
	switch {
	case d.Player != s.Player:
		out.Taken.Problem = fmt.Sprintf("the transcript has %s decide here, but the rules ask %s", interpreter.PlayerName(s.Player), interpreter.PlayerName(d.Player))
		return nil
	case d.Find(s.Key) < 0:
		out.Taken.Label = ""
		out.Taken.Problem = fmt.Sprintf("%q is not a legal option here: %s", s.Key, notOffered(why, s.Key))
		return nil
	}
	out.Taken.Label = d.Options[d.Find(s.Key)].Label
	return takeStep(out, t, g, idx)
}

// takeStep applies the transcript's decision and records the triggers
// that fired and the events up to the next decision.
func takeStep(out *explainJSON, t *transcript.Transcript, g explainGame, idx int) error {
	from := len(g.Events())
	out.Triggers = []interpreter.TriggerFiring{}
	g.TraceTriggers(func(f interpreter.TriggerFiring) { out.Triggers = append(out.Triggers, f) })
	g.SupplyOutcomes(t.OutcomesAfter(idx + 1)...)
	err := g.Apply(out.Taken.Key)
	g.TraceTriggers(nil)
	out.After = []string{}
	fired := 0
	for i, e := range g.Events()[from:] {
		for ; fired < len(out.Triggers) && out.Triggers[fired].Event <= from+i; fired++ {
			out.After = append(out.After, fmt.Sprintf("trigger %s fires (%s)", out.Triggers[fired].Name, out.Triggers[fired].Pos))
		}
		switch e.Kind {
		case interpreter.EventLog:
			out.After = append(out.After, "log: "+e.Text)
		case interpreter.EventChance:
			out.After = append(out.After, fmt.Sprintf("chance: %s → %s", e.Name, strings.Join(e.Result, ", ")))
		}
	}
	for ; fired < len(out.Triggers); fired++ {
		out.After = append(out.After, fmt.Sprintf("trigger %s fires (%s)", out.Triggers[fired].Name, out.Triggers[fired].Pos))
	}
	if err != nil {
		if g.flat() {
			return err // the present runtime says how the game failed
		}
		out.Taken.Problem = "the game failed: " + err.Error()
		return nil
	}
	if d := g.Pending(); d != nil {
		out.Next = fmt.Sprintf("%s decides (decision %d): %s", interpreter.PlayerName(d.Player), out.Step+1, d.Prompt)
	}
	return nil
}

// notOffered says why a key is not among a decision's options.
func notOffered(why *interpreter.DecisionWhy, key string) string {
	for _, o := range why.Refused {
		if o.Key == key {
			return "the rules refused it (see the refused options)"
		}
	}
	keys := make([]string, len(why.Legal))
	for i, o := range why.Legal {
		keys[i] = o.Key
	}
	return "the rules do not consider it at all (legal: " + strings.Join(keys, ", ") + ")"
}

// printExplain prints the explanation for people.
func printExplain(w, stderr io.Writer, out explainJSON) {
	if out.Note != "" {
		fmt.Fprintf(stderr, "note: %s\n", out.Note)
	}
	d := out.Decision
	fmt.Fprintf(w, "decision %d of %d (%s:%d): %s decides\n", out.Step, out.Decisions, out.File, out.Line, interpreter.PlayerName(d.Player))
	fmt.Fprintf(w, "prompt: %s\nrule: %s\n\n", d.Prompt, d.Rule)
	fmt.Fprintf(w, "position, as %s sees it:\n%s\n", interpreter.PlayerName(d.Player), indent(out.Position, "  "))
	fmt.Fprintf(w, "legal options (%d):\n", len(d.Legal))
	for _, o := range d.Legal {
		printOption(w, o)
	}
	fmt.Fprintf(w, "\nrefused options (%d):\n", len(d.Refused))
	for i, o := range d.Refused {
		if i == maxRefusedShown {
			fmt.Fprintf(w, "  … %d more (--json lists all)\n", len(d.Refused)-i)
			break
		}
		printOption(w, o)
	}
	if len(d.Refused) == 0 {
		fmt.Fprintln(w, "  none: every option the rules considered is legal")
	}
	printTaken(w, out)
}

// printOption prints one option and its reasons.
func printOption(w io.Writer, o interpreter.OptionWhy) {
	line := "  " + o.Key
	if o.Label != "" && o.Label != o.Key {
		line += fmt.Sprintf("  (%s)", o.Label)
	}
	fmt.Fprintln(w, line)
	for _, b := range o.Because {
		fmt.Fprintf(w, "      %s\n", b)
	}
}

// printTaken prints the transcript's decision and what followed it.
func printTaken(w io.Writer, out explainJSON) {
	tk := out.Taken
	fmt.Fprintf(w, "\ntaken: %s %s", interpreter.PlayerName(tk.Player), tk.Key)
	if tk.Label != "" && tk.Label != tk.Key {
		fmt.Fprintf(w, " (%s)", tk.Label)
	}
	fmt.Fprintln(w)
	if tk.Problem != "" {
		fmt.Fprintf(w, "  but %s\n", tk.Problem)
	}
	if out.Triggers == nil {
		return
	}
	fmt.Fprintf(w, "automatic rules that fired after it (%d):\n", len(out.Triggers))
	for _, f := range out.Triggers {
		fmt.Fprintf(w, "  %s (%s)\n", f.Name, f.Pos)
	}
	if len(out.Triggers) == 0 {
		fmt.Fprintln(w, "  none")
	}
	fmt.Fprintf(w, "what happened next (%d):\n", len(out.After))
	for _, a := range out.After {
		fmt.Fprintf(w, "  %s\n", a)
	}
	if out.Differs != "" {
		fmt.Fprintf(w, "but the transcript differs: %s\n", out.Differs)
	}
	if out.Next != "" {
		fmt.Fprintf(w, "next: %s\n", out.Next)
	} else if tk.Problem == "" {
		fmt.Fprintln(w, "next: the game is over")
	}
}

// indent prefixes every non-empty line of s.
func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// newExplainCmd wires agon explain.
func newExplainCmd(e *env) *cobra.Command {
	var prm explainParams
	cmd := &cobra.Command{
		Use:   "explain TRANSCRIPT --step N",
		Short: "Explain one decision of a transcript: why each option is legal or refused",
		Long: `explain replays a transcript (as agon replay does) to just before its decision N
(counted from 1 among its decide: entries) and prints:

  - the position as the deciding seat sees it (hidden zones and other players'
    private cards hidden; --full for every zone and variable);
  - the pending decision: who decides, the prompt, the choose's place in the rules;
  - every legal option with why it is legal: the for_each element it stands for,
    its when (and legal_if_after) with the values of their parts;
  - every option the rules considered but refused, with the failing condition and
    the values of its parts (interchangeable refused elements are listed once);
  - the transcript's decision, the automatic rules (triggers) that fired after it,
    and what the game logged up to the next decision;
  - where the transcript says otherwise there (a log line, a chance outcome, a
    check, the final result), as agon replay reports it ("differs" in --json).

The condition values are what the rules read, hidden information included: this
is a tool for designers and referees, not for the players at the table.

A step outside the transcript is a usage error that gives the range (exit 2). A
transcript whose earlier steps no longer replay (the rules changed since it was
recorded) stops with the first divergence and what to do (exit 1). When the
transcript's own decision is not legal at the step, explain still shows the
decision and says so: its refused options tell why.

--json: "step" is the decision explained, as --step gives it (replay --json
calls it "decision"; its "step" counts every entry of steps:, and its
"explain" field is this command), "decisions" how many the transcript has,
"line" its line, "player" who decides (from 0), "position" what that seat
sees, "decision" the options with why (legal and refused), "taken" the
transcript's decision (with "problem" when it is not legal there),
"triggers" and "after" what followed, "next" who decides next, "differs"
where the transcript says otherwise before the next decision (absent when
nothing differs there).`,
		Example: `  agon explain testgames/peloponnes/2p-shared-win.yaml --step 3
  agon explain testgames/peloponnes/5p-all-catastrophes.yaml --step 40 --full
  agon explain game.yaml --step 12 --ruleset rulesets/peloponnes --json`,
		Args: positional(1, 1, "a transcript file (from agon record, agon play --record or testgames/)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("step") {
				return usagef("which decision? give --step N (from 1)")
			}
			prm.File = args[0]
			e.code = runExplain(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&prm.Step, "step", 0, "the decision to explain, from 1 (the transcript's decide: entries)")
	f.StringVar(&prm.Ruleset, "ruleset", "", "ruleset directory or built-in game (default: the transcript's game)")
	f.BoolVar(&prm.Full, "full", false, "show every zone and variable the seat may see, not the compact view")
	f.BoolVar(&prm.JSON, "json", false, "print the explanation as JSON")
	return cmd
}
