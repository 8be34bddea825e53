package interpreter

import (
	"errors"
	"fmt"

	"agon/schema"
)

// Explaining a pending decision on the flat state (agon explain): every
// option the rules considered, legal or refused, with the condition that
// decided it and the values of its parts, written by the same code as
// the present runtime's (explainDecision over a decisionState,
// explain_decision.go). The flat game suspends at a decision with its
// frames' locals bound, as the present one does, so its option groups'
// closures give again what they gave at the listing: a group's as is
// bound both where its when reads it (a frame slot) and as the program
// local its body binds, which a condition's parts read. A part is
// compiled after load with its condition's locals, under the program's
// lock as a check is (flatcheck.go), and kept for the program's other
// games. TestFlatExplainAgrees requires the present runtime's
// explanations, and the same trigger firings, in random games of every
// shipped ruleset and variant.

// ExplainDecision explains the pending decision as Game.ExplainDecision
// does (nil when none is pending); the game is not changed. The prompt
// and labels are Pending's: a game that keeps no log has no prompt, and
// its labels are its keys. The error
// wraps ErrFlatCheck when a part of a condition, or a closure the
// explanation runs, is one the flat runtime cannot evaluate: the present
// runtime can explain the decision.
func (g *FlatGame) ExplainDecision() (*DecisionWhy, error) {
	fg := g.g
	if fg.over || fg.pending == nil || fg.pending.ch == nil {
		return nil, nil
	}
	d := g.Pending()
	at := decisionAt{ch: fg.pending.ch, player: d.Player, prompt: d.Prompt, options: d.Options}
	if pr := fg.pick; pr != nil {
		at.pick, at.picked, at.min, at.max = true, pr.picked, pr.min, pr.max
	}
	e := &fg.env
	steps, mem := e.steps, e.mem
	defer func() { e.steps, e.mem = steps, mem }() // the explanation's work is not the play's
	st := &flatDecision{g: fg, s: fg.pending}
	why := explainDecision(at, st)
	if st.missed != nil {
		return nil, st.missed
	}
	return why, nil
}

// TraceTriggers makes the game call f for each trigger that fires from
// now on (nil stops it), as Game.TraceTriggers does. Clones do not
// inherit f, so the look-aheads of the bots are not traced.
func (g *FlatGame) TraceTriggers(f func(TriggerFiring)) { g.g.onTrigger = f }

// traceTrigger tells onTrigger that trigger i fires (Game.checkTriggers).
func (g *flatGame) traceTrigger(i int) {
	event := 0
	if g.log != nil {
		event = len(g.log.events)
	}
	p := g.fp.p
	g.onTrigger(TriggerFiring{Name: p.triggers[i].name, Pos: p.rs.Triggers[i].Pos.String(), Decisions: g.decisions, Event: event})
}

// flatDecision reads a flat game for an explanation (decisionState).
type flatDecision struct {
	g *flatGame
	s *flatStep // the pending choose
	// items is the list each gave last, of elements of kind kind; cur
	// is the element bound (a part's evaluation may write the slot a
	// group's when reads it from).
	items flatVal
	kind  flatKind
	cur   int64
	// missed is the first thing the flat runtime could not evaluate.
	missed error
}

// gaveUp notes that a closure gave up on what, and gives the error.
func (d *flatDecision) gaveUp(what string) error {
	err := fmt.Errorf("%s: %w (a closure gave up)", what, ErrFlatCheck)
	if d.missed == nil {
		d.missed = err
	}
	return err
}

func (d *flatDecision) elem(i int) int64 {
	if d.items.cards != nil {
		return int64(d.items.cards[i])
	}
	return d.items.nums[i]
}

func (d *flatDecision) each(gi int) ([]any, error) {
	grp := &d.s.choice.groups[gi]
	v, ok := d.g.eval(grp.each)
	if !ok {
		return nil, d.gaveUp("for_each " + d.s.ch.groups[gi].each.src.Src)
	}
	d.items, d.kind = v, grp.as.kind
	out := make([]any, len(v.cards)+len(v.nums))
	for i := range out {
		out[i] = d.g.flatAny(d.kind, flatVal{s: d.elem(i)}, true)
	}
	return out, nil
}

func (d *flatDecision) bindEach(gi, i int) func() {
	d.cur = d.elem(i)
	return d.g.setLocal(d.s.asLocals[gi], flatVal{s: d.cur})
}

func (d *flatDecision) eachKey(gi, _ int) string {
	return d.s.choice.key(&d.g.env, flatOption{group: gi, elem: d.cur})
}

func (d *flatDecision) when(gi int) (bool, error) {
	grp, e := &d.s.choice.groups[gi], &d.g.env
	if grp.when == nil {
		return true, nil
	}
	if grp.each.kind != fkNone {
		e.slots[grp.as.slot] = d.cur
	}
	for _, s := range grp.hoisted {
		e.slots[s] = 0 // computed again: a part's evaluation may have written the slot
	}
	t, ok := grp.when(e)
	if !ok {
		return false, d.gaveUp("when " + d.s.ch.groups[gi].when.src.Src)
	}
	return t == 1, nil
}

// legalAfter plays the option on a copy of the game (flatlegal.go); a
// copy that cannot tell (an error in the option, a closure giving up) is
// for the present runtime to explain.
func (d *flatDecision) legalAfter(gi, i int) (bool, error) {
	x := int64(0)
	if i >= 0 {
		x = d.elem(i)
	}
	legal, ok := d.g.legalAfter(&d.s.choice.groups[gi], x)
	if !ok {
		return false, d.gaveUp("legal_if_after " + d.s.ch.groups[gi].legalAfter.src.Src)
	}
	return legal, nil
}

func (d *flatDecision) part(src string, sc *scope) (any, error) {
	fe, err := d.g.fp.part(src, sc)
	if err == nil {
		var v any
		if v, err = d.g.evalChecked(src, fe); err == nil {
			return v, nil
		}
	}
	if errors.Is(err, ErrFlatCheck) && d.missed == nil {
		d.missed = err
	}
	return nil, err
}

func (d *flatDecision) pickItems() []any {
	pr, k := d.g.pick, d.s.pick.elemK
	out := make([]any, pr.n)
	for i := range out {
		out[i] = d.g.flatAny(k, flatVal{s: pr.item(i)}, true)
	}
	return out
}

func (d *flatDecision) bindPicked(picked []int) func() {
	return d.g.setLocal(d.s.pick.picked, d.g.pick.pickedList(picked))
}

func (d *flatDecision) bindPickItem(i int) func() {
	return d.g.setLocal(d.s.pick.as, flatVal{s: d.g.pick.item(i)})
}

func (d *flatDecision) pickKey(i int) string {
	key, err := d.g.pickKey(i)
	if err != nil {
		d.gaveUp("the pick's distinct")
	}
	return key
}

func (d *flatDecision) pickWhen() (bool, error) { return d.holds(d.s.pick.when, "the pick's when") }

func (d *flatDecision) doneWhen() (bool, error) {
	return d.holds(d.s.pick.doneWhen, "the pick's done_when")
}

// holds evaluates a pick's condition (nil holds).
func (d *flatDecision) holds(c flatScalar, what string) (bool, error) {
	if c == nil {
		return true, nil
	}
	t, ok := c(&d.g.env)
	if !ok {
		return false, d.gaveUp(what)
	}
	return t == 1, nil
}

// flatPartKey names a compiled part: its text and the scope of locals it
// was compiled with.
type flatPartKey struct {
	sc  *scope
	src string
}

// part compiles a part of a condition once for the program, with the
// locals of sc (the condition's), as check compiles a check: the error
// wraps ErrFlatCheck when the flat runtime does not cover it (a local no
// rule binds, a string no rule names), and is the present compiler's
// when the text does not compile.
func (fp *flatProgram) part(src string, sc *scope) (*flatExpr, error) {
	c := &fp.checks
	c.mu.Lock()
	defer c.mu.Unlock()
	key := flatPartKey{sc: sc, src: src}
	if done, ok := c.parts[key]; ok {
		if done.fe == nil {
			return nil, fmt.Errorf("%q: %w: %s", src, ErrFlatCheck, done.why)
		}
		return done.fe, nil
	}
	compiled, err := fp.p.compileAdhocIn(schema.Expr{Src: src, Pos: schema.Pos{File: ExprFile, Line: 1, Col: 1}, Style: schema.StylePlain}, sc)
	if err != nil {
		return nil, err // not the flat runtime's: the present compiler's message
	}
	fe, why := fp.fc.compile(compiled)
	if missed := fp.l.strs.missed; missed != "" {
		fe, why = nil, fmt.Sprintf("the string %q, which no rule names", missed)
	}
	fp.l.strs.missed, fp.fc.unbound = "", ""
	if c.parts == nil {
		c.parts = map[flatPartKey]flatCheck{}
	}
	c.parts[key] = flatCheck{fe: fe, why: why}
	if fe == nil {
		return nil, fmt.Errorf("%q: %w: %s", src, ErrFlatCheck, why)
	}
	return fe, nil
}
