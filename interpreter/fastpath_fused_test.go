package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// TestFusedJoinOfIDsAgreesWithTheVM: join(ids(cards), sep) runs as one
// closure (fastpath_fused.go) that gives the VM's value and steps, and
// gives up where the VM fails (memory, a list that is not of cards).
func TestFusedJoinOfIDsAgreesWithTheVM(t *testing.T) {
	withFast := load(t, dealGame)
	vmOnly := withoutClosures(load(t, dealGame))
	assertClosuresAgree(t, withFast, vmOnly, "join(ids(deck), ',')", "join(ids(deck))", "join(ids(players[0].hand), ' - ')", "join(ids(pile), ',')", "join(ids(deck), ',') == 'ruby,opal,jade,onyx,pearl'", "len(join(ids(deck), ','))")
	want, _, _, _ := evalWith(t, withFast, "join(ids(deck), ',')", true)
	assert.Regexp(t, "^[a-z]+(,[a-z]+){4}$", want, "five ids")

	g, err := NewGame(withFast, Config{Players: 2, Seed: 1, Limits: Limits{MaxExprMemory: 12}})
	require.NoError(t, err)
	c, err := withFast.compileAdhoc(schema.Expr{Src: "join(ids(deck), ',')", Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	require.NoError(t, err)
	closure := false
	g.fastCount = func(d *compiled, ok bool) { closure = closure || (ok && d == c) }
	_, err = g.eval(c)
	require.ErrorContains(t, err, "limit MaxExprMemory")
	assert.False(t, closure, "the closure gave up")
}

// TestInLiteralAgreesWithTheVM: x in [a, b, …] is decided without the
// list (fastInLiteral), with the VM's values and steps, and gives up
// where an element fails even after a match.
func TestInLiteralAgreesWithTheVM(t *testing.T) {
	withFast := load(t, closureRules)
	vmOnly := withoutClosures(load(t, closureRules))
	assertClosuresAgree(t, withFast, vmOnly, "3 in [1, fact(2), 3]", "7 in [xs[0], 2]", "'a' in ['b', 'a']", "not (4 in [1, 2])", "fact(3) not in [6, 7]", "count(xs, # in [1, fact(2) - 1, 9])", "nil in [1]")
	src := "3 in [3, huge + 1]" // the VM builds the list first: the overflow stops it
	_, werr, _, _ := evalWith(t, vmOnly, src, false)
	require.ErrorContains(t, werr, "integer overflow")
	_, err, _, fast := evalWith(t, withFast, src, true)
	require.Error(t, err)
	assert.False(t, fast, "the closure gave up")
	assert.Equal(t, werr.Error(), err.Error())
}

// TestFilterKeepingAllOrNothingAllocatesNothing: a filter of a []any that
// keeps every element returns that list, one that keeps none the shared
// empty list, with the VM's values and steps, and neither allocates.
func TestFilterKeepingAllOrNothingAllocatesNothing(t *testing.T) {
	withFast := load(t, dealGame)
	vmOnly := withoutClosures(load(t, dealGame))
	all, none := "filter(deck, .name != '')", "filter(deck, .name == '')"
	assertClosuresAgree(t, withFast, vmOnly, all, none, "filter(deck, .name != 'Opal')", "map(filter(deck, .name != ''), .id)")
	g, err := NewGame(withFast, Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	for _, src := range []string{all, none} {
		c, err := withFast.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(t, err)
		allocs := testing.AllocsPerRun(50, func() {
			_, err := g.eval(c)
			require.NoError(t, err)
		})
		assert.Zero(t, allocs, src)
	}
}

// TestFusedJoinOfIDsComparesWithoutBuilding: join(ids(…), sep) compared
// with == or != (either side) is decided piece by piece
// (fusedJoinIDsEqual), with the VM's values, and allocates nothing.
func TestFusedJoinOfIDsComparesWithoutBuilding(t *testing.T) {
	withFast := load(t, dealGame)
	vmOnly := withoutClosures(load(t, dealGame))
	same := "join(ids(deck), ',') == join(ids(deck), ',')"
	assertClosuresAgree(t, withFast, vmOnly, same,
		"join(ids(deck), ',') != join(ids(deck), ',')",
		"join(ids(deck)) == join(ids(deck), '')",
		"join(ids(deck), ',') == join(ids(deck), ';')",
		"join(ids(deck), ',') + ',' == join(ids(deck), ',')",
		"join(ids(deck), ',') == join(ids(deck), ',') + ','",
		"join(ids(pile), ',') == join(ids(deck), ',')",
		"'' == join(ids(pile), ',')",
		"'x' != join(ids(pile), ',')",
		"join(ids(deck), ',') == nil")
	got, _, _, _ := evalWith(t, withFast, same, true)
	assert.Equal(t, true, got)

	g, err := NewGame(withFast, Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	c, err := withFast.compileAdhoc(schema.Expr{Src: "join(ids(deck), ',') != 'ruby'", Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		v, err := g.eval(c)
		require.NoError(t, err)
		require.Equal(t, true, v)
	})
	assert.Zero(t, allocs, "no joined string is built")
}

// TestFusedSumAgreesWithTheVM: sum(xs, body) and sum(filter(xs, cond)
// [, body]) — checked int sums of a map or a filter — add the values in
// one loop (fusedSum), with the VM's values and steps, give up where the
// VM fails (an overflow, the step limit, a term that is not an int), and
// build no list.
func TestFusedSumAgreesWithTheVM(t *testing.T) {
	withFast := load(t, closureRules)
	vmOnly := withoutClosures(load(t, closureRules))
	assertClosuresAgree(t, withFast, vmOnly,
		"sum(xs)",
		"sum(xs, # * 2)",
		"sum(1..10, fact(#) % 7)",
		"sum(filter(xs, # > 2))",
		"sum(filter(xs, # > 2), # * 10)",
		"sum(filter(xs, # != 1), # + 1)",
		"sum(filter(xs, # > 100))",
		"sum(filter(xs, # > 100), fact(#))",
		"sum(filter(xs, # % 2 == 1), fact(#))",
		"sum(filter(xs, true), let y = # * 2; y + 1)",
		"sum(filter(1..20, # % 3 == 0), #)")
	cards := load(t, dealGame)
	assertClosuresAgree(t, cards, withoutClosures(load(t, dealGame)),
		"sum(filter(deck, .value > 2), .value)",
		"sum(filter(deck, .name != 'Opal'), .value * 2)",
		"sum(deck, .value)")

	for _, src := range []string{
		"sum(filter(xs, # > 2), huge)",            // overflow
		"sum(xs, huge)",                           // overflow
		"sum(filter(1..300, # > 0), #)",           // steps: 300 + 300 > 500
		"sum(1..600, #)",                          // steps
		"sum(filter(xs, # > 2), # > 3 ? # : nil)", // a nil term
	} {
		_, werr, _, _ := evalWith(t, vmOnly, src, false)
		require.Error(t, werr, src)
		_, err, _, fast := evalWith(t, withFast, src, true)
		assert.False(t, fast, "%s: the closure gave up", src)
		require.Error(t, err, src)
		assert.Equal(t, werr.Error(), err.Error(), src)
	}

	g, err := NewGame(cards, Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	for _, src := range []string{"sum(filter(deck, .value > 1), .value)", "sum(deck, .value)"} {
		c, err := cards.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(t, err)
		allocs := testing.AllocsPerRun(100, func() {
			_, err := g.eval(c)
			require.NoError(t, err)
		})
		assert.Zero(t, allocs, "%s builds no list", src)
	}
}
