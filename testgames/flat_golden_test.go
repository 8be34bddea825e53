package testgames

import (
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// TestFlatReplaysTheGoldens replays every golden transcript on the flat
// runtime, the rebuilt one, with transcript.ReplayFlat: the replayer that
// replays it on the present runtime, walking the same steps against the
// flat game. Every chance, log line and decision must be the
// transcript's, every check must hold on the flat state, and the scores
// and winners must be the transcript's; the report (decisions, checks)
// must be the present runtime's. The goldens were recorded on the present
// runtime: this is the proof, game by game, that the flat one plays them
// the same. Each is replayed from another seed than its own, so that the
// supplied outcomes, not the seed's stream (which gave them when the game
// was recorded), decide every chance.
func TestFlatReplaysTheGoldens(t *testing.T) {
	decisions, checks := 0, 0
	gs := goldens(t)
	for _, gf := range gs {
		p := gf.program(t)
		fp, err := p.Flat()
		require.NoError(t, err, gf.path)
		want, err := transcript.Replay(p, gf.tr, transcript.ReplayOptions{Check: interpreter.CheckExpr})
		require.NoError(t, err, gf.path)
		reseeded := *gf.tr
		reseeded.Seed ^= 0x5eed5eed
		got, err := transcript.ReplayFlat(fp, &reseeded, true)
		require.NoError(t, err, gf.path)
		require.Equal(t, want.Decisions, got.Decisions, "%s: decisions", gf.path)
		require.Equal(t, want.Checks, got.Checks, "%s: checks", gf.path)
		require.Zero(t, got.Skipped, "%s: checks skipped", gf.path)
		if want.Result != nil {
			require.NotNil(t, got.Result, gf.path)
			require.Equal(t, want.Result.Winners, got.Result.Winners, "%s: winners", gf.path)
			for i, pr := range want.Result.Players {
				require.Equal(t, pr.Score, got.Result.Players[i].Score, "%s: P%d's score", gf.path, i+1)
			}
		}
		decisions += got.Decisions
		checks += got.Checks
	}
	t.Logf("%d goldens replayed on the flat runtime: %d decisions, %d checks", len(gs), decisions, checks)
}
