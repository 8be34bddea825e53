package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"agon/interpreter"
)

// A game that panics (a bug of agon) is that game's error row: the other
// games' results are kept.
func TestSimulateKeepsResultsWhenAGamePanics(t *testing.T) {
	sim, err := newSimulation(simulateParams{Ruleset: "peloponnes", Players: "3", Games: 4, Bots: "random"})
	if err != nil {
		t.Fatal(err)
	}
	sim.play = func(p *interpreter.Program, players int, seed uint64, kinds []string) gameOutcome {
		if seed == gameSeed(0, 2) {
			var m map[string]int
			m["boom"]++ // a nil map write: a real runtime panic
		}
		return gameOutcome{Players: players, Seed: seed, Scores: []int{1, 2, 3}, Winners: []int{2}}
	}
	outcomes, err := sim.run(context.Background(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range outcomes {
		if i == 2 {
			if !strings.Contains(o.Err, "internal error: assignment to entry in nil map (please report") {
				t.Errorf("game 3: error %q, want an internal error", o.Err)
			}
			continue
		}
		if o.Err != "" || len(o.Scores) != 3 {
			t.Errorf("game %d: %+v, want its result kept", i+1, o)
		}
	}
}
