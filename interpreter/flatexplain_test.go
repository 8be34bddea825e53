package interpreter

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// explainEvery is how often TestFlatExplainAgrees compares the
// explanations: every explainEvery-th decision (and every step of a pick
// under way). Every decision of the shipped games: ~17,000, ~5 s.
const explainEvery = 1

// explainTally counts what TestFlatExplainAgrees compared.
type explainTally struct {
	decisions, picks, refused, falseParts, atMax, triggers int
	// afterRefused counts the options refused by their legal_if_after.
	afterRefused int
}

// TestFlatExplainAgrees plays random games of every shipped ruleset and
// variant, every player count, on both runtimes, and requires
// FlatGame.ExplainDecision to give what Game.ExplainDecision gives (the
// JSON agon explain prints) at every decision (explainEvery) and at every step
// of a pick under way, and the triggers that fire, traced over the
// whole game, to be the same firings in the same order. No part of a
// shipped ruleset's conditions may be one the flat runtime cannot
// evaluate.
func TestFlatExplainAgrees(t *testing.T) {
	var all explainTally
	for name, p := range shippedVariants(t) {
		fp, err := p.Flat()
		require.NoError(t, err, name)
		var n explainTally
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			explainsAgree(t, p, fp, fmt.Sprintf("%s/%dp", name, players), players, uint64(players)+20, &n)
		}
		t.Logf("%s: %d decisions explained alike (%d pick steps under way, %d refused options, %d with a false part), %d trigger firings",
			name, n.decisions, n.picks, n.refused, n.falseParts, n.triggers)
		all.decisions += n.decisions
		all.picks += n.picks
		all.refused += n.refused
		all.falseParts += n.falseParts
		all.triggers += n.triggers
	}
	assert.Positive(t, all.picks, "no pick under way was explained")
	assert.Positive(t, all.falseParts, "no refused option with a false part was compared: the parts went unchecked")
	assert.Positive(t, all.triggers, "no trigger fired: the tracing went unchecked")
}

// explainsAgree plays one random game both ways, comparing the
// explanations and the trigger firings.
func explainsAgree(t *testing.T, p *Program, fp *FlatProgram, where string, players int, seed uint64, n *explainTally) {
	t.Helper()
	g, err := NewGame(p, Config{Players: players, Seed: seed})
	require.NoError(t, err)
	fg, err := fp.NewGameWithLog(players, seed, nil)
	require.NoError(t, err, where)
	var want, got []TriggerFiring
	g.TraceTriggers(func(f TriggerFiring) { want = append(want, f) })
	fg.TraceTriggers(func(f TriggerFiring) { got = append(got, f) })
	r := rand.New(rand.NewPCG(seed, seed*0x9e3779b97f4a7c15)) // small seeds, different first draws
	for step := 0; !g.Over(); step++ {
		_, underWay := g.PickUnderWay()
		if step%explainEvery == 0 || underWay {
			w := g.ExplainDecision()
			f, err := fg.ExplainDecision()
			require.NoError(t, err, "%s: decision %d", where, step)
			wj, err := json.MarshalIndent(w, "", "  ")
			require.NoError(t, err)
			fj, err := json.MarshalIndent(f, "", "  ")
			require.NoError(t, err)
			require.Equal(t, string(wj), string(fj), "%s: decision %d", where, step)
			require.Equal(t, g.Pending(), fg.Pending(), "%s: decision %d, after explaining it", where, step)
			n.decisions++
			if underWay {
				n.picks++
			}
			for _, o := range w.Refused {
				n.refused++
				if slices.ContainsFunc(o.Because, func(b string) bool { return strings.HasSuffix(b, "is false after the option's effects") }) {
					n.afterRefused++
				}
				if hasFalsePart(o) {
					n.falseParts++
				}
				if strings.Contains(strings.Join(o.Because, "\n"), "picking it reaches max") {
					n.atMax++
				}
			}
		}
		d := g.Pending()
		i := r.IntN(len(d.Options))
		require.NoError(t, g.Apply(d.Options[i].Key))
		require.NoError(t, fg.Apply(i))
	}
	require.True(t, fg.Over(), where)
	for i, pr := range g.Result().Players {
		require.Equal(t, pr.Score, fg.Scores()[i], "%s: seat %d's score", where, i)
	}
	require.Equal(t, want, got, "%s: the triggers fired", where)
	n.triggers += len(want)
}

// hasFalsePart reports whether a refused option's reasons give a false
// condition with the values of its parts.
func hasFalsePart(o OptionWhy) bool {
	for _, b := range o.Because {
		src, rest, found := strings.Cut(b, " is false")
		if found && rest != "" && strings.Contains(rest, " is ") && !strings.HasPrefix(src, "legal_if_after") {
			return true
		}
	}
	return false
}

// A clone of a traced flat game is not traced: a bot's look-ahead never
// reports a firing.
func TestFlatTraceTriggersLeavesClonesAlone(t *testing.T) {
	p := load(t, `vars:
  n: {type: int, init: 0}
  seen: {type: int, init: 0}
triggers:
  - name: counted
    when: "n == 1 && seen == 0"
    do:
      - {set: seen, to: 1}
flow:
  - choose:
      who: 0
      prompt: go?
      options:
        - {key: go, do: [{add: n, by: 1}]}
  - choose:
      who: 0
      prompt: again?
      options:
        - {key: again}
`)
	fp, err := p.Flat()
	require.NoError(t, err)
	g, err := fp.NewGame(2, 1)
	require.NoError(t, err)
	var fired []TriggerFiring
	g.TraceTriggers(func(f TriggerFiring) { fired = append(fired, f) })
	c := g.Clone()
	require.NoError(t, c.Apply(0))
	assert.Empty(t, fired, "the clone's firing was traced")
	require.NoError(t, g.Apply(0))
	require.Len(t, fired, 1)
	assert.Equal(t, "counted", fired[0].Name)
	assert.Equal(t, 1, fired[0].Decisions)
}

// TestFlatExplainAgreesOnEveryKindOfOption: the rules of the present
// runtime's explanation tests (every kind of option, legal_if_after too;
// a pick whose candidate would reach max with done_when false) and the
// look-ahead tests' rules explained alike on both runtimes at every
// decision of random games.
func TestFlatExplainAgreesOnEveryKindOfOption(t *testing.T) {
	rules := map[string]string{
		"every kind of option": whyRules,
		"done_when at max":     strings.NewReplacer("COST", "6", "FROM", "deck").Replace(payPick), // no dead end
	}
	for name, src := range lookaheadRulesets() {
		rules["look-ahead "+name] = src
	}
	var n explainTally
	for name, src := range rules {
		p := load(t, src)
		fp, err := p.Flat()
		require.NoError(t, err, name)
		for seed := uint64(1); seed <= 8; seed++ {
			explainsAgree(t, p, fp, fmt.Sprintf("%s, seed %d", name, seed), 1, seed, &n)
		}
	}
	assert.Positive(t, n.picks)
	assert.Positive(t, n.atMax, "no candidate refused at max: done_when went unchecked")
	assert.Positive(t, n.falseParts)
	assert.Positive(t, n.triggers)
	assert.Positive(t, n.afterRefused, "no option refused by its legal_if_after")
}

// A part the flat runtime cannot evaluate (here a player, which it has
// no value for) makes ExplainDecision say so, with ErrFlatCheck, rather
// than guess; the game plays on.
func TestFlatExplainSaysWhatItCannotEvaluate(t *testing.T) {
	p := load(t, `player_vars:
  gold: {type: int, init: 2}
flow:
  - choose:
      who: 0
      prompt: go?
      options:
        - {key: go}
        - {key: twin, when: "players[0] == players[1]"}
`)
	fp, err := p.Flat()
	require.NoError(t, err)
	g, err := fp.NewGameWithLog(2, 1, nil)
	require.NoError(t, err)
	why, err := g.ExplainDecision()
	require.ErrorIs(t, err, ErrFlatCheck)
	assert.Contains(t, err.Error(), `"players[0]"`)
	assert.Contains(t, err.Error(), "a value of a player")
	assert.Nil(t, why)
	require.NoError(t, g.ApplyKey("go"))
	assert.True(t, g.Over())
}
