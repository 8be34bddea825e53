package interpreter

import (
	"strconv"
	"sync"
)

// A decision's legal options over the flat state: the fourth piece of the
// rebuild (doc.go, "The typed flat state"). A choose compiles, with the
// typed closures of its who and of each option group's for_each, when and
// distinct in one frame, to a lister that gives the decider and the
// options' keys as the present runtime makes them ("KEY AS=identity":
// oneOption), the as of a group bound to a frame slot while its when and
// distinct run. Labels are not made: a bot never reads them, and the
// present runtime renders them on demand too (lazytext.go). An option
// group's legal_if_after plays each option that passes its when on a copy
// of the game (flatlegal.go). Pick decisions are flatpick.go's.
// TestFlatOptionsAgree lists every decision of random games this way and
// requires the present runtime's decider and keys.

// flatChoice is a compiled choose.
type flatChoice struct {
	auto   bool
	who    flatScalar
	groups []flatGroup
	frame  *flatExpr
	l      *flatLayout
	ids    []int64 // each card's id, by number (the id column)
	// keyed makes the groups' keys once, at the first key asked
	// (the layout's strings are all numbered by then).
	keyed sync.Once
}

// flatGroup is a compiled option group: one option (each is nil) or one
// per element of each, bound to slot as.
type flatGroup struct {
	key, prefix string
	each        flatValue
	as          flatBinding
	when        flatScalar // nil: always
	distinct    flatScalar // nil: none
	distinctK   flatKind
	// hoisted are the slots saying which calls of when hoisted out of
	// the loop over each were computed (flatexpr_hoist.go).
	hoisted []int
	// after is the group's legal_if_after (nil: none), evaluated after
	// its body runs, with its as local bound (asLocal; -1: none), on a
	// copy of the game (flatlegal.go).
	after   flatScalar
	body    *flatBlock
	asLocal int
	// keys are the keys of the elements a key can name, by number: every
	// card, the ints 0 to flatKeyInts-1, or every string of the layout
	// (a string made while playing, or another int, is keyed when asked).
	keys []string
}

// flatKeyInts is how many ints (from 0) a group keys ahead.
const flatKeyInts = 64

// flatOption is a listed option: its group and, for a for_each group, the
// element it binds (a number of the element's kind).
type flatOption struct {
	group int
	elem  int64
}

// compileChoice compiles ch; nil and the reason when a part is not
// covered.
func (fc *flatCompiler) compileChoice(ch *choice) (*flatChoice, string) {
	if ch.pick != nil {
		return nil, "a pick decision"
	}
	fc.begin()
	out := &flatChoice{l: fc.l, auto: ch.auto}
	who := fc.sub(ch.who)
	if fc.miss == "" && who.kind != fkInt {
		fc.fail("who of a %s", who.kind)
	}
	out.who = who.scalar
	for _, g := range ch.groups {
		if fc.miss != "" {
			break
		}
		out.groups = append(out.groups, fc.group(g))
	}
	if fc.miss != "" {
		return nil, fc.miss
	}
	out.frame = fc.out
	if len(fc.p.cards) > 0 {
		out.ids = fc.attr("id").scalars
	}
	return out, ""
}

// group compiles an option group; its as is in scope for its when and
// distinct only.
func (fc *flatCompiler) group(g *optionGroup) flatGroup {
	out := flatGroup{key: g.key, prefix: g.keyPrefix}
	depth := len(fc.scope)
	defer func() { fc.scope = fc.scope[:depth] }()
	if g.each != nil {
		out.each = fc.sub(g.each)
		if fc.miss != "" {
			return out
		}
		k := fkNone
		switch out.each.kind {
		case fkCards:
			k = fkCard
		case fkInts:
			k = fkInt
		case fkStrings:
			k = fkString
		default:
			fc.fail("options for each %s", out.each.kind)
			return out
		}
		out.as = fc.bind(g.as, k)
		fc.scope = append(fc.scope, out.as)
	}
	if g.when != nil {
		if g.each != nil {
			fc.hoist = &flatHoist{bound: map[flatHoistKey]flatHoistBinding{}}
			fc.hoistBound(out.as, true)
		}
		when := fc.sub(g.when)
		if fc.hoist != nil {
			out.hoisted, fc.hoist = fc.hoist.resets, nil
		}
		if fc.miss == "" && when.kind != fkBool {
			fc.fail("an option's when of a %s", when.kind)
		}
		out.when = when.scalar
	}
	if g.distinct != nil {
		d := fc.sub(g.distinct)
		if fc.miss == "" && (d.scalar == nil || d.kind == fkBool || d.kind == fkPlayer) {
			fc.fail("distinct of a %s", d.kind)
		}
		out.distinct, out.distinctK = d.scalar, d.kind
	}
	if g.legalAfter != nil {
		a := fc.sub(g.legalAfter)
		if fc.miss == "" && a.kind != fkBool {
			fc.fail("legal_if_after of a %s", a.kind)
		}
		out.after = a.scalar
	}
	return out
}

// list appends the decider's options to buf: false if a closure gave up.
func (c *flatChoice) list(e *flatEnv, buf []flatOption) (who int64, out []flatOption, ok bool) {
	if who, ok = c.who(e); !ok {
		return 0, buf, false
	}
	for gi := range c.groups {
		if buf, ok = c.groups[gi].list(e, gi, buf); !ok {
			return 0, buf, false
		}
	}
	return who, buf, true
}

// list appends a group's options.
func (g *flatGroup) list(e *flatEnv, gi int, buf []flatOption) ([]flatOption, bool) {
	if g.each.kind == fkNone {
		if g.when != nil {
			t, ok := g.when(e)
			if !ok || t == 0 {
				return buf, ok
			}
		}
		if g.after != nil {
			if legal, ok := e.game.legalAfter(g, 0); !ok || !legal {
				return buf, ok
			}
		}
		return append(buf, flatOption{group: gi}), true
	}
	for _, s := range g.hoisted {
		e.slots[s] = 0 // a new listing: computed again at the first use
	}
	seen := e.seen[:0] // distinct values kept (few: a list), in the env's reused buffer
	defer func() { e.seen = seen[:0] }()
	keep := func(x int64) bool {
		e.slots[g.as.slot] = x
		if g.when != nil {
			if t, ok := g.when(e); !ok {
				return false
			} else if t == 0 {
				return true
			}
		}
		if g.after != nil {
			if legal, ok := e.game.legalAfter(g, x); !ok || !legal {
				return ok
			}
		}
		if g.distinct != nil {
			d, ok := g.distinct(e)
			if !ok {
				return false
			}
			for _, s := range seen {
				if s == d {
					return true
				}
			}
			seen = append(seen, d)
		}
		buf = append(buf, flatOption{group: gi, elem: x})
		return true
	}
	if g.each.cards != nil {
		xs, ok := g.each.cards(e)
		if !ok {
			return buf, false
		}
		for _, x := range xs {
			if !keep(int64(x)) {
				return buf, false
			}
		}
		return buf, true
	}
	xs, ok := g.each.nums(e)
	if !ok {
		return buf, false
	}
	for _, x := range xs {
		if !keep(x) {
			return buf, false
		}
	}
	return buf, true
}

// key is an option's key as the present runtime makes it: the group's
// key, or "KEY AS=" and the identity of the element (a card's id, an
// int, a string), or of its distinct value.
func (c *flatChoice) key(e *flatEnv, o flatOption) string {
	c.keyed.Do(c.makeKeys)
	g := &c.groups[o.group]
	if g.each.kind == fkNone {
		return g.key
	}
	k, x := g.as.kind, o.elem
	if g.distinct != nil {
		e.slots[g.as.slot] = o.elem
		k = g.distinctK
		x, _ = g.distinct(e)
	}
	if x >= 0 && x < int64(len(g.keys)) {
		return g.keys[x]
	}
	switch k {
	case fkInt:
		return g.prefix + strconv.FormatInt(x, 10)
	case fkCard:
		return g.prefix + c.l.str(e.fs, c.ids[x])
	}
	return g.prefix + c.l.str(e.fs, x)
}

// makeKeys makes each for_each group's keys ahead (flatGroup.keys).
func (c *flatChoice) makeKeys() {
	for gi := range c.groups {
		g := &c.groups[gi]
		if g.each.kind == fkNone {
			continue
		}
		k := g.as.kind
		if g.distinct != nil {
			k = g.distinctK
		}
		switch k {
		case fkInt:
			g.keys = make([]string, flatKeyInts)
			for x := range g.keys {
				g.keys[x] = g.prefix + strconv.Itoa(x)
			}
		case fkCard:
			keys := make([]string, len(c.ids))
			for x, id := range c.ids {
				if id < 0 || id >= int64(len(c.l.strs.strs)) {
					keys = nil // an id the layout did not number: keyed when asked
					break
				}
				keys[x] = g.prefix + c.l.strs.strs[id]
			}
			g.keys = keys
		case fkString:
			g.keys = make([]string, len(c.l.strs.strs))
			for x, s := range c.l.strs.strs {
				g.keys[x] = g.prefix + s
			}
		}
	}
}
