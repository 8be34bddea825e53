package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deadRules is a ruleset with a dead trigger, and a variant that adds
// another: validate warns of both; simulate, compare and play said
// nothing of them, so a variant whose only rule can never fire read as a
// variant that "reached no game".
const deadRules = `game: dead
players: {min: 2, max: 2}
vars: {total: {type: int}}
triggers:
  - name: never
    when: "false"
    do: [{add: total, by: 1}]
flow:
  - choose: {who: 0, prompt: go, options: [{key: go}]}
scoring: {score: 0}
`

const deadVariant = `variant: more
adds:
  triggers:
    - name: never2
      when: "false"
      do: [{add: total, by: 2}]
`

// Simulate, compare and play print the dead rules validate prints, once,
// on stderr (not in --json's data); compare prints B's own under its
// variant's name.
func TestDeadRulesWarnOutsideValidate(t *testing.T) {
	dir := oneFileRuleset(t, "dead", deadRules)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "variant-more.yaml"), []byte(deadVariant), 0o644))
	base := filepath.Join(dir, "game.yaml") + `:6:12: warning: trigger "never" never fires: its when is false` + "\n"
	own := filepath.Join(dir, "variant-more.yaml") + `:5:14: warning: trigger "never2" never fires: its when is false`

	code, out, stderr := runCLI(t, "", "simulate", dir, "--players", "2", "--games", "3", "--json")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, base, stderr)
	assert.NotContains(t, out, "never fires")

	code, _, stderr = runCLI(t, "", "compare", dir, "--variant", "more", "--players", "2", "--games", "3")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, base+own+" (with variant more)\n", stderr)
	assert.Equal(t, 1, strings.Count(stderr, `"never" never fires`), "A's warning once")

	code, _, stderr = runCLI(t, "", "simulate", dir, "--variant", "more", "--players", "2", "--games", "3")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, base+own+"\n", stderr)

	code, _, stderr = runCLI(t, "", "play", dir, "--players", "2", "--seats", "random", "--seed", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, base)
}

// simulate --variant of a variant whose rules equal the base rules said
// nothing of it (validate warns, compare notes it): its report read as the
// variant's.
func TestSimulateWarnsOfAVariantThatChangesNothing(t *testing.T) {
	rules := "game: same\nplayers: {min: 2, max: 2}\nconstants: {n: 1}\nflow:\n  - choose: {who: 0, prompt: go, options: [{key: go}]}\nscoring: {score: n}\n"
	dir := oneFileRuleset(t, "same", rules)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "variant-noop.yaml"), []byte("variant: noop\npatch: {constants: {n: 1}}\n"), 0o644))
	const want = "warning: variant noop changes nothing: its rules equal the base rules\n"
	code, _, stderr := runCLI(t, "", "simulate", dir, "--variant", "noop", "--players", "2", "--games", "2", "--json")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, want, stderr)
	code, _, stderr = runCLI(t, "", "play", dir, "--variant", "noop", "--players", "2", "--seats", "random", "--seed", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, want)
	code, _, stderr = runCLI(t, "", "simulate", dir, "--players", "2", "--games", "2")
	require.Equal(t, exitOK, code, stderr)
	assert.Empty(t, stderr, "the base rules: nothing to say")
}
