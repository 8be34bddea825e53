package interpreter

import (
	"errors"
	"fmt"
	"strings"

	"agon/schema"
)

// This file explains a pending decision for people (agon explain): every
// option the rules considered, legal or refused, with the condition that
// decided it and the values of its parts; and which automatic rules fired
// after a decision (TraceTriggers).

// TriggerFiring is one firing of an automatic rule (a trigger).
type TriggerFiring struct {
	// Name is the trigger's name, Pos its place in the ruleset.
	Name, Pos string
	// Decisions is the number of decisions taken when it fired.
	Decisions int
	// Event is the number of events logged before it fired: the events
	// from there on happened while it ran (or after it).
	Event int
}

// TraceTriggers makes the game call f for each trigger that fires from
// now on (nil stops it). Clones do not inherit f, so the look-aheads of
// legal_if_after and the bots' copies are not traced.
func (g *Game) TraceTriggers(f func(TriggerFiring)) { g.onTrigger = f }

// OptionWhy is one option of a decision the rules considered, and why it
// is offered or refused.
type OptionWhy struct {
	// Key is the option's key (a refused option's key is the one it
	// would have had); Label is a legal option's text.
	Key   string `json:"key"`
	Label string `json:"label,omitempty"`
	// Legal says whether the option is offered.
	Legal bool `json:"legal"`
	// Rule is the ruleset position of the option (or of the pick).
	Rule string `json:"rule"`
	// Because lists the reasons, each a condition with the values of its
	// parts: `when: players[p].gold >= 2 holds (players[p].gold is 3)`.
	Because []string `json:"because"`
}

// DecisionWhy explains a pending decision: who decides, and every option
// considered, legal ones in the order offered, then the refused ones.
type DecisionWhy struct {
	Player  int         `json:"player"`
	Prompt  string      `json:"prompt"`
	Rule    string      `json:"rule"` // the choose's position
	Legal   []OptionWhy `json:"legal"`
	Refused []OptionWhy `json:"refused"`
}

// ExplainDecision explains the pending decision, nil when none is
// pending. It evaluates the options' conditions again in the state the
// decision was listed in (a pending decision suspends the game, so they
// give what they gave then); the game is not changed.
func (g *Game) ExplainDecision() *DecisionWhy {
	pd := g.st.pending
	if pd == nil {
		return nil
	}
	at := decisionAt{ch: pd.choice, player: pd.player, prompt: pd.prompt}
	for _, o := range pd.options {
		at.options = append(at.options, Option{Key: o.key, Label: o.label})
	}
	if pd.pick != nil {
		at.pick, at.picked, at.min, at.max = true, pd.pick.picked, pd.pick.min, pd.pick.max
	}
	return explainDecision(at, &presentDecision{g: g, pd: pd})
}

// decisionAt is the pending decision an explanation starts from: the
// choose, who decides, the prompt and the legal options in the order
// offered; for a pick under way, the indices picked and the bounds.
type decisionAt struct {
	ch       *choice
	player   int
	prompt   string
	options  []Option
	pick     bool
	picked   []int
	min, max int
}

// decisionState is what explaining a pending decision reads of a game,
// on either runtime (presentDecision; flatDecision, flatexplain.go): the
// options' lists, keys and conditions evaluated again with the
// decision's locals bound, and a condition's parts compiled with the
// condition's locals.
type decisionState interface {
	// each evaluates option group gi's for_each: its elements, as the
	// present runtime's values.
	each(gi int) ([]any, error)
	// bindEach binds group gi's as to element i of the list each gave
	// last; the function returned restores it.
	bindEach(gi, i int) (restore func())
	// eachKey is the key of group gi's option for element i, bound: the
	// group's "KEY AS=" and the identity of the element or of its
	// distinct value.
	eachKey(gi, i int) string
	// when evaluates group gi's when (its element bound).
	when(gi int) (bool, error)
	// legalAfter evaluates group gi's legal_if_after for element i (-1:
	// a group with no for_each).
	legalAfter(gi, i int) (bool, error)
	// part evaluates an expression compiled with the locals of sc, as
	// they are bound now.
	part(src string, sc *scope) (any, error)
	// pickItems are a pick's set, as the pick started.
	pickItems() []any
	// bindPicked binds the pick's picked list to the elements picked
	// (their indices, in order); bindPickItem binds its as to element i.
	bindPicked(picked []int) (restore func())
	bindPickItem(i int) (restore func())
	// pickKey is the key of the pick's element i, bound.
	pickKey(i int) string
	// pickWhen and doneWhen evaluate the pick's when and done_when.
	pickWhen() (bool, error)
	doneWhen() (bool, error)
}

// explainDecision explains the decision at, reading the game through st.
func explainDecision(at decisionAt, st decisionState) *DecisionWhy {
	out := &DecisionWhy{Player: at.player, Prompt: at.prompt, Rule: at.ch.pos.String()}
	labels := make(map[string]string, len(at.options))
	for _, o := range at.options {
		labels[o.Key] = o.Label
	}
	var all []OptionWhy
	if at.pick {
		all = explainPick(at, st)
	} else {
		for gi := range at.ch.groups {
			all = append(all, explainGroup(at.ch, gi, st)...)
		}
	}
	legal := map[string]OptionWhy{}
	refused := map[string]bool{}
	for _, o := range all {
		_, offered := labels[o.Key]
		switch {
		case offered && o.Legal:
			legal[o.Key] = o
		case !offered && !o.Legal && !refused[o.Key]:
			refused[o.Key] = true // interchangeable elements: once
			out.Refused = append(out.Refused, o)
		}
	}
	for _, o := range at.options { // in the order offered
		w, ok := legal[o.Key]
		if !ok {
			w = OptionWhy{Key: o.Key, Legal: true, Rule: out.Rule, Because: []string{"offered"}}
		}
		w.Label = o.Label
		out.Legal = append(out.Legal, w)
	}
	return out
}

// explainGroup explains one option group of a choose: its one option, or
// one per element of its for_each list.
func explainGroup(ch *choice, gi int, st decisionState) []OptionWhy {
	grp := ch.groups[gi]
	rule := grp.body.where
	if grp.each == nil {
		return []OptionWhy{explainOption(ch, gi, grp.key, -1, nil, st)}
	}
	items, err := st.each(gi)
	if err != nil {
		return []OptionWhy{{Key: grp.key, Rule: rule, Because: []string{fmt.Sprintf("for_each: %s fails: %v", grp.each.src.Src, err)}}}
	}
	if len(items) == 0 {
		return []OptionWhy{{Key: grp.key, Rule: rule, Because: []string{fmt.Sprintf("for_each: %s is empty: no option", grp.each.src.Src)}}}
	}
	var out []OptionWhy
	seen := map[string]bool{}
	for i, item := range items {
		restore := st.bindEach(gi, i)
		key := st.eachKey(gi, i)
		if !seen[key] {
			w := explainOption(ch, gi, key, i, []string{fmt.Sprintf("for_each: %s gives %s = %s", grp.each.src.Src, grp.as, clip(showValue(item)))}, st)
			seen[key] = seen[key] || w.Legal
			out = append(out, w)
		}
		restore()
	}
	return out
}

// explainOption explains one option (its element i bound, if any): its
// when, then its legal_if_after.
func explainOption(ch *choice, gi int, key string, i int, because []string, st decisionState) OptionWhy {
	grp := ch.groups[gi]
	w := OptionWhy{Key: key, Rule: grp.body.where, Because: because}
	ok, why := explainCondition("when", grp.when, grp.scope, func() (bool, error) { return st.when(gi) }, st)
	if why != "" {
		w.Because = append(w.Because, why)
	}
	if ok && grp.legalAfter != nil {
		after, err := st.legalAfter(gi, i)
		switch {
		case err != nil:
			ok = false
			w.Because = append(w.Because, fmt.Sprintf("legal_if_after: %s fails after the option's effects: %v", grp.legalAfter.src.Src, err))
		case after:
			w.Because = append(w.Because, fmt.Sprintf("legal_if_after: %s holds after the option's effects", grp.legalAfter.src.Src))
		default:
			ok = false
			w.Because = append(w.Because, fmt.Sprintf("legal_if_after: %s is false after the option's effects", grp.legalAfter.src.Src))
		}
	}
	if len(w.Because) == 0 {
		w.Because = []string{"no condition: always offered"}
	}
	w.Legal = ok
	return w
}

// explainCondition evaluates a condition (nil holds, and says nothing)
// with holds and says why it holds or not: "when: SRC holds (parts)",
// its parts evaluated with the locals of sc.
func explainCondition(what string, c *compiled, sc *scope, holds func() (bool, error), st decisionState) (bool, string) {
	if c == nil {
		return true, ""
	}
	ok, err := holds()
	if err != nil {
		return false, fmt.Sprintf("%s: %s fails: %v", what, c.src.Src, err)
	}
	verdict := "holds"
	if !ok {
		verdict = "is false"
	}
	why := fmt.Sprintf("%s: %s %s", what, c.src.Src, verdict)
	parts := explainWith(c.src.Src, func(part string) (any, error) { return st.part(part, sc) })
	if rest, whole := strings.CutPrefix(parts, c.src.Src+" is "+fmt.Sprint(ok)); whole {
		return ok, why + rest // the whole condition's value, then its operands'
	}
	if parts != "" {
		why += ": " + parts
	}
	return ok, why
}

// explainPick explains a pick step: every element of the set not picked
// yet, then done.
func explainPick(at decisionAt, st decisionState) []OptionWhy {
	ps := at.ch.pick
	restore := st.bindPicked(at.picked)
	defer restore()
	taken := make(map[int]bool, len(at.picked))
	for _, i := range at.picked {
		taken[i] = true
	}
	var out []OptionWhy
	seen := map[string]bool{}
	for i, item := range st.pickItems() {
		if taken[i] {
			continue
		}
		inner := st.bindPickItem(i)
		key := st.pickKey(i)
		if !seen[key] {
			w := OptionWhy{Key: key, Rule: at.ch.pos.String(), Because: []string{fmt.Sprintf("pick: %s = %s is not picked yet (%d picked, %s to pick)", ps.as, clip(showValue(item)), len(at.picked), pickRange(at.min, at.max))}}
			ok, why := explainCondition("when", ps.when, ps.whenScope, st.pickWhen, st)
			if why != "" {
				w.Because = append(w.Because, why)
			}
			if ok && ps.doneWhen != nil && len(at.picked)+1 >= at.max { // picking it reaches max (pickReachesMax)
				after := st.bindPicked(append(at.picked[:len(at.picked):len(at.picked)], i))
				ok, why = explainCondition("done_when", ps.doneWhen, ps.doneScope, st.doneWhen, st)
				after()
				w.Because = append(w.Because, fmt.Sprintf("picking it reaches max (%d), and then %s", at.max, why))
			}
			w.Legal = ok
			seen[key] = seen[key] || ok
			out = append(out, w)
		}
		inner()
	}
	return append(out, explainDone(at, st))
}

// explainDone explains a pick's done option.
func explainDone(at decisionAt, st decisionState) OptionWhy {
	ps := at.ch.pick
	w := OptionWhy{Key: pickDoneKey, Rule: at.ch.pos.String()}
	w.Because = []string{fmt.Sprintf("min: %d picked, at least %d needed", len(at.picked), at.min)}
	if len(at.picked) < at.min {
		return w
	}
	ok, why := explainCondition("done_when", ps.doneWhen, ps.doneScope, st.doneWhen, st)
	if why != "" {
		w.Because = append(w.Because, why)
	}
	w.Legal = ok
	return w
}

// pickRange is "2" or "1 to 3": how many a pick takes.
func pickRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// presentDecision reads the present runtime's game for an explanation
// (decisionState).
type presentDecision struct {
	g     *Game
	pd    *pendingDecision
	items []any // the list each gave last
}

func (d *presentDecision) each(gi int) ([]any, error) {
	items, err := d.g.evalList(d.pd.choice.groups[gi].each)
	d.items = items
	return items, err
}

func (d *presentDecision) bindEach(gi, i int) func() {
	saved := bindLocal(d.g.st, d.pd.choice.groups[gi].as, d.items[i])
	return func() { saved.restore(d.g.st) }
}

func (d *presentDecision) eachKey(gi, i int) string {
	grp := d.pd.choice.groups[gi]
	return d.g.optionKey(grp.key, grp.as, d.items[i], grp.distinct)
}

func (d *presentDecision) when(gi int) (bool, error) {
	return d.g.evalBool(d.pd.choice.groups[gi].when)
}

func (d *presentDecision) legalAfter(gi, i int) (bool, error) {
	var item any
	if i >= 0 {
		item = d.items[i]
	}
	return d.g.legalAfter(d.pd.choice, gi, item)
}

func (d *presentDecision) part(src string, sc *scope) (any, error) {
	c, err := d.g.prog.compileAdhocIn(schema.Expr{Src: src, Pos: schema.Pos{File: ExprFile, Line: 1, Col: 1}, Style: schema.StylePlain}, sc)
	if err != nil {
		return nil, err
	}
	v, err := d.g.eval(c)
	var ee *exprError
	if errors.As(err, &ee) {
		err = errors.New(ee.msg) // its position is in the ad hoc text
	}
	return v, err
}

func (d *presentDecision) pickItems() []any { return d.pd.pick.items }

func (d *presentDecision) bindPicked(picked []int) func() {
	ps, prog := d.pd.choice.pick, d.pd.pick
	list := d.g.pickedList(ps, &pickProgress{items: prog.items, picked: picked, min: prog.min, max: prog.max})
	saved := bindLocal(d.g.st, ps.picked, list)
	return func() { saved.restore(d.g.st) }
}

func (d *presentDecision) bindPickItem(i int) func() {
	saved := bindLocal(d.g.st, d.pd.choice.pick.as, d.pd.pick.items[i])
	return func() { saved.restore(d.g.st) }
}

func (d *presentDecision) pickKey(i int) string {
	ps := d.pd.choice.pick
	return d.g.optionKey(ps.key, ps.as, d.pd.pick.items[i], ps.distinct)
}

func (d *presentDecision) pickWhen() (bool, error) { return d.g.evalBool(d.pd.choice.pick.when) }

func (d *presentDecision) doneWhen() (bool, error) { return d.g.evalBool(d.pd.choice.pick.doneWhen) }

// optionKey is the key an element gives (as oneOption makes it), its
// distinct value's identity if it has one.
func (g *Game) optionKey(prefix, as string, item any, distinct *compiled) string {
	val := identity(item)
	if distinct != nil {
		if d, err := g.eval(distinct); err == nil {
			val = identity(d)
		}
	}
	return fmt.Sprintf("%s %s=%s", prefix, as, val)
}

// compileAdhocIn compiles an expression given after Load with the locals
// of sc in scope.
func (p *Program) compileAdhocIn(src schema.Expr, sc *scope) (*compiled, error) {
	p.adhoc.mu.Lock()
	defer p.adhoc.mu.Unlock()
	ds := &schema.Diagnostics{}
	p.adhoc.ec.ds = ds
	c := p.adhoc.ec.compile(src, sc, wantAny, "expression")
	if err := ds.Err(); err != nil {
		return nil, err
	}
	return c, nil
}
