package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The decision pending when effects are Exec'd (a scenario's run: step)
// is asked again when they are done: a card they moved away is no longer
// offered (its options used to stay as they were listed before).
func TestExecAsksThePendingDecisionAgain(t *testing.T) {
	src := `cards:
  goods:
    zone: deck
    rows: [{id: a}, {id: b}]
zones:
  deck: {}
  hand: {owner: player}
flow:
  - choose:
      who: 0
      prompt: take one
      options:
        - key: take
          for_each: deck
          as: c
          do: [{move: c, into: "players[0].hand"}]
`
	g := start(t, src, 2)
	assert.Equal(t, []string{"take c=a", "take c=b"}, keys(t, g))
	require.NoError(t, g.Exec(`- {move: "card('a')", into: "players[1].hand"}`))
	assert.Equal(t, []string{"take c=b"}, keys(t, g))

	err := g.Exec(`- {move: "card('b')", into: "players[1].hand"}`)
	require.Error(t, err, "no option is left")
	assert.Contains(t, err.Error(), "no legal option for P1: add an option for this case (in choose (asked again after the run: effects)")
}
