package main

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"agon/interpreter"
	"agon/interpreter/sim"
)

// benchFlatCost plays the bench's games again on the flat runtime, the
// rebuild of the runtime that simulate and compare play on
// (interpreter.FlatProgram), with the same random bots, and checks that
// they took as many decisions as on the present runtime. reason is what
// the flat runtime lacks when it does not cover the ruleset yet.
func benchFlatCost(ctx context.Context, p *interpreter.Program, prm benchParams, kinds []string, present benchRun) (run benchRun, reason string, err error) {
	fp, err := p.Flat()
	if err != nil {
		return benchRun{}, err.Error(), nil
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start, decisions := time.Now(), 0
	d := &interpreter.Decision{}
	for i := range prm.Games {
		if ctx.Err() != nil {
			return benchRun{}, "", &sim.Interrupted{Done: i, Total: prm.Games}
		}
		seed := gameSeed(prm.Seed, i)
		g, err := playFlat(fp, prm.Players, seed, kinds, d, -1)
		if err != nil {
			return benchRun{}, "", fmt.Errorf("game %d (seed %d) on the flat runtime: %w", i+1, seed, err)
		}
		decisions += g.Decisions()
		g.Release() // its buffers serve the next game, as simulate's do
	}
	run = measured(prm.Games, decisions, time.Since(start), &before, &after)
	if decisions != present.Decisions {
		return benchRun{}, "", fmt.Errorf("the flat runtime took %d decisions in the games where the present one took %d: the two runtimes differ (a bug: please report it with the ruleset, or use --runtime present in simulate and compare meanwhile)", decisions, present.Decisions)
	}
	seed := gameSeed(prm.Seed, 0)
	g, err := playFlat(fp, prm.Players, seed, kinds, d, present.Clone.AfterDecisions)
	if err != nil {
		return benchRun{}, "", fmt.Errorf("game 1 (seed %d) on the flat runtime: %w", seed, err)
	}
	run.Clone = timeClones(g.Decisions(), func() { _ = g.Clone() })
	return run, "", nil
}

// playFlat plays one game on the flat runtime with bots of the given
// kinds (which decide from the decision alone: random, first), to its
// end or, when stop is not negative, until it has taken stop decisions.
func playFlat(fp *interpreter.FlatProgram, players int, seed uint64, kinds []string, d *interpreter.Decision, stop int) (*interpreter.FlatGame, error) {
	bots, err := sim.NewBots(kinds, seed)
	if err != nil {
		return nil, err
	}
	g, err := fp.NewGame(players, seed)
	if err != nil {
		return nil, err
	}
	for !g.Over() && g.Decisions() != stop {
		g.Fill(d)
		if err := g.Apply(bots[d.Player].Choose(nil, d)); err != nil {
			return nil, err
		}
	}
	return g, nil
}
