package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
)

// playScripted plays a game of p at the "terminal" with the answers in
// input and gives the player and what it printed.
func playScripted(t *testing.T, p *interpreter.Program, prm playParams, input string) (*player, string) {
	t.Helper()
	var out bytes.Buffer
	pl, err := newPlayer(prm, p, nil, "", strings.NewReader(input), &out)
	require.NoError(t, err)
	require.NoError(t, pl.run())
	pl.showRest()
	printResult(&out, pl.result(), pl.seats)
	return pl, out.String()
}

// TestPlayRunsOnTheFlatRuntime: a shipped game is played at the terminal
// on the flat runtime, to the end; the same game played on the present
// runtime prints the same, byte for byte (views, prompts, options, the
// log, the result and its details).
func TestPlayRunsOnTheFlatRuntime(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "cyclades", "")
	require.NoError(t, err)
	prm := playParams{Players: 3, Seats: "human,greedy,random", Seed: 4}
	input := "state\nshow\n1\n2\nundo\n1\n" + strings.Repeat("1\n", 600)
	pl, flat := playScripted(t, p, prm, input)
	assert.True(t, pl.g.flat(), "played on the flat runtime")
	assert.Contains(t, flat, "metropolises", "the result's details")
	onPresent := func() (playSession, error) { return startSession(p, nil, 3, 4, false) }
	var out bytes.Buffer
	pl, err = newPlayer(prm, p, nil, "", strings.NewReader(input), &out)
	require.NoError(t, err)
	pl.start, pl.presentStart = onPresent, onPresent
	pl.g, err = onPresent()
	require.NoError(t, err)
	require.NoError(t, pl.run())
	pl.showRest()
	printResult(&out, pl.result(), pl.seats)
	assert.False(t, pl.g.flat())
	header := strings.SplitAfterN(flat, "\n", 2)[0]
	assert.Equal(t, flat, header+strings.SplitAfterN(out.String(), "\n", 2)[1])
}

// TestPlayGoesOnOnThePresentRuntime: a stretch the flat runtime gives up
// (four heavy evaluations between two decisions: past one evaluation's
// budget in all, within the present runtime's limits) is played again on
// the present runtime, from the start with the same answers, and the
// game goes on there to its end.
func TestPlayGoesOnOnThePresentRuntime(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(`game: heavy
players: {min: 2, max: 2}
functions:
  f:
    params: {n: int}
    returns: int
    expr: "n == 0 ? 1 : f(n - 1) + f(n - 1)"
vars:
  total: {type: int}
flow:
  - choose: {who: 0, prompt: "start?", options: [{key: go}, {key: wait}]}
  - repeat: 5
    do:
      - {add: total, by: "f(17)"}
  - log: "total {total}"
  - choose: {who: 1, prompt: "end?", options: [{key: end}]}
scoring:
  score: total
`), 0o644))
	p, err := interpreter.Load(os.DirFS(dir), ".", "")
	require.NoError(t, err)
	pl, out := playScripted(t, p, playParams{Players: 2, Seats: "human,random", Seed: 1}, "1\n")
	assert.False(t, pl.g.flat(), "the game went on on the present runtime")
	assert.Contains(t, out, "total 655360")
	assert.Contains(t, out, "P1 (human)   655360")
}
