package testgames

import (
	"context"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/sim"
	"agon/rulesets"
)

// simulate plays its games on the flat runtime, the program's flat form
// shared by every worker: a batch played by one worker and by four at
// once (with two OS threads) gives the same outcomes, game for game,
// with random, greedy and mcts bots. Under the race detector
// (TestDeterminismUnderTheRaceDetector runs it) it also shows that the
// workers share nothing mutable.
func TestFlatSimulateIsIdenticalAcrossWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for _, game := range []string{"athens", "cyclades", "peloponnes", "politeia"} {
		p, err := interpreter.Load(rulesets.FS, game, "")
		require.NoError(t, err)
		_, err = p.Flat()
		require.NoError(t, err, game)
		n := p.MinPlayers()
		for _, seats := range [][]string{{"random", "random", "random", "random", "random"}, {"greedy", "mcts:4", "random", "random", "random"}} {
			games := 8
			if seats[0] == "greedy" {
				games = 2
			}
			batch := func(workers int) []sim.Outcome {
				out, err := sim.Run(context.Background(), sim.Batch{Program: p, Counts: []int{n}, Seats: seats[:n], Games: games, Seed: 5, Workers: workers})
				require.NoError(t, err)
				return out
			}
			one, four := batch(1), batch(4)
			require.Equal(t, one, four, "%s %v", game, seats[:n])
			for _, o := range one {
				require.Empty(t, o.Err, "%s %v", game, seats[:n])
			}
		}
	}
}
