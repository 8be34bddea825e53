package testgames

import (
	"fmt"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
)

// factsGames is how many random games per player count TestShippedFacts
// plays of each shipped ruleset (2 with -short).
const factsGames = 6

// TestShippedFacts plays every shipped ruleset with random bots at every
// player count and checks that its report section gives plausible Facts:
// each seat has every declared attribute (not empty) and counter (not
// negative), sorted by name; every take names a card row and a seat in
// range, in the order of the decisions; the same seed gives the same
// Facts; and over the games some card is taken when the ruleset declares
// takes.
func TestShippedFacts(t *testing.T) {
	for _, game := range shippedGames(t) {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			p, err := interpreter.Load(rulesets.FS, game, "")
			require.NoError(t, err)
			r := p.Ruleset().Report
			require.NotNil(t, r, "every shipped ruleset declares a report section")
			require.NotEmpty(t, r.AttributeOrder, "attributes")
			require.NotEmpty(t, r.CounterOrder, "counters")
			rows := cardRowIDs(p)
			takes, games := 0, factsGames
			if testing.Short() {
				games = 2
			}
			for n := p.MinPlayers(); n <= p.MaxPlayers(); n++ {
				for i := 0; i < games; i++ {
					seed := uint64(500 + i)
					f := playedFacts(t, p, n, seed)
					where := fmt.Sprintf("%d players, seed %d", n, seed)
					checkSeatFacts(t, f, r.AttributeOrder, r.CounterOrder, n, where)
					checkTakes(t, f.Takes, rows, n, where)
					takes += len(f.Takes)
					if i == 0 {
						assert.Equal(t, f, playedFacts(t, p, n, seed), "%s: the same seed gives other Facts", where)
					}
				}
			}
			if len(r.Takes) > 0 {
				assert.Positive(t, takes, "no card was taken in any game")
			} else {
				assert.Zero(t, takes)
			}
		})
	}
}

// playedFacts plays one game with random bots and returns its Facts.
func playedFacts(t *testing.T, p *interpreter.Program, players int, seed uint64) interpreter.Facts {
	t.Helper()
	g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed, KeysOnly: true})
	require.NoError(t, err)
	require.NoError(t, interpreter.Play(g, randomBots(t, players, seed)))
	f := g.Facts()
	for _, tk := range f.Takes {
		require.LessOrEqual(t, tk.Decision, g.Decisions(), "a take after the last decision")
	}
	return f
}

// checkSeatFacts checks every seat's attributes and counters.
func checkSeatFacts(t *testing.T, f interpreter.Facts, attrs, counters []string, players int, where string) {
	t.Helper()
	require.Len(t, f.Seats, players, where)
	wantA, wantC := sortedCopy(attrs), sortedCopy(counters)
	for i, s := range f.Seats {
		var names []string
		for _, a := range s.Attributes {
			names = append(names, a.Name)
			assert.NotEmpty(t, a.Value, "%s: seat %d: attribute %s is empty", where, i, a.Name)
		}
		assert.Equal(t, wantA, names, "%s: seat %d: attributes", where, i)
		names = nil
		for _, c := range s.Counters {
			names = append(names, c.Name)
			assert.GreaterOrEqual(t, c.Value, 0, "%s: seat %d: counter %s", where, i, c.Name)
		}
		assert.Equal(t, wantC, names, "%s: seat %d: counters", where, i)
	}
}

// checkTakes checks that takes name card rows and seats, in decision order.
func checkTakes(t *testing.T, takes []interpreter.CardTake, rows map[string]bool, players int, where string) {
	t.Helper()
	last := 0
	for _, tk := range takes {
		assert.True(t, rows[tk.Card], "%s: take of %q, not a card row", where, tk.Card)
		assert.True(t, tk.Seat >= 0 && tk.Seat < players, "%s: take by seat %d", where, tk.Seat)
		assert.GreaterOrEqual(t, tk.Decision, last, "%s: takes out of decision order", where)
		last = tk.Decision
	}
}

// cardRowIDs is the set of the ruleset's card row ids.
func cardRowIDs(p *interpreter.Program) map[string]bool {
	out := map[string]bool{}
	for _, tb := range p.Ruleset().Cards {
		if tb == nil {
			continue
		}
		for _, row := range tb.Rows {
			out[row.ID] = true
		}
	}
	return out
}

func sortedCopy(xs []string) []string {
	out := slices.Clone(xs)
	sort.Strings(out)
	return out
}
