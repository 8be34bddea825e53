package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter/sim"
)

// Bots play most of a run without rendering any text, so a label that
// fails at run time would go unnoticed until a person met it; one game in
// sim.TextCheckEvery renders everything, and the run reports the failure.
func TestSimulateFindsALabelThatFails(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "labels")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	rules := "game: labels\nplayers: {min: 2, max: 2}\nconstants: {k: 0}\nvars: {x: {type: int}}\nscoring: {score: x}\n" +
		"flow:\n  - choose: {who: 0, prompt: go, options: [{key: go, label: \"go {div(1, k)}\", do: [{set: x, to: 1}]}]}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(rules), 0o644))

	games := 2 * sim.TextCheckEvery
	code, out, stderr := runCLI(t, "", "simulate", dir, "--players", "2", "--games", "32")
	require.Equal(t, 32, games)
	assert.Equal(t, exitProblems, code, stderr)
	assert.Contains(t, out, "errors: 2\n", "games 0 and 16 render their labels")
	assert.Contains(t, out, "division by zero")
}
