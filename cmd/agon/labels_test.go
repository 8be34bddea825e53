package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The ruleset's report labels head simulate's text, the --report page
// and compare's rows; --json keeps the names and carries the labels.
func TestReportsUseTheRulesetsLabels(t *testing.T) {
	args := []string{"simulate", "peloponnes", "--players", "3", "--games", "6"}
	code, out, stderr := runCLI(t, "", args...)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "win rate by first-turn position (95% interval):")
	assert.Contains(t, out, "win rate by civilization (95% interval):", "a name without a label shows as written")
	assert.Regexp(t, `\n +catastrophes struck +\d`, out)
	assert.NotContains(t, out, "catastrophes_struck")

	// Cyclades' counter names (apollo_turns, …, zeus_turns) sort unlike
	// their labels; the rows follow the labels.
	code, out, stderr = runCLI(t, "", "simulate", "cyclades", "--players", "2", "--games", "2")
	require.Equal(t, exitOK, code, stderr)
	assert.Regexp(t, `\n +coins at the end .*\n +islands at the end .*(\n.*)*\n +turns with Apollo .*(\n.*)*\n +turns with Zeus `, out, "rows in the order of their headings")

	_, out, _ = runCLI(t, "", append(args, "--json")...)
	rep := decode(t, out)
	assert.Equal(t, "catastrophes struck", rep["labels"].(map[string]any)["catastrophes_struck"])
	assert.Contains(t, out, `"name": "catastrophes_struck"`)

	file := filepath.Join(t.TempDir(), "page.html")
	code, _, stderr = runCLI(t, "", append(args, "--report", file)...)
	require.Equal(t, exitOK, code, stderr)
	page, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(page), "Win rate by first-turn position")
	assert.Contains(t, string(page), "<td>catastrophes struck</td>")
	assert.NotContains(t, string(page), "catastrophes_struck")
	assert.Contains(t, string(page), ">seats</text>", "the score histogram counts seats (every seat of every game), not games")

	code, out, stderr = runCLI(t, "", "compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "30", "--top", "0")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "counter catastrophes struck ")
	assert.NotContains(t, out, "catastrophes_struck")
}
