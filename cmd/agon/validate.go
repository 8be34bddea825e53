package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"agon/interpreter"
	"agon/interpreter/transcript"
	"agon/schema"
)

// validateParams are the inputs of agon validate.
type validateParams struct {
	Ruleset     string
	Variant     string
	Provisional bool // list the provisional notes
	JSON        bool
}

// validateReport is the --json output of agon validate.
type validateReport struct {
	OK      bool   `json:"ok"`
	Game    string `json:"game,omitempty"`
	Title   string `json:"title,omitempty"`
	Variant string `json:"variant"`
	// Error is the whole failure as text ("" when ok), as in every
	// command's --json failure (jsonFailure).
	Error string `json:"error,omitempty"`
	// RulesetSource is the folder that was checked, or "built-in".
	RulesetSource string         `json:"ruleset_source,omitempty"`
	Counts        map[string]int `json:"counts,omitempty"`
	Variants      []string       `json:"variants,omitempty"`
	Problems      []jsonProblem  `json:"problems"`
	// Warnings do not fail the check: a variant whose rules equal the
	// base rules, a dead rule (when: false, an end_game every game
	// reaches before anyone decides).
	Warnings    []jsonProblem `json:"warnings,omitempty"`
	Provisional []jsonNote    `json:"provisional,omitempty"`
	// ProvisionalReplaced, with --variant and --provisional, lists the
	// base ruleset's provisional notes on values the variant replaced
	// (left out of Provisional).
	ProvisionalReplaced []jsonNote `json:"provisional_replaced,omitempty"`
}

// jsonNote is a provisional note in JSON output. Variant names the variant
// whose file holds it; it is empty for a note of the base ruleset.
type jsonNote struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Variant string `json:"variant,omitempty"`
	Message string `json:"message"`
}

// jsonProblem is a positioned message in JSON output. Variant names the
// variant that brings it (the problem may be in a base file the variant
// breaks, say an expression using a constant it changed); it is empty for
// a problem of the base rules.
type jsonProblem struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Variant string `json:"variant,omitempty"`
	Message string `json:"message"`
}

// runValidate loads the ruleset and reports every problem, or a summary.
func runValidate(_ context.Context, prm validateParams, stdout, stderr io.Writer) int {
	p, source, err := loadSourced(prm.Ruleset, prm.Variant)
	p, check, err := withVariants(prm, p, err)
	if prm.JSON {
		return validateJSON(p, check, source, err, prm, stdout, stderr)
	}
	if err != nil {
		printSource(stderr, source)
		code := printValidateError(stderr, err)
		printSameWarnings(stderr, check)
		return code
	}
	printSource(stdout, source)
	fmt.Fprintf(stdout, "ok: %s%s\n", summarizeProgram(p), variantsNote(prm, p))
	printRuleWarnings(stdout, p, check)
	printSameWarnings(stdout, check)
	if prm.Provisional {
		groups, replaced := provisionalNotes(p, prm.Variant, check.notes)
		printNotes(stdout, groups)
		printReplaced(stdout, prm.Variant, replaced)
	}
	return exitOK
}

// printRuleWarnings prints the dead rules the load found
// (Program.Warnings): the program's, then those each variant brings,
// naming it.
func printRuleWarnings(w io.Writer, p *interpreter.Program, check variantCheck) {
	for _, d := range p.Warnings() {
		printWarning(w, d, "")
	}
	for _, v := range check.warnings {
		printWarning(w, v.d, "variant "+v.variant)
	}
}

// printWarning prints a load warning as file:line:col: warning: message,
// followed by " (with WITH)" when with says what brought it (a variant).
func printWarning(w io.Writer, d schema.Diagnostic, with string) {
	if with != "" {
		with = " (with " + with + ")"
	}
	fmt.Fprintf(w, "%s: warning: %s%s\n", d.Pos, d.Msg, with)
}

// printSameWarnings prints a warning for each variant that changes
// nothing.
func printSameWarnings(w io.Writer, check variantCheck) {
	for _, v := range check.same {
		fmt.Fprintf(w, "%s: warning: %s\n", v.file, sameWarning(v))
	}
}

// printValidateError prints the problems validate found, those a variant
// brings under a heading that names it, and returns the exit code.
func printValidateError(w io.Writer, err error) int {
	var vp *variantProblems
	if !errors.As(err, &vp) {
		return printLoadError(w, err)
	}
	fmt.Fprintln(w, vp.Error())
	return exitProblems
}

// validateJSON prints the outcome of validate as one JSON object.
func validateJSON(p *interpreter.Program, check variantCheck, source string, err error, prm validateParams, stdout, stderr io.Writer) int {
	if isUsage(err) {
		return fail(withJSONErrors(true, stdout, stderr), err)
	}
	rep := validateReport{OK: err == nil, Variant: prm.Variant, RulesetSource: source, Problems: problems(err)}
	if err != nil {
		rep.Error = err.Error()
	}
	for _, v := range check.same {
		rep.Warnings = append(rep.Warnings, jsonProblem{File: v.file, Variant: v.name, Message: sameWarning(v)})
	}
	if p != nil && err == nil {
		for _, d := range p.Warnings() {
			rep.Warnings = append(rep.Warnings, jsonProblem{File: d.Pos.File, Line: d.Pos.Line, Col: d.Pos.Col, Message: d.Msg})
		}
		for _, v := range check.warnings {
			rep.Warnings = append(rep.Warnings, jsonProblem{File: v.d.Pos.File, Line: v.d.Pos.Line, Col: v.d.Pos.Col, Variant: v.variant, Message: v.d.Msg})
		}
		rep.Game, rep.Title, rep.Counts, rep.Variants = p.Game(), p.Title(), programCounts(p), p.Variants()
		if prm.Provisional {
			groups, replaced := provisionalNotes(p, prm.Variant, check.notes)
			rep.Provisional = notes(groups)
			rep.ProvisionalReplaced = notes([]variantNotes{{notes: replaced}})
		}
	}
	writeJSON(stdout, rep)
	if err != nil {
		return exitProblems
	}
	return exitOK
}

// problems turns a load error into JSON problems: those of the base
// rules first, then each variant's, naming it.
func problems(err error) []jsonProblem {
	out := []jsonProblem{}
	if err == nil {
		return out
	}
	var vp *variantProblems
	if errors.As(err, &vp) {
		out = appendProblems(out, "", vp.base)
		for _, v := range vp.variants {
			out = appendProblems(out, v.name, v.list)
		}
		return out
	}
	var list schema.ErrorList
	var d *transcript.Divergence
	switch {
	case errors.As(err, &list):
		return appendProblems(out, "", list)
	case errors.As(err, &d):
		at := fmt.Sprintf("%s:%d: ", d.File, d.Line)
		return append(out, jsonProblem{File: d.File, Line: d.Line, Message: strings.TrimPrefix(d.Error(), at)})
	}
	return append(out, jsonProblem{Message: err.Error()})
}

// appendProblems appends the diagnostics of list as JSON problems of the
// variant ("" for the base rules).
func appendProblems(out []jsonProblem, variant string, list schema.ErrorList) []jsonProblem {
	for _, d := range list {
		msg := d.Msg
		if d.Detail != "" {
			msg += "\n" + d.Detail
		}
		out = append(out, jsonProblem{File: d.Pos.File, Line: d.Pos.Line, Col: d.Pos.Col, Variant: variant, Message: msg})
	}
	return out
}

// provisionalNotes groups the provisional notes validate lists: those of
// the base files first, then those of each variant file. With --variant
// only that variant's file is listed after the base; without it, every
// variant's (vnotes, from checking the variants).
//
// The base notes on values the variant replaced (schema's
// Ruleset.Replaced, found as the loader merged the patch) are not in the
// base group: they come back as replaced, which validate lists apart.
func provisionalNotes(p *interpreter.Program, variant string, vnotes []variantNotes) (groups []variantNotes, replaced []schema.Note) {
	base, own := splitNotes(p.Provisional(), variant)
	if gone := p.Ruleset().Replaced; len(gone) > 0 {
		kept := base[:0:0]
		for _, n := range base {
			if slices.Contains(gone, n) {
				replaced = append(replaced, n)
			} else {
				kept = append(kept, n)
			}
		}
		base = kept
	}
	out := []variantNotes{{notes: base}}
	if variant != "" {
		return append(out, variantNotes{name: variant, notes: own}), replaced
	}
	return append(out, vnotes...), replaced
}

// printReplaced prints where the base ruleset's provisional figures are
// that the variant replaced, after the notes in force.
func printReplaced(w io.Writer, variant string, replaced []schema.Note) {
	if len(replaced) == 0 {
		return
	}
	n := len(replaced)
	fmt.Fprintf(w, "variant %s replaces %d provisional %s of the base ruleset (not listed above):\n", variant, n, schema.Plural(n, "figure", "figures"))
	for _, r := range replaced {
		fmt.Fprintf(w, "%s\n", schema.Pos{File: r.Pos.File, Line: r.Pos.Line})
	}
}

// notes turns grouped provisional notes into JSON notes, each naming its
// variant.
func notes(groups []variantNotes) []jsonNote {
	out := []jsonNote{}
	for _, g := range groups {
		for _, n := range g.notes {
			out = append(out, jsonNote{File: n.Pos.File, Line: n.Pos.Line, Variant: g.name, Message: n.Text})
		}
	}
	return out
}

// printNotes prints provisional notes as file:line: text, those of the
// base first, then under a heading for each variant file that has some.
func printNotes(w io.Writer, groups []variantNotes) {
	inVariants := false
	for _, g := range groups {
		inVariants = inVariants || (g.name != "" && len(g.notes) > 0)
	}
	for _, g := range groups {
		n := len(g.notes)
		count := fmt.Sprintf("%d provisional %s", n, schema.Plural(n, "figure", "figures"))
		switch {
		case g.name == "" && inVariants:
			fmt.Fprintf(w, "%s in the base ruleset\n", count)
		case g.name == "":
			fmt.Fprintln(w, count)
		case n == 0:
			continue
		default:
			fmt.Fprintf(w, "variant %s: %s\n", g.name, count)
		}
		for _, n := range g.notes {
			pos := schema.Pos{File: n.Pos.File, Line: n.Pos.Line}
			fmt.Fprintf(w, "%s: %s\n", pos, n.Text)
		}
	}
}

// countOrder is the order of the figures in a program summary.
var countOrder = []string{"cards", "zones", "vars", "phases", "procedures", "triggers"}

// programCounts counts what the ruleset defines.
func programCounts(p *interpreter.Program) map[string]int {
	rs := p.Ruleset()
	if rs == nil {
		return nil
	}
	cards := 0
	for _, t := range rs.Cards {
		for _, r := range t.Rows {
			cards += max(r.Count, 1)
		}
	}
	return map[string]int{
		"cards": cards, "zones": len(rs.Zones), "vars": len(rs.Vars) + len(rs.PlayerVars),
		"phases": len(rs.Phases), "procedures": len(rs.Procedures), "triggers": len(rs.Triggers),
	}
}

// summarizeProgram reads "Title, N cards, M zones, …".
func summarizeProgram(p *interpreter.Program) string {
	parts := []string{p.Title()}
	if p.Variant() != "" {
		parts[0] += " (variant " + p.Variant() + ")"
	}
	counts := programCounts(p)
	for _, k := range countOrder {
		parts = append(parts, count(counts[k], strings.TrimSuffix(k, "s")))
	}
	parts = append(parts, playerRange(p))
	if vs := p.Variants(); len(vs) > 0 {
		parts = append(parts, fmt.Sprintf("variants: %s", strings.Join(vs, ", ")))
	}
	return strings.Join(parts, ", ")
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

// newValidateCmd wires agon validate.
func newValidateCmd(e *env) *cobra.Command {
	var prm validateParams
	cmd := &cobra.Command{
		Use:   "validate RULESET",
		Short: "Check a ruleset and report every problem",
		Long: `validate loads a ruleset, checks it completely and prints every problem as
file:line:col: message. Without --variant it also checks every variant file
(variant-NAME.yaml) of the ruleset. The problems a variant brings come
under a heading "variant NAME (FILE):", even those in a base file it
breaks (an expression using a constant it changed); --json names the
variant of each. With no problems it prints a summary. A variant whose
rules equal the base rules (it changes nothing) gets a warning, whether
or not other variants have problems. So do dead rules the load can see
(when: false, an end_game every game reaches before anyone decides),
printed after the ok line as file:line:col: warning: message; while the
ruleset has problems they wait (the problems come alone, as a compiler's
errors come before its vet warnings). simulate, compare and play print them
too, on stderr.`,
		Example: `  agon validate rulesets/peloponnes
  agon validate peloponnes --variant harsh-catastrophes --provisional`,
		Args: positional(1, 1, rulesetArg()),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			e.code = runValidate(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.BoolVar(&prm.Provisional, "provisional", false, "list every figure marked provisional (with --variant, those it replaces apart)")
	f.BoolVar(&prm.JSON, "json", false, "print the result as JSON")
	return cmd
}
