package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReplayGameIsNeverAPath(t *testing.T) {
	dir := t.TempDir()
	for _, game := range []string{"/etc", "../peloponnes", "./peloponnes", "rulesets/peloponnes"} {
		file := filepath.Join(dir, "t.yaml")
		require.NoError(t, os.WriteFile(file, []byte("game: "+game+"\nplayers: 3\n"), 0o644))
		code, _, stderr := runCLI(t, "", "replay", file)
		assert.Equal(t, exitProblems, code, game)
		assert.Contains(t, stderr, `game "`+game+`" is not a game name`, game)
	}
}

func TestReplayIgnoresFolderInCurrentDirectory(t *testing.T) {
	file := recordGame(t)
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(data), "\nruleset_source: ", "record writes where the rules came from")

	dir := t.TempDir()
	copyRuleset(t, filepath.Join(dir, "peloponnes"), "flow.yaml", "{phase: bidding}", "{phase: biding}")
	t.Chdir(dir)
	code, out, stderr := runCLI(t, "", "replay", file)
	require.Equal(t, exitOK, code, stderr+out)
	assert.Contains(t, out, "ruleset: built-in\n", "./peloponnes does not replace the game")

	forged := filepath.Join(dir, "forged.yaml")
	i := strings.Index(string(data), "  scores: [")
	require.Positive(t, i)
	require.NoError(t, os.WriteFile(forged, []byte(string(data[:i])+"  scores: [99, 99, 99]\n  winners: [0]\n"), 0o644))
	code, out, _ = runCLI(t, "", "replay", forged, "--json")
	assert.Equal(t, exitProblems, code)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, "built-in", rep["ruleset_source"])
	assert.Equal(t, false, rep["ok"])
}

func TestReplaySeveralFilesAndGlobs(t *testing.T) {
	dir := t.TempDir()
	good := recordGame(t)
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	for _, name := range []string{"a.yaml", "b.yaml"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	bad := strings.Replace(string(data), "  scores: [", "  scores: [99, ", 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.yaml"), []byte(bad), 0o644))

	code, out, stderr := runCLI(t, "", "replay", filepath.Join(dir, "*.yaml"))
	assert.Equal(t, exitProblems, code, stderr)
	assert.Contains(t, out, "ok   "+filepath.Join(dir, "a.yaml"))
	assert.Contains(t, out, "FAIL "+filepath.Join(dir, "c.yaml"))
	assert.Contains(t, out, "expected final scores [99, ")
	assert.True(t, strings.HasSuffix(out, "3 transcripts: 2 ok, 1 failed\n"), out)

	code, out, _ = runCLI(t, "", "replay", filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml"), "--json")
	assert.Equal(t, exitOK, code)
	var sum replaySummary
	require.NoError(t, json.Unmarshal([]byte(out), &sum), out)
	assert.Equal(t, 2, sum.OK)
	assert.Equal(t, 0, sum.Failed)
	assert.Len(t, sum.Files, 2)

	code, out, _ = runCLI(t, "", "replay", dir)
	assert.Equal(t, exitProblems, code, "a folder means its *.yaml files")
	assert.Contains(t, out, "3 transcripts: 2 ok, 1 failed")

	code, _, stderr = runCLI(t, "", "replay", filepath.Join(dir, "*.none"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "no file matches")
}

func TestRecordKeepsTheOldFileWhenTheGameFails(t *testing.T) {
	out := filepath.Join(t.TempDir(), "game.yaml")
	require.NoError(t, os.WriteFile(out, []byte("a good transcript\n"), 0o600))
	failing := filepath.Join(repoRoot(t), "testgames", "invalid", "run", "no_legal_option")
	code, _, stderr := runCLI(t, "", "record", failing, "--players", "2", "-o", out)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "is kept as it was; the transcript so far is in "+out+".partial")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "a good transcript\n", string(data))
	partial, err := os.ReadFile(out + ".partial")
	require.NoError(t, err)
	assert.Contains(t, string(partial), "# agon transcript\n")
	assertNoTempFiles(t, filepath.Dir(out))
}

func TestRecordReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "game.yaml")
	require.NoError(t, os.WriteFile(out, []byte("old\n"), 0o600))
	code, _, stderr := runCLI(t, "", "record", "peloponnes", "--players", "2", "--seed", "3", "-o", out)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "# agon transcript\n"))
	fi, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the file keeps its mode")
	assertNoTempFiles(t, dir)
}

func TestWriteFileAtomicErrorsKeepTheFile(t *testing.T) {
	dir := t.TempDir()
	err := writeFileAtomic(filepath.Join(dir, "no", "such", "dir.yaml"), []byte("x"))
	assert.Error(t, err)
	assert.Error(t, writeFileAtomic(dir, []byte("x")), "a directory is not replaced")
	fi, err := os.Stat(dir)
	require.NoError(t, err)
	assert.True(t, fi.IsDir())
	if os.Getuid() != 0 {
		ro := filepath.Join(dir, "ro")
		require.NoError(t, os.Mkdir(ro, 0o755))
		file := filepath.Join(ro, "t.yaml")
		require.NoError(t, os.WriteFile(file, []byte("old\n"), 0o644))
		require.NoError(t, os.Chmod(ro, 0o555))
		t.Cleanup(func() { _ = os.Chmod(ro, 0o755) })
		assert.Error(t, writeFileAtomic(file, []byte("new\n")))
		data, _ := os.ReadFile(file)
		assert.Equal(t, "old\n", string(data), "a failed write leaves the old content")
	}
	assertNoTempFiles(t, dir)
}

// assertNoTempFiles fails when dir holds a leftover temporary file.
func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.NotContains(t, e.Name(), ".tmp-", "leftover temporary file")
	}
}

func TestPlayRecordSavesAReplayableGame(t *testing.T) {
	file := filepath.Join(t.TempDir(), "mine.yaml")
	stdin := strings.Repeat("1\n", 50000)
	code, out, stderr := runCLI(t, stdin, "play", "peloponnes", "--players", "2", "--seed", "5", "--record", file)
	require.Equal(t, exitOK, code, stderr)
	assert.Regexp(t, `^ruleset: \S+\n`, out)
	assert.Contains(t, stderr, "wrote "+file+": the game, ")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(data), "seats: [human, random]\n")
	assert.Contains(t, string(data), "\nresult:\n")
	code, out, stderr = runCLI(t, "", "replay", file)
	assert.Equal(t, exitOK, code, stderr+out)
	assert.Contains(t, out, "ok: ")

	code, _, stderr = runCLI(t, "1\n1\nq\n", "play", "peloponnes", "--players", "2", "--seed", "5", "--record", file)
	assert.Equal(t, exitOK, code, "quitting is a choice, not a problem: %s", stderr)
	assert.Contains(t, stderr, "wrote "+file+": the unfinished game, 9 decisions (", "counted as replay counts them")
	data, err = os.ReadFile(file)
	require.NoError(t, err)
	assert.NotContains(t, string(data), "\nresult:\n")
	assert.Contains(t, string(data), "\nunfinished: true\n")
	code, out, stderr = runCLI(t, "", "replay", file)
	assert.Equal(t, exitOK, code, stderr+out)
	assert.Contains(t, out, "ok: unfinished after 9 decisions, 0 checks")
	code, out, stderr = runCLI(t, "", "replay", "--variant", "no-self-completion", file)
	assert.Equal(t, exitOK, code, stderr+out)
	assert.Contains(t, out, "plays out as the transcript up to where it stops, unfinished (9 decisions)",
		"a variant that agrees with an unfinished game is not said to agree with a whole one")
}

func TestReplayCountsInTheSingular(t *testing.T) {
	requireCore(t)
	code, out, stderr := runCLI(t, "", "replay", "../../testgames/peloponnes/scenarios/conquest-row-value-2-needs-bid-5.yaml")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, ": 1 decision, 13 checks\n")
}

// replay --variant names the transcript's own rules (its variant, not
// "the base rules") and calls --variant "" the base rules.
func TestReplayVariantNamesBothRules(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.yaml")
	code, _, stderr := runCLI(t, "", "record", "peloponnes", "--players", "3", "--seed", "4", "--variant", "open-conquest", "-o", file)
	require.Equal(t, exitOK, code, stderr)

	_, out, _ := runCLI(t, "", "replay", "--variant", "harsh-catastrophes", file)
	assert.Contains(t, out, "\nwhere variant \"harsh-catastrophes\" first offers other options:\n")
	assert.Regexp(t, `: the transcript's rules \(variant open-conquest\) offer pass, .* where the variant's rules offer cover`, out)
	assert.NotContains(t, out, "the base rules", "the transcript's rules are open-conquest's")

	code, out, stderr = runCLI(t, "", "replay", "--variant", "", file)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "no divergence: the base rules play out as the transcript (")
	assert.Contains(t, out, "\nwhere the base rules first offer other options:\n")
	assert.Regexp(t, `: the base rules no longer offer bid c=`, out)
	assert.NotContains(t, out, `variant ""`)
}

// A transcript's seats are "human" or bot kinds, as record and play
// --record write them: a misspelt one is named, with its line.
func TestReplayChecksTheSeats(t *testing.T) {
	data, err := os.ReadFile(recordGame(t))
	require.NoError(t, err)
	i := strings.Index(string(data), "\nseats: [")
	require.Positive(t, i)
	line := strings.Count(string(data[:i+1]), "\n") + 1
	file := filepath.Join(t.TempDir(), "t.yaml")
	bad := strings.Replace(string(data), "\nseats: [random, ", "\nseats: [randon, ", 1)
	require.NotEqual(t, string(data), bad)
	require.NoError(t, os.WriteFile(file, []byte(bad), 0o644))
	code, _, stderr := runCLI(t, "", "replay", file)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, fmt.Sprintf(`t.yaml:%d:9: seat 0 (P1): unknown seat "randon" (did you mean "random"?) (seats: human, first, greedy, mcts, random)`, line))
}
