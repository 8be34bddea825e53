package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// closureRules has ruleset functions (recursive ones among them) and the
// builtins the closures cover.
const closureRules = `
functions:
  fact:
    params: {n: int}
    returns: int
    expr: "n <= 1 ? 1 : n * fact(n - 1)"
  down:
    params: {n: int}
    returns: int
    expr: "n == 0 ? 0 : down(n - 1)"
  big:
    returns: int
    expr: "9223372036854775807"
  zero:
    returns: int
    expr: "0"
  evens:
    params: {ns: ints}
    returns: ints
    expr: "filter(ns, # % 2 == 0)"
  label:
    params: {n: int}
    returns: string
    expr: "let s = string(n); let t = s + '!'; t + t"
  grow:
    params: {s: string, n: int}
    returns: string
    expr: "n == 0 ? s : grow(s + s, n - 1)"
  pick:
    params: {ns: ints, i: int}
    returns: int
    expr: "ns[i]"
  weigh:
    params: {m: intmap}
    returns: int
    expr: "sum(keys(m), m[#] * len(#))"
vars:
  xs: {type: ints, init: "[3, 1, 4, 1, 5, 9, 2, 6]"}
  counts: {type: intmap, init: "{a: 2}"}
  huge: {type: int, init: "9223372036854775807"}
  ranks: {type: intmap, init: "{b: 2, a: 1, c: 3}"}
  nothing: {type: intmap, init: "{}"}
flow: []
`

// closureLimits are tight enough for the error cases to meet them.
var closureLimits = Limits{MaxCallDepth: 30, MaxExprSteps: 500, MaxExprMemory: 2000}

// evalWith evaluates src in a new game of p, with or without closures
// (without: the expression and every function body run on the VM), and
// returns the value, the error and the steps the evaluation charged.
func evalWith(t *testing.T, p *Program, src string, closures bool) (any, error, int, bool) {
	t.Helper()
	g, err := NewGame(p, Config{Players: 2, Seed: 1, Limits: closureLimits})
	require.NoError(t, err)
	c, err := p.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	require.NoError(t, err, src)
	if !closures {
		vmOnly := *c
		vmOnly.fast = nil
		c = &vmOnly
	}
	fast := false
	g.fastCount = func(d *compiled, ok bool) { fast = fast || (ok && d == c) }
	v, err := g.eval(c)
	return v, err, g.budget.steps, fast
}

// withoutClosures is p with every function body's closure removed.
func withoutClosures(p *Program) *Program {
	for _, f := range p.funcs {
		if f.body != nil {
			b := *f.body
			b.fast = nil
			f.body = &b
		}
	}
	return p
}

// TestClosuresAgreeWithTheVM evaluates expressions with closures (ruleset
// function calls, recursion, let, the list builtins) and on the VM alone:
// the values, the errors (text and position) and the steps charged must
// be the same, and where the VM fails the closure must have given up.
func TestClosuresAgreeWithTheVM(t *testing.T) {
	withFast := load(t, closureRules)
	vmOnly := withoutClosures(load(t, closureRules))
	values := []string{
		"fact(10)", "fact(20)", "down(5)", "evens(xs)", "sum(evens(xs))",
		"map(xs, # * 2)", "sortBy(xs, -#)", "sortBy(xs, #, 'desc')", "min(xs)",
		"max(1, fact(3))", "first(xs)", "last(evens(xs))", "first(filter(xs, # > 100))",
		"xs[1:3]", "xs[-2:]", "xs[:2]", "label(12)", "3 in xs", "7 in xs",
		"findIndex(xs, # > 4) ?? -1", "findIndex(xs, # > 100) ?? -1", "find(xs, # > 4)",
		"findLast(xs, # < 4)", "findLastIndex(xs, # == 1)", "{a: 1, b: fact(3)}",
		"[fact(2), 3]", "1..4", "abs(0 - 5)", "counts['nope']", "counts.a", "pick(xs, 2)",
		"count(xs, # > 2) > 3", "one(xs, # == 9)", "none(xs, # > 9)", "all(xs, # > 0)",
		"any(1..3, fact(#) == 6)", "sum(xs, # * fact(2))", "string(fact(4)) + '/' + string(true)",
		"7 % 3", "7 / 2", "len(grow('a', 5))", "map(1..3, #index)", "players[1].id == 1",
		"div(7, 2) + divUp(7, 2)", "uniq(xs)", "reverse(xs)", "concat(xs, [fact(3)])", "flatten([xs, [1]])", "count(map(xs, evens([#, # + 1])), len(#) > 0)",
		"weigh({a: 1, bb: fact(3)})", "weigh({})", "weigh(counts)", "weigh({a: len(xs)}) + weigh({b: 1})",
		// Loops over keys(m) walk the sorted keys without the list
		// (fastpath_keys.go): every loop, nested, empty, kept whole.
		"sum(keys(ranks), len(#) * fact(3) + ranks[#])", "any(keys(ranks), # == 'a')",
		"all(keys(ranks), # < 'c')", "none(keys(counts), # == 'z')", "one(keys(ranks), # > 'b')",
		"count(keys(nothing), true)", "filter(keys(ranks), # != 'b')", "filter(keys(ranks), true)",
		"filter(keys(ranks), false)", "map(keys(ranks), # + '!')", "map(keys(nothing), #)",
		"findIndex(keys(ranks), # == 'b')", "findLast(keys(ranks), # < 'c')", "find(keys(counts), true)",
		"any(keys(ranks), all(keys(counts), # != 'x') && # == 'b')",
		"map(keys(ranks), sum(keys(ranks), 1) + len(#))", "sum(keys(ranks), weigh(ranks))",
		"sum(map(keys(ranks), ranks[#]))", "keys(ranks)", "sum(keys(nothing), 1)",
		// Element conditions (fastpath_cond.go): the element or its field
		// against a side evaluated once; either way round for == and !=.
		"filter([{a: 1}, {a: 2}, {b: 3}], .a == 2)", "count([{a: 1}, {a: 2}], .a != counts.a)",
		"any(xs, 9 == #)", "count(xs, # >= counts.a)", "findIndex(xs, # > players[1].id)",
		"find(xs, # <= 1)", "findLast(xs, # != 9)", "one(xs, # == 9)", "none(xs, # < 0)",
		"count(['a', nil, 'b'], # == 'a')", "count(['b', 'a', 'c'], # > 'a')", "filter(xs, # < 100)",
		"filter([{a: 1, b: true}, {a: 2, b: false}, {a: 2, b: true}], .a == 2 && .b)",
		"count([{b: true}, {b: false}, {b: true}], not .b)", "count(xs, # == 1 || # > 5)",
		"filter(keys(ranks), ranks[#] > 1)", "count(['a', 'zz'], (counts[#] ?? 0) > 0)", "count(0..3, xs[#] > 1)",
		"count([{m: {a: 1}}, {m: {a: 0}}], .m.a > 0 and .m['a'] >= 0)", "count(xs, # == counts.a + 1)",
		"count(xs, # in xs)", "find([{a: false}, {a: nil}], .a ?? true)", "all(xs, # != -1 or # == -counts.a)",
		"sum([{v: 1}, {v: 2}], .v)", "sum(keys(ranks), ranks[#])", "sum(['a', 'q'], counts[#] ?? 0)",
		"sum(filter(xs, # > 2))", "sum(xs, #)", "sum(filter([1, 5, 7], # != 5))", "sum(map(filter([{v: 1, w: true}, {v: 5, w: false}], .w), .v))", "sum([], .v)",

		"count(xs, # == huge)", "count([], # == zero())", "count(xs, 4 > #)", "any(xs, counts.a < #)",
	}
	assertClosuresAgree(t, withFast, vmOnly, values...)
	// A hoisted side of an element condition is evaluated before the loop,
	// even where and/or would skip it: when it gives up, the VM evaluates
	// the whole and gives its value.
	for _, src := range []string{"count(xs, # < 0 && players[9].id == 1)", "count([], # == players[9].id)"} {
		want, werr, wsteps, _ := evalWith(t, vmOnly, src, false)
		require.NoError(t, werr, src)
		got, err, steps, _ := evalWith(t, withFast, src, true)
		require.NoError(t, err, src)
		assert.Equal(t, want, got, src)
		assert.Equal(t, wsteps, steps, "%s: steps", src)
	}
	failures := map[string]string{
		"huge - 1 - -2":               "integer overflow",
		"huge * 2":                    "integer overflow",
		"big() + 1":                   "integer overflow",
		"div(7, zero())":              "division by zero",
		"7 % zero()":                  "division by zero",
		"down(50)":                    "limit MaxCallDepth",
		"count(1..600, # > 0)":        "limit MaxExprSteps",
		"len(1..2500)":                "limit MaxExprMemory",
		"grow('ab', 30)":              "limit MaxExprMemory",
		"len(map(1..450, [#, #, #]))": "limit MaxExprMemory",
		"pick(xs, 20)":                "index out of range",
		"xs[zero() + 8]":              "index out of range",
		"card(string(zero())).table":  "no card with id",
		"players[5].id":               "index out of range",
		// A map literal given for an intmap parameter is built as one
		// (intMapLiteral); a value that is not an int gives up, and the
		// error names the first such key in key order.
		"weigh({c: 1, b: 'x', a: true})": `map value "a": expected int, got bool true`,
		// Arithmetic on a ruleset function's int result is checked too,
		// in its own recursion and outside it (it used to wrap).
		"fact(21)":                            "integer overflow: 21 * 2432902008176640000 does not fit",
		"2 * big()":                           "integer overflow: 2 * 9223372036854775807 does not fit",
		"-big() - 2":                          "integer overflow: -9223372036854775807 - 2 does not fit",
		"let b = big(); b * fact(3)":          "integer overflow: 9223372036854775807 * 6 does not fit",
		"sum(1..3, big())":                    "integer overflow: 9223372036854775807 + 9223372036854775807",
		"sum([huge, huge], #)":                "integer overflow",
		"sum(filter([huge, 1, huge], # > 0))": "integer overflow",
		"any(xs, # + big() > 0)":              "integer overflow: 3 + 9223372036854775807 does not fit",
		"pick([big()], 0) + pick(xs, 0)":      "integer overflow: 9223372036854775807 + 3 does not fit",
	}
	for src, msg := range failures {
		_, werr, _, _ := evalWith(t, vmOnly, src, false)
		require.ErrorContains(t, werr, msg, src)
		_, err, _, fast := evalWith(t, withFast, src, true)
		require.Error(t, err, src)
		assert.False(t, fast, "%s: the closure must give up", src)
		assert.Equal(t, werr.Error(), err.Error(), src)
	}
}

// TestClosureCallsUseFrameSlots: a ruleset function called from a
// closure binds its parameters in frame slots, not in the environment,
// and leaves nothing behind; the VM calling a function with a closure
// body does the same.
func TestClosureCallsUseFrameSlots(t *testing.T) {
	p := load(t, closureRules)
	g, err := NewGame(p, Config{Players: 1, Seed: 1})
	require.NoError(t, err)
	before := len(g.st.root)
	v, err := g.Eval("fact(5) + down(3)")
	require.NoError(t, err)
	assert.Equal(t, 120, v)
	assert.False(t, isBound(g, "n"), "no parameter in the environment")
	assert.Equal(t, before, len(g.st.root))
	assert.Empty(t, g.fast.stack, "the frames are popped")
	c := p.funcs["fact"].body
	require.NotNil(t, c.fast)
	assert.Equal(t, 1, c.frame, "fact's frame: its parameter")
	assert.Equal(t, 3, p.funcs["label"].body.frame, "label's frame: its parameter and two lets")
}

// TestClosureEvaluationsDoNotAllocate: an int or bool expression over
// state, with ruleset function calls (of scalar parameters: a list
// argument is copied, as the VM's call copies it) and a predicate,
// allocates nothing.
func TestClosureEvaluationsDoNotAllocate(t *testing.T) {
	p := load(t, closureRules)
	g, err := NewGame(p, Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	for _, src := range []string{"fact(5) > 100", "count(xs, # > fact(2)) + down(3)", "xs[1] == 1 && 3 in xs && down(2) == 0", "weigh(ranks) + count(keys(ranks), # != 'b')"} {
		c, err := p.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(t, err)
		require.NotNil(t, c.fast, src)
		allocs := testing.AllocsPerRun(100, func() {
			_, err := g.eval(c)
			require.NoError(t, err)
		})
		assert.Zero(t, allocs, src)
	}
}

// assertClosuresAgree requires each of srcs to run as a closure on
// withFast and give the value and the step count the VM gives on vmOnly.
func assertClosuresAgree(t *testing.T, withFast, vmOnly *Program, srcs ...string) {
	t.Helper()
	for _, src := range srcs {
		want, werr, wsteps, _ := evalWith(t, vmOnly, src, false)
		require.NoError(t, werr, src)
		got, err, steps, fast := evalWith(t, withFast, src, true)
		require.NoError(t, err, src)
		assert.True(t, fast, "%s ran as a closure", src)
		assert.Equal(t, want, got, src)
		assert.Equal(t, wsteps, steps, "%s: steps", src)
	}
}
