package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlatGivesUpWithinOneEvaluationsBudget: a runaway expression makes
// the flat runtime give up once the stretch since the last decision has
// taken one evaluation's steps (Limits.MaxExprSteps), not ten times as
// many (MaxRunSteps), so simulate hands the game to the present runtime,
// which names the limit, without the flat runtime's long detour first.
// A heavy but legal stretch within the bound plays on.
func TestFlatGivesUpWithinOneEvaluationsBudget(t *testing.T) {
	const src = `functions:
  f:
    params: {n: int}
    returns: int
    expr: "n == 0 ? 1 : f(n - 1) + f(n - 1)"
vars:
  total: {type: int}
  depth: {type: int, init: DEPTH}
flow:
  - {set: total, to: "f(depth)"}
  - choose:
      who: 0
      prompt: go on?
      options:
        - {key: done}
`
	run := func(depth string) (*flatGame, error) {
		p := load(t, strings.ReplaceAll(src, "DEPTH", depth))
		fp, err := p.Flat()
		require.NoError(t, err)
		g := fp.fp.newGame(newRNG(1))
		g.env.fs = fp.starts[2].fresh(true)
		g.push(fp.fp.flow)
		g.push(fp.fp.setup)
		return g, g.run()
	}
	limits := flatLimits()
	g, err := run("40") // 2^41 calls: minutes, were it let run
	require.ErrorIs(t, err, errGaveUp)
	assert.LessOrEqual(t, g.env.steps, limits.MaxExprSteps+64, "gave up past one evaluation's steps")
	assert.Greater(t, g.env.steps, limits.MaxExprSteps/2)

	g, err = run("17") // 2^18 calls: heavy, legal
	require.NoError(t, err)
	assert.NotNil(t, g.pending, "the game reached its decision")
	assert.Greater(t, g.env.steps, 200000)
}
