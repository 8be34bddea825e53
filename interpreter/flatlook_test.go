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

// A world dealt anew for a seat is the same on both runtimes: the same
// cards in the same places of every zone, after the same draws, in random
// games of every shipped ruleset, for every seat.
func TestFlatRedealAgrees(t *testing.T) {
	for name, p := range keptPrograms(t) {
		fp, err := newFlatProgram(p)
		require.NoError(t, err)
		dealt := 0
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			g, fg := flatPair(t, p, fp, players, 3)
			r := rand.New(rand.NewPCG(3, uint64(players)))
			for step := 0; !g.Over(); step++ {
				if step%4 == 0 {
					for seat := range players {
						w := g.Clone()
						w.Reseed(uint64(step))
						w.RedealUnseen(seat)
						want, err := fp.l.packFlat(w)
						require.NoError(t, err)
						fw := (&FlatGame{g: fg}).Clone()
						fw.Reseed(uint64(step))
						fw.RedealUnseen(seat)
						for z := range want.zones { // nil and empty alike
							require.True(t, slices.Equal(want.zones[z], fw.g.env.fs.zones[z]), "%s/%dp decision %d seat %d: zone %d is %v, not %v",
								name, players, step, seat, z, fw.g.env.fs.zones[z], want.zones[z])
						}
						require.Equal(t, want.loc, fw.g.env.fs.loc, "%s/%dp decision %d seat %d: the cards' places", name, players, step, seat)
						if !slices.Equal(fw.g.env.fs.loc, fg.env.fs.loc) || !slices.EqualFunc(fw.g.env.fs.zones, fg.env.fs.zones, slices.Equal) {
							dealt++
						}
					}
				}
				i := r.IntN(len(g.Pending().Options))
				require.NoError(t, g.Apply(g.Pending().Options[i].Key))
				require.NoError(t, fg.Apply(i))
			}
		}
		t.Logf("%s: %d worlds dealt anew", name, dealt)
		if len(p.cards) > 0 {
			require.Positive(t, dealt, "%s: some world was dealt anew", name)
		}
	}
}
