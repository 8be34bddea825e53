package transcript

import (
	"errors"
	"fmt"

	"agon/interpreter"
)

// ReplayFlat replays t on the flat runtime, the rebuilt one
// (interpreter.FlatProgram), as Replay replays it on the present one:
// the same walk, the same divergences, with the flat game's log, prompts,
// labels and result. With check, the transcript's checks are evaluated
// on the flat state (interpreter.FlatGame.Check); a check the flat
// runtime does not cover yet diverges, saying so. The golden transcripts
// replay this way (testgames' TestFlatReplaysTheGoldens). Where the flat
// game gave an error, or could not render a prompt or label, the outcome
// is the present runtime's to give (FlatFallback).
func ReplayFlat(fp *interpreter.FlatProgram, t *Transcript, check bool) (*ReplayReport, error) {
	p := fp.Program()
	if t.Game != "" && t.Game != p.Game() {
		return nil, fmt.Errorf("%s: the transcript is for game %q, the ruleset is %q", t.gameWhere(), t.Game, p.Game())
	}
	w := newFlatWalk(fp, t, check)
	rep, err := replay(t, w.start, w.check)
	return flatTexts(rep, err, w.textErr)
}

// flatWalk is what the replayer's walk needs of a flat game: its start
// from a transcript's seed and initial outcomes, its checks, and a
// prompt or label it could not render on the way (textErr).
type flatWalk struct {
	g       *interpreter.FlatGame
	textErr error
	start   func(initial []interpreter.Outcome) (session, error)
	check   func(string) (bool, error)
}

// newFlatWalk is the walk of t on fp; with check, check steps are
// evaluated on the flat state, else skipped.
func newFlatWalk(fp *interpreter.FlatProgram, t *Transcript, check bool) *flatWalk {
	w := &flatWalk{}
	w.start = func(initial []interpreter.Outcome) (session, error) {
		var err error
		if w.g, err = fp.NewGameWithLog(t.Players, t.Seed, initial); err != nil {
			return nil, err
		}
		return flatSession{w.g, &w.textErr}, nil
	}
	if check {
		w.check = func(expr string) (bool, error) { return explainingFlat(w.g, expr) }
	}
	return w
}

// flatTexts notes in rep, when the replay diverged, that the flat game
// could not render a text it may quote (textErr, nil: none).
func flatTexts(rep *ReplayReport, err, textErr error) (*ReplayReport, error) {
	if rep != nil && err != nil && textErr != nil && rep.gameErr == nil {
		rep.gameErr = textErr
	}
	return rep, err
}

// FlatFallback says why the outcome of ReplayFlat or RunScenarioFlat
// (rep, err) is not to be reported as it is, nil when it is: the flat
// game gave an error (a run error, something the flat runtime does not
// cover: ErrFlatEffects, ErrFlatCheck, a typed closure that gave up), a
// check it could not explain, a failure a run step expects, or, where
// the replay diverged, a prompt or label it could not render. The
// present runtime words those in its own way, so the file is to be run
// again there, and its outcome reported (agon replay does). A replay
// that ends cleanly, or diverges from the file with none of those met
// on the way, is the present runtime's outcome too, as far as the
// runtimes agree (testgames' TestFlatReplaysTheGoldens and
// TestFlatRunsTheScenarios, cmd/agon's TestReplayRunsAlikeOnBothRuntimes).
func FlatFallback(rep *ReplayReport, err error) error {
	var d *Divergence
	switch {
	case rep != nil && rep.gameErr != nil:
		return rep.gameErr
	case err != nil && !errors.As(err, &d):
		return err // the game did not start, or the file is not for it
	}
	return nil
}

// ReplayUntilFlat replays t on the flat runtime, as ReplayUntil replays
// it on the present one, up to its decision n (from 1 among the decide
// steps), and returns the flat game waiting there with the index of that
// decide step in t.Steps: the same walk, the same divergences and
// errors. With check, check steps are evaluated on the flat state, as
// ReplayFlat evaluates them; else they are skipped. A prompt or label the
// flat game could not render on the way is an error too. So agon explain
// can run on the flat runtime (FlatGame.ExplainDecision, TraceTriggers).
func ReplayUntilFlat(fp *interpreter.FlatProgram, t *Transcript, n int, check bool) (*interpreter.FlatGame, int, error) {
	w := newFlatWalk(fp, t, check)
	stop, err := replayUntil(t, fp.Program().Game(), n, w.start, w.check)
	if err == nil && w.textErr != nil {
		err = w.textErr // a prompt or label the flat game could not render: not the present runtime's game
	}
	if err != nil {
		return nil, 0, err
	}
	return w.g, stop, nil
}

// explainingFlat evaluates check expr on g; one that does not hold is
// a *checkFalse with ExplainFlatCheck's detail, as on the present
// runtime (explaining), or with none, and why, when the flat runtime
// cannot evaluate a part of it.
func explainingFlat(g *interpreter.FlatGame, expr string) (bool, error) {
	ok, err := g.Check(expr)
	if err == nil && !ok {
		detail, err := interpreter.ExplainFlatCheck(g, expr)
		if err != nil {
			return false, &checkFalse{cause: err}
		}
		return false, &checkFalse{detail: detail}
	}
	return ok, err
}

// flatSession is a flat game as a session: options taken by key. textErr,
// shared by its clones, keeps the first error met rendering a pending
// decision's texts.
type flatSession struct {
	*interpreter.FlatGame
	textErr *error
}

// Apply takes the option with key.
func (s flatSession) Apply(key string) error { return s.ApplyKey(key) }

// Pending is the pending decision with its texts, noting why they are
// not the present runtime's when they are not.
func (s flatSession) Pending() *interpreter.Decision {
	d, err := s.PendingText()
	if err != nil && *s.textErr == nil {
		*s.textErr = err
	}
	return d
}
