package testgames

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
)

// cycladesAt starts a 2-player Cyclades game at the first decision with
// the given scenario position (YAML under "position:").
func cycladesAt(t *testing.T, position string) *interpreter.Game {
	t.Helper()
	return gameAt(t, "cyclades", 2, position)
}

// A Metropolis fills two slots (K's both) but is one building: the island
// map and the player's buildings name it once.
func TestCycladesViewsShowAMetropolisOnce(t *testing.T) {
	//              A       A  A   B   B   B   C   C   C   D   D   D   D   E   F   G   H   H   H   H   I   I   J   J   K           K           L   L   M   M
	g := cycladesAt(t, "  built: [temple, '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', metropolis, metropolis, '', '', '', '']\n")
	glance := g.Glance(0)
	assert.Contains(t, glance, "K (value 1, 0 free slots): P1 1 troop, Metropolis")
	assert.Contains(t, glance, "buildings A temple, K Metropolis")
	assert.NotContains(t, glance, "metropolis, metropolis")
	assert.NotContains(t, glance, "K metropolis")
}

// A player line names coins even at 0, and priests once (not also in a
// "priests and philosophers" view).
func TestCycladesPlayerLineShowsCoinsAndPriestsOnce(t *testing.T) {
	g := cycladesAt(t, "  players:\n    - {coins: 0, priests: 1}\n")
	glance := g.Glance(0)
	assert.Contains(t, glance, "P1 (you): coins 0 | priests 1, fleets ")
	assert.Contains(t, glance, "P2: coins 2 | fleets ")
	assert.NotContains(t, glance, "philosophers")
	assert.NotContains(t, glance, "1 priests")
}

// During a land battle the island map shows the attacker's troops on the
// island beside the owner's. The map is an island a line (it was one
// line of ~700 characters, its islands and their troops both separated
// by commas).
func TestCycladesIslandMapShowsEveryPlayersTroops(t *testing.T) {
	g := cycladesAt(t, "  players:\n    - troops: {A: 1, K: 1, C: 2}\n")
	assert.Contains(t, g.Glance(1), "\nisland map:\n  A (value 0, 3 free slots): P1 1 troop\n")
	assert.Contains(t, g.Glance(1), "\n  C (value 0, 3 free slots): P2 1 troop, P1 2 troops\n")
}

// show A names the island's owner in words, once: the owner variable
// (a player's index + 1) is hidden behind the per-place view.
func TestCycladesShowNamesTheOwnerOnce(t *testing.T) {
	g := cycladesAt(t, "  raised: {A: 1}\n")
	s, err := g.Describe("A", 1)
	require.NoError(t, err)
	assert.Contains(t, s, "  island owner: P1\n")
	assert.Contains(t, s, "  P1 troops: 1\n")
	assert.NotContains(t, s, "  owner: 1", "the owner as a number is not shown beside it")
	assert.NotContains(t, s, "  raised: 1", "the value now says it")
	s, err = g.Describe("B", 1)
	require.NoError(t, err)
	assert.NotContains(t, s, "owner", "a neutral island has no owner")
}

// show A gives the island's figures from the per_place views: its value
// now (Apollo's raise included), its owner as a player and its buildings
// (a Metropolis once); a sea has none of them.
func TestCycladesShowGivesIslandValueOwnerAndBuildings(t *testing.T) {
	//                                           A        A           A
	g := cycladesAt(t, "  raised: {A: 1}\n  built: [temple, metropolis, metropolis"+strings.Repeat(", ''", 27)+"]\n")
	s, err := g.Describe("A", 1)
	require.NoError(t, err)
	assert.Contains(t, s, "  island value: 1\n  island owner: P1\n  island buildings: temple, Metropolis\n")
	s, err = g.Describe("s1_1", 1)
	require.NoError(t, err)
	for _, v := range []string{"island value", "island owner", "island buildings"} {
		assert.NotContains(t, s, v)
	}
	assert.Contains(t, g.View(1), "island owner: A P1, ")
}

// A player line lists only the seas and islands where the player has
// fleets or troops: entries at 0 (an island lost, a fleet sunk) are left
// out, as zero variables are.
func TestCycladesPlayerLineLeavesOutZeroEntries(t *testing.T) {
	g := cycladesAt(t, "  players:\n    - troops: {A: 0, K: 2, C: 0}\n")
	glance := g.Glance(0)
	assert.Contains(t, glance, "troops K 2")
	assert.NotContains(t, glance, "A 0")
	assert.NotContains(t, glance, "C 0")
}

// During a sea battle both sides' fleets share a sea: the seas view names
// every player there (it named only the first player with fleets, so a
// person deciding whether to retreat did not see the other side).
func TestCycladesSeasViewShowsBothSidesOfASeaBattle(t *testing.T) {
	g := cycladesAt(t, "  players:\n    - fleets: {s1_1: 1, s9_9: 1, s1_2: 2}\n    - fleets: {s6_1: 1, s5_6: 1, s1_2: 1}\n")
	glance := g.Glance(1)
	assert.Contains(t, glance, "\n  s1_2 (value 0): P1 2 fleets, P2 1 fleet\n")
	assert.Contains(t, glance, "\n  s1_1 (value 1): P1 1 fleet\n")
}
