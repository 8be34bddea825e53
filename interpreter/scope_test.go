package interpreter

// Tests of lexical scope: a local named like a global is a load error,
// and (compiled anyway) it never hides, replaces or swallows the global
// at run time; recursion, loops and a saved and reloaded decision keep
// each frame's locals.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// lineOf is the 1-based line of src (as written to rulesFile) that
// contains needle.
func lineOf(t *testing.T, src, needle string) int {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, needle) {
			return i + 1
		}
	}
	t.Fatalf("%q not in the source", needle)
	return 0
}

func TestLocalNamedLikeAGlobalIsALoadError(t *testing.T) {
	for _, tc := range []struct{ binding, needle, want string }{
		{"  - let: {pile: '[]'}", "let: {pile", `let "pile" shadows the zone "pile": rename the local (for example to "pile_1")`},
		{"  - let: {total: 1}", "let: {total", `let "total" shadows the var "total"`},
		{"  - let: {limit: 1}", "let: {limit", `let "limit" shadows the constant "limit"`},
		{"  - {for_each: '[1]', as: gem, do: []}", "as: gem", `for_each as "gem" shadows the card table "gem"`},
		{"  - {repeat: 2, as: len, do: []}", "as: len", `repeat as "len" shadows the built-in function "len"`},
		{"  - {repeat: 2, as: ids, do: []}", "as: ids", `repeat as "ids" shadows the built-in function "ids"`},
		{"  - {repeat: 2, as: me, do: []}", "as: me", `repeat as "me" shadows the built-in name "me"`},
		{"  - {repeat: 2, as: twice, do: []}", "as: twice", `repeat as "twice" shadows the function "twice"`},
		{"  - choose: {who: 0, prompt: p, options: [{key: k, for_each: '[1]', as: players}]}", "as: players", `option as "players" shadows the built-in name "players"`},
		{"  - {call: noop, with: {deck: 1}}", "deck: int", `parameter "deck" shadows the zone "deck"`},
	} {
		src := gemsDeck + `vars:
  total: {type: int}
constants:
  limit: 3
functions:
  twice: {params: {n: int}, returns: int, expr: n * 2}
procedures:
  noop: {params: {deck: int}, do: []}
flow:
` + tc.binding + "\n"
		err := loadErr(t, src)
		want := fmt.Sprintf("%s:%d:", rulesFile, lineOf(t, src, tc.needle))
		assert.Contains(t, err, want, tc.binding)
		assert.Contains(t, err, tc.want, tc.binding)
	}
}

func TestLocalsNamedLikePlayerFieldsAreAllowed(t *testing.T) {
	g := start(t, gemsDeck+`player_vars:
  gold: {type: int}
vars:
  seen: {type: int}
flow:
  - let: {gold: 4, hand: 2}
  - set: players[0].gold
    to: gold + hand
  - set: seen
    to: len(players[0].hand)
`, 1)
	assert.Equal(t, 6, eval(t, g, "players[0].gold"))
	assert.Equal(t, 0, eval(t, g, "seen"))
}

// loadShadowing compiles src, whose only problems must be locals that
// shadow globals, and returns the program anyway: it shows what the
// runtime does with such a local (scope is lexical even unchecked).
func loadShadowing(t *testing.T, src string) *Program {
	t.Helper()
	rs, ds := schema.Load(rulesFS(src), "g")
	require.NotNil(t, rs)
	p := compileRuleset(rs, ds)
	require.Error(t, ds.Err(), "the ruleset should have a shadowing error")
	for _, d := range ds.List() {
		require.Contains(t, d.Msg, "shadows", "only shadowing errors are expected")
	}
	return p
}

func startShadowing(t *testing.T, src string) *Game {
	t.Helper()
	g, err := NewGame(loadShadowing(t, src), Config{Players: 1, Seed: 1})
	require.NoError(t, err)
	return g
}

// The three ways a local named like a global used to break a game.

func TestShadowingLocalCalleeSeesTheGlobal(t *testing.T) {
	g := startShadowing(t, gemsDeck+`vars:
  bonus: {type: int, init: 5}
  seen: {type: ints}
functions:
  get_bonus: {returns: int, expr: bonus}
procedures:
  report:
    do:
      - set: seen
        to: concat(seen, [bonus, get_bonus()])
flow:
  - let: {bonus: 1}
  - call: report
  - set: seen
    to: concat(seen, [bonus, len(deck)])
`)
	assert.Equal(t, []int{5, 5, 1, 5}, eval(t, g, "seen"), "callees read the global, the caller its local")
}

func TestShadowingLocalDoesNotSwallowAWriteToTheGlobal(t *testing.T) {
	g := startShadowing(t, `vars:
  total: {type: int}
procedures:
  bump:
    do:
      - add: total
        by: 1
  outer:
    do:
      - let: {total: 100}
      - call: bump
      - call: bump
flow:
  - call: outer
`+waitEffect)
	assert.Equal(t, 2, eval(t, g, "total"), "the callee's writes outlive the caller's frame")
}

func TestShadowingLocalDoesNotLoseACardMovedIntoTheZone(t *testing.T) {
	g := startShadowing(t, gemsDeck+`procedures:
  outer:
    do:
      - let: {pile: '[]'}
      - move: deck[0]
        into: pile
flow:
  - call: outer
`+waitEffect)
	assert.Equal(t, []string{"ruby"}, eval(t, g, "ids(pile)"))
	assert.Equal(t, 5, len(g.st.cards))
	assert.Equal(t, 4, len(eval(t, g, "deck").([]any)), "no card disappears")
}

func TestRecursiveProcedureKeepsEachFramesLocals(t *testing.T) {
	g := start(t, `procedures:
  down:
    params: {n: int}
    do:
      - let: {m: n - 1}
      - if: n > 0
        then:
          - call: down
            with: {n: m}
      - log: "n={n} m={m}"
flow:
  - call: down
    with: {n: 2}
`, 1)
	assert.Equal(t, []string{"n=0 m=-1", "n=1 m=0", "n=2 m=1"}, logs(g))
}

func TestForEachBodyLocalsSurviveACallThatRebindsThem(t *testing.T) {
	g := start(t, `procedures:
  inner:
    params: {x: int}
    do:
      - let: {y: x * 10}
      - log: "inner {x} {y}"
flow:
  - for_each: '[1, 2]'
    as: x
    do:
      - let: {y: x + 100}
      - call: inner
        with: {x: x + 5}
      - log: "outer {x} {y}"
`, 1)
	assert.Equal(t, []string{"inner 6 60", "outer 1 101", "inner 7 70", "outer 2 102"}, logs(g))
}

func TestDecisionWithLocalsResumesAfterReload(t *testing.T) {
	p := load(t, `procedures:
  ask:
    params: {x: int}
    do:
      - let: {y: x * 10}
      - choose:
          who: 0
          prompt: "pick for {x}"
          options:
            - key: take
              for_each: '[y, y + 1]'
              as: v
              do:
                - let: {x: v}
                - log: "took {x} (y {y})"
      - log: "after {x} {y}"
flow:
  - for_each: '[1, 2]'
    as: x
    do:
      - let: {y: 7}
      - call: ask
        with: {x: x + 1}
      - log: "outer {x} {y}"
`)
	g, err := NewGame(p, Config{Players: 1, Seed: 1})
	require.NoError(t, err)
	reload := func() {
		data, err := g.MarshalState()
		require.NoError(t, err)
		g, err = UnmarshalState(p, data)
		require.NoError(t, err)
	}
	reload()
	assert.Equal(t, []string{"take v=20", "take v=21"}, keys(t, g))
	apply(t, g, "take v=21")
	reload()
	assert.Equal(t, []string{"take v=30", "take v=31"}, keys(t, g))
	apply(t, g, "take v=30")
	assert.Equal(t, []string{
		"took 21 (y 20)", "after 2 20", "outer 1 7",
		"took 30 (y 30)", "after 3 30", "outer 2 7",
	}, logs(g))
}

func TestExpressionLetSeesLocals(t *testing.T) {
	g := start(t, `flow:
  - let: {x: 1}
  - log: "{(let y = x + 1; y + x)} {x}"
`, 1)
	assert.Equal(t, []string{"3 1"}, logs(g))
	err := loadErr(t, `flow:
  - let: {x: 1}
  - log: "{(let x = 5; x)}"
`)
	assert.Contains(t, err, "cannot redeclare x", "expr itself refuses to hide a local")
}
