package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fragileRules fail, with k set to 0, in exactly the games where seat 1
// chose luxury: on the games both sides finish the luxury counter is the
// same, so a comparison that paired A's finished games with B's compared
// rich games with poor ones.
const fragileRules = `game: fragile
players: {min: 2, max: 2}
constants: {k: 1}
vars: {x: {type: int}}
player_vars:
  luxury: {type: int}
scoring: {score: 0}
flow:
  - choose:
      who: 0
      prompt: luxury?
      options:
        - key: rich
          do:
            - {set: "players[0].luxury", to: "2"}
            - {set: x, to: "div(1, k)"}
        - key: poor
report:
  counters:
    luxury: "players[me].luxury"
`

// Games that failed in B only are left out of A's rows too (but the
// failed games' rate, which counts them all), and a note says so: the
// luxury counter, the same on every game both sides finished, is no
// difference (it was "significant", 0.54 against 0.00 over different
// games).
func TestCompareLeavesOutGamesOnlyOneSideFinished(t *testing.T) {
	dir := oneFileRuleset(t, "fragile", fragileRules)
	code, out, stderr := runCLI(t, "", "compare", dir, "--set", "k=0", "--games", "50", "--top", "0")
	assert.Equal(t, exitProblems, code, stderr)
	assert.Contains(t, out, "note: B: 27 games failed")
	assert.Contains(t, out, "\nnote: 27 games only A finished (failed or stopped in B) are left out of both sides' rows but the failed and stopped rates: the other rows pair the 23 games both sides finished\n")
	assert.NotContains(t, out, "counter luxury")
	assert.Regexp(t, `\n  games failed +0\.0% +54\.0% +\+54\.0 `, out)

	code, out, _ = runCLI(t, "", "compare", dir, "--set", "k=0", "--games", "50", "--json")
	assert.Equal(t, exitProblems, code)
	var sw struct {
		Comparisons []struct {
			Unpaired    map[string]int   `json:"unpaired"`
			Differences []map[string]any `json:"differences"`
		} `json:"comparisons"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sw), out)
	require.Len(t, sw.Comparisons, 1)
	c := sw.Comparisons[0]
	assert.Equal(t, map[string]int{"paired": 23, "only_a": 27, "only_b": 0}, c.Unpaired)
	require.Len(t, c.Differences, 1, "%v", c.Differences)
	failed := c.Differences[0]
	assert.Equal(t, "games failed", failed["statistic"])
	assert.EqualValues(t, 50, failed["n_a"])
	assert.EqualValues(t, 50, failed["n_b"])
	assert.EqualValues(t, 50, failed["pairs"])
}

// A side whose games failed says why, as simulate does: the note names
// each distinct error (with where it happened), not only how many games.
func TestCompareSaysWhyGamesFailed(t *testing.T) {
	dir := oneFileRuleset(t, "fragile", fragileRules)
	_, out, _ := runCLI(t, "", "compare", dir, "--set", "k=0", "--games", "50", "--top", "0")
	_, after, ok := strings.Cut(out, "note: B: 27 games failed")
	require.True(t, ok, out)
	assert.Regexp(t, `^[^\n]*\n  [^\n]*division by zero`, after, "the error follows the note")
}
