package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// agon replay ./mygame t.yaml, written as the commands whose first argument
// is a RULESET are, replays t.yaml against ./mygame.
func TestReplayRulesetFolderArgument(t *testing.T) {
	file := recordGame(t)
	dir := t.TempDir()
	same := filepath.Join(dir, "same")
	copyRuleset(t, same, "flow.yaml", "{phase: bidding}", "{phase: bidding}")

	code, out, stderr := runCLI(t, "", "replay", same, file, "--json")
	require.Equal(t, exitOK, code, stderr+out)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, true, rep["ok"])
	assert.Contains(t, rep["ruleset_source"], "same", "the folder is the ruleset")
	assert.Contains(t, stderr, "is a ruleset's folder: replaying against it (the same as --ruleset "+same+")")

	broken := filepath.Join(dir, "broken")
	copyRuleset(t, broken, "flow.yaml", "{phase: bidding}", "{phase: biding}")
	code, out, stderr = runCLI(t, "", "replay", broken, file)
	assert.Equal(t, exitProblems, code, out)
	assert.Contains(t, stderr+out, "broken/flow.yaml:", "the folder's own rules were loaded")

	code, _, stderr = runCLI(t, "", "replay", same)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "to check it, run agon validate "+same+"; to replay a transcript against it, agon replay --ruleset "+same+" FILE")

	code, _, stderr = runCLI(t, "", "replay", same, file, "--ruleset", "peloponnes")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--ruleset peloponnes names the ruleset already")
}
