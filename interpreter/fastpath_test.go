package interpreter

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/rulesets"
	"agon/schema"
)

// TestFastPathsAgreeWithTheVM plays random games of every shipped ruleset
// and evaluates every expression a fast path computed with the VM too:
// the values must be equal.
func TestFastPathsAgreeWithTheVM(t *testing.T) {
	entries, err := fs.ReadDir(rulesets.FS, ".")
	require.NoError(t, err)
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		p, err := Load(rulesets.FS, e.Name(), "")
		require.NoError(t, err)
		fast := 0
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			g, err := newGame(p, Config{Players: players, Seed: uint64(players)})
			require.NoError(t, err)
			g.fastCheck = func(c *compiled, v any) {
				fast++
				// A VM of its own: the game's may be running the caller.
				want, err := g.newVM().Run(c.prog, g.st.root)
				require.NoError(t, err, c.src.Src)
				require.Equal(t, want, v, "%s: %s", c.src.Pos, c.src.Src)
			}
			g.push(p.flow)
			g.push(p.setup)
			require.NoError(t, g.run())
			bots := make([]Bot, players)
			for s := range bots {
				bots[s], _ = NewBot("random", SeatSeed(1, s))
			}
			require.NoError(t, Play(g, bots))
		}
		assert.Positive(t, fast, "%s: no fast path ran", e.Name())
	}
}

func TestFastPathGivesUpWhereTheVMWouldFail(t *testing.T) {
	g := start(t, `
vars:
  xs: {type: ints}
  big: {type: int, init: "9223372036854775807"}
flow: []
`, 1)
	for _, src := range []string{"xs[2]", "big + 1 > 0", "xs[-1]", "xs[0] == 1", "len(xs) > big + 1"} {
		c, err := g.prog.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(t, err, src)
		require.NotNil(t, c.fast, "%s has a fast path", src)
		_, ok := c.fast(g.st.root)
		assert.False(t, ok, "%s: the fast path must give up", src)
	}
}
