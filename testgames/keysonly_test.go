package testgames

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/rulesets"
)

// TestKeysOnlyChangesNothing plays games of every shipped ruleset twice in
// lockstep, once with the decision text rendered as decisions are listed
// and once with Config.KeysOnly (the text rendered only for the taken
// option), and requires the same keys at every decision, the same choices
// of the same bots, and identical logs (labels included) and results.
func TestKeysOnlyChangesNothing(t *testing.T) {
	for _, game := range []string{"athens", "cyclades", "peloponnes", "politeia"} {
		p, err := interpreter.Load(rulesets.FS, game, "")
		require.NoError(t, err)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			for seed := uint64(1); seed <= 2; seed++ {
				kinds := []string{"random"}
				if seed == 1 && players == p.MinPlayers() && !testing.Short() {
					kinds = []string{"greedy", "random"} // the greedy bot plays seat 0
				}
				t.Run(fmt.Sprintf("%s/%dp/seed%d", game, players, seed), func(t *testing.T) {
					keysOnlyLockstep(t, p, players, seed, kinds)
				})
			}
		}
	}
}

func keysOnlyLockstep(t *testing.T, p *interpreter.Program, players int, seed uint64, kinds []string) {
	eager, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
	require.NoError(t, err)
	lazy, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed, KeysOnly: true})
	require.NoError(t, err)
	eagerBots, lazyBots := keysOnlyBots(t, players, seed, kinds), keysOnlyBots(t, players, seed, kinds)
	for !eager.Over() {
		require.False(t, lazy.Over(), "the keys-only game ended first")
		de, dl := eager.Pending(), lazy.Pending()
		require.Equal(t, de.Player, dl.Player)
		require.Equal(t, de.Pos, dl.Pos)
		require.Equal(t, len(de.Options), len(dl.Options))
		for i := range de.Options {
			require.Equal(t, de.Options[i].Key, dl.Options[i].Key)
			if l := dl.Options[i].Label; l != dl.Options[i].Key {
				require.Empty(t, l, "keys only: no label is rendered (a label-less option's is its key)")
			}
		}
		ie, il := eagerBots[de.Player].Choose(eager, de), lazyBots[dl.Player].Choose(lazy, dl)
		require.Equal(t, ie, il, "the bots choose alike at decision %d", eager.Decisions())
		require.NoError(t, eager.Apply(de.Options[ie].Key))
		require.NoError(t, lazy.Apply(dl.Options[il].Key))
	}
	require.True(t, lazy.Over())
	require.Equal(t, eager.Events(), lazy.Events(), "the logs, labels included")
	require.Equal(t, eager.Result(), lazy.Result())
}

func keysOnlyBots(t *testing.T, players int, seed uint64, kinds []string) []interpreter.Bot {
	out := make([]interpreter.Bot, players)
	for s := range out {
		b, err := bot.New(kinds[min(s, len(kinds)-1)], bot.SeatSeed(seed, s))
		require.NoError(t, err)
		out[s] = b
	}
	return out
}
