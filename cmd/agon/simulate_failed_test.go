package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// When every game fails there is nothing to summarise: the report says so
// instead of printing scores of 0 as if they were results, and the JSON
// has null where a summary of values would be.
func TestSimulateEveryGameFailed(t *testing.T) {
	rules := "game: broken\nplayers: {min: 2, max: 3}\nconstants: {k: 1}\nvars: {x: {type: int}}\nscoring: {score: 0}\n" +
		"flow:\n  - choose: {who: 0, prompt: go, options: [{key: go}]}\n  - {set: x, to: \"div(k, x)\"}\n"
	dir := oneFileRuleset(t, "broken", rules)

	code, out, stderr := runCLI(t, "", "simulate", dir, "--players", "2-3", "--games", "4")
	assert.Equal(t, exitProblems, code, stderr)
	assert.Contains(t, out, "errors: 4\n")
	assert.Contains(t, out, "division by zero")
	assert.Contains(t, out, "\nno finished games to summarise (every game failed or was stopped)\n")
	assert.Contains(t, out, "\n2 players: 2 games\n  errors: 2\n")
	assert.Contains(t, out, "\n  no finished games to summarise")
	for _, zero := range []string{"scores:", "winning margin:", "decisions per game:", "win rate by seat"} {
		assert.NotContains(t, out, zero)
	}

	code, out, _ = runCLI(t, "", "simulate", dir, "--players", "2-3", "--games", "4", "--json")
	assert.Equal(t, exitProblems, code)
	var s map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &s), out)
	assert.EqualValues(t, 4, s["errors"])
	for _, key := range []string{"scores", "margins", "decisions"} {
		assert.Contains(t, s, key)
		assert.Nil(t, s[key], key)
		assert.Nil(t, s["by_players"].(map[string]any)["2"].(map[string]any)[key], key)
	}

	code, out, _ = runCLI(t, "", "simulate", dir, "--players", "2", "--games", "2", "--set", "k=1,2")
	assert.Equal(t, exitProblems, code)
	assert.Regexp(t, `\n +1 +2 +2 +0 +- +- +-\s*\n`, out, "a sweep's means of no games are -, not 0")
}

// A run whose every game is stopped by the decision limit has no result:
// it exits 1 as a run whose games all failed does (it exited 0; outside
// reliability audit).
func TestSimulateEveryGameStopped(t *testing.T) {
	rules := "game: endless\nplayers: {min: 2, max: 2}\nvars: {x: {type: int}}\nscoring: {score: 0}\n" +
		"flow:\n  - while: x >= 0\n    do:\n      - choose: {who: 0, prompt: go, options: [{key: go}, {key: stay}]}\n  - end_game: true\n"
	dir := oneFileRuleset(t, "endless", rules)
	code, out, stderr := runCLI(t, "", "simulate", dir, "--games", "2")
	assert.Equal(t, exitProblems, code, stderr)
	assert.Contains(t, out, "no finished games to summarise (every game failed or was stopped)")
}

// --rows, --stats and --report may not name one file: the last written
// replaced the others (outside reliability audit).
func TestSimulateRefusesOneFileForTwoOutputs(t *testing.T) {
	file := filepath.Join(t.TempDir(), "same.out")
	code, _, stderr := runCLI(t, "", "simulate", "peloponnes", "--games", "2", "--rows", file, "--stats", file)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "error: --rows and --stats both name "+file+": give each its own file")
	assert.NoFileExists(t, file)
}
