package interpreter

import (
	"slices"
	"sort"
)

// This file fills Facts from the ruleset's report section: attributes
// read when setup ends, counters read when the game ends, and the cards
// moved into the declared "takes" zones. A ruleset without a report
// section costs nothing: no attribute or counter is evaluated and the
// move effects test one empty slice.

// reportProgram is the compiled report section.
type reportProgram struct {
	attributes []namedExpr // sorted by name
	counters   []namedExpr // sorted by name
	takes      []string    // player zones, sorted
}

// compileReport compiles the report section (attributes and counters
// with `me` bound to the seat).
func (c *compiler) compileReport() {
	r := c.rs.Report
	if r == nil {
		return
	}
	me := (*scope)(nil).with("me", typeInt)
	rp := &c.prog.report
	for _, n := range sortedNames(r.AttributeOrder) {
		rp.attributes = append(rp.attributes, namedExpr{name: n, expr: c.ec.compile(r.Attributes[n], me, wantAny, "report attribute "+n), perPlayer: true})
	}
	for _, n := range sortedNames(r.CounterOrder) {
		rp.counters = append(rp.counters, namedExpr{name: n, expr: c.ec.compile(r.Counters[n], me, wantInt, "report counter "+n), perPlayer: true})
	}
	for _, t := range r.Takes {
		if !slices.Contains(rp.takes, t.Name) {
			rp.takes = append(rp.takes, t.Name)
		}
	}
	sort.Strings(rp.takes)
}

// sortedNames is a sorted copy of names.
func sortedNames(names []string) []string {
	out := slices.Clone(names)
	sort.Strings(out)
	return out
}

// seatFacts is what the state keeps for Facts: the attributes read when
// setup ended (nil before) and the counters read when the game ended (nil
// before). Both are written once and never changed in place, so clones
// share them.
type seatFacts struct {
	attributes [][]NamedText
	counters   [][]NamedCount
}

// recordAttributes evaluates the report's attributes for every seat, as
// setup ends.
func (g *Game) recordAttributes() error {
	attrs := g.prog.report.attributes
	if len(attrs) == 0 {
		return nil
	}
	out := make([][]NamedText, g.st.playerCount)
	for i := range out {
		for _, a := range attrs {
			v, err := g.evalFor(i, a.expr)
			if err != nil {
				return placedError(a.expr.src.Pos, "report attribute "+a.name, g.st.decisions, err)
			}
			out[i] = append(out[i], NamedText{Name: a.name, Value: formatValue(v)})
		}
	}
	g.st.facts.attributes = out
	return nil
}

// recordCounters evaluates the report's counters for every seat, as the
// game ends.
func (g *Game) recordCounters() error {
	if len(g.prog.report.counters) == 0 {
		return nil
	}
	out, err := g.readCounters()
	if err != nil {
		return err
	}
	g.st.facts.counters = out
	return nil
}

// readCounters evaluates the report's counters for every seat now. A
// counter that fails is left out of its seat's list; the first failure
// is returned too.
func (g *Game) readCounters() ([][]NamedCount, error) {
	out := make([][]NamedCount, g.st.playerCount)
	var first error
	for i := range out {
		for _, c := range g.prog.report.counters {
			v, err := g.evalFor(i, c.expr)
			if err == nil {
				if v, err = coerce("int", v); err == nil {
					out[i] = append(out[i], NamedCount{Name: c.name, Value: v.(int)})
					continue
				}
			}
			if first == nil {
				first = placedError(c.expr.src.Pos, "report counter "+c.name, g.st.decisions, err)
			}
		}
	}
	return out, first
}

// evalFor evaluates c with `me` bound to seat.
func (g *Game) evalFor(seat int, c *compiled) (any, error) {
	saved := bindLocal(g.st, "me", seat)
	defer saved.restore(g.st)
	return g.eval(c)
}

// noteTake records a card taken when c, still in the zone it leaves, is
// about to move into zone into of player owner: the zone is one of the
// report's takes, the card comes from another zone (or another player's),
// and setup is over.
func (g *Game) noteTake(c map[string]any, into string, owner int) {
	takes := g.prog.report.takes
	if len(takes) == 0 || owner < 0 {
		return
	}
	if !slices.Contains(takes, into) || g.cardLocOf(c).isIn(into, owner) || g.inSetup() {
		return
	}
	def, _ := c["def"].(string)
	g.st.takes = append(g.st.takes, CardTake{Card: def, Seat: owner, Decision: g.st.decisions})
}

// inSetup reports whether setup is still running.
func (g *Game) inSetup() bool {
	for _, f := range g.st.frames {
		if f.blk == g.prog.setup {
			return true
		}
	}
	return false
}

// facts builds Facts (see Game.Facts): the attributes recorded at the end
// of setup, the counters recorded at the end of the game (read now while
// it goes on; a counter that cannot be read yet is left out), the takes.
func (g *Game) facts() Facts {
	out := Facts{Seats: make([]SeatFacts, g.st.playerCount), Takes: slices.Clone(g.st.takes)}
	counters := g.st.facts.counters
	if counters == nil && len(g.prog.report.counters) > 0 {
		counters, _ = g.readCounters()
	}
	for i := range out.Seats {
		if i < len(g.st.facts.attributes) {
			out.Seats[i].Attributes = slices.Clone(g.st.facts.attributes[i])
		}
		if i < len(counters) {
			out.Seats[i].Counters = slices.Clone(counters[i])
		}
	}
	return out
}
