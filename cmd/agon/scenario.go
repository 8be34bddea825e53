package main

import (
	"bytes"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// isScenarioFile reports whether file is a scenario file (a top-level
// scenario: key) rather than a transcript.
func isScenarioFile(file string) bool {
	data, err := readInput(file)
	return err == nil && transcript.IsScenario(data)
}

// transcriptHeader starts every transcript agon writes.
var transcriptHeader = []byte("# agon transcript")

// readTranscriptFile reads file as a transcript when it is one rather
// than a scenario file: it has no scenario: key, and it starts as agon
// writes transcripts or reads as one without a problem. It returns nil
// for anything else.
func readTranscriptFile(file string) *transcript.Transcript {
	data, err := readInput(file)
	if err != nil || transcript.IsScenario(data) {
		return nil
	}
	t, err := transcript.Read(file, data)
	if err != nil && !bytes.HasPrefix(bytes.TrimSpace(data), transcriptHeader) {
		return nil
	}
	return t
}

// openScenario reads a scenario file and loads its ruleset (ref as any
// RULESET argument, or else the scenario's game: resolved strictly as a
// game name, like a transcript's), with its variant and inline patch;
// one without a patch takes the program progs has loaded already, if any
// (nil: none). It also returns which copy of the ruleset was used.
func openScenario(file, ref string, progs programs) (*transcript.Scenario, *interpreter.Program, string, error) {
	data, err := readInput(file)
	if err != nil {
		return nil, nil, "", err
	}
	sc, err := transcript.ReadScenario(file, data)
	if err != nil {
		return nil, nil, "", err
	}
	var rs ruleset
	if ref != "" {
		rs, err = resolveRuleset(ref)
	} else {
		rs, err = fileGame(sc.Game, sc.GamePos, "a scenario", "")
	}
	if err != nil {
		return nil, nil, "", err
	}
	if err := fileVariant(rs, sc.Game, sc.Variant, sc.VariantPos); err != nil {
		return nil, nil, rs.Source, err
	}
	if sc.Patch == nil {
		p, err := progs.load(rs, sc.Variant) // transcript.LoadScenario, kept
		return sc, p, rs.Source, err
	}
	p, err := transcript.LoadScenario(rs.fsys, rs.dir, sc)
	return sc, p, rs.Source, err
}

// replayScenario runs a scenario file for agon replay: its outcome in the
// same form as a transcript's (the first failing step as the divergence).
func replayScenario(prm replayParams, file string) replayJSON {
	out := replayJSON{File: file, rulesetFlag: prm.Ruleset}
	if prm.VariantSet {
		out.loadErr = usagef("--variant is for transcripts; a scenario file names its variant and patch itself")
		return out
	}
	sc, p, source, err := openScenario(file, prm.Ruleset, prm.progs)
	out.RulesetSource = source
	if err != nil {
		out.loadErr = err
		return out
	}
	out.Variant, out.Scenario = p.Variant(), sc.Title
	run := runScenarioFile(prm, p, sc)
	rep, err := run.rep, run.err
	out.Runtime, out.RuntimeReason = run.runtime, run.reason
	out.OK = err == nil
	if rep != nil {
		out.Decisions, out.Checks = rep.Decisions, rep.Checks
	}
	out.setFailure(err)
	return out
}

// programs are the rulesets a replay has loaded, by copy and variant:
// the files of one game and variant replay on one Program (and its flat
// form, compiled once), as simulate's games play on one. Loading and
// compiling took most of the time of a replay of many files.
type programs map[programKey]*interpreter.Program

// programKey names a loaded ruleset: its copy (ruleset.Source and dir)
// and variant.
type programKey struct{ source, dir, variant string }

// load loads rs with variant, or gives the program loaded already (ps
// nil: none is kept). A ruleset that does not load is not kept.
func (ps programs) load(rs ruleset, variant string) (*interpreter.Program, error) {
	k := programKey{rs.Source, rs.dir, variant}
	if p := ps[k]; p != nil {
		return p, nil
	}
	p, err := interpreter.Load(rs.fsys, rs.dir, variant)
	if err == nil && ps != nil {
		ps[k] = p
	}
	return p, err
}
