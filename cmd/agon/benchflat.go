package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"agon/interpreter"
	"agon/interpreter/sim"
)

// benchFlat is what the same games cost on the rebuilt runtime: the typed
// flat state (interpreter.FlatProgram), which plays them decision for
// decision as the present runtime does, but is not yet what the other
// commands run.
type benchFlat struct {
	// Covered is false when the flat runtime does not cover the ruleset
	// yet; Reason says what it lacks.
	Covered            bool    `json:"covered"`
	Reason             string  `json:"reason,omitempty"`
	Seconds            float64 `json:"seconds,omitempty"`
	GamesPerSecond     float64 `json:"games_per_second,omitempty"`
	DecisionsPerSecond float64 `json:"decisions_per_second,omitempty"`
	AllocsPerGame      float64 `json:"allocs_per_game,omitempty"`
	BytesPerGame       float64 `json:"bytes_per_game,omitempty"`
	// Speedup is GamesPerSecond over the present runtime's.
	Speedup float64 `json:"speedup,omitempty"`
}

// benchFlatCost plays the bench's games again on the flat runtime, with
// the same random bots, and checks that they took as many decisions.
func benchFlatCost(ctx context.Context, prm benchParams, rep *benchReport) (benchFlat, error) {
	rs, err := resolveRuleset(prm.Ruleset)
	if err != nil {
		return benchFlat{}, err
	}
	fp, err := interpreter.LoadFlat(rs.fsys, rs.dir, prm.Variant)
	if err != nil {
		return benchFlat{Reason: err.Error()}, nil
	}
	kinds, _ := parseSeats("", prm.Players, "random", "random", false)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start, decisions := time.Now(), 0
	d := &interpreter.Decision{}
	for i := range prm.Games {
		if ctx.Err() != nil {
			return benchFlat{}, &sim.Interrupted{Done: i, Total: prm.Games}
		}
		seed := gameSeed(prm.Seed, i)
		n, err := playFlat(fp, prm.Players, seed, kinds, d)
		if err != nil {
			return benchFlat{}, fmt.Errorf("game %d (seed %d) on the flat runtime: %w", i+1, seed, err)
		}
		decisions += n
	}
	secs := max(time.Since(start).Seconds(), 1e-9)
	runtime.ReadMemStats(&after)
	if decisions != rep.Decisions {
		return benchFlat{}, fmt.Errorf("the flat runtime took %d decisions in the games where the present one took %d: the two runtimes differ (a bug: please report it with the ruleset)", decisions, rep.Decisions)
	}
	games := float64(prm.Games)
	return benchFlat{Covered: true, Seconds: secs, GamesPerSecond: games / secs, DecisionsPerSecond: float64(decisions) / secs,
		AllocsPerGame: float64(after.Mallocs-before.Mallocs) / games, BytesPerGame: float64(after.TotalAlloc-before.TotalAlloc) / games,
		Speedup: games / secs / rep.GamesPerSecond}, nil
}

// playFlat plays one game on the flat runtime with bots of the given
// kinds (which decide from the decision alone: random, first) and gives
// its decisions.
func playFlat(fp *interpreter.FlatProgram, players int, seed uint64, kinds []string, d *interpreter.Decision) (int, error) {
	bots, err := sim.NewBots(kinds, seed)
	if err != nil {
		return 0, err
	}
	g, err := fp.NewGame(players, seed)
	if err != nil {
		return 0, err
	}
	for !g.Over() {
		g.Fill(d)
		if err := g.Apply(bots[d.Player].Choose(nil, d)); err != nil {
			return 0, err
		}
	}
	return g.Decisions(), nil
}

// printFlat prints the flat runtime's line of agon bench.
func printFlat(w io.Writer, f benchFlat) {
	if !f.Covered {
		fmt.Fprintf(w, "flat runtime (the rebuild, what simulate and compare run): not measured: %s\n", f.Reason)
		return
	}
	fmt.Fprintf(w, "flat runtime (the rebuild, what simulate and compare run), the same games: %.1f games/s (%.1fx), %.0f decisions/s, %.0f allocations and %.0f bytes a game\n",
		f.GamesPerSecond, f.Speedup, f.DecisionsPerSecond, f.AllocsPerGame, f.BytesPerGame)
}
