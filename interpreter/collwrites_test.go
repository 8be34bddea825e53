package interpreter

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wholeRules reads intmap variables every way: looking into them only
// (kept), and whole (let, an argument, a list, a result, a predicate's
// element).
const wholeRules = `vars:
  kept:     {type: intmap, init: "{a: 1}"}
  keyed:    {type: intmap, init: "{a: 1}"}
  counted:  {type: intmap, init: "{a: 1}"}
  tested:   {type: intmap, init: "{a: 1}"}
  bound:    {type: intmap, init: "{a: 1}"}
  passed:   {type: intmap, init: "{a: 1}"}
  listed:   {type: intmap, init: "{a: 1}"}
  returned: {type: intmap, init: "{a: 1}"}
  n:        {type: int, init: "0"}
player_vars:
  own:    {type: intmap, init: "{a: 1}"}
  mapped: {type: intmap, init: "{a: 1}"}
functions:
  total:
    params: {m: intmap}
    returns: int
    expr: "sum(keys(m), m[#])"
  give:
    returns: intmap
    expr: returned
flow:
  - set: n
    to: >-
      kept.a + kept['a'] + len(keys(keyed)) + len(counted) + ('a' in tested ? 1 : 0) +
      (let b = bound; b.a) + total(passed) + len([listed]) + len(give()) +
      players[0].own.a + len(map(players, .mapped))
  - choose:
      who: 0
      prompt: wait
      options: [{key: go}]
`

// TestWholeReadsOfIntmapsAreFound: the load tells the intmap variables
// that some expression reads whole from those it only looks into.
func TestWholeReadsOfIntmapsAreFound(t *testing.T) {
	p := load(t, wholeRules)
	whole := map[string]bool{}
	for n, f := range p.colls.globals {
		whole[n] = f.Load()
	}
	for n, f := range p.colls.players {
		whole["players."+n] = f.Load()
	}
	assert.Equal(t, map[string]bool{
		"kept": false, "keyed": false, "counted": false, "tested": false,
		"bound": true, "passed": true, "listed": true, "returned": true,
		"players.own": false, "players.mapped": true,
	}, whole)

	// A computed key on what may be a player may name any of its
	// variables; $env as a value may name anything.
	p = load(t, strings.Replace(wholeRules, "functions:\n", `functions:
  field:
    params: {x: any, k: string}
    returns: any
    expr: x[k]
`, 1))
	assert.True(t, p.colls.players["own"].Load())
	assert.False(t, p.colls.globals["kept"].Load())
}

// intMapRules adds to an intmap variable's elements, a global's and a
// player's, and reads them only by key.
const intMapRules = `vars:
  tally: {type: intmap, init: "{}"}
player_vars:
  marks: {type: intmap, init: "{}"}
flow:
  - repeat: 3
    do:
      - {add: "tally['a']", by: 1}
      - {add: "players[0].marks['b']", by: 2}
      - choose:
          who: 0
          prompt: "{tally['a']} {players[0].marks['b']}"
          options: [{key: go}]
`

// TestIntmapWritesInPlaceAreUnseen: a map the game made is written in
// place, and nothing that could have held it sees the writes — a clone,
// its original, a value Eval gave.
func TestIntmapWritesInPlaceAreUnseen(t *testing.T) {
	g := start(t, intMapRules, 1)
	addr := func(g *Game) uintptr { return reflect.ValueOf(g.st.getRoot("tally")).Pointer() }
	first := addr(g)
	require.NoError(t, g.Apply("go"))
	assert.Equal(t, first, addr(g), "the game's own map was copied again")
	assert.Equal(t, 2, eval(t, g, `tally.a`))
	assert.Equal(t, 4, eval(t, g, `players[0].marks.b`))

	clone := g.Clone()
	require.NoError(t, clone.Apply("go"))
	assert.Equal(t, 3, eval(t, clone, `tally.a`))
	assert.Equal(t, 6, eval(t, clone, `players[0].marks.b`))
	assert.Equal(t, 2, eval(t, g, `tally.a`), "the clone's write reached its original")
	assert.Equal(t, 4, eval(t, g, `players[0].marks.b`), "the clone's write reached its original")
	require.NoError(t, g.Apply("go"))
	assert.Equal(t, 3, eval(t, clone, `tally.a`), "the original's write reached its clone")
	assert.Equal(t, 3, eval(t, g, `tally.a`))
	// The same, with the write the first thing after the clone.
	again := g.Clone()
	require.NoError(t, g.Exec(`- {add: "tally['a']", by: 10}`))
	assert.Equal(t, 3, eval(t, again, `tally.a`), "the original's write reached its clone")
	assert.Equal(t, 13, eval(t, g, `tally.a`))

	// Eval of the whole map: from then on the Program's games copy.
	h := start(t, intMapRules, 1)
	held := eval(t, h, `tally`).(map[string]int)
	require.NoError(t, h.Apply("go"))
	assert.Equal(t, map[string]int{"a": 1}, held, "a write reached a value Eval gave")
	assert.Equal(t, 2, eval(t, h, `tally.a`))
}
