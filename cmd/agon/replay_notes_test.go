package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A golden of a checkout (testgames/GAME/NAME.yaml) that diverges says
// how to update it; the same file elsewhere does not.
func TestReplayOfAGoldenSaysHowToUpdateIt(t *testing.T) {
	requireCore(t)
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module agon\n"), 0o644))
	copyRuleset(t, filepath.Join(root, "rulesets", "peloponnes"), "flow.yaml", "{phase: bidding}", "{phase: bidding}")
	require.NoError(t, os.MkdirAll(filepath.Join(root, "testgames", "peloponnes"), 0o755))
	data, err := os.ReadFile(brokenGolden(t, "  - log: P1 bids 3 on Carpenter's Workshop\n", "  - log: P1 bids 4 on Carpenter's Workshop\n"))
	require.NoError(t, err)
	golden := filepath.Join(root, "testgames", "peloponnes", "g.yaml")
	require.NoError(t, os.WriteFile(golden, data, 0o644))
	t.Chdir(filepath.Join(root, "testgames"))
	code, out, _ := runCLI(t, "", "replay", "peloponnes/g.yaml")
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, out, `got log "P1 bids 3 on Carpenter's Workshop"; if the rules changed on purpose, go test ./testgames -run Golden -update rewrites this golden's log lines`)

	elsewhere := filepath.Join(root, "g.yaml")
	require.NoError(t, os.WriteFile(elsewhere, data, 0o644))
	_, out, _ = runCLI(t, "", "replay", elsewhere)
	assert.NotContains(t, out, "-update")
}

// replay --variant of a transcript that fails under its own rules says
// so, rather than blaming the variant.
func TestReplayVariantOfABrokenTranscriptBlamesTheTranscript(t *testing.T) {
	requireCore(t)
	file := brokenGolden(t, "    key: coins n=3\n", "    key: coins n=9\n")
	code, out, _ := runCLI(t, "", "replay", file, "--variant", "harsh-catastrophes")
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, out, "the transcript does not replay under its own rules (the base rules) either, so this is not the variant's doing; fix the transcript first (agon replay "+file+"):\n")
	assert.Contains(t, out, `expected decision "coins n=9" by P1 (decide: 0), but it is not legal here`)
	assert.NotContains(t, out, "first differs")

	_, out, _ = runCLI(t, "", "replay", file, "--variant", "harsh-catastrophes", "--json")
	assert.Contains(t, out, `"own_rules": "`)

	ok := recordGame(t)
	_, out, _ = runCLI(t, "", "replay", ok, "--variant", "harsh-catastrophes")
	assert.NotContains(t, out, "own rules", "a transcript that replays: the variant is the difference")
}

// A transcript whose game: was changed to another game says the game
// differs, not that the ruleset changed.
func TestReplayOfAnotherGamesTranscriptSaysTheGameDiffers(t *testing.T) {
	requireCore(t)
	file := recordGame(t) // peloponnes
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(file, []byte(strings.Replace(string(data), "game: peloponnes\n", "game: athens\n", 1)), 0o644))
	code, _, stderr := runCLI(t, "", "replay", file)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "note: the transcript was recorded with the rules of peloponnes, but its game: says athens: the game differs, not just the ruleset (put back game: peloponnes)")
	assert.NotContains(t, stderr, "the ruleset changed")
}

// A transcript recorded from a copy of a ruleset in another folder
// (ruleset_source: names it) and replayed against its game's own rules
// says how to use that copy: --ruleset and the folder while it is there,
// --ruleset DIR once it moved; explain says the same, and an unknown
// game: (the copy's own name) gets the same hint.
func TestReplayOfACopysTranscriptSuggestsRuleset(t *testing.T) {
	requireCore(t)
	root := t.TempDir()
	dir := filepath.Join(root, "copy")
	copyRuleset(t, dir, "constants.yaml", "  rounds: 8 ", "  rounds: 7 ")
	file := filepath.Join(root, "t.yaml")
	code, _, stderr := runCLI(t, "", "record", dir, "--players", "2", "--seed", "3", "-o", file)
	require.Equal(t, exitOK, code, stderr)

	_, _, stderr = runCLI(t, "", "replay", file)
	assert.Contains(t, stderr, "the ruleset changed since the transcript was recorded")
	assert.Contains(t, stderr, "; to use the copy it was recorded from, give --ruleset "+dir+"\n")
	code, out, stderr := runCLI(t, "", "replay", file, "--ruleset", dir)
	assert.Equal(t, exitOK, code, out+stderr)
	assert.NotContains(t, stderr, "note:")

	moved := filepath.Join(root, "moved")
	require.NoError(t, os.Rename(dir, moved))
	for _, args := range [][]string{{"replay", file}, {"explain", file, "--step", "2"}} {
		_, _, stderr = runCLI(t, "", args...)
		assert.Contains(t, stderr, "; the folder it was recorded from, "+filepath.ToSlash(dir)+", is not there now: if that ruleset moved, give --ruleset DIR with the folder it is in now\n", args[0])
	}

	data, err := os.ReadFile(file)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(file, []byte(strings.Replace(string(data), "game: peloponnes\n", "game: mygame\n", 1)), 0o644))
	_, out, stderr = runCLI(t, "", "replay", file)
	assert.Contains(t, out+stderr, `unknown game "mygame": built-in games are athens, cyclades, peloponnes, politeia (the folder it was recorded from, `)

	// From inside the ruleset's folder (a new designer's first replay of
	// a game of their own): "--ruleset .", not "--ruleset ./.".
	require.NoError(t, os.Rename(moved, dir))
	t.Chdir(dir)
	_, out, stderr = runCLI(t, "", "replay", file)
	assert.Contains(t, out+stderr, `(to use the copy it was recorded from, give --ruleset .)`)
	t.Chdir(root)
	_, out, stderr = runCLI(t, "", "replay", file)
	assert.Contains(t, out+stderr, `(to use the copy it was recorded from, give --ruleset `+filepath.FromSlash("./copy")+`)`)
}

// The explain command replay suggests repeats its --ruleset (outside
// reliability audit: without it explain showed the built-in game, another
// game from the one that diverged), and quotes a file name a shell would
// split.
func TestReplaySuggestsExplainWithItsRuleset(t *testing.T) {
	requireCore(t)
	root := t.TempDir()
	dir := filepath.Join(root, "copy")
	copyRuleset(t, dir, "constants.yaml", "  rounds: 8 ", "  rounds: 7 ")
	file := filepath.Join(root, "my game.yaml")
	code, _, stderr := runCLI(t, "", "record", "peloponnes", "--players", "2", "--seed", "3", "-o", file)
	require.Equal(t, exitOK, code, stderr)
	code, out, stderr := runCLI(t, "", "replay", file, "--ruleset", dir)
	require.NotEqual(t, exitOK, code, out+stderr)
	assert.Regexp(t, `agon explain '`+regexp.QuoteMeta(file)+`' --step \d+ --ruleset `+regexp.QuoteMeta(dir)+`\n`, out+stderr)
	_, out, _ = runCLI(t, "", "replay", file, "--ruleset", dir, "--json")
	assert.Regexp(t, `"explain": "agon explain '`+regexp.QuoteMeta(file)+`' --step \d+ --ruleset `+regexp.QuoteMeta(dir)+`"`, out)
}
