package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
)

func TestTranscriptOfAGameReplays(t *testing.T) {
	src := `
cards:
  gem:
    zone: deck
    attributes:
      name: {type: string}
      value: {type: int}
    props:
      shiny: {type: bool}
    rows:
      - {id: ruby, name: Ruby, value: 5}
      - {id: opal, name: Opal, value: 2}
      - {id: jade, name: Jade, value: 3}
      - {id: onyx, name: Onyx, value: 1}
      - {id: pearl, name: Pearl, value: 4}
zones:
  deck: {}
  pile: {}
  hand: {owner: player, visibility: owner}
setup:
  - {shuffle: deck}
flow:
  - repeat: 2
    do:
      - repeat: player_count
        as: p
        do:
          - choose:
              who: p
              prompt: "take a gem"
              options:
                - key: take
                  for_each: deck
                  as: c
                  do:
                    - {move: c, into: "players[p].hand"}
                    - {log: "P{p + 1} takes {c.name}"}
`
	p := rulestest.Load(t, src)
	cfg := interpreter.Config{Players: 2, Seed: 9}
	g, err := interpreter.NewGame(p, cfg)
	require.NoError(t, err)
	rulestest.Apply(t, g, g.Pending().Options[1].Key)
	partial := Of(g, cfg, []string{"human", "random"})
	assert.Nil(t, partial.Result, "an unfinished game has no result")
	rulestest.PlayFirst(t, g)
	tr := Of(g, cfg, []string{"human", "random"})
	require.NotNil(t, tr.Result)
	assert.Equal(t, []string{"human", "random"}, tr.Seats)
	assert.Equal(t, uint64(9), tr.Seed)
	back, err := Read("t.yaml", tr.Marshal())
	require.NoError(t, err)
	rep, err := Replay(p, back, ReplayOptions{Check: interpreter.CheckExpr})
	require.NoError(t, err)
	assert.Equal(t, 4, rep.Decisions)
}
