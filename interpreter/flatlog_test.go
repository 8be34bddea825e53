package interpreter

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/rulesets"
)

// TestFlatLogsAgree plays random games of every shipped ruleset and
// variant at every player count on both runtimes, the present one making
// its texts and keeping its log as a game played or recorded does, and
// requires the same pending decision at every step (decider, position,
// prompt, every option's key and label) and the same events in the same
// order: every decision with its key, label and secrecy, every phase and
// log line, every chance outcome named and written alike.
func TestFlatLogsAgree(t *testing.T) {
	for name, p := range shippedVariants(t) {
		seeds := uint64(3)
		if !strings.HasSuffix(name, "+") {
			seeds = 1 // a variant
		}
		kinds := map[EventKind]int{}
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			for seed := uint64(1); seed <= seeds; seed++ {
				logsAgree(t, p, fmt.Sprintf("%s/%dp seed %d", name, players, seed), players, seed, kinds)
			}
		}
		t.Logf("%s: events agree: %v", name, kinds)
	}
}

// logsAgree plays one random game both ways and compares the logs,
// counting the events by kind.
func logsAgree(t *testing.T, p *Program, where string, players int, seed uint64, kinds map[EventKind]int) {
	t.Helper()
	fp, err := p.Flat()
	require.NoError(t, err, where)
	g, err := NewGame(p, Config{Players: players, Seed: seed})
	require.NoError(t, err)
	fg, err := fp.NewGameWithLog(players, seed, nil)
	require.NoError(t, err, where)
	r := rand.New(rand.NewPCG(seed, 9))
	for step := 0; !g.Over(); step++ {
		d := g.Pending()
		require.Equal(t, d, fg.Pending(), "%s: decision %d", where, step)
		i := r.IntN(len(d.Options))
		require.NoError(t, g.Apply(d.Options[i].Key))
		require.NoError(t, fg.Apply(i))
	}
	want, got := g.Events(), fg.Events()
	for i := range min(len(want), len(got)) {
		require.Equal(t, want[i], got[i], "%s: event %d of %d", where, i, len(want))
		kinds[want[i].Kind]++
	}
	require.Equal(t, len(want), len(got), "%s: the events", where)
}

// A supplied outcome the game cannot take is an error, as on the present
// runtime: another chance's name, a shuffle that is not an order of the
// zone's cards.
func TestFlatRefusesAnOutcomeItCannotTake(t *testing.T) {
	p, err := Load(rulesets.FS, "peloponnes", "")
	require.NoError(t, err)
	fp, err := p.Flat()
	require.NoError(t, err)
	g, err := fp.NewGameWithLog(3, 1, nil)
	require.NoError(t, err)
	first := g.Events()[0]
	require.Equal(t, EventChance, first.Kind)
	_, err = fp.NewGameWithLog(3, 1, []Outcome{{Name: "shuffle elsewhere", Result: first.Result}})
	require.ErrorContains(t, err, `supplied chance outcome is "shuffle elsewhere", but the game needs "`+first.Name+`"`)
	_, err = fp.NewGameWithLog(3, 1, []Outcome{{Name: first.Name, Result: first.Result[1:]}})
	n := len(first.Result) // worded as the present runtime words it (isPermutation)
	require.ErrorContains(t, err, fmt.Sprintf("lists %d cards, the zone has %d (missing: %s)", n-1, n, first.Result[0]))
	twice := append([]string{first.Result[1]}, first.Result[1:]...)
	_, err = fp.NewGameWithLog(3, 1, []Outcome{{Name: first.Name, Result: twice}})
	require.ErrorContains(t, err, fmt.Sprintf("card %q is listed twice", first.Result[1]))
	_, err = fp.NewGameWithLog(3, 2, []Outcome{{Name: first.Name, Result: first.Result}})
	require.NoError(t, err, "another seed, the same supplied order")
}

// A check is evaluated on the flat state; one the flat runtime cannot
// compile (a builtin the closures do not cover) says so, one naming a
// string no rule names numbers it in the game's table, and an expression
// that is not a bool is an error, as CheckExpr's.
func TestFlatCheck(t *testing.T) {
	p, err := Load(rulesets.FS, "peloponnes", "")
	require.NoError(t, err)
	fp, err := p.Flat()
	require.NoError(t, err)
	g, err := fp.NewGame(3, 1)
	require.NoError(t, err)
	ok, err := g.Check("len(players) == 3 && round >= 1")
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = g.Check("len(players) == 4")
	require.NoError(t, err)
	require.False(t, ok)
	// A string no rule names is numbered in the game's own table when the
	// check reads it, as a string made while playing is.
	ok, err = g.Check("phase == 'no such phase anywhere'")
	require.NoError(t, err)
	require.False(t, ok)
	ok, err = g.Check("'no such ' + 'word' == 'no such word'")
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = g.Check("len('a string') == 8 && len('Kōs') == 3") // runes, as expr counts them
	require.NoError(t, err)
	require.True(t, ok)
	_, err = g.Check("trim(' a ') == 'a'")
	require.ErrorIs(t, err, ErrFlatCheck)
	require.ErrorContains(t, err, "builtin trim")
	_, err = g.Check("len(players)")
	require.ErrorContains(t, err, "expected a bool")
	_, err = g.Check("len(")
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrFlatCheck, "a broken expression is the expression's error")
	ok, err = g.Check("len(players) == 3 && round >= 1") // compiled once, kept
	require.NoError(t, err)
	require.True(t, ok)
}

// An option is offered twice when one group lists an element twice, in a
// short run (compared pairwise) or a long one (sorted); the same element
// in two groups is two options.
func TestFlatOfferedTwice(t *testing.T) {
	g := &flatGame{}
	run := func(group int, elems ...int64) []flatOption {
		var out []flatOption
		for _, x := range elems {
			out = append(out, flatOption{group: group, elem: x})
		}
		return out
	}
	long := []int64{9, 3, 12, 5, 7, 1, 0, 4, 11, 2, 10}
	require.False(t, g.offeredTwice(append(run(0, 1, 2), run(1, 1, 2)...)))
	require.True(t, g.offeredTwice(append(run(0, 7), run(1, 1, 2, 1)...)))
	require.False(t, g.offeredTwice(run(2, long...)))
	require.True(t, g.offeredTwice(run(2, append(long, 5)...)))
}

// ExplainFlatCheck explains a check as ExplainCheck does, part by part
// (comparisons with their operands, a function call with its arguments,
// ??, a short-circuited right side), in the same state of a game played
// on both runtimes; a part the flat runtime cannot evaluate makes it say
// so (ErrFlatCheck) rather than explain differently.
func TestExplainFlatCheckAgrees(t *testing.T) {
	p, err := Load(rulesets.FS, "peloponnes", "")
	require.NoError(t, err)
	fp, err := p.Flat()
	require.NoError(t, err)
	g, err := NewGame(p, Config{Players: 3, Seed: 4})
	require.NoError(t, err)
	fg, err := fp.NewGame(3, 4)
	require.NoError(t, err)
	for i := 0; i < 20 && !g.Over(); i++ {
		d := g.Pending()
		require.NoError(t, g.Apply(d.Options[0].Key))
		require.NoError(t, fg.Apply(0))
	}
	for _, check := range []string{
		"round == 9 && len(occurred) > 3",
		"round > 0 && markers.plague == 40",
		"round < 0 || coins(0, 'wood') == 99",
		"turn_order == [2, 1, 0] or 'drought' in occurred",
		"len(buildings(1)) > 30 && not supply_due",
		"(first(filter(turn_order, # > 5)) ?? 7) == 1",
		"power_pile[0] in display && len(box) > 0",
		"players[0].luxury_card == 'removed'",
	} {
		want := ExplainCheck(g, check)
		got, err := ExplainFlatCheck(fg, check)
		require.NoError(t, err, check)
		assert.Equal(t, want, got, check)
		assert.NotEmpty(t, got, check)
	}
	for _, check := range []string{"players[0] == players[1]", "first(buildings(1)) == first(buildings(0))"} {
		_, err = ExplainFlatCheck(fg, check)
		require.ErrorIs(t, err, ErrFlatCheck, "%s: a part with no flat value says so", check)
	}
}
