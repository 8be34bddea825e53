package interpreter

// Tests of the traps a first draft fell into: triggers during setup, a
// missing map key, a nested # and YAML flow style splitting an
// expression.

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTriggersStartWhenSetupIsOver(t *testing.T) {
	// The game-end trigger holds before setup deals the display: checked
	// during setup, it ended every game after 0 decisions.
	g := start(t, gemsDeck+`setup:
  - log: setup starts
  - move: deck
    into: pile
triggers:
  - name: board empty
    when: len(pile) == 0
    do:
      - log: game over
      - end_game: true
flow:
`+waitEffect, 1)
	require.False(t, g.Over(), "the trigger must not fire during setup")
	assert.Equal(t, []string{"setup starts"}, logs(g))
	assert.NotNil(t, g.Pending())
}

func TestTriggerTrueAfterSetupFiresBeforeTheFlow(t *testing.T) {
	g := start(t, gemsDeck+`vars:
  fired: {type: bool}
setup:
  - move: deck[0]
    into: pile
  - move: deck[0]
    into: pile
  - log: setup done
triggers:
  - name: two in the pile
    when: len(pile) == 2 && !fired
    do:
      - set: fired
        to: true
      - log: "trigger sees {len(pile)}"
flow:
  - log: flow starts
`+waitEffect, 1)
	assert.Equal(t, []string{"setup done", "trigger sees 2", "flow starts"}, logs(g))
}

func TestTriggersDoNotFireDuringASetupDecision(t *testing.T) {
	g := start(t, gemsDeck+`setup:
  - move: deck
    into: pile
  - choose: {who: 0, prompt: deal, options: [{key: deal}]}
  - move: pile
    into: deck
triggers:
  - name: pile full
    when: len(pile) > 0
    do:
      - log: fired
      - move: pile
        into: deck
flow:
`+waitEffect, 1)
	apply(t, g, "deal")
	assert.Empty(t, logs(g), "setup's own moves never fire a trigger, even across a decision")
}

func TestIntmapDefaultIsWhatAMissingKeyReadsAs(t *testing.T) {
	g := start(t, gemsDeck+`vars:
  owner: {type: intmap, default: -1}
  plain: {type: intmap}
  seen: {type: ints}
player_vars:
  marks: {type: intmap, default: 7}
flow:
  - set: owner['ruby']
    to: 0
  - add: owner['opal']
    by: 3
  - add: players[0].marks['x']
    by: 1
  - set: seen
    to: >-
      [owner['ruby'], owner['jade'], owner.jade, owner['opal'], plain['jade'],
       players[0].marks['x'], players[0].marks['y'],
       has(owner, 'ruby') ? 1 : 0, has(owner, 'jade') ? 1 : 0,
       count(deck, owner[.id] == -1), owner['jade'] ?? 5]
`+waitEffect, 1)
	assert.Equal(t, []int{0, -1, -1, 2, 0, 8, 7, 1, 0, 3, -1}, eval(t, g, "seen"))
	// Clone and reload keep reading through the default.
	h, err := UnmarshalState(g.Program(), []byte(marshal(t, g.Clone())))
	require.NoError(t, err)
	assert.Equal(t, -1, eval(t, h, "owner['pearl']"))
}

func TestDefaultOnlyForIntmaps(t *testing.T) {
	err := loadErr(t, `vars:
  n: {type: int, default: 3}
flow: []
`)
	assert.Contains(t, err, rulesFile+`:2:`)
	assert.Contains(t, err, `var "n": default is what a missing key of an intmap reads as`)
}

func TestHasOnConstantMaps(t *testing.T) {
	g := start(t, `constants:
  cost: {wood: 1}
  names: {a: x}
flow:
  - log: "{has(cost, 'wood')} {has(cost, 'stone')} {has(names, 'a')}"
`, 1)
	assert.Equal(t, []string{"true false true"}, logs(g))
}

func TestNestedPointerMeantForTheOuterElementIsALoadError(t *testing.T) {
	src := gemsDeck + `vars:
  ok: {type: bool}
flow:
  - set: ok
    to: "any(deck, any(pile, .value > #.value))"
`
	err := loadErr(t, src)
	// Line of "to:", column of the first # of the inner predicate (.value).
	line := lineOf(t, src, "to: \"any(deck")
	assert.Contains(t, err, fmt.Sprintf("%s:%d:30: # here is the element of the inner any(), not of the outer any(), whose element is never used", rulesFile, line))
	assert.Contains(t, err, "any(xs, let x = #; any(ys, .a > x.a))")
}

func TestNestedPointerIdiomsThatLoad(t *testing.T) {
	g := start(t, gemsDeck+`vars:
  seen: {type: ints}
player_vars:
  gold: {type: int, init: "3"}
setup:
  - move: deck[0]
    into: pile
flow:
  - set: seen
    to: >-
      [count(deck, let x = #; any(pile, .value > x.value)),
       len(filter(players, any(.hand, .value > 3))),
       sum(map(deck, let x = #; count(deck, .value < x.value))),
       count(deck, .value > 1 && all(pile, # != nil))]
`+waitEffect, 1)
	assert.Equal(t, []int{4, 0, 6, 3}, eval(t, g, "seen"))
}

func TestYAMLSplitExpressionSaysQuoteIt(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"vars:\n  total: {type: int}\nflow:\n  - {set: total, to: max(1, 2)}\n",
			`rules.yaml:4:29: unknown key "2)": inside {…} a comma ends a value, so YAML split an expression here; quote this expression, e.g. {set: x, to: "max(a, b)"}`},
		{"vars:\n  total: {type: int}\nflow:\n  - {set: total, to: max(1, 2)}\n",
			`(YAML ended this expression at the "," of a {…} or […]: quote this expression`},
		{gemsDeck + "vars:\n  total: {type: int}\nflow:\n  - set: total\n    to: count(deck, # > 1)\n",
			`(YAML read " #…" as a comment, which cut this expression: quote this expression, e.g. to: "filter(xs, # > 1)")`},
		{"vars:\n  total: {type: int}\nflow:\n  - set: total\n    to: [1, 2][0]\n",
			`rules.yaml:4:3: YAML syntax error: did not find expected key in the mapping or list that starts here; if an expression starts with a quote, [ or { and goes on after it, quote this expression, e.g. to: "[1, 2][0]"`},
		{"vars:\n  total: {type: int}\nflow:\n  - {set: total, to: true ? 1 : 2}\n",
			`rules.yaml:4:5: YAML syntax error: did not find expected ',' or '}' in the mapping or list that starts here; if an expression holds ",", ": ", " #" or brackets, quote this expression`},
	} {
		assert.Contains(t, loadErr(t, tc.src), tc.want, tc.src)
	}
}

func TestBalancedExpressionsWithCommentsGetNoQuoteHint(t *testing.T) {
	err := loadErr(t, gemsDeck+`vars:
  total: {type: int}
flow:
  - {set: total, to: len(dek)}   # a comment
  - set: total
    to: len(dek)   # another
`)
	assert.Contains(t, err, `unknown name "dek"`)
	assert.NotContains(t, err, "quote this expression")
}

func TestComparingAnElementWithItselfIsALoadError(t *testing.T) {
	src := gemsDeck + `vars:
  ok: {type: bool}
flow:
  - set: ok
    to: "any(deck, .value > 1 && any(pile, .value > #.value))"
`
	err := loadErr(t, src)
	line := lineOf(t, src, `to: "any(deck`)
	assert.Contains(t, err, fmt.Sprintf("%s:%d:55: both sides of > are the same element of any() (# and .field always mean the innermost element)", rulesFile, line))
	g := start(t, gemsDeck+`vars:
  ok: {type: bool}
flow:
  - set: ok
    to: "any(deck, .value > 1 && any(pile, .name != #.id))"
`, 1)
	assert.Equal(t, false, eval(t, g, "ok"), "different fields are fine")
}
