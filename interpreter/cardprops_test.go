package interpreter

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// propRules has two tables sharing a prop (flag) and each with props of
// its own, of every type; the setup writes some of them by set and add.
const propRules = `cards:
  gems:
    zone: supply
    attributes:
      value: {type: int}
    props:
      flag: {type: bool}
      n:    {type: int}
      tags: {type: strings}
    rows:
      - {id: ruby, count: 2, value: 3}
      - {id: opal, value: 1}
  tokens:
    zone: pool
    attributes:
      value: {type: int}
    props:
      flag: {type: bool}
      note: {type: string}
    rows:
      - {id: star, value: 7}
  chips:
    zone: bag
    props:
      n: {type: int}
    rows:
      - {id: chip, count: 40}
zones:
  supply: {}
  pool: {}
  bag: {}
  hand: {owner: player}
functions:
  field_of:
    params: {c: any, k: string}
    returns: any
    expr: c[k]
  n_of:
    params: {c: card}
    returns: int
    expr: c.n
  keys_of:
    params: {c: any}
    returns: strings
    expr: keys(c)
  len_of:
    params: {c: any}
    returns: int
    expr: len(c)
flow:
  - choose:
      who: 0
      prompt: wait
      options: [{key: go}]
setup:
  - {set: "supply[0].flag", to: "true"}
  - {set: "supply[0].n", to: "2"}
  - {add: "supply[0].n", by: 3}
  - {set: "supply[2].tags", to: "['x', 'y']"}
  - {set: "pool[0].note", to: "'shiny'"}
  - {set: "pool[0].flag", to: "true"}
  - draw: 1
    from: supply
    into: players[0].hand
`

// TestExpressionsReadCardProps reads props by every route an expression
// has, by the closures (in element conditions too) and by the VM: the
// values must be what they were when props were keys of the card's map.
func TestExpressionsReadCardProps(t *testing.T) {
	g := start(t, propRules, 1)
	cases := map[string]any{
		`players[0].hand[0].flag`:                   true,
		`players[0].hand[0].n`:                      5,
		`players[0].hand[0]["n"]`:                   5,
		`players[0].hand[0]?.n`:                     5,
		`supply[1].tags`:                            []string{"x", "y"},
		`supply[0].flag`:                            false,
		`supply[0].tags`:                            []string{},
		`pool[0].note + '/' + string(pool[0].flag)`: "shiny/true",
		`count(supply, .flag)`:                      0,
		`count(concat(supply, pool), .flag)`:        1,
		`count(concat(supply, pool), !.flag)`:       2,
		`count(supply, .n == 0)`:                    2,
		`count(players[0].hand, .n > 4)`:            1,
		`count(supply, .n < players[0].hand[0].n)`:  2,
		`count(supply, 'y' in .tags)`:               1,
		`filter(supply, len(.tags) > 0)[0].id`:      "opal",
		`sum(players[0].hand, .n)`:                  5,
		`sum(supply, .value + .n)`:                  4,
		`map(concat(supply, pool), .flag)`:          []any{false, false, true},
		`field_of(players[0].hand[0], "n")`:         5,
		`field_of(pool[0], "note")`:                 "shiny",
		`n_of(players[0].hand[0])`:                  5,
		`"note" in keys_of(supply[0])`:              true,
		`len_of(pool[0]) == len_of(supply[0])`:      true,
		`toJSON(pool) contains "shiny"`:             true,
		`string(players[0].hand[0]) contains "n"`:   true,
	}
	assertBothWays(t, g, cases, true)
}

// TestPropWritesLeaveCardMapsAlone: a prop write writes the state's
// column, never a card's map, which stays the Program's and holds no
// prop; a clone shares the column until either writes it.
func TestPropWritesLeaveCardMapsAlone(t *testing.T) {
	g := start(t, propRules, 1)
	for i, c := range g.st.cards {
		assert.True(t, reflect.ValueOf(c).Pointer() == reflect.ValueOf(g.prog.cards[i].fields).Pointer(), "card %d is a copy", i)
		for _, k := range g.prog.props.names {
			assert.NotContains(t, c, k, "card %d", i)
		}
	}
	hand := `players[0].hand[0].n`
	clone := g.Clone()
	require.NoError(t, clone.Exec(`- {set: "players[0].hand[0].n", to: "9"}`))
	assert.Equal(t, 9, eval(t, clone, hand))
	assert.Equal(t, 5, eval(t, g, hand), "the clone's write reached the original")
	require.NoError(t, g.Exec(`- {add: "players[0].hand[0].n", by: 1}`))
	assert.Equal(t, 6, eval(t, g, hand))
	assert.Equal(t, 9, eval(t, clone, hand), "the original's write reached the clone")
	fresh := start(t, propRules, 1)
	assert.Equal(t, 5, eval(t, fresh, hand), "a write reached the Program's column")

	// The column is kept in pages (propPage cards): a write to one page
	// leaves the other game's pages as they were, this one included.
	require.Greater(t, len(g.st.props.list), 2)
	other := g.Clone()
	require.NoError(t, other.Exec(`- {set: "bag[39].n", to: "4"}`))
	require.NoError(t, g.Exec(`- {set: "bag[0].n", to: "3"}`))
	require.NoError(t, g.Exec(`- {set: "bag[38].n", to: "2"}`))
	assert.Equal(t, []any{3, 2, 0}, eval(t, g, `[bag[0].n, bag[38].n, bag[39].n]`))
	assert.Equal(t, []any{0, 0, 4}, eval(t, other, `[bag[0].n, bag[38].n, bag[39].n]`))
	assert.Equal(t, []any{0, 0, 0}, eval(t, start(t, propRules, 1), `[bag[0].n, bag[38].n, bag[39].n]`))
}

// TestCardPropsPrintAsBefore: the serialised state, Eval and the views
// show a card's props as keys, and a saved state reloads to the same
// columns.
func TestCardPropsPrintAsBefore(t *testing.T) {
	g := start(t, propRules, 1)
	state := marshal(t, g)
	assert.Contains(t, state, `"flag":true,"id":"ruby#1","n":5`)
	assert.Contains(t, state, `"note":"shiny"`)
	v, err := g.Eval(`pool[0]`)
	require.NoError(t, err)
	assert.Equal(t, "shiny", v.(map[string]any)["note"])
	info, err := g.CardInfo("ruby#1")
	require.NoError(t, err)
	assert.Contains(t, info, "n: 5 (now)")
	loaded, err := UnmarshalState(g.prog, []byte(state))
	require.NoError(t, err)
	assert.Equal(t, state, marshal(t, loaded))
	assert.Equal(t, g.st.props.list, loaded.st.props.list)
}
