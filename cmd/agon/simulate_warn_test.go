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
	// Each game says which end_game ended it (a new designer's end_game
	// in setup, or a trigger true at once, was left to guess).
	assert.Contains(t, out, ") ended without a decision: the end_game at "+filepath.Join(dir, "game.yaml")+":5:5 (in flow)\n")
}

// play of a game that ends before anyone decides says so, and which
// end_game ended it (it printed the scores alone).
func TestPlayWarnsOfAGameEndedBeforeAnyDecision(t *testing.T) {
	rules := `game: quick
players: {min: 2, max: 2}
scoring: {score: 0}
vars: {round: {type: int}}
triggers:
  - name: over
    when: round == 0
    do: [{end_game: true}]
flow:
  - choose: {who: 0, prompt: go, options: [{key: go}]}
`
	dir := oneFileRuleset(t, "quick", rules)
	code, out, stderr := runCLI(t, "", "play", dir, "--players", "2", "--seed", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "Final scores")
	assert.Contains(t, stderr, "warning: the game ended before anyone decided: the end_game at "+filepath.Join(dir, "game.yaml")+":8:10 (in trigger over)\n")

	rules = "game: quick\nplayers: {min: 2, max: 2}\nscoring: {score: 0}\nflow: [{log: hi}]\n"
	dir = oneFileRuleset(t, "quick", rules)
	code, _, stderr = runCLI(t, "", "play", dir, "--players", "2", "--seed", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "warning: the game ended before anyone decided: the flow ran to its end\n")
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
