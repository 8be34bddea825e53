package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --report writes one self-contained page: simulate's charts and tables,
// merge's the same, compare's both runs and the differences.
func TestReportPages(t *testing.T) {
	dir := t.TempDir()
	page := func(args ...string) string {
		t.Helper()
		file := filepath.Join(dir, "page.html")
		code, _, stderr := runCLI(t, "", append(args, "--report", file)...)
		require.Equal(t, exitOK, code, stderr)
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		return string(data)
	}
	sim := page("simulate", "peloponnes", "--players", "3", "--games", "6", "--stats", filepath.Join(dir, "s.json"))
	for _, want := range []string{"Peloponnes Card Game: base rules", "Win rate by seat", "Win rate by civilization", "Final scores", "Game length", "Cards taken", "Counters (mean per seat and game)", "<svg"} {
		assert.Contains(t, sim, want)
	}
	assert.NotRegexp(t, `(src|href)="https?:`, sim, "self-contained")
	assert.NotContains(t, sim, "present: ", "the flat runtime, the rule, is not named")
	present := page("simulate", "peloponnes", "--players", "3", "--games", "2", "--runtime", "present")
	assert.Contains(t, present, "present: asked for (--runtime present)")
	merged := page("merge", filepath.Join(dir, "s.json"))
	assert.Contains(t, merged, "Win rate by seat")
	cmp := page("compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "6")
	for _, want := range []string{"harsh-catastrophes against base rules", "Differences, most significant first", "A: base rules", "B: harsh-catastrophes"} {
		assert.Contains(t, cmp, want)
	}
}

// --report with --set: one page for the whole sweep, the values' runs
// overlaid (a section per value beyond what a chart tells apart).
func TestSweepReportPages(t *testing.T) {
	dir := t.TempDir()
	page := func(args ...string) string {
		t.Helper()
		file := filepath.Join(dir, "page.html")
		code, _, stderr := runCLI(t, "", append(args, "--report", file)...)
		require.Equal(t, exitOK, code, stderr)
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		return string(data)
	}
	sw := page("simulate", "peloponnes", "--players", "3", "--games", "4", "--set", "conquest_bonus=1..3")
	for _, want := range []string{"sweep of conquest_bonus", "Sweep of conquest_bonus", "conquest_bonus = 1, 2, 3",
		"conquest_bonus=1", "conquest_bonus=3", "Win rate by seat", "Final scores", "Counters by conquest_bonus", "catastrophes struck", "<svg"} {
		assert.True(t, strings.Contains(sw, want), want)
	}
	many := page("simulate", "peloponnes", "--players", "3", "--games", "2", "--set", "conquest_bonus=1..7")
	assert.True(t, strings.Contains(many, "conquest_bonus=7: Win rate by seat"), "seven values: a section per value")

	cmp := page("compare", "peloponnes", "--players", "3", "--games", "6", "--set", "conquest_bonus=1,3")
	for _, want := range []string{"conquest_bonus against the ruleset&#39;s own value", "conquest_bonus=1: differences, most significant first",
		"conquest_bonus=3: differences", "B plays A&#39;s rules", "Win rate by seat"} {
		assert.True(t, strings.Contains(cmp, want), want)
	}

	code, _, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "2", "--set", "conquest_bonus=1,2", "--rows", filepath.Join(dir, "r.csv"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--report one page of them all")
}
