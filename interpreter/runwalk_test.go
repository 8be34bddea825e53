package interpreter

import (
	"testing"

	"github.com/expr-lang/expr/ast"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// foldedRules reads a variable, calls a function and uses an intmap
// parameter only inside map(filter(…), f), which expr's optimiser folds
// into the filter node's Map field.
const foldedRules = `
vars:
  xs: {type: ints, init: "[1, 2, 3]"}
  bonus: {type: int}
  step: {type: int}
functions:
  plus:
    params: {n: int}
    returns: int
    expr: "n + bonus"
  boosted:
    params: {c: int}
    returns: int
    expr: "sum(map(filter(xs, # > c), plus(#)))"
  kept:
    params: {m: intmap}
    returns: intmap
    expr: "first(map(filter([1], # > 0), m))"
triggers:
  - name: boost
    when: "any(map(filter(xs, # > 0), # + bonus), # > 10)"
    do:
      - log: "boost {bonus}"
      - {set: bonus, to: 0}
flow:
  - repeat: 3
    do:
      - log: "{boosted(0)} {boosted(0)}"
      - {set: bonus, to: "bonus + 4"}
      - {set: step, to: "step + 1"}
      - log: "{boosted(0)} {boosted(0)}"
`

// hasFoldedMap reports whether the tree holds a map folded into a filter.
func hasFoldedMap(tree ast.Node) bool {
	found := false
	visitAll(tree, func(n ast.Node) {
		if b, ok := n.(*ast.BuiltinNode); ok && b.Map != nil {
			found = true
		}
	})
	return found
}

// TestFoldedMapsAreAnalysed: what the folded map f reads, calls or keeps
// counts. The trigger is checked again when bonus changes; the remembered
// call is forgotten when it does (its values follow bonus); the call of
// plus counts in boosted's nesting; and kept, which returns its map from
// inside f, does not get a scratch map.
func TestFoldedMapsAreAnalysed(t *testing.T) {
	p := load(t, foldedRules)
	require.True(t, hasFoldedMap(p.triggers[0].when.run.node()), "the trigger's map is folded (else this tests nothing)")
	require.True(t, hasFoldedMap(p.funcs["boosted"].body.run.node()), "boosted's map is folded")
	assert.Contains(t, readersOf(p, 0), "bonus", "the trigger reads bonus inside the folded map")
	assert.Equal(t, 1, p.funcs["boosted"].nest, "boosted calls plus inside the folded map")
	assert.False(t, p.funcs["kept"].lookOnly[0], "kept returns its map from inside the folded map")

	g := start(t, foldedRules, 1)
	assert.Equal(t, []string{"6 6", "18 18", "18 18", "boost 8", "6 6", "6 6", "18 18"}, logs(g))
}
