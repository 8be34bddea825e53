package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const countRules = `
functions:
  sq:
    params: {n: int}
    returns: int
    expr: n * n
  tot:
    returns: int
    expr: sum(1..3, sq(#))
  unused:
    returns: int
    expr: "1"
flow:
  - log: "{tot()} {sq(4)}"
`

func TestCallCountsCountCallsAndSteps(t *testing.T) {
	for _, closures := range []bool{true, false} {
		p := load(t, countRules)
		if !closures {
			p = withoutClosures(p)
		}
		counts := &CallCounts{}
		for range 2 {
			g, err := NewGame(p, Config{Players: 1, Seed: 1, Counts: counts})
			require.NoError(t, err)
			require.Equal(t, []string{"14 16"}, logs(g))
		}
		assert.Equal(t, 2, counts.Games())
		assert.Equal(t, []FunctionCalls{
			{Name: "tot", Pos: "g/rules.yaml:8:5", Calls: 2, Steps: 14}, // a call, 3 rounds, 3 calls of sq: 7 a game
			{Name: "sq", Pos: "g/rules.yaml:4:5", Calls: 8, Steps: 8},
		}, counts.Functions(), "closures %v: unused is never called", closures)
	}
}

func TestCallCountsBelongToOneRuleset(t *testing.T) {
	counts := &CallCounts{}
	_, err := NewGame(load(t, countRules), Config{Players: 1, Counts: counts})
	require.NoError(t, err)
	_, err = NewGame(load(t, countRules), Config{Players: 1, Counts: counts})
	assert.ErrorContains(t, err, "another ruleset")
}

func TestUncountedGamesCountNothing(t *testing.T) {
	g := start(t, countRules, 1)
	assert.Nil(t, g.counts)
	assert.Nil(t, g.Clone().counts)
}
