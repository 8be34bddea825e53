package bot

import (
	"testing"

	"agon/interpreter"
	"agon/rulesets"
)

// BenchmarkMCTSDecision times one mcts decision (its default budget) at
// the first decision with a choice of each shipped game at its smallest
// player count:
//
//	go test ./interpreter/bot -run '^$' -bench MCTSDecision
func BenchmarkMCTSDecision(b *testing.B) {
	for _, game := range []string{"peloponnes", "athens", "politeia", "cyclades"} {
		b.Run(game, func(b *testing.B) {
			p, err := interpreter.Load(rulesets.FS, game, "")
			if err != nil {
				b.Fatal(err)
			}
			g, err := interpreter.NewGame(p, interpreter.Config{Players: p.MinPlayers(), Seed: 1, KeysOnly: true})
			if err != nil {
				b.Fatal(err)
			}
			for len(g.Pending().Options) == 1 {
				if err := g.Apply(g.Pending().Options[0].Key); err != nil {
					b.Fatal(err)
				}
			}
			bot, _ := New("mcts", 1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				bot.Choose(g, g.Pending())
			}
		})
	}
}
