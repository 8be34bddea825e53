package testgames

import (
	"fmt"
	"testing"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/rulesets"
)

// The runtime's benchmarks (BENCHMARKS.md at the repository root records
// their figures):
//
//	go test ./testgames -run '^$' -bench . -benchtime 2s -count 6
//
// BenchmarkGame plays whole games and BenchmarkClone clones a mid-game
// state on the runtime simulate and compare play on (the flat runtime,
// flat_bench_test.go); BenchmarkPresent and BenchmarkPresentClone do the
// same on the present runtime, the one play, record, replay and explain
// run; BenchmarkLoad loads, validates and compiles rulesets, for every
// game under rulesets/.

// benchProgram loads a shipped ruleset.
func benchProgram(b *testing.B, game string) *interpreter.Program {
	p, err := interpreter.Load(rulesets.FS, game, "")
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// playRandom plays one game with random bots seeded from seed.
func playRandom(b *testing.B, p *interpreter.Program, players int, seed uint64) *interpreter.Game {
	g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed, KeysOnly: true, NoLog: true})
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
	return g
}

// BenchmarkPresent plays whole games on the present runtime with random
// bots, one per iteration (seeds 1, 2, …), for every game and player
// count, and reports games and decisions per second and the allocations
// per game (BenchmarkGame plays the same games on the flat runtime):
//
//	go test ./testgames -bench 'Game/|Present/' -run '^$'
func BenchmarkPresent(b *testing.B) {
	for _, game := range shippedGames(b) {
		p := benchProgram(b, game)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			b.Run(fmt.Sprintf("%s/%dp", game, players), func(b *testing.B) {
				b.ReportAllocs()
				decisions, cpu := 0, cpuTime()
				for i := 0; i < b.N; i++ {
					decisions += playRandom(b, p, players, uint64(i+1)).Decisions()
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

// midGame is a game with random bots (seed 1) stopped halfway: after half
// the decisions the same game takes to its end.
func midGame(b *testing.B, p *interpreter.Program, players int) *interpreter.Game {
	half := playRandom(b, p, players, 1).Decisions() / 2
	g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	bots := make([]interpreter.Bot, players)
	for s := range bots {
		bots[s], _ = bot.New("random", bot.SeatSeed(1, s))
	}
	for g.Decisions() < half && !g.Over() {
		d := g.Pending()
		if err := g.Apply(d.Options[bots[d.Player].Choose(g, d)].Key); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// timeClones times b.N calls of clone, reporting the CPU time of one
// (cpu-ns/op) beside the wall time and the allocations.
func timeClones(b *testing.B, clone func()) {
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		clone()
	}
	if cpu >= 0 {
		b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkPresentClone measures the present runtime's Game.Clone of a
// mid-game state (see midGame), for every game and player count: the
// fixed cost of one legal_if_after look-ahead per option and of one
// greedy-bot rating there (BenchmarkClone clones the flat state).
//
//	go test ./testgames -bench Clone -run '^$'
func BenchmarkPresentClone(b *testing.B) {
	for _, game := range shippedGames(b) {
		p := benchProgram(b, game)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			b.Run(fmt.Sprintf("%s/%dp", game, players), func(b *testing.B) {
				g := midGame(b, p, players)
				timeClones(b, func() { _ = g.Clone() })
			})
		}
	}
}

// BenchmarkPresentCloneStep clones the same mid-game state and takes one
// decision on the clone (its first option), as a greedy bot rates an
// option: the clone's cost with what its first writes copy (cards,
// players, families are copied on write; interpreter/cow.go).
//
//	go test ./testgames -bench CloneStep -run '^$'
func BenchmarkPresentCloneStep(b *testing.B) {
	for _, game := range shippedGames(b) {
		p := benchProgram(b, game)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			b.Run(fmt.Sprintf("%s/%dp", game, players), func(b *testing.B) {
				g := midGame(b, p, players)
				key := g.Pending().Options[0].Key
				b.ReportAllocs()
				b.ResetTimer()
				cpu := cpuTime()
				for i := 0; i < b.N; i++ {
					if err := g.Clone().Apply(key); err != nil {
						b.Fatal(err)
					}
				}
				if cpu >= 0 {
					b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}

// BenchmarkLoad measures loading, validating and compiling each ruleset,
// and all of them one after another (BenchmarkLoad/all); all+flat also
// compiles each Program's flat form, as simulate does before its first
// game (interpreter.Program.Flat).
//
//	go test ./testgames -bench Load -run '^$'
func BenchmarkLoad(b *testing.B) {
	games := shippedGames(b)
	load := func(b *testing.B, games []string, flat bool) {
		b.ReportAllocs()
		cpu := cpuTime()
		for i := 0; i < b.N; i++ {
			for _, game := range games {
				p, err := interpreter.Load(rulesets.FS, game, "")
				if err != nil {
					b.Fatal(err)
				}
				if flat {
					if _, err := p.Flat(); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		if cpu >= 0 {
			// The process's CPU time (GC included) varies much less
			// than ns/op on a shared machine.
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		}
	}
	for _, game := range games {
		b.Run(game, func(b *testing.B) { load(b, []string{game}, false) })
	}
	b.Run("all", func(b *testing.B) { load(b, games, false) })
	b.Run("all+flat", func(b *testing.B) { load(b, games, true) })
}
