package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// placeViewRules are stackRules with per_place views of the cities board
// and a game view.
const placeViewRules = stackRules + `vars:
  marks: {type: intmap, visibility: hidden}
views:
  - {name: discs, expr: "len(supply)"}
  - {name: height, expr: "len(stack[place])", per_place: cities}
  - {name: led by, expr: "leader(place) < 0 ? '' : 'P' + string(leader(place) + 1)", per_place: cities}
  - {name: colours, expr: "map(stack[place], .colour)", per_place: cities}
setup:
  - {draw: 2, from: supply, into: stack.athens}
`

// show PLACE prints a per_place view's value for that place under the
// node's figures, leaving out a zero or empty one; the glance does not
// show it, and state lists each per-place view on one line, node by node.
func TestPerPlaceViewShowsWithThePlace(t *testing.T) {
	g := start(t, placeViewRules, 2)
	info, err := g.Describe("athens", 0)
	require.NoError(t, err)
	assert.Equal(t, "athens (place on board \"cities\")\n  height: 2\n  led by: P1\n  colours: 0, 0\n  neighbours: thebes\n  stack[athens]: red#1, red#2\n", info)
	info, err = g.Describe("sparta", 0)
	require.NoError(t, err)
	assert.Equal(t, "sparta (place on board \"cities\")\n  neighbours: thebes\n", info, "zero and empty values say nothing")
	glance := g.Glance(0)
	assert.Contains(t, glance, "discs: 10")
	assert.NotContains(t, glance, "height")
	state := g.View(0)
	assert.Contains(t, state, "discs: 10\n")
	assert.Contains(t, state, "height: athens 2\n")
	assert.Contains(t, state, "led by: athens P1\n")
	assert.Contains(t, state, "colours: athens (0, 0)\n")
	assert.NotContains(t, state, "sparta")
}

// A per_place view is type-checked with `place` a string and no `me`.
func TestPerPlaceViewIsTypeChecked(t *testing.T) {
	assert.Contains(t, loadErr(t, stackRules+"views:\n  - {name: v, expr: \"place + 1\", per_place: cities}\n"), "cannot apply + to a string and an int")
	assert.Contains(t, loadErr(t, stackRules+"views:\n  - {name: v, expr: \"players[me]\", per_place: cities}\n"), `unknown name "me"`)
	assert.Contains(t, loadErr(t, stackRules+"vars:\n  place: {type: int}\nviews:\n  - {name: v, expr: \"place\", per_place: cities}\n"),
		`view "v": per_place binds place, which shadows the var "place": rename it`)
}
