package interpreter

// Unit tests of decisions and triggers (effects_test.go has the effects).

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --- decisions ---

// pickGame offers plain, card, int and string options.
const pickGame = gemsDeck + `
vars:
  got: {type: strings}
flow:
  - choose:
      who: player_count - 1
      prompt: "Pick, player {player_count - 1}"
      options:
        - key: pass
          label: Pass
        - key: take
          for_each: deck
          as: c
          when: c.value >= 3
          label: "Take {c.name} ({c.value})"
          do:
            - move: c
              into: players[0].hand
        - key: num
          for_each: 1..2
          as: n
          do:
            - set: got
              to: concat(got, [string(n)])
        - key: word
          for_each: "['x y', 'z']"
          as: w
          label: "say {w}"
          do:
            - set: got
              to: concat(got, [w])
  - log: "got {got}"
`

func TestOptionKeysAndLabels(t *testing.T) {
	g := start(t, pickGame, 2)
	d := g.Pending()
	require.NotNil(t, d)
	assert.Equal(t, 1, d.Player)
	assert.Equal(t, "Pick, player 1", d.Prompt)
	assert.Equal(t, []Option{
		{Key: "pass", Label: "Pass"},
		{Key: "take c=ruby", Label: "Take Ruby (5)"},
		{Key: "take c=jade", Label: "Take Jade (3)"},
		{Key: "take c=pearl", Label: "Take Pearl (4)"},
		{Key: "num n=1", Label: "num n=1"},
		{Key: "num n=2", Label: "num n=2"},
		{Key: "word w=x y", Label: "say x y"},
		{Key: "word w=z", Label: "say z"},
	}, d.Options)
	assert.Equal(t, 3, d.Find("take c=pearl"))
	assert.Equal(t, -1, d.Find("take c=opal"))
	assert.True(t, strings.HasPrefix(d.Pos, rulesFile+":"), d.Pos)
}

func TestApplyingOptionsBindsTheirValue(t *testing.T) {
	for key, want := range map[string]string{"take c=pearl": "got ", "num n=2": "got 2", "word w=x y": "got x y", "pass": "got "} {
		g := start(t, pickGame, 2)
		apply(t, g, key)
		assert.Equal(t, []string{want}, logs(g), key)
		var dec []Event
		for _, e := range g.Events() {
			if e.Kind == EventDecision {
				dec = append(dec, e)
			}
		}
		require.Len(t, dec, 1)
		assert.Equal(t, 1, dec[0].Player)
		assert.Equal(t, key, dec[0].Key)
		if key == "take c=pearl" {
			assert.Equal(t, "Take Pearl (4)", dec[0].Label)
			assert.Equal(t, []string{"pearl"}, eval(t, g, "ids(players[0].hand)"))
		}
	}
}

func TestApplyIllegalKeyListsTheLegalOnes(t *testing.T) {
	g := start(t, pickGame, 1)
	err := g.Apply("take c=opal")
	require.Error(t, err)
	assert.Equal(t, `"take c=opal" is not a legal option for P1 (legal: pass, take c=ruby, take c=jade, take c=pearl, num n=1, num n=2, word w=x y, word w=z)`, err.Error())
	assert.NotNil(t, g.Pending(), "the decision is still pending")
	assert.Equal(t, 0, g.Decisions())
}

func TestDistinctMergesEqualOptionsKeepingTheFirst(t *testing.T) {
	g := start(t, `
cards:
  gem:
    zone: deck
    attributes:
      color: {type: string}
    rows:
      - {id: ruby, color: red}
      - {id: coin, count: 3, color: gold}
      - {id: garnet, color: red}
      - {id: opal, color: white}
zones:
  deck: {}
  hand: {owner: player}
flow:
  - repeat: 2
    do:
      - choose:
          who: 0
          prompt: pick
          options:
            - key: take
              for_each: deck
              as: c
              distinct: c.def
              do:
                - move: c
                  into: players[0].hand
            - key: color
              for_each: deck
              as: c
              distinct: c.color
              label: "a {c.color} one: {c.id}"
              do:
                - move: c
                  into: players[0].hand
`, 1)
	assert.Equal(t, []string{"take c=ruby", "take c=coin", "take c=garnet", "take c=opal",
		"color c=red", "color c=gold", "color c=white"}, keys(t, g))
	assert.Equal(t, "a gold one: coin#1", g.Pending().Options[5].Label)
	apply(t, g, "take c=coin")
	assert.Equal(t, []string{"coin#1"}, eval(t, g, "ids(players[0].hand)"))
	apply(t, g, "color c=red")
	assert.Equal(t, []string{"coin#1", "ruby"}, eval(t, g, "ids(players[0].hand)"))
}

func TestAutoTakesASingleOptionWithoutADecision(t *testing.T) {
	g := start(t, `
vars:
  total: {type: int}
flow:
  - choose:
      who: 0
      prompt: only one
      auto: true
      options:
        - key: a
          when: total > 0
        - key: b
          do:
            - add: total
              by: 1
  - choose:
      who: 0
      prompt: two
      auto: true
      options:
        - key: a
          when: total > 0
        - key: b
`, 1)
	assert.Equal(t, 1, eval(t, g, "total"), "b was taken")
	assert.Equal(t, 0, g.Decisions())
	for _, e := range g.Events() {
		assert.NotEqual(t, EventDecision, e.Kind, "auto is not a decision: %+v", e)
	}
	assert.Equal(t, []string{"a", "b"}, keys(t, g), "auto with two legal options asks")
}

func TestNoLegalOptionNamesTheChoose(t *testing.T) {
	re := startErr(t, `
vars:
  total: {type: int}
flow:
  - log: start
  - choose:
      who: 0
      prompt: nothing to do
      options:
        - key: a
          when: total > 0
        - key: b
          for_each: "[]"
          as: x
`, Config{})
	assert.Equal(t, rulesFile+":6:5", re.Pos.String(), "the choose effect")
	assert.Contains(t, re.Msg, "no legal option for P1")
	assert.Equal(t, "flow", re.Where)
}

func TestWhoOutOfRange(t *testing.T) {
	re := startErr(t, `
flow:
  - choose:
      who: 2
      prompt: who?
      options: [{key: a}]
`, Config{Players: 2})
	assert.Contains(t, re.Msg, "who is 2, but players are 0 to 1")
}

func TestDecisionInsideNestedLoopsAndProceduresResumes(t *testing.T) {
	g := start(t, `
vars:
  trace: {type: strings}
procedures:
  ask:
    params: {i: int, w: string}
    do:
      - let: {k: i * 10}
      - choose:
          who: i % player_count
          prompt: "{w}{i}"
          options:
            - key: a
              do:
                - set: trace
                  to: concat(trace, [w + string(i) + "a" + string(k)])
            - key: b
              for_each: "[k, k + 1]"
              as: v
              do:
                - call: note
                  with: {s: w + string(i) + "b" + string(v)}
  note:
    params: {s: string}
    do:
      - set: trace
        to: concat(trace, [s])
flow:
  - for_each: "['x', 'y']"
    as: w
    do:
      - repeat: 2
        as: i
        do:
          - call: ask
            with: {i: i, w: w}
          - set: trace
            to: concat(trace, ["after " + w + string(i)])
`, 2)
	var prompts []string
	var players []int
	for _, k := range []string{"a", "b v=11", "b v=0", "a"} {
		d := g.Pending()
		require.NotNil(t, d)
		prompts = append(prompts, d.Prompt)
		players = append(players, d.Player)
		apply(t, g, k)
	}
	assert.True(t, g.Over())
	assert.Equal(t, []string{"x0", "x1", "y0", "y1"}, prompts)
	assert.Equal(t, []int{0, 1, 0, 1}, players)
	assert.Equal(t, []string{"x0a0", "after x0", "x1b11", "after x1", "y0b0", "after y0", "y1a10", "after y1"}, eval(t, g, "trace"))
}

// --- triggers ---

func TestTriggerRunsBeforeTheFlowContinues(t *testing.T) {
	g := start(t, `
vars:
  count: {type: int}
  fired: {type: int}
triggers:
  - name: overflow
    when: count >= 3
    do:
      - log: "overflow at {count}"
      - set: count
        to: 0
      - add: fired
        by: 1
flow:
  - repeat: 4
    do:
      - add: count
        by: 1
      - log: "count {count}"
`, 1)
	assert.Equal(t, []string{"count 1", "count 2", "overflow at 3", "count 0", "count 1"}, logs(g))
	assert.Equal(t, 1, eval(t, g, "fired"))
}

func TestFirstMatchingTriggerFiresFirst(t *testing.T) {
	g := start(t, `
vars:
  x: {type: int}
  a: {type: bool}
  b: {type: bool}
triggers:
  - name: first
    when: x > 0 && !a
    do:
      - log: first
      - set: a
        to: true
  - name: second
    when: x > 0 && !b
    do:
      - log: second
      - set: b
        to: true
flow:
  - set: x
    to: 1
  - log: flow
`, 1)
	assert.Equal(t, []string{"first", "second", "flow"}, logs(g))
}

func TestTriggerWaitsForADecisionInsideIt(t *testing.T) {
	g := start(t, `
vars:
  x: {type: int}
triggers:
  - name: ask
    when: x == 1
    do:
      - choose:
          who: 0
          prompt: trigger asks
          options:
            - key: ok
              do:
                - set: x
                  to: 2
flow:
  - set: x
    to: 1
  - log: "flow goes on with x={x}"
`, 1)
	require.NotNil(t, g.Pending())
	assert.Equal(t, "trigger asks", g.Pending().Prompt)
	assert.Empty(t, logs(g))
	apply(t, g, "ok")
	assert.Equal(t, []string{"flow goes on with x=2"}, logs(g))
}

func TestTriggerThatNeverClearsHitsMaxTriggerRepeats(t *testing.T) {
	re := startErr(t, `
vars:
  x: {type: int}
  n: {type: int}
triggers:
  - name: stuck
    when: x > 0
    do:
      - add: n
        by: 1
flow:
  - set: x
    to: 1
`, Config{Limits: Limits{MaxTriggerRepeats: 7}})
	assert.Equal(t, "trigger stuck", re.Where)
	assert.Contains(t, re.Msg, "more than 7 times")
	assert.Contains(t, re.Msg, "MaxTriggerRepeats")
	assert.Equal(t, rulesFile+":6:5", re.Pos.String(), "the trigger's position")
	assert.Contains(t, re.Error(), "stuck")
}

func TestTriggerMayFireOftenWhenItClearsEachTime(t *testing.T) {
	g := start(t, `
vars:
  flag: {type: bool}
  handled: {type: int}
triggers:
  - name: handle
    when: flag
    do:
      - set: flag
        to: false
      - add: handled
        by: 1
flow:
  - repeat: 150
    do:
      - set: flag
        to: true
`, 1)
	assert.Equal(t, 150, eval(t, g, "handled"))
}

func TestTriggerThatEndsTheGame(t *testing.T) {
	g := start(t, `
vars:
  total: {type: int}
triggers:
  - name: finish
    when: total >= 3
    do:
      - log: "ending at {total}"
      - end_game: true
scoring:
  score: total
flow:
  - repeat: 5
    do:
      - add: total
        by: 1
`, 1)
	assert.True(t, g.Over())
	assert.Equal(t, []string{"ending at 3"}, logs(g))
	assert.Equal(t, 3, g.Result().Players[0].Score)
}

// TestATakenLabelThatFailsLeavesTheDecision: in a KeysOnly game the taken
// option's label is rendered when it is taken; when that fails, Apply
// reports it and the decision stays pending with its options as listed,
// so another option can be taken.
func TestATakenLabelThatFailsLeavesTheDecision(t *testing.T) {
	p := load(t, `vars:
  got: {type: int, init: "0"}
flow:
  - repeat: 2
    do:
      - choose:
          who: 0
          prompt: pick
          options:
            - key: n
              for_each: "[0, 5]"
              as: n
              label: "item {[7][n]}"
              do:
                - {add: got, by: 1}
`)
	g, err := NewGame(p, Config{Players: 1, Seed: 1, KeysOnly: true})
	require.NoError(t, err)
	want := keys(t, g)
	require.Equal(t, []string{"n n=0", "n n=5"}, want)
	require.Error(t, g.Apply("n n=5"), "the label reads [7][5]")
	assert.Equal(t, want, keys(t, g), "the options after the failed take")
	require.NoError(t, g.Apply("n n=0"))
	assert.Equal(t, want, keys(t, g), "the next decision's options")
	assert.Equal(t, 1, eval(t, g, "got"))
}
