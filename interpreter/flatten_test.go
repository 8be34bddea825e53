package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// TestFlattenClosureIsExprs evaluates flatten of one-level, nested, empty
// and mixed lists both by its closure and on the VM: the same values, and
// the closure gives up where the VM fails.
func TestFlattenClosureIsExprs(t *testing.T) {
	g := start(t, `
cards:
  gem: {zone: deck, attributes: {value: {type: int}}, rows: [{id: ruby, count: 3, value: 2}, {id: jade, value: 1}]}
zones:
  deck: {}
  hand: {owner: player}
vars:
  xs: {type: ints, init: "[1, 2, 3]"}
  ws: {type: strings, init: "['a', 'b']"}
setup:
  - {draw: 2, from: deck, into: "players[0].hand"}
  - {draw: 1, from: deck, into: "players[1].hand"}
flow: []
`, 2)
	for _, src := range []string{
		"flatten([[1, 2], [3]])",
		"flatten([xs, xs])",
		"flatten([ws, ['c']])",
		"flatten([1, xs, 'x'])",
		"flatten([[1, [2, 3]], [4]])",
		"flatten([[[1]], []])",
		"flatten([])",
		"flatten([[], []])",
		"flatten(map(players, .hand))",
		"len(flatten(map(players, .hand))) == 3",
		"flatten([deck, players[0].hand])",
	} {
		c, err := g.prog.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(t, err, src)
		require.NotNil(t, c.fast, "%s has a closure (%s)", src, c.fastMiss)
		got, ok := g.runFast(c)
		require.True(t, ok, src)
		prog, err := c.run.program()
		require.NoError(t, err, src)
		want, err := g.newVM().Run(prog, g.vmEnv())
		require.NoError(t, err, src)
		assert.Equal(t, want, got, src)
	}
	c, err := g.prog.compileAdhoc(schema.Expr{Src: "flatten([[1], [nil]])", Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	require.NoError(t, err)
	require.NotNil(t, c.fast, "flatten with a nil has a closure (%s)", c.fastMiss)
	_, ok := g.runFast(c)
	prog, err := c.run.program()
	require.NoError(t, err)
	_, vmErr := g.newVM().Run(prog, g.vmEnv())
	assert.Equal(t, vmErr == nil, ok, "the closure gives up exactly where the VM fails")
}
