package main

import (
	"os"
	"path/filepath"
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
	merged := page("merge", filepath.Join(dir, "s.json"))
	assert.Contains(t, merged, "Win rate by seat")
	cmp := page("compare", "peloponnes", "--variant", "harsh-catastrophes", "--players", "3", "--games", "6")
	for _, want := range []string{"harsh-catastrophes against base rules", "Differences, most significant first", "A: base rules", "B: harsh-catastrophes"} {
		assert.Contains(t, cmp, want)
	}
}
