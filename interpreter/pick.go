package interpreter

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"

	"agon/schema"
)

// A pick is a multi-select decision (choose: {pick: …}). It is asked as a
// series of small decisions of the same choose: each offers the remaining
// candidates ("pick c=coin_wood#3") and, once the number picked is within
// [min, max], "done". Nothing changes in the game until the pick is done;
// then its do runs with the picked elements bound to a local list. The
// progress is part of the pending decision, so a game cloned or saved in
// the middle of a pick resumes it.

// pickSpec is a compiled pick.
type pickSpec struct {
	from       *compiled
	as, picked string
	// asKey and pickedKey are their locals (localRef).
	asKey, pickedKey localRef
	listType         reflect.Type // the type of the picked list (that of from)
	min, max         *compiled
	key              string
	keyPrefix        string // "KEY AS=", what every candidate's key starts with
	when             *compiled
	distinct         *compiled
	doneWhen         *compiled
	label            *template
	body             *block
	where            string
	// whenScope and doneScope are the locals when and done_when see (for
	// explanations, explain_decision.go).
	whenScope, doneScope *scope
}

// pickProgress is a pick under way: the set (evaluated once, when the
// pick starts), the indices picked so far in order, and the bounds.
type pickProgress struct {
	items    []any
	picked   []int
	min, max int
}

// pickDoneKey is the key of the option that ends a pick.
const pickDoneKey = "done"

// The group of a pick's pending options says what the option is.
const (
	pickCandidate = 0
	pickDone      = 1
)

// pick compiles a pick; it returns the scope of the choose's prompt (the
// picked list is bound there).
func (c *compiler) pick(p *schema.Pick, sc *scope, where string) (*pickSpec, *scope) {
	ps := &pickSpec{as: p.As, picked: p.Picked, key: p.Key, where: where,
		asKey: c.ec.local(p.As), pickedKey: c.ec.local(p.Picked)}
	if ps.key == "" {
		ps.key = "pick"
	}
	ps.keyPrefix = ps.key + " " + ps.as + "="
	ps.from = c.ec.compile(p.From, sc, wantList, "pick set")
	ps.listType = reflect.SliceOf(typeAny)
	if ps.from != nil && ps.from.typ != nil && ps.from.typ.Kind() == reflect.Slice {
		ps.listType = ps.from.typ
	}
	ps.min = c.ec.compile(p.Min, sc, wantInt, "pick min")
	ps.max = c.ec.compile(p.Max, sc, wantInt, "pick max")
	withList := sc.with(p.Picked, ps.listType)
	inner := withList.with(p.As, elemType(ps.from))
	unbind := c.bindNodeLocal(p.As, p.From, withList)
	ps.when = c.ec.compile(p.When, inner, wantBool, "pick condition")
	ps.distinct = c.ec.compile(p.Distinct, inner, wantAny, "distinct")
	ps.label = c.template(p.Label, inner)
	unbind()
	ps.doneWhen = c.ec.compile(p.DoneWhen, withList, wantBool, "done_when")
	ps.whenScope, ps.doneScope = inner, withList
	ps.body = c.block(p.Do, withList, where+", pick done")
	return ps, withList
}

// startPick evaluates a pick's set and bounds and asks its first step.
func (g *Game) startPick(ch *choice, who int) error {
	ps := ch.pick
	items, err := g.evalList(ps.from)
	if err != nil {
		return err
	}
	lo, hi := 0, len(items)
	if ps.min != nil {
		if lo, err = g.evalInt(ps.min); err != nil {
			return err
		}
	}
	if ps.max != nil {
		if hi, err = g.evalInt(ps.max); err != nil {
			return err
		}
	}
	switch {
	case lo < 0:
		return fmt.Errorf("pick: min is %d: it must be at least 0", lo)
	case ps.max != nil && lo > hi:
		return fmt.Errorf("pick: min (%d) is greater than max (%d)", lo, hi)
	case lo > len(items):
		return fmt.Errorf("pick: at least %d to pick, but the set has %s", lo, countOf(len(items), "element"))
	}
	hi = min(hi, len(items)) // a max above the set's size picks at most all of it
	prog := &pickProgress{items: items, min: lo, max: hi}
	return g.pickStep(&pendingDecision{choice: ch, player: who, pick: prog})
}

// pickStep asks the next step of a pick, or ends it when nothing more can
// be chosen: max reached, or done the only option left. Reaching max is a
// done taken without asking, so done_when must hold there too: a pick
// that ends at max with done_when false (the cards picked do not pay the
// cost) is a dead end, an error, as when no candidate is left.
func (g *Game) pickStep(pd *pendingDecision) error {
	ch, prog := pd.choice, pd.pick
	for {
		if len(prog.picked) >= prog.max {
			return g.finishPickAtMax(pd)
		}
		opts, err := g.pickOptions(ch.pick, prog)
		if err != nil {
			return err
		}
		switch {
		case len(opts) == 0:
			return g.pickStuck(ch.pick, prog)
		case len(opts) == 1 && opts[0].group == pickDone:
			return g.finishPick(pd)
		case len(opts) == 1 && ch.auto:
			prog.picked = append(prog.picked, opts[0].value.(int))
			continue
		}
		saved := bindKey(g.st, ch.pick.picked, ch.pick.pickedKey, g.pickedList(ch.pick, prog))
		prompt, err := g.renderText(ch.prompt)
		saved.restore(g.st)
		if err != nil {
			return err
		}
		pd.prompt, pd.options = prompt, opts
		g.st.pending = pd
		return nil
	}
}

// pickStuck is the error of a pick with no option left.
func (g *Game) pickStuck(ps *pickSpec, prog *pickProgress) error {
	if len(prog.picked) < prog.min {
		return fmt.Errorf("pick: %s picked, at least %d needed, and no candidate is left", countOf(len(prog.picked), "element"), prog.min)
	}
	return fmt.Errorf("pick: done_when does not hold and no candidate is left (%s picked)", countOf(len(prog.picked), "element"))
}

// finishPickAtMax ends a pick that has reached max, if done_when holds.
func (g *Game) finishPickAtMax(pd *pendingDecision) error {
	ps, prog := pd.choice.pick, pd.pick
	saved := bindKey(g.st, ps.picked, ps.pickedKey, g.pickedList(ps, prog))
	ok, err := g.evalBoolOr(ps.doneWhen, true)
	saved.restore(g.st)
	switch {
	case err != nil:
		return err
	case !ok:
		return fmt.Errorf("pick: done_when does not hold and max is reached (%s picked)", countOf(len(prog.picked), "element"))
	}
	return g.finishPick(pd)
}

// pickOptions lists a pick step's options: the remaining candidates (one
// per key, in the set's order: pickInSetOrder), then done when the count
// and done_when allow it. A candidate
// that would be the last one (max reached) is offered only if done_when
// holds once it is picked: taking it ends the pick, so it must not lead
// into the dead end finishPickAtMax refuses.
func (g *Game) pickOptions(ps *pickSpec, prog *pickProgress) ([]pendingOption, error) {
	saved := bindKey(g.st, ps.picked, ps.pickedKey, g.pickedList(ps, prog))
	defer saved.restore(g.st)
	taken := make(map[int]bool, len(prog.picked))
	for _, i := range prog.picked {
		taken[i] = true
	}
	var out []pendingOption
	seen := map[string]bool{}
	for i, item := range prog.items {
		if taken[i] {
			continue
		}
		opt, ok, err := g.pickCandidate(ps, prog, i, item, seen)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, opt)
		}
	}
	if err := g.pickInSetOrder(ps, prog, out); err != nil {
		return nil, err
	}
	if len(prog.picked) < prog.min {
		return out, nil
	}
	ok, err := g.evalBoolOr(ps.doneWhen, true)
	if err != nil || !ok {
		return out, err
	}
	return append(out, pendingOption{key: pickDoneKey, label: pickDoneKey, group: pickDone}), nil
}

// pickCandidate is the option for element i, if it passes when (and
// done_when, when picking it reaches max) and its key is new.
func (g *Game) pickCandidate(ps *pickSpec, prog *pickProgress, i int, item any, seen map[string]bool) (pendingOption, bool, error) {
	saved := bindKey(g.st, ps.as, ps.asKey, item)
	defer saved.restore(g.st)
	ok, err := g.evalBoolOr(ps.when, true)
	if err != nil || !ok {
		return pendingOption{}, false, err
	}
	if pickReachesMax(ps, prog) {
		after := bindKey(g.st, ps.picked, ps.pickedKey, g.pickedList(ps, prog.with(i)))
		ok, err = g.evalBool(ps.doneWhen)
		after.restore(g.st)
		if err != nil || !ok {
			return pendingOption{}, false, err
		}
	}
	val, err := g.pickValue(ps, item)
	if err != nil {
		return pendingOption{}, false, err
	}
	key := g.buffers().texts.concat(ps.keyPrefix, val) // textarena.go
	if seen[key] {
		return pendingOption{}, false, nil
	}
	seen[key] = true
	label := key
	if ps.label != nil && len(ps.label.parts) > 0 && g.keysOnly {
		label = "" // rendered when taken (takenPickLabel)
	} else if ps.label != nil && len(ps.label.parts) > 0 {
		if label, err = g.render(ps.label); err != nil {
			return pendingOption{}, false, err
		}
	}
	return pendingOption{key: key, label: label, group: pickCandidate, value: i}, true, nil
}

// pickValue is what keys an element (as bound to it): its distinct
// value, or the element itself.
func (g *Game) pickValue(ps *pickSpec, item any) (string, error) {
	if ps.distinct == nil {
		return g.prog.attrs.identity(item), nil
	}
	d, err := g.eval(ps.distinct)
	if err != nil {
		return "", err
	}
	return g.prog.attrs.identity(d), nil
}

// pickInSetOrder sorts a step's candidates (in place) in the order of the
// set as the pick started: a candidate stands where the first element
// with its key stands, picked already or not. Candidates are the first
// remaining element of their key, so without this, picking one of
// several interchangeable elements (distinct, or equal ints) would move
// their key behind the keys of the elements between it and the next one,
// and an option's number would change from one step to the next. The
// first step has nothing picked: its order is the set's as it is.
func (g *Game) pickInSetOrder(ps *pickSpec, prog *pickProgress, out []pendingOption) error {
	if len(prog.picked) == 0 || len(out) < 2 {
		return nil
	}
	first := make(map[string]int, len(prog.picked)) // the lowest picked index of each key
	for _, i := range prog.picked {
		saved := bindKey(g.st, ps.as, ps.asKey, prog.items[i])
		val, err := g.pickValue(ps, prog.items[i])
		saved.restore(g.st)
		if err != nil {
			return err
		}
		if r, ok := first[val]; !ok || i < r {
			first[val] = i
		}
	}
	rank := func(o pendingOption) int { // unique: an index has one key
		if r, ok := first[o.key[len(ps.keyPrefix):]]; ok && r < o.value.(int) {
			return r
		}
		return o.value.(int)
	}
	slices.SortFunc(out, func(a, b pendingOption) int { return cmp.Compare(rank(a), rank(b)) })
	return nil
}

// pickReachesMax reports whether the next candidate picked would reach
// max, with a done_when to hold then.
func pickReachesMax(ps *pickSpec, prog *pickProgress) bool {
	return ps.doneWhen != nil && len(prog.picked)+1 >= prog.max
}

// with is the progress once element i is picked too (for done_when).
func (p *pickProgress) with(i int) *pickProgress {
	return &pickProgress{items: p.items, picked: append(p.picked[:len(p.picked):len(p.picked)], i), min: p.min, max: p.max}
}

// pickedList is the list of the elements picked so far, in the order
// picked, with the runtime form of the set's type.
func (g *Game) pickedList(ps *pickSpec, prog *pickProgress) any {
	out := make([]any, len(prog.picked))
	for k, i := range prog.picked {
		out[k] = prog.items[i]
	}
	typ := map[reflect.Type]string{typeInts: "ints", typeStrings: "strings"}[ps.listType]
	if conv, err := coerce(typ, out); typ != "" && err == nil {
		return conv
	}
	return out
}

// takePick applies one step of a pick: a candidate is added and the next
// step asked; done (or the last possible pick) runs the pick's do.
func (g *Game) takePick(pd *pendingDecision, i int, counted bool) error {
	opt := pd.options[i]
	if counted && g.keysOnly && !g.noLog && opt.group != pickDone { // the label is for the log
		label, err := g.takenPickLabel(pd, opt)
		if err != nil {
			return err
		}
		opt.label = label
	}
	g.st.pending = nil
	if counted {
		g.st.decisions++
		g.logEvent(Event{Kind: EventDecision, Player: pd.player, Key: opt.key, Label: opt.label, Secret: pd.choice.secret})
	}
	if opt.group == pickDone {
		return g.finishPick(pd)
	}
	prog := *pd.pick
	prog.picked = append(append([]int(nil), prog.picked...), opt.value.(int))
	next := &pendingDecision{choice: pd.choice, player: pd.player, pick: &prog}
	if err := g.pickStep(next); err != nil {
		return g.pickError(pd.choice, err)
	}
	return nil
}

// pickError places an error met between two steps of a pick at its choose.
func (g *Game) pickError(ch *choice, err error) error {
	return g.runtimeError(&effect{pos: ch.pos}, &block{where: ch.pick.where}, err)
}

// finishPick ends a pick: its do runs with the picked list bound.
func (g *Game) finishPick(pd *pendingDecision) error {
	g.st.pending = nil
	f := g.push(pd.choice.pick.body)
	f.bind(g.st, pd.choice.pick.picked, pd.choice.pick.pickedKey, g.pickedList(pd.choice.pick, pd.pick))
	return nil
}

// savedPick is the serialised form of a pick under way.
type savedPick struct {
	Items  []any `json:"items"`
	Picked []int `json:"picked"`
	Min    int   `json:"min"`
	Max    int   `json:"max"`
}

// encodePick serialises a pick under way (nil for nil).
func (e *stateEncoder) encodePick(p *pickProgress) *savedPick {
	if p == nil {
		return nil
	}
	items, _ := e.value(p.items).([]any)
	return &savedPick{Items: items, Picked: copySlice(p.picked), Min: p.min, Max: p.max}
}

// decodePick rebuilds a pick under way (nil for nil).
func (d *stateDecoder) decodePick(sp *savedPick, pd *pendingDecision) {
	if sp == nil {
		return
	}
	if pd.choice.pick == nil {
		d.err = fmt.Errorf("state: a pick under way for a choice that is not a pick")
		return
	}
	items, _ := d.value(sp.Items).([]any)
	for _, i := range sp.Picked {
		if i < 0 || i >= len(items) {
			d.err = fmt.Errorf("state: pick index %d out of range", i)
			return
		}
	}
	pd.pick = &pickProgress{items: items, picked: copySlice(sp.Picked), min: sp.Min, max: sp.Max}
	for k := range pd.options {
		if pd.options[k].group != pickCandidate {
			continue
		}
		i, ok := pd.options[k].value.(int)
		if pd.options[k].value == nil {
			i, ok = 0, true // omitted when 0
		}
		if !ok || i < 0 || i >= len(items) {
			d.err = fmt.Errorf("state: pick option %q refers to no element", pd.options[k].key)
			return
		}
		pd.options[k].value = i
	}
}

// countOf is "1 element", "3 elements".
func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
