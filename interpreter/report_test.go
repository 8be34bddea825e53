package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reportRules is a small game with a report section: each seat starts
// with a role, takes cards from a deck into its tableau (a hand move and
// a discard do not count), and counts its disasters.
const reportRules = `
zones:
  deck: {}
  discard: {}
  tableau: {owner: player}
  hand: {owner: player}
cards:
  gem:
    zone: deck
    attributes: {value: {type: int}}
    rows:
      - {id: ruby, value: 3}
      - {id: opal, value: 1}
      - {id: jade, value: 2}
      - {id: onyx, value: 4}
      - {id: pearl, value: 5}
      - {id: amber, value: 6}
player_vars:
  role: {type: string}
  disasters: {type: int}
setup:
  - for_each: players
    as: p
    do:
      - set: "players[p.id].role"
        to: "p.id == 0 ? 'king' : 'knave'"
  - move: "deck[2]"
    into: players[0].tableau
flow:
  - repeat: 2
    do:
      - for_each: players
        as: p
        do:
          - choose:
              who: p.id
              prompt: take?
              options:
                - key: take
                  do:
                    - draw: 1
                      from: deck
                      into: players[p.id].hand
                    - move: "players[p.id].hand"
                      into: players[p.id].tableau
                    - add: "players[p.id].disasters"
                      by: 1
                - key: grab
                  do:
                    - move: "deck[len(deck) - 1]"
                      into: players[p.id].tableau
                - key: pass
                  do:
                    - move: "players[p.id].tableau"
                      into: players[p.id].tableau
  - set: "players[0].role"
    to: "'changed'"
report:
  attributes:
    role: "players[me].role"
    seat: me + 1
  counters:
    disasters: "players[me].disasters"
    held: "len(players[me].tableau)"
  takes: [tableau]
`

func TestFactsReportAttributesCountersAndTakes(t *testing.T) {
	g := start(t, reportRules, 2)
	for _, k := range []string{"take", "pass", "pass", "take"} {
		require.NoError(t, g.Apply(k))
	}
	require.True(t, g.Over())
	f := g.Facts()
	require.Len(t, f.Seats, 2)
	// Attributes are read when setup ends: the role set later does not show.
	assert.Equal(t, []NamedText{{"role", "king"}, {"seat", "1"}}, f.Seats[0].Attributes)
	assert.Equal(t, []NamedText{{"role", "knave"}, {"seat", "2"}}, f.Seats[1].Attributes)
	// Counters are sorted by name; jade was dealt in setup, not taken.
	assert.Equal(t, []NamedCount{{"disasters", 1}, {"held", 2}}, f.Seats[0].Counters)
	assert.Equal(t, []NamedCount{{"disasters", 1}, {"held", 1}}, f.Seats[1].Counters)
	// Moves within the tableau (pass) are not takes; hand is not a takes zone.
	assert.Equal(t, []CardTake{{Card: "ruby", Seat: 0, Decision: 1}, {Card: "opal", Seat: 1, Decision: 4}}, f.Takes)
}

func TestFactsWithoutReportAreEmpty(t *testing.T) {
	src := reportRules[:strings.Index(reportRules, "report:")]
	g := start(t, src, 2)
	require.NoError(t, g.Apply("take"))
	f := g.Facts()
	require.Len(t, f.Seats, 2)
	assert.Empty(t, f.Takes)
	assert.Empty(t, f.Seats[0].Attributes)
	assert.Empty(t, f.Seats[0].Counters)
}

func TestFactsCountersAreReadLiveBeforeTheEnd(t *testing.T) {
	g := start(t, reportRules, 2)
	require.NoError(t, g.Apply("take"))
	assert.Equal(t, []NamedCount{{"disasters", 1}, {"held", 2}}, g.Facts().Seats[0].Counters)
	require.NoError(t, g.Apply("take"))
	assert.Equal(t, []NamedCount{{"disasters", 1}, {"held", 1}}, g.Facts().Seats[1].Counters)
}

func TestFactsSurviveCloneWithoutAliasing(t *testing.T) {
	g := start(t, reportRules, 2)
	for _, k := range []string{"take", "take", "take"} {
		require.NoError(t, g.Apply(k))
	}
	require.Len(t, g.Facts().Takes, 3) // room for a fourth in the slice
	cl := g.Clone()
	require.NoError(t, cl.Apply("take"))
	assert.Len(t, g.Facts().Takes, 3, "the clone's take shows in the original")
	require.NoError(t, g.Apply("grab"))
	assert.Equal(t, CardTake{Card: "pearl", Seat: 1, Decision: 4}, cl.Facts().Takes[3], "the original's take overwrote the clone's")
	assert.Equal(t, CardTake{Card: "amber", Seat: 1, Decision: 4}, g.Facts().Takes[3])
	// Facts hands out copies: changing them changes nothing in the game.
	f := g.Facts()
	f.Takes[0].Card = "x"
	f.Seats[0].Attributes[0].Value = "x"
	f.Seats[0].Counters[0].Value = 99
	assert.Equal(t, "ruby", g.Facts().Takes[0].Card)
	assert.Equal(t, "king", g.Facts().Seats[0].Attributes[0].Value)
	assert.Equal(t, 2, g.Facts().Seats[0].Counters[0].Value)
	assert.Equal(t, g.Facts(), g.Clone().Facts())
}

func TestFactsSurviveSerialisation(t *testing.T) {
	g := start(t, reportRules, 2)
	for _, k := range []string{"take", "take", "pass", "take"} {
		require.NoError(t, g.Apply(k))
	}
	data, err := g.MarshalState()
	require.NoError(t, err)
	back, err := UnmarshalState(g.Program(), data)
	require.NoError(t, err)
	assert.Equal(t, g.Facts(), back.Facts())
	assert.Len(t, back.Facts().Takes, 3)
}

func TestFactsCounterFailureStopsTheGame(t *testing.T) {
	src := strings.Replace(reportRules, `held: "len(players[me].tableau)"`, `held: "players[me].tableau[5].value"`, 1)
	g := start(t, src, 1)
	require.NoError(t, g.Apply("take"))
	err := g.Apply("take")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "report counter held")
	assert.Contains(t, err.Error(), rulesFile+":")
}

func TestReportLoadErrors(t *testing.T) {
	for _, c := range []struct{ replace, with, want string }{
		{"takes: [tableau]", "takes: [tablaeu]", `report takes: unknown zone "tablaeu" (did you mean "tableau"?)`},
		{"takes: [tableau]", "takes: [deck]", `report takes: zone "deck" is not a player zone`},
		{"takes: [tableau]", "takes: [tableau, tableau]", `report takes: zone "tableau" is already listed at`},
		{`disasters: "players[me].disasters"`, `disasters: "players[me].disaster"`, `did you mean`},
		{`disasters: "players[me].disasters"`, `disasters: "players[me].role"`, `must be int`},
		{`seat: me + 1`, `role: me`, `role`},
		{"  counters:", "  countres:", `did you mean "counters"`},
	} {
		src := strings.Replace(reportRules, c.replace, c.with, 1)
		require.NotEqual(t, src, reportRules, c.replace)
		msg := loadErr(t, src)
		assert.Contains(t, msg, c.want)
		assert.Contains(t, msg, rulesFile+":")
	}
}
