package testgames

// The Athens rulebook's worked examples and tricky rules are scenario files
// (athens/scenarios/*.yaml, run by TestScenarios). What stays here cannot be
// written as one: a scenario cannot check that a chance did not happen.

import (
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
)

// "The turn order die is not needed in a 2-player game though." With 2
// players both directions give the same order, so only the absence of the
// roll shows the rule; athens/scenarios/turn-order-die-counterclockwise.yaml
// fixes the roll with 4 players.
func TestAthensNoTurnOrderDieWith2Players(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "athens", "")
	require.NoError(t, err)
	for _, players := range []int{2, 3} {
		g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: 1})
		require.NoError(t, err)
		rolled := false
		for _, e := range g.Events() {
			rolled = rolled || e.Kind == interpreter.EventChance && e.Name == "roll direction"
		}
		require.Equal(t, players > 2, rolled, "%d players: is the turn order die rolled?", players)
	}
}
