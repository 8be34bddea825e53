package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTranscriptOfAGameReplays(t *testing.T) {
	src := gemsDeck + `
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
	p := load(t, src)
	cfg := Config{Players: 2, Seed: 9}
	g, err := NewGame(p, cfg)
	require.NoError(t, err)
	apply(t, g, g.Pending().Options[1].Key)
	partial := TranscriptOf(g, cfg, []string{"human", "random"})
	assert.Nil(t, partial.Result, "an unfinished game has no result")
	playFirst(t, g)
	tr := TranscriptOf(g, cfg, []string{"human", "random"})
	require.NotNil(t, tr.Result)
	assert.Equal(t, []string{"human", "random"}, tr.Seats)
	assert.Equal(t, uint64(9), tr.Seed)
	back, err := ReadTranscript("t.yaml", tr.Marshal())
	require.NoError(t, err)
	rep, err := Replay(p, back, ReplayOptions{Check: CheckExpr})
	require.NoError(t, err)
	assert.Equal(t, 4, rep.Decisions)
}
