package interpreter

// Unit tests of effects (decisions_test.go has the decisions and triggers).

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

// TestMoveRejectsNonCards: a move of what is no card is refused, at load
// when the checker knows the list's type (map of a card's id is a list of
// strings), else when the game meets it (a list literal of a card and a
// string is a list of any).
func TestMoveRejectsNonCards(t *testing.T) {
	msg := loadErr(t, gemsDeck+`
flow:
  - move: map(deck, .id)
    into: pile
`)
	assert.Contains(t, msg, "move needs a card or a list of cards, got list of strings")
	re := startErr(t, gemsDeck+`
flow:
  - move: "[deck[0], 'opal']"
    into: pile
`, Config{})
	assert.Contains(t, re.Msg, "move:")
	assert.Contains(t, re.Msg, `string "opal" is not a card`)
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
