package main

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --runtime present plays every game on the present runtime: the report
// is the one the flat runtime gives (only the time differs), for simulate
// and for compare; another value is a usage error naming the two.
func TestRuntimePresentGivesTheSameReport(t *testing.T) {
	seconds := regexp.MustCompile(`"seconds": [0-9.e-]+`)
	runtimes := regexp.MustCompile(`\s*"runtime(_reason)?": "[^"]*",?`)
	for _, args := range [][]string{
		{"simulate", "peloponnes", "--players", "3", "--games", "40", "--seats", "greedy,random,random", "--json"},
		{"compare", "peloponnes", "--variant", "rich-income", "--players", "3", "--games", "30", "--json"},
	} {
		code, auto, _ := runCLI(t, "", args...)
		require.Equal(t, 0, code, auto)
		code, present, _ := runCLI(t, "", append(args, "--runtime", "present")...)
		require.Equal(t, 0, code, present)
		assert.Contains(t, auto, `"runtime": "flat"`, "%v", args)
		assert.NotContains(t, auto, `"runtime_reason"`, "%v", args)
		assert.Contains(t, present, `"runtime": "present",`, "%v", args)
		assert.Contains(t, present, `"runtime_reason": "asked for (--runtime present)"`, "%v", args)
		strip := func(s string) string { return runtimes.ReplaceAllString(seconds.ReplaceAllString(s, ""), "") }
		assert.Equal(t, strip(auto), strip(present), "%v", args)
	}
	code, _, stderr := runCLI(t, "", "simulate", "peloponnes", "--runtime", "fast")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `--runtime "fast": give auto (the flat runtime, where it covers the ruleset) or present`)
}

// --runtime present reaches the batch.
func TestRuntimeFlagReachesTheBatch(t *testing.T) {
	for runtime, present := range map[string]bool{"": false, "auto": false, "present": true} {
		s, err := newSimulation(simulateParams{Ruleset: "peloponnes", Players: "3", Games: 1, Bots: "random", Runtime: runtime})
		require.NoError(t, err)
		assert.Equal(t, present, s.batch(nil).Present, "--runtime %q", runtime)
	}
}

// A ruleset the flat runtime does not cover is simulated on the present
// runtime, and the report says so and why (text and JSON); compare says
// it of each side. On the flat runtime, the rule, nothing is said.
func TestSimulateSaysWhichRuntimePlayed(t *testing.T) {
	dir := uncoveredRuleset(t)
	code, out, errOut := runCLI(t, "", "simulate", dir, "--players", "2", "--games", "4")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^note: played on the present runtime, 2-4x slower than the flat one \(the same results\): the flat runtime does not cover it yet: \S*flow\.yaml:2:5: distinct of a bool`, out)
	code, out, errOut = runCLI(t, "", "simulate", dir, "--players", "2", "--games", "4", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"runtime": "present"`)
	assert.Contains(t, out, `distinct of a bool`)
	code, out, errOut = runCLI(t, "", "compare", dir, dir, "--players", "2", "--games", "4")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "note: A: played on the present runtime")
	assert.Contains(t, out, "note: B: played on the present runtime")

	code, out, _ = runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "4")
	require.Equal(t, 0, code)
	assert.NotContains(t, out, "runtime")
	code, out, _ = runCLI(t, "", "simulate", "peloponnes", "--players", "3", "--games", "4", "--runtime", "present")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "note: played on the present runtime, 2-4x slower than the flat one (the same results): asked for (--runtime present)")
}
