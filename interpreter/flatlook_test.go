package interpreter

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// flatSnapshot is a deep copy of what a flat game's play reads: the
// state's numbers and the locals.
type flatSnapshot struct {
	cells, locals []int64
	props, lists  [][]int64
	zones, llists [][]int32
	loc           []int32
	lnums         [][]int64
	frames        []string
}

func snapshotFlat(g *flatGame) flatSnapshot {
	fs, e := g.env.fs, &g.env
	deep32 := func(xs [][]int32) [][]int32 {
		out := make([][]int32, len(xs))
		for i, x := range xs {
			out[i] = slices.Clone(x)
		}
		return out
	}
	deep64 := func(xs [][]int64) [][]int64 {
		out := make([][]int64, len(xs))
		for i, x := range xs {
			out[i] = slices.Clone(x)
		}
		return out
	}
	s := flatSnapshot{cells: slices.Clone(fs.cells), locals: slices.Clone(e.locals), props: deep64(fs.props), lists: deep64(fs.lists),
		zones: deep32(fs.zones), llists: deep32(e.localLists), loc: slices.Clone(fs.loc), lnums: deep64(e.localNums)}
	for _, f := range g.frames {
		s.frames = append(s.frames, fmt.Sprintf("%p %d %d %d %v %v %v", f.blk, f.pc, f.idx, f.count, f.cards, f.nums, f.saved))
	}
	return s
}

// A bot's look-ahead (a clone, reseeded and redealt, cloned again per
// option, each option played with its follow-ups and rated) leaves the
// game it looks from exactly as it was, in random games of every shipped
// ruleset.
func TestFlatLookAheadLeavesTheGameAlone(t *testing.T) {
	for name, p := range keptPrograms(t) {
		fp, err := p.Flat()
		require.NoError(t, err)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			g, err := fp.NewGame(players, 7)
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(7, uint64(players)))
			for step := 0; !g.Over(); step++ {
				before := snapshotFlat(g.g)
				w := g.Clone()
				w.Reseed(uint64(step))
				w.RedealUnseen(g.Player())
				for i := range g.Options() {
					c := w.Clone()
					if c.Apply(i) != nil {
						continue
					}
					for k := 0; k < 3 && !c.Over(); k++ {
						if c.Apply(0) != nil {
							break
						}
					}
					_, _ = c.Heuristic(g.Player())
				}
				require.Equal(t, before, snapshotFlat(g.g), "%s/%dp decision %d: the game changed under its look-ahead", name, players, step)
				require.NoError(t, g.Apply(r.IntN(g.Options())))
			}
		}
	}
}
