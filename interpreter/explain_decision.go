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
	out := &DecisionWhy{Player: pd.player, Prompt: pd.prompt, Rule: pd.choice.pos.String()}
	labels := make(map[string]string, len(pd.options))
	for _, o := range pd.options {
		labels[o.key] = o.label
	}
	var all []OptionWhy
	if pd.pick != nil {
		all = g.explainPick(pd)
	} else {
		for gi := range pd.choice.groups {
			all = append(all, g.explainGroup(pd.choice, gi)...)
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
	for _, o := range pd.options { // in the order offered
		w, ok := legal[o.key]
		if !ok {
			w = OptionWhy{Key: o.key, Legal: true, Rule: out.Rule, Because: []string{"offered"}}
		}
		w.Label = o.label
		out.Legal = append(out.Legal, w)
	}
	return out
}

// explainGroup explains one option group of a choose: its one option, or
// one per element of its for_each list.
func (g *Game) explainGroup(ch *choice, gi int) []OptionWhy {
	grp := ch.groups[gi]
	rule := grp.body.where
	if grp.each == nil {
		return []OptionWhy{g.explainOption(ch, gi, grp.key, nil, nil)}
	}
	items, err := g.evalList(grp.each)
	if err != nil {
		return []OptionWhy{{Key: grp.key, Rule: rule, Because: []string{fmt.Sprintf("for_each: %s fails: %v", grp.each.src.Src, err)}}}
	}
	if len(items) == 0 {
		return []OptionWhy{{Key: grp.key, Rule: rule, Because: []string{fmt.Sprintf("for_each: %s is empty: no option", grp.each.src.Src)}}}
	}
	var out []OptionWhy
	seen := map[string]bool{}
	for _, item := range items {
		saved := bindLocal(g.st, grp.as, item)
		key, dup := g.optionKey(grp.key, grp.as, item, grp.distinct, seen)
		if !dup {
			w := g.explainOption(ch, gi, key, item, []string{fmt.Sprintf("for_each: %s gives %s = %s", grp.each.src.Src, grp.as, clip(showValue(item)))})
			seen[key] = seen[key] || w.Legal
			out = append(out, w)
		}
		saved.restore(g.st)
	}
	return out
}

// optionKey is the key an element gives (as oneOption makes it), and
// whether an option with that key was already offered (distinct).
func (g *Game) optionKey(prefix, as string, item any, distinct *compiled, seen map[string]bool) (string, bool) {
	val := identity(item)
	if distinct != nil {
		if d, err := g.eval(distinct); err == nil {
			val = identity(d)
		}
	}
	key := fmt.Sprintf("%s %s=%s", prefix, as, val)
	return key, seen[key]
}

// explainOption explains one option (its element bound, if any): its
// when, then its legal_if_after.
func (g *Game) explainOption(ch *choice, gi int, key string, item any, because []string) OptionWhy {
	grp := ch.groups[gi]
	w := OptionWhy{Key: key, Rule: grp.body.where, Because: because}
	ok, why := g.explainCondition("when", grp.when, grp.scope)
	if why != "" {
		w.Because = append(w.Because, why)
	}
	if ok && grp.legalAfter != nil {
		after, err := g.legalAfter(ch, gi, item)
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
// and says why it holds or not: "when: SRC holds (parts)".
func (g *Game) explainCondition(what string, c *compiled, sc *scope) (bool, string) {
	if c == nil {
		return true, ""
	}
	ok, err := g.evalBool(c)
	if err != nil {
		return false, fmt.Sprintf("%s: %s fails: %v", what, c.src.Src, err)
	}
	verdict := "holds"
	if !ok {
		verdict = "is false"
	}
	why := fmt.Sprintf("%s: %s %s", what, c.src.Src, verdict)
	parts := g.explainIn(c.src.Src, sc)
	if rest, whole := strings.CutPrefix(parts, c.src.Src+" is "+fmt.Sprint(ok)); whole {
		return ok, why + rest // the whole condition's value, then its operands'
	}
	if parts != "" {
		why += ": " + parts
	}
	return ok, why
}

// explainIn explains src as ExplainCheck does, its parts evaluated with
// the locals of sc (bound in the game as they are now).
func (g *Game) explainIn(src string, sc *scope) string {
	return explainWith(src, func(part string) (any, error) {
		c, err := g.prog.compileAdhocIn(schema.Expr{Src: part, Pos: schema.Pos{File: ExprFile, Line: 1, Col: 1}, Style: schema.StylePlain}, sc)
		if err != nil {
			return nil, err
		}
		v, err := g.eval(c)
		var ee *exprError
		if errors.As(err, &ee) {
			err = errors.New(ee.msg) // its position is in the ad hoc text
		}
		return v, err
	})
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

// explainPick explains a pick step: every element of the set not picked
// yet, then done.
func (g *Game) explainPick(pd *pendingDecision) []OptionWhy {
	ps, prog := pd.choice.pick, pd.pick
	saved := bindLocal(g.st, ps.picked, g.pickedList(ps, prog))
	defer saved.restore(g.st)
	taken := make(map[int]bool, len(prog.picked))
	for _, i := range prog.picked {
		taken[i] = true
	}
	var out []OptionWhy
	seen := map[string]bool{}
	for i, item := range prog.items {
		if taken[i] {
			continue
		}
		inner := bindLocal(g.st, ps.as, item)
		key, dup := g.optionKey(ps.key, ps.as, item, ps.distinct, seen)
		if !dup {
			w := OptionWhy{Key: key, Rule: pd.choice.pos.String(), Because: []string{fmt.Sprintf("pick: %s = %s is not picked yet (%d picked, %s to pick)", ps.as, clip(showValue(item)), len(prog.picked), pickRange(prog))}}
			ok, why := g.explainCondition("when", ps.when, ps.whenScope)
			if why != "" {
				w.Because = append(w.Because, why)
			}
			if ok && pickReachesMax(ps, prog) {
				after := bindLocal(g.st, ps.picked, g.pickedList(ps, prog.with(i)))
				ok, why = g.explainCondition("done_when", ps.doneWhen, ps.doneScope)
				after.restore(g.st)
				w.Because = append(w.Because, fmt.Sprintf("picking it reaches max (%d), and then %s", prog.max, why))
			}
			w.Legal = ok
			seen[key] = seen[key] || ok
			out = append(out, w)
		}
		inner.restore(g.st)
	}
	return append(out, g.explainDone(pd))
}

// explainDone explains a pick's done option.
func (g *Game) explainDone(pd *pendingDecision) OptionWhy {
	ps, prog := pd.choice.pick, pd.pick
	w := OptionWhy{Key: pickDoneKey, Rule: pd.choice.pos.String()}
	if len(prog.picked) < prog.min {
		w.Because = []string{fmt.Sprintf("min: %d picked, at least %d needed", len(prog.picked), prog.min)}
		return w
	}
	w.Because = []string{fmt.Sprintf("min: %d picked, at least %d needed", len(prog.picked), prog.min)}
	ok, why := g.explainCondition("done_when", ps.doneWhen, ps.doneScope)
	if why != "" {
		w.Because = append(w.Because, why)
	}
	w.Legal = ok
	return w
}

// pickRange is "2" or "1 to 3": how many a pick takes.
func pickRange(prog *pickProgress) string {
	if prog.min == prog.max {
		return fmt.Sprint(prog.min)
	}
	return fmt.Sprintf("%d to %d", prog.min, prog.max)
}
