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
	for _, args := range [][]string{
		{"simulate", "peloponnes", "--players", "3", "--games", "40", "--seats", "greedy,random,random", "--json"},
		{"compare", "peloponnes", "--variant", "rich-income", "--players", "3", "--games", "30", "--json"},
	} {
		code, auto, _ := runCLI(t, "", args...)
		require.Equal(t, 0, code, auto)
		code, present, _ := runCLI(t, "", append(args, "--runtime", "present")...)
		require.Equal(t, 0, code, present)
		assert.Equal(t, seconds.ReplaceAllString(auto, ""), seconds.ReplaceAllString(present, ""), "%v", args)
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
