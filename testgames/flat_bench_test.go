package testgames

import (
	"fmt"
	"testing"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/rulesets"
)

// BenchmarkFlat plays the games BenchmarkGame plays (the same seeds, the
// same random bots) on the flat runtime, the rebuild that is not yet the
// default (interpreter/doc.go, "The typed flat state"), and reports the
// same figures, so that the three print side by side:
//
//	go test ./testgames -run '^$' -bench 'Game/|Flat/|Native/' -cpu 1
//
// Each game takes as many decisions as BenchmarkGame's game of its seed,
// or the benchmark fails: the two runtimes play the same games.
func BenchmarkFlat(b *testing.B) {
	for _, game := range shippedGames(b) {
		fp, err := interpreter.LoadFlat(rulesets.FS, game, "")
		if err != nil {
			b.Fatal(err)
		}
		p := benchProgram(b, game)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			b.Run(fmt.Sprintf("%s/%dp", game, players), func(b *testing.B) {
				want := playRandom(b, p, players, 1).Decisions()
				b.ReportAllocs()
				b.ResetTimer()
				decisions, cpu := 0, cpuTime()
				d := &interpreter.Decision{}
				for i := 0; i < b.N; i++ {
					n := playFlatRandom(b, fp, players, uint64(i+1), d)
					if i == 0 && n != want {
						b.Fatalf("the flat game of seed 1 took %d decisions, the present runtime's %d", n, want)
					}
					decisions += n
				}
				secs := b.Elapsed().Seconds()
				b.ReportMetric(float64(b.N)/secs, "games/s")
				b.ReportMetric(float64(decisions)/secs, "decisions/s")
				if cpu >= 0 {
					b.ReportMetric(float64(cpuTime()-cpu)/1e3/float64(b.N), "cpu-µs/game")
				}
			})
		}
	}
}

// playFlatRandom plays one flat game with the random bots playRandom
// seats, and gives its decisions.
func playFlatRandom(b *testing.B, fp *interpreter.FlatProgram, players int, seed uint64, d *interpreter.Decision) int {
	g, err := fp.NewGame(players, seed)
	if err != nil {
		b.Fatal(err)
	}
	bots := make([]interpreter.Bot, players)
	for s := range bots {
		bots[s], _ = bot.New("random", bot.SeatSeed(seed, s))
	}
	for !g.Over() {
		g.Fill(d)
		if err := g.Apply(bots[d.Player].Choose(nil, d)); err != nil {
			b.Fatal(err)
		}
	}
	return g.Decisions()
}
