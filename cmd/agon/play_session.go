package main

import (
	"errors"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// playSession is the game agon play runs, on either runtime: the flat
// one, the rebuilt runtime simulate and record play on, or the present
// one. Both give the same decisions, texts, views and log (the
// interpreter's agreement tests), so the terminal shows the same game.
type playSession interface {
	Program() *interpreter.Program
	Pending() *interpreter.Decision
	Apply(key string) error
	Over() bool
	Result() *interpreter.Result
	Events() []interpreter.Event
	Decisions() int
	PositionEvents() int
	EndedBy() string
	View(seat int) (string, error)
	Glance(seat int) (string, error)
	Describe(query string, seat int) (string, error)
	// botChoice asks bot b for its option at decision d (d.Options'
	// index), and says the bot's error.
	botChoice(b interpreter.Bot, d *interpreter.Decision) (int, error)
	// flat reports whether the game runs on the flat runtime.
	flat() bool
}

// presentPlay is a game on the present runtime.
type presentPlay struct{ *interpreter.Game }

func (s presentPlay) View(seat int) (string, error)   { return s.Game.View(seat), nil }
func (s presentPlay) Glance(seat int) (string, error) { return s.Game.Glance(seat), nil }
func (s presentPlay) flat() bool                      { return false }

func (s presentPlay) botChoice(b interpreter.Bot, d *interpreter.Decision) (int, error) {
	i := b.Choose(s.Game, d)
	return i, interpreter.BotError(b)
}

// flatPlay is a game on the flat runtime. What it cannot do (a step it
// gives up, a view it does not cover, a bot's look-ahead it cannot run)
// is an error the player meets by playing the game again on the present
// runtime (player.toPresent), which does it or says what is wrong.
type flatPlay struct {
	*interpreter.FlatGame
	// present starts the same game on the present runtime (EndedBy).
	present func() (*interpreter.Game, error)
}

func (s flatPlay) Apply(key string) error { return s.ApplyKey(key) }

// Result is the result with the scoring's details; nil when the flat
// runtime cannot give a detail (result asks the present runtime then).
func (s flatPlay) Result() *interpreter.Result {
	r, err := s.ResultDetails()
	if err != nil {
		return nil
	}
	return r
}
func (s flatPlay) flat() bool { return true }

// EndedBy names the end_game that ended a game before its first
// decision, as the present runtime names it (it plays no decision to
// get there).
func (s flatPlay) EndedBy() string {
	g, err := s.present()
	if err != nil || g == nil {
		return ""
	}
	return g.EndedBy()
}

func (s flatPlay) botChoice(b interpreter.Bot, _ *interpreter.Decision) (int, error) {
	fb, ok := b.(interpreter.FlatBot)
	if !ok {
		return 0, errFlatCannot
	}
	i, err := fb.ChooseFlat(s.FlatGame)
	if err != nil {
		return 0, errors.Join(errFlatCannot, err)
	}
	return i, interpreter.BotError(b)
}

// errFlatCannot is a bot the flat runtime cannot ask: the game goes on
// on the present runtime.
var errFlatCannot = errors.New("the flat runtime cannot ask this bot")

// startSession starts a game of p for play (from scenario sc when not
// nil): on the flat runtime when it covers the ruleset and onFlat, else
// on the present one.
func startSession(p *interpreter.Program, sc *transcript.Scenario, players int, seed uint64, onFlat bool) (playSession, error) {
	present := func() (*interpreter.Game, error) {
		if sc != nil {
			return transcript.StartScenario(p, sc, nil)
		}
		return interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
	}
	if onFlat {
		if fp, err := p.Flat(); err == nil {
			var g *interpreter.FlatGame
			if sc != nil {
				g, err = transcript.StartScenarioFlat(fp, sc, nil)
			} else {
				g, err = fp.NewGameWithLog(players, seed, nil)
			}
			if err == nil {
				return flatPlay{FlatGame: g, present: present}, nil
			}
		}
	}
	g, err := present()
	if g == nil {
		return nil, err
	}
	return presentPlay{g}, err
}
