package interpreter

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlatLayoutHoldsEveryState packs the state of every decision of
// random games of every shipped ruleset (every player count, a clone at
// every seventh decision) into the flat layout and reads each variable,
// player variable, zone and card prop back: all of them must come back
// as the map state holds them, and no root name may be left that the
// layout does not account for.
func TestFlatLayoutHoldsEveryState(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		l := newFlatLayout(p)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			where := fmt.Sprintf("%s/%dp", name, players)
			g, err := NewGame(p, Config{Players: players, Seed: uint64(players) + 3})
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(uint64(players), 11))
			for step := 0; !g.Over(); step++ {
				requireFlatAgrees(t, l, g, fmt.Sprintf("%s, decision %d", where, step))
				d := g.Pending()
				key := d.Options[r.IntN(len(d.Options))].Key
				if step%7 == 0 {
					c := g.Clone()
					require.NoError(t, c.Apply(key))
					requireFlatAgrees(t, l, c, fmt.Sprintf("%s, a clone after decision %d", where, step))
				}
				require.NoError(t, g.Apply(key))
			}
			requireFlatAgrees(t, l, g, where+", over")
			assert.Empty(t, unlaidRootNames(p, l, g), "%s: root names the layout does not hold", where)
		}
	}
}

// requireFlatAgrees packs g and compares every value read back with g's.
func requireFlatAgrees(t *testing.T, l *flatLayout, g *Game, where string) {
	t.Helper()
	fs, err := l.packFlat(g)
	require.NoError(t, err, where)
	for _, diff := range flatDiffs(l, fs, g) {
		require.Fail(t, "a value read back differs", "%s: %s", where, diff)
	}
}

// flatDiffs lists each value fs reads back differently from g's state.
func flatDiffs(l *flatLayout, fs *flatState, g *Game) []string {
	var out []string
	differ := func(what string, got, want any) {
		if !reflect.DeepEqual(got, want) {
			out = append(out, fmt.Sprintf("%s: read back %v, the state holds %v", what, got, want))
		}
	}
	for j, v := range l.vars {
		differ("var "+v.name, l.value(fs, fs.cells[j], v.typ), g.st.root[v.name])
	}
	players := g.st.root["players"].([]any)
	for seat := range fs.players {
		pm := players[seat].(map[string]any)
		for j, v := range l.pvars {
			differ(fmt.Sprintf("players[%d].%s", seat, v.name), l.value(fs, fs.cells[l.pvarCell(seat, j)], v.typ), pm[v.name])
		}
		for j, z := range l.pzones {
			differ(fmt.Sprintf("players[%d].%s", seat, z), cardIDs(g, l, fs.zones[l.pzone(seat, j)]), zoneIDs(pm[z]))
		}
	}
	for i, z := range l.zones {
		v := g.st.root[z.name]
		if z.family != "" {
			v = g.family(z.family)[z.key]
		}
		differ("zone "+z.name, cardIDs(g, l, fs.zones[i]), zoneIDs(v))
	}
	for c := range l.cards {
		for j, typ := range l.propType {
			differ(fmt.Sprintf("card %d's %s", c, l.props[j]), l.value(fs, *l.propOf(fs, c, j), typ), g.cardProp(c, j))
		}
	}
	return out
}

// cardIDs are the ids of the cards numbered nums.
func cardIDs(g *Game, l *flatLayout, nums []int32) []string {
	out := make([]string, len(nums))
	for i, n := range nums {
		out[i] = l.strs.strs[1+n] // card ids are interned first, after ""
	}
	return out
}

// zoneIDs are the ids of a zone's cards, as the state holds them.
func zoneIDs(v any) []string {
	xs, _ := v.([]any)
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i], _ = x.(map[string]any)["id"].(string)
	}
	return out
}

// unlaidRootNames are the names of g's root map that are neither laid out
// (the phase, a variable, a zone, a family, the players) nor immutable
// Program data (a constant or a board), the player count, the game's
// handle or a local.
func unlaidRootNames(p *Program, l *flatLayout, g *Game) []string {
	known := map[string]bool{"players": true, "player_count": true, gameKey: true}
	for k := range p.consts {
		known[k] = true
	}
	for _, v := range l.vars {
		known[v.name] = true
	}
	for _, z := range l.zones {
		known[z.name] = true
		known[z.family] = true
	}
	var out []string
	for k := range g.st.root {
		if !known[k] && !strings.HasPrefix(k, "local ") {
			out = append(out, k)
		}
	}
	return out
}

// TestFlatDiffsFindAChange makes sure the comparison above can fail: a
// variable, a zone and a prop changed in the packed state are each found.
func TestFlatDiffsFindAChange(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		l := newFlatLayout(p)
		g, err := NewGame(p, Config{Players: p.MinPlayers(), Seed: 1})
		require.NoError(t, err)
		fs, err := l.packFlat(g)
		require.NoError(t, err)
		require.Empty(t, flatDiffs(l, fs, g), name)

		changed := fs.clone()
		changed.cells[l.pvarCell(0, 0)] ^= 1 // a player variable's number (or payload index) changed
		if l.pvars[0].typ != "int" && l.pvars[0].typ != "bool" && l.pvars[0].typ != "string" {
			changed.lists = append(changed.lists, []int64{7, 7})
			changed.cells[l.pvarCell(0, 0)] = int64(len(changed.lists) - 1)
		}
		assert.NotEmpty(t, flatDiffs(l, changed, g), "%s: a player variable changed", name)
		if len(l.zones) > 0 && l.cards > 0 {
			changed = fs.clone()
			changed.zones[0] = append([]int32{0}, fs.zones[0]...)
			assert.NotEmpty(t, flatDiffs(l, changed, g), "%s: a zone changed", name)
		}
	}
}

// BenchmarkFlatClone clones the flat form of a mid-game state of each
// shipped ruleset (its most players; seed 1, random decisions, half of
// the game played), and reports its size: what a clone of the typed flat
// state costs before any copy-on-write of its props or lists, against
// BenchmarkClone's present state.
//
//	go test ./interpreter -run '^$' -bench FlatClone -benchtime 200000x -cpu 1
func BenchmarkFlatClone(b *testing.B) {
	for name, p := range shippedPrograms(&testing.T{}) {
		l := newFlatLayout(p)
		g, err := NewGame(p, Config{Players: p.MaxPlayers(), Seed: 1})
		require.NoError(b, err)
		r := rand.New(rand.NewPCG(1, 1))
		for i := 0; i < 60 && !g.Over(); i++ {
			d := g.Pending()
			require.NoError(b, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
		}
		fs, err := l.packFlat(g)
		require.NoError(b, err)
		b.Run(fmt.Sprintf("%s/%dp", name, p.MaxPlayers()), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = fs.clone()
			}
			b.ReportMetric(float64(fs.words()*8), "state-bytes")
			b.ReportMetric(float64(len(fs.cells)), "cells")
		})
	}
}
