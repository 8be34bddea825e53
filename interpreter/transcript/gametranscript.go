package transcript

import (
	"slices"

	"agon/interpreter"
)

// Played is a game Of writes down: a *interpreter.Game or an
// *interpreter.FlatGame.
type Played interface {
	Program() *interpreter.Program
	Events() []interpreter.Event
	Over() bool
	Result() *interpreter.Result
}

// Of writes down the game g so far, as Record would have: cfg is
// the configuration g was started with (players and seed), seats names who
// played each seat (e.g. "human", "random"). A game that is not over has
// no result and is marked Unfinished; replaying its transcript then stops
// at the end of the steps.
func Of(g Played, cfg interpreter.Config, seats []string) *Transcript {
	t := &Transcript{
		Game: g.Program().Game(), Variant: g.Program().Variant(), Ruleset: g.Program().Hash(),
		Players: cfg.Players, Seats: slices.Clone(seats), Seed: cfg.Seed, Source: SourceRecorded,
		Steps: stepsFromEvents(g.Events()),
	}
	if g.Over() {
		t.Result = transcriptResult(g.Result())
	} else {
		t.Unfinished = true
	}
	return t
}
