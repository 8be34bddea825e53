package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBenchMeasuresTheFlatRuntime: agon bench measures the games on the
// runtime simulate plays them on (the flat one, for the shipped games),
// requires the present runtime to take as many decisions in the same
// games, and reports what those cost beside them.
func TestBenchMeasuresTheFlatRuntime(t *testing.T) {
	for _, game := range []string{"peloponnes", "politeia"} {
		code, out, errOut := runCLI(t, "", "bench", game, "--players", "3", "--games", "4", "--json")
		require.Equal(t, 0, code, errOut)
		var rep benchReport
		require.NoError(t, json.Unmarshal([]byte(out), &rep))
		assert.Equal(t, "flat", rep.Runtime, "%s: %s", game, rep.RuntimeReason)
		assert.Empty(t, rep.RuntimeReason, game)
		assert.Positive(t, rep.GamesPerSecond, game)
		assert.Equal(t, rep.Decisions, rep.Present.Decisions, "%s: the same games", game)
		assert.Positive(t, rep.Present.GamesPerSecond, game)
		assert.InDelta(t, rep.GamesPerSecond/rep.Present.GamesPerSecond, rep.Present.Speedup, 1e-9, game)
		assert.Equal(t, rep.Present.Clone.AfterDecisions, rep.Clone.AfterDecisions, "%s: the same state cloned", game)
		assert.Positive(t, rep.Clone.Microseconds, game)
		assert.Positive(t, rep.Present.Clone.Microseconds, game)
		assert.Less(t, rep.AllocsPerGame, rep.Present.AllocsPerGame, "%s: the flat runtime's allocations are its own", game)
	}
	code, out, _ := runCLI(t, "", "bench", "peloponnes", "--players", "2", "--games", "3")
	require.Equal(t, 0, code)
	assert.Regexp(t, `(?m)^games on the flat runtime \(the one simulate and compare play on\): 3 games, \d+ decisions in `, out)
	assert.Regexp(t, `(?m)^present runtime \(the reference, which every command falls back to\), the same games: [0-9.]+ games/s \(the flat runtime is [0-9.]+x that\)`, out)
}

// TestBenchSaysWhatTheFlatRuntimeLacks: a ruleset the flat runtime does
// not cover yet is measured on the present runtime, which simulate plays
// it on, and the first line names what the flat runtime lacks, where.
func TestBenchSaysWhatTheFlatRuntimeLacks(t *testing.T) {
	dir := uncoveredRuleset(t)
	code, out, errOut := runCLI(t, "", "bench", dir, "--players", "2", "--games", "2")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "games on the present runtime (simulate and compare play this ruleset on it: the flat runtime does not cover it yet: ")
	assert.Contains(t, out, "flow.yaml:2:5: distinct of a bool")
	assert.NotContains(t, out, "present runtime (what play", "one runtime measured, one line")
	code, out, errOut = runCLI(t, "", "bench", dir, "--players", "2", "--games", "2", "--json")
	require.Equal(t, 0, code, errOut)
	var rep benchReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, "present", rep.Runtime)
	assert.Contains(t, rep.RuntimeReason, "distinct of a bool")
	assert.Equal(t, 1.0, rep.Present.Speedup)
	assert.Equal(t, rep.GamesPerSecond, rep.Present.GamesPerSecond)
}

// uncoveredRuleset writes a ruleset the flat runtime does not cover yet
// (options told apart by a bool, distinct: at flow.yaml:2:5) and gives
// its folder.
func uncoveredRuleset(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(`game: tiny
players: {min: 2, max: 2}
player_vars:
  points: {type: int}
`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "flow.yaml"), []byte(`flow:
  - choose:
      who: 0
      prompt: "how many?"
      options:
        - key: take
          for_each: "[1, 2, 3]"
          as: n
          distinct: n > 1
          do:
            - {add: "players[0].points", by: n}
scoring:
  score: players[me].points
`), 0o644))
	return dir
}
