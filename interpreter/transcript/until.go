package transcript

import (
	"fmt"

	"agon/interpreter"
)

// StepOutOfRangeError is ReplayUntil's error for a decision number the
// transcript does not have.
type StepOutOfRangeError struct {
	File      string
	Step      int // the decision asked for, from 1
	Decisions int // the transcript's decide steps
}

// Error implements error.
func (e *StepOutOfRangeError) Error() string {
	if e.Decisions == 0 {
		return fmt.Sprintf("%s has no decisions to explain", e.File)
	}
	if e.Decisions == 1 {
		return fmt.Sprintf("%s has only decision 1; there is no decision %d", e.File, e.Step)
	}
	return fmt.Sprintf("%s has decisions 1 to %d; there is no decision %d", e.File, e.Decisions, e.Step)
}

// Decisions counts the transcript's decide steps.
func (t *Transcript) Decisions() int {
	n := 0
	for _, s := range t.Steps {
		if s.Kind == StepDecide {
			n++
		}
	}
	return n
}

// DecisionsBefore counts the decide steps before index i of Steps.
func (t *Transcript) DecisionsBefore(i int) int {
	n := 0
	for _, s := range t.Steps[:min(i, len(t.Steps))] {
		if s.Kind == StepDecide {
			n++
		}
	}
	return n
}

// DecisionStep is the index in Steps of decide step n (from 1), -1 when
// there is none.
func (t *Transcript) DecisionStep(n int) int {
	for i, s := range t.Steps {
		if s.Kind == StepDecide {
			n--
			if n == 0 {
				return i
			}
		}
	}
	return -1
}

// ReplayUntil replays t on a new game of p, as Replay does, up to its
// decision n (counted from 1 among the decide steps) and returns the game
// waiting there, with the index of that decide step in t.Steps. Every
// step before it is compared as Replay compares it: the first difference
// is returned as a *Divergence. A decision number t does not have is a
// *StepOutOfRangeError. Whether the decision is legal is not checked (the
// caller may want to see why it is not). opt.Check evaluates check steps.
func ReplayUntil(p *interpreter.Program, t *Transcript, n int, opt ReplayOptions) (*interpreter.Game, int, error) {
	var g *interpreter.Game
	start := func(initial []interpreter.Outcome) (session, error) {
		var err error
		g, err = interpreter.NewGame(p, interpreter.Config{Players: t.Players, Seed: t.Seed, Outcomes: initial})
		return g, err
	}
	var check func(string) (bool, error)
	if opt.Check != nil {
		check = explaining(func() *interpreter.Game { return g }, opt.Check)
	}
	stop, err := replayUntil(t, p.Game(), n, start, check)
	if err != nil {
		return nil, 0, err
	}
	return g, stop, nil
}

// replayUntil is ReplayUntil on the session start starts (game: the
// ruleset's game), evaluating check steps with check (nil: skipped): the
// index of the decide step the session waits at.
func replayUntil(t *Transcript, game string, n int, start func([]interpreter.Outcome) (session, error), check func(string) (bool, error)) (int, error) {
	if t.Game != "" && t.Game != game {
		return 0, fmt.Errorf("%s: the transcript is for game %q, the ruleset is %q", t.gameWhere(), t.Game, game)
	}
	stop := t.DecisionStep(n)
	if n < 1 || stop < 0 {
		return 0, &StepOutOfRangeError{File: t.File, Step: n, Decisions: t.Decisions()}
	}
	r := &replayer{t: t, logs: hasLogs(t.Steps), chance: true, rep: &ReplayReport{}, check: check}
	s, err := start(r.outcomesFrom(0))
	if err != nil {
		if i, oe, ok := r.outcomeStep(0, err); ok {
			return 0, r.badOutcome(i, oe)
		}
		return 0, r.diverge(0, "the game to start", "", "it failed: "+err.Error())
	}
	r.s, r.events = s, s.Events()
	for i := 0; i < stop; i++ {
		if err := r.step(i); err != nil {
			return 0, err
		}
	}
	if e, ok := r.peek(); ok {
		return 0, r.diverge(stop, describeStep(t.Steps[stop]), describeEvent(e), "")
	}
	if s.Pending() == nil {
		return 0, r.diverge(stop, describeStep(t.Steps[stop]), "the end of the game", "the game is over")
	}
	return stop, nil
}

// OutcomesAfter is the chance outcomes the transcript gives from step i
// up to its next decide step: what to supply before applying the decide
// step just before i.
func (t *Transcript) OutcomesAfter(i int) []interpreter.Outcome { return chanceBefore(t, i) }
