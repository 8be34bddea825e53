package interpreter

// Tests of shuffling list variables.

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const shuffleLists = `
vars:
  order: {type: ints, init: "[1, 2, 3, 4, 5, 1]"}
player_vars:
  seats: {type: strings, init: '["a", "b", "c"]'}
flow:
  - shuffle: order
  - shuffle: players[1].seats
  - let: {xs: '["x", "y"]'}
  - shuffle: xs
  - log: "order {order} seats {players[1].seats} xs {xs}"
` + waitEffect

func TestShuffleListIsAChanceOutcome(t *testing.T) {
	g := start(t, shuffleLists, 2)
	ch := chances(g)
	require.Len(t, ch, 3)
	assert.Equal(t, "shuffle order", ch[0].Name)
	assert.Equal(t, "shuffle seats[1]", ch[1].Name)
	assert.Equal(t, "shuffle xs", ch[2].Name)
	order := eval(t, g, "order").([]int)
	assert.ElementsMatch(t, []int{1, 1, 2, 3, 4, 5}, order)
	assert.Equal(t, ch[0].Result, ids(toAny(order)))
	assert.ElementsMatch(t, []string{"a", "b", "c"}, eval(t, g, "players[1].seats"))
	assert.Equal(t, []string{"a", "b", "c"}, eval(t, g, "players[0].seats"), "only player 1's list")
	// Another seed, another order; the same seed, the same.
	same := start(t, shuffleLists, 2)
	assert.Equal(t, order, eval(t, same, "order"))
	differs := false
	for seed := uint64(2); seed < 10 && !differs; seed++ {
		h, err := NewGame(g.Program(), Config{Players: 2, Seed: seed})
		require.NoError(t, err)
		differs = !assert.ObjectsAreEqual(order, eval(t, h, "order"))
	}
	assert.True(t, differs, "the shuffle depends on the seed")
}

func TestShuffleListSuppliedAndReplayed(t *testing.T) {
	p := load(t, shuffleLists)
	g, err := NewGame(p, Config{Players: 2, Seed: 1, Outcomes: []Outcome{
		{Name: "shuffle order", Result: []string{"5", "1", "4", "1", "3", "2"}},
		{Name: "shuffle seats[1]", Result: []string{"c", "a", "b"}},
	}})
	require.NoError(t, err)
	assert.Equal(t, []int{5, 1, 4, 1, 3, 2}, eval(t, g, "order"))
	assert.Equal(t, []string{"c", "a", "b"}, eval(t, g, "players[1].seats"))
}

func TestShuffleListLoadErrors(t *testing.T) {
	msg := loadErr(t, `
vars:
  n: {type: int}
  m: {type: intmap}
flow:
  - let: {k: 3}
  - shuffle: n
  - shuffle: m
  - shuffle: k
  - shuffle: dek
`)
	assert.Contains(t, msg, `g/rules.yaml:7:14: shuffle: "n" is a variable of type int: shuffle a zone or an ints or strings variable`)
	assert.Contains(t, msg, `g/rules.yaml:8:14: shuffle: "m" is a variable of type intmap`)
	assert.Contains(t, msg, `g/rules.yaml:9:14: shuffle: local "k" is of type int: shuffle a zone or a list`)
	assert.Contains(t, msg, `g/rules.yaml:10:14: unknown global zone "dek"`)
}

func toAny(xs []int) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// localShuffles shuffles a variable, a local list of strings and a local
// list of cards, in a loop so that the local is bound again.
const localShuffles = gemsDeck + `
vars:
  order: {type: ints, init: "[1, 2, 3, 4, 5, 1]"}
  first: {type: string}
flow:
  - repeat: 2
    do:
      - shuffle: order
      - let: {xs: '["x", "y", "z"]', cs: deck}
      - shuffle: xs
      - shuffle: cs
      - set: first
        to: cs[0].id + xs[0]
      - log: "order {order} xs {xs} cs {join(map(cs, #.id), ',')}"
      - choose: {who: 0, prompt: again, options: [{key: a}, {key: b}]}
`

// TestFlatShufflesALocalList: the flat runtime shuffles a local list as
// the present one does, drawn or supplied: the same outcomes, logged
// alike, and the same values after.
func TestFlatShufflesALocalList(t *testing.T) {
	p := load(t, localShuffles)
	kinds := map[EventKind]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		logsAgree(t, p, fmt.Sprintf("seed %d", seed), 1, seed, kinds)
	}
	require.NotZero(t, kinds[EventChance])
	supplied := []Outcome{
		{Name: "shuffle order", Result: []string{"5", "1", "4", "1", "3", "2"}},
		{Name: "shuffle xs", Result: []string{"z", "x", "y"}},
		{Name: "shuffle cs", Result: []string{"jade", "ruby", "opal", "pearl", "onyx"}},
	}
	g, err := NewGame(p, Config{Players: 1, Seed: 1, Outcomes: supplied})
	require.NoError(t, err)
	fp, err := p.Flat()
	require.NoError(t, err)
	fg, err := fp.NewGameWithLog(1, 1, supplied)
	require.NoError(t, err)
	assert.Equal(t, "jadez", eval(t, g, "first"))
	v, err := fg.Eval("first")
	require.NoError(t, err)
	assert.Equal(t, "jadez", v)
	_, err = fp.NewGameWithLog(1, 1, []Outcome{supplied[0], {Name: "shuffle xs", Result: []string{"x", "y"}}})
	_, want := NewGame(p, Config{Players: 1, Seed: 1, Outcomes: []Outcome{supplied[0], {Name: "shuffle xs", Result: []string{"x", "y"}}}})
	require.Error(t, err)
	require.Error(t, want)
	assert.Contains(t, want.Error(), err.Error())
}
