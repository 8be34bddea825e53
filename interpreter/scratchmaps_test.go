package interpreter

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// scratchRules has functions taking an intmap: some only look into it,
// others keep it (a result, a let, an argument, a list).
const scratchRules = `
functions:
  weigh:
    params: {m: intmap}
    returns: int
    expr: "sum(keys(m), m[#] * len(#)) + len(m) + ('a' in m ? m.a : 0)"
  down:
    params: {n: int, m: intmap}
    returns: int
    expr: "n == 0 ? m.a : down(n - 1, {a: m.a + n, b: weigh({z: n})}) + m.a"
  keep:
    params: {m: intmap}
    returns: intmap
    expr: "m"
  keep_let:
    params: {m: intmap}
    returns: int
    expr: "let k = m; k.a"
  pass:
    params: {m: intmap}
    returns: intmap
    expr: "keep(m)"
  listed:
    params: {m: intmap}
    returns: int
    expr: "len([m, m])"
vars:
  counts: {type: intmap, init: "{a: 2}"}
flow: []
`

// TestScratchMapsOnlyWhereNothingKeepsThem: a function's intmap parameter
// takes a scratch map only when its body does nothing but look into it.
func TestScratchMapsOnlyWhereNothingKeepsThem(t *testing.T) {
	p := load(t, scratchRules)
	want := map[string]bool{"weigh": true, "down": true, "keep": false, "keep_let": false, "pass": false, "listed": false}
	for name, only := range want {
		f := p.funcs[name]
		require.NotNil(t, f, name)
		assert.Equal(t, only, f.lookOnly[len(f.lookOnly)-1], "%s looks only into its map", name)
	}
}

// TestScratchMapsAgreeWithTheVM: calls given map literals give the VM's
// values and steps, nested in each other's arguments and recursive; a map
// that a function keeps is its own, not a scratch one that a later call
// empties; and every scratch map is given back.
func TestScratchMapsAgreeWithTheVM(t *testing.T) {
	withFast := load(t, scratchRules)
	vmOnly := withoutClosures(load(t, scratchRules))
	srcs := []string{
		"weigh({a: 1, bb: 3})", "weigh({})", "weigh({a: weigh({bb: 2}), c: weigh({a: 1})})",
		"down(4, {a: 1})", "down(0, {a: 7})", "weigh({a: down(2, {a: weigh({q: 1})})})",
		"[keep({a: 1}), keep({a: 2})]", "[pass({a: 1}), pass({b: 2})]", "keep({a: weigh({a: 3})})",
		"keep_let({a: 5}) + keep_let({a: 6})", "listed({a: 1})", "sum(1..5, weigh({a: #}))",
		"map(1..3, keep({a: #}))", "weigh(counts)",
	}
	assertClosuresAgree(t, withFast, vmOnly, srcs...)
	g, err := NewGame(withFast, Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	for _, src := range append(srcs, "weigh({c: 1, b: 'x'})") {
		c, err := withFast.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(t, err, src)
		_, _ = g.eval(c)
		assert.Empty(t, g.buffers().intMaps.held, "%s: scratch maps still held", src)
	}
	assert.NotEmpty(t, g.buffers().intMaps.spare, "no scratch map was used")
	for _, m := range g.buffers().intMaps.spare {
		assert.Empty(t, m, "a spare map is not empty")
	}
}

// TestGameStructStaysSmall guards the clone's cost: every Clone allocates
// a Game struct, and buffers that are not state belong behind the scratch
// pointer. At 664 bytes (the buffers inline) the struct moved to the next
// size class and BenchmarkClone went 4.5% slower.
func TestGameStructStaysSmall(t *testing.T) {
	assert.LessOrEqual(t, unsafe.Sizeof(Game{}), uintptr(640), "the Game struct grew past the 640-byte size class")
}
