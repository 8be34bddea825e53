package interpreter

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRootSlotsMirrorTheEnvironment plays random games of every shipped
// ruleset and requires every root slot to hold what the root map holds
// after every decision, in the game and in a clone taken at each step,
// and after a save and reload.
func TestRootSlotsMirrorTheEnvironment(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		require.NotEmpty(t, p.rootSlots.of, "%s: no root name is read by slot", name)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			where := fmt.Sprintf("%s/%dp", name, players)
			g, err := NewGame(p, Config{Players: players, Seed: uint64(players)})
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(uint64(players), 9))
			for step := 0; !g.Over(); step++ {
				require.Empty(t, g.st.slotsAgree(), "%s, step %d: a slot differs from the root map", where, step)
				d := g.Pending()
				key := d.Options[r.IntN(len(d.Options))].Key
				var c *Game
				if step%7 == 0 {
					c = g.Clone() // shares the slots until one of them writes
				}
				require.NoError(t, g.Apply(key))
				if c != nil {
					require.Empty(t, c.st.slotsAgree(), "%s, step %d: a clone after its original moved on", where, step)
					require.NoError(t, c.Apply(key))
					require.Empty(t, c.st.slotsAgree(), "%s, step %d: a clone after its own step", where, step)
					require.Empty(t, g.st.slotsAgree(), "%s, step %d: the original after its clone's step", where, step)
				}
			}
			data, err := g.MarshalState()
			require.NoError(t, err)
			back, err := UnmarshalState(p, data)
			require.NoError(t, err)
			assert.Empty(t, back.st.slotsAgree(), "%s: reloaded", where)
		}
	}
}

// TestSlotsAgreeFindsAStaleSlot makes sure the check above can fail.
func TestSlotsAgreeFindsAStaleSlot(t *testing.T) {
	for _, p := range shippedPrograms(t) {
		g, err := NewGame(p, Config{Players: p.MinPlayers(), Seed: 1})
		require.NoError(t, err)
		require.Empty(t, g.st.slotsAgree())
		names := slices.Sorted(maps.Keys(p.rootSlots.of))
		g.st.root[names[0]] = "a value written around setRoot"
		assert.Equal(t, names[0], g.st.slotsAgree())
		g.st.root[names[0]] = g.st.vals[p.rootSlots.of[names[0]]]
		require.Empty(t, g.st.slotsAgree())
		last := p.pfields.names[len(p.pfields.names)-1]
		g.st.playerMap(1)[last] = "a value written around setPlayerField"
		assert.Equal(t, "players[1]."+last, g.st.slotsAgree())
		return
	}
}

// isBound reports whether the local name is bound in g's environment
// (its slot, and the root map once the locals are written into it).
func isBound(g *Game, name string) bool {
	g.st.syncLocals()
	_, inMap := g.st.root[localKey(name)]
	if i, ok := g.st.slots.of[localKey(name)]; ok && g.st.bound[i] != inMap {
		panic("a local's slot and the root map disagree")
	}
	return inMap
}

// TestClosuresReadWhatTheMapHoldsAfterEveryKindOfWrite runs the ruleset
// that writes the state by every kind of effect (memoWrites) and
// evaluates every value a closure computed (which reads slots) on the VM
// too (which reads the map): a write that missed a slot differs.
func TestClosuresReadWhatTheMapHoldsAfterEveryKindOfWrite(t *testing.T) {
	p := load(t, memoWrites)
	g, err := newGame(p, Config{Players: 2, Seed: 3})
	require.NoError(t, err)
	checked := 0
	checkClosuresOnTheVM(t, g, &checked)
	g.push(p.flow)
	g.push(p.setup)
	require.NoError(t, g.run())
	require.True(t, g.Over())
	assert.Greater(t, checked, 20)
	assert.Empty(t, g.st.slotsAgree())
}

// TestAdHocEffectsBindLocalsTheProgramNeverNamed: effects compiled after
// the Program (a scenario's run:) may bind locals no compiled expression
// reads, so those have no slot; they live in the map, and must not be
// taken for another name's slot.
func TestAdHocEffectsBindLocalsTheProgramNeverNamed(t *testing.T) {
	g := start(t, `
vars:
  x: {type: int, init: "5"}
functions:
  twice:
    returns: int
    expr: x * 2
flow:
  - for_each: "[1]"
    as: k
    do:
      - log: "{twice()} {k}"
`+waitEffect, 1)
	before := g.st.slotsAgree()
	require.Empty(t, before)
	require.NoError(t, g.Exec(`
- for_each: "[7, 8]"
  as: brand_new
  do:
    - let: {also_new: "brand_new * 10"}
    - log: "{brand_new} {also_new} {x} {twice()}"
`))
	got := logs(g)
	assert.Equal(t, []string{"10 1", "7 70 5 10", "8 80 5 10"}, got)
	assert.Empty(t, g.st.slotsAgree())
	assert.False(t, isBound(g, "brand_new"))
	assert.False(t, isBound(g, "also_new"))
}

// slotsAgree reports the first slot whose value is not the one the root
// map holds ("" when they all agree), for tests.
func (s *state) slotsAgree() string {
	s.syncLocals()
	for name, i := range s.slots.of {
		if !identical(s.vals[i], s.root[name]) {
			return name
		}
	}
	for i := 0; i < s.playerCount; i++ { // the player slots (playerslots.go)
		for j, name := range s.pfields.names {
			if !identical(s.playerVal(i, j), s.playerMap(i)[name]) {
				return fmt.Sprintf("players[%d].%s", i, name)
			}
		}
	}
	return ""
}

// identical reports whether a and b are the same value: equal scalars, or
// the same list or map (not an equal copy).
func identical(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if va.Type() != vb.Type() {
		return false
	}
	switch va.Kind() {
	case reflect.Map, reflect.Pointer, reflect.Func:
		return va.Pointer() == vb.Pointer()
	case reflect.Slice:
		return va.Pointer() == vb.Pointer() && va.Len() == vb.Len()
	}
	return va.Type().Comparable() && a == b
}
