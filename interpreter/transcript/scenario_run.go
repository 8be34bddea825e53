package transcript

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"agon/interpreter"
	"agon/schema"
)

// StartScenario starts a game of p at the scenario's position (its steps
// are not taken): after the setup or at the first decision, as its start
// says. initial are chance outcomes for the setup and the flow up to the
// first decision (nil: the seed decides).
func StartScenario(p *interpreter.Program, sc *Scenario, initial []interpreter.Outcome) (*interpreter.Game, error) {
	return interpreter.StartAt(p, scenarioStart(sc), initial)
}

// StartScenarioFlat is StartScenario on the flat runtime
// (interpreter.FlatProgram.StartAt): the same position, the same game.
func StartScenarioFlat(fp *interpreter.FlatProgram, sc *Scenario, initial []interpreter.Outcome) (*interpreter.FlatGame, error) {
	return fp.StartAt(scenarioStart(sc), initial)
}

// scenarioRun is what a replayer needs beyond a transcript's replay.
type scenarioRun struct {
	g scenarioPlay
	// runLine is the line of the last run step, 0 before the first.
	runLine int
}

// scenarioPlay is a scenario's game as it is played: a session that runs effects given
// after load, on the present runtime (presentScenario) or the flat one
// (flatScenario).
type scenarioPlay interface {
	session
	ExecNode(file string, effects *yaml.Node) error
	ExecWaiting() bool
	BeforeStartPhase() bool
	// clone is a copy of the game, and keepStartHook gives the copy the
	// start-phase hook another has now: a run step that must fail goes on
	// from a copy taken before it.
	clone() scenarioPlay
	keepStartHook(from scenarioPlay)
}

// presentScenario is a present game as a scenario's game.
type presentScenario struct{ *interpreter.Game }

func (g presentScenario) clone() scenarioPlay { return presentScenario{g.Clone()} }

func (g presentScenario) keepStartHook(from scenarioPlay) {
	g.KeepStartHook(from.(presentScenario).Game)
}

// flatScenario is a flat game as a scenario's game.
type flatScenario struct{ flatSession }

func (g flatScenario) clone() scenarioPlay {
	return flatScenario{flatSession{g.Clone(), g.textErr}}
}

func (g flatScenario) keepStartHook(from scenarioPlay) {
	g.KeepStartHook(from.(flatScenario).FlatGame)
}

// RunScenario plays the scenario on p (load it with LoadScenario): it
// starts at the position and takes the steps as Replay does, with these
// differences: log messages are never compared in sequence (a logged:
// step looks for one), chance outcomes only when the scenario lists chance
// steps, check steps are always evaluated, and the game need not end
// (unless a result is given). The first failing step is returned as a
// *Divergence, with the report so far.
func RunScenario(p *interpreter.Program, sc *Scenario) (*ReplayReport, error) {
	if sc.Game != "" && sc.Game != p.Game() {
		return nil, fmt.Errorf("%s: the scenario is for game %q, the ruleset is %q", sc.File, sc.Game, p.Game())
	}
	run := &scenarioRun{}
	check := explaining(func() *interpreter.Game { return run.g.(presentScenario).Game }, interpreter.CheckExpr)
	return runScenario(sc, run, check, func(initial []interpreter.Outcome) (scenarioPlay, error) {
		g, err := StartScenario(p, sc, initial)
		if err != nil {
			return nil, err
		}
		return presentScenario{g}, nil
	})
}

// RunScenarioFlat plays the scenario on the flat runtime, the rebuilt
// one, as RunScenario plays it on the present one: the same walk, steps
// and divergences. A check that does not hold is explained as on the
// present runtime (ExplainFlatCheck), unless the flat runtime cannot
// evaluate a part of it; then it says only that. What the flat runtime
// does not cover yet is an error saying so: a check (ErrFlatCheck), a
// run step's effects or a position's card attribute (ErrFlatEffects);
// such a scenario runs on the present runtime (testgames'
// TestFlatRunsTheScenarios lists the shipped ones; FlatFallback says
// when an outcome is the present runtime's to give).
func RunScenarioFlat(fp *interpreter.FlatProgram, sc *Scenario) (*ReplayReport, error) {
	p := fp.Program()
	if sc.Game != "" && sc.Game != p.Game() {
		return nil, fmt.Errorf("%s: the scenario is for game %q, the ruleset is %q", sc.File, sc.Game, p.Game())
	}
	run := &scenarioRun{}
	check := func(expr string) (bool, error) { return explainingFlat(run.g.(flatScenario).FlatGame, expr) }
	var textErr error
	rep, err := runScenario(sc, run, check, func(initial []interpreter.Outcome) (scenarioPlay, error) {
		g, err := fp.StartAt(scenarioStart(sc), initial)
		if err != nil {
			return nil, err
		}
		return flatScenario{flatSession{g, &textErr}}, nil
	})
	return flatTexts(rep, err, textErr)
}

// scenarioStart is where and how the scenario's game starts.
func scenarioStart(sc *Scenario) interpreter.ScenarioStart {
	return interpreter.ScenarioStart{
		File: sc.File, Players: sc.Players, Seed: sc.Seed,
		Start: sc.Start, StartLine: sc.StartLine, Position: sc.Position,
	}
}

// runScenario walks the scenario's steps against the game start gives
// (run.g), with check for its check steps.
func runScenario(sc *Scenario, run *scenarioRun, check func(string) (bool, error), start func([]interpreter.Outcome) (scenarioPlay, error)) (*ReplayReport, error) {
	r := &replayer{t: &sc.Transcript, sc: run, scenario: true, rep: &ReplayReport{}, check: check}
	var posErr schema.ErrorList
	rep, err := r.walk(func(initial []interpreter.Outcome) (session, error) {
		g, err := start(initial)
		if errors.As(err, &posErr) {
			return nil, err
		}
		if err != nil {
			return nil, err
		}
		run.g = g
		return g, nil
	})
	if posErr != nil {
		return rep, posErr // the position's own problems, each at its place
	}
	return rep, err
}

// scenarioChance finds the chance step's outcome among the chance events
// not matched yet: a scenario lists only the chance outcomes it fixes.
func (r *replayer) scenarioChance(i int, s Step) error {
	var seen []string
	for j := r.next; j < len(r.events); j++ {
		e := r.events[j]
		if e.Kind != interpreter.EventChance {
			continue
		}
		if sameEvent(s, e) {
			r.next = j + 1
			return nil
		}
		seen = append(seen, describeEvent(e))
	}
	got := "no chance outcome"
	if len(seen) > 0 {
		got = strings.Join(seen, "; ")
	}
	return r.diverge(i, describeStep(s), got, "")
}

// scenarioStep takes a step only scenario files have.
// asks, finished and logged steps that hold count as checks.
func (r *replayer) scenarioStep(i int, s Step) error {
	var err error
	switch s.Kind {
	case StepRun:
		return r.runStep(i, s)
	case StepAsks:
		err = r.asksStep(i, s)
	case StepFinished:
		err = r.finishedStep(i)
	default:
		err = r.loggedStep(i, s)
	}
	if err == nil {
		r.rep.Checks++
	}
	return err
}

// runStep runs the step's effects on the game.
func (r *replayer) runStep(i int, s Step) error {
	g := r.sc.g
	if g.ExecWaiting() {
		return r.diverge(i, "the effects to run", "", fmt.Sprintf("those of the run step at line %d still wait: %s", r.sc.runLine, r.describeAsked()))
	}
	if g.Over() {
		return r.diverge(i, "the effects to run", "the end of the game", "")
	}
	g.SupplyOutcomes(r.outcomesFrom(i + 1)...)
	r.sc.runLine = s.Line
	if s.Error != "" {
		return r.runFailing(i, s)
	}
	if err := g.ExecNode(r.t.File, s.Effects); err != nil {
		if j, oe, ok := r.outcomeStep(i+1, err); ok {
			return r.badOutcome(j, oe)
		}
		return r.failed(r.diverge(i, "the effects to run", "", "they failed: "+err.Error()), err)
	}
	r.events = g.Events()
	return nil
}

// runFailing runs effects that must fail with an error containing
// s.Error; the game then goes on as if they had not run.
func (r *replayer) runFailing(i int, s Step) error {
	want := fmt.Sprintf("the effects to fail with %q", s.Error)
	before := r.sc.g.clone()
	err := r.sc.g.ExecNode(r.t.File, s.Effects)
	switch {
	case err == nil:
		return r.diverge(i, want, "", "they did not: "+r.describeAsked())
	case !strings.Contains(err.Error(), s.Error):
		return r.failed(r.diverge(i, want, err.Error(), ""), err)
	}
	// The error the step expects is the game's, in words the flat
	// runtime may not share with the present one.
	r.gameFailed(err)
	before.keepStartHook(r.sc.g)
	r.sc.g, r.s = before, before
	r.events = before.Events()
	r.next = min(r.next, len(r.events))
	r.rep.Checks++
	return nil
}

// asksStep checks the pending decision.
func (r *replayer) asksStep(i int, s Step) error {
	want := fmt.Sprintf("a decision by %s (asks: %d)", interpreter.PlayerName(s.Player), s.Player)
	d := r.s.Pending()
	switch {
	case d == nil:
		return r.diverge(i, want, "the end of the game", "")
	case d.Player != s.Player:
		return r.diverge(i, want, r.describeAsked(), "")
	case !strings.Contains(d.Prompt, s.Prompt):
		return r.diverge(i, fmt.Sprintf("a prompt containing %q", s.Prompt), fmt.Sprintf("%q", d.Prompt), "")
	}
	return r.checkOptions(i, s, optionKeys(d))
}

// checkOptions compares a decision's option keys with an asks step.
func (r *replayer) checkOptions(i int, s Step, keys []string) error {
	got := strings.Join(keys, ", ")
	if s.Options != nil && !sameSet(keys, s.Options) {
		return r.diverge(i, "the options "+strings.Join(s.Options, ", "), got, "")
	}
	for _, k := range s.Offers {
		if !slices.Contains(keys, k) {
			return r.diverge(i, fmt.Sprintf("option %q to be offered", k), got, "")
		}
	}
	for _, k := range s.NotOffers {
		if slices.Contains(keys, k) {
			return r.diverge(i, fmt.Sprintf("option %q not to be offered", k), got, "")
		}
	}
	return nil
}

// optionKeys lists a decision's option keys.
func optionKeys(d *interpreter.Decision) []string {
	out := make([]string, len(d.Options))
	for i, o := range d.Options {
		out[i] = o.Key
	}
	return out
}

// sameSet reports whether a and b hold the same strings, in any order.
func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// finishedStep checks that the last run step's effects are done.
func (r *replayer) finishedStep(i int) error {
	if r.sc.g.ExecWaiting() {
		return r.diverge(i, fmt.Sprintf("the effects of the run step at line %d to be finished", r.sc.runLine), r.describeAsked(), "")
	}
	return nil
}

// describeAsked describes the pending decision with its options.
func (r *replayer) describeAsked() string {
	d := r.s.Pending()
	if d == nil {
		return "the end of the game"
	}
	return fmt.Sprintf("%s with the options %s", describeDecision(d), legalKeys(d))
}

// loggedStep looks for a log message containing the step's text.
func (r *replayer) loggedStep(i int, s Step) error {
	var last string
	for _, e := range r.sc.g.Events() {
		if e.Kind == interpreter.EventLog {
			if strings.Contains(e.Text, s.Text) {
				return nil
			}
			last = e.Text
		}
	}
	reason := "there is none so far"
	if last != "" {
		reason = fmt.Sprintf("none does (the last is %q)", last)
	}
	return r.diverge(i, fmt.Sprintf("a log message containing %q", s.Text), "", reason)
}

// scenarioFinish ends a scenario: only a given result is compared.
func (r *replayer) scenarioFinish() error {
	if r.sc.g.BeforeStartPhase() {
		return r.diverge(len(r.t.Steps), "the start phase to begin (the position is applied then)", r.describeAsked(), "")
	}
	if r.t.Result == nil {
		return nil
	}
	r.sc = nil
	return r.finish()
}
