package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A wrong number of arguments says what the command needs and shows one
// of its examples (cobra said "accepts 1 arg(s), received 0").
func TestArgumentCountErrorsSayWhatIsNeeded(t *testing.T) {
	assertUsageErrors(t, map[string]string{
		"simulate":                          "simulate needs RULESET: a game's name (athens, cyclades, peloponnes, politeia) or a folder of ruleset YAML files; e.g. agon simulate peloponnes",
		"replay":                            "replay needs FILE...: transcript or scenario files",
		"merge":                             "merge needs FILE...: the files simulate --stats wrote, one per shard; e.g. agon merge ",
		"explain":                           "explain needs TRANSCRIPT: a transcript file",
		"validate a b":                      "validate takes 1 argument (RULESET), not 2: a b",
		"play peloponnes extra":             "play takes at most 1 argument ([RULESET]), not 2: peloponnes extra",
		"compare a b c":                     "compare takes at most 2 arguments (RULESET [RULESET2]), not 3: a b c",
		"simulate peloponnes --players 2 3": "not 2: peloponnes 3; a flag takes one value, so 3 is an argument: several player counts are written --players 2,3 or 2-5",
	})
	_, _, stderr := runCLI(t, "", "explain", "a.yaml", "3", "--step", "1")
	assert.NotContains(t, stderr, "--players", "a command without --players gets no hint about it")
}

// A misspelt flag gets the command's closest flag; a flag the command
// does not have, the list of its flags; a long flag with one dash, the
// two dashes it needs.
func TestUnknownFlagsSayWhichWasMeant(t *testing.T) {
	assertUsageErrors(t, map[string]string{
		"simulate peloponnes --player 4":  "error: unknown flag --player (did you mean --players?)\n",
		"simulate peloponnes --gmaes=3":   "error: unknown flag --gmaes (did you mean --games?)\n",
		"validate peloponnes --players 3": "error: agon validate has no flag --players; its flags are --help, --json, --provisional, --variant\n",
		"simulate peloponnes -players 3":  "error: unknown flag -players: a long flag takes two dashes, --players\n",
		"simulate peloponnes -x":          "error: agon simulate has no flag -x; its flags are --bots, --games,",
	})
}

// A scenario for a player count its game does not allow is a problem in
// the file (exit 1, as replay says of it), not in the command line.
func TestPlayFromScenarioWithBadPlayerCountIsTheFilesProblem(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "nine.yaml")
	require.NoError(t, os.WriteFile(file, []byte("scenario: nine players\ngame: peloponnes\nplayers: 9\nseed: 1\nsteps: []\n"), 0o644))
	code, _, stderr := runCLI(t, "", "play", "--from", file)
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, stderr, file+": players: 9, but peloponnes is for 2–5 players")
	code, _, stderr = runCLI(t, "", "replay", file)
	assert.Equal(t, 1, code, stderr)
}

// A file given where a RULESET goes says what it is and what to run: a
// ruleset's file its folder, a transcript replay, a scenario play --from
// (each said "unknown game" or "no ruleset folder").
func TestARulesetArgumentThatIsAFile(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "game.yaml")
	require.NoError(t, os.WriteFile(rules, []byte("game: g\n"), 0o644))
	scenario := filepath.Join(dir, "s.yaml")
	require.NoError(t, os.WriteFile(scenario, []byte("scenario: s\ngame: peloponnes\nplayers: 2\nseed: 1\nsteps: []\n"), 0o644))
	assertUsageErrors(t, map[string]string{
		"validate " + rules:    rules + " is a file: a ruleset is a folder of YAML files; give the folder that holds it, " + dir,
		"simulate " + scenario: scenario + " is a scenario file, not a ruleset: agon play --from " + scenario,
		"play ../../testgames/peloponnes/2p-shared-win.yaml": "is a transcript, not a ruleset: agon replay ../../testgames/peloponnes/2p-shared-win.yaml checks it",
	})
}

// assertUsageErrors runs each command line (split at spaces) and requires
// a usage error whose text holds the line's message, in agon's words
// rather than cobra's ("accepts 1 arg(s)").
func assertUsageErrors(t *testing.T, cases map[string]string) {
	t.Helper()
	for args, want := range cases {
		code, _, stderr := runCLI(t, "", strings.Fields(args)...)
		assert.Equal(t, exitUsage, code, args)
		assert.Contains(t, stderr, want, args)
		assert.NotContains(t, stderr, "arg(s)", args)
	}
}
