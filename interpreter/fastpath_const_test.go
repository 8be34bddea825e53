package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// constRules has constant lists of strings, at the top and inside a map,
// and a variable list of strings (not a constant: its loops box their
// elements). A local may not shadow a constant (the load says so).
const constRules = `
constants:
  names: [a, b, c, b]
  nested: {inner: {cells: [x, y, z]}, n: 3}
  empty: []
functions:
  second:
    params: {list: strings}
    returns: string
    expr: "list[1]"
vars:
  words: {type: strings, init: "['a', 'b']"}
  scores: {type: intmap, init: "{b: 2, y: 5}"}
flow: []
`

// TestConstantListReadsAgreeWithTheVM: member reads of literal keys on a
// constant are read once when compiling (fastpath_const.go), and loops and
// indices on a constant list of strings take boxed twins; every value,
// and every step charged, is the VM's.
func TestConstantListReadsAgreeWithTheVM(t *testing.T) {
	withFast := load(t, constRules)
	vmOnly := withoutClosures(load(t, constRules))
	assertClosuresAgree(t, withFast, vmOnly,
		"count(names, # == 'b')", "filter(names, # != 'a')", "filter(names, true)", "filter(names, false)",
		"map(names, # + '!')", "findIndex(names, # == 'c')", "findLast(names, # == 'b')",
		"sum(nested.inner.cells, scores[#] ?? 0)", "nested.inner.cells", "nested['inner'].cells[2]",
		"nested.n + 1", "names[1]", "names[0] + names[3]", "any(names, # == nested.inner.cells[0])",
		"sum(names, len(#))", "count(empty, true)", "concat(names, words)", "len(names)", "names[1:3]",
		"second(['s', 't'])", "second(names)", "let list = names; list[0] + first(list)",
		"count(words, # == 'a')", "names[scores.b]", "nested.inner.cells[len(words)]", "map(0..3, names[#])",
	)
	// A negative index is left to the VM, as on any list.
	want, _, _, _ := evalWith(t, vmOnly, "names[-1]", false)
	got, err, _, _ := evalWith(t, withFast, "names[-1]", true)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	// An index out of range fails as the VM fails.
	_, werr, _, _ := evalWith(t, vmOnly, "names[4]", false)
	require.Error(t, werr)
	_, err, _, _ = evalWith(t, withFast, "names[4]", true)
	require.Error(t, err)
	assert.Equal(t, werr.Error(), err.Error())
}

// TestConstantListLoopsBoxNothing: a loop or an index over a constant list
// of strings takes its elements from the twin boxed at load, so the game's
// box table sees none of them; a loop over a variable's list boxes them
// (which is what makes this test able to fail).
func TestConstantListLoopsBoxNothing(t *testing.T) {
	p := load(t, constRules)
	misses := func(src string) int {
		g, err := NewGame(p, Config{Players: 2, Seed: 1})
		require.NoError(t, err)
		c, err := p.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(t, err, src)
		before := g.boxMisses
		_, err = g.eval(c)
		require.NoError(t, err, src)
		return g.boxMisses - before
	}
	for _, src := range []string{"count(names, # == 'b')", "names[scores.b]", "sum(nested.inner.cells, scores[#] ?? 0)", "names[2] == 'c'", "map(names, #)"} {
		assert.Zero(t, misses(src), "%s boxed elements of a constant list", src)
	}
	assert.NotZero(t, misses("count(words, # == 'b')"), "a variable's list boxes its elements")
}
