package interpreter

import (
	"fmt"
	"slices"
)

// The report section (report.go) on the flat state: the seats'
// attributes, read when setup ends and formatted as formatValue formats
// them; the counters, read when the game ends; and the cards players take
// into the report's takes zones, noted by move and draw as the present
// runtime notes them (a card moved within its own zone, or while setup
// runs, is not taken). TestFlatGamesAgree requires the same Facts as the
// present runtime's at the end of every game.

// flatReport is the report section compiled for the flat state.
type flatReport struct {
	attributes []*flatTemplate // one hole each, in the report's order (by name)
	counters   []flatScalar
	// takeZone marks the player zones (by their number among one
	// player's) that are takes zones; nil when the report has none. defs
	// are each card's row id (CardTake.Card), by number.
	takeZone []bool
	defs     []string
}

// flatTakes is what a game notes of the cards players take: the
// report's takes zones, whether setup is over, the decisions taken and
// the takes so far. A clone shares the list capped (takes are only
// appended), as the present runtime's clones do.
type flatTakes struct {
	zone      []bool
	base      int // the first player zone's number
	stride    int // the zones of one player
	defs      []string
	setupOver bool
	decision  int
	list      []CardTake
}

// compileReport compiles the report section; what it does not cover is
// added to fp.errs.
func (fp *flatProgram) compileReport() {
	r := &fp.p.report
	for _, a := range r.attributes {
		t, why := fp.fc.compileTemplate(&template{parts: []tmplPart{{isExpr: true, expr: a.expr}}})
		if t == nil {
			fp.errs = append(fp.errs, fmt.Errorf("%s: report attribute %s: %s", a.expr.src.Pos, a.name, why))
			continue
		}
		fp.grow(t.frame)
		fp.report.attributes = append(fp.report.attributes, t)
	}
	for _, c := range r.counters {
		f, err := fp.integer(c.expr)
		if err != nil {
			fp.errs = append(fp.errs, err)
			continue
		}
		fp.report.counters = append(fp.report.counters, f)
	}
	if len(r.takes) > 0 {
		fp.report.takeZone = make([]bool, len(fp.l.pzones))
		for j, z := range fp.l.pzones {
			fp.report.takeZone[j] = slices.Contains(r.takes, z)
		}
		fp.report.defs = make([]string, len(fp.p.cards))
		for i := range fp.p.cards {
			fp.report.defs[i], _ = fp.p.cards[i].fields["def"].(string)
		}
	}
}

// newTakes is the takes of a new game of fs's players; nil when the
// report has no takes zone.
func (fp *flatProgram) newTakes() *flatTakes {
	if fp.report.takeZone == nil {
		return nil
	}
	return &flatTakes{zone: fp.report.takeZone, base: len(fp.l.zones), stride: len(fp.l.pzones), defs: fp.report.defs}
}

// note notes card c, still in the zone it leaves, going into zone z.
func (t *flatTakes) note(fs *flatState, c int32, z int) {
	if !t.setupOver || z < t.base || t.stride == 0 || !t.zone[(z-t.base)%t.stride] || fs.loc[c] == int32(z) {
		return
	}
	t.list = append(t.list, CardTake{Card: t.defs[c], Seat: (z - t.base) / t.stride, Decision: t.decision})
}

// clone is a copy of t for a clone of its game.
func (t *flatTakes) clone() *flatTakes {
	if t == nil {
		return nil
	}
	c := *t
	c.list = t.list[:len(t.list):len(t.list)]
	return &c
}

// recordAttributes reads the report's attributes for every seat, as
// setup ends; false when a closure gave up.
func (g *flatGame) recordAttributes() bool {
	if g.env.takes != nil {
		g.env.takes.setupOver = true
	}
	names := g.fp.p.report.attributes
	out, ok := readPerSeat(g, g.fp.report.attributes, func(i int, t *flatTemplate) (NamedText, bool) {
		b, ok := t.render(&g.env, nil)
		return NamedText{Name: names[i].name, Value: string(b)}, ok
	})
	g.attributes = out
	return ok
}

// recordCounters reads the report's counters for every seat, as the
// game ends; false when a closure gave up.
func (g *flatGame) recordCounters() bool {
	names := g.fp.p.report.counters
	out, ok := readPerSeat(g, g.fp.report.counters, func(i int, f flatScalar) (NamedCount, bool) {
		v, ok := f(&g.env)
		return NamedCount{Name: names[i].name, Value: int(v)}, ok
	})
	g.counters = out
	return ok
}

// readPerSeat reads each of the report's parts for every seat, "me"
// bound to the seat (and restored after): nil for a report without them,
// false as soon as a read gives up.
func readPerSeat[P, V any](g *flatGame, parts []P, read func(i int, p P) (V, bool)) ([][]V, bool) {
	if len(parts) == 0 {
		return nil, true
	}
	e := &g.env
	saved := e.locals[g.fp.me]
	defer func() { e.locals[g.fp.me] = saved }()
	out := make([][]V, e.fs.players)
	for seat := range out {
		e.locals[g.fp.me] = int64(seat)
		for i, p := range parts {
			v, ok := read(i, p)
			if !ok {
				return out, false
			}
			out[seat] = append(out[seat], v)
		}
	}
	return out, true
}

// facts are the game's Facts, as Game.Facts gives them at the end of a
// game.
func (g *flatGame) facts() Facts {
	out := Facts{Seats: make([]SeatFacts, g.env.fs.players)}
	if g.env.takes != nil {
		out.Takes = slices.Clone(g.env.takes.list)
	}
	for i := range out.Seats {
		if i < len(g.attributes) {
			out.Seats[i].Attributes = slices.Clone(g.attributes[i])
		}
		if i < len(g.counters) {
			out.Seats[i].Counters = slices.Clone(g.counters[i])
		}
	}
	return out
}
