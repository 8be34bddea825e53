package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/sim"
)

// decode parses a JSON output into a map, without the run's time.
func decode(t *testing.T, out string) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m), out)
	delete(m, "seconds")
	return m
}

func TestSimulateNamesGameFolderAndVariant(t *testing.T) {
	code, out, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "2", "--variant", "harsh-catastrophes")
	require.Equal(t, exitOK, code, stderr)
	assert.Regexp(t, `^ruleset: \S*rulesets/peloponnes\n2 games of Peloponnes Card Game \(variant harsh-catastrophes; players 3, seats random, seed 1\) in `, out)
	for _, want := range []string{"\nscores: mean ", "\nwinning margin: mean ", "\ndecisions per game: mean ", "\n  P3: "} {
		assert.Contains(t, out, want)
	}

	code, out, _ = runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "2")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "2 games of Peloponnes Card Game (base rules; players 3, seats random, seed 1)")

	code, out, _ = runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "2", "--json", "--variant", "harsh-catastrophes")
	require.Equal(t, exitOK, code)
	s := decode(t, out)
	assert.Equal(t, "peloponnes", s["game"])
	assert.Equal(t, "Peloponnes Card Game", s["title"])
	assert.Equal(t, "harsh-catastrophes", s["variant"])
	assert.Regexp(t, `rulesets/peloponnes$`, s["ruleset_source"])
	assert.Equal(t, []any{"random", "random", "random"}, s["seats"])
	for _, key := range []string{"margins", "stopped", "win_rate_by_attribute", "cards", "counters", "stats"} {
		assert.Contains(t, s, key)
	}
}

func TestSimulateSeatsIsBots(t *testing.T) {
	args := []string{"simulate", "peloponnes", "--players", "3", "--games", "3", "--json"}
	_, a, _ := runCLI(t, "", append(args, "--seats", "first,random,random")...)
	_, b, _ := runCLI(t, "", append(args, "--bots", "first,random,random")...)
	_, c, _ := runCLI(t, "", args...)
	assert.Equal(t, decode(t, a), decode(t, b))
	assert.NotEqual(t, decode(t, a)["stats"], decode(t, c)["stats"], "the first seat plays otherwise")
	assert.Equal(t, []any{"first", "random", "random"}, decode(t, a)["seats"])

	code, _, stderr := runCLI(t, "", append(args, "--seats", "first", "--bots", "random")...)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "give --seats or --bots (its older name), not both")
	code, _, stderr = runCLI(t, "", append(args, "--seats", "first,clever,random")...)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `unknown seat "clever"`)
}

func TestSimulateRows(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.csv")
	code, _, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "2-3", "--games", "3", "--rows", file)
	require.Equal(t, exitOK, code, stderr)
	rows := readCSV(t, file)
	require.Len(t, rows, 4)
	require.GreaterOrEqual(t, len(rows[0]), 11)
	assert.Equal(t, []string{"game", "seed", "players", "variant", "score P1", "score P2", "score P3", "winners", "decisions", "status", "error"}, rows[0][:11])
	for _, col := range rows[0][11:] {
		assert.Regexp(t, `^\w+ P[1-3]$`, col, "a declared attribute or counter per seat")
	}
	assert.Equal(t, []string{"1", "2", ""}, []string{rows[1][0], rows[1][2], rows[1][6]}, "a 2-player game has no third score")
	assert.Equal(t, "ok", rows[2][9])
	assert.Regexp(t, `^P[1-3]( P[1-3])*$`, rows[2][7])
	assert.Equal(t, "3", rows[2][2])
}

// A row has a column per seat for every declared attribute and counter.
func TestRowsWithFacts(t *testing.T) {
	facts := interpreter.Facts{Seats: []interpreter.SeatFacts{
		{Attributes: []interpreter.NamedText{{Name: "faction", Value: "red"}}, Counters: []interpreter.NamedCount{{Name: "wars", Value: 2}}},
		{Attributes: []interpreter.NamedText{{Name: "faction", Value: "blue"}}, Counters: []interpreter.NamedCount{{Name: "wars", Value: 0}}},
	}}
	outcomes := []sim.Outcome{
		{Index: 0, Players: 2, Seed: 5, Scores: []int{3, 1}, Winners: []int{0}, Decisions: 9, Facts: facts},
		{Index: 1, Players: 2, Seed: 6, Err: "more than 20000 decisions", Stopped: true, Decisions: 20000},
	}
	rep := &sim.Report{Header: sim.Header{Variant: "v", Seats: []string{"random", "random"}}}
	file := filepath.Join(t.TempDir(), "rows.csv")
	require.NoError(t, writeRowsFile(file, rep, outcomes))
	rows := readCSV(t, file)
	assert.Equal(t, []string{"game", "seed", "players", "variant", "score P1", "score P2", "winners", "decisions", "status", "error",
		"faction P1", "faction P2", "wars P1", "wars P2"}, rows[0])
	assert.Equal(t, []string{"1", "5", "2", "v", "3", "1", "P1", "9", "ok", "", "red", "blue", "2", "0"}, rows[1])
	assert.Equal(t, []string{"2", "6", "2", "v", "", "", "", "20000", "stopped", "more than 20000 decisions", "", "", "", ""}, rows[2])
}

// readCSV reads a CSV file.
func readCSV(t *testing.T, file string) [][]string {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	return rows
}

// n shards merged equal one run on the same seeds, field by field, in
// JSON and in text.
func TestShardsMergedEqualOneRun(t *testing.T) {
	dir := t.TempDir()
	args := []string{"simulate", "peloponnes", "--players", "2-3", "--games", "7", "--seed", "5"}
	code, whole, stderr := runCLI(t, "", append(args, "--json")...)
	require.Equal(t, exitOK, code, stderr)
	for _, n := range []int{2, 3} {
		var files []string
		for i := range n {
			file := filepath.Join(dir, "shard.json")
			file = strings.Replace(file, ".json", string(rune('0'+n))+string(rune('0'+i))+".json", 1)
			code, out, stderr := runCLI(t, "", append(args, "--shard", string(rune('0'+i))+"/"+string(rune('0'+n)), "--stats", file)...)
			require.Equal(t, exitOK, code, stderr)
			assert.Contains(t, out, "shard "+string(rune('0'+i))+"/"+string(rune('0'+n))+" of a batch of 7 games")
			files = append(files, file)
		}
		sort.Sort(sort.Reverse(sort.StringSlice(files))) // any order
		code, merged, stderr := runCLI(t, "", append([]string{"merge", "--json"}, files...)...)
		require.Equal(t, exitOK, code, stderr)
		assert.Empty(t, stderr)
		assert.Equal(t, decode(t, whole), decode(t, merged), "%d shards", n)

		_, text, _ := runCLI(t, "", append([]string{"merge"}, files...)...)
		_, wholeText, _ := runCLI(t, "", args...)
		assert.Equal(t, dropTime(wholeText), text)
	}
}

// dropTime takes " in 0.12s: 58.1 games/s" off a report's header line.
func dropTime(text string) string {
	head, rest, _ := strings.Cut(text, "\n")
	second, rest, _ := strings.Cut(rest, "\n")
	second, _, _ = strings.Cut(second, " in ")
	return head + "\n" + second + "\n" + rest
}

func TestMergeRefusesWhatIsNotOneBatch(t *testing.T) {
	dir := t.TempDir()
	shard := func(name string, extra ...string) string {
		file := filepath.Join(dir, name)
		args := append([]string{"simulate", "peloponnes", "--players", "3", "--games", "4", "--stats", file}, extra...)
		code, _, stderr := runCLI(t, "", args...)
		require.Equal(t, exitOK, code, stderr)
		return file
	}
	a := shard("a.json", "--shard", "0/2")
	b := shard("b.json", "--shard", "0/2")
	c := shard("c.json", "--shard", "1/2", "--variant", "harsh-catastrophes")
	d := shard("d.json", "--shard", "1/2", "--seed", "9")

	code, _, stderr := runCLI(t, "", "merge", a, b)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "a.json and "+b+" both hold shard 0/2 of the batch")
	_, _, stderr = runCLI(t, "", "merge", a, c)
	assert.Contains(t, stderr, "are not shards of one batch: harsh-catastrophes, not base rules")
	_, _, stderr = runCLI(t, "", "merge", a, d)
	assert.Contains(t, stderr, "seed 9, not 1")

	code, out, stderr := runCLI(t, "", "merge", a)
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "shard 0/2 of a batch of 4 games")
	assert.Contains(t, stderr, "note: 1 of the batch's 2 shards is missing: 1\n")

	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"games": 3}`), 0o644))
	code, _, stderr = runCLI(t, "", "merge", bad)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "bad.json: not a simulate --json or --stats file")
}

// merge refuses files whose games overlap, naming both files and the
// games they share: a whole run holds every game, and shards of different
// counts overlap when they share a game index.
func TestMergeRefusesOverlappingFiles(t *testing.T) {
	dir := t.TempDir()
	stats := func(name string, extra ...string) string {
		file := filepath.Join(dir, name)
		args := append([]string{"simulate", "peloponnes", "--players", "3", "--games", "4", "--stats", file}, extra...)
		code, _, stderr := runCLI(t, "", args...)
		require.Equal(t, exitOK, code, stderr)
		return file
	}
	whole := stats("whole.json")
	half := stats("half.json", "--shard", "0/2")
	quarter := stats("quarter.json", "--shard", "0/4")
	other := stats("other.json", "--shard", "1/4")

	code, out, stderr := runCLI(t, "", "merge", whole, half)
	assert.Equal(t, exitProblems, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "error: "+whole+" and "+half+" overlap: all games and shard 0/2 share 2 of the batch's 4 games (games 1, 3); merging them would count those games twice\n")
	code, _, stderr = runCLI(t, "", "merge", quarter, half)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, quarter+" and "+half+" overlap: shard 0/4 and shard 0/2 share 1 of the batch's 4 games (game 1)")
	code, _, stderr = runCLI(t, "", "merge", whole, whole)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, whole+" and "+whole+" both hold all games of the batch")

	code, out, stderr = runCLI(t, "", "merge", half, other)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "3 games of Peloponnes Card Game (base rules; players 3, seats random, seed 1, shards 0/2, 1/4 of a batch of 4 games)")
}

func TestParseShard(t *testing.T) {
	s, err := parseShard("2/5")
	require.NoError(t, err)
	assert.Equal(t, sim.Shard{Index: 2, Count: 5}, s)
	for _, bad := range []string{"5/5", "-1/3", "1", "a/b", "1/0"} {
		_, err := parseShard(bad)
		assert.ErrorContains(t, err, "bad --shard", bad)
	}
}

func TestCompareVariantWithBase(t *testing.T) {
	code, out, stderr := runCLI(t, "", "compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "20", "--json")
	require.Equal(t, exitOK, code, stderr)
	c := decode(t, out)
	assert.Equal(t, "", c["a"].(map[string]any)["variant"])
	assert.Equal(t, "harsh-catastrophes", c["b"].(map[string]any)["variant"])
	ds := c["differences"].([]any)
	require.NotEmpty(t, ds)
	last := -1.0
	for _, d := range ds {
		d := d.(map[string]any)
		assert.GreaterOrEqual(t, d["p"].(float64), last, "most significant first")
		assert.GreaterOrEqual(t, d["holm"].(float64), d["p"].(float64))
		last = d["p"].(float64)
	}

	code, out, _ = runCLI(t, "", "compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "20")
	require.Equal(t, exitOK, code)
	assert.Regexp(t, `^A: \S*rulesets/peloponnes \(base rules\)\nB: \S*rulesets/peloponnes \(harsh-catastrophes\)\n20 games each of Peloponnes Card Game on the same seeds \(players 3, seats random, seed 1\)\n`, out)
	assert.Regexp(t, `\n +statistic +A +B +B − A +95% interval +p +Holm p`, out)
	assert.Regexp(t, `\n\d+ of \d+ differences significant`, out)
}

// The same folder on both sides gives the same games: no difference.
func TestCompareTwoFolders(t *testing.T) {
	t.Chdir(repoRoot(t))
	code, out, stderr := runCLI(t, "", "compare", "rulesets/peloponnes", "rulesets/peloponnes", "--players", "3", "--games", "10", "--json")
	require.Equal(t, exitOK, code, stderr)
	c := decode(t, out)
	assert.Equal(t, []any{}, c["differences"], "paired game by game, the same games differ in nothing")
	assert.EqualValues(t, 0, c["significant"])
	code, text, _ := runCLI(t, "", "compare", "rulesets/peloponnes", "rulesets/peloponnes", "--players", "3", "--games", "10")
	assert.Equal(t, exitOK, code)
	assert.NotContains(t, text, "statistic ", "no empty table")
	assert.Contains(t, text, "0 of 0 differences significant")
	code, _, stderr = runCLI(t, "", "compare", "peloponnes")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "compare needs --variant V")
	code, _, stderr = runCLI(t, "", "compare", "peloponnes", "--variant", "harsh")
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, `unknown variant "harsh"`)
}

func TestSimulateSweep(t *testing.T) {
	args := []string{"simulate", "peloponnes", "--players", "3", "--games", "4"}
	code, out, stderr := runCLI(t, "", append(args, "--set", "conquest_bonus=2..3", "--json")...)
	require.Equal(t, exitOK, code, stderr)
	var sw struct {
		Set     string
		Values  []string
		Reports []map[string]any
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sw))
	assert.Equal(t, "conquest_bonus", sw.Set)
	assert.Equal(t, []string{"2", "3"}, sw.Values)
	require.Len(t, sw.Reports, 2)
	assert.Equal(t, "conquest_bonus=3", sw.Reports[1]["set"])

	// 3 is the ruleset's own value: the same games as without --set.
	_, base, _ := runCLI(t, "", append(args, "--json")...)
	assert.Equal(t, decode(t, base)["stats"], sw.Reports[1]["stats"])

	code, out, _ = runCLI(t, "", append(args, "--set", "conquest_bonus=1,3")...)
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "(base rules, conquest_bonus=1; players 3")
	assert.Regexp(t, `\nsweep of conquest_bonus:\n +conquest_bonus +games +errors +stopped +mean score +mean margin +mean decisions +P1 wins +P2 wins +P3 wins\n +1 +4 +0 +0 `, out)
	// Each value's figures carry their intervals: a sweep is read value
	// against value, and four games say little.
	assert.Regexp(t, `\n +1 +4 +0 +0 +[\d.]+ +[\d.]+ ±[\d.]+ +[\d.]+ ±[\d.]+ +[\d.]+% \[[\d.]+, [\d.]+\]`, out)
	assert.Contains(t, out, "[ ]: 95% Wilson interval of a win rate")
}

func TestSweepErrors(t *testing.T) {
	args := []string{"simulate", "peloponnes", "--players", "3", "--games", "2", "--set"}
	for set, want := range map[string]string{
		"conquest_bonu=1..3":     `--set: peloponnes has no constant "conquest_bonu" (did you mean "conquest_bonus"?) (constants --set can give: `,
		"track_length=2":         "rulesets/peloponnes/constants.yaml:29:17); --set gives a number, a word or true/false",
		"conquest_bonus":         `bad --set "conquest_bonus": write NAME=VALUES`,
		"conquest_bonus=4..1":    `bad --set range "4..1": write A..B with integers A ≤ B`,
		"conquest_bonus=1..x":    `bad --set range "1..x"`,
		"conquest_bonus={a: 1}":  `bad --set value "{a: 1}": a number, a word or true/false`,
		"conquest_bonus=1..1000": `--set range "1..1000": more than 100 values`,
	} {
		code, _, stderr := runCLI(t, "", append(args, set)...)
		assert.Equal(t, exitUsage, code, set)
		assert.Contains(t, stderr, want, set)
	}
	_, _, stderr := runCLI(t, "", append(args, "nosuch=1")...)
	assert.Contains(t, stderr, "conquest_bonus")
	assert.NotContains(t, stderr, "track_length", "a map constant cannot be set: not offered")
	code, _, stderr := runCLI(t, "", append(args, "conquest_bonus=word")...)
	assert.Equal(t, exitProblems, code, "a word where a number belongs: %s", stderr)
	assert.Contains(t, stderr, "conquest_bonus=word:\n")
}

// compare --set: the ruleset against itself with a constant set; its own
// value gives the same games.
func TestCompareSet(t *testing.T) {
	code, out, stderr := runCLI(t, "", "compare", "peloponnes", "--set", "conquest_bonus=3", "--players", "3", "--games", "8", "--json")
	require.Equal(t, exitOK, code, stderr)
	var sw struct {
		Set         string
		Values      []string
		Comparisons []map[string]any
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sw))
	assert.Equal(t, []string{"3"}, sw.Values)
	require.Len(t, sw.Comparisons, 1)
	c := sw.Comparisons[0]
	assert.Equal(t, "conquest_bonus=3", c["b"].(map[string]any)["set"])
	assert.NotContains(t, c["a"].(map[string]any), "set")
	assert.Equal(t, []any{}, c["differences"], "its own value: the same games, nothing differs")

	code, out, _ = runCLI(t, "", "compare", "peloponnes", "--set", "conquest_bonus=1,5", "--players", "3", "--games", "8")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "B: ")
	assert.Contains(t, out, "(base rules, conquest_bonus=5)\n")
	assert.Regexp(t, `\nsweep of conquest_bonus against the ruleset's own value:\n  conquest_bonus=1: \d+ of \d+ differences significant\n  conquest_bonus=5: `, out)

	code, _, stderr = runCLI(t, "", "compare", "peloponnes", "../../rulesets/peloponnes", "--set", "conquest_bonus=1")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "compare --set compares one ruleset with itself")
	code, _, stderr = runCLI(t, "", "compare", "peloponnes", "--set", "conquest_bonsu=1", "--games", "2", "--players", "3")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `(did you mean "conquest_bonus"?)`)
}

func TestCompareTop(t *testing.T) {
	args := []string{"compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "20"}
	_, all, _ := runCLI(t, "", append(args, "--top", "0")...)
	code, top, stderr := runCLI(t, "", append(args, "--top", "2")...)
	require.Equal(t, exitOK, code, stderr)
	rows := func(out string) int { return strings.Count(out, "\n") - 5 } // 3 header lines, the column heads, the count
	assert.Equal(t, 2, rows(top)-1, "two rows and the note")
	assert.Regexp(t, `\n\(\d+ less significant rows not shown: --top 0 shows all\)\n`, top)
	assert.Greater(t, rows(all), 2)
	assert.NotContains(t, all, "not shown")
	_, dflt, _ := runCLI(t, "", args...)
	assert.Equal(t, defaultTop, rows(dflt)-1, "by default the 25 most significant and the note: %s", dflt)

	// A negative --top is refused, as a negative --workers is (it meant
	// all rows).
	for _, extra := range [][]string{{"--top", "-5"}, {"--top", "-1", "--set", "conquest_bonus=2"}} {
		code, out, stderr := runCLI(t, "", append([]string{"compare", "peloponnes", "--players", "3", "--games", "2", "--variant", "open-conquest"}, extra...)...)
		assert.Equal(t, exitUsage, code, extra)
		assert.Empty(t, out, extra)
		assert.Contains(t, stderr, "error: --top "+extra[1]+": give how many of the most significant rows to print, or 0 for all\n", extra)
	}
}

// One game is "1 game", and a title with its own parenthesis gets the
// run's details in brackets rather than a second pair of parentheses.
func TestSimulateHeaderReadsWell(t *testing.T) {
	code, out, stderr := runCLI(t, "", "simulate", "cyclades", "--players", "2", "--games", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\n1 game of Cyclades (rules-text edition) [base rules; players 2, seats random, seed 1] in ")
	assert.Contains(t, out, "  of 1 game\n")
	// Not a bare "1 games"; a rate such as "16.1 games/s" is fine.
	assert.NotRegexp(t, `(^|[^0-9.])1 games`, out)
}

// One game is "1 game" in compare's and bench's reports too.
func TestOneGameReadsWellInCompareAndBench(t *testing.T) {
	code, out, stderr := runCLI(t, "", "compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\n1 game each of ")
	assert.NotRegexp(t, `(^|[^0-9.])1 games`, out)
	code, out, stderr = runCLI(t, "", "bench", "peloponnes", "--players", "3", "--games", "1", "--functions")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "1 game, ")
	assert.Contains(t, out, "per game over 1 game ")
	assert.NotRegexp(t, `(^|[^0-9.])1 games`, out)
}

// merge checks what it reads and says which file and which field is
// wrong: a file edited by hand gave an internal error (histogram values
// at the int extremes), a wrong report with exit 0 (negative counts, 50
// seats for a 2-player batch) or encoding/json's Go types.
func TestMergeRefusesATamperedFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	code, _, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "2", "--games", "3", "--stats", good)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	for name, c := range map[string]struct{ old, new, want string }{
		"hist.json":  {`"margins": {` + "\n" + `        "counts": {`, `"margins": {` + "\n" + `        "counts": {"9223372036854775807": 1, "-9223372036854775808": 1,`, "hist.json: stats.all.margins.counts: value -9223372036854775808 is beyond ±1125899906842624"},
		"games.json": {`"stats": {` + "\n" + `    "all": {` + "\n" + `      "games": 3,`, `"stats": {` + "\n" + `    "all": {` + "\n" + `      "games": -3,`, "games.json: stats.all.games: -3 is negative (a count)"},
		"seed.json":  {`"seed": 1,`, `"seed": 1e30,`, "seed.json: field seed: number 1e30 is not a whole number from 0 to 18446744073709551615"},
	} {
		edited := strings.Replace(string(data), c.old, c.new, 1)
		require.NotEqual(t, string(data), edited, name)
		file := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(file, []byte(edited), 0o644))
		code, out, stderr := runCLI(t, "", "merge", file)
		assert.Equal(t, exitProblems, code, name)
		assert.Empty(t, out, name)
		assert.Contains(t, stderr, "error: "+filepath.Join(dir, c.want), name)
		assert.Contains(t, stderr, "(merge reads simulate --stats or --json files as written: run that simulate again)", name)
		assert.NotContains(t, stderr, "internal error", name)
	}
}
