package testgames

import (
	"testing"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/rulesets"
)

// BenchmarkGame plays whole games with random bots, one per iteration,
// and reports games and decisions per second:
//
//	go test ./testgames -bench Game -run '^$'
func BenchmarkGame(b *testing.B) {
	for _, game := range []string{"peloponnes"} {
		p, err := interpreter.Load(rulesets.FS, game, "")
		if err != nil {
			b.Fatal(err)
		}
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			b.Run(game+"/"+string(rune('0'+players))+"p", func(b *testing.B) {
				decisions := 0
				for i := 0; i < b.N; i++ {
					seed := uint64(i + 1)
					g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
					if err != nil {
						b.Fatal(err)
					}
					bots := make([]interpreter.Bot, players)
					for s := range bots {
						bots[s], _ = bot.New("random", bot.SeatSeed(seed, s))
					}
					if err := interpreter.Play(g, bots); err != nil {
						b.Fatal(err)
					}
					decisions += g.Decisions()
				}
				secs := b.Elapsed().Seconds()
				b.ReportMetric(float64(b.N)/secs, "games/s")
				b.ReportMetric(float64(decisions)/secs, "decisions/s")
			})
		}
	}
}

// BenchmarkLoad measures loading and compiling a ruleset.
func BenchmarkLoad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := interpreter.Load(rulesets.FS, "peloponnes", ""); err != nil {
			b.Fatal(err)
		}
	}
}
