package transcript

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
)

// gemRules is a small game: two rounds in which each player takes a gem.
const gemRules = `
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

func TestTranscriptOfAGameReplays(t *testing.T) {
	p := rulestest.Load(t, gemRules)
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

func TestUnfinishedTranscriptReplaysUpToItsEnd(t *testing.T) {
	p := rulestest.Load(t, gemRules)
	cfg := interpreter.Config{Players: 2, Seed: 9}
	g, err := interpreter.NewGame(p, cfg)
	require.NoError(t, err)
	rulestest.Apply(t, g, g.Pending().Options[1].Key)
	text := Of(g, cfg, []string{"human", "random"}).Marshal()
	assert.Contains(t, string(text), "\nunfinished: true\n")
	partial, err := Read("t.yaml", text)
	require.NoError(t, err)
	require.True(t, partial.Unfinished)
	rep, err := Replay(p, partial, ReplayOptions{})
	require.NoError(t, err, "an unfinished game replays up to where it stops")
	assert.True(t, rep.Unfinished)
	assert.Equal(t, 1, rep.Decisions)

	rulestest.PlayFirst(t, g)
	done := Of(g, cfg, []string{"human", "random"})
	assert.False(t, done.Unfinished)
	assert.NotContains(t, string(done.Marshal()), "unfinished")
	done.Result, done.Unfinished = nil, true
	_, err = Replay(p, done, ReplayOptions{})
	require.Error(t, err, "a game marked unfinished must not end")
	assert.Contains(t, err.Error(), "expected the game to go on (the transcript is marked unfinished), got the end of the game")

	partial.Unfinished = false
	_, err = Replay(p, partial, ReplayOptions{})
	require.Error(t, err, "without the mark, the game must end where the steps do")
	assert.Contains(t, err.Error(), "expected the game to end")
}

func TestUnfinishedTranscriptHasNoResult(t *testing.T) {
	text := "game: g\nplayers: 2\nunfinished: true\nsteps: []\nresult:\n  scores: [1, 2]\n  winners: [1]\n"
	_, err := Read("t.yaml", []byte(text))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "t.yaml:3:13: an unfinished game has no result")
	_, err = Read("t.yaml", []byte("game: g\nplayers: 2\nunfinished: yes please\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "t.yaml:3:13: expected true or false")
}

// An unfinished transcript ends wherever it was cut, even between a
// decision and the log lines it led to: replay checks up to its last step.
func TestUnfinishedTranscriptCutInsideAStep(t *testing.T) {
	p := rulestest.Load(t, gemRules)
	cfg := interpreter.Config{Players: 2, Seed: 9}
	g, err := interpreter.NewGame(p, cfg)
	require.NoError(t, err)
	rulestest.Apply(t, g, g.Pending().Options[1].Key)
	rulestest.Apply(t, g, g.Pending().Options[0].Key)
	partial := Of(g, cfg, []string{"human", "random"})
	require.True(t, hasLogs(partial.Steps[:len(partial.Steps)-1]), "log steps are compared")
	last := len(partial.Steps) - 1
	require.Equal(t, StepLog, partial.Steps[last].Kind)
	require.Equal(t, StepDecide, partial.Steps[last-1].Kind)
	partial.Steps = partial.Steps[:last]
	rep, err := Replay(p, partial, ReplayOptions{})
	require.NoError(t, err)
	assert.True(t, rep.Unfinished)
	assert.Equal(t, 2, rep.Decisions)

	partial.Steps[last-1].Key = "nonsense"
	_, err = Replay(p, partial, ReplayOptions{})
	require.Error(t, err, "the steps it has are still compared")
}

// A finished transcript must end with its result: one without replays to
// a divergence that gives the result to write.
func TestFinishedTranscriptNeedsAResult(t *testing.T) {
	p := rulestest.Load(t, gemRules)
	cfg := interpreter.Config{Players: 2, Seed: 9}
	g, err := interpreter.NewGame(p, cfg)
	require.NoError(t, err)
	rulestest.PlayFirst(t, g)
	done := Of(g, cfg, []string{"random", "random"})
	require.NotNil(t, done.Result)
	want := fmt.Sprintf("expected result: with the final scores and winners, but the transcript has none (the game ended with scores: %s, winners: %s; write them under result:)",
		flowInts(done.Result.Scores), flowInts(done.Result.Winners))
	done.Result = nil
	_, err = Replay(p, done, ReplayOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), want)
}
