package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter/sim"
)

// The progress line goes to stderr, after the stage's name when several
// runs go in turn; with --json, stdout stays one JSON document.
func TestProgressStaysOnStderr(t *testing.T) {
	var stdout, stderr bytes.Buffer
	prm := compareParams{simulateParams: simulateParams{Ruleset: "peloponnes", Variant: "harsh-catastrophes", Players: "3", Games: 4, Seed: 1, Bots: "random", JSON: true, Progress: true}}
	require.Equal(t, exitOK, runCompare(context.Background(), prm, &stdout, &stderr), stderr.String())
	var v map[string]any
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &v), "stdout is JSON only")
	assert.Contains(t, stderr.String(), "\rA (base rules) [")
	assert.Contains(t, stderr.String(), "\rB (harsh-catastrophes) [")
	assert.Contains(t, stderr.String(), "4/4 games")

	assert.Regexp(t, `\rA \(base rules\) \[=+\] 4/4 games  [0-9.]+/s  [1-9]\d*s left\x1b\[K`, stderr.String(), "when A is done, B's games are left")
	assert.Regexp(t, `\rB \(harsh-catastrophes\) \[=+\] 4/4 games  [0-9.]+/s  0s left\x1b\[K`, stderr.String())

	var b bytes.Buffer
	drawProgress(&b, "", 5, 10, 0, 2*time.Second)
	assert.Equal(t, "\r[====================                    ] 5/10 games  2.5/s  2s left\033[K", b.String(), "one run: no stage")
}

// The time left covers the stages still to come and rounds up: it read
// "0s left" with a second's games to go, and with all of B's.
func TestProgressTimeLeftCoversEveryStageAndRoundsUp(t *testing.T) {
	line := func(done, total, after int, elapsed time.Duration) string {
		var b bytes.Buffer
		drawProgress(&b, "A", done, total, after, elapsed)
		return b.String()
	}
	assert.Contains(t, line(11, 40, 0, 360*time.Millisecond), "] 11/40 games  30.6/s  1s left\033[K", "29 games at 30.6/s: under a second, not 0s")
	assert.Contains(t, line(11, 40, 40, 360*time.Millisecond), "  3s left\033[K", "and B's 40 games: 69 at 30.6/s")
	assert.Contains(t, line(40, 40, 40, time.Second), "] 40/40 games  40.0/s  1s left\033[K", "A is done, B is not")
	assert.Contains(t, line(40, 40, 0, time.Second), "  0s left\033[K", "all done")
	assert.Contains(t, line(1, 300, 0, 10*time.Second), "  49m50s left\033[K")
}

// compare names a built-in side by its game ("built-in" alone was the
// same for both sides of two games), and says when there is nothing to
// test.
func TestCompareNamesBuiltInSidesAndEmptyComparisons(t *testing.T) {
	assert.Equal(t, "built-in athens", sourceName(&sim.Report{Header: sim.Header{Game: "athens", RulesetSource: builtIn}}))
	assert.Equal(t, "rulesets/athens", sourceName(&sim.Report{Header: sim.Header{Game: "athens", RulesetSource: "rulesets/athens"}}))
	code, out, stderr := runCLI(t, "", "compare", "athens", "--variant", "short-game", "--players", "2", "--games", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\nnote: nothing to test: no statistic differs in any of the games paired (or there are fewer than 2 games a side)\n")
}

// An output file in a folder that does not exist is a usage error before
// any game is played (it used to fail after the whole run).
func TestOutputFolderCheckedBeforeTheRun(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no", "such")
	for _, args := range [][]string{
		{"simulate", "athens", "--games", "1000000", "--report", filepath.Join(missing, "p.html")},
		{"simulate", "athens", "--games", "1000000", "--rows", filepath.Join(missing, "g.csv")},
		{"compare", "athens", "--variant", "short-game", "--games", "1000000", "--report", filepath.Join(missing, "p.html")},
	} {
		start := time.Now()
		code, _, stderr := runCLI(t, "", args...)
		assert.Equal(t, exitUsage, code, args)
		assert.Contains(t, stderr, ": there is no folder "+missing+" (create it first, or write elsewhere)", args)
		assert.Less(t, time.Since(start), 30*time.Second, "no game played")
	}
}

// A shard printed as text says how to merge it; a shard without games
// says so instead of printing zeros as if they were figures.
func TestShardNotes(t *testing.T) {
	code, out, stderr := runCLI(t, "", "simulate", "athens", "--players", "2", "--games", "1", "--shard", "1/2")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "\nno games to report (more shards than games?)\n")
	assert.NotContains(t, out, "scores: mean 0.0")
	assert.Contains(t, stderr, "note: this is shard 1/2 of the batch; to merge it with the others, write its statistics with --stats FILE (or --json) and give the files to agon merge\n")
	_, _, stderr = runCLI(t, "", "simulate", "athens", "--players", "2", "--games", "2", "--shard", "0/2", "--stats", filepath.Join(t.TempDir(), "s.json"))
	assert.NotContains(t, stderr, "note: this is shard")
}

// merge given a sweep's or a comparison's JSON says what the file is and
// what merge reads instead.
func TestMergeNamesFilesItCannotRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, args ...string) string {
		code, out, stderr := runCLI(t, "", args...)
		require.Equal(t, exitOK, code, stderr)
		file := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(file, []byte(out), 0o644))
		return file
	}
	sw := write("sw.json", "simulate", "athens", "--players", "2", "--games", "2", "--set", "max_rounds=5,6", "--json")
	_, _, stderr := runCLI(t, "", "merge", sw)
	assert.Contains(t, stderr, "sw.json: not a simulate --json or --stats file (no game or stats): it is a simulate --set sweep (a report per value); merge reads one run's shards, so shard each value apart (--set NAME=V --shard i/n --stats FILE, one value a run)")
	cmp := write("cmp.json", "compare", "athens", "--variant", "short-game", "--players", "2", "--games", "2", "--json")
	_, _, stderr = runCLI(t, "", "merge", cmp)
	assert.Contains(t, stderr, ": it is a compare --json; merge reads simulate shards")
}

// --set with one value is one run: --stats and --rows work, and the
// shards of one value merge (the advice the refusal and merge give).
func TestOneValueSetShardsMerge(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 2 {
		file := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		code, _, stderr := runCLI(t, "", "simulate", "athens", "--players", "2", "--games", "4", "--set", "max_rounds=6",
			"--shard", fmt.Sprintf("%d/2", i), "--stats", file, "--rows", filepath.Join(dir, "r.csv"))
		require.Equal(t, exitOK, code, stderr)
		files = append(files, file)
	}
	code, merged, stderr := runCLI(t, "", append([]string{"merge", "--json"}, files...)...)
	require.Equal(t, exitOK, code, stderr)
	code, _, stderr = runCLI(t, "", "simulate", "athens", "--players", "2", "--games", "4", "--set", "max_rounds=6", "--stats", filepath.Join(dir, "w.json"))
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(filepath.Join(dir, "w.json"))
	require.NoError(t, err)
	assert.Equal(t, decode(t, string(data))["stats"], decode(t, merged)["stats"])
	assert.Equal(t, "max_rounds=6", decode(t, merged)["set"])

	code, _, stderr = runCLI(t, "", "simulate", "athens", "--players", "2", "--games", "2", "--set", "max_rounds=5,6", "--stats", filepath.Join(dir, "x.json"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--rows and --stats are for one run, not a sweep of 2 values: give one value a run (--set max_rounds=5 --stats FILE)")
}

// A second folder that does not load is reported before A plays (it was
// reported after all of A's games), and named as side B.
func TestCompareLoadsBothSidesFirst(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "athens")
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(repoRoot(t), "rulesets", "athens"))))
	constants := filepath.Join(dir, "constants.yaml")
	data, err := os.ReadFile(constants)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(constants, bytes.Replace(data, []byte("max_rounds: 14 "), []byte("max_rounds: ten "), 1), 0o644))
	start := time.Now()
	code, _, stderr := runCLI(t, "", "compare", "athens", dir, "--players", "2", "--games", "1000000")
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "B: "+dir+" (base rules) does not load:\n")
	assert.Contains(t, stderr, "repeat count must be int, got string")
	assert.Less(t, time.Since(start), 30*time.Second, "A's games were not played")
}

// A --set value the ruleset refuses is reported before any game is
// played (it came after the games of the values before it).
func TestSweepValuesLoadBeforeTheRun(t *testing.T) {
	for _, cmd := range []string{"simulate", "compare"} {
		start := time.Now()
		code, out, stderr := runCLI(t, "", cmd, "peloponnes", "--players", "3", "--games", "1000000", "--set", "conquest_bonus=1,word")
		assert.Equal(t, exitProblems, code, cmd)
		assert.Contains(t, stderr, "conquest_bonus=word:\n", cmd)
		assert.Empty(t, out, cmd)
		assert.Less(t, time.Since(start), 30*time.Second, "%s: no game played", cmd)
	}
}

// merge's note names missing shards as ranges, not one by one (shard 7
// of 1000 alone used to list 999 shards).
func TestMergeNotesMissingShardsAsRanges(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s7.json")
	code, _, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "10", "--shard", "7/1000", "--stats", file)
	require.Equal(t, exitOK, code, stderr)
	code, _, stderr = runCLI(t, "", "merge", file)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, "note: 999 of the batch's 1000 shards are missing: 0–6, 8–999\n", stderr)

	var shards []sim.Shard
	for _, i := range []int{1, 3, 4, 6, 7, 8, 9} {
		shards = append(shards, sim.Shard{Index: i, Count: 10})
	}
	assert.Equal(t, "1, 3–4, 6–9", shardRanges(shards))
	shards = nil
	for i := 0; i < 40; i += 2 {
		shards = append(shards, sim.Shard{Index: i, Count: 40})
	}
	assert.Equal(t, "0, 2, 4, 6, 8, 10, 12, 14, … (12 more)", shardRanges(shards))
}
