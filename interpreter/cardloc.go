package interpreter

import (
	"fmt"
	"maps"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm/runtime"
)

// Card locations as columns.
//
// Where a card lies — its zone, the key of its zone in a family and its
// owner — is the one thing about a card that changes all the time: every
// draw, deal and move. It is kept in a column of the state (state.loc,
// one cardLoc per card number), not in the card's map, so a move writes
// one slot instead of copying a card map that is shared (with the
// Program, or with a clone) on its first write. Props are columns too
// (cardprops.go), read and printed by the same routes.
//
// The card maps carry no "zone", "zone_key" or "owner" key; everything
// that reads them reads the column:
//
//   - Expressions: the check compile knows which member reads may read a
//     card (the object is typed card, or any) and notes them
//     (cards.record, cardloc_patch.go); the runtime compile turns those into
//     $loc($env, x, key, optional), which reads the column for a card and
//     fetches as expr would for anything else (a player's or a node's own
//     owner). The closures compile $loc like any member read.
//   - Whole values: string, toJSON, keys, values, toPairs, len and get of
//     a value that may hold cards, and `in` on a value that may be a card,
//     see the card with its location filled in ($full: a copy), so what a
//     ruleset prints or counts is what it was when the location was a key.
//     Equality (==) compares cards without their location: two versions of
//     one card differ only while a stale one is held, and the game never
//     holds one (cow.go, replaceRefs).
//   - Go: putCard, removeCard, refill, the re-deal, the report's takes,
//     scenario positions and the serialised state go through cardLocOf and
//     setCardLoc; Eval's result is given in full.
//
// The column is shared by clones and copied with the card index on the
// first write after one (marks, cow.go).

// cardLoc is where a card lies. zone and key are boxed strings (so that
// reading them allocates nothing); owner is a player number, -1 for a
// global zone.
type cardLoc struct {
	zone, key any
	owner     int
}

// locFunc and fullFunc are the runtime compile's hidden functions that
// read a card's location ($loc) and give a value with its cards' locations
// filled in ($full).
const (
	locFunc  = "$loc"
	fullFunc = "$full"
)

// isLocKey reports whether k is one of the location fields of a card.
func isLocKey(k string) bool { return k == "zone" || k == "zone_key" || k == "owner" }

// field is the value of location field k.
func (l *cardLoc) field(k string) any {
	switch k {
	case "zone":
		return l.zone
	case "zone_key":
		return l.key
	}
	return boxInt(l.owner)
}

// where is the zone location: the zone, or NAME[key] in a family.
func (l *cardLoc) where() string {
	zone, _ := l.zone.(string)
	if key, _ := l.key.(string); key != "" {
		return familyLoc(zone, key)
	}
	return zone
}

// isIn reports whether the card lies in zone (a name; in a family, the
// family's name) of owner.
func (l cardLoc) isIn(zone string, owner int) bool {
	return l.zone == zone && l.owner == owner
}

// initialLocs is where each card of p starts (its table's zone, no
// owner), by card number.
func initialLocs(cards []cardProto) []cardLoc {
	out := make([]cardLoc, len(cards))
	for i, c := range cards {
		zone, key, _ := splitLoc(c.zone)
		out[i] = cardLoc{zone: zone, key: key, owner: -1}
	}
	return out
}

// cardNumOf is c's card number, if c is a card of the program.
func (g *Game) cardNumOf(c map[string]any) (int, bool) {
	if i, ok := g.prog.attrs.at.find(mapAddr(c)); ok {
		return i, true // one of the Program's maps (cardattrs.go)
	}
	if _, isCard := c["table"]; !isCard {
		return 0, false
	}
	id, ok := c["id"].(string)
	if !ok {
		return 0, false
	}
	i, ok := g.prog.cow.cardNum[id]
	return i, ok
}

// Only a program's cards lie in zones: move refuses anything else, draws
// and refills take from zones, positions and saved states name cards by
// id. So a map that is not a card of the program lies nowhere.

// cardLocOf is where card c lies (nowhere, for a map that is not a card
// of the program).
func (g *Game) cardLocOf(c map[string]any) cardLoc {
	if i, ok := g.cardNumOf(c); ok {
		return g.st.loc[i]
	}
	return cardLoc{owner: -1}
}

// setCardLoc records that card c now lies in zone location name of owner.
func (g *Game) setCardLoc(c map[string]any, name string, owner int) {
	if i, ok := g.cardNumOf(c); ok {
		g.setLocOf(i, name, owner)
	}
}

// setLocOf records that card number i now lies in zone location name of
// owner.
func (g *Game) setLocOf(i int, name string, owner int) {
	zone, key, _ := splitLoc(name)
	g.marks() // the column is the state's own from here
	g.st.loc[i] = cardLoc{zone: g.boxString(zone), key: g.boxString(key), owner: owner}
}

// withColumns is a copy of card number i's map c with its location and
// props as keys, as a ruleset and the serialised state see it.
func (g *Game) withColumns(i int, c map[string]any) map[string]any {
	names := g.prog.props.names
	out := make(map[string]any, len(c)+3+len(names))
	maps.Copy(out, c)
	l := &g.st.loc[i]
	out["zone"], out["zone_key"], out["owner"] = l.zone, l.key, boxInt(l.owner)
	for j, n := range names {
		out[n] = g.cardProp(i, j)
	}
	return out
}

// full is v with every card in it (in lists and maps, at any depth) a copy
// with its location filled in; v itself when it holds no card.
func (g *Game) full(v any) any {
	out, _ := g.filled(v)
	return out
}

// filled is full, and whether it copied anything.
func (g *Game) filled(v any) (any, bool) {
	if c, isCard := g.fullCard(v); isCard {
		return c, true
	}
	return rewriteElems(v, g.filled)
}

// fullCard is v with its location filled in, if v is a card.
func (g *Game) fullCard(v any) (map[string]any, bool) {
	if m, ok := v.(map[string]any); ok {
		if i, isCard := g.cardNumOf(m); isCard {
			return g.withColumns(i, m), true
		}
	}
	return nil, false
}

// cardView is card c as a ruleset and a person see it, its location and
// props filled in (c itself when it is no card of the program).
func (g *Game) cardView(c map[string]any) map[string]any {
	if full, isCard := g.fullCard(c); isCard {
		return full
	}
	return c
}

// locField is x[k] where x may be a card: a card's location fields come
// from the column, anything else is fetched as expr fetches (a missing
// map key is nil; a nil x is nil when the read is optional, else expr's
// error).
func (g *Game) locField(x, k any, optional bool) (v any, err error) {
	if m, ok := x.(map[string]any); ok {
		if key, isStr := k.(string); isStr {
			if v, isCard := g.columnField(m, key); isCard {
				return v, nil
			}
			return m[key], nil
		}
	}
	if x == nil && optional {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("%v", r)
		}
	}()
	return runtime.Fetch(x, k), nil
}

// columnField is field key of m from its column, if m is a card and key
// a location field or a prop.
func (g *Game) columnField(m map[string]any, key string) (any, bool) {
	j := g.prog.props.prop(key)
	if j < 0 && !isLocKey(key) {
		return nil, false
	}
	i, isCard := g.cardNumOf(m)
	if !isCard {
		return nil, false
	}
	if j >= 0 {
		return g.cardProp(i, j), true
	}
	return g.st.loc[i].field(key), true
}

// builtinLoc is $loc($env, x, key, optional).
func builtinLoc(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	if len(args) != 4 {
		return nil, fmt.Errorf("internal: %s takes 3 arguments", locFunc)
	}
	optional, _ := args[3].(bool)
	return g.locField(args[1], args[2], optional)
}

// builtinFull is $full($env, x, deep): x with its cards' locations
// filled in, at every depth when deep, else only when x is a card.
func builtinFull(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	if len(args) != 3 {
		return nil, fmt.Errorf("internal: %s takes 2 arguments", fullFunc)
	}
	if deep, _ := args[2].(bool); deep {
		return g.full(args[1]), nil
	}
	if c, isCard := g.fullCard(args[1]); isCard {
		return c, nil
	}
	return args[1], nil
}

// cardLocFunctions declares $loc and $full in the runtime configuration.
func cardLocFunctions() []expr.Option {
	return []expr.Option{expr.Function(locFunc, builtinLoc), expr.Function(fullFunc, builtinFull)}
}
