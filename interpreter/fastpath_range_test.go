package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// rangeRules has lists whose lengths bound ranges, empty ones included.
const rangeRules = `
vars:
  xs: {type: ints, init: "[3, 1, 4, 1, 5]"}
  nothing: {type: ints}
flow: []
`

// TestRangeLoopsAgreeWithTheVM: a loop over a range a..b walks it without
// building the []int (listSource.ranged); every value and every step is
// the VM's, for every loop builtin, empty and reversed ranges included.
func TestRangeLoopsAgreeWithTheVM(t *testing.T) {
	withFast := load(t, rangeRules)
	vmOnly := withoutClosures(load(t, rangeRules))
	assertClosuresAgree(t, withFast, vmOnly,
		"any(0..len(xs) - 1, xs[#] == 4)", "any(0..len(nothing) - 1, nothing[#] == 4)", "all(0..len(xs) - 1, xs[#] > 0)",
		"none(0..len(xs) - 1, xs[#] > 4)", "one(0..len(xs) - 1, xs[#] == 4)", "count(0..len(xs) - 1, xs[#] == 1)",
		"filter(0..len(xs) - 1, xs[#] == 1)", "filter(0..4, true)", "filter(0..4, false)", "filter(3..1, true)",
		"map(0..len(xs) - 1, xs[#] * #)", "map(-2..2, #)", "find(1..9, # * # > 10)", "findIndex(1..9, # * # > 10)",
		"findLast(1..9, # % 2 == 0)", "findLastIndex(1..9, # % 2 == 0)", "sum(0..len(xs) - 1, xs[#])",
		"count(5..4, true)", "sum(1..3, # * 2)", "any(0..2, any(0..#, # == 2))",
	)
}

// TestRangeLoopsAllocateNothing: a condition loop over a range builds no
// list (before, `0..len(x) - 1` made an []int and boxed it every time).
func TestRangeLoopsAllocateNothing(t *testing.T) {
	p := load(t, rangeRules)
	g, err := NewGame(p, Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	c, err := p.compileAdhoc(schema.Expr{Src: "any(0..len(xs) - 1, xs[#] == 9)", Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	require.NoError(t, err)
	require.NotNil(t, c.fast)
	allocs := testing.AllocsPerRun(100, func() {
		g.budget.steps, g.budget.mem = 0, 0
		v, ok := g.runFast(c)
		if !ok || v != false {
			t.Fatalf("got %v, %v", v, ok)
		}
	})
	assert.Zero(t, allocs)
}

// TestRangeLoopsChargeTheRangesMemory: the memory a range would take is
// charged as before, so a range over the limit fails as on the VM.
func TestRangeLoopsChargeTheRangesMemory(t *testing.T) {
	p := load(t, rangeRules)
	for _, src := range []string{"any(0..100000, # < 0)", "count(1..100000, true)"} {
		g, err := NewGame(p, Config{Players: 2, Seed: 1, Limits: Limits{MaxExprMemory: 1000}})
		require.NoError(t, err)
		_, err = g.Eval(src)
		require.Error(t, err, src)
		assert.Contains(t, err.Error(), "MaxExprMemory", src)
	}
}
