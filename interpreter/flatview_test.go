package interpreter

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlatViewsAgree plays random games of every shipped ruleset and
// variant on both runtimes and requires FlatGame.View and Glance to give
// Game.View's and Glance's texts, for every seat and for everyone (-1),
// at every few decisions and at the end. Every view of the shipped
// rulesets must be covered by the flat runtime.
func TestFlatViewsAgree(t *testing.T) {
	for name, p := range shippedVariants(t) {
		fp, err := p.Flat()
		require.NoError(t, err)
		for _, fv := range append(fp.fp.views, fp.fp.details...) {
			assert.Empty(t, fv.why, "%s: view or score detail %s", name, fv.name)
		}
		shown := 0
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			shown += viewsAgree(t, p, fp, fmt.Sprintf("%s/%dp", name, players), players, uint64(players))
		}
		t.Logf("%s: %d views and glances agree", name, shown)
	}
}

// viewsAgree plays one random game both ways and compares the views
// every seventh decision and at the end; it gives how many it compared.
func viewsAgree(t *testing.T, p *Program, fp *FlatProgram, where string, players int, seed uint64) int {
	t.Helper()
	g, err := NewGame(p, Config{Players: players, Seed: seed})
	require.NoError(t, err)
	fg, err := fp.NewGame(players, seed)
	require.NoError(t, err, where)
	r := rand.New(rand.NewPCG(seed, 11))
	shown := 0
	compare := func(step int) {
		for viewer := -1; viewer < players; viewer++ {
			got, err := fg.View(viewer)
			want := g.View(viewer)
			require.NoError(t, err, "%s: decision %d, viewer %d; the present runtime shows:\n%s", where, step, viewer, want)
			require.Equal(t, want, got, "%s: decision %d, viewer %d", where, step, viewer)
			got, err = fg.Glance(viewer)
			want = g.Glance(viewer)
			require.NoError(t, err, "%s: decision %d, viewer %d; the present runtime's glance:\n%s", where, step, viewer, want)
			require.Equal(t, want, got, "%s: decision %d, viewer %d: the glance", where, step, viewer)
			shown++
		}
	}
	for step := 0; !g.Over(); step++ {
		if step%7 == 0 {
			compare(step)
		}
		d := g.Pending()
		i := r.IntN(len(d.Options))
		require.NoError(t, g.Apply(d.Options[i].Key))
		require.NoError(t, fg.Apply(i))
	}
	compare(g.Decisions())
	res, err := fg.ResultDetails()
	require.NoError(t, err, where)
	require.Equal(t, g.Result(), res, "%s: the result and the scoring's details", where)
	return shown
}

// TestFlatViewSaysWhatItCannotShow: a view the flat runtime does not
// cover makes View fail with ErrFlatView, naming the view; the other
// parts of the program play on.
func TestFlatViewSaysWhatItCannotShow(t *testing.T) {
	p := load(t, `vars:
  n: {type: int, init: 2}
views:
  - {name: seats, expr: "players"}
flow:
  - choose:
      who: 0
      prompt: go?
      options:
        - {key: go}
`)
	fp, err := p.Flat()
	require.NoError(t, err)
	g, err := fp.NewGame(2, 1)
	require.NoError(t, err)
	_, err = g.View(-1)
	require.True(t, errors.Is(err, ErrFlatView), "%v", err)
	assert.Contains(t, err.Error(), "view seats")
	require.NoError(t, g.Apply(0))
	assert.True(t, g.Over())
}

// TestFlatDescribeAgrees requires FlatGame.Describe and CardInfo to give
// what Game.Describe and CardInfo give for every card (by id, and by
// definition), every board node and a miss, as everyone and as the first
// seat see them, halfway through a random game of every shipped ruleset
// and at its end.
func TestFlatDescribeAgrees(t *testing.T) {
	propsShown := 0
	for name, p := range keptPrograms(t) {
		fp, err := p.Flat()
		require.NoError(t, err)
		players := p.MinPlayers()
		g, err := NewGame(p, Config{Players: players, Seed: 5})
		require.NoError(t, err)
		fg, err := fp.NewGame(players, 5)
		require.NoError(t, err)
		var queries []string
		for i := range p.cards {
			queries = append(queries, p.cards[i].id)
		}
		queries = append(append(queries, p.cardNamesAndIDs()...), p.nodeNamesAndIDs()...)
		queries = append(queries, "no such thing")
		compare := func(when string) int {
			for _, q := range queries {
				for _, viewer := range []int{-1, 0} {
					want, werr := g.Describe(q, viewer)
					got, err := fg.Describe(q, viewer)
					require.Equal(t, werr, err, "%s %s: describe %q as %d", name, when, q, viewer)
					require.Equal(t, want, got, "%s %s: describe %q as %d", name, when, q, viewer)
				}
				want, werr := g.CardInfo(q)
				got, err := fg.CardInfo(q)
				require.Equal(t, werr, err, "%s %s: card %q", name, when, q)
				require.Equal(t, want, got, "%s %s: card %q", name, when, q)
				if strings.Contains(want, "(now)") {
					propsShown++
				}
			}
			return len(queries)
		}
		r := rand.New(rand.NewPCG(5, 13))
		n := 0
		for !g.Over() {
			if g.Decisions() == 40 {
				n += compare("at decision 40")
			}
			d := g.Pending()
			i := r.IntN(len(d.Options))
			require.NoError(t, g.Apply(d.Options[i].Key))
			require.NoError(t, fg.Apply(i))
		}
		n += compare("at the end")
		t.Logf("%s: %d names described alike", name, n)
	}
	assert.Positive(t, propsShown, "no card showed a prop that is not zero: the props went unchecked")
}
