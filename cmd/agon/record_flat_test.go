package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
	"agon/rulesets"
)

// TestRecordPlaysOnTheFlatRuntime: agon record plays a shipped game on
// the flat runtime (testgames' TestRecordFlatAgrees shows it is the
// same transcript), and Ctrl-C stops it there as on the present one.
func TestRecordPlaysOnTheFlatRuntime(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "athens", "")
	require.NoError(t, err)
	tr, ok, err := recordFlat(context.Background(), p, 3, 7, []string{"random", "greedy", "first"})
	require.True(t, ok)
	require.NoError(t, err)
	assert.NotNil(t, tr.Result)
	assert.Equal(t, []string{"random", "greedy", "first"}, tr.Seats)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tr, ok, err = recordFlat(ctx, p, 3, 7, []string{"random", "random", "random"})
	require.True(t, ok)
	assert.True(t, errors.Is(err, errInterrupted), "%v", err)
	assert.Nil(t, tr.Result)
	bots, berr := newBots([]string{"random", "random", "random"}, 7)
	require.NoError(t, berr)
	for i, b := range bots {
		bots[i] = interruptible{Bot: b, ctx: ctx}
	}
	want, wantErr := transcript.Record(p, interpreter.Config{Players: 3, Seed: 7}, bots)
	require.Error(t, wantErr)
	require.NotNil(t, want)
	assert.Equal(t, wantErr.Error(), err.Error())
	assert.Equal(t, string(want.Marshal()), string(tr.Marshal()), "the transcript so far, as on the present runtime")
}

// TestRecordFailsAsThePresentRuntimeSays: a game that fails part way is
// recorded again on the present runtime, whose error names the block and
// the decisions taken, and whose partial transcript is written.
func TestRecordFailsAsThePresentRuntimeSays(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(`game: tiny
players: {min: 2, max: 2}
vars:
  n: {type: int}
flow:
  - repeat: 3
    do:
      - choose:
          who: 0
          prompt: "go?"
          options: [{key: go, do: [{add: n, by: 1}]}, {key: wait}]
  - {fail: "the end"}
scoring:
  score: n
`), 0o644))
	p, err := interpreter.Load(os.DirFS(dir), ".", "")
	require.NoError(t, err)
	_, ok, _ := recordFlat(context.Background(), p, 2, 1, []string{"random", "random"})
	assert.False(t, ok, "the flat game fails: the present runtime records it")
	out := filepath.Join(t.TempDir(), "g.yaml")
	code, _, errOut := runCLI(t, "", "record", dir, "--players", "2", "-o", out)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, errOut, "ruleset failure: the end")
	assert.Contains(t, errOut, "after 3 decisions")
	data, err := os.ReadFile(out + ".partial")
	require.NoError(t, err)
	assert.Contains(t, string(data), "key: ")
}
