package testgames

import (
	"testing"

	"agon/interpreter"
	"agon/rulesets"
)

// BenchmarkCloneMidGame measures Game.Clone on a 4-player Peloponnes game
// after 60 decisions: the fixed cost of one legal_if_after look-ahead per
// option (and of one greedy-bot rating):
//
//	go test ./testgames -bench CloneMidGame -run '^$'
func BenchmarkCloneMidGame(b *testing.B) {
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	if err != nil {
		b.Fatal(err)
	}
	g, err := interpreter.NewGame(p, interpreter.Config{Players: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 60 && !g.Over(); i++ {
		if err := g.Apply(g.Pending().Options[0].Key); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		_ = g.Clone()
	}
}
