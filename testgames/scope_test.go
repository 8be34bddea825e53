package testgames

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
)

// The reproduction in Peloponnes: a local named coin_pile made
// every drawable() called under it see 0. It is now a load error, and
// drawable() sees the zone.
func TestPeloponnesLocalNamedLikeAZoneIsRefused(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	require.NoError(t, err)
	g, err := interpreter.NewGame(p, interpreter.Config{Players: 3, Seed: 1})
	require.NoError(t, err)
	err = g.Exec("- let: {coin_pile: '[]'}\n- log: '{drawable()}'\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `let "coin_pile" shadows the zone "coin_pile"`)

	require.NoError(t, g.Exec("- let: {pile: '[]'}\n- log: '{drawable() > 0}'\n"))
	events := g.Events()
	assert.Equal(t, "true", events[len(events)-1].Text, "drawable() counts the coin pile")
}
