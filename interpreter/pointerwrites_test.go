package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests of the paths that write a pointer only where it changes (a pointer
// written while the collector marks costs a write barrier): what they
// keep from one use to the next must never be what another game holds.

// TestOptionListsReused: a decision's options are written into the list
// the last taken decision kept (choice.go, options); a shorter listing
// after a longer one shows only its own options, and a clone's listing
// never writes into a list its original's pending decision holds.
func TestOptionListsReused(t *testing.T) {
	g := start(t, `
vars:
  n: {type: int, init: "5"}
  r: {type: int}
flow:
  - repeat: 4
    do:
      - choose:
          who: "0"
          prompt: pick one
          options:
            - key: pick
              for_each: "map(1..n, r * 10 + #)"
              as: i
              do: [{set: n, to: "i % 10"}, {add: r, by: 1}]
`, 1)
	assert.Equal(t, []string{"pick i=1", "pick i=2", "pick i=3", "pick i=4", "pick i=5"}, pendingKeys(g))
	require.NoError(t, g.Apply("pick i=2"))
	assert.Equal(t, []string{"pick i=11", "pick i=12"}, pendingKeys(g), "the shorter listing in the reused list")
	c := g.Clone()
	require.NoError(t, g.Apply("pick i=12"))
	assert.Equal(t, []string{"pick i=21", "pick i=22"}, pendingKeys(g))
	assert.Equal(t, []string{"pick i=11", "pick i=12"}, pendingKeys(c), "the clone's pending decision is untouched")
	require.NoError(t, c.Apply("pick i=11"))
	assert.Equal(t, []string{"pick i=21"}, pendingKeys(c))
	assert.Equal(t, []string{"pick i=21", "pick i=22"}, pendingKeys(g))
}

// TestEvaluationsFollowACopyOnWrite: the closures' context keeps the
// state's root map and slots between evaluations (fastCtx.bindState); a
// game whose slots were copied on its first write after a clone reads
// its own copy, not the array it now shares with nobody but the clone.
func TestEvaluationsFollowACopyOnWrite(t *testing.T) {
	g := start(t, `
vars:
  n: {type: int, init: "1"}
flow:
  - repeat: 3
    do:
      - choose:
          who: "0"
          prompt: set n
          options:
            - {key: set, for_each: "[2, 3, 4]", as: v, do: [{set: n, to: v}]}
`, 1)
	eval := func(g *Game) any {
		v, err := g.Eval("n")
		require.NoError(t, err)
		return v
	}
	assert.Equal(t, 1, eval(g))
	c := g.Clone()
	require.NoError(t, g.Apply("set v=2"))
	assert.Equal(t, 2, eval(g))
	assert.Equal(t, 1, eval(c))
	require.NoError(t, c.Apply("set v=3"))
	assert.Equal(t, 3, eval(c))
	assert.Equal(t, 2, eval(g))
}

// pendingKeys is the keys of g's pending decision, in order.
func pendingKeys(g *Game) []string {
	var out []string
	for _, o := range g.Pending().Options {
		out = append(out, o.Key)
	}
	return out
}
