package interpreter

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clonePair is a present game and a flat game that must play alike.
type clonePair struct {
	name string
	g    *Game
	fg   *flatGame
	r    *rand.Rand
	step int
}

// stepPair takes one random decision in both games of a pair, after
// requiring the same decider and keys; false when the game is over (and
// then the same scores).
func stepPair(t *testing.T, c *clonePair) bool {
	t.Helper()
	where := fmt.Sprintf("%s decision %d", c.name, c.step)
	if c.g.Over() {
		require.True(t, c.fg.over, "%s: the flat game goes on", where)
		for _, pr := range c.g.Result().Players {
			require.Equal(t, int64(pr.Score), c.fg.scores[pr.Player][0], "%s: P%d's score", where, pr.Player+1)
		}
		return false
	}
	require.False(t, c.fg.over, "%s: the flat game is over", where)
	d := c.g.Pending()
	var want []string
	for _, o := range d.Options {
		want = append(want, o.Key)
	}
	require.Equal(t, int64(d.Player), c.fg.who, "%s: the decider", where)
	require.Equal(t, want, c.fg.keys(), "%s: the keys", where)
	i := c.r.IntN(len(d.Options))
	require.NoError(t, c.g.Apply(d.Options[i].Key), where)
	require.NoError(t, c.fg.Apply(i), where)
	c.step++
	return true
}

// TestFlatClonesAgree clones a flat game and the present game beside it
// every few decisions, and plays the originals and their clones (and the
// clones' clones) in turns, one decision each, with the same choices on
// both runtimes: every game, clone or not, must list the same keys and
// end with the same scores as its present twin while the others play on
// the state, frames and lists they share with it.
func TestFlatClonesAgree(t *testing.T) {
	for name, p := range keptPrograms(t) {
		fp, err := newFlatProgram(p)
		require.NoError(t, err)
		for _, players := range []int{p.MinPlayers(), p.MaxPlayers()} {
			g, fg := flatPair(t, p, fp, players, 5)
			live := []*clonePair{{name: fmt.Sprintf("%s/%dp", name, players), g: g, fg: fg, r: rand.New(rand.NewPCG(5, 9))}}
			made := 0
			for round := 0; len(live) > 0; round++ {
				if round%4 == 0 && made < 12 {
					src := live[made%len(live)]
					made++
					if !src.g.Over() {
						live = append(live, &clonePair{name: fmt.Sprintf("%s clone %d (of %s at %d)", name, made, src.name, src.step),
							g: src.g.Clone(), fg: src.fg.clone(), r: rand.New(rand.NewPCG(uint64(made), 9)), step: src.step})
					}
				}
				next := live[:0]
				for _, c := range live {
					if stepPair(t, c) {
						next = append(next, c)
					}
				}
				live = next
			}
		}
	}
}

// TestFlatPackIntoASharedHeader packs a list into two games started from
// one state, whose payloads' header they share (fresh): each must read
// its own list, and the start state keep its own, though the header has
// room to append in place (a scenario's position packs values into a
// running game's state).
func TestFlatPackIntoASharedHeader(t *testing.T) {
	for name, p := range keptPrograms(t) {
		fp, err := newFlatProgram(p)
		require.NoError(t, err)
		g, err := newGame(p, Config{Players: p.MinPlayers(), Seed: 1, NoLog: true, KeysOnly: true})
		require.NoError(t, err)
		start, err := fp.l.packFlat(g)
		require.NoError(t, err)
		start.lists = slices.Grow(start.lists, 4) // room in the shared array
		n := len(start.lists)
		a, b := start.fresh(true), start.fresh(true)
		var ca, cb int64
		require.NoError(t, fp.l.packCell(a, &ca, "ints", []int{1, 2}))
		require.NoError(t, fp.l.packCell(b, &cb, "ints", []int{3}))
		require.Equal(t, []int64{1, 2}, a.lists[ca], "%s: the first game's list", name)
		require.Equal(t, []int64{3}, b.lists[cb], "%s: the second game's list", name)
		require.Len(t, start.lists, n, "%s: the start state's header", name)
		require.Nil(t, start.lists[:n+1][n], "%s: the start state's array past its end", name)
		return // one ruleset is enough: the header is the layout's, not the game's
	}
}

// TestFlatCloneRestoresTheTopFramesLocals clones a game whose top frame
// (a procedure's) bound a parameter shadowing the caller's local of the
// same name: when the frame ends, on the original and on the clone, the
// caller's value is back. A frame's copy once lost the locals it saved
// in its inline array (ownFrame), so the callee's value stayed.
func TestFlatCloneRestoresTheTopFramesLocals(t *testing.T) {
	p := load(t, `
vars:
  out: {type: int}
procedures:
  inner:
    params: {k: int}
    do:
      - choose: {who: 0, prompt: wait, options: [{key: go}]}
flow:
  - let: {k: "len(players) + 6"}
  - call: inner
    with: {k: 1}
  - {set: out, to: k}
  - choose: {who: 0, prompt: end, options: [{key: end}]}
`)
	fp, err := p.Flat()
	require.NoError(t, err)
	g, err := fp.NewGame(1, 1)
	require.NoError(t, err)
	c := g.Clone()
	cc := c.Clone()
	for i, x := range []*FlatGame{g, c, cc} {
		require.NoError(t, x.ApplyKey("go"))
		v, err := x.Eval("out")
		require.NoError(t, err)
		assert.Equal(t, 7, v, "game %d: the caller's k after the call", i)
	}
}
