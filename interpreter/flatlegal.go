package interpreter

import (
	"errors"
	"slices"
)

// Legality by look-ahead on the flat state: an option group's
// legal_if_after, as lookahead.go has it for the present runtime. The
// option is played on a clone of the game (a few slice headers, the
// arrays shared until written: flatclone.go) until its do has run to its
// end, triggers it sets off included, or the copy reaches the next
// decision, a chance step (a shuffle, a roll, a draw that must shuffle
// its refill) or the end of the game; there the condition is evaluated
// with the choose's locals as they were when the options were listed and
// the group's as bound to the option's element. The copy is thrown away:
// it draws no random number, takes no supplied outcome and keeps no log,
// so the game it looks from is exactly as it was
// (TestFlatLegalIfAfterAgrees). An error in the option's effects, or a
// closure that gives up, gives up the listing: the game is played again
// on the present runtime, which says what went wrong ("while looking
// ahead for legal_if_after: ...").

// flatLookahead marks a copy that plays one option: it stops when its
// frames are back to depth.
type flatLookahead struct{ depth int }

// legalAfter is whether group grp's legal_if_after holds after its
// option, with element x (a number of the as's kind; 0 for a group
// without for_each), is played on a copy of g; ok is false when the copy
// could not tell.
func (g *flatGame) legalAfter(grp *flatGroup, x int64) (legal, ok bool) {
	c := g.clone()
	e := &c.env
	// The listing under way keeps its state in g's scratch slots (the
	// as's slot, the hoisted calls): the copy evaluates in slots of its
	// own.
	e.slots, e.lists, e.nums = make([]int64, len(g.env.slots)), make([][]int32, len(g.env.lists)), make([][]int64, len(g.env.nums))
	c.log, c.outcomes, c.pending, c.options, c.pick = nil, nil, nil, nil, nil
	c.look = &flatLookahead{depth: len(c.frames)}
	// The choose's locals as listed: an end_game in the option restores
	// every frame's, which the condition must not see.
	locals, lists, nums := slices.Clone(e.locals), slices.Clone(e.localLists), slices.Clone(e.localNums)
	f := c.push(grp.body)
	if grp.asLocal >= 0 {
		c.bind(f, grp.asLocal, flatVal{s: x})
	}
	if err := c.run(); err != nil && !errors.Is(err, errLookaheadStop) {
		return false, false
	}
	e.locals, e.localLists, e.localNums, e.sharedLists = locals, lists, nums, false
	if grp.each.kind != fkNone {
		e.slots[grp.as.slot] = x
	}
	t, ok := grp.after(e)
	return t == 1, ok
}
