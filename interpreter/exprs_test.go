package interpreter

// Unit tests of expressions: load-time checking (positions, did-you-mean,
// result types), ruleset functions and agon's builtins.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gemTable is the start of a ruleset with one card table; lines 1-11.
const gemTable = `cards:
  gem:
    zone: deck
    attributes:
      value: {type: int}
    props:
      shiny: {type: bool}
    rows:
      - {id: ruby, value: 3}
zones:
  deck: {}
`

func TestMisspeltCardAttributePlainScalar(t *testing.T) {
	err := loadErr(t, gemTable+`vars:
  total: {type: int}
flow:
  - set: total
    to: sum(deck, .valeu)
`)
	// Line 16 is "    to: sum(deck, .valeu)": the source starts at
	// column 9 and valeu at column 20.
	assert.Equal(t, rulesFile+`:16:20: unknown card field "valeu" (did you mean "value"?)`+"\n"+
		"\tsum(deck, .valeu)\n"+
		"\t           ^", err)
}

func TestMisspeltCardAttributeLiteralBlock(t *testing.T) {
	err := loadErr(t, gemTable+`vars:
  total: {type: int}
flow:
  - set: total
    to: |
      sum(deck,
          .vlaue)
`)
	// The block's second line is file line 18, indented 6 by YAML; in
	// the source ".vlaue)" is indented 4, so vlaue is at column 6+4+1+1.
	assert.Equal(t, rulesFile+`:18:12: unknown card field "vlaue" (did you mean "value"?)`+"\n"+
		"\t    .vlaue)\n"+
		"\t     ^", err)
}

func TestMisspeltPlayerVar(t *testing.T) {
	err := loadErr(t, `player_vars:
  gold: {type: int}
flow:
  - log: "{players[0].golld}"
`)
	// The template hole starts after `  - log: "{` (11 runes).
	assert.True(t, strings.HasPrefix(err, rulesFile+`:4:23: unknown player field "golld" (did you mean "gold"?)`), err)
}

func TestMisspeltGlobalName(t *testing.T) {
	err := loadErr(t, `vars:
  round: {type: int}
  total: {type: int}
flow:
  - set: total
    to: rounds + 1
`)
	assert.True(t, strings.HasPrefix(err, rulesFile+`:6:9: unknown name "rounds" (did you mean "round"?)`), err)
	assert.Contains(t, err, "\n\trounds + 1\n\t^")
}

func TestMisspeltConstantInsideAnExpression(t *testing.T) {
	err := loadErr(t, `constants:
  hand_size: 3
vars:
  total: {type: int}
flow:
  - set: total
    to: 2 * hand_sise
`)
	assert.True(t, strings.HasPrefix(err, rulesFile+`:7:13: unknown name "hand_sise" (did you mean "hand_size"?)`), err)
}

func TestMisspeltAssignmentTargets(t *testing.T) {
	err := loadErr(t, gemTable+`vars:
  total: {type: int}
player_vars:
  gold: {type: int}
flow:
  - set: totl
    to: 1
  - add: players[0].gld
    by: 1
  - for_each: deck
    as: c
    do:
      - set: c.shinny
        to: true
      - set: c.value
        to: 4
`)
	assert.Contains(t, err, rulesFile+`:17:10: unknown variable "totl" (did you mean "total"?)`)
	assert.Contains(t, err, rulesFile+`:19:21: unknown player variable "gld" (did you mean "gold"?)`, "at the misspelt name")
	assert.Contains(t, err, `unknown card prop "shinny" (did you mean "shiny"?)`)
	assert.Contains(t, err, `card attribute "value" is printed and cannot change`)
}

func TestEveryLoadErrorIsReportedSortedByPosition(t *testing.T) {
	_, err := Load(rulesFS(gemTable+`vars:
  total: {type: int}
flow:
  - set: total
    to: totl
  - set: total
    to: sum(deck, .valeu)
`), "g", "")
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	assert.True(t, strings.HasPrefix(lines[0], rulesFile+":16:9: "), lines[0])
	assert.True(t, strings.HasPrefix(lines[3], rulesFile+":18:20: "), lines[3])
}

func TestWrongResultTypes(t *testing.T) {
	cases := []struct{ effect, want string }{
		{"- if: total\n    then: []", "condition must be bool, got int"},
		{"- set: total\n    to: '\"x\"'", "value must be int, got string"},
		{"- set: flag\n    to: total", "value must be bool, got int"},
		{"- repeat: flag\n    do: []", "repeat count must be int, got bool"},
		{"- for_each: total\n    as: x\n    do: []", "for_each list must be a list, got int"},
		{"- while: total + 1\n    do: []", "while condition must be bool, got int"},
		{"- add: total\n    by: flag", "amount must be int, got bool"},
		{"- move: total\n    into: deck", "move needs a card or a list of cards, got int"},
		{"- draw: flag\n    from: deck\n    into: deck", "number of cards must be int, got bool"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			err := loadErr(t, gemTable+`vars:
  total: {type: int}
  flag: {type: bool}
flow:
  `+tc.effect+"\n")
			assert.True(t, strings.HasPrefix(err, rulesFile+":"), err)
			assert.Contains(t, err, ": "+tc.want)
		})
	}
}

func TestWrongResultTypePositionAndCaret(t *testing.T) {
	err := loadErr(t, gemTable+`vars:
  total: {type: int}
flow:
  - if: total
    then: []
`)
	assert.Equal(t, rulesFile+":15:9: condition must be bool, got int\n\ttotal\n\t^", err)
}

func TestFunctionReturnTypeIsChecked(t *testing.T) {
	err := loadErr(t, `functions:
  f:
    params: {n: int}
    returns: int
    expr: n > 2
flow:
  - log: "{f(1)}"
`)
	assert.True(t, strings.HasPrefix(err, rulesFile+":5:11: function f must be int, got bool"), err)
}

func TestFunctionArgumentsAreChecked(t *testing.T) {
	err := loadErr(t, `functions:
  double:
    params: {n: int}
    returns: int
    expr: n * 2
flow:
  - log: "{dubble(1)} {double('x')} {double()}"
`)
	assert.Contains(t, err, rulesFile+`:7:12: unknown function "dubble" (did you mean "double"?)`)
	assert.Contains(t, err, rulesFile+`:7:31: double takes an int, not a string`)
	assert.Contains(t, err, rulesFile+`:7:38: double takes 1 argument, got 0`)
	assert.Equal(t, 3, strings.Count(err, rulesFile), err)
}

func TestFunctionWithTooManyArguments(t *testing.T) {
	for _, call := range []string{"double(1, 2)", "card('ruby', 1)"} {
		err := loadErr(t, gemTable+`functions:
  double:
    params: {n: int}
    returns: int
    expr: n * 2
flow:
  - log: "{`+call+`}"
`)
		assert.Contains(t, err, "takes 1 argument, got 2", call)
		assert.NotContains(t, err, "goroutine", call)
	}
}

func TestFilterKeepsTheCardTypeForForEach(t *testing.T) {
	// A misspelt field on the loop variable is caught: the loop variable
	// is a card, not "any".
	for _, list := range []string{"filter(deck, .value > 1)", "sortBy(deck, .value)", "concat(deck, deck)", "reverse(deck)"} {
		err := loadErr(t, gemTable+`vars:
  total: {type: int}
flow:
  - for_each: `+list+`
    as: c
    do:
      - add: total
        by: c.valeu
`)
		assert.Contains(t, err, `unknown card field "valeu" (did you mean "value"?)`, list)
	}
	// And setting a prop on it compiles and runs on the filtered cards.
	g := start(t, `cards:
  gem:
    zone: deck
    attributes:
      value: {type: int}
    props:
      shiny: {type: bool}
    rows:
      - {id: ruby, value: 3}
      - {id: opal, value: 1}
      - {id: jade, value: 2}
zones:
  deck: {}
flow:
  - for_each: filter(deck, .value > 1)
    as: c
    do:
      - set: c.shiny
        to: true
`, 1)
	assert.Equal(t, []any{true, false, true}, eval(t, g, "map(deck, .shiny)"))
}

func TestFunctionsWithParamsAndNestedCalls(t *testing.T) {
	g := start(t, gemTable+`functions:
  double:
    params: {n: int}
    returns: int
    expr: n * 2
  quad:
    params: {n: int}
    returns: int
    expr: double(double(n))
  worth:
    params: {c: card, bonus: int}
    returns: int
    expr: quad(c.value) + bonus
  rich:
    params: {least: int}
    returns: cards
    expr: filter(deck, worth(#, 0) >= least)
  label:
    params: {s: string, xs: ints}
    returns: string
    expr: s + ":" + string(sum(xs))
constants:
  nums: [1, 2]
flow:
  - log: "{quad(3)} {worth(deck[0], 1)} {len(rich(12))} {len(rich(13))} {label('n', nums)}"
`, 1)
	assert.Equal(t, []string{"12 13 1 0 n:3"}, logs(g))
	// Parameters do not leak into the environment after a call.
	assert.False(t, isBound(g, "n"))
}

func TestFunctionCannotSeeTheCallersLocals(t *testing.T) {
	err := loadErr(t, `functions:
  f:
    params: {n: int}
    returns: int
    expr: n + k
flow:
  - let: {k: 1}
  - log: "{f(k)}"
`)
	assert.True(t, strings.HasPrefix(err, rulesFile+`:5:15: unknown name "k"`), err)
}

func TestRecursiveFunctionsRun(t *testing.T) {
	g := start(t, `functions:
  fact:
    params: {n: int}
    returns: int
    expr: "n <= 1 ? 1 : n * fact(n - 1)"
  even:
    params: {n: int}
    returns: bool
    expr: "n == 0 ? true : odd(n - 1)"
  odd:
    params: {n: int}
    returns: bool
    expr: "n == 0 ? false : even(n - 1)"
flow:
  - log: "{fact(5)}"
`, 1)
	assert.Equal(t, []string{"120"}, logs(g))
	assert.Equal(t, 3628800, eval(t, g, "fact(10)"))
	assert.Equal(t, true, eval(t, g, "even(10)"), "mutual recursion")
	assert.Equal(t, false, eval(t, g, "odd(10)"))
}

func TestRunawayRecursionHitsTheDepthLimit(t *testing.T) {
	src := `functions:
  count:
    params: {n: int}
    returns: int
    expr: "n <= 0 ? 0 : 1 + count(n - 1)"
vars:
  total: {type: int}
flow:
  - set: total
    to: count(3)
  - set: total
    to: count(1000)
`
	_, err := NewGame(load(t, src), Config{Players: 1})
	require.Error(t, err)
	assert.Equal(t, rulesFile+":5:29: function count: more than 64 nested function calls (limit MaxCallDepth): does its recursion end? (in flow, after 0 decisions)", err.Error())

	g, err := NewGame(load(t, src), Config{Players: 1, Limits: Limits{MaxCallDepth: 2000}})
	require.NoError(t, err, "a higher MaxCallDepth lets the deep call finish")
	assert.Equal(t, 1000, eval(t, g, "total"))
}

func TestListLiteralsAsListArguments(t *testing.T) {
	g := start(t, gemsDeck+`functions:
  total_of:
    params: {xs: ints}
    returns: int
    expr: sum(xs)
flow:
  - log: hi
`, 1)
	assert.Equal(t, []any{1, 3}, eval(t, g, "without([1, 2, 3], 2)"))
	assert.Equal(t, []int{1, 3, 4, 5}, eval(t, g, "without(1..5, 2)"), "a range is a list of ints")
	assert.Equal(t, []any{5, 2, 1, 4}, eval(t, g, "without(map(deck, .value), 3)"))
	assert.Equal(t, []any{"b"}, eval(t, g, `without(["a", "b"], "a")`))
	assert.Equal(t, 3, eval(t, g, "total_of([1, 2])"))
}

func TestDeepFunctionNestingHitsTheDepthLimit(t *testing.T) {
	// f0 calls f1 … calls fN: no recursion, but deeper than MaxCallDepth.
	const maxCallDepth = 64
	build := func(n int) string {
		var b strings.Builder
		b.WriteString("functions:\n")
		for i := 0; i < n; i++ {
			body := fmt.Sprintf("f%d(x) + 1", i+1)
			if i == n-1 {
				body = "x"
			}
			fmt.Fprintf(&b, "  f%d:\n    params: {x: int}\n    returns: int\n    expr: %s\n", i, body)
		}
		b.WriteString("vars:\n  total: {type: int}\nflow:\n  - set: total\n    to: f0(0)\n")
		return b.String()
	}
	g := start(t, build(maxCallDepth), 1)
	assert.Equal(t, maxCallDepth-1, eval(t, g, "total"), "a chain of exactly MaxCallDepth calls is fine")

	re := startErr(t, build(maxCallDepth+1), Config{})
	assert.Contains(t, re.Msg, fmt.Sprintf("function f%d: more than %d nested function calls", maxCallDepth, maxCallDepth))
	assert.Equal(t, rulesFile, re.Pos.File)
}

func TestDivRoundsDownAndDivUpRoundsUp(t *testing.T) {
	g := start(t, "flow:\n  - log: hi\n", 1)
	cases := map[string]int{
		"div(7, 2)": 3, "div(-7, 2)": -4, "div(7, -2)": -4, "div(-7, -2)": 3,
		"div(6, 3)": 2, "div(-6, 3)": -2, "div(0, -5)": 0, "div(-1, 5)": -1,
		"divUp(7, 2)": 4, "divUp(-7, 2)": -3, "divUp(7, -2)": -3, "divUp(-7, -2)": 4,
		"divUp(6, 3)": 2, "divUp(-6, 3)": -2, "divUp(1, 5)": 1, "divUp(-1, 5)": 0,
	}
	for src, want := range cases {
		assert.Equal(t, want, eval(t, g, src), src)
	}
	_, err := g.Eval("div(1, 0)")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "division by zero")
	_, err = g.Eval("divUp(1, 0)")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "division by zero")
}

func TestKeysAreSorted(t *testing.T) {
	g := start(t, `constants:
  track: {zeta: 1, alpha: 2, mid: 3, beta: 0}
vars:
  m: {type: intmap, init: "{zz: 1, aa: 2, mm: 3}"}
  empty: {type: intmap}
flow:
  - log: "{keys(m)} / {keys(track)}"
`, 1)
	assert.Equal(t, []string{"aa, mm, zz / alpha, beta, mid, zeta"}, logs(g))
	assert.Equal(t, []string{"aa", "mm", "zz"}, eval(t, g, "keys(m)"))
	assert.Equal(t, []string{}, eval(t, g, "keys(empty)"))
}

func TestWithoutAndIDs(t *testing.T) {
	g := start(t, gemsDeck+`constants:
  nums: [1, 2, 3, 2]
  words: [a, b, c]
flow:
  - log: hi
`, 1)
	assert.Equal(t, []int{1, 3}, eval(t, g, "without(nums, 2)"))
	assert.Equal(t, []string{"a", "c"}, eval(t, g, `without(words, "b")`))
	assert.Equal(t, []string{"ruby", "jade", "onyx", "pearl"}, eval(t, g, "ids(without(deck, deck[1]))"))
	assert.Equal(t, []string{"jade", "onyx", "pearl"}, eval(t, g, "ids(without(deck, deck[0:2]))"))
	assert.Equal(t, []string{"ruby", "opal", "jade", "onyx", "pearl"}, eval(t, g, "ids(deck)"))
	assert.Equal(t, []string{}, eval(t, g, "ids(players[0].hand)"))
	// without keeps the card type: a field of the result type-checks.
	assert.Equal(t, 10, eval(t, g, "sum(without(deck, deck[0]), .value)"))
	_, err := g.Eval("sum(without(deck, deck[0]), .valeu)")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown card field "valeu"`)
}

func TestCardBuiltin(t *testing.T) {
	g := start(t, gemsDeck+"flow:\n  - log: hi\n", 1)
	assert.Equal(t, 3, eval(t, g, `card("jade").value`))
	assert.Equal(t, "deck", eval(t, g, `card("jade").zone`))
	assert.Equal(t, -1, eval(t, g, `card("jade").owner`))
	// A literal id is checked when the expression is compiled ...
	_, err := g.Eval(`card("jadde")`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown card id "jadde" (did you mean "jade"?)`)
	// ... a computed one when it runs.
	_, err = g.Eval(`card(deck[0].id + "x")`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `no card with id "rubyx"`)
}

func TestDisabledBuiltinsAreUnknown(t *testing.T) {
	for _, call := range []string{"now()", "date('2024-01-01')", "duration('1h')", "values({a: 1})", "toPairs({a: 1})", "fromPairs([])"} {
		name := call[:strings.Index(call, "(")]
		err := loadErr(t, "flow:\n  - log: \"{"+call+"}\"\n")
		// The hole's source starts at column 12, after `  - log: "{`.
		assert.True(t, strings.HasPrefix(err, rulesFile+":2:12: unknown "), "%s: %s", call, err)
		assert.Contains(t, err, fmt.Sprintf("%q", name))
	}
}
