package interpreter

import (
	"errors"
	"fmt"
)

// Legality by look-ahead: an option group's legal_if_after condition is
// evaluated after the option has been applied on a copy of the game.
//
// "After" means: the option's do has run to its end (triggers it sets off
// included), or the copy has reached the next decision, a chance step
// (shuffle, roll, or a draw that must reshuffle its refill), or the end of
// the game, whichever comes first. The condition is evaluated there with
// the locals of the choose (and the option's as) bound as they were when
// the options were listed. The copy is thrown away: the real game's random
// source, supplied outcomes, log and decision count are untouched, and the
// look-ahead never draws a random number, so legality never depends on an
// outcome that has not happened yet. Cost: one clone of the state and one
// run of the option's effects per option that passes its when, each time
// the options are listed.

// errLookaheadStop ends a look-ahead at a decision or a chance step.
var errLookaheadStop = errors.New("look-ahead stops before a decision or chance step")

// lookahead marks a game copy that runs one option's effects: it stops
// when its frames are back to depth.
type lookahead struct {
	depth int
}

// legalAfter reports whether option group gi of ch (with item bound to its
// as, for a for_each group) passes its legal_if_after condition.
func (g *Game) legalAfter(ch *choice, gi int, item any) (bool, error) {
	grp := ch.groups[gi]
	if grp.legalAfter == nil {
		return true, nil
	}
	c := g.Clone()
	// The copy runs in g's stead, in g's goroutine, and is thrown away:
	// it uses g's boxed strings instead of starting a table of its own.
	c.boxes = g.boxTable()
	c.look = &lookahead{depth: len(c.st.frames)}
	c.st.pending = nil
	locals := grp.afterLocals
	kept := make([]any, len(locals))
	for i, name := range locals {
		kept[i] = c.st.getRoot(localKey(name))
	}
	f := &frame{blk: grp.body}
	var v any
	if grp.each != nil {
		v = c.counterpart(item)
		f.bind(c.st, grp.as, grp.asKey, v)
	}
	c.st.frames = append(c.st.frames, f)
	if err := c.run(); err != nil && !errors.Is(err, errLookaheadStop) {
		return false, lookaheadError(err)
	}
	for len(c.st.frames) > c.look.depth {
		c.st.frames[len(c.st.frames)-1].unbind(c.st)
		c.st.frames = c.st.frames[:len(c.st.frames)-1]
	}
	// The run may have copied cards that kept and v hold (cow.go): the
	// condition reads the copy's current cards.
	for i, name := range locals {
		c.st.setRoot(localKey(name), c.currentCards(kept[i]))
	}
	if grp.each != nil {
		c.st.setRoot(localKey(grp.as), c.currentCards(v))
	}
	legal, err := c.evalBool(grp.legalAfter)
	if err != nil {
		return false, lookaheadError(err)
	}
	return legal, nil
}

// counterpart is the copy's version of a value of the original game: the
// copy's card for a card, a copy of anything else.
func (g *Game) counterpart(v any) any {
	if m, ok := v.(map[string]any); ok {
		if id, ok := m["id"].(string); ok {
			if c, ok := g.cardByID(id); ok {
				return c
			}
		}
	}
	return (&cloner{}).value(v)
}

// lookaheadError says that an error happened while looking ahead: in the
// option's effects or in its legal_if_after condition.
func lookaheadError(err error) error {
	const prefix = "while looking ahead for legal_if_after: "
	var re *RuntimeError
	if errors.As(err, &re) {
		out := *re
		out.Msg = prefix + re.Msg
		return &out
	}
	var ee *exprError
	if errors.As(err, &ee) {
		return &exprError{pos: ee.pos, msg: prefix + ee.msg}
	}
	return fmt.Errorf("%s%w", prefix, err)
}
