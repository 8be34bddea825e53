package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tailRules has six cards in a global zone and a player zone to put them
// into.
const tailRules = `cards:
  discs:
    zone: supply
    rows:
      - {id: d, count: 6}
zones:
  supply: {}
  pile: {}
  hand: {owner: player}
flow: []
`

// ids lists the ids of a zone list's cards.
func idsOf(list []any) []string {
	var out []string
	for _, c := range list {
		out = append(out, c.(map[string]any)["id"].(string))
	}
	return out
}

// moveTo moves the card with id id into zone of owner, at the bottom.
func moveTo(t *testing.T, g *Game, id, zone string, owner int) {
	t.Helper()
	c, ok := g.cardByID(id)
	require.True(t, ok, id)
	require.NoError(t, g.removeCard(c))
	g.putCard(c, zone, owner, false)
}

func TestPutAppendsInPlaceOnlyPastEveryHoldersEnd(t *testing.T) {
	g := start(t, tailRules, 2)
	moveTo(t, g, "d#1", "pile", -1)
	moveTo(t, g, "d#2", "pile", -1)
	held := g.zoneList("pile", -1) // a local holding the pile
	moveTo(t, g, "d#3", "pile", -1)
	after := g.zoneList("pile", -1)
	assert.Same(t, &held[0], &after[0], "the third card was appended in place")
	assert.Equal(t, []string{"d#1", "d#2"}, idsOf(held), "the held list does not see it")

	// The pile is set back to the held, shorter list (as a re-deal or a
	// restored value would): a put must not write over d-3, which after
	// still holds.
	g.setZone("pile", -1, held)
	moveTo(t, g, "d#4", "pile", -1)
	assert.Equal(t, []string{"d#1", "d#2", "d#3"}, idsOf(after))
	assert.Equal(t, []string{"d#1", "d#2", "d#4"}, idsOf(g.zoneList("pile", -1)))
}

func TestPutAfterRemovingTheLastCardCopies(t *testing.T) {
	g := start(t, tailRules, 1)
	for _, id := range []string{"d#1", "d#2", "d#3"} {
		moveTo(t, g, id, "hand", 0)
	}
	held := g.zoneList("hand", 0)
	moveTo(t, g, "d#3", "pile", -1) // the hand's last card leaves
	moveTo(t, g, "d#4", "hand", 0)
	assert.Equal(t, []string{"d#1", "d#2", "d#3"}, idsOf(held), "the held hand keeps its last card")
	assert.Equal(t, []string{"d#1", "d#2", "d#4"}, idsOf(g.zoneList("hand", 0)))
}

func TestCloneAndOriginalNeverAppendToOneArray(t *testing.T) {
	g := start(t, tailRules, 1)
	moveTo(t, g, "d#1", "pile", -1)
	moveTo(t, g, "d#2", "pile", -1) // the pile's array has room now
	c := g.Clone()
	moveTo(t, g, "d#3", "pile", -1)
	moveTo(t, c, "d#4", "pile", -1)
	assert.Equal(t, []string{"d#1", "d#2", "d#3"}, idsOf(g.zoneList("pile", -1)))
	assert.Equal(t, []string{"d#1", "d#2", "d#4"}, idsOf(c.zoneList("pile", -1)))
	// and again, each in its own array now
	moveTo(t, g, "d#5", "pile", -1)
	moveTo(t, c, "d#6", "pile", -1)
	assert.Equal(t, []string{"d#1", "d#2", "d#3", "d#5"}, idsOf(g.zoneList("pile", -1)))
	assert.Equal(t, []string{"d#1", "d#2", "d#4", "d#6"}, idsOf(c.zoneList("pile", -1)))
}

func TestPlayerZonesHaveAMarkEach(t *testing.T) {
	g := start(t, tailRules, 3)
	seen := map[int]bool{}
	for owner := range 3 {
		m := g.zoneMark("hand", owner)
		require.GreaterOrEqual(t, m, 0)
		assert.False(t, seen[m], "hand of %d shares a mark", owner)
		seen[m] = true
	}
	m := g.zoneMark("pile", -1)
	assert.False(t, seen[m])
	assert.Less(t, m, g.st.markCount(g.prog))
	assert.Equal(t, -1, g.zoneMark("nowhere", -1))
}
