package testgames

import (
	"fmt"
	"testing"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/rulesets"
)

// BenchmarkGame plays whole games with random bots, one per iteration
// (seeds 1, 2, …), for every game and player count, on the flat runtime:
// the rebuild of the runtime (interpreter/doc.go, "The typed flat
// state"), which simulate and compare play on. It reports games and
// decisions per second, the CPU time and the allocations per game, as
// BenchmarkPresent (the same games on the present runtime) and
// BenchmarkNative do, so that the three print side by side:
//
//	go test ./testgames -run '^$' -bench 'Game/|Present/|Native/' -cpu 1
//
// Each game takes as many decisions as the present runtime's game of its
// seed, or the benchmark fails: the two runtimes play the same games.
func BenchmarkGame(b *testing.B) {
	eachFlatCount(b, func(b *testing.B, p *interpreter.Program, fp *interpreter.FlatProgram, players int) {
		want := playRandom(b, p, players, 1).Decisions()
		b.ReportAllocs()
		b.ResetTimer()
		decisions, cpu := 0, cpuTime()
		d := &interpreter.Decision{}
		for i := 0; i < b.N; i++ {
			g := playFlatRandom(b, fp, players, uint64(i+1), d, -1)
			if i == 0 && g.Decisions() != want {
				b.Fatalf("the flat game of seed 1 took %d decisions, the present runtime's %d", g.Decisions(), want)
			}
			decisions += g.Decisions()
			g.Release() // as simulate does: the next game takes its buffers
		}
		secs := b.Elapsed().Seconds()
		b.ReportMetric(float64(b.N)/secs, "games/s")
		b.ReportMetric(float64(decisions)/secs, "decisions/s")
		if cpu >= 0 {
			b.ReportMetric(float64(cpuTime()-cpu)/1e3/float64(b.N), "cpu-µs/game")
		}
	})
}

// BenchmarkClone measures FlatGame.Clone of a mid-game state: seed 1's
// game with random bots after half its decisions, for every game and
// player count, as the search bots clone it for every option they rate
// (BenchmarkPresentClone clones the same state on the present runtime).
//
//	go test ./testgames -bench 'Clone/' -run '^$' -cpu 1
func BenchmarkClone(b *testing.B) {
	eachFlatCount(b, func(b *testing.B, p *interpreter.Program, fp *interpreter.FlatProgram, players int) {
		half := playRandom(b, p, players, 1).Decisions() / 2
		g := playFlatRandom(b, fp, players, 1, &interpreter.Decision{}, half)
		timeClones(b, func() { _ = g.Clone() })
	})
}

// eachFlatCount runs bench as a sub-benchmark GAME/Np for every shipped
// game and player count, with the game's Program and flat program.
func eachFlatCount(b *testing.B, bench func(b *testing.B, p *interpreter.Program, fp *interpreter.FlatProgram, players int)) {
	for _, game := range shippedGames(b) {
		fp, err := interpreter.LoadFlat(rulesets.FS, game, "")
		if err != nil {
			b.Fatal(err)
		}
		p := benchProgram(b, game)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			b.Run(fmt.Sprintf("%s/%dp", game, players), func(b *testing.B) { bench(b, p, fp, players) })
		}
	}
}

// playFlatRandom plays one flat game with the random bots playRandom
// seats, to its end or, when stop is not negative, until it has taken
// stop decisions.
func playFlatRandom(b *testing.B, fp *interpreter.FlatProgram, players int, seed uint64, d *interpreter.Decision, stop int) *interpreter.FlatGame {
	g, err := fp.NewGame(players, seed)
	if err != nil {
		b.Fatal(err)
	}
	bots := make([]interpreter.Bot, players)
	for s := range bots {
		bots[s], _ = bot.New("random", bot.SeatSeed(seed, s))
	}
	for !g.Over() && g.Decisions() != stop {
		g.Fill(d)
		if err := g.Apply(bots[d.Player].Choose(nil, d)); err != nil {
			b.Fatal(err)
		}
	}
	return g
}
