package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"
)

// benchParams are the inputs of agon bench.
type benchParams struct {
	Ruleset string
	Variant string
	Players int
	Games   int
	Seed    uint64
}

// runBench plays games one after another with random bots and reports
// the speed.
func runBench(ctx context.Context, prm benchParams, stdout, stderr io.Writer) int {
	if prm.Games < 1 {
		return fail(stderr, usagef("--games must be at least 1"))
	}
	p, source, err := loadSourced(prm.Ruleset, prm.Variant)
	if err != nil {
		printSource(stderr, source)
		return printLoadError(stderr, err)
	}
	if err := checkPlayers(p, []int{prm.Players}); err != nil {
		return fail(stderr, err)
	}
	kinds, _ := parseSeats("", prm.Players, "random", "random", false)
	start, decisions := time.Now(), 0
	for i := range prm.Games {
		if ctx.Err() != nil {
			return fail(stderr, fmt.Errorf("interrupted after %d games", i))
		}
		o := playOne(p, prm.Players, gameSeed(prm.Seed, i), kinds)
		if o.Err != "" {
			return fail(stderr, fmt.Errorf("game %d (seed %d): %s", i+1, o.Seed, o.Err))
		}
		decisions += o.Decisions
	}
	secs := max(time.Since(start).Seconds(), 1e-9)
	printSource(stdout, source)
	fmt.Fprintf(stdout, "%d games, %d decisions in %.3fs: %.1f games/s, %.0f decisions/s\n",
		prm.Games, decisions, secs, float64(prm.Games)/secs, float64(decisions)/secs)
	return exitOK
}

// newBenchCmd wires agon bench.
func newBenchCmd(e *env) *cobra.Command {
	var prm benchParams
	cmd := &cobra.Command{
		Use:   "bench RULESET",
		Short: "Measure how fast games play",
		Long: `bench plays --games games one after another on one core with random bots and
reports games per second and decisions per second.`,
		Example: `  agon bench peloponnes --players 3 --games 500`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			e.code = runBench(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.IntVar(&prm.Players, "players", 0, "number of players (required)")
	f.IntVar(&prm.Games, "games", 100, "number of games")
	f.Uint64Var(&prm.Seed, "seed", 1, "seed from which every game's seed is derived")
	_ = cmd.MarkFlagRequired("players")
	return cmd
}
