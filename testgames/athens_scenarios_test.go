package testgames

// The Athens rulebook's worked examples and tricky rules are scenario files
// (athens/scenarios/*.yaml, run by TestScenarios). What stays here cannot be
// written as one: a scenario cannot check that a chance did not happen.

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/bot"
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

// A tie on victory points is decided by the icon counts per base icon type
// (rulebook "Breaking a Tie"): the result shows them, highest first, so the
// reason for the winner can be read, and the play view shows them (base
// cards lie face up, so every player's counts are public). The game is an
// outside audit's: two random bots, 68 to 68, P2 winning on 6 BARLEY FIELD
// icons against 4.
func TestAthensTieShowsTheIconCounts(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "athens", "")
	require.NoError(t, err)
	const seed = 13849114444150392330
	bots := make([]interpreter.Bot, 2)
	for i := range bots {
		b, err := bot.New("random", bot.SeatSeed(seed, i))
		require.NoError(t, err)
		bots[i] = b
	}
	g, err := interpreter.NewGame(p, interpreter.Config{Players: 2, Seed: seed})
	require.NoError(t, err)
	require.NoError(t, interpreter.Play(g, bots))
	res := g.Result()
	require.Equal(t, []int{1}, res.Winners)
	require.Equal(t, res.Players[0].Score, res.Players[1].Score, "the game is a tie on VP")
	icons := func(pr interpreter.PlayerResult) any {
		for _, d := range pr.Details {
			if d.Name == "icons by type" {
				return d.Value
			}
		}
		return nil
	}
	require.Equal(t, "4 SHIPYARD / 4 VINEYARD / 3 QUARRY / 2 BARLEY FIELD / 2 SMITHY / 2 OLIVE GROVE / 1 KILN", icons(res.Players[0]))
	require.Equal(t, "6 BARLEY FIELD / 3 SMITHY / 3 KILN / 2 VINEYARD / 1 SHIPYARD / 1 OLIVE GROVE", icons(res.Players[1]))
	glance := g.Glance(0)
	require.Contains(t, glance, "icons 4 SHIPYARD / 4 VINEYARD / 3 QUARRY", "the player's own counts")
	require.Contains(t, glance, "icons 6 BARLEY FIELD / 3 SMITHY", "the other player's counts")
}

// The face-up event cards are shown one a line under the other views (six
// grids on one line made a ~900-character line), each row of squares
// separated by " / ", a cube written "=colour" after its square.
func TestAthensEventCardsOneALine(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "athens", "")
	require.NoError(t, err)
	g, err := interpreter.NewGame(p, interpreter.Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	glance := g.Glance(0)
	require.Contains(t, glance, "event cards:\n  WAR 0/3: orange 3, green 3, blue 3 / orange 4, white 2, green 4 / brown 6, blue 5, orange 5\n  MIGRATION 0/2: ")
	require.Contains(t, glance, "\n  CONTEST 0/2: yellow 2, silver 4, green 3 / red 3, white 2, yellow 3 / green 4, silver 5, red 4\n")
	for _, line := range strings.Split(glance, "\n") {
		require.Less(t, len(line), 200, "a line of the view: %q", line)
	}
}
