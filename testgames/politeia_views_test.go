package testgames

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Citizens showed as their polis ids ("hand: athens", "hades: persian ×5,
// argos"): the discs had no name, so a zone printed ids. They now read as
// peoples, as the rulebook speaks of them.
func TestPoliteiaCitizensShowAsPeoples(t *testing.T) {
	g := gameAt(t, "politeia", 3, "  hades: [persian, persian, argos]\n  players:\n    - hand: [athens, athens]\n")
	glance := g.Glance(0)
	assert.Contains(t, glance, "hades: Persian ×2, Argive")
	assert.Contains(t, glance, "hand: Athenian ×2")
	assert.NotContains(t, glance, "hand: athens")
}

// The action board view gave each tile a bare figure ("trade 1, tax 2")
// and the supply one too ("supply 20"): neither said what it counted. The
// heading now names the passive public discs, and the supply its discs.
func TestPoliteiaBoardAndSupplySayWhatTheyCount(t *testing.T) {
	g := gameAt(t, "politeia", 3, "  empty: [stack]\n")
	glance := g.Glance(0)
	assert.Contains(t, glance, "action board (rows of the cross, passive public discs on each tile): ")
	assert.Contains(t, glance, "supply 20 discs")
	assert.NotContains(t, glance, "supply 20,")
}

// Each player's line showed the polis by its id ("polis athens"); it now
// reads by its name, as the logs and prompts write it ("P1 plays Athens").
func TestPoliteiaViewsNameThePolis(t *testing.T) {
	glance := gameAt(t, "politeia", 3, "  empty: [hades]\n").Glance(0)
	assert.Contains(t, glance, "P1 (you): polis Athens, ")
	assert.Contains(t, glance, "P3: polis Korinth, ")
	assert.NotContains(t, glance, "polis athens")
}

// The first view read "turn: 4" at P1's second turn of a 3-player game, as
// if it counted rounds: `turn` counts every player's turn as it begins. The
// heading now says so; the figure is the same.
func TestPoliteiaTurnViewSaysWhatItCounts(t *testing.T) {
	glance := gameAt(t, "politeia", 3, "  turn: 4\n").Glance(0)
	assert.Contains(t, glance, "turns begun (every player's): 4\n")
	assert.NotContains(t, glance, "turn: 4")
}
