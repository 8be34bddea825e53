package interpreter

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlatReduceRepeatAndHas evaluates reduce, repeat of a string and has
// on both runtimes, in a game of gems with an intmap: the same values;
// and where expr fails (reduce of nothing, a negative repeat) or the
// budget would be passed, the flat closure gives up, for the present
// runtime to say why.
func TestFlatReduceRepeatAndHas(t *testing.T) {
	src := gemsDeck + `vars:
  owner: {type: intmap, default: -1}
  xs: {type: ints, init: "[3, 1, 4, 1, 5]"}
  words: {type: strings, init: '["a", "bc", "d"]'}
flow:
  - set: owner['ruby']
    to: 0
` + waitEffect
	g := start(t, src, 2)
	fp, err := g.Program().Flat()
	require.NoError(t, err)
	fg, err := fp.NewGame(2, 1)
	require.NoError(t, err)
	for _, expr := range []string{
		`reduce(xs, #acc + #)`,
		`reduce(xs, #acc + #, 10)`,
		`reduce(xs, #acc * 2 + #, 0)`,
		`reduce(xs, max(#acc, #))`,
		`reduce(words, #acc + "-" + #)`,
		`reduce(words, #acc + #, ">")`,
		`reduce(deck, #acc + #.value, 0)`,
		`reduce(deck, #acc + #.name, "")`,
		`reduce(deck, #acc || #.value > 4, false)`,
		`reduce(xs, #acc + count(xs, # > 2), 0)`,
		`reduce(xs, #acc + reduce(xs, #acc + #), 0)`,
		`reduce(1..4, #acc * #, 1)`,
		`repeat("ab", 3)`,
		`repeat("ab", 0)`,
		`len(repeat("xyz", 1000))`,
		`has(owner, 'ruby')`,
		`has(owner, 'jade')`,
		`has(owner, deck[0].id) && not has(owner, deck[1].id)`,
	} {
		want, err := g.Eval(expr)
		require.NoError(t, err, expr)
		got, err := fg.Eval(expr)
		require.NoError(t, err, expr)
		assert.Equal(t, want, got, expr)
	}
	for _, expr := range []string{
		`reduce(filter(xs, # > 9), #acc + #)`,
		`repeat("ab", -1)`,
		`len(repeat(repeat("a", 999999), 999999))`,
		`len(reduce(1..60, #acc + #acc, "ab"))`,
	} {
		_, err := g.Eval(expr)
		require.Error(t, err, expr)
		_, err = fg.Eval(expr)
		assert.True(t, errors.Is(err, ErrFlatCheck), "%s: %v", expr, err)
	}
}
