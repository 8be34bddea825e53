package interpreter

// Tests of the intmaps type (lists of int maps).

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const buildings = `
cards:
  building:
    zone: market
    attributes:
      name: {type: string}
      costs: {type: intmaps, default: []}
    rows:
      - {id: well, name: Well, costs: [{wood: 1}, {stone: 2}]}
      - {id: tower, name: Tower, costs: [{wood: 2, stone: 1}]}
      - {id: shrine, name: Shrine}
zones:
  market: {}
  built: {owner: player}
player_vars:
  goods: {type: intmap, init: "{wood: 1, stone: 2}"}
vars:
  menu: {type: intmaps, init: "[{a: 1}, {b: 2}]"}
functions:
  covers:
    params: {p: int, cost: intmap}
    returns: bool
    expr: all(keys(cost), players[p].goods[#] >= cost[#])
  affordable:
    params: {p: int, costs: intmaps}
    returns: bool
    expr: "any(costs, covers(p, #))"
`

func TestIntmapsAttributes(t *testing.T) {
	g := start(t, buildings+`
flow:
  - choose:
      who: 0
      prompt: build
      options:
        - key: build
          for_each: market
          as: c
          when: len(c.costs) == 0 || any(c.costs, all(keys(#), players[0].goods[#] >= 0))
          do:
            - {move: c, into: "players[0].built"}
`+waitEffect, 1)
	assert.Equal(t, []map[string]int{{"wood": 1}, {"stone": 2}}, eval(t, g, `card("well").costs`))
	assert.Equal(t, 2, eval(t, g, `card("well").costs[1].stone`))
	assert.Equal(t, 0, eval(t, g, `card("well").costs[1].wood ?? 0`))
	assert.Equal(t, []map[string]int{}, eval(t, g, `card("shrine").costs`))
	assert.Equal(t, 3, eval(t, g, `sum(map(menu, #.a + #.b))`))
	assert.Equal(t, []string{"build c=well", "build c=tower", "build c=shrine"}, keys(t, g))

	c := g.Clone()
	data := marshal(t, g)
	back, err := UnmarshalState(g.Program(), []byte(data))
	require.NoError(t, err)
	assert.Equal(t, data, marshal(t, back))
	assert.Equal(t, []map[string]int{{"wood": 1}, {"stone": 2}}, eval(t, back, `card("well").costs`))
	assert.Equal(t, []map[string]int{{"a": 1}, {"b": 2}}, eval(t, back, `menu`))
	require.NoError(t, c.Exec(`- {set: menu, to: "[{a: 5}]"}`))
	assert.Equal(t, []map[string]int{{"a": 1}, {"b": 2}}, eval(t, g, `menu`), "a clone does not share the list")
}

func TestIntmapsFunctionParameter(t *testing.T) {
	g := start(t, buildings+`
flow:
`+waitEffect, 1)
	assert.Equal(t, true, eval(t, g, `affordable(0, card("well").costs)`))
	assert.Equal(t, false, eval(t, g, `affordable(0, card("tower").costs)`))
	assert.Equal(t, false, eval(t, g, `affordable(0, card("shrine").costs)`))
}

func TestIntmapsLoadErrors(t *testing.T) {
	msg := loadErr(t, `
cards:
  building:
    zone: market
    attributes:
      costs: {type: intmaps}
    rows:
      - {id: well, costs: [{wood: 1}, {stone: two}]}
      - {id: tower, costs: {wood: 1}}
zones:
  market: {}
flow:
  - if: card("well").costs[0] + 1 > 0
    then: []
`)
	// The first error points at the element, the second at the value.
	assert.Contains(t, msg, `g/rules.yaml:8:39: card well: "costs" must be intmaps (a list of mappings of ints), got string "two" for key "stone" as element 2`)
	assert.Contains(t, msg, `g/rules.yaml:9:28: card tower: "costs" must be intmaps (a list of mappings of ints), got a mapping`)
	assert.Contains(t, msg, `g/rules.yaml:13:31: cannot apply + to an intmap (a map of ints) and an int`)
}
