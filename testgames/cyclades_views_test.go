package testgames

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
	"agon/rulesets"
)

// cycladesAt starts a 2-player Cyclades game at the first decision with
// the given scenario position (YAML under "position:").
func cycladesAt(t *testing.T, position string) *interpreter.Game {
	t.Helper()
	text := "scenario: a position to look at\ngame: cyclades\nplayers: 2\nseed: 1\nstart: first_decision\nposition:\n" + position
	sc, err := transcript.ReadScenario("views.yaml", []byte(text))
	require.NoError(t, err)
	p, err := transcript.LoadScenario(rulesets.FS, "cyclades", sc)
	require.NoError(t, err)
	g, err := transcript.StartScenario(p, sc, nil)
	require.NoError(t, err)
	return g
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
