package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The warning about a variant that changes nothing stays when another
// variant has problems (it used to vanish), in the text and in --json.
func TestValidateKeepsTheChangesNothingWarningBesideProblems(t *testing.T) {
	tmp := withVariantFile(t, "t8", "variant: t8\npatch:\n  constants:\n    rounds: 8\n")
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "variant-t7.yaml"), []byte("variant: t7\npatch:\n  constants:\n    rounds: \"7\"\n"), 0o644))
	file := filepath.ToSlash(filepath.Join(tmp, "variant-t8.yaml"))
	warning := "variant t8 changes nothing: its rules equal the base rules"

	code, _, errOut := runCLI(t, "", "validate", tmp)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, errOut, "from variant t7")
	assert.Contains(t, errOut, "\n"+file+": warning: "+warning+"\n")

	code, out, errOut := runCLI(t, "", "validate", tmp, "--json")
	assert.Equal(t, exitProblems, code, errOut)
	var rep validateReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.NotEmpty(t, rep.Problems)
	assert.Equal(t, []jsonProblem{{File: file, Variant: "t8", Message: warning}}, rep.Warnings)
}

// validate warns of dead rules the load can see (an end_game setup always
// runs, a trigger whose when is false), after the ok line and in --json,
// and of those a variant brings, naming it; the check still passes.
func TestValidateWarnsOfDeadRules(t *testing.T) {
	rules := `game: quick
players: {min: 2, max: 2}
scoring: {score: 0}
setup:
  - {end_game: true}
flow:
  - choose: {who: 0, prompt: go, options: [{key: go}]}
`
	dir := oneFileRuleset(t, "quick", rules)
	variant := "variant: quiet\nadds:\n  triggers:\n    - {name: never, when: false, do: [{log: x}]}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "variant-quiet.yaml"), []byte(variant), 0o644))
	game, vfile := filepath.Join(dir, "game.yaml"), filepath.Join(dir, "variant-quiet.yaml")
	end := "this end_game always runs before anyone decides (setup runs it unconditionally): every game ends at once"
	never := `trigger "never" never fires: its when is false`

	code, out, stderr := runCLI(t, "", "validate", dir)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\n"+game+":5:5: warning: "+end+"\n"+vfile+":4:27: warning: "+never+" (with variant quiet)\n")

	code, out, stderr = runCLI(t, "", "validate", dir, "--json")
	require.Equal(t, exitOK, code, stderr)
	var rep validateReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, []jsonProblem{
		{File: game, Line: 5, Col: 5, Message: end},
		{File: vfile, Line: 4, Col: 27, Variant: "quiet", Message: never},
	}, rep.Warnings)
}
