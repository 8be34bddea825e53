package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBenchMeasuresTheFlatRuntime: agon bench plays its games again on
// the flat runtime with the same bots, requires them to take as many
// decisions, and reports what they cost beside the present runtime's.
func TestBenchMeasuresTheFlatRuntime(t *testing.T) {
	for _, game := range []string{"peloponnes", "politeia"} {
		code, out, errOut := runCLI(t, "", "bench", game, "--players", "3", "--games", "4", "--json")
		require.Equal(t, 0, code, errOut)
		var rep benchReport
		require.NoError(t, json.Unmarshal([]byte(out), &rep))
		assert.True(t, rep.Flat.Covered, "%s: %s", game, rep.Flat.Reason)
		assert.Positive(t, rep.Flat.GamesPerSecond, game)
		assert.InDelta(t, rep.Flat.GamesPerSecond/rep.GamesPerSecond, rep.Flat.Speedup, 1e-9, game)
	}
	code, out, _ := runCLI(t, "", "bench", "peloponnes", "--players", "2", "--games", "3")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "flat runtime (the rebuild, what simulate and compare run), the same games: ")
}

// TestBenchSaysWhatTheFlatRuntimeLacks: a ruleset the flat runtime does
// not cover yet is measured on the present runtime, and the flat line
// names what it lacks, where.
func TestBenchSaysWhatTheFlatRuntimeLacks(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(`game: tiny
players: {min: 2, max: 2}
player_vars:
  points: {type: int}
`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "flow.yaml"), []byte(`flow:
  - choose:
      who: 0
      prompt: "one or two?"
      options:
        - key: one
          legal_if_after: players[0].points < 5
          do:
            - {add: "players[0].points", by: 1}
        - key: two
          do:
            - {add: "players[0].points", by: 2}
scoring:
  score: players[me].points
`), 0o644))
	code, out, errOut := runCLI(t, "", "bench", dir, "--players", "2", "--games", "2")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "flat runtime (the rebuild, what simulate and compare run): not measured: the flat runtime does not cover it yet: ")
	assert.Contains(t, out, "flow.yaml:2:5: legal_if_after")
}
