package interpreter

// Unit tests of effects, decisions and triggers.

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waitEffect is a decision that keeps the game open for inspection.
const waitEffect = `
  - choose:
      who: 0
      prompt: wait
      options: [{key: go}]
`

// --- set and add ---

func TestSetAndAddOnEveryKindOfTarget(t *testing.T) {
	g := start(t, gemsDeck+`
vars:
  total: {type: int}
  word: {type: string}
  m: {type: intmap, init: "{a: 1, b: 2}"}
  xs: {type: ints, init: "[10, 20, 30]"}
  ws: {type: strings, init: '["p", "q"]'}
player_vars:
  gold: {type: int, init: "me + 1"}
  tags: {type: intmap}
flow:
  - set: total
    to: 5
  - add: total
    by: 2
  - set: word
    to: '"w" + string(total)'
  - add: players[1].gold
    by: 10
  - set: players[0].gold
    to: players[1].gold * 2
  - set: deck[0].shiny
    to: true
  - let:
      n: 1
      c: deck[1]
  - add: n
    by: 4
  - set: c.shiny
    to: n == 5
  - set: m["a"]
    to: 9
  - add: m["c"]
    by: 3
  - set: xs[1]
    to: 99
  - add: xs[2]
    by: n
  - set: ws[0]
    to: word
  - add: players[1].tags["x"]
    by: 2
  - add: total
    by: n
`+waitEffect, 2)
	assert.Equal(t, 12, eval(t, g, "total"))
	assert.Equal(t, "w7", eval(t, g, "word"))
	assert.Equal(t, 24, eval(t, g, "players[0].gold"))
	assert.Equal(t, 12, eval(t, g, "players[1].gold"))
	assert.Equal(t, []any{true, true, false, false, false}, eval(t, g, "map(deck, .shiny)"))
	assert.Equal(t, map[string]int{"a": 9, "b": 2, "c": 3}, eval(t, g, "m"))
	assert.Equal(t, []int{10, 99, 35}, eval(t, g, "xs"))
	assert.Equal(t, []string{"w7", "q"}, eval(t, g, "ws"))
	assert.Equal(t, map[string]int{"x": 2}, eval(t, g, "players[1].tags"))
	assert.Equal(t, map[string]int{}, eval(t, g, "players[0].tags"))
}

func TestSetConvertsToTheDeclaredType(t *testing.T) {
	g := start(t, `
vars:
  xs: {type: ints}
  m: {type: intmap}
flow:
  - set: xs
    to: "map(1..3, # * 2)"
  - set: m
    to: "{a: 1}"
`+waitEffect, 1)
	assert.Equal(t, []int{2, 4, 6}, g.st.root["xs"])
	assert.Equal(t, map[string]int{"a": 1}, g.st.root["m"])
}

func TestIndexOutOfRangeIsARuntimeError(t *testing.T) {
	for _, tc := range []struct{ target, to, want string }{
		{"xs[3]", "0", "xs[3]: index 3 out of range (length 3)"},
		{"xs[-1]", "0", "xs[-1]: index -1 out of range (length 3)"},
		{"ws[2]", `'"z"'`, "ws[2]: index 2 out of range (length 0)"},
		{"players[0].ys[1]", "0", "players[0].ys[1]: index 1 out of range (length 1)"},
	} {
		t.Run(tc.target, func(t *testing.T) {
			re := startErr(t, `
vars:
  xs: {type: ints, init: "[1, 2, 3]"}
  ws: {type: strings}
player_vars:
  ys: {type: ints, init: "[me]"}
flow:
  - set: `+tc.target+`
    to: `+tc.to+`
`, Config{})
			assert.Contains(t, re.Msg, tc.want)
			assert.Equal(t, rulesFile, re.Pos.File)
			assert.Equal(t, 8, re.Pos.Line, "the set effect")
		})
	}
}

func TestAssigningAConstantOrAZoneIsALoadError(t *testing.T) {
	err := loadErr(t, gemsDeck+`
constants:
  limit: 3
flow:
  - set: limit
    to: 4
  - set: deck
    to: pile
  - set: players[0].hand
    to: pile
`)
	assert.Contains(t, err, `"limit" is a constant and cannot change`)
	assert.Contains(t, err, `"deck" is a zone: change it with move or draw`)
	assert.Contains(t, err, `"hand" is a zone: change it with move or draw`)
}

// --- move and draw ---

func TestMoveSingleCardAndLists(t *testing.T) {
	g := start(t, gemsDeck+`
flow:
  - move: deck[0]
    into: pile
  - move: deck[0:2]
    into: pile
  - move: deck
    into: pile
    at: top
  - move: filter(pile, .value >= 4)
    into: players[1].hand
  - move: pile[len(pile) - 1]
    into: players[1].hand
    at: top
`+waitEffect, 2)
	// ruby; then opal, jade at the bottom; then onyx, pearl on top in
	// their order; then the gems worth 4 or more; then the last on top.
	assert.Equal(t, []string{"onyx", "opal"}, eval(t, g, "ids(pile)"))
	assert.Equal(t, []string{"jade", "pearl", "ruby"}, eval(t, g, "ids(players[1].hand)"))
	assert.Equal(t, []string{}, eval(t, g, "ids(deck)"))
	assert.Equal(t, []any{"hand"}, eval(t, g, "uniq(map(players[1].hand, .zone))"))
	assert.Equal(t, []any{1}, eval(t, g, "uniq(map(players[1].hand, .owner))"))
	assert.Equal(t, []any{-1}, eval(t, g, "uniq(map(pile, .owner))"))
}

func TestMoveWithinTheSameZone(t *testing.T) {
	g := start(t, gemsDeck+`
flow:
  - move: deck[len(deck) - 1]
    into: deck
    at: top
  - move: deck[1]
    into: deck
`+waitEffect, 1)
	assert.Equal(t, []string{"pearl", "opal", "jade", "onyx", "ruby"}, eval(t, g, "ids(deck)"))
	assert.Equal(t, 5, len(g.st.cards))
}

func TestMoveRejectsNonCards(t *testing.T) {
	re := startErr(t, gemsDeck+`
flow:
  - move: map(deck, .id)
    into: pile
`, Config{})
	assert.Contains(t, re.Msg, "move:")
	assert.Contains(t, re.Msg, `string "ruby" is not a card`)
}

// refillGame has three gems in the discard pile "pile"; the deck refills
// from it.
const refillGame = `
cards:
  gem:
    zone: pile
    attributes:
      name: {type: string}
    rows:
      - {id: ruby, name: Ruby}
      - {id: opal, name: Opal}
      - {id: jade, name: Jade}
zones:
  deck: {visibility: hidden, refill_from: pile}
  pile: {}
  hand: {owner: player}
setup:
  - move: pile[0]
    into: deck
`

func TestDrawRefillsFromAnotherZone(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := NewGame(load(t, refillGame+`
flow:
  - draw: 3
    from: deck
    into: players[0].hand
`+waitEffect), Config{Players: 1, Seed: seed})
		require.NoError(t, err)
		ch := chances(g)
		require.Len(t, ch, 1, "the refill is a logged shuffle")
		assert.Equal(t, "shuffle deck", ch[0].Name)
		assert.ElementsMatch(t, []string{"opal", "jade"}, ch[0].Result)
		assert.Equal(t, append([]string{"ruby"}, ch[0].Result...), eval(t, g, "ids(players[0].hand)"))
		assert.Equal(t, []string{}, eval(t, g, "ids(pile)"))
		assert.Equal(t, []string{}, eval(t, g, "ids(deck)"))
	}
}

func TestDrawRefillUsesTheSuppliedShuffle(t *testing.T) {
	g, err := NewGame(load(t, refillGame+`
flow:
  - draw: 2
    from: deck
    into: players[0].hand
    at: top
`+waitEffect), Config{Players: 1, Outcomes: []Outcome{{Name: "shuffle deck", Result: []string{"jade", "opal"}}}})
	require.NoError(t, err)
	// ruby, then jade on top of it; opal stays in the deck.
	assert.Equal(t, []string{"jade", "ruby"}, eval(t, g, "ids(players[0].hand)"))
	assert.Equal(t, []string{"opal"}, eval(t, g, "ids(deck)"))
	assert.Equal(t, "deck", eval(t, g, `card("opal").zone`))
}

func TestDrawFromEmptyGivesFewerCards(t *testing.T) {
	g := start(t, refillGame+`
flow:
  - draw: 1
    from: pile
    into: players[0].hand
  - draw: 5
    from: deck
    into: players[0].hand
  - draw: 2
    from: pile
    into: players[0].hand
`+waitEffect, 1)
	// The deck refills from the pile once (2 cards), then both are empty;
	// the pile has no refill_from.
	assert.Len(t, eval(t, g, "players[0].hand"), 3)
	assert.Len(t, chances(g), 1)
	assert.Equal(t, "opal", eval(t, g, "players[0].hand[0].id"))
	assert.Equal(t, "ruby", eval(t, g, "players[0].hand[1].id"))
}

// A count computed at run time below zero draws nothing (a constant one
// is a load error: TestNegativeDrawIsALoadError).
func TestDrawZeroOrNegativeDrawsNothing(t *testing.T) {
	g := start(t, refillGame+`
flow:
  - draw: 0
    from: deck
    into: players[0].hand
  - draw: len(deck) - 9
    from: deck
    into: players[0].hand
`+waitEffect, 1)
	assert.Len(t, eval(t, g, "players[0].hand"), 0)
	assert.Len(t, chances(g), 0)
}

// --- control flow ---

func TestIfElse(t *testing.T) {
	g := start(t, `
vars:
  total: {type: int, init: "4"}
flow:
  - if: total > 3
    then:
      - log: big
    else:
      - log: small
  - if: total > 5
    then:
      - log: huge
    else:
      - log: not huge
  - if: false
    then:
      - log: never
`, 1)
	assert.Equal(t, []string{"big", "not huge"}, logs(g))
}

func TestForEachOverIntsStringsAndCards(t *testing.T) {
	g := start(t, gemsDeck+`
constants:
  names: [x, y]
vars:
  total: {type: int}
flow:
  - for_each: "[1, 2, 3]"
    as: n
    do:
      - add: total
        by: n
  - for_each: 1..3
    as: n
    do:
      - add: total
        by: n * 10
  - for_each: names
    as: s
    do:
      - log: "s={s}"
  - for_each: deck
    as: c
    do:
      - move: c
        into: pile
        at: top
      - add: total
        by: c.value * 100
  - for_each: "[]"
    as: c
    do:
      - log: never
`, 1)
	assert.Equal(t, []string{"s=x", "s=y"}, logs(g))
	assert.Equal(t, 6+60+1500, eval(t, g, "total"))
	// The list was evaluated once: every card moved although the deck
	// changed under the loop.
	assert.Equal(t, []string{"pearl", "onyx", "jade", "opal", "ruby"}, eval(t, g, "ids(pile)"))
	assert.False(t, isBound(g, "c"), "the loop variable is gone after the loop")
}

func TestWhile(t *testing.T) {
	g := start(t, `
vars:
  total: {type: int}
  rounds: {type: int}
flow:
  - while: total < 10
    do:
      - add: total
        by: 3
      - add: rounds
        by: 1
  - while: total < 0
    do:
      - log: never
`, 1)
	assert.Equal(t, 12, eval(t, g, "total"))
	assert.Equal(t, 4, eval(t, g, "rounds"))
	assert.Empty(t, logs(g))
}

func TestRepeatWithAs(t *testing.T) {
	g := start(t, `
vars:
  n: {type: int, init: "2"}
flow:
  - repeat: n + 1
    as: i
    do:
      - log: "i={i}"
      - add: n
        by: 5
  - repeat: 2
    do:
      - log: plain
  - repeat: 0
    as: i
    do:
      - log: never
  - repeat: -n
    do:
      - log: never
`, 1)
	// The count is evaluated once, before the first round; a computed
	// negative count runs the body no times.
	assert.Equal(t, []string{"i=0", "i=1", "i=2", "plain", "plain"}, logs(g))
	assert.Equal(t, 17, eval(t, g, "n"))
}

func TestLetScoping(t *testing.T) {
	g := start(t, `
vars:
  total: {type: int}
  after: {type: int}
flow:
  - let: {n: 1}
  - repeat: 3
    as: i
    do:
      - let: {n: 5, tmp: i}
      - add: total
        by: n + tmp
      - let: {n: 100}
  - set: after
    to: n
  - if: true
    then:
      - let: {inner: 7}
`+waitEffect, 1)
	assert.Equal(t, 5*3+0+1+2, eval(t, g, "total"), "the inner let shadows; the later let in the body does not reach the next round's add")
	assert.Equal(t, 1, eval(t, g, "after"), "the outer n is back after the loop")
	g.st.syncLocals() // the map's locals follow their slots when the map is read
	root := g.st.root
	assert.Equal(t, 1, root[localKey("n")])
	for _, gone := range []string{"tmp", "i", "inner"} {
		_, had := root[localKey(gone)]
		assert.False(t, had, "%s leaked out of its block", gone)
	}
}

func TestLetIsNotVisibleOutsideItsBlock(t *testing.T) {
	err := loadErr(t, `
flow:
  - repeat: 2
    do:
      - let: {tmp: 3}
  - log: "{tmp}"
`)
	assert.True(t, strings.HasPrefix(err, rulesFile+`:6:12: unknown name "tmp"`), err)
}

func TestLetSeesEarlierBindingsOfTheSameLet(t *testing.T) {
	g := start(t, `
flow:
  - let: {a: 2, b: a * 3}
  - log: "{a} {b}"
`, 1)
	assert.Equal(t, []string{"2 6"}, logs(g))
}

// --- procedures and phases ---

func TestCallWithParams(t *testing.T) {
	g := start(t, gemsDeck+`
player_vars:
  gold: {type: int}
procedures:
  give:
    params: {p: int, n: int, c: card}
    do:
      - add: players[p].gold
        by: n + c.value
      - move: c
        into: players[p].hand
      - let: {p: 9}
flow:
  - let: {p: 1}
  - call: give
    with:
      p: 0
      n: 2
      c: deck[0]
  - call: give
    with:
      p: p
      n: p * 10
      c: deck[0]
  - log: "p is {p}"
`, 2)
	assert.Equal(t, 7, eval(t, g, "players[0].gold"))
	assert.Equal(t, 12, eval(t, g, "players[1].gold"))
	assert.Equal(t, []string{"ruby"}, eval(t, g, "ids(players[0].hand)"))
	assert.Equal(t, []string{"opal"}, eval(t, g, "ids(players[1].hand)"))
	assert.Equal(t, []string{"p is 1"}, logs(g), "the callee's params and lets are gone after the call")
}

func TestCalleeCannotSeeCallerLocals(t *testing.T) {
	err := loadErr(t, `
player_vars:
  gold: {type: int}
procedures:
  give:
    params: {p: int}
    do:
      - add: players[p].gold
        by: bonus
flow:
  - let: {bonus: 1}
  - call: give
    with: {p: 0}
`)
	assert.True(t, strings.HasPrefix(err, rulesFile+`:9:13: unknown name "bonus"`), err)
}

func TestCallArgumentTypesAreChecked(t *testing.T) {
	err := loadErr(t, `
procedures:
  say:
    params: {n: int}
    do:
      - log: "{n}"
flow:
  - call: say
    with: {n: "'x'"}
`)
	assert.Contains(t, err, "argument n must be int, got string")
}

func TestPhaseSetsPhaseAndLogsIt(t *testing.T) {
	g := start(t, `
phases:
  gather:
    do:
      - log: "in {phase}"
  spend:
    do:
      - log: "in {phase}"
flow:
  - log: "before '{phase}'"
  - phase: gather
  - log: "between {phase}"
  - phase: spend
`, 1)
	assert.Equal(t, []string{"before ''", "phase: gather", "in gather", "between gather", "phase: spend", "in spend"}, logs(g))
	assert.Equal(t, "spend", eval(t, g, "phase"))
}

// --- log, fail, end_game ---

func TestLogTemplateRendering(t *testing.T) {
	g := start(t, `
cards:
  gem:
    zone: deck
    attributes:
      name: {type: string}
    rows:
      - {id: ruby, name: Ruby}
      - {id: opal, name: Opal}
  token:
    zone: pile
    attributes:
      size: {type: int}
    rows:
      - {id: chip, size: 1}
zones:
  deck: {}
  pile: {}
vars:
  total: {type: int, init: "7"}
flow:
  - log: "a {1 + 2} b {{literal}} {deck[0]} {pile[0]} {total}{total}"
  - log: "{deck[0:2]} | {[1, 2]} | {['x', 'y']} | {{ {'{'} }}{ {a: 1}.a }"
  - log: plain text
  - log: "{'}'} and {\"{\"}"
`, 1)
	assert.Equal(t, []string{
		"a 3 b {literal} Ruby chip 77",
		"Ruby, Opal | 1, 2 | x, y | { { }1",
		"plain text",
		"} and {",
	}, logs(g))
}

func TestTemplateErrorsAreLoadErrors(t *testing.T) {
	err := loadErr(t, `
vars:
  total: {type: int}
flow:
  - log: "open {total"
  - log: "close }"
  - log: "x {totl}"
`)
	assert.Contains(t, err, rulesFile+`:5:`)
	assert.Contains(t, err, "unclosed {")
	assert.Contains(t, err, "} without {; write }} for a brace")
	assert.Contains(t, err, rulesFile+`:7:14: unknown name "totl" (did you mean "total"?)`)
}

func TestFailStopsWithItsMessage(t *testing.T) {
	re := startErr(t, `
vars:
  total: {type: int, init: "3"}
flow:
  - log: before
  - fail: "impossible: total is {total}"
  - log: after
`, Config{})
	assert.Equal(t, "ruleset failure: impossible: total is 3", re.Msg)
	assert.Equal(t, rulesFile+":6:5", re.Pos.String())
	assert.Equal(t, "flow", re.Where)
}

func TestEndGameStopsAndScores(t *testing.T) {
	g := start(t, `
vars:
  total: {type: int}
procedures:
  deep:
    do:
      - repeat: 5
        as: i
        do:
          - add: total
            by: 1
          - if: i == 2
            then:
              - end_game: true
          - log: "i={i}"
scoring:
  score: total
flow:
  - call: deep
  - set: total
    to: 100
  - log: never
`, 2)
	require.True(t, g.Over())
	assert.Equal(t, []string{"i=0", "i=1"}, logs(g))
	r := g.Result()
	require.NotNil(t, r)
	assert.Equal(t, 3, r.Players[0].Score)
	assert.Equal(t, []int{0, 1}, r.Winners)
	assert.Empty(t, g.st.frames)
	assert.False(t, isBound(g, "i"), "end_game unbinds the locals")
}

func TestEndGameAfterADecision(t *testing.T) {
	g := start(t, `
scoring:
  score: me
flow:
  - choose:
      who: 1
      prompt: "stop?"
      options:
        - key: stop
          do:
            - end_game: true
        - key: go
  - log: went on
`, 2)
	apply(t, g, "stop")
	assert.True(t, g.Over())
	assert.Empty(t, logs(g))
	assert.Equal(t, []int{1}, g.Result().Winners)
	assert.Equal(t, 1, g.Result().Decisions)
}

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

// TestDrawSeveralIsDrawingOneAtATime: a draw of several cards that needs
// no refill is made at once (drawAtOnce), and gives what drawing them one
// at a time gives: the order at the bottom and on top, the cards' places,
// the source's rest, and a draw into its own zone.
func TestDrawSeveralIsDrawingOneAtATime(t *testing.T) {
	g := start(t, `
cards:
  gem:
    zone: deck
    rows:
      - {id: a}
      - {id: b}
      - {id: c}
      - {id: d}
      - {id: e}
      - {id: f}
      - {id: g}
zones:
  deck: {}
  pile: {}
  hand: {owner: player}
flow:
  - draw: 2
    from: deck
    into: players[0].hand
  - draw: 1
    from: deck
    into: pile
  - draw: 2
    from: deck
    into: pile
    at: top
  - log: "{join(ids(players[0].hand), ',')} {join(ids(pile), ',')} {join(ids(deck), ',')}"
  - draw: 2
    from: pile
    into: pile
  - log: "{join(ids(pile), ',')} {card('d').zone} {card('a').owner}"
  - draw: 2
    from: pile
    into: pile
    at: top
  - log: "{join(ids(pile), ',')}"
`+waitEffect, 1)
	assert.Equal(t, []string{"a,b e,d,c f,g", "c,e,d pile 0", "c,e,d"}, logs(g))
}

// A repeat count or roll faces written as constants are checked at load:
// a negative count and an empty list of faces; computed ones are not.
func TestConstantRepeatCountAndFacesAreChecked(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"flow:\n  - repeat: -1\n    do:\n      - log: never\n", "g/rules.yaml:2:13: repeat count is -1: a count cannot be negative"},
		{"constants: {n: -2}\nflow:\n  - repeat: n\n    do:\n      - log: never\n", "g/rules.yaml:3:13: repeat count is -2: a count cannot be negative"},
		{"vars: {d: {type: int}}\nflow:\n  - roll: d\n    faces: '[]'\n", "g/rules.yaml:4:13: faces is an empty list: a roll needs at least one face"},
		{"vars: {d: {type: int}}\nflow:\n  - roll: d\n    faces: 3..1\n", "g/rules.yaml:4:12: faces is an empty list"},
		{"constants: {none: []}\nvars: {d: {type: int}}\nflow:\n  - roll: d\n    faces: none\n", "g/rules.yaml:5:12: faces is an empty list"},
	} {
		assert.Contains(t, loadErr(t, tc.src), tc.want, tc.src)
	}
	for _, src := range []string{
		"vars: {n: {type: int}}\nflow:\n  - repeat: n - 1\n    do:\n      - log: never\n",
		"vars: {d: {type: int}}\nflow:\n  - roll: d\n    faces: 1..1\n",
		"vars: {d: {type: int}, xs: {type: ints}}\nflow:\n  - roll: d\n    faces: xs\n",
	} {
		load(t, src)
	}
}
