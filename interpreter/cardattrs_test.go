package interpreter

import (
	"maps"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCardAttributesAreTheMaps checks, for every shipped ruleset, that
// each card's map is found at its number and that every attribute column
// holds what the map holds: a read through the column gives what a read
// by key gives.
func TestCardAttributesAreTheMaps(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		a := p.attrs
		for i := range p.cards {
			m := p.cards[i].fields
			n, ok := a.at.find(mapAddr(m))
			require.True(t, ok, "%s: card %d not in the address index", name, i)
			require.Equal(t, i, n, "%s: card %d numbered %d", name, i, n)
			assert.Equal(t, m["id"], a.identity(m), "%s: card %d's id", name, i)
			for k := range a.index {
				got, ok := a.field(m, k, a.column(k))
				require.True(t, ok)
				require.Equal(t, m[k], got, "%s: card %s's %s", name, m["id"], k)
			}
		}
	}
}

// TestAttributeReadsOfOtherMaps: a map the index does not know — a
// player, a copy of a card a scenario position made to write an
// attribute, a nil map — is read by key, never through a column.
func TestAttributeReadsOfOtherMaps(t *testing.T) {
	p := load(t, propRules)
	a := p.attrs
	col := a.column("value")
	require.NotNil(t, col)
	orig := p.cards[0].fields
	cp := maps.Clone(orig)
	cp["value"] = 99
	cp["id"] = "copy"
	v, ok := a.field(cp, "value", col)
	assert.True(t, ok)
	assert.Equal(t, 99, v, "a copy reads its own map")
	assert.Equal(t, "copy", a.identity(cp))
	v, ok = a.field(orig, "value", col)
	assert.True(t, ok)
	assert.Equal(t, orig["value"], v)
	v, ok = a.field(cp, "value", nil)
	assert.True(t, ok)
	assert.Equal(t, 99, v, "no column: read by key")
	var none map[string]any
	v, ok = a.field(none, "value", col)
	assert.True(t, ok)
	assert.Nil(t, v, "a nil map reads as empty")
	v, ok = a.field(map[string]int{"value": 5}, "value", col)
	assert.True(t, ok)
	assert.Equal(t, 5, v, "an intmap reads as fastField reads it")
	assert.Nil(t, a.column("zone"), "a location field is never an attribute column")
	assert.Nil(t, a.column("flag"), "nor is a prop")
	assert.Nil(t, a.column("nothing"))
	assert.Nil(t, (*cardAttrs)(nil).column("value"))
}

// TestAddrIndex finds every key it was built with, by position, and
// nothing else: not a missing address, not zero.
func TestAddrIndex(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 5, 100, 1000} {
		addrs := make([]uintptr, n)
		for i := range addrs {
			addrs[i] = uintptr(0x1000 + 48*i) // allocation-like spacing
		}
		ix := newAddrIndex(addrs)
		assert.GreaterOrEqual(t, len(ix.keys), 2*n, "at most half full")
		for i, a := range addrs {
			got, ok := ix.find(a)
			require.True(t, ok, "n=%d: %#x missing", n, a)
			require.Equal(t, i, got)
		}
		for _, a := range []uintptr{0, 0x1000 + 48*uintptr(n), 0x1008, 0xdeadbeef} {
			_, ok := ix.find(a)
			assert.False(t, ok, "n=%d: %#x found", n, a)
		}
	}
	var empty addrIndex
	_, ok := empty.find(0x1000)
	assert.False(t, ok)
}
