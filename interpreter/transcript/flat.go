package transcript

import (
	"fmt"

	"agon/interpreter"
)

// ReplayFlat replays t on the flat runtime, the rebuilt one
// (interpreter.FlatProgram), as Replay replays it on the present one:
// the same walk, the same divergences, with the flat game's log and
// result. With check, the transcript's checks are evaluated on the flat
// state (interpreter.FlatGame.Check); a check the flat runtime does not
// cover yet diverges, saying so. A flat game has no prompts: a divergence
// that quotes one quotes "". The golden transcripts replay this way
// (testgames' TestFlatReplaysTheGoldens).
func ReplayFlat(fp *interpreter.FlatProgram, t *Transcript, check bool) (*ReplayReport, error) {
	p := fp.Program()
	if t.Game != "" && t.Game != p.Game() {
		return nil, fmt.Errorf("%s: the transcript is for game %q, the ruleset is %q", t.gameWhere(), t.Game, p.Game())
	}
	var g *interpreter.FlatGame
	start := func(initial []interpreter.Outcome) (session, error) {
		var err error
		if g, err = fp.NewGameWithLog(t.Players, t.Seed, initial); err != nil {
			return nil, err
		}
		return flatSession{g}, nil
	}
	var checkFn func(string) (bool, error)
	if check {
		checkFn = func(expr string) (bool, error) { return explainingFlat(g, expr) }
	}
	return replay(t, start, checkFn)
}

// ReplayUntilFlat replays t on the flat runtime, as ReplayUntil replays
// it on the present one, up to its decision n (from 1 among the decide
// steps), and returns the flat game waiting there with the index of that
// decide step in t.Steps: the same walk, the same divergences and
// errors. With check, check steps are evaluated on the flat state, as
// ReplayFlat evaluates them; else they are skipped. So agon explain can
// run on the flat runtime (FlatGame.ExplainDecision, TraceTriggers).
func ReplayUntilFlat(fp *interpreter.FlatProgram, t *Transcript, n int, check bool) (*interpreter.FlatGame, int, error) {
	var g *interpreter.FlatGame
	start := func(initial []interpreter.Outcome) (session, error) {
		var err error
		if g, err = fp.NewGameWithLog(t.Players, t.Seed, initial); err != nil {
			return nil, err
		}
		return flatSession{g}, nil
	}
	var checkFn func(string) (bool, error)
	if check {
		checkFn = func(expr string) (bool, error) { return explainingFlat(g, expr) }
	}
	stop, err := replayUntil(t, fp.Program().Game(), n, start, checkFn)
	if err != nil {
		return nil, 0, err
	}
	return g, stop, nil
}

// explainingFlat evaluates check expr on g; one that does not hold is
// a *checkFalse with ExplainFlatCheck's detail, as on the present
// runtime (explaining), or with none when the flat runtime cannot
// evaluate a part of it.
func explainingFlat(g *interpreter.FlatGame, expr string) (bool, error) {
	ok, err := g.Check(expr)
	if err == nil && !ok {
		if detail, err := interpreter.ExplainFlatCheck(g, expr); err == nil {
			return false, &checkFalse{detail: detail}
		}
	}
	return ok, err
}

// flatSession is a flat game as a session: options taken by key.
type flatSession struct{ *interpreter.FlatGame }

// Apply takes the option with key.
func (s flatSession) Apply(key string) error { return s.ApplyKey(key) }
