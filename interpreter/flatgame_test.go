package interpreter

import (
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/rulesets"
	"agon/schema"
)

// flatGames is how many games of each player count TestFlatGamesAgree
// plays (go test ./interpreter -run FlatGamesAgree -flat-games 200).
var flatGames = flag.Int("flat-games", 30, "games of each player count TestFlatGamesAgree plays on both runtimes")

// newFlatGame starts a game of fp from the state g was made with (before
// its setup ran: newGame), with the same random stream.
func newFlatGame(fp *flatProgram, g *Game) (*flatGame, error) {
	fs, err := fp.l.packFlat(g)
	if err != nil {
		return nil, err
	}
	return fp.start(fs, g.st.rng)
}

// flatPair is a present game and a flat game started from the same state
// and random stream.
func flatPair(t testing.TB, p *Program, fp *flatProgram, players int, seed uint64) (*Game, *flatGame) {
	g, err := newGame(p, Config{Players: players, Seed: seed, NoLog: true, KeysOnly: true})
	require.NoError(t, err)
	fg, err := newFlatGame(fp, g)
	require.NoError(t, err)
	g.push(p.flow)
	g.push(p.setup)
	require.NoError(t, g.run())
	return g, fg
}

// playBoth plays one random game on both runtimes with the same choices
// and requires the same decider and keys at every decision and the same
// scores and tie-breaks.
func playBoth(t *testing.T, p *Program, fp *flatProgram, name string, players int, seed uint64) {
	t.Helper()
	g, fg := flatPair(t, p, fp, players, seed)
	r := rand.New(rand.NewPCG(seed, uint64(players)))
	for step := 0; !g.Over(); step++ {
		where := fmt.Sprintf("%s/%dp seed %d decision %d", name, players, seed, step)
		require.False(t, fg.over, "%s: the flat game is over", where)
		d := g.Pending()
		var want []string
		for _, o := range d.Options {
			want = append(want, o.Key)
		}
		require.Equal(t, int64(d.Player), fg.who, "%s: the decider", where)
		require.Equal(t, want, fg.keys(), "%s: the keys (%s)", where, d.Pos)
		lookAheadAgrees(t, g, &FlatGame{g: fg}, d, where)
		i := r.IntN(len(d.Options))
		require.NoError(t, g.Apply(d.Options[i].Key), where)
		require.NoError(t, fg.Apply(i), where)
	}
	require.True(t, fg.over, "%s/%dp seed %d: the flat game goes on", name, players, seed)
	for _, pr := range g.Result().Players {
		want := []int64{int64(pr.Score)}
		for _, tb := range pr.Tiebreak {
			want = append(want, int64(tb))
		}
		require.Equal(t, want, fg.scores[pr.Player], "%s/%dp seed %d: P%d's score and tie-breaks", name, players, seed, pr.Player+1)
	}
	res := (&FlatGame{g: fg}).Result()
	require.Equal(t, g.Result().Winners, res.Winners, "%s/%dp seed %d: the winners", name, players, seed)
	for i, pr := range g.Result().Players {
		require.Equal(t, pr.Rank, res.Players[i].Rank, "%s/%dp seed %d: P%d's rank", name, players, seed, i+1)
	}
	require.Equal(t, g.Facts(), fg.facts(), "%s/%dp seed %d: the facts", name, players, seed)
}

// lookAheadAgrees requires what a bot's look-ahead reads of the pending
// decision d to be the same on both runtimes: its position, the pick
// under way and its done option, and the heuristic for the decider.
func lookAheadAgrees(t *testing.T, g *Game, fg *FlatGame, d *Decision, where string) {
	t.Helper()
	require.Equal(t, d.Pos, fg.Pos(), "%s: the position", where)
	done, underWay := g.PickUnderWay()
	fdone, funderWay := fg.PickUnderWay()
	require.Equal(t, underWay, funderWay, "%s: a pick under way", where)
	if done == "" {
		require.Equal(t, -1, fdone, "%s: no done option", where)
	} else {
		require.Equal(t, done, d.Options[fdone].Key, "%s: the done option", where)
	}
	h, err := g.Heuristic(d.Player)
	fh, ferr := fg.Heuristic(d.Player)
	if err == nil && ferr == nil {
		require.Equal(t, h, fh, "%s: the heuristic", where)
	} else {
		require.Equal(t, err != nil, ferr != nil, "%s: the heuristic fails (%v, %v)", where, err, ferr)
	}
}

// TestFlatGamesAgree plays random games of every shipped ruleset the flat
// game covers, on the present runtime and on the flat state side by side
// with the same choices: at every decision the decider and the option
// keys must be the same, and at the end every player's score and
// tie-breaks.
func TestFlatGamesAgree(t *testing.T) {
	for name, p := range keptPrograms(t) {
		fp, err := newFlatProgram(p)
		if err != nil {
			t.Logf("%s: not covered: %v", name, err)
			if u, ok := err.(*flatUncovered); ok && testing.Verbose() {
				for _, e := range u.errs {
					t.Logf("    %v", e)
				}
			}
			continue
		}
		games := 0
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			for seed := uint64(1); seed <= uint64(*flatGames); seed++ {
				playBoth(t, p, fp, name, players, seed)
				games++
			}
		}
		t.Logf("%s: %d games agree", name, games)
	}
}

// BenchmarkFlatGame plays random games of each ruleset the flat game
// covers, at every player count, on the flat state (flat) and on the
// present runtime (present) with the same kind of random choices, and
// reports games/s. The flat games start from a state packed once and
// copied for each game (a game of the rebuilt runtime would start from
// the Program's own); both keep no log and make no labels.
//
//	go test ./interpreter -run '^$' -bench FlatGame -cpu 1
func BenchmarkFlatGame(b *testing.B) {
	for name, p := range keptPrograms(b) {
		fp, err := newFlatProgram(p)
		if err != nil {
			continue
		}
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			b.Run(fmt.Sprintf("%s/%dp/flat", name, players), func(b *testing.B) {
				start, err := newGame(p, Config{Players: players, Seed: 1, NoLog: true, KeysOnly: true})
				require.NoError(b, err)
				fs, err := fp.l.packFlat(start)
				require.NoError(b, err)
				r := rand.New(rand.NewPCG(1, 2))
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					g, err := fp.start(fs.fresh(true), newRNG(uint64(i)))
					for err == nil && !g.over {
						err = g.Apply(r.IntN(len(g.options)))
					}
					if err != nil {
						b.Fatal(err) // not require: its Helper call costs a stack walk each game
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			})
			b.Run(fmt.Sprintf("%s/%dp/present", name, players), func(b *testing.B) {
				r := rand.New(rand.NewPCG(1, 2))
				for i := 0; i < b.N; i++ {
					g, err := NewGame(p, Config{Players: players, Seed: uint64(i), NoLog: true, KeysOnly: true})
					for err == nil && !g.Over() {
						opts := g.st.pending.options
						err = g.Apply(opts[r.IntN(len(opts))].key)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			})
		}
	}
}

// TestFlatGamesAgreeInVariants plays games of every shipped variant on
// both runtimes, as TestFlatGamesAgree does the base rulesets: a variant
// the flat runtime does not cover, or one that plays differently, fails.
func TestFlatGamesAgreeInVariants(t *testing.T) {
	entries, err := fs.ReadDir(rulesets.FS, ".")
	require.NoError(t, err)
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		variants, err := schema.Variants(rulesets.FS, e.Name())
		require.NoError(t, err)
		for _, v := range variants {
			rs, ds := schema.LoadVariant(rulesets.FS, e.Name(), v)
			require.NoError(t, ds.Err(), v)
			p := compileRuleset(rs, ds)
			require.NoError(t, ds.Err(), v)
			fp, err := newFlatProgram(p)
			require.NoError(t, err, "%s variant %s", e.Name(), v)
			games := 0
			for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
				for seed := uint64(1); seed <= 4; seed++ {
					playBoth(t, p, fp, fmt.Sprintf("%s+%s", e.Name(), v), players, seed)
					games++
				}
			}
			t.Logf("%s variant %s: %d games agree", e.Name(), v, games)
		}
	}
}

// TestFlatClonesPlayOn: a clone of a flat game, taken at every fifth
// decision, plays on with the same choices as its original exactly as
// the original does, and playing it changes nothing of the original
// (which is checked against the present runtime to the end).
func TestFlatClonesPlayOn(t *testing.T) {
	for name, p := range keptPrograms(t) {
		fp, err := newFlatProgram(p)
		require.NoError(t, err)
		players := p.MinPlayers()
		g, fg := flatPair(t, p, fp, players, 7)
		r := rand.New(rand.NewPCG(7, 1))
		for step := 0; !g.Over(); step++ {
			d := g.Pending()
			i := r.IntN(len(d.Options))
			if step%5 == 0 {
				c := fg.clone()
				cr := rand.New(rand.NewPCG(uint64(step), 3))
				// the clone plays to its end on choices of its own
				for !c.over {
					require.NoError(t, c.Apply(cr.IntN(len(c.options))), "%s: the clone of decision %d", name, step)
				}
			}
			var want []string
			for _, o := range d.Options {
				want = append(want, o.Key)
			}
			require.Equal(t, want, fg.keys(), "%s decision %d: the original after its clone played", name, step)
			require.NoError(t, g.Apply(d.Options[i].Key))
			require.NoError(t, fg.Apply(i))
		}
		for _, pr := range g.Result().Players {
			require.Equal(t, int64(pr.Score), fg.scores[pr.Player][0], "%s: P%d's score", name, pr.Player+1)
		}
	}
}

// BenchmarkFlatClone copies a flat game in mid-play (seed 1, 60 random
// decisions, the most players), as BenchmarkClone does the present one.
//
//	go test ./interpreter -run '^$' -bench FlatGameClone -cpu 1
func BenchmarkFlatGameClone(b *testing.B) {
	for name, p := range keptPrograms(b) {
		fp, err := newFlatProgram(p)
		require.NoError(b, err)
		b.Run(name, func(b *testing.B) {
			_, fg := flatPair(b, p, fp, p.MaxPlayers(), 1)
			r := rand.New(rand.NewPCG(1, 1))
			for step := 0; step < 60 && !fg.over; step++ {
				require.NoError(b, fg.Apply(r.IntN(len(fg.options))))
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = fg.clone()
			}
		})
	}
}
