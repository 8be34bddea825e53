package main

import (
	"context"
	"strings"
	"testing"

	"agon/interpreter"
	"agon/interpreter/sim"
)

// A game that panics (a bug of agon) is that game's error row: the other
// games' results are kept.
func TestSimulateKeepsResultsWhenAGamePanics(t *testing.T) {
	s, err := newSimulation(simulateParams{Ruleset: "peloponnes", Players: "3", Games: 4, Bots: "random"})
	if err != nil {
		t.Fatal(err)
	}
	s.play = func(p *interpreter.Program, players int, seed uint64, kinds []string) sim.Outcome {
		if seed == gameSeed(0, 2) {
			var m map[string]int
			m["boom"]++ // a nil map write: a real runtime panic
		}
		return sim.Outcome{Players: players, Seed: seed, Scores: []int{1, 2, 3}, Winners: []int{2}}
	}
	outcomes, err := sim.Run(context.Background(), s.batch(nil))
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range outcomes {
		if i == 2 {
			if !strings.Contains(o.Err, "internal error: assignment to entry in nil map (please report") || o.Index != 2 {
				t.Errorf("game 3: error %q, want an internal error", o.Err)
			}
			continue
		}
		if o.Err != "" || len(o.Scores) != 3 || o.Index != i {
			t.Errorf("game %d: %+v, want its result kept", i+1, o)
		}
	}
}
