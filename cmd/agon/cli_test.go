package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCLI runs a command line and returns the exit code and output.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestParsePlayers(t *testing.T) {
	good := map[string][]int{
		"3":     {3},
		"2-5":   {2, 3, 4, 5},
		"2,4":   {2, 4},
		"2-3,5": {2, 3, 5},
		" 4 ":   {4},
	}
	for in, want := range good {
		got, err := parsePlayers(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "x", "5-2", "2-", "-3", "2,,4", "1.5"} {
		_, err := parsePlayers(in)
		var u *usageError
		assert.ErrorAs(t, err, &u, "%q must be a usage error", in)
	}
}

func TestParseSeats(t *testing.T) {
	seats, err := parseSeats("", 3, humanSeat, "random", true)
	require.NoError(t, err)
	assert.Equal(t, []string{"human", "random", "random"}, seats)

	seats, err = parseSeats("human, first,random", 3, humanSeat, "random", true)
	require.NoError(t, err)
	assert.Equal(t, []string{"human", "first", "random"}, seats)

	_, err = parseSeats("human,random", 3, humanSeat, "random", true)
	assert.EqualError(t, err, "2 seats (human,random) for 3 players: give one kind for every seat, or one per seat")

	seats, err = parseSeats("first", 3, humanSeat, "random", true)
	require.NoError(t, err)
	assert.Equal(t, []string{"first", "first", "first"}, seats, "one kind for every seat")
	_, err = parseSeats("first", 0, humanSeat, "random", true)
	assert.EqualError(t, err, "1 seat (first) for 0 players: give one kind for every seat, or one per seat")

	_, err = parseSeats("human,clever", 2, humanSeat, "random", true)
	assert.EqualError(t, err, `unknown seat "clever" (seats: human, first, greedy, mcts, random)`)

	_, err = parseSeats("human,random", 2, "random", "random", false)
	assert.EqualError(t, err, `unknown seat "human" (seats: first, greedy, mcts, random)`)
}

func TestParseSeatsTakesMCTSSettings(t *testing.T) {
	seats, err := parseSeats("human,mcts:100:depth=2", 2, humanSeat, "random", true)
	require.NoError(t, err)
	assert.Equal(t, []string{"human", "mcts:100:depth=2"}, seats)
	_, err = parseSeats("mcts:0,mcts", 2, "random", "random", false)
	assert.EqualError(t, err, `bot "mcts:0": playouts 0: at least 1 (mcts[:PLAYOUTS|:DURATION][:depth=N][:c=X][:margin=X][:norm=search|values][:prior=heuristic|none][:widen=A][:sample=N][:policy=random|greedy])`)
}

func TestNewBotsSkipsHumansAndSeedsSeats(t *testing.T) {
	bots, err := newBots([]string{"human", "random", "first"}, 1)
	require.NoError(t, err)
	assert.Nil(t, bots[0])
	assert.NotNil(t, bots[1])
	assert.NotEqual(t, botSeed(1, 0), botSeed(1, 1))
}

func TestSeedsAreDistinctAndStable(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range 1000 {
		s := gameSeed(7, i)
		assert.False(t, seen[s])
		seen[s] = true
	}
	assert.Equal(t, gameSeed(7, 3), gameSeed(7, 3))
	assert.NotEqual(t, gameSeed(7, 3), gameSeed(8, 3))
}

func TestSimulateFewerGamesThanPlayerCounts(t *testing.T) {
	code, out, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "2-5", "--games", "2")
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\n4 players: no games\n")
}

func TestUnknownGameIsUsageError(t *testing.T) {
	cmds := [][]string{
		{"validate", "nosuch"},
		{"validate", "pelopones", "--json"},
		{"play", "nosuch"},
		{"simulate", "nosuch", "--players", "3"},
		{"record", "nosuch", "--players", "3"},
		{"bench", "nosuch", "--players", "3"},
	}
	for _, args := range cmds {
		code, _, stderr := runCLI(t, "", args...)
		assert.Equal(t, exitUsage, code, args)
		// The list grows as games are added: check its shape and one entry.
		assert.Regexp(t, `built-in games are [a-z, ]*\bpeloponnes\b`, stderr, args)
	}
	_, _, stderr := runCLI(t, "", "validate", "pelopones")
	assert.Contains(t, stderr, `(did you mean "peloponnes"?)`)
}

func TestBadCommandLines(t *testing.T) {
	cmds := [][]string{
		{"nosuchcommand"},
		{"validate"},
		{"validate", "a", "b"},
		{"simulate"},
		{"simulate", "peloponnes", "--players", "7"},
		{"simulate", "peloponnes", "--players", "x"},
		{"simulate", "peloponnes", "--players", "3", "--games", "0"},
		{"simulate", "peloponnes", "--players", "3", "--bots", "clever,random"},
		{"simulate", "peloponnes", "--players", "3", "--bots", "clever"},
		{"simulate", "peloponnes", "--players", "2-3", "--bots", "random,first"},
		{"bench", "peloponnes", "--players", "3", "--games", "0"},
		{"replay"},
		{"play", "peloponnes", "--seed", "minus"},
	}
	for _, args := range cmds {
		code, _, stderr := runCLI(t, "", args...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, stderr)
		assert.NotEmpty(t, stderr, args)
	}
}

func TestReplayBadTranscript(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.yaml")
	require.NoError(t, os.WriteFile(file, []byte("game: peloponnes\nplayers: 3\nsteps:\n  - decide: 0\n    kye: pass\n"), 0o644))
	code, _, stderr := runCLI(t, "", "replay", file)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, file+`:5:5: unknown key "kye" (did you mean "key"?)`)
}

func TestReplayMissingFile(t *testing.T) {
	code, _, stderr := runCLI(t, "", "replay", filepath.Join(t.TempDir(), "none.yaml"))
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "none.yaml")
}

func TestReplayUnknownRuleset(t *testing.T) {
	file := filepath.Join(t.TempDir(), "t.yaml")
	require.NoError(t, os.WriteFile(file, []byte("game: nosuch\nplayers: 3\n"), 0o644))
	code, _, stderr := runCLI(t, "", "replay", file)
	assert.Equal(t, exitProblems, code, "a wrong game: is a problem in the file, not in the command line")
	assert.Contains(t, stderr, file+`:1:7: unknown game "nosuch"`)

	require.NoError(t, os.WriteFile(file, []byte("game: pelopones\nplayers: 3\n"), 0o644))
	code, _, stderr = runCLI(t, "", "replay", file)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, file+`:1:7: unknown game "pelopones" (did you mean "peloponnes"?)`)

	require.NoError(t, os.WriteFile(file, []byte("game: peloponnes\nvariant: harsh-catastrophe\nplayers: 3\n"), 0o644))
	for _, args := range [][]string{{"replay", file}, {"explain", file, "--step", "1"}} {
		code, _, stderr = runCLI(t, "", args...)
		assert.Equal(t, exitProblems, code, args)
		assert.Contains(t, stderr, file+`:2:10: unknown variant "harsh-catastrophe" (did you mean "harsh-catastrophes"?) of peloponnes; available: `, args)
	}

	scenario := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(scenario, []byte("scenario: s\ngame: peloponnes\nvariant: harsh-catastrophe\nplayers: 3\nsteps: []\n"), 0o644))
	code, _, stderr = runCLI(t, "", "replay", scenario)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, scenario+`:3:10: unknown variant "harsh-catastrophe"`)
}

func TestEveryCommandHasHelpAndExample(t *testing.T) {
	root := newRootCmd(&env{})
	for _, c := range root.Commands() {
		assert.NotEmpty(t, c.Example, c.Name())
		assert.NotEmpty(t, c.Long, c.Name())
	}
	code, out, _ := runCLI(t, "", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "agon validate rulesets/peloponnes")
	assert.Contains(t, out, "agon simulate peloponnes --players 2-5")
	code, out, _ = runCLI(t, "", "simulate", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "Examples:")
}

func TestRulesetDirectoryOnDisk(t *testing.T) {
	fsys, dir := diskRuleset("rulesets/peloponnes")
	assert.NotNil(t, fsys)
	assert.Equal(t, "rulesets/peloponnes", dir)
	_, dir = diskRuleset("/abs/path")
	assert.Equal(t, "/abs/path", dir, "an absolute path stays absolute in messages")
}

func TestValidateAbsolutePathNamesFiles(t *testing.T) {
	abs, err := filepath.Abs("../../rulesets/peloponnes")
	require.NoError(t, err)
	tmp := t.TempDir()
	for _, name := range []string{"game.yaml", "cards.yaml", "constants.yaml", "state.yaml", "functions.yaml", "flow.yaml", "bidding.yaml", "economy.yaml", "catastrophes.yaml", "scoring.yaml", "vocabulary.yaml"} {
		data, err := os.ReadFile(filepath.Join(abs, name))
		require.NoError(t, err)
		if name == "flow.yaml" {
			data = []byte(strings.Replace(string(data), "{phase: bidding}", "{phase: biding}", 1))
		}
		require.NoError(t, os.WriteFile(filepath.Join(tmp, name), data, 0o644))
	}
	code, _, errOut := runCLI(t, "", "validate", tmp)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, errOut, filepath.ToSlash(filepath.Join(tmp, "flow.yaml"))+":", "positions keep the directory the user gave")
	assert.Contains(t, errOut, `unknown phase "biding" (did you mean "bidding"?)`)
}

// agon validate / said "open : invalid argument": the root directory is a
// directory like any other (issue 12 §4).
func TestValidateRootDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no single root directory")
	}
	code, _, errOut := runCLI(t, "", "validate", "/")
	assert.Equal(t, exitProblems, code)
	assert.NotContains(t, errOut, "invalid argument")
	assert.Regexp(t, `(?m)^/: (no .yaml files in /|missing required key)`, errOut, "it reads / like any directory")
}

// A flag value its type refuses is said in words, not in strconv's.
func TestFlagValueErrorsSayWhatToWrite(t *testing.T) {
	for args, want := range map[string]string{
		"simulate peloponnes --seed -1":    `--seed must be a whole number from 0 to 18446744073709551615, not "-1"`,
		"record peloponnes --seed 1.5":     `--seed must be a whole number from 0 to 18446744073709551615, not "1.5"`,
		"simulate peloponnes --games many": `--games must be a whole number, not "many"`,
		"simulate peloponnes --json=maybe": `--json must be true or false (or the flag alone for true), not "maybe"`,
	} {
		code, _, stderr := runCLI(t, "", strings.Fields(args)...)
		assert.Equal(t, exitUsage, code, args)
		assert.Contains(t, stderr, "error: "+want+"\n", args)
		assert.NotContains(t, stderr, "strconv", args)
	}
}

// simulate --players with several counts names the range typed and the
// counts outside the game's range (it said "not 6" for 2-9).
func TestPlayersOutOfRangeNamesWhatWasTyped(t *testing.T) {
	for spec, want := range map[string]string{
		"2-9":   "peloponnes is for 2–5 players, not 2-9 (6–9 are outside it)",
		"1-3,7": "peloponnes is for 2–5 players, not 1-3,7 (1, 7 are outside it)",
		"3,6":   "peloponnes is for 2–5 players, not 3,6 (6 is outside it)",
		"7":     "peloponnes is for 2–5 players, not 7",
	} {
		code, _, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", spec, "--games", "1")
		assert.Equal(t, exitUsage, code, spec)
		assert.Contains(t, stderr, want, spec)
	}
}
