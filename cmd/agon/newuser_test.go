package main

// Tests of what a new user trips over in simulate and compare (issue 13 QA).

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter/report"
)

// A comparison whose B plays A's rules (the same files, a constant set
// to its own value, a variant that changes nothing) says so: its
// differences can only be chance. A real variant does not get the note.
func TestCompareSaysWhenBPlaysA(t *testing.T) {
	tmp := withVariantFile(t, "t8", "variant: t8\npatch:\n  constants:\n    rounds: 8\n")
	t.Chdir(repoRoot(t))
	args := []string{"--players", "3", "--games", "4"}
	code, out, stderr := runCLI(t, "", append([]string{"compare", "rulesets/peloponnes", "rulesets/peloponnes", "--json"}, args...)...)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, "B's ruleset files are A's (the same names and contents)", decode(t, out)["same"])
	_, out, _ = runCLI(t, "", append([]string{"compare", "rulesets/peloponnes", "rulesets/peloponnes"}, args...)...)
	assert.Contains(t, out, "\nnote: B's ruleset files are A's (the same names and contents): B plays A's rules, so any difference is chance (on the same seeds, games by deterministic bots come out the same)\n")

	code, out, stderr = runCLI(t, "", append([]string{"compare", "peloponnes", "--variant", "harsh-catastrophes"}, args...)...)
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, out, "plays A's rules")

	// A variant whose rules equal the base's (its files differ) is told
	// plainly, not guessed at from equal statistics.
	code, out, stderr = runCLI(t, "", append([]string{"compare", tmp, "--variant", "t8"}, args...)...)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\nnote: variant t8 changes nothing (its rules equal the base rules): B plays A's rules, so any difference is chance")
	assert.NotContains(t, out, "reached no game")

	code, out, stderr = runCLI(t, "", append([]string{"compare", "peloponnes", "--set", "conquest_bonus=1,3"}, args...)...)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, 1, strings.Count(out, "plays A's rules"), out)
	assert.Contains(t, out, "note: conquest_bonus=3 is the ruleset's own value: B plays A's rules")
	assert.Contains(t, out, "  conquest_bonus=1: ")
	assert.Regexp(t, `\n  conquest_bonus=3: \d+ of \d+ differences significant \(the ruleset's own value\)\n`, out)
	assert.NotRegexp(t, `conquest_bonus=1: .*own value`, out)
}

// compare warns, like simulate, about games that end before anyone
// decides, and a game of one player count shows it as one number.
func TestCompareWarnsAboutGamesWithoutDecisions(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a", "b"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, name), 0o755))
		rules := "game: quick\nplayers: {min: 2, max: 2}\nscoring: {score: 0}\nflow:\n  - end_game: true\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, name, "game.yaml"), []byte(rules), 0o644))
	}
	code, out, stderr := runCLI(t, "", "compare", filepath.Join(dir, "a"), filepath.Join(dir, "b"), "--games", "3")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "3 games each of quick on the same seeds (players 2, seats random, seed 1)\n")
	assert.Contains(t, out, "\nwarning: A: 3 games ended without a decision")
	assert.Contains(t, out, "\nwarning: B: 3 games ended without a decision")
	assert.Contains(t, out, "B plays A's rules", "the same file contents in two folders")

	code, out, _ = runCLI(t, "", "compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "4", "--json")
	require.Equal(t, exitOK, code)
	var c compareReport
	require.NoError(t, json.Unmarshal([]byte(out), &c))
	assert.Zero(t, c.A.GamesWithoutDecisions)
}

// A compare page lists the most significant differences above the charts
// (every significant one, at least pageTopRows) and all of them below.
func TestComparePageTopDifferences(t *testing.T) {
	all := report.Table{Caption: "Holm."}
	for range 30 {
		all.Rows = append(all.Rows, report.Row{Cells: []string{"x"}})
	}
	top := topDifferences(all, 5)
	assert.Len(t, top.Rows, pageTopRows)
	assert.Equal(t, "Holm. The 20 most significant of 30 are shown here; the last table has all.", top.Caption)
	assert.Len(t, all.Rows, 30, "the full table is untouched")
	assert.Len(t, topDifferences(all, 25).Rows, 25, "every significant row")
	assert.Equal(t, all, topDifferences(all, 30))
	small := report.Table{Rows: all.Rows[:pageTopRows]}
	assert.Equal(t, small, topDifferences(small, 0))

	file := filepath.Join(t.TempDir(), "page.html")
	code, _, stderr := runCLI(t, "", "compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "6", "--report", file)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	page := string(data)
	first, last := strings.Index(page, "Differences, most significant first"), strings.Index(page, "All differences, most significant first")
	seats := strings.Index(page, "Win rate by seat")
	require.True(t, first >= 0 && last >= 0 && seats >= 0, "both tables and the seat chart")
	assert.Less(t, first, seats)
	assert.Less(t, seats, last)
}

// compare without --variant names the game's variants, or says there are
// none.
func TestCompareNeedsVariantNamesThem(t *testing.T) {
	code, _, stderr := runCLI(t, "", "compare", "peloponnes")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "two ruleset folders (variants of peloponnes: decline-stops-luxury, harsh-catastrophes, ")
	code, _, stderr = runCLI(t, "", "compare", "athens")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "(variants of athens: cylinder-on-row-clear, event-after-all, large-hand, short-game)")

	// A copy of Athens without its variant files ships none.
	dir := filepath.Join(t.TempDir(), "athens")
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(repoRoot(t), "rulesets", "athens"))))
	variants, err := filepath.Glob(filepath.Join(dir, "variant-*.yaml"))
	require.NoError(t, err)
	for _, v := range variants {
		require.NoError(t, os.Remove(v))
	}
	code, _, stderr = runCLI(t, "", "compare", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "(athens ships no variant: try --set with one of its constants)")
}

// Athens' designer variants compare with the base rules and show a real
// difference: a game of at most 10 rounds is shorter.
func TestAthensVariantsCompare(t *testing.T) {
	code, out, stderr := runCLI(t, "", "compare", "athens", "--variant", "short-game", "--players", "3", "--games", "20", "--json")
	require.Equal(t, exitOK, code, stderr)
	c := decode(t, out)
	assert.Equal(t, "short-game", c["b"].(map[string]any)["variant"])
	var length map[string]any
	for _, d := range c["differences"].([]any) {
		if d := d.(map[string]any); d["statistic"] == "mean decisions" {
			length = d
		}
	}
	require.NotNil(t, length, "game length differs")
	assert.Less(t, length["diff"].(float64), 0.0)
	assert.Equal(t, true, length["significant"])
	code, _, stderr = runCLI(t, "", "simulate", "athens", "--variant", "large-hand", "--players", "2", "--games", "4")
	assert.Equal(t, exitOK, code, stderr)
}

// --seats with more bots than the largest game has seats is a usage
// error, as is one with fewer.
func TestSeatsListMustFitTheLargestGame(t *testing.T) {
	code, _, stderr := runCLI(t, "", "simulate", "athens", "--players", "2", "--games", "1", "--seats", "greedy,random,random")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--seats lists 3 bots, the largest game has 2 seats: give one kind for every seat, or one per seat")
	code, _, stderr = runCLI(t, "", "simulate", "athens", "--players", "2-4", "--games", "1", "--seats", "greedy,random")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--seats lists 2 bots, the largest game has 4 seats")
	code, _, stderr = runCLI(t, "", "simulate", "athens", "--players", "2-3", "--games", "2", "--seats", "first,random,random")
	assert.Equal(t, exitOK, code, stderr)
}

// simulate without --players plays every count the game allows, as
// compare does (it was a "required flag" error).
func TestSimulatePlayersDefaultsToAll(t *testing.T) {
	code, out, stderr := runCLI(t, "", "simulate", "athens", "--games", "3")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "3 games of Athens (base rules; players 2-4, seats random, seed 1)")
	_, same, _ := runCLI(t, "", "simulate", "athens", "--games", "3", "--players", "2-4", "--json")
	_, dflt, _ := runCLI(t, "", "simulate", "athens", "--games", "3", "--json")
	assert.Equal(t, decode(t, same), decode(t, dflt))
}

// A command line error points to the help of the command that was wrong,
// not to the root's.
func TestUsageErrorPointsToTheCommandsHelp(t *testing.T) {
	assertUsageErrors(t, map[string]string{
		"explain x.yaml":   "Run 'agon explain --help' for usage.\n",
		"simulate --bogus": "Run 'agon simulate --help' for usage.\n",
		"compare":          "Run 'agon compare --help' for usage.\n",
		"nosuchcommand":    "Run 'agon --help' for usage.\n",
		"merge --report":   "Run 'agon merge --help' for usage.\n",
	})
}

// Two folders whose files differ but whose games come out the same in
// every count (here, a comment added) get a note that the change reached
// no game; a real variant does not.
func TestCompareNotesAChangeThatReachedNoGame(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	for _, name := range []string{"a", "b"} {
		require.NoError(t, os.CopyFS(filepath.Join(dir, name), os.DirFS(filepath.Join(root, "rulesets", "peloponnes"))))
	}
	f, err := os.OpenFile(filepath.Join(dir, "b", "constants.yaml"), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("# a comment changes no rule\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())

	code, out, stderr := runCLI(t, "", "compare", filepath.Join(dir, "a"), filepath.Join(dir, "b"), "--players", "3", "--games", "4")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\nnote: B's statistics equal A's in every count: the change reached no game of these seeds")
	assert.NotContains(t, out, "B plays A's rules", "the files differ")
	page := filepath.Join(dir, "page.html")
	code, _, stderr = runCLI(t, "", "compare", filepath.Join(dir, "a"), filepath.Join(dir, "b"), "--players", "3", "--games", "4", "--report", page)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(data), "the change reached no game of these seeds", "the page says it too")

	code, out, stderr = runCLI(t, "", "compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "4", "--json")
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, decode(t, out), "same_games")
}

// --report with --set was silently ignored (no file written), then
// refused: it now writes one page for the whole sweep (see
// TestSweepReportPages), in simulate as in compare.
func TestReportWithSetWritesOnePage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "page.html")
	code, _, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "2", "--set", "conquest_bonus=1,5", "--report", file)
	assert.Equal(t, exitOK, code, stderr)
	assert.FileExists(t, file)
	require.NoError(t, os.Remove(file))
	code, _, stderr = runCLI(t, "", "compare", "peloponnes", "--players", "3", "--games", "2", "--set", "conquest_bonus=1,5", "--report", file)
	assert.Equal(t, exitOK, code, stderr)
	assert.FileExists(t, file)
}

// Two folders of different games compare, but with a warning.
func TestCompareWarnsAboutTwoGames(t *testing.T) {
	t.Chdir(repoRoot(t))
	code, out, stderr := runCLI(t, "", "compare", "rulesets/peloponnes", "rulesets/athens", "--players", "3", "--games", "2")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\nwarning: A is the game peloponnes, B the game athens: the figures of two different games do not compare\n")
	_, out, _ = runCLI(t, "", "compare", "rulesets/peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "2")
	assert.NotContains(t, out, "two different games")
}
