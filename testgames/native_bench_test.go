package testgames

import (
	"testing"

	native "agon/testgames/internal/nativepeloponnes"
)

// BenchmarkNative plays whole games of the hand-written native Peloponnes
// (testgames/internal/nativepeloponnes) with uniformly random choices, one
// per iteration, and reports games and decisions per second like
// BenchmarkGame (the engine's games, on the flat runtime), so that the two
// print side by side:
//
//	go test ./testgames -run '^$' -bench 'Game/|Native/' -cpu 1
func BenchmarkNative(b *testing.B) {
	for players := 2; players <= 5; players++ {
		b.Run("peloponnes/"+string(rune('0'+players))+"p", func(b *testing.B) {
			b.ReportAllocs()
			decisions, cpu := 0, cpuTime()
			for i := 0; i < b.N; i++ {
				seed := uint64(i + 1)
				g, err := native.New(native.Config{Players: players, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				if err := g.PlayRandom(seed); err != nil {
					b.Fatal(err)
				}
				decisions += g.Decisions()
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

// BenchmarkNativeClone copies a native 4-player game in mid-play, to the
// heap (the copy is kept, so it escapes).
func BenchmarkNativeClone(b *testing.B) {
	g, err := native.New(native.Config{Players: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 40 && !g.Over(); i++ {
		_ = g.Apply(0)
	}
	keep := make([]*native.Game, 1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		keep[0] = g.Clone()
	}
	if keep[0].Over() != g.Over() {
		b.Fatal("the clone differs")
	}
}
