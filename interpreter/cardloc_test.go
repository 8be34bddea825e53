package interpreter

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// locRules has cards in a global zone, a player zone and a keyed family,
// a player whose own field is called owner, and functions that take a
// card as any.
const locRules = `cards:
  discs:
    zone: supply
    attributes:
      colour: {type: int}
    rows:
      - {id: red, count: 3, colour: 0}
      - {id: blue, count: 3, colour: 1}
zones:
  supply: {}
  hand: {owner: player}
  stack: {keyed_by: [left, right]}
vars:
  owner: {type: int, init: "7"}
functions:
  zone_of:
    params: {c: any}
    returns: any
    expr: c.zone
  field_of:
    params: {c: any, k: string}
    returns: any
    expr: c[k]
  keys_of:
    params: {c: any}
    returns: strings
    expr: keys(c)
  opt_zone:
    params: {c: any}
    returns: any
    expr: c?.zone
  len_of:
    params: {c: any}
    returns: int
    expr: len(c)
  has_of:
    params: {c: any, k: string}
    returns: bool
    expr: has(c, k)
  get_of:
    params: {c: any, k: string}
    returns: any
    expr: get(c, k)
  owner_of:
    params: {c: card}
    returns: int
    expr: c.owner
flow: []
setup:
  - draw: 2
    from: supply
    into: players[1].hand
  - draw: 1
    from: supply
    into: stack.right
`

// TestExpressionsReadCardLocations reads a card's location by every route
// an expression has: the values must be what they were when the location
// was a key of the card's map, by the closures and by the VM alike.
func TestExpressionsReadCardLocations(t *testing.T) {
	g := start(t, locRules, 2)
	cases := map[string]any{
		`players[1].hand[0].zone`:                         "hand",
		`players[1].hand[0].owner`:                        1,
		`players[1].hand[0].zone_key`:                     "",
		`players[1].hand[0]["owner"]`:                     1,
		`players[1].hand[0]?.zone`:                        "hand",
		`stack.right[0].zone`:                             "stack",
		`stack.right[0].zone_key`:                         "right",
		`stack.right[0].owner`:                            -1,
		`supply[0].zone`:                                  "supply",
		`map(players[1].hand, .owner)`:                    []any{1, 1},
		`map(players[1].hand, #.zone + ":" + #.id)`:       []any{"hand:red#1", "hand:red#2"},
		`count(supply, .owner == -1)`:                     3,
		`zone_of(players[1].hand[1])`:                     "hand",
		`field_of(stack.right[0], "zone_key")`:            "right",
		`field_of(stack.right[0], "colour")`:              0,
		`owner_of(players[1].hand[0])`:                    1,
		`[players[1].hand[0], 3][0].zone`:                 "hand",
		`get_of(players[1].hand[0], "owner")`:             1,
		`"zone" in players[1].hand[0]`:                    true,
		`len_of(players[1].hand[0]) == len_of(supply[0])`: true,
		`len_of(supply[0]) > 3`:                           true,
		`"owner" in keys_of(supply[0])`:                   true,
		`has_of(supply[0], "zone_key")`:                   true,
		`string(players[1].hand[0]) contains "hand"`:      true,
		`toJSON(stack.right) contains "\"zone_key\""`:     true,
		`let x = {a: supply[0]}; x.a.zone`:                "supply",
		`let x = {a: supply[0]}; x?.a.zone`:               "supply",
		`players[1].id`:                                   1,
		`owner`:                                           7,
		`opt_zone(nil)`:                                   nil,
		`opt_zone(supply[1])`:                             "supply",
	}
	assertBothWays(t, g, cases, false)
}

// assertBothWays evaluates every case's expression by the closures and by
// the VM, and each must give the case's value. With mustClose, a closure
// must run for every case but ?. chains and printed whole values, which
// the closures leave to the VM; else a case the closures give up is left
// to the VM alone.
func assertBothWays(t *testing.T, g *Game, cases map[string]any, mustClose bool) {
	t.Helper()
	for _, src := range slices.Sorted(maps.Keys(cases)) {
		c := compileForTest(t, g, src)
		want := cases[src]
		left := strings.Contains(src, "?.") || strings.HasPrefix(src, "string(") || strings.HasPrefix(src, "toJSON(")
		if mustClose && !left {
			require.NotNil(t, c.fast, src)
		}
		if c.fast != nil {
			v, ok := g.runFast(c)
			if mustClose && !left {
				require.True(t, ok, "closure gave up: %s", src)
			}
			if ok {
				assert.Equal(t, want, v, "closure: %s", src)
			}
		}
		prog, err := c.run.program()
		require.NoError(t, err, src)
		v, err := g.newVM().Run(prog, g.st.root)
		require.NoError(t, err, src)
		assert.Equal(t, want, v, "VM: %s", src)
	}
}

// TestCardLocationsPrintAsBefore: the serialised state and Eval's values
// show a card with its zone, zone_key and owner, as before they moved to
// the column; the card maps themselves do not hold them.
func TestCardLocationsPrintAsBefore(t *testing.T) {
	g := start(t, locRules, 2)
	state := marshal(t, g)
	assert.Contains(t, state, `"owner":1,"table":"discs","zone":"hand","zone_key":""`)
	assert.Contains(t, state, `"zone":"stack","zone_key":"right"`)
	v, err := g.Eval(`players[1].hand[0]`)
	require.NoError(t, err)
	assert.Equal(t, "hand", v.(map[string]any)["zone"])
	for i, c := range g.st.cards {
		for _, k := range []string{"zone", "zone_key", "owner"} {
			assert.NotContains(t, c, k, "card %d", i)
		}
	}
	loaded, err := UnmarshalState(g.prog, []byte(state))
	require.NoError(t, err)
	assert.Equal(t, state, marshal(t, loaded))
	assert.Equal(t, g.st.loc, loaded.st.loc)
}

// TestCardLocationsAreWhereTheCardsAre plays every shipped ruleset at
// every player count, cloning at every decision, and checks after each
// one that the location column names the zone each card is in, in the
// game and in the clone taken before it.
func TestCardLocationsAreWhereTheCardsAre(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		if len(p.cards) == 0 {
			continue // Cyclades has no cards
		}
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			g, err := NewGame(p, Config{Players: players, Seed: uint64(40 + players)})
			require.NoError(t, err)
			for step := 0; !g.Over(); step++ {
				before := g.Clone()
				d := g.Pending()
				key := d.Options[(step*7+players)%len(d.Options)].Key
				require.NoError(t, g.Apply(key))
				requireLocationsMatch(t, g, name, step)
				requireLocationsMatch(t, before, name, step)
			}
		}
	}
}

// requireLocationsMatch checks every card in every zone of g against the
// location column.
func requireLocationsMatch(t *testing.T, g *Game, game string, step int) {
	t.Helper()
	seen := 0
	check := func(list any, zone string, owner int) {
		xs, _ := list.([]any)
		for _, x := range xs {
			c := x.(map[string]any)
			i, ok := g.cardNumOf(c)
			require.True(t, ok, "%s step %d: %v is not a card", game, step, c["id"])
			l := g.st.loc[i]
			require.Equal(t, zone, l.where(), "%s step %d: %v", game, step, c["id"])
			require.Equal(t, owner, l.owner, "%s step %d: %v", game, step, c["id"])
			require.True(t, reflect.ValueOf(g.st.cards[i]).UnsafePointer() == reflect.ValueOf(c).UnsafePointer(),
				"%s step %d: %v is not the game's version", game, step, c["id"])
			seen++
		}
	}
	rs := g.prog.rs
	for _, name := range rs.ZoneOrder {
		z := rs.Zones[name]
		switch {
		case rs.ZoneKeys(name) != nil:
			fam := g.family(name)
			for _, k := range sortedKeys(fam) {
				check(fam[k], familyLoc(name, k), -1)
			}
		case z.Owner == "player":
			for i := 0; i < g.st.playerCount; i++ {
				check(g.container(i)[name], name, i)
			}
		default:
			check(g.st.root[name], name, -1)
		}
	}
	require.Positive(t, seen, "%s: no card in any zone", game)
}

// compileForTest compiles src as Eval does.
func compileForTest(t *testing.T, g *Game, src string) *compiled {
	t.Helper()
	c, err := g.prog.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	require.NoError(t, err, src)
	return c
}
