package main

import (
	"fmt"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// Which runtime agon replay runs a file on. The flat runtime, the rebuilt
// one, where it covers the ruleset (Program.Flat) and --runtime present
// does not ask otherwise; the present runtime runs the file again, from
// its start, when the flat run does not settle it (transcript.FlatFallback:
// the game gave an error, which the present runtime words in its own way,
// or met something the flat runtime does not cover). Either way the
// output is the same, text, --json and exit code, but for --json's
// "runtime" and "runtime_reason", which say which ran and why not the
// flat one (as simulate's header does); the text output says nothing of
// it.

// fileRun is the outcome of running one file's steps, and where it ran.
type fileRun struct {
	rep *transcript.ReplayReport
	err error
	// runtime is runtimeFlat or runtimePresent; reason, for the present
	// runtime, says why not the flat one.
	runtime, reason string
}

// checkReplayRuntime checks --runtime's value.
func checkReplayRuntime(runtime string) error {
	if runtime != "" && runtime != "auto" && runtime != runtimePresent {
		return usagef("--runtime %q: give auto (the flat runtime, where it covers the ruleset) or present", runtime)
	}
	return nil
}

// runOnRuntime runs a file's steps with flat, on p's flat form, unless
// prm asks for the present runtime or p has none, and with present
// otherwise, or when the flat run does not settle the file (it gave an
// error, or panicked: a bug of agon's flat runtime, which the present
// runtime's outcome hides as simulate's games do).
func runOnRuntime(prm replayParams, p *interpreter.Program,
	flat func(*interpreter.FlatProgram) (*transcript.ReplayReport, error),
	present func() (*transcript.ReplayReport, error)) fileRun {
	reason := "asked for (--runtime present)"
	if prm.Runtime != runtimePresent {
		fp, err := p.Flat()
		if err == nil {
			rep, err, why := flatRun(fp, flat)
			if why == nil {
				return fileRun{rep: rep, err: err, runtime: runtimeFlat}
			}
			reason = fmt.Sprintf("the flat run stopped, so the present runtime replayed the file: %v", why)
		} else {
			reason = err.Error()
		}
	}
	rep, err := present()
	return fileRun{rep: rep, err: err, runtime: runtimePresent, reason: reason}
}

// flatRun runs flat on fp: its outcome, and why it is not to be reported
// as it is (nil when it is).
func flatRun(fp *interpreter.FlatProgram, flat func(*interpreter.FlatProgram) (*transcript.ReplayReport, error)) (rep *transcript.ReplayReport, err, why error) {
	defer func() {
		if r := recover(); r != nil {
			rep, err, why = nil, nil, fmt.Errorf("internal error of the flat runtime: %v", r)
		}
	}()
	rep, err = flat(fp)
	return rep, err, transcript.FlatFallback(rep, err)
}

// replayTranscript replays t on p, on the runtime runOnRuntime chooses,
// evaluating its checks.
func replayTranscript(prm replayParams, p *interpreter.Program, t *transcript.Transcript) fileRun {
	return runOnRuntime(prm, p,
		func(fp *interpreter.FlatProgram) (*transcript.ReplayReport, error) {
			return transcript.ReplayFlat(fp, t, true)
		},
		func() (*transcript.ReplayReport, error) {
			return transcript.Replay(p, t, transcript.ReplayOptions{Check: interpreter.CheckExpr})
		})
}

// runScenarioFile runs the scenario sc on p, on the runtime runOnRuntime
// chooses.
func runScenarioFile(prm replayParams, p *interpreter.Program, sc *transcript.Scenario) fileRun {
	return runOnRuntime(prm, p,
		func(fp *interpreter.FlatProgram) (*transcript.ReplayReport, error) {
			return transcript.RunScenarioFlat(fp, sc)
		},
		func() (*transcript.ReplayReport, error) { return transcript.RunScenario(p, sc) })
}
