package main

import (
	"bytes"
	"context"
	"encoding/json"
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

	var b bytes.Buffer
	drawProgress(&b, "", 5, 10, 2*time.Second)
	assert.Equal(t, "\r[====================                    ] 5/10 games  2.5/s  2s left\033[K", b.String(), "one run: no stage")
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
