package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter/sim"
)

// Bots play most of a run without rendering any text, so a label that
// fails at run time would go unnoticed until a person met it; one game in
// sim.TextCheckEvery renders everything, and the run reports the failure.
func TestSimulateFindsALabelThatFails(t *testing.T) {
	rules := "game: labels\nplayers: {min: 2, max: 2}\nconstants: {k: 0}\nvars: {x: {type: int}}\nscoring: {score: x}\n" +
		"flow:\n  - choose: {who: 0, prompt: go, options: [{key: go, label: \"go {div(1, k)}\", do: [{set: x, to: 1}]}]}\n"
	dir := oneFileRuleset(t, "labels", rules)

	games := 2 * sim.TextCheckEvery
	code, out, stderr := runCLI(t, "", "simulate", dir, "--players", "2", "--games", "32")
	require.Equal(t, 32, games)
	assert.Equal(t, exitProblems, code, stderr)
	assert.Contains(t, out, "errors: 2\n", "games 0 and 16 render their labels")
	assert.Contains(t, out, "division by zero")
}

// simulate and compare over several player counts say that their win
// rates pool them, in text and in --json; over one count they do not.
func TestWinRatesOverSeveralPlayerCountsSayTheyPool(t *testing.T) {
	requireCore(t)
	const note = "note: the win rates pool games of 2 and 3 players, where a seat's fair share differs (1/2 to 1/3)"
	code, out, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "2-3", "--games", "4", "--seed", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, note+"; each player count follows below\nwin rate by seat")
	_, out, _ = runCLI(t, "", "simulate", "peloponnes", "--players", "2-3", "--games", "4", "--seed", "1", "--json")
	assert.Contains(t, out, "\"pooled_player_counts\": [\n    2,\n    3\n  ]")
	_, out, _ = runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "2", "--seed", "1", "--json")
	assert.NotContains(t, out, "pooled_player_counts")

	_, out, _ = runCLI(t, "", "compare", "peloponnes", "--variant", "rich-income", "--players", "2-3", "--games", "4", "--seed", "1")
	assert.Contains(t, out, note+" (games are paired within a count)")
	_, out, _ = runCLI(t, "", "compare", "peloponnes", "--variant", "rich-income", "--players", "3", "--games", "4", "--seed", "1")
	assert.NotContains(t, out, "the win rates pool")
}
