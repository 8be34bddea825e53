package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"agon/interpreter"
	"agon/rulesets"
	"agon/schema"
)

// isScenarioFile reports whether file is a scenario file (a top-level
// scenario: key) rather than a transcript.
func isScenarioFile(file string) bool {
	data, err := os.ReadFile(file)
	return err == nil && interpreter.IsScenario(data)
}

// openScenario reads a scenario file and loads its ruleset (ref, or the
// scenario's game when ref is ""), with its variant and inline patch.
func openScenario(file, ref string) (*interpreter.Scenario, *interpreter.Program, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	sc, err := interpreter.ReadScenario(file, data)
	if err != nil {
		return nil, nil, err
	}
	if ref == "" {
		ref = sc.Game
	}
	fsys, dir, err := rulesetFS(ref)
	if err != nil {
		return nil, nil, err
	}
	p, err := interpreter.LoadScenario(fsys, dir, sc)
	return sc, p, err
}

// rulesetFS finds a ruleset as loadProgram does: a directory on disk, or
// a game built into the binary.
func rulesetFS(ref string) (fs.FS, string, error) {
	if fi, err := os.Stat(ref); err == nil && fi.IsDir() {
		fsys, dir := diskRuleset(ref)
		return fsys, dir, nil
	}
	games := embeddedGames()
	if slices.Contains(games, ref) {
		return rulesets.FS, ref, nil
	}
	return nil, "", usagef("unknown game %q%s: built-in games are %s, or give a ruleset directory",
		ref, schema.DidYouMean(ref, games), strings.Join(games, ", "))
}

// runScenarioReplay runs a scenario file for agon replay and reports its
// first failing step.
func runScenarioReplay(prm replayParams, stdout, stderr io.Writer) int {
	sc, p, err := openScenario(prm.File, prm.Ruleset)
	if err != nil {
		return printLoadError(stderr, err)
	}
	if prm.VariantSet {
		return fail(stderr, usagef("--variant is for transcripts; a scenario file names its variant and patch itself"))
	}
	rep, err := interpreter.RunScenario(p, sc)
	out := replayJSON{Variant: p.Variant(), OK: err == nil}
	if rep != nil {
		out.Decisions, out.Checks = rep.Decisions, rep.Checks
	}
	var d *interpreter.Divergence
	if errors.As(err, &d) {
		out.Divergence = &divergence{Step: d.Step + 1, Line: d.Line, Expected: d.Expected, Got: d.Got, Message: d.Error()}
	} else if err != nil {
		out.Error = err.Error()
	}
	if prm.JSON {
		writeJSON(stdout, out)
	} else if err == nil {
		fmt.Fprintf(stdout, "ok: scenario %q: %d decisions, %d checks\n", sc.Title, out.Decisions, out.Checks)
	} else {
		printReplay(stdout, stderr, out, prm)
	}
	if err != nil {
		return exitProblems
	}
	return exitOK
}
