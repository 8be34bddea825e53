package testgames

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
	"agon/rulesets"
)

// gameAt starts a game of the shipped ruleset game for that many players
// at the first decision with the given scenario position (YAML under
// "position:"), to look at what its views show there.
func gameAt(t *testing.T, game string, players int, position string) *interpreter.Game {
	t.Helper()
	text := "scenario: a position to look at\ngame: " + game + "\nplayers: " + strconv.Itoa(players) + "\nseed: 1\nstart: first_decision\nposition:\n" + position
	sc, err := transcript.ReadScenario("views.yaml", []byte(text))
	require.NoError(t, err)
	p, err := transcript.LoadScenario(rulesets.FS, game, sc)
	require.NoError(t, err)
	g, err := transcript.StartScenario(p, sc, nil)
	require.NoError(t, err)
	return g
}
