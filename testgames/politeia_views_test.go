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
