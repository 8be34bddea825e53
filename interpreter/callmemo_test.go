package interpreter

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/rulesets"
)

// TestRememberedCallsAreWhatComputingGives plays random games of every
// shipped ruleset and computes every remembered call again where it is
// reused: the value must be the one computing gives. A write that does not
// touch the name it wrote would leave a stale value here.
func TestRememberedCallsAreWhatComputingGives(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	total := 0
	for name, p := range shippedPrograms(t) {
		require.Positive(t, p.memoCount, "%s remembers no function", name)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				g, err := newGame(p, Config{Players: players, Seed: seed})
				require.NoError(t, err)
				where := fmt.Sprintf("%s/%dp/seed%d", name, players, seed)
				g.memoCheck = func(f *function, kept, computed any, ok bool) {
					total++
					require.True(t, ok, "%s: %s: computing again gave up", where, f.name)
					require.Equal(t, computed, kept, "%s: %s: the remembered value is stale", where, f.name)
				}
				g.push(p.flow)
				g.push(p.setup)
				require.NoError(t, g.run())
				playOut(t, g, seed)
			}
		}
	}
	assert.Greater(t, total, 1000, "remembered values were reused")
}

// TestRememberedCallsChangeNothing plays random games of every shipped
// ruleset with and without remembered calls: the logs and results must be
// equal.
func TestRememberedCallsChangeNothing(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		plain, err := Load(rulesets.FS, name, "")
		require.NoError(t, err)
		for _, f := range plain.funcs {
			f.memo = -1 // the closures hold these functions: none remembers
		}
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			where := fmt.Sprintf("%s/%dp", name, players)
			a, b := playSeeded(t, p, players, 2), playSeeded(t, plain, players, 2)
			require.Equal(t, b.Events(), a.Events(), where)
			require.Equal(t, b.Result(), a.Result(), where)
		}
	}
}

// TestARememberedCallIsForgottenWhenWhatItReadsChanges: a function over a
// zone gives its new value after a move into the zone and after a write
// of a variable it reads; reused in between, and only while effects run
// (an evaluation from outside computes).
func TestARememberedCallIsForgottenWhenWhatItReadsChanges(t *testing.T) {
	g := start(t, `
cards:
  gem:
    zone: pile
    attributes:
      colour: {type: string}
    rows:
      - {id: ruby, colour: red, count: 2}
      - {id: opal, colour: white}
zones:
  pile: {}
  box: {}
vars:
  bonus: {type: int}
functions:
  boxed:
    params: {c: string}
    returns: int
    expr: count(box, .colour == c) + bonus
flow:
  - log: "{boxed('red')} {boxed('red')}"
  - move: card('ruby#1')
    into: box
  - log: "{boxed('red')} {boxed('white')}"
  - set: bonus
    to: 5
  - log: "{boxed('red')} {boxed('red')}"
`, 1)
	require.Equal(t, 0, g.prog.funcs["boxed"].memo, "boxed is remembered")
	assert.Equal(t, []string{"0 0", "1 0", "6 6"}, logs(g))
	fm := g.memo.fns[0]
	assert.Equal(t, int32(2), fm.reused, "the second call of each log with the same argument")
	assert.Equal(t, int32(4), fm.computed)
	v, err := g.Eval("boxed('red')")
	require.NoError(t, err)
	assert.Equal(t, 6, v)
	assert.Equal(t, int32(2), g.memo.fns[0].reused, "Eval runs no effects: it computes")
}

// memoWrites writes the state by every kind of effect between logs that
// call one remembered function per kind of state read (each iterates, so
// each is remembered), all in one run: a write that forgets to touch
// what it wrote leaves a reuse the check below finds stale.
const memoWrites = `
cards:
  gem:
    zone: pile
    props:
      shiny: {type: bool}
    rows:
      - {id: g, count: 6}
vars:
  x: {type: int}
  xs: {type: ints, init: "[1, 2, 3]"}
  m: {type: intmap}
  die: {type: int}
player_vars:
  score: {type: int}
zones:
  pile: {}
  box: {}
  hand: {owner: player}
functions:
  f_x:     {returns: int, expr: "sum([x], #)"}
  f_xs:    {returns: int, expr: "sum(xs, #) + xs[0] * 10"}
  f_m:     {returns: int, expr: "sum(keys(m), m[#])"}
  f_die:   {returns: int, expr: "sum([die], #)"}
  f_score: {returns: int, expr: "sum(players, .score)"}
  f_hand:  {returns: int, expr: "count(players[0].hand, true)"}
  f_pile:  {returns: string, expr: "join(map(pile, .id), ',')"}
  f_box:   {returns: int, expr: "count(box, .shiny)"}
  f_phase: {returns: int, expr: "findIndex(['one', 'two'], # == phase) ?? -1"}
  f_where: {returns: string, expr: "join(map(filter(box, true), .zone), ',')"}
phases:
  one:
    do: []
  two:
    do: []
flow:
  - log: "{f_x()} {f_xs()} {f_m()} {f_die()} {f_score()} {f_hand()} {f_pile()} {f_box()} {f_phase()} {f_where()}"
  - set: x
    to: 4
  - log: "{f_x()} {f_x()}"
  - set: xs[0]
    to: 9
  - log: "{f_xs()} {f_xs()}"
  - add: m['a']
    by: 2
  - log: "{f_m()} {f_m()}"
  - roll: die
    faces: 1..6
  - log: "{f_die()} {f_die()}"
  - add: players[0].score
    by: 3
  - log: "{f_score()} {f_score()}"
  - draw: 2
    from: pile
    into: players[0].hand
  - log: "{f_hand()} {f_pile()} {f_hand()} {f_pile()}"
  - move: first(pile)
    into: box
  - log: "{f_pile()} {f_box()} {f_where()} {f_box()}"
  - set: first(box).shiny
    to: true
  - log: "{f_box()} {f_box()}"
  - shuffle: pile
  - log: "{f_pile()} {f_pile()}"
  - shuffle: xs
  - log: "{f_xs()} {f_xs()}"
  - phase: one
  - log: "{f_phase()} {f_phase()}"
  - phase: two
  - log: "{f_phase()} {f_phase()}"
  - for_each: players[0].hand
    as: c
    do:
      - move: c
        into: box
      - log: "{f_hand()} {f_box()} {f_where()}"
`

func TestRememberedCallsSeeEveryKindOfWrite(t *testing.T) {
	p := load(t, memoWrites)
	for _, name := range []string{"f_x", "f_xs", "f_m", "f_die", "f_score", "f_hand", "f_pile", "f_box", "f_phase", "f_where"} {
		require.GreaterOrEqual(t, p.funcs[name].memo, 0, "%s is remembered", name)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := newGame(p, Config{Players: 2, Seed: seed})
		require.NoError(t, err)
		reused := 0
		g.memoCheck = func(f *function, kept, computed any, ok bool) {
			reused++
			require.True(t, ok, "%s: computing again gave up", f.name)
			require.Equal(t, computed, kept, "seed %d: %s: the remembered value is stale", seed, f.name)
		}
		g.push(p.flow)
		g.push(p.setup)
		require.NoError(t, g.run())
		require.True(t, g.Over())
		assert.Greater(t, reused, 10, "the second call of each log reuses")
		plain := load(t, memoWrites)
		for _, f := range plain.funcs {
			f.memo = -1
		}
		h, err := NewGame(plain, Config{Players: 2, Seed: seed})
		require.NoError(t, err)
		assert.Equal(t, logs(h), logs(g), "seed %d: the same logs without remembered calls", seed)
	}
}
