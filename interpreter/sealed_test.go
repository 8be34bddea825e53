package interpreter

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sealedGame = `
cards:
  things:
    zone: pile
    attributes: {worth: {type: int}}
    rows: [{id: a, worth: 1}, {id: b, worth: 2}]
zones:
  pile: {visibility: hidden}
vars:
  x: {type: int, init: "total(pile)"}
functions:
  total:
    params: {cs: cards}
    returns: int
    expr: sum(cs, .worth)
flow:
  - choose: {who: 0, prompt: go, options: [{key: go}]}
`

// Every route from an expression to the environment as a whole (and so
// to the game behind agon's own functions) is refused when the
// expression is compiled: in a ruleset (testgames/invalid/load/
// env_reaches_game) and in a transcript check or an inspected expression
// (here). None hangs, runs a method or prints an address.
func TestExpressionsCannotReachTheGame(t *testing.T) {
	g := start(t, sealedGame, 1)
	for _, src := range []string{
		`get($env, "$game")`,
		`get($env, "$game").Exec("- {shuffle: pile}")`,
		`$env["$game"]`,
		`$env?.$game`,
		`$env.x`,
		`$env`,
		`string($env)`,
		`toJSON($env)`,
		`let $env = {}; 1`,
		`[1, get($env, "$game").Eval("2")][0] == 1`,
	} {
		t.Run(src, func(t *testing.T) {
			_, err := g.Eval(src)
			require.Error(t, err)
			assert.Regexp(t, `^<expression>:1:\d+: \$env is not available in expressions`, err.Error())
			ok, err := CheckExpr(g, src)
			assert.False(t, ok)
			require.Error(t, err, "a transcript check: is compiled the same way")
			assert.NotContains(t, err.Error(), "0x")
		})
	}
	for _, src := range []string{`$game`, `$game != nil`, `$ game`} {
		_, err := g.Eval(src)
		assert.Error(t, err, src)
	}
	assert.Equal(t, 3, eval(t, g, "x"), "ruleset functions still find their game")
	assert.Equal(t, 3, eval(t, g, "total(pile)"))
}

// The environment an expression runs with holds data only: no Go value
// with methods, no function, no pointer, apart from the game handle under
// a key no expression can name.
func TestEnvironmentHoldsOnlyData(t *testing.T) {
	g := start(t, sealedGame, 2)
	for _, gg := range []*Game{g, g.Clone()} {
		for k, v := range gg.st.root {
			if k == gameKey {
				assert.IsType(t, gameRef{}, v)
				continue
			}
			assert.NoError(t, onlyData(v), k)
		}
	}
}

// The same holds for every shipped game, at every decision of a game.
func TestShippedGamesEnvironmentHoldsOnlyData(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		g, err := NewGame(p, Config{Players: p.MinPlayers(), Seed: 3})
		require.NoError(t, err)
		for n := 0; n < 60 && !g.Over(); n++ {
			for k, v := range g.st.root {
				if k != gameKey {
					require.NoError(t, onlyData(v), "%s: %s after %d decisions", name, k, n)
				}
			}
			require.NoError(t, g.Apply(g.Pending().Options[0].Key))
		}
	}
}

func onlyData(v any) error {
	switch x := v.(type) {
	case nil, int, string, bool, float64, []int, []string, map[string]int, []map[string]int, map[string][]string:
		return nil
	case boardValue:
		return onlyData(map[string]any(x))
	case nodeValue:
		return onlyData(map[string]any(x))
	case []any:
		for _, e := range x {
			if err := onlyData(e); err != nil {
				return err
			}
		}
		return nil
	case map[string]any:
		for k, e := range x {
			if err := onlyData(e); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
		}
		return nil
	}
	return fmt.Errorf("%T is not data", v)
}

// A board prints as data: no Go pointer (whose address would differ
// from run to run) is reachable from its value.
func TestBoardPrintsAsData(t *testing.T) {
	g := start(t, boardRules+"flow:\n  - log: hi\n", 1)
	for _, src := range []string{`string(map)`, `toJSON(map)`, `string(node(map, "athens"))`} {
		v, err := g.Eval(src)
		require.NoError(t, err, src)
		assert.NotContains(t, fmt.Sprint(v), "0x", src)
	}
}
