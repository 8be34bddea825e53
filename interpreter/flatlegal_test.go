package interpreter

// Legality by look-ahead (legal_if_after) on the flat state: the same
// options as the present runtime, and the game looked from untouched.

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lookaheadRulesets are the rulesets of lookahead_test.go, and one whose
// look-ahead runs a loop, a call and a trigger over the choose's
// locals.
func lookaheadRulesets() map[string]string {
	taxed := replaceOnce(spendRules, "init: 5", "init: 1")
	taxed = replaceOnce(taxed, "value: 1}", "value: 0}")
	return map[string]string{
		"spend 5":       spendRules,
		"spend 3":       replaceOnce(spendRules, "init: 5", "init: 3"),
		"taxed by 1":    taxed,
		"taxed by 2":    replaceOnce(taxed, "by: -1}", "by: -2}"),
		"stops":         lookaheadStops(),
		"end of game":   lookaheadAtTheEnd,
		"loop and call": lookaheadLoops,
	}
}

// lookaheadStops: each option's look-ahead meets a decision or a chance
// (a roll, a shuffle, a draw's refill) before its do ends.
func lookaheadStops() string {
	return replaceOnce(gemsDeck, "deck: {}", "deck: {refill_from: pile}") + `
vars:
  n: {type: int}
  die: {type: int}
flow:
  - choose:
      who: 0
      prompt: go
      options:
        - key: ask
          legal_if_after: n == 1
          do:
            - {set: n, to: 1}
            - choose: {who: 0, prompt: inner, options: [{key: x, do: [{set: n, to: 2}]}]}
            - {set: n, to: 3}
        - key: roll
          legal_if_after: n == 5 && die == 0
          do:
            - {set: n, to: 5}
            - {roll: die, faces: "[1, 2, 3, 4, 5, 6]"}
            - {set: n, to: 6}
        - key: shuffle
          legal_if_after: n == 0 && deck[0].id == "ruby" && deck[4].id == "pearl"
          do:
            - {shuffle: deck}
        - key: refill
          legal_if_after: len(players[0].hand) == 1 && len(pile) == 4
          do:
            - {move: "deck[0:4]", into: pile}
            - {draw: 2, from: deck, into: "players[0].hand"}
` + waitEffect
}

// lookaheadAtTheEnd: each option ends the game; its condition reads a
// local of the choose, which the end of the game unbinds.
const lookaheadAtTheEnd = gemsDeck + `
flow:
  - let: {limit: "len(deck) - 2"}
  - choose:
      who: 0
      prompt: end?
      options:
        - key: keep
          for_each: deck
          as: c
          legal_if_after: c.value <= limit && len(pile) == 1
          do:
            - {move: c, into: pile}
            - {end_game: true}
`

// lookaheadLoops: look-aheads that run a loop, a procedure and a
// trigger, with distinct and the choose's locals.
const lookaheadLoops = gemsDeck + `
vars:
  total: {type: int}
  rounds: {type: int}
triggers:
  - name: bonus
    when: total >= 6 && rounds == 0
    do:
      - {add: total, by: 2}
      - {set: rounds, to: 1}
procedures:
  take:
    params: {k: int}
    do:
      - for_each: "filter(deck, #.value <= k)"
        as: g
        do:
          - {add: total, by: g.value}
flow:
  - repeat: 3
    as: i
    do:
      - let: {cap: "i + 2"}
      - choose:
          who: 0
          prompt: take
          options:
            - key: pass
            - key: up
              for_each: "[1, 2, 3, 4, 5]"
              as: k
              distinct: "k % 3"
              legal_if_after: total <= 10 + cap && k != i
              do:
                - {call: take, with: {k: k}}
            - key: move
              for_each: deck
              as: c
              when: c.value > i
              legal_if_after: len(pile) <= cap && c.zone == "pile"
              do:
                - {move: c, into: pile}
`

// TestFlatLegalIfAfterAgrees plays every option path of the look-ahead
// rulesets on both runtimes, with the same random choices: the same keys
// at every decision (playBoth), and the same scores.
func TestFlatLegalIfAfterAgrees(t *testing.T) {
	for name, src := range lookaheadRulesets() {
		p := load(t, src)
		fp, err := newFlatProgram(p)
		require.NoError(t, err, name)
		for seed := uint64(1); seed <= 12; seed++ {
			playBoth(t, p, fp, name, 1, seed)
		}
	}
}

// TestFlatLegalIfAfterLeavesTheGameAlone: the listing's look-aheads
// change nothing in the game they look from, draw no random number and
// log no chance.
func TestFlatLegalIfAfterLeavesTheGameAlone(t *testing.T) {
	fp, err := load(t, lookaheadStops()).Flat()
	require.NoError(t, err)
	g, err := fp.NewGameWithLog(1, 1, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"ask", "roll", "shuffle", "refill"}, g.Keys(),
		"each look-ahead stopped before its chance step: the roll, the shuffle, the refill's shuffle")
	for _, e := range g.Events() {
		assert.NotEqual(t, EventChance, e.Kind, "the look-ahead logged no chance outcome")
	}
	for expr, want := range map[string]any{"n": 0, "die": 0, "len(pile)": 0, "len(players[0].hand)": 0, `deck[0].id + deck[4].id`: "rubypearl"} {
		v, err := g.Eval(expr)
		require.NoError(t, err, expr)
		assert.Equal(t, want, v, expr)
	}
	loops, err := load(t, lookaheadLoops).Flat()
	require.NoError(t, err)
	l, err := loops.NewGame(1, 1)
	require.NoError(t, err)
	slots := slices.Clone(l.g.env.slots)
	for gi := range l.g.pending.choice.groups {
		grp := &l.g.pending.choice.groups[gi]
		if grp.after != nil {
			l.g.legalAfter(grp, 1)
		}
	}
	assert.Equal(t, slots, l.g.env.slots, "the look-aheads evaluate in scratch slots of their own")
	fresh, err := fp.NewGame(1, 1)
	require.NoError(t, err)
	assert.Equal(t, fresh.g.rng, g.g.rng, "no random number drawn")
	spend, err := load(t, spendRules).Flat()
	require.NoError(t, err)
	s, err := spend.NewGame(1, 1)
	require.NoError(t, err)
	assert.Equal(t, []string{"pass", "buy c=ruby", "buy c=opal", "buy c=jade", "buy c=onyx", "buy c=pearl"}, s.Keys())
	for expr, want := range map[string]any{"players[0].gold": 5, "len(players[0].hand)": 0, "bought": false, "players[0].taxed": 0} {
		v, err := s.Eval(expr)
		require.NoError(t, err, expr)
		assert.Equal(t, want, v, expr)
	}
}

// TestFlatLegalIfAfterGivesUpOnAnError: an error in the looked-ahead
// option is the present runtime's to report (it names the look-ahead),
// so the flat game gives up.
func TestFlatLegalIfAfterGivesUpOnAnError(t *testing.T) {
	fp, err := load(t, lookaheadFails).Flat()
	require.NoError(t, err)
	_, err = fp.NewGame(1, 1)
	require.Error(t, err)
	assert.True(t, errors.Is(err, errGaveUp), fmt.Sprint(err))
}
