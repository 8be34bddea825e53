package sim

import (
	"fmt"
	"reflect"

	"agon/interpreter"
)

// Games on the flat runtime (interpreter.FlatProgram): the rebuilt
// runtime, which plays a game decision for decision as the present one
// does. simulate plays its games there, with every bot of package bot
// (all are FlatBots). TestFlatOutcomesAgree plays batches of every
// shipped ruleset and variant both ways and requires the same outcomes,
// and every TextCheckEvery-th game of a run is played both ways too
// (crossCheck).

// playFlat plays one game on the flat runtime when it can: the ruleset
// is covered, every seat's bot can play there (and its look-ahead does
// not fail there), and the game finishes after at least one decision and
// at most MaxDecisions. ok is false otherwise (the caller plays it on the
// present runtime, whose outcome, error or EndedBy, is the reference).
// A panic of the flat runtime (a bug of agon) is a game it did not play:
// the present runtime plays it, and the cross-checked games
// (TextCheckEvery) are where a difference shows.
func playFlat(p *interpreter.Program, players int, seed uint64, kinds []string) (o Outcome, ok bool) {
	defer func() {
		if recover() != nil {
			o, ok = Outcome{}, false
		}
	}()
	fp, err := p.Flat()
	if err != nil {
		return o, false
	}
	bots, err := flatBots(kinds, seed)
	if err != nil {
		return o, false
	}
	g, err := fp.NewGame(players, seed)
	if err != nil {
		return o, false
	}
	for !g.Over() {
		if g.Decisions() >= MaxDecisions {
			return o, false
		}
		i, err := bots[g.Player()].ChooseFlat(g)
		if err != nil || i < 0 || i >= g.Options() {
			return o, false
		}
		if err := g.Apply(i); err != nil {
			return o, false
		}
	}
	r := g.Result()
	if r.Decisions == 0 {
		return o, false // EndedBy says what ended it: the present runtime knows
	}
	o = Outcome{Players: players, Seed: seed, Scores: scoresOf(r), Winners: r.Winners, Decisions: r.Decisions, Facts: g.Facts()}
	g.Release() // the next game of the program takes its buffers
	return o, true
}

// The runtimes a batch plays on (Header.Runtime).
const (
	RuntimeFlat    = "flat"
	RuntimePresent = "present"
)

// RuntimeOf says which runtime a batch of p with bots of the given kinds
// plays its games on, and why not the flat one: present asks for the
// present runtime (simulate --runtime present), the flat runtime does not
// cover the ruleset, or a bot cannot play there. A game the flat runtime
// fails in is still played again on the present one (PlayGame).
func RuntimeOf(p *interpreter.Program, kinds []string, present bool) (runtime, reason string) {
	if present {
		return RuntimePresent, "asked for (--runtime present)"
	}
	if _, err := p.Flat(); err != nil {
		return RuntimePresent, err.Error()
	}
	if _, err := flatBots(kinds, 1); err != nil {
		return RuntimePresent, err.Error()
	}
	return RuntimeFlat, ""
}

// flatBots makes the seats' bots, or fails when one cannot play a game
// on the flat runtime.
func flatBots(kinds []string, seed uint64) ([]interpreter.FlatBot, error) {
	bots, err := NewBots(kinds, seed)
	if err != nil {
		return nil, err
	}
	out := make([]interpreter.FlatBot, len(bots))
	for i, b := range bots {
		fb, ok := b.(interpreter.FlatBot)
		if !ok {
			return nil, fmt.Errorf("the %v bot cannot play on the flat runtime", b)
		}
		out[i] = fb
	}
	return out, nil
}

// crossCheck compares a game played on the present runtime (o) with the
// same game on the flat one (flat); when they differ, o fails with an
// internal error that names the game and the first difference.
func crossCheck(o, flat *Outcome) {
	if o.Err != "" {
		// The flat game finished where the present one failed: the
		// failure is the error reported, and the difference is said.
		o.Err += fmt.Sprintf(" (internal error: the flat runtime finished this game; please report, with --players %d --seed %d; --runtime present plays every game on the present runtime meanwhile)", o.Players, o.Seed)
		return
	}
	why := ""
	switch {
	case o.Decisions != flat.Decisions:
		why = fmt.Sprintf("%d decisions on the present runtime, %d on the flat one", o.Decisions, flat.Decisions)
	case !reflect.DeepEqual(o.Scores, flat.Scores):
		why = fmt.Sprintf("scores %v on the present runtime, %v on the flat one", o.Scores, flat.Scores)
	case !reflect.DeepEqual(o.Winners, flat.Winners):
		why = fmt.Sprintf("winners %v on the present runtime, %v on the flat one", o.Winners, flat.Winners)
	case !reflect.DeepEqual(o.Facts, flat.Facts):
		why = "the report's facts differ between the present runtime and the flat one"
	default:
		return
	}
	o.Err = fmt.Sprintf("internal error: the two runtimes played this game differently: %s (please report, with --players %d --seed %d; --runtime present plays every game on the present runtime meanwhile)", why, o.Players, o.Seed)
}
