package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every --set applies, whatever their order, and the header names them
// all (a repeated --set used to keep only the last).
func TestRepeatedSetAppliesEvery(t *testing.T) {
	args := []string{"simulate", "peloponnes", "--players", "3", "--games", "6", "--json"}
	stats := func(sets ...string) map[string]any {
		t.Helper()
		a := append([]string{}, args...)
		for _, s := range sets {
			a = append(a, "--set", s)
		}
		code, out, stderr := runCLI(t, "", a...)
		require.Equal(t, exitOK, code, stderr)
		var sw struct{ Reports []map[string]any }
		require.NoError(t, json.Unmarshal([]byte(out), &sw))
		require.Len(t, sw.Reports, 1)
		return sw.Reports[0]
	}
	both := stats("rounds=6", "conquest_bonus=0")
	assert.Equal(t, "rounds=6, conquest_bonus=0", both["set"])
	swapped := stats("conquest_bonus=0", "rounds=6")
	assert.Equal(t, "conquest_bonus=0, rounds=6", swapped["set"])
	assert.Equal(t, both["stats"], swapped["stats"], "the order of the --set flags changes nothing")
	assert.NotEqual(t, stats("rounds=6")["stats"], both["stats"], "conquest_bonus=0 applies too")
	assert.NotEqual(t, stats("conquest_bonus=0")["stats"], both["stats"], "rounds=6 applies too")

	code, out, _ := runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "4", "--set", "rounds=6", "--set", "conquest_bonus=0")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "(base rules, rounds=6, conquest_bonus=0; players 3")
}

// One --set may sweep while the others set one value in every run.
func TestSweepWithAnotherConstantSet(t *testing.T) {
	code, out, stderr := runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "4", "--json",
		"--set", "rounds=6", "--set", "conquest_bonus=2..3")
	require.Equal(t, exitOK, code, stderr)
	var sw struct {
		Set     string
		Values  []string
		Fixed   []string
		Reports []map[string]any
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sw))
	assert.Equal(t, "conquest_bonus", sw.Set)
	assert.Equal(t, []string{"2", "3"}, sw.Values)
	assert.Equal(t, []string{"rounds=6"}, sw.Fixed)
	require.Len(t, sw.Reports, 2)
	assert.Equal(t, "rounds=6, conquest_bonus=2", sw.Reports[0]["set"])
	_, alone, _ := runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "4", "--json", "--set", "rounds=6")
	assert.Equal(t, decode(t, alone)["reports"].([]any)[0].(map[string]any)["stats"], sw.Reports[1]["stats"],
		"conquest_bonus=3 is the ruleset's own: the games of rounds=6 alone")

	code, out, _ = runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "2", "--set", "rounds=6", "--set", "conquest_bonus=2,3")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "\nsweep of conquest_bonus (rounds=6):\n")
}

func TestSetMistakes(t *testing.T) {
	for _, cmd := range []string{"simulate", "compare"} {
		args := []string{cmd, "peloponnes", "--players", "3", "--games", "2"}
		code, _, stderr := runCLI(t, "", append(args, "--set", "rounds=6..7", "--set", "conquest_bonus=1,2")...)
		assert.Equal(t, exitUsage, code, cmd)
		assert.Contains(t, stderr, "error: --set rounds=6..7 and --set conquest_bonus=1,2 both give several values: one --set may sweep over values, the others give one value each", cmd)
		code, _, stderr = runCLI(t, "", append(args, "--set", "rounds=6", "--set", "rounds=7")...)
		assert.Equal(t, exitUsage, code, cmd)
		assert.Contains(t, stderr, "error: --set rounds is given twice (--set rounds=6 and --set rounds=7): set each constant once", cmd)
		code, _, stderr = runCLI(t, "", append(args, "--set", "rounds=6", "--set", "conquest_bonu=1")...)
		assert.Equal(t, exitUsage, code, cmd)
		assert.Contains(t, stderr, `(did you mean "conquest_bonus"?)`, cmd)
	}
}

// compare --set sets every constant in B.
func TestCompareRepeatedSet(t *testing.T) {
	code, out, stderr := runCLI(t, "", "compare", "peloponnes", "--players", "3", "--games", "4", "--json",
		"--set", "rounds=6", "--set", "conquest_bonus=3")
	require.Equal(t, exitOK, code, stderr)
	var sw struct {
		Set         string
		Fixed       []string
		Comparisons []map[string]any
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sw))
	require.Len(t, sw.Comparisons, 1)
	b := sw.Comparisons[0]["b"].(map[string]any)
	assert.Equal(t, "rounds=6, conquest_bonus=3", b["set"])
	_, alone, _ := runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "4", "--json", "--set", "rounds=6")
	assert.Equal(t, decode(t, alone)["reports"].([]any)[0].(map[string]any)["stats"], b["stats"], "B has rounds=6 too")
	assert.Empty(t, sw.Comparisons[0]["same"], "rounds=6 is not the ruleset's own")

	code, out, _ = runCLI(t, "", "compare", "peloponnes", "--players", "3", "--games", "2", "--set", "rounds=8", "--set", "conquest_bonus=3")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "note: rounds=8, conquest_bonus=3 are the ruleset's own values: B plays A's rules")
}
