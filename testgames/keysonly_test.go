package testgames

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/rulesets"
)

// TestKeysOnlyChangesNothing plays games of every shipped ruleset three
// times in lockstep: with the decision text rendered as decisions are
// listed, with Config.KeysOnly (the text rendered only for the taken
// option), and with KeysOnly and Config.NoLog (no log at all, as simulate
// plays). It requires the same keys at every decision, the same choices of
// the same bots, the same results, identical logs (labels included) for
// the first two and none for the third.
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
	unlogged, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed, KeysOnly: true, NoLog: true})
	require.NoError(t, err)
	eagerBots, lazyBots := keysOnlyBots(t, players, seed, kinds), keysOnlyBots(t, players, seed, kinds)
	unloggedBots := keysOnlyBots(t, players, seed, kinds)
	for !eager.Over() {
		require.False(t, lazy.Over(), "the keys-only game ended first")
		require.False(t, unlogged.Over(), "the game without a log ended first")
		de, dl, du := eager.Pending(), lazy.Pending(), unlogged.Pending()
		require.Equal(t, de.Player, dl.Player)
		require.Equal(t, de.Pos, dl.Pos)
		require.Equal(t, len(de.Options), len(dl.Options))
		require.Equal(t, dl, du, "without a log, decision %d", eager.Decisions())
		for i := range de.Options {
			require.Equal(t, de.Options[i].Key, dl.Options[i].Key)
			if l := dl.Options[i].Label; l != dl.Options[i].Key {
				require.Empty(t, l, "keys only: no label is rendered (a label-less option's is its key)")
			}
		}
		ie, il := eagerBots[de.Player].Choose(eager, de), lazyBots[dl.Player].Choose(lazy, dl)
		iu := unloggedBots[du.Player].Choose(unlogged, du)
		require.Equal(t, ie, il, "the bots choose alike at decision %d", eager.Decisions())
		require.Equal(t, ie, iu, "the bots choose alike without a log at decision %d", eager.Decisions())
		require.NoError(t, eager.Apply(de.Options[ie].Key))
		require.NoError(t, lazy.Apply(dl.Options[il].Key))
		require.NoError(t, unlogged.Apply(du.Options[iu].Key))
	}
	require.True(t, lazy.Over())
	require.True(t, unlogged.Over())
	require.Equal(t, eager.Events(), lazy.Events(), "the logs, labels included")
	require.NotEmpty(t, eager.Events())
	require.Nil(t, unlogged.Events(), "a game without a log keeps none")
	require.Equal(t, eager.Result(), lazy.Result())
	require.Equal(t, eager.Result(), unlogged.Result())
	require.Equal(t, eager.Facts(), unlogged.Facts())
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
