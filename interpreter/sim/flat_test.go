package sim

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
)

// TestFlatOutcomesAgree plays games of every shipped ruleset and variant,
// at every player count, with random and first bots (and in the base
// rulesets, greedy and mcts bots at the fewest players and a table of
// greedy and random ones at the most), on the flat runtime
// (as PlayGame plays them) and on the present one, and requires the same
// outcome: scores, winners, decisions and every fact of the report. It
// requires too that the flat runtime played them: a PlayGame that fell
// back to the present runtime would agree with itself and prove nothing.
func TestFlatOutcomesAgree(t *testing.T) {
	games := []string{"athens", "cyclades", "peloponnes", "politeia"}
	for _, game := range games {
		base, err := interpreter.Load(rulesets.FS, game, "")
		require.NoError(t, err)
		for _, variant := range append([]string{""}, base.Variants()...) {
			p := base
			if variant != "" {
				p, err = interpreter.Load(rulesets.FS, game, variant)
				require.NoError(t, err)
			}
			_, err := p.Flat()
			require.NoError(t, err, "%s %s: the flat runtime covers every shipped ruleset", game, variant)
			seeds := 3
			if variant != "" {
				seeds = 1
			}
			for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
				for seed := uint64(1); seed <= uint64(seeds); seed++ {
					for _, kind := range []string{"random", "first", "greedy", "greedy,random", "mcts:8"} {
						if (kind == "greedy" || kind == "mcts:8") && (variant != "" || seed > 1 || players != p.MinPlayers()) ||
							kind == "greedy,random" && (variant != "" || seed > 1 || players != p.MaxPlayers()) {
							continue // the look-ahead costs: the base rulesets, one game each
						}
						where := fmt.Sprintf("%s %s %dp seed %d %s", game, variant, players, seed, kind)
						kinds := make([]string, players)
						for i := range kinds {
							kinds[i] = strings.Split(kind, ",")[i%len(strings.Split(kind, ","))]
						}
						flat, ok := playFlat(p, players, seed, kinds)
						present := PlayGamePresent(p, players, seed, kinds)
						if !ok {
							require.NotEmpty(t, present.Err+present.EndedBy, "%s: the flat runtime did not play a game that finished after decisions", where)
							continue
						}
						require.Equal(t, present, flat, where)
						require.Equal(t, present, PlayGame(p, players, seed, kinds), where)
					}
				}
			}
		}
	}
}

// A game the two runtimes play differently fails, naming the difference.
func TestCrossCheckNamesTheDifference(t *testing.T) {
	o := Outcome{Players: 3, Seed: 9, Scores: []int{1, 2, 3}, Winners: []int{2}, Decisions: 10}
	same := o
	crossCheck(&o, &same)
	require.Empty(t, o.Err)
	other := o
	other.Scores = []int{1, 2, 4}
	crossCheck(&o, &other)
	require.Contains(t, o.Err, "scores [1 2 3] on the present runtime, [1 2 4] on the flat one")
	require.Contains(t, o.Err, "--players 3 --seed 9")
	failed := Outcome{Players: 2, Seed: 4, Err: "P1 divided by zero"}
	crossCheck(&failed, &same)
	require.Equal(t, "P1 divided by zero (internal error: the flat runtime finished this game; please report, with --players 2 --seed 4; --runtime present plays every game on the present runtime meanwhile)", failed.Err)
}

// A batch plays on the flat runtime unless Present: then every game,
// the text-checked ones too, is the present runtime's alone.
func TestBatchPresentPlaysThePresentRuntime(t *testing.T) {
	same := func(a, b func(*interpreter.Program, int, uint64, []string) Outcome) bool {
		return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer()
	}
	b := Batch{}
	require.True(t, same(b.playFor(0), PlayGameWithText))
	require.True(t, same(b.playFor(1), PlayGame))
	b.Present = true
	require.True(t, same(b.playFor(0), playPresentWithText))
	require.True(t, same(b.playFor(1), PlayGamePresent))
}
