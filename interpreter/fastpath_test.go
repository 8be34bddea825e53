package interpreter

import (
	"sort"
	"testing"

	"github.com/expr-lang/expr/vm/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// TestFastPathsAgreeWithTheVM plays random games of every shipped ruleset
// and evaluates every expression a fast path computed with the VM too:
// the values must be equal.
func TestFastPathsAgreeWithTheVM(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		fast := 0
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			g, err := newGame(p, Config{Players: players, Seed: uint64(players)})
			require.NoError(t, err)
			checkClosuresOnTheVM(t, g, &fast)
			g.push(p.flow)
			g.push(p.setup)
			require.NoError(t, g.run())
			playOut(t, g, 1)
		}
		assert.Positive(t, fast, "%s: no fast path ran", name)
	}
}

func TestFastPathGivesUpWhereTheVMWouldFail(t *testing.T) {
	g := start(t, `
vars:
  xs: {type: ints}
  big: {type: int, init: "9223372036854775807"}
flow: []
`, 1)
	for _, src := range []string{"xs[2]", "big + 1 > 0", "xs[-1]", "xs[0] == 1", "len(xs) > big + 1"} {
		c, err := g.prog.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(t, err, src)
		require.NotNil(t, c.fast, "%s has a fast path", src)
		_, ok := g.runFast(c)
		assert.False(t, ok, "%s: the fast path must give up", src)
	}
}

// TestFastFetchIsRuntimeFetch compares fastFetch, where it answers, with
// expr's runtime.Fetch.
func TestFastFetchIsRuntimeFetch(t *testing.T) {
	cases := []struct{ from, i any }{
		{map[string]any{"a": 1, "b": []any{"x"}}, "a"},
		{map[string]any{"a": 1}, "missing"},
		{[]any{"x", 2, true}, 1},
		{map[string]int{"a": 3}, "a"},
		{map[string]int{"a": 3}, "missing"},
		{[]int{4, 5}, 0},
		{[]string{"p", "q"}, 1},
		{boardValue{"name": "b"}, "name"},
		{nodeValue{"id": "n"}, "missing"},
	}
	for _, c := range cases {
		v, ok := fastFetch(c.from, c.i)
		require.True(t, ok, "%#v[%#v]", c.from, c.i)
		assert.Equal(t, runtime.Fetch(c.from, c.i), v, "%#v[%#v]", c.from, c.i)
	}
	for _, c := range []struct{ from, i any }{
		{[]any{"x"}, 1}, {[]any{"x"}, -1}, {[]int{1}, 5}, {[]string{}, 0}, {nil, "a"}, {map[string]any{}, 1}, {boardValue{}, 1},
	} {
		_, ok := fastFetch(c.from, c.i)
		assert.False(t, ok, "%#v[%#v] is left to the VM", c.from, c.i)
	}
}

// TestFastPathErrorsAreTheVMs: where a fast path gives up, the VM's error
// (text and column) is what the caller sees.
func TestFastPathErrorsAreTheVMs(t *testing.T) {
	g := start(t, `
vars:
  xs: {type: ints}
flow: []
`, 1)
	v, err := g.Eval("players[0]?.id")
	assert.NoError(t, err)
	assert.Equal(t, 0, v)
	_, err = g.Eval("xs[3] + 1")
	assert.EqualError(t, err, "<expression>:1:3: index out of range: 3 (it is empty)")
	_, err = g.Eval("players[7].id")
	assert.EqualError(t, err, "<expression>:1:8: index out of range: 7 (length 1)")
	_, err = g.Eval("any(players, xs[#.id + 2] > 0)")
	assert.EqualError(t, err, "<expression>:1:16: index out of range: 2 (it is empty)")
}

// TestFastPredicatesChargeTheirSteps: a predicate run by a fast path
// charges one step per iteration, as the VM's $step does, and over the
// limit the VM's error comes out.
func TestFastPredicatesChargeTheirSteps(t *testing.T) {
	const src = "count(players, .id >= 0 && any(players, .id == 9))" // 4 + 4×4 iterations
	p := load(t, "flow: []\n")
	c, err := p.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	require.NoError(t, err)
	require.NotNil(t, c.fast)
	g, err := NewGame(p, Config{Players: 4, Limits: Limits{MaxExprSteps: 20}})
	require.NoError(t, err)
	v, ok := g.runFast(c)
	require.True(t, ok)
	assert.Equal(t, 0, v)
	assert.Equal(t, 20, g.budget.steps)
	g, err = NewGame(p, Config{Players: 4, Limits: Limits{MaxExprSteps: 19}})
	require.NoError(t, err)
	_, ok = g.runFast(c)
	assert.False(t, ok, "over the limit the fast path gives up")
	assert.Equal(t, 0, g.budget.steps, "and gives its steps back")
	_, err = g.Eval(src)
	assert.ErrorContains(t, err, "more than 19 steps (limit MaxExprSteps")
}

// TestFastPathCoverage lists, per shipped ruleset, the evaluations left
// to the VM by the node kind their closure could not compile (or "gave
// up" when a closure ran and gave up), with `go test -run
// FastPathCoverage -v`, and requires that at least 99% of the
// evaluations run as closures.
func TestFastPathCoverage(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		fast, slow := 0, map[string]int{}
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			g, err := newGame(p, Config{Players: players, Seed: uint64(players), KeysOnly: true})
			require.NoError(t, err)
			g.fastCount = func(c *compiled, ok bool) {
				switch {
				case ok:
					fast++
				case c.fast == nil:
					slow[c.fastMiss]++
				default:
					slow["gave up"]++
				}
			}
			g.push(p.flow)
			g.push(p.setup)
			require.NoError(t, g.run())
			playOut(t, g, 1)
		}
		total := fast
		kinds := make([]string, 0, len(slow))
		for k, n := range slow {
			total += n
			kinds = append(kinds, k)
		}
		sort.Slice(kinds, func(i, j int) bool { return slow[kinds[i]] > slow[kinds[j]] })
		t.Logf("%s: %d evaluations, %.1f%% as closures", name, total, 100*float64(fast)/float64(max(total, 1)))
		for _, k := range kinds {
			t.Logf("    %6d  %s", slow[k], k)
		}
		assert.GreaterOrEqual(t, float64(fast), 0.99*float64(total), "%s: too many evaluations on the VM", name)
	}
}

// checkClosuresOnTheVM makes g compare every value a closure computes
// with what expr's VM computes from the root map, counting the checks.
func checkClosuresOnTheVM(t *testing.T, g *Game, checked *int) {
	g.fastCheck = func(c *compiled, v any) {
		*checked++
		// A VM of its own: the game's may be running the caller.
		prog, err := c.run.program()
		require.NoError(t, err, c.src.Src)
		g.st.syncLocals() // the VM reads the map
		want, err := g.newVM().Run(prog, g.vmEnv())
		require.NoError(t, err, c.src.Src)
		require.Equal(t, want, v, "%s: %s", c.src.Pos, c.src.Src)
	}
}
