package interpreter

import (
	"errors"
	"fmt"
	"slices"
)

// A bot's look-ahead on the flat state: what package bot's greedy bot
// asks of a game (export.go's Reseed, RedealUnseen, PickUnderWay and
// Heuristic), on a FlatGame, making the same draws from the random
// stream in the same order, so that a bot rates the same options the
// same on either runtime (sim.TestFlatOutcomesAgree).

// compileHeuristic compiles bots.heuristic, else the score, for the
// look-ahead. A heuristic the flat runtime does not cover leaves the
// game playable (random bots need none): only Heuristic fails.
func (fp *flatProgram) compileHeuristic() {
	h := fp.p.heuristic
	if h == nil {
		h = fp.p.score
	}
	if h == nil {
		fp.noHeuristic = "no heuristic"
		return
	}
	f, err := fp.integer(h)
	if err != nil {
		fp.noHeuristic = err.Error()
		return
	}
	fp.heuristic = f
}

// ErrFlatHeuristic is Heuristic's error when the flat runtime cannot
// evaluate the ruleset's heuristic (it does not cover it, or a closure
// gave up): the present runtime can say what is wrong.
var ErrFlatHeuristic = errors.New("the flat runtime cannot rate this position")

// Heuristic evaluates the ruleset's bots.heuristic (without one, its
// score) for player in the current state, as Game.Heuristic does.
func (g *FlatGame) Heuristic(player int) (int, error) {
	fp, e := g.g.fp, &g.g.env
	if fp.heuristic == nil {
		return 0, fmt.Errorf("%w: %s", ErrFlatHeuristic, fp.noHeuristic)
	}
	saved := e.locals[fp.me]
	defer func() { e.locals[fp.me] = saved }()
	e.locals[fp.me] = int64(player)
	e.steps, e.mem = 0, 0 // one top-level evaluation, with its own budget
	v, ok := fp.heuristic(e)
	if !ok {
		return 0, ErrFlatHeuristic
	}
	return int(v), nil
}

// Reseed gives the game a new random stream (Game.Reseed).
func (g *FlatGame) Reseed(seed uint64) { g.g.rng, g.g.outcomes = newRNG(seed), nil }

// Pos is the pending decision's position, as Decision.Pos gives it: the
// same choose asked again has the same Pos ("" when the game is over).
func (g *FlatGame) Pos() string {
	if g.g.pending == nil {
		return ""
	}
	return g.g.pending.posText
}

// PickUnderWay reports whether the pending decision is a multi-select
// pick with candidates already picked, and the index of its done option
// when it is offered (-1 when not), as Game.PickUnderWay does by key.
func (g *FlatGame) PickUnderWay() (done int, underWay bool) {
	if g.g.pick == nil || len(g.g.pick.picked) == 0 {
		return -1, false
	}
	for i, o := range g.g.options {
		if o.group == pickDone {
			return i, true
		}
	}
	return -1, true
}

// RedealUnseen deals the cards seat cannot see anew, from the game's
// stream, among the positions seat cannot see (Game.RedealUnseen: each
// table's cards among that table's positions, zones in the order the
// present runtime walks them, the same draws).
func (g *FlatGame) RedealUnseen(seat int) {
	fg := g.g
	fs, fp := fg.env.fs, fg.fp
	var tables []int32 // in the order first met
	slots := make([][]flatSlot, len(fp.p.rs.CardOrder))
	cards := make([][]int32, len(slots))
	for _, z := range fp.unseenZones(fs.players, seat) {
		for i, c := range fs.zones[z] {
			t := fp.cardTable[c]
			if slots[t] == nil {
				tables = append(tables, t)
			}
			slots[t] = append(slots[t], flatSlot{z, i})
			cards[t] = append(cards[t], c)
		}
	}
	for _, t := range tables {
		list := cards[t]
		for i := len(list) - 1; i > 0; i-- {
			j := fg.rng.intN(i + 1)
			list[i], list[j] = list[j], list[i]
		}
		for i, s := range slots[t] {
			if !fs.owns(s.zone) {
				fs.zones[s.zone] = slices.Clone(fs.zones[s.zone])
				fs.own(s.zone)
			}
			fs.zones[s.zone][s.index] = list[i]
			fs.loc[list[i]] = int32(s.zone)
		}
	}
	if len(tables) > 0 {
		fg.wrote(fp.l.placesGroup())
	}
}

// cardTables numbers each card's table, in the ruleset's table order.
func cardTables(p *Program) []int32 {
	out := make([]int32, len(p.cards))
	for i := range p.cards {
		t, _ := p.cards[i].fields["table"].(string)
		out[i] = int32(slices.Index(p.rs.CardOrder, t))
	}
	return out
}

// flatSlot is one card position: a zone's number and an index in it.
type flatSlot struct{ zone, index int }

// unseenZones lists the zones seat cannot see in a game of players
// players, in the order Game.unseenZones lists them: the ruleset's zone
// order, a hidden family's keys in order, an owner zone's players in seat
// order.
func (fp *flatProgram) unseenZones(players, seat int) []int {
	rs, l := fp.p.rs, fp.l
	var out []int
	global := func(name string) int {
		for i, z := range l.zones {
			if z.name == name {
				return i
			}
		}
		return -1
	}
	for _, n := range rs.ZoneOrder {
		z := rs.Zones[n]
		switch {
		case z.KeyedBy != nil:
			if !visibleTo(z.Visibility, -1, seat) {
				for _, k := range rs.ZoneKeys(n) {
					out = append(out, global(familyLoc(n, k)))
				}
			}
		case z.Owner == "player":
			j := slices.Index(l.pzones, n)
			for o := range players {
				if !visibleTo(z.Visibility, o, seat) {
					out = append(out, l.pzone(o, j))
				}
			}
		default:
			if !visibleTo(z.Visibility, -1, seat) {
				out = append(out, global(n))
			}
		}
	}
	return out
}
