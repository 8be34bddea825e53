package testgames

import (
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/sim"
)

// Every ruleset of invalid/run (each fails at run time: a division by
// zero, an option offered twice, a runaway loop, hostile expressions…)
// simulates alike on the flat runtime and on the present one: sim.PlayGame,
// which plays on the flat runtime and gives a game that fails there to
// the present one, reports what sim.PlayGamePresent reports, error text
// and all. An option offered twice was a game the flat runtime finished
// where the present one refused it.
func TestInvalidRunSimulatesAlike(t *testing.T) {
	const root = "invalid/run"
	fsys := os.DirFS(root)
	for _, name := range invalidDirs(t, root) {
		p, err := interpreter.Load(fsys, name, "")
		require.NoError(t, err, name)
		players := p.MinPlayers()
		// One game a bot kind: the hostile expressions' games take a
		// second each to meet their limits.
		for _, kind := range []string{"random", "first"} {
			kinds := slices.Repeat([]string{kind}, players)
			require.Equal(t, sim.PlayGamePresent(p, players, 1, kinds), sim.PlayGame(p, players, 1, kinds), "%s %s", name, kind)
		}
	}
}
