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
