package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestViewMasksHiddenAndOwnerZones(t *testing.T) {
	g := start(t, `
cards:
  gem:
    zone: deck
    attributes:
      name: {type: string}
    rows:
      - {id: ruby, name: Ruby}
      - {id: opal, name: Opal}
      - {id: jade, name: Jade}
      - {id: onyx, name: Onyx}
      - {id: pearl, name: Pearl}
      - {id: amber, name: Amber}
zones:
  deck: {visibility: hidden}
  pool: {}
  hand: {owner: player, visibility: owner}
  shelf: {owner: player}
flow:
  - move: deck[0]
    into: pool
  - move: deck[0:2]
    into: players[0].hand
  - move: deck[0]
    into: players[1].hand
  - move: deck[0]
    into: players[1].shelf
  - choose:
      who: 0
      prompt: wait
      options: [{key: go}]
`, 2)
	v0, v1, all := g.View(0), g.View(1), g.View(-1)
	for _, v := range []string{v0, v1, all} {
		assert.Contains(t, v, "Ruby", "the public pool")
		assert.Contains(t, v, "Pearl", "a public player zone")
		assert.NotContains(t, v, "(error", "views evaluate")
	}
	// Player 0 sees its hand, not player 1's; the deck is only a count.
	assert.Contains(t, v0, "  hand: Opal, Jade\n")
	assert.NotContains(t, v0, "Onyx")
	assert.Contains(t, v0, "  hand: 1 card\n", "player 1's hand is a count")
	assert.Contains(t, v0, "deck: 1 card\n")
	assert.NotContains(t, v0, "Amber")
	// Player 1 the other way round.
	assert.Contains(t, v1, "  hand: Onyx\n")
	assert.NotContains(t, v1, "Opal")
	assert.NotContains(t, v1, "Jade")
	assert.Contains(t, v1, "  hand: 2 cards\n")
	assert.Contains(t, v1, "deck: 1 card\n")
	// -1 sees everything.
	for _, name := range []string{"Opal", "Jade", "Onyx", "Amber"} {
		assert.Contains(t, all, name)
	}
}

func TestViewShowsViewExpressions(t *testing.T) {
	g := start(t, `
vars:
  round: {type: int, init: "3"}
player_vars:
  gold: {type: int, init: "me * 10 + 1"}
views:
  - name: the round
    expr: round
  - name: gold
    expr: players[me].gold
    per_player: true
flow:
  - choose:
      who: 0
      prompt: wait
      options: [{key: go}]
`, 2)
	v := g.View(0)
	assert.Contains(t, v, "the round: 3\n")
	assert.Contains(t, v, "gold: P1 1, P2 11\n", "per player, with me bound to each")
}

// A value that writes as nothing (an empty list, an empty string) shows as
// "(none)" in the view, not as a bare "name: ".
func TestViewShowsEmptyValuesAsNone(t *testing.T) {
	g := start(t, `
vars:
  struck: {type: strings}
player_vars:
  picked: {type: string}
views:
  - name: struck so far
    expr: struck
  - name: picks
    expr: players[me].picked
    per_player: true
flow:
  - choose:
      who: 0
      prompt: wait
      options: [{key: go}]
`, 2)
	v := g.View(0)
	assert.Contains(t, v, "struck so far: (none)\n")
	assert.Contains(t, v, "picks: P1 (none), P2 (none)\n")
	assert.Contains(t, v, "struck: (none)\n")
	assert.Contains(t, v, "  picked: (none)\n")
}

// The view counts runs of cards that read alike, keeping the zone's order
// (a supply of 42 named copies read as a wall of names); copies without a
// name keep their ids, which people type.
func TestViewCountsRunsOfEqualCards(t *testing.T) {
	g := start(t, `
cards:
  supply:
    zone: pile
    attributes:
      name: {type: string}
    rows:
      - {id: field, name: FIELD, count: 3}
      - {id: smithy, name: SMITHY, count: 1}
      - {id: kiln, name: KILN, count: 2}
  tokens:
    zone: bag
    rows:
      - {id: t, count: 2}
zones:
  pile: {}
  bag: {}
flow:
  - {move: "pile[0]", into: pile}
  - choose:
      who: 0
      prompt: wait
      options: [{key: go}]
`, 2)
	v := g.View(0)
	assert.Contains(t, v, "pile: FIELD ×2, SMITHY, KILN ×2, FIELD\n", "runs counted in order; a card moved to the end starts a run of its own")
	assert.Contains(t, v, "bag: t#1, t#2\n")
}
