package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"agon/interpreter"
	"agon/interpreter/sim"
)

// benchFunction is one ruleset function's work per game (agon bench
// --functions).
type benchFunction struct {
	Name         string  `json:"name"`
	Pos          string  `json:"pos"`
	CallsPerGame float64 `json:"calls_per_game"`
	StepsPerGame float64 `json:"steps_per_game"`
}

// benchFunctions plays the benchmark's games again, counting the calls of
// each ruleset function and the steps they take (interpreter.CallCounts),
// apart from the timed games so that counting does not slow them.
func benchFunctions(ctx context.Context, p *interpreter.Program, prm benchParams, kinds []string) ([]benchFunction, error) {
	counts := &interpreter.CallCounts{}
	for i := range prm.Games {
		if ctx.Err() != nil {
			return nil, &sim.Interrupted{Done: i, Total: prm.Games}
		}
		seed := gameSeed(prm.Seed, i)
		bots, err := sim.NewBots(kinds, seed)
		if err != nil {
			return nil, err
		}
		g, err := interpreter.NewGame(p, interpreter.Config{Players: prm.Players, Seed: seed, KeysOnly: true, NoLog: true,
			Limits: interpreter.Limits{MaxDecisions: sim.MaxDecisions}, Counts: counts})
		if err == nil {
			err = interpreter.Play(g, bots)
		}
		if err != nil {
			return nil, fmt.Errorf("game %d (seed %d): %v", i+1, seed, err)
		}
	}
	games := float64(counts.Games())
	var out []benchFunction
	for _, f := range counts.Functions() {
		out = append(out, benchFunction{Name: f.Name, Pos: f.Pos,
			CallsPerGame: float64(f.Calls) / games, StepsPerGame: float64(f.Steps) / games})
	}
	return out, nil
}

// printFunctions prints the functions' work per game, the most steps
// first.
func printFunctions(w io.Writer, games int, fns []benchFunction) {
	if len(fns) == 0 {
		fmt.Fprintln(w, "ruleset functions: none was called")
		return
	}
	fmt.Fprintf(w, "ruleset functions, per game over %s (a step is a call or a round of a predicate, the callees' included):\n", count(games, "game"))
	width := len("function")
	for _, f := range fns {
		width = max(width, len(f.Name))
	}
	fmt.Fprintf(w, "  %10s %9s  %-*s  %s\n", "steps", "calls", width, "function", "declared at")
	for _, f := range fns {
		fmt.Fprintf(w, "  %10.0f %9.0f  %-*s  %s\n", f.StepsPerGame, f.CallsPerGame, width, f.Name, filepath.ToSlash(f.Pos))
	}
}
