package main

import (
	"errors"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// explainGame is the game agon explain stops at a decision and explains,
// on the flat runtime (the rebuilt one, which explains by the same code:
// interpreter's TestFlatExplainAgrees) or on the present one.
type explainGame interface {
	explain() (*interpreter.DecisionWhy, error)
	// position is what player sees: the full view, or the glance.
	position(player int, full bool) (string, error)
	Pending() *interpreter.Decision
	Events() []interpreter.Event
	TraceTriggers(func(interpreter.TriggerFiring))
	SupplyOutcomes(...interpreter.Outcome)
	Apply(key string) error
	flat() bool
}

// presentExplain is a game of the present runtime to explain.
type presentExplain struct{ *interpreter.Game }

func (g presentExplain) explain() (*interpreter.DecisionWhy, error) { return g.ExplainDecision(), nil }
func (g presentExplain) flat() bool                                 { return false }

func (g presentExplain) position(player int, full bool) (string, error) {
	if full {
		return g.View(player), nil
	}
	return g.Glance(player), nil
}

// flatExplain is a game of the flat runtime to explain.
type flatExplain struct{ *interpreter.FlatGame }

func (g flatExplain) explain() (*interpreter.DecisionWhy, error) { return g.ExplainDecision() }
func (g flatExplain) Apply(key string) error                     { return g.ApplyKey(key) }
func (g flatExplain) flat() bool                                 { return true }

func (g flatExplain) position(player int, full bool) (string, error) {
	if full {
		return g.View(player)
	}
	return g.Glance(player)
}

// explainOnFlat explains the transcript's decision on the flat runtime,
// filling out; false when it did not, and out is as it was: the ruleset
// is not covered there, the transcript does not replay up to the step
// (the present runtime says where and why), or the flat runtime cannot
// explain or show something there, or the game fails there (the present
// runtime says how).
func explainOnFlat(out *explainJSON, prm explainParams, t *transcript.Transcript, p *interpreter.Program) (ok bool) {
	defer func() {
		if recover() != nil { // a bug of the flat runtime: the present one explains
			ok = false
		}
	}()
	fp, err := p.Flat()
	if err != nil {
		return false
	}
	g, idx, err := transcript.ReplayUntilFlat(fp, t, prm.Step, true)
	if err != nil {
		return false
	}
	try := *out
	if err := explainAt(&try, prm, t, flatExplain{g}, idx); err != nil {
		return false
	}
	if try.Taken.Problem == "" {
		rep, err := transcript.ReplayFlat(fp, t, true)
		if transcript.FlatFallback(rep, err) != nil {
			return false // a game error, a check or text the flat runtime could not give: the present runtime's words
		}
		var d *transcript.Divergence
		if errors.As(err, &d) && d.Decision == prm.Step && !d.AtDecision {
			try.Differs = d.Error()
		}
	}
	*out = try
	return true
}
