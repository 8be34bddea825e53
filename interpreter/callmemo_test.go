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
