package interpreter

// Decision text on demand (Config.KeysOnly). When bots play unobserved,
// nobody reads a decision's prompt or its options' labels: only the taken
// option's label reaches the log. A keysOnly game therefore lists options
// with their keys alone and renders the taken option's label when it is
// taken, from the same state and locals the listing saw: a pending
// decision suspends the game, so nothing the label reads has changed
// between the listing and the take.

// renderText renders a decision's prompt, or nothing in a keysOnly game.
func (g *Game) renderText(t *template) (string, error) {
	if g.keysOnly {
		return "", nil
	}
	return g.render(t)
}

// takenLabel renders the label of option opt of group grp as the listing
// would have: with grp's as bound to the option's value.
func (g *Game) takenLabel(grp *optionGroup, opt pendingOption) (string, error) {
	if grp.label == nil || len(grp.label.parts) == 0 {
		return opt.key, nil
	}
	if grp.each == nil {
		return g.render(grp.label)
	}
	saved := bindKey(g.st, grp.as, grp.asKey, opt.value)
	defer saved.restore(g.st)
	return g.render(grp.label)
}

// takenPickLabel renders the label of a pick's candidate opt as the
// listing would have: with the picked list and the candidate bound.
func (g *Game) takenPickLabel(pd *pendingDecision, opt pendingOption) (string, error) {
	ps, prog := pd.choice.pick, pd.pick
	if ps.label == nil || len(ps.label.parts) == 0 {
		return opt.key, nil
	}
	picked := bindKey(g.st, ps.picked, ps.pickedKey, g.pickedList(ps, prog))
	defer picked.restore(g.st)
	item := bindKey(g.st, ps.as, ps.asKey, prog.items[opt.value.(int)])
	defer item.restore(g.st)
	return g.render(ps.label)
}
