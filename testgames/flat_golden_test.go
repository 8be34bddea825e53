package testgames

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
	"agon/rulesets"
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

// TestGoldenRerecordFlat records every recorded golden again on the flat
// runtime (transcript.RecordFlat, what agon record plays on) with the
// bots its seats name, as TestGoldenRerecord does on the present one:
// the same bytes, every chance, log line, label and the result.
func TestGoldenRerecordFlat(t *testing.T) {
	n := 0
	for _, gf := range goldens(t) {
		if gf.tr.Source != transcript.SourceRecorded || notRerecordable(gf.tr) != "" {
			continue
		}
		t.Run(gf.name(), func(t *testing.T) {
			bots, err := goldenSeatBots(gf.tr)
			if err != nil {
				t.Skipf("%s: %v", gf.path, err)
			}
			fp, err := gf.program(t).Flat()
			require.NoError(t, err, gf.path)
			again, err := transcript.RecordFlat(fp, gf.tr.Players, gf.tr.Seed, flatSeats(t, bots))
			sameRecording(t, gf, again, err)
			n++
		})
	}
	require.NotZero(t, n, "no golden recorded again")
}

// flatSeats are bots as the flat runtime's (every bot of package bot is
// one).
func flatSeats(t *testing.T, bots []interpreter.Bot) []interpreter.FlatBot {
	out := make([]interpreter.FlatBot, len(bots))
	for i, b := range bots {
		fb, ok := b.(interpreter.FlatBot)
		require.True(t, ok, "the %v bot cannot play on the flat runtime", b)
		out[i] = fb
	}
	return out
}

// TestRecordFlatAgrees records games of every shipped ruleset and
// variant, at every player count, on both runtimes with the same bots
// (random, and one greedy seat in the first game of each count): the
// transcripts must be the same bytes.
func TestRecordFlatAgrees(t *testing.T) {
	games := 0
	for _, game := range shippedGames(t) {
		base, err := interpreter.Load(rulesets.FS, game, "")
		require.NoError(t, err)
		for _, variant := range append([]string{""}, base.Variants()...) {
			p, err := interpreter.Load(rulesets.FS, game, variant)
			require.NoError(t, err)
			fp, err := p.Flat()
			require.NoError(t, err, "%s %s", game, variant)
			for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
				for seed := uint64(1); seed <= 2; seed++ {
					kinds := slices.Repeat([]string{"random"}, players)
					if seed == 1 && variant == "" {
						kinds[players-1] = "greedy"
					}
					tr := &transcript.Transcript{Players: players, Seed: seed, Seats: kinds}
					where := fmt.Sprintf("%s %q %dp seed %d %v", game, variant, players, seed, kinds)
					bots, err := goldenSeatBots(tr)
					require.NoError(t, err)
					want, err := transcript.Record(p, interpreter.Config{Players: players, Seed: seed}, bots)
					require.NoError(t, err, where)
					bots, err = goldenSeatBots(tr) // fresh: a bot's stream is its own
					require.NoError(t, err)
					got, err := transcript.RecordFlat(fp, players, seed, flatSeats(t, bots))
					require.NoError(t, err, where)
					require.Empty(t, firstLineDiff(want.Marshal(), got.Marshal()), where)
					require.NotZero(t, got.Decisions(), where)
					games++
				}
			}
		}
	}
	t.Logf("%d games recorded on both runtimes", games)
}
