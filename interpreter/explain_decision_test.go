package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// whyRules asks one decision with every kind of option: one without a
// condition, one whose when fails, a for_each group with legal and refused
// elements (one of them interchangeable), an empty for_each, a
// legal_if_after that refuses; then a pick; a trigger fires after the
// first decision.
const whyRules = `
zones:
  deck: {}
  hand: {owner: player}
cards:
  gem:
    zone: deck
    attributes: {value: {type: int}}
    rows:
      - {id: ruby, value: 3}
      - {id: opal, value: 1}
      - {id: jade, value: 3}
vars:
  gold: {type: int, init: 2}
  alarm: {type: bool}
functions:
  affords:
    params: {p: int, v: int}
    returns: bool
    expr: gold + p >= v
flow:
  - let: {limit: 2}
  - choose:
      who: 0
      prompt: choose
      options:
        - key: pass
        - key: rich
          when: gold > 5
        - key: buy
          for_each: deck
          as: c
          distinct: c.value
          when: affords(0, c.value) && c.value >= limit - 1
          do:
            - {move: c, into: "players[0].hand"}
            - {set: alarm, to: true}
        - key: sell
          for_each: players[0].hand
          as: c
        - key: spend
          legal_if_after: gold >= 0
          do:
            - {add: gold, by: -5}
  - choose:
      who: 0
      prompt: pick
      pick:
        from: deck
        as: c
        picked: got
        min: 1
        max: 2
        when: c.id != 'jade' || len(got) > 0
        do: []
triggers:
  - name: ring
    when: alarm
    do:
      - {log: ring!}
      - {set: alarm, to: false}
`

func TestExplainDecisionListsLegalAndRefusedOptionsWithReasons(t *testing.T) {
	g := start(t, whyRules, 1)
	why := g.ExplainDecision()
	require.NotNil(t, why)
	assert.Equal(t, 0, why.Player)
	assert.Equal(t, "choose", why.Prompt)
	assert.Contains(t, why.Rule, rulesFile+":")
	var legal []string
	for _, o := range why.Legal {
		legal = append(legal, o.Key)
		assert.True(t, o.Legal)
	}
	assert.Equal(t, []string{"pass", "buy c=1"}, legal, "in the order offered, as Pending lists them")
	assert.Equal(t, []string{"no condition: always offered"}, why.Legal[0].Because)
	assert.Equal(t, []string{
		"for_each: deck gives c = opal",
		"when: affords(0, c.value) && c.value >= limit - 1 holds: affords(0, c.value) is true (c.value is 1); c.value >= limit - 1 is true (c.value is 1, limit - 1 is 1)",
	}, why.Legal[1].Because)

	refused := map[string][]string{}
	for _, o := range why.Refused {
		refused[o.Key] = o.Because
		assert.False(t, o.Legal)
	}
	assert.Len(t, why.Refused, 4, "rich, buy c=3, sell (empty) and spend; jade is interchangeable with ruby: %v", refused)
	assert.Equal(t, []string{"when: gold > 5 is false (gold is 2)"}, refused["rich"])
	assert.Equal(t, []string{
		"for_each: deck gives c = ruby",
		"when: affords(0, c.value) && c.value >= limit - 1 is false: affords(0, c.value) is false (c.value is 3); c.value >= limit - 1 not evaluated (affords(0, c.value) is false)",
	}, refused["buy c=3"], "the first element it stands for, and the values of the condition's parts")
	assert.Equal(t, []string{"for_each: players[0].hand is empty: no option"}, refused["sell"])
	assert.Equal(t, []string{"legal_if_after: gold >= 0 is false after the option's effects"}, refused["spend"])
	// Explaining changes nothing: the decision and the state are as before.
	assert.Equal(t, 2, mustEval(t, g, "gold"))
	require.NoError(t, g.Apply("buy c=1"))
}

func TestExplainDecisionOfAPick(t *testing.T) {
	g := start(t, whyRules, 1)
	var fired []TriggerFiring
	g.TraceTriggers(func(f TriggerFiring) { fired = append(fired, f) })
	require.NoError(t, g.Apply("buy c=1"))
	require.Len(t, fired, 1, "the trigger fired once after the decision")
	assert.Equal(t, "ring", fired[0].Name)
	assert.Equal(t, 1, fired[0].Decisions)
	assert.Contains(t, fired[0].Pos, rulesFile+":")
	why := g.ExplainDecision()
	require.NotNil(t, why)
	require.Len(t, why.Legal, 1)
	assert.Equal(t, "pick c=ruby", why.Legal[0].Key)
	require.Len(t, why.Refused, 2)
	assert.Equal(t, "pick c=jade", why.Refused[0].Key)
	assert.Equal(t, []string{
		`pick: c = jade is not picked yet (0 picked, 1 to 2 to pick)`,
		`when: c.id != 'jade' || len(got) > 0 is false: c.id != "jade" is false (c.id is "jade"); len(got) > 0 is false (len(got) is 0)`,
	}, why.Refused[0].Because)
	assert.Equal(t, "done", why.Refused[1].Key)
	assert.Equal(t, []string{"min: 0 picked, at least 1 needed"}, why.Refused[1].Because)
	cl := g.Clone()
	fired = nil
	require.NoError(t, cl.Apply("pick c=ruby"))
	assert.Empty(t, fired, "a clone is not traced")
}

func TestExplainDecisionWhenNothingIsPending(t *testing.T) {
	g := start(t, "flow:\n  - {log: done}\n", 1)
	assert.Nil(t, g.ExplainDecision())
}

// mustEval evaluates src in g.
func mustEval(t *testing.T, g *Game, src string) any {
	t.Helper()
	v, err := g.Eval(src)
	require.NoError(t, err)
	return v
}
