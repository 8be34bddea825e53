package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlayRecordChecksThePathBeforeTheGame(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder", "x.yaml")
	stdin := strings.Repeat("1\n", 50000)
	code, out, stderr := runCLI(t, stdin, "play", "peloponnes", "--players", "2", "--seed", "5", "--record", missing)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "--record "+missing+": there is no folder ")
	assert.NotContains(t, out, "Final scores", "no game is played")
	assert.NotContains(t, stderr, ".tmp-")

	dir := t.TempDir()
	code, _, stderr = runCLI(t, stdin, "play", "peloponnes", "--players", "2", "--seed", "5", "--record", dir)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "--record "+dir+": not a regular file")

	if os.Getuid() != 0 {
		ro := filepath.Join(dir, "ro")
		assert.NoError(t, os.Mkdir(ro, 0o555))
		t.Cleanup(func() { _ = os.Chmod(ro, 0o755) })
		file := filepath.Join(ro, "x.yaml")
		code, out, stderr = runCLI(t, stdin, "play", "peloponnes", "--players", "2", "--seed", "5", "--record", file)
		assert.Equal(t, exitUsage, code, stderr)
		assert.Contains(t, stderr, "--record "+file+": cannot write in folder "+ro+": permission denied")
		assert.NotContains(t, out, "Final scores", "no game is played")
		assertNoTempFiles(t, ro)
	}
}

func TestRecordOutputErrorsNameTheGivenPath(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder", "x.yaml")
	code, out, stderr := runCLI(t, "", "record", "peloponnes", "--players", "2", "-o", missing)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "-o "+missing+": there is no folder ")
	assert.NotContains(t, stderr, ".tmp-")
	assert.Empty(t, out)

	err := writeFileAtomic(missing, []byte("x"))
	if assert.Error(t, err) {
		assert.Equal(t, "writing "+missing+": no such file or directory", err.Error())
	}
}

func TestSeatsOneKindForEverySeat(t *testing.T) {
	code, out, stderr := runCLI(t, "", "record", "peloponnes", "--players", "3", "--seats", "first", "--seed", "2")
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\nseats: [first, first, first]\n", "one kind plays every seat, as in simulate")

	code, _, stderr = runCLI(t, "", "record", "peloponnes", "--players", "3", "--seats", "first,random")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "2 seats (first,random) for 3 players: give one kind for every seat, or one per seat")

	code, out, stderr = runCLI(t, "", "play", "peloponnes", "--seats", "random", "--seed", "2")
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "Peloponnes Card Game, 2 players, seed 2\n", "without --players, the fewest the game allows")
	assert.Contains(t, out, "P2 (random)")
}

func TestSeatAndCountMistakesReadWell(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "peloponnes", "--players", "3", "--games", "1", "--seats", "grredy"}, `unknown seat "grredy" (did you mean "greedy"?)`},
		{[]string{"play", "peloponnes", "--players", "3", "--seats", "greedy,humna,random"}, `unknown seat "humna" (did you mean "human"?)`},
		{[]string{"record", "peloponnes", "--players", "3", "--seats", "mcts:5:depht=3"}, `unknown setting "depht" (did you mean "depth"?)`},
		{[]string{"simulate", "peloponnes", "--players", "0", "--games", "1"}, "peloponnes is for 2–5 players, not 0"},
		{[]string{"simulate", "peloponnes", "--players", "3", "--games", "1", "--workers", "-1"}, "--workers -1: "},
		{[]string{"compare", "peloponnes", "--variant", "rich-income", "--players", "2", "--games", "1", "--workers", "-1"}, "--workers -1: "},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, "", c.args...)
		assert.Equal(t, exitUsage, code, c.args)
		assert.Contains(t, stderr, c.want, c.args)
	}
	code, out, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "2", "--games", "2", "--workers", "0")
	assert.Equal(t, exitOK, code, "--workers 0 is one per core, the default: "+stderr)
	assert.Contains(t, out, "2 games of ")
}

func TestPlayHelpListsEverySeatKind(t *testing.T) {
	_, out, _ := runCLI(t, "", "play", "--help")
	assert.Contains(t, out, "Seats are human or a bot kind (first, greedy, mcts, random;")
}

func TestSimulateChecksItsOutputsBeforeTheGames(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "2", "--games", "2", "--rows", dir)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "--rows "+dir+": not a regular file")
	assert.Empty(t, out, "no game is played")

	if os.Getuid() != 0 {
		ro := filepath.Join(dir, "ro")
		assert.NoError(t, os.Mkdir(ro, 0o555))
		t.Cleanup(func() { _ = os.Chmod(ro, 0o755) })
		file := filepath.Join(ro, "s.json")
		code, out, stderr = runCLI(t, "", "simulate", "peloponnes", "--players", "2", "--games", "2", "--stats", file)
		assert.Equal(t, exitUsage, code, stderr)
		assert.Contains(t, stderr, "--stats "+file+": cannot write in folder "+ro+": permission denied")
		assert.Empty(t, out, "no game is played")
		assertNoTempFiles(t, ro)
	}
}
