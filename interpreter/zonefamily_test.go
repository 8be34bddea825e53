package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stackRules is a small playable game on a keyed zone family: three cities
// in a row, one ordered stack of citizen discs per city (index 0 is the
// top, the city's leader). Each turn a player puts a disc from their
// supply on top of a city next to a city they lead, or anywhere when they
// lead none; after 4 rounds each player scores the cities they lead.
const stackRules = `boards:
  cities:
    nodes: [{id: athens}, {id: thebes}, {id: sparta}]
    edges:
      road: [[athens, thebes], [thebes, sparta]]
cards:
  discs:
    zone: supply
    attributes:
      colour: {type: int}
    rows:
      - {id: red, count: 6, colour: 0}
      - {id: blue, count: 6, colour: 1}
zones:
  supply: {}
  stack: {keyed_by: cities}
  hades: {keyed_by: [left, right], visibility: hidden}
functions:
  leader:
    params: {c: string}
    returns: int
    expr: "len(stack[c]) == 0 ? -1 : stack[c][0].colour"
  led:
    params: {p: int}
    returns: strings
    expr: filter(cities.nodes, leader(#) == p)
  near:
    params: {p: int, c: string}
    returns: bool
    expr: leader(c) == p || any(neighbours(cities, c), leader(#) == p)
  open_to:
    params: {p: int}
    returns: strings
    expr: "len(led(p)) == 0 ? cities.nodes : filter(cities.nodes, near(p, #))"
flow:
  - repeat: 4
    do:
      - repeat: player_count
        as: p
        do:
          - choose:
              who: p
              prompt: "P{p + 1}: place a disc"
              options:
                - key: place
                  for_each: open_to(p)
                  as: c
                  do:
                    - move: first(filter(supply, .colour == p))
                      into: stack[c]
                      at: top
                    - log: "P{p + 1} leads {c} over {len(stack[c]) - 1} discs"
scoring:
  score: len(led(me))
`

func TestKeyedZoneFamilyGame(t *testing.T) {
	g := start(t, stackRules, 2)
	assert.Equal(t, []string{"place c=athens", "place c=thebes", "place c=sparta"}, keys(t, g))
	apply(t, g, "place c=athens")
	assert.Equal(t, []string{"place c=athens", "place c=thebes", "place c=sparta"}, keys(t, g), "blue leads nothing yet")
	apply(t, g, "place c=athens")
	assert.Equal(t, []string{"place c=athens", "place c=thebes", "place c=sparta"}, keys(t, g), "red leads nothing now: anywhere")
	apply(t, g, "place c=sparta")
	assert.Equal(t, []string{"place c=athens", "place c=thebes"}, keys(t, g), "blue leads athens: athens and its neighbour")

	assert.Equal(t, []any{"blue#1", "red#1"}, eval(t, g, "map(stack.athens, .id)"), "index 0 is the top")
	assert.Equal(t, 2, eval(t, g, `len(stack["athens"])`))
	assert.Equal(t, 3, eval(t, g, "sum(cities.nodes, len(stack[#]))"), "counting over the family")
	assert.Equal(t, "stack", eval(t, g, `card("red#2").zone`))
	assert.Equal(t, "sparta", eval(t, g, `card("red#2").zone_key`))
	assert.Equal(t, "", eval(t, g, `card("red#3").zone_key`), "a card outside a family has no key")
	assert.Contains(t, g.View(-1), "stack[athens]: blue#1, red#1\nstack[sparta]: red#2\n")

	apply(t, g, "place c=thebes", "place c=thebes", "place c=athens", "place c=athens", "place c=sparta")
	require.True(t, g.Over())
	assert.Equal(t, []string{
		"P1 leads athens over 0 discs", "P2 leads athens over 1 discs", "P1 leads sparta over 0 discs",
		"P2 leads thebes over 0 discs", "P1 leads thebes over 1 discs", "P2 leads athens over 2 discs",
		"P1 leads athens over 3 discs", "P2 leads sparta over 1 discs",
	}, logs(g))
	assert.Equal(t, []any{"athens", "thebes"}, eval(t, g, "led(0)"))
	assert.Equal(t, []any{"sparta"}, eval(t, g, "led(1)"))
}

func TestKeyedZoneFamilyEffects(t *testing.T) {
	g := start(t, stackRules+`setup:
  - draw: 3
    from: supply
    into: stack["thebes"]
  - move: filter(supply, .colour == 1)[0:2]
    into: hades.left
  - draw: 2
    from: stack[cities.nodes[1]]
    into: hades["right"]
    at: top
  - shuffle: stack["thebes"]
  - shuffle: hades.right
`, 2)
	assert.Equal(t, []any{"red#3"}, eval(t, g, `map(stack.thebes, .id)`))
	assert.Equal(t, []any{"red#1", "red#2"}, eval(t, g, `sort(map(hades.right, .id))`), "drawn, then shuffled")
	assert.Equal(t, []any{"blue#1", "blue#2"}, eval(t, g, `map(hades.left, .id)`))
	var shuffles []string
	for _, e := range g.Events() {
		if e.Kind == EventChance {
			shuffles = append(shuffles, e.Name)
		}
	}
	assert.Equal(t, []string{"shuffle stack[thebes]", "shuffle hades[right]"}, shuffles)
	view := g.View(0)
	assert.Contains(t, view, "hades[left]: 2 cards\nhades[right]: 2 cards\n", "a hidden family shows counts")
	assert.Contains(t, view, "stack[thebes]: red#3\n")

	// Clones and saved games keep the family.
	cl := g.Clone()
	apply(t, cl, "place c=thebes")
	assert.Equal(t, 1, eval(t, g, "len(stack.thebes)"), "the clone does not alias the original")
	assert.Equal(t, 2, eval(t, cl, "len(stack.thebes)"))
	data, err := cl.MarshalState()
	require.NoError(t, err)
	back, err := UnmarshalState(cl.prog, data)
	require.NoError(t, err)
	again, err := back.MarshalState()
	require.NoError(t, err)
	assert.Equal(t, string(data), string(again))
	assert.Equal(t, []any{"red#4", "red#3"}, eval(t, back, "map(stack.thebes, .id)"))
	assert.Equal(t, "thebes", eval(t, back, `card("red#4").zone_key`))
	assert.Equal(t, "hades", eval(t, back, `card("red#1").zone`))
	apply(t, back, "place c=athens")
	assert.Equal(t, "athens", eval(t, back, `stack.athens[0].zone_key`))
}

func TestKeyedZoneFamilyUnknownKeyAtRunTime(t *testing.T) {
	re := startErr(t, stackRules+`setup:
  - let: {c: '"athnes"'}
  - draw: 1
    from: supply
    into: stack[c]
`, Config{Players: 2})
	assert.Equal(t, rulesFile+`:59:17: zone family stack has no key string "athnes" (did you mean "athens"?) (in setup, after 0 decisions)`, re.Error())
}

func TestKeyedZoneFamilyLoadErrors(t *testing.T) {
	for _, c := range [][2]string{
		{"  - {draw: 1, from: supply, into: stack}", `:56:35: "stack" is a keyed zone family: name one of its zones, stack[KEY]`},
		{"  - {draw: 1, from: supply, into: 'stak[x]'}", `:56:36: unknown keyed zone family "stak" (did you mean "stack"?)`},
		{"  - {draw: 1, from: 'supply[0]', into: supply}", `:56:22: zone supply is not keyed: write it without [...] (declare keyed_by to make a family)`},
		{"  - {draw: 1, from: supply, into: 'stack[1]'}", `:56:42: zone key must be string, got int`},
		{"  - {draw: 1, from: supply, into: 'stack[cc]'}", `:56:42: unknown name "cc"`},
		{"  - {log: '{len(stack.athnes)}'}", `:56:23: zone family stack has no key "athnes" (did you mean "athens"?)`},
		{"  - {log: '{len(stack[\"athnes\"])}'}", `:56:23: zone family stack has no key "athnes" (did you mean "athens"?)`},
	} {
		_, err := Load(rulesFS(stackRules+"setup:\n"+c[0]+"\n"), "g", "")
		if assert.Error(t, err, c[0]) {
			assert.Contains(t, err.Error(), rulesFile+c[1], c[0])
		}
	}
}
