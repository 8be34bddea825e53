package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A ruleset whose games end before any decision (here, a flow that ends
// at once) is reported as a warning, in both outputs.
func TestSimulateWarnsAboutGamesWithoutDecisions(t *testing.T) {
	rules := "game: quick\nplayers: {min: 2, max: 2}\nscoring: {score: 0}\nflow:\n  - end_game: true\n"
	dir := oneFileRuleset(t, "quick", rules)

	code, out, stderr := runCLI(t, "", "simulate", dir, "--players", "2", "--games", "3", "--json")
	require.Equal(t, exitOK, code, stderr+out)
	var s map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &s), out)
	assert.EqualValues(t, 3, s["games_without_decisions"])
	assert.Len(t, s["warnings"], 3)
	assert.Contains(t, s["warnings"].([]any)[0], "game 1 (2 players, seed")

	code, out, _ = runCLI(t, "", "simulate", dir, "--players", "2", "--games", "3")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "warning: 3 games ended without a decision")
}

// oneFileRuleset writes rules as the game.yaml of a ruleset folder named
// name in a temporary directory, and returns the folder.
func oneFileRuleset(t *testing.T, name, rules string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(rules), 0o644))
	return dir
}
