package interpreter

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// playTrace plays a game of fp with random choices (from the game's
// seed), at most stop decisions (negative: to the end), and gives every
// decision's decider and keys, then the result and facts; and the
// game, not released.
func playTrace(t *testing.T, fp *FlatProgram, players int, seed uint64, stop int) (string, *FlatGame) {
	t.Helper()
	g, err := fp.NewGame(players, seed)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(seed, 7))
	var b strings.Builder
	for !g.Over() && g.Decisions() != stop {
		keys := g.Keys()
		fmt.Fprintf(&b, "P%d %s\n", g.Player(), strings.Join(keys, ","))
		require.NoError(t, g.Apply(r.IntN(len(keys))))
	}
	if g.Over() {
		fmt.Fprintf(&b, "%+v\n%+v\n", *g.Result(), g.Facts())
	}
	return b.String(), g
}

// TestFlatReleasedGamesPlayAlike plays games of every shipped game and
// player count, mixed, on one program that releases each game when done
// (some in mid-game) and on another that releases none: every game must
// take the same decisions with the same keys and end alike, and the
// released program must have played some of its games on released
// buffers.
func TestFlatReleasedGamesPlayAlike(t *testing.T) {
	for name, p := range keptPrograms(t) {
		fresh, err := compileFlat(p)
		require.NoError(t, err)
		released, err := compileFlat(p)
		require.NoError(t, err)
		reused := 0
		for i := range 24 {
			players := p.MinPlayers() + i%(p.MaxPlayers()-p.MinPlayers()+1)
			seed, stop := uint64(i+1), -1
			if i%5 == 3 {
				stop = 7 // a game given back before its end
			}
			want, _ := playTrace(t, fresh, players, seed, stop)
			g, err := released.NewGame(players, seed) // given back at its first decision
			require.NoError(t, err)
			first := g.g
			g.Release()
			require.Nil(t, g.g, "a released game is ended")
			got, g2 := playTrace(t, released, players, seed, stop)
			require.Equal(t, want, got, "%s %dp seed %d", name, players, seed)
			if g2.g == first {
				reused++
			}
			g2.Release()
		}
		require.NotZero(t, reused, "%s: no game took a released game's buffers", name)
	}
}
