package interpreter

import (
	"fmt"

	"agon/schema"
)

// choice is a compiled choose effect.
type choice struct {
	pos     schema.Pos
	posText string // pos as text, for Decision.Pos (setPos)
	who     *compiled
	prompt  *template
	groups  []*optionGroup
	auto    bool
	secret  bool
	pick    *pickSpec // a multi-select decision instead of groups
}

// optionGroup is a compiled option group: one option, or one per element
// of each.
type optionGroup struct {
	key   string
	each  *compiled
	as    string
	asKey localRef // the local as
	// keyPrefix is "KEY AS=", what every key of a for_each group starts
	// with (the value's identity follows).
	keyPrefix string
	distinct  *compiled
	when      *compiled
	label     *template
	body      *block
	// legalAfter keeps an option only if it holds after the option is
	// applied on a copy of the game (see lookahead.go).
	legalAfter *compiled
	// afterLocals are the locals legalAfter sees besides as.
	afterLocals []string
	// scope is the locals its when sees (for explanations, explain_decision.go).
	scope *scope
}

// pendingDecision is a decision the game waits for. It is part of the
// state: cloned and serialised with it.
type pendingDecision struct {
	choice  *choice
	player  int
	prompt  string
	options []pendingOption
	pick    *pickProgress // a pick under way, nil for other decisions
	// optionsAt is the state's clone count when options was listed: when
	// the decision is taken with the count unchanged, no clone shares
	// options, and the game lists its next decision into it (spareOptions).
	optionsAt uint64
}

// pendingOption is one legal option with the value its `as` binds.
type pendingOption struct {
	key, label string
	group      int // index into choice.groups
	value      any
}

func (c *compiler) choice(ch *schema.Choice, sc *scope, where string) *choice {
	if ch == nil {
		return nil
	}
	out := &choice{auto: ch.Auto, secret: ch.Secret}
	out.setPos(ch.Pos)
	c.prog.choices = append(c.prog.choices, out)
	out.who = c.ec.compile(ch.Who, sc, wantInt, "who")
	promptScope := sc
	if ch.Pick != nil {
		c.ec.picks = append(c.ec.picks, ch.Pick)
		out.pick, promptScope = c.pick(ch.Pick, sc, where)
	}
	out.prompt = c.template(ch.Prompt, promptScope)
	if ch.Pick != nil {
		c.ec.picks = c.ec.picks[:len(c.ec.picks)-1]
	}
	for _, o := range ch.Options {
		g := &optionGroup{key: o.Key, as: o.As, asKey: c.ec.local(o.As), keyPrefix: o.Key + " " + o.As + "="}
		inner := sc
		unbind := func() {}
		if o.ForEach.IsSet() {
			unbind = c.bindNodeLocal(o.As, o.ForEach, sc)
			g.each = c.ec.compile(o.ForEach, sc, wantList, "option list")
			if !o.Distinct.IsSet() {
				c.checkLiteralKeys(o.Key, o.As, o.ForEach)
			}
			inner = c.declareLocal(sc, o.As, elemType(g.each), o.Pos, "option as")
		}
		g.scope = inner
		g.distinct = c.ec.compile(o.Distinct, inner, wantAny, "distinct")
		g.when = c.ec.compile(o.When, inner, wantBool, "option condition")
		g.label = c.template(o.Label, inner)
		g.body = c.block(o.Do, inner, fmt.Sprintf("%s, option %s", where, o.Key))
		g.legalAfter = c.ec.compile(o.LegalIfAfter, inner, wantBool, "legal_if_after")
		unbind()
		for _, l := range sc.fields() {
			g.afterLocals = append(g.afterLocals, l.name)
		}
		out.groups = append(out.groups, g)
	}
	return out
}

// setPos places the choice (the `- choose:` line, as errors name it).
func (ch *choice) setPos(pos schema.Pos) {
	ch.pos, ch.posText = pos, pos.String()
}

// decide evaluates a choice's options and either takes the only one (auto)
// or makes the decision pending.
func (g *Game) decide(ch *choice) error {
	if g.look != nil {
		return errLookaheadStop // a look-ahead ends at the next decision
	}
	who, err := g.decider(ch)
	if err != nil {
		return err
	}
	if ch.pick != nil {
		return g.startPick(ch, who)
	}
	opts, err := g.options(ch)
	if err != nil {
		return err
	}
	if len(opts) == 0 {
		return fmt.Errorf("no legal option for %s: add an option for this case", PlayerName(who))
	}
	prompt, err := g.renderText(ch.prompt)
	if err != nil {
		return err
	}
	pd := g.sparePending // the last decision taken, if nothing else holds it (take)
	if pd == nil {
		pd = &pendingDecision{}
	}
	g.sparePending = nil
	*pd = pendingDecision{choice: ch, player: who, prompt: prompt, options: opts, optionsAt: g.st.clones.Load()}
	if ch.auto && len(opts) == 1 {
		return g.take(pd, 0, false)
	}
	g.st.pending = pd
	return nil
}

// decider evaluates a choice's who.
func (g *Game) decider(ch *choice) (int, error) {
	who, err := g.evalInt(ch.who)
	if err != nil {
		return 0, err
	}
	if who < 0 || who >= g.st.playerCount {
		return 0, fmt.Errorf("who is %d, but players are 0 to %d", who, g.st.playerCount-1)
	}
	return who, nil
}

// options lists the legal options of ch in order, into the list the
// last taken decision kept, when no clone shares it (spareOptions, see
// take), else a new one. The options are written once: gathering them in
// a buffer, copying them into the list and clearing the buffer wrote each
// three times, and every pointer written while the collector marks costs
// a write barrier. Entries past the list's length keep what they held
// until a later listing writes over them (an option's value is an item
// of a zone or a list, its key and label short strings).
func (g *Game) options(ch *choice) ([]pendingOption, error) {
	out := g.spareOptions[:0]
	g.spareOptions = nil // a listing inside the listing (none today) gets its own
	out, err := g.gatherOptions(out, ch)
	if err == nil && len(out) > 0 {
		err = uniqueKeys(out)
	}
	if err != nil || len(out) == 0 {
		g.spareOptions = out[:0] // no decision keeps it
		return nil, err
	}
	return out, nil
}

// gatherOptions appends the legal options of ch to buf.
func (g *Game) gatherOptions(buf []pendingOption, ch *choice) ([]pendingOption, error) {
	for gi, grp := range ch.groups {
		if grp.each == nil {
			ok, err := g.evalBoolOr(grp.when, true)
			if err == nil && ok {
				ok, err = g.legalAfter(ch, gi, nil)
			}
			if err != nil || !ok {
				if err != nil {
					return buf, err
				}
				continue
			}
			label, err := g.labelOf(grp, grp.key)
			if err != nil {
				return buf, err
			}
			buf = append(buf, pendingOption{key: grp.key, label: label, group: gi})
			continue
		}
		var err error
		if buf, err = g.eachOptions(buf, ch, grp, gi); err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// uniqueKeys reports an option key offered twice: a player could never
// take the second (e.g. for_each over [1, 1, 2]).
func uniqueKeys(opts []pendingOption) error {
	if len(opts) <= 16 {
		for i := 1; i < len(opts); i++ { // few options: no map
			for j := range i {
				if opts[i].key == opts[j].key {
					return offeredTwice(opts[i].key)
				}
			}
		}
		return nil
	}
	seen := make(map[string]bool, len(opts))
	for _, o := range opts {
		if seen[o.key] {
			return offeredTwice(o.key)
		}
		seen[o.key] = true
	}
	return nil
}

// offeredTwice is the error of an option key offered twice.
func offeredTwice(key string) error {
	return fmt.Errorf("option %q is offered twice: its for_each list holds equal values (keep one with distinct:, or make the values differ)", key)
}

// eachOptions appends the options of a for_each group to buf.
func (g *Game) eachOptions(buf []pendingOption, ch *choice, grp *optionGroup, gi int) ([]pendingOption, error) {
	items, err := g.evalList(grp.each)
	if err != nil {
		return buf, err
	}
	var seen map[string]bool // the identities kept so far, for distinct
	if grp.distinct != nil {
		seen = map[string]bool{}
	}
	for _, item := range items {
		saved := bindKey(g.st, grp.as, grp.asKey, item)
		opt, ok, err := g.oneOption(ch, gi, item, seen)
		saved.restore(g.st)
		if err != nil {
			return buf, err
		}
		if ok {
			buf = append(buf, opt)
		}
	}
	return buf, nil
}

func (g *Game) oneOption(ch *choice, gi int, item any, seen map[string]bool) (pendingOption, bool, error) {
	grp := ch.groups[gi]
	ok, err := g.evalBoolOr(grp.when, true)
	if err == nil && ok {
		ok, err = g.legalAfter(ch, gi, item)
	}
	if err != nil || !ok {
		return pendingOption{}, false, err
	}
	val := g.prog.attrs.identity(item)
	if grp.distinct != nil {
		d, err := g.eval(grp.distinct)
		if err != nil {
			return pendingOption{}, false, err
		}
		val = g.prog.attrs.identity(d)
		if seen[val] {
			return pendingOption{}, false, nil
		}
		seen[val] = true
	}
	key := g.buffers().texts.concat(grp.keyPrefix, val) // textarena.go
	label, err := g.labelOf(grp, key)
	return pendingOption{key: key, label: label, group: gi, value: item}, true, err
}

func (g *Game) labelOf(grp *optionGroup, key string) (string, error) {
	if grp.label == nil || len(grp.label.parts) == 0 {
		return key, nil
	}
	if g.keysOnly {
		return "", nil // rendered when taken (takenLabel)
	}
	return g.render(grp.label)
}

// take applies option i of a decision: its `do` runs next.
func (g *Game) take(pd *pendingDecision, i int, counted bool) error {
	if pd.pick != nil {
		return g.takePick(pd, i, counted)
	}
	opt := pd.options[i]
	grp := pd.choice.groups[opt.group]
	if counted && g.keysOnly && !g.noLog { // the label is for the log
		label, err := g.takenLabel(grp, opt)
		if err != nil {
			return err // the decision stays pending, its options as listed
		}
		opt.label = label
	}
	if pd.optionsAt == g.st.clones.Load() { // no clone shares the list: the next one reuses it
		g.spareOptions = pd.options[:0]
	}
	g.st.pending = nil
	if counted {
		g.st.decisions++
		g.logEvent(Event{Kind: EventDecision, Player: pd.player, Key: opt.key, Label: opt.label, Secret: pd.choice.secret})
	}
	if pd.optionsAt == g.st.clones.Load() && g.st.barrier == nil {
		// Nothing holds pd now (a clone copies its pending decision, and
		// no Exec's barrier waits): the next decision is made in it.
		g.sparePending = pd
	}
	f := g.newFrame(grp.body)
	if grp.each != nil {
		f.bind(g.st, grp.as, grp.asKey, opt.value)
	}
	g.st.frames = append(g.st.frames, f)
	return nil
}
