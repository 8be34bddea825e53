package interpreter

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// glanceGame is testdata/scenario_game.yaml (package transcript's
// scenarioGame) at a position: P1 holds two gold coins and the Ruby
// (shiny), P2 the Pearl.
func glanceGame(t *testing.T) *Game {
	t.Helper()
	rules, err := os.ReadFile("testdata/scenario_game.yaml")
	require.NoError(t, err)
	var pos yaml.Node
	require.NoError(t, yaml.Unmarshal([]byte(`
display: [opal]
round: 2
players:
  - {hand: [gold_coin, ruby, gold_coin], gold: 3}
  - {hand: [pearl]}
cards:
  ruby: {shiny: true}
`), &pos))
	g, err := StartAt(load(t, string(rules)), ScenarioStart{File: "s.yaml", Players: 2, Seed: 1, Start: StartSetup, Position: pos.Content[0]}, nil)
	require.NoError(t, err)
	return g
}

func TestGlanceIsCompactAndHidesWhatItShould(t *testing.T) {
	g := glanceGame(t)
	assert.Equal(t, `display: Opal
bank: gold_coin
P1 (you): gold 3
  hand: gold_coin ×2, Ruby [shiny]
P2: hand: 1
`, g.Glance(0), "equal cards counted, the deck (hidden) and empty zones left out, P2's hand only counted")
	assert.Equal(t, `display: Opal
bank: gold_coin
P2 (you):
  hand: Pearl
P1: gold 3 | hand: 3
`, g.Glance(1))
}

func TestCardInfo(t *testing.T) {
	g := glanceGame(t)
	info, err := g.CardInfo("RUBY")
	require.NoError(t, err)
	assert.Equal(t, "Ruby (ruby, gem card)\n  value: 5\n  shiny: true (now)\n", info)
	info, err = g.CardInfo("gold coin")
	require.NoError(t, err, "a name or id, letters and digits only, any case")
	assert.Equal(t, "gold_coin#1 (gold_coin, coin card)\n  metal: gold\n", info)
	_, err = g.CardInfo("rubi")
	assert.EqualError(t, err, `no card "rubi" (did you mean "ruby"?)`)
}

// A scenario goes on from a clone after a run step that had to fail: the
// clone must still take supplied outcomes only for the chances they name,
// or a later chance step's outcome would go to the first shuffle instead.
func TestCloneOfAScenarioGameKeepsPartialOutcomes(t *testing.T) {
	g := glanceGame(t)
	require.True(t, g.partialOutcomes)
	assert.True(t, g.Clone().partialOutcomes, "a clone of a scenario's game fixes only named outcomes too")
	rules, err := os.ReadFile("testdata/scenario_game.yaml")
	require.NoError(t, err)
	plain := start(t, string(rules), 2)
	assert.False(t, plain.Clone().partialOutcomes, "a plain game's clone takes outcomes in order")
}

// A per-player view with visibility owner is each player's own: the
// others' lines and the full view's per-player line leave it out; a
// public one is everyone's.
func TestOwnerViewsAreSeenByTheirOwnerOnly(t *testing.T) {
	rules, err := os.ReadFile("testdata/scenario_game.yaml")
	require.NoError(t, err)
	src := string(rules) + `
views:
  - {name: held, expr: "len(players[me].hand)", per_player: true, visibility: owner}
  - {name: purse, expr: "players[me].gold", per_player: true}
`
	var pos yaml.Node
	require.NoError(t, yaml.Unmarshal([]byte(`players: [{hand: [gold_coin, ruby], gold: 3}, {hand: [pearl], gold: 1}]`), &pos))
	g, err := StartAt(load(t, src), ScenarioStart{File: "s.yaml", Players: 2, Seed: 1, Start: StartSetup, Position: pos.Content[0]}, nil)
	require.NoError(t, err)

	glance := g.Glance(0)
	assert.Contains(t, glance, "P1 (you): held 2, purse 3")
	assert.Contains(t, glance, "P2: purse 1")
	assert.NotContains(t, glance, "held 1", "P1 must not see what P2 holds")
	view := g.View(1)
	assert.Contains(t, view, "held: P2 1\n")
	assert.Contains(t, view, "purse: P1 3, P2 1\n")
	assert.Contains(t, g.View(-1), "held: P1 2, P2 1\n", "the whole game's view shows every value")
}

// A per-player view shows the player variable or zone of its name in the
// glance alone (a Politeia player line said "supply 20" for the view and
// "supply: athens ×20" for the zone, "polis athens" twice); state still
// shows the variable and the zone.
func TestGlancePerPlayerViewStandsForItsNamesake(t *testing.T) {
	g := start(t, `
cards:
  chip:
    zone: bank
    rows:
      - {id: chip, count: 3}
zones:
  bank: {}
  pile: {owner: player, visibility: public}
player_vars:
  gold: {type: int, init: "3"}
  silver: {type: int, init: "2"}
setup:
  - {draw: 2, from: bank, into: "players[0].pile"}
views:
  - {name: gold, expr: "string(players[me].gold) + ' coins'", per_player: true}
  - {name: pile, expr: "len(players[me].pile)", per_player: true}
flow:
  - choose: {who: 0, prompt: go, options: [{key: go}]}
`, 2)
	glance := g.Glance(0)
	assert.Contains(t, glance, "P1 (you): gold 3 coins, pile 2 | silver 2\n", glance)
	assert.NotContains(t, glance, "gold 3 |", glance)
	assert.NotContains(t, glance, "pile: ", glance)
	assert.Contains(t, glance, "P2: gold 3 coins, pile 0 | silver 2\n", glance)
	view := g.View(0)
	assert.Contains(t, view, "  gold: 3\n", view)
	assert.Contains(t, view, "  pile: chip#1, chip#2\n", view)
}

// A card shown at the table says which of its figures are provisional:
// the notes written on its table before the first row (shortened to their
// first sentence when long) and on its own row, and no other row's.
func TestCardInfoSaysWhatIsProvisional(t *testing.T) {
	p := load(t, `cards:
  gem:
    zone: deck
    attributes:
      name: {type: string}
      value: {type: int}
    # provisional: no gem list is published. The values below were authored to give a spread from one to five, so that every figure of the deck has something to say, and this sentence is here to make the note long.
    rows:
      # provisional: the ruby's value is a guess
      - {id: ruby, name: Ruby, value: 5}
      - {id: opal, name: Opal, value: 2}   # provisional: opal's value
      - {id: jade, name: Jade, value: 3}
zones:
  deck: {}
flow:
  - {log: start}
`)
	g, err := NewGame(p, Config{Players: 1, Seed: 1})
	require.NoError(t, err)
	const table = "  provisional (authored for agon, not the publisher's): no gem list is published. …\n"
	for card, want := range map[string]string{
		"ruby": table + "  provisional (authored for agon, not the publisher's): the ruby's value is a guess\n",
		"opal": table + "  provisional (authored for agon, not the publisher's): opal's value\n",
		"jade": table,
	} {
		info, err := g.CardInfo(card)
		require.NoError(t, err)
		assert.Contains(t, info, want, card)
		assert.Equal(t, strings.Count(want, "provisional"), strings.Count(info, "provisional"), "%s: no other row's note\n%s", card, info)
	}
}
