package interpreter

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"agon/schema"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlatOptionsAgree plays random games of every shipped ruleset and,
// at every decision whose choose the flat compile covers, lists the
// options over the flat packing of the state: the decider and the keys,
// in order, must be the present runtime's pending decision's.
func TestFlatOptionsAgree(t *testing.T) {
	for name, p := range keptPrograms(t) {
		s := newFlatShadow(p, 1)
		choices := map[*choice]*flatChoice{}
		whyNot := map[*choice]string{}
		misses, gaveUpAt := map[string]int{}, map[string]int{}
		checked, gaveUp := 0, 0
		for _, players := range []int{p.MinPlayers(), p.MaxPlayers()} {
			g, err := NewGame(p, Config{Players: players, Seed: uint64(players) + 13, NoLog: true})
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(uint64(players), 29))
			for step := 0; !g.Over(); step++ {
				d := g.Pending()
				ch := g.st.pending.choice
				fch, known := choices[ch]
				if !known {
					var why string
					fch, why = s.fc.compileChoice(ch)
					choices[ch], whyNot[ch] = fch, why
				}
				if fch == nil {
					misses[whyNot[ch]]++
				}
				if fch != nil {
					fs, err := s.l.packFlat(g)
					require.NoError(t, err)
					e, err := s.env(g, fs, fch.frame)
					require.NoError(t, err)
					who, opts, ok := fch.list(e, nil)
					if ok {
						checked++
						var keys, want []string
						for _, o := range opts {
							keys = append(keys, fch.key(e, o))
						}
						for _, o := range d.Options {
							want = append(want, o.Key)
						}
						where := fmt.Sprintf("%s/%dp decision %d (%s)", name, players, step, ch.posText)
						assert.Equal(t, int64(d.Player), who, "%s: the decider", where)
						require.Equal(t, want, keys, "%s: the keys", where)
					} else {
						gaveUp++
						gaveUpAt[ch.posText]++
					}
				}
				require.NoError(t, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
			}
		}
		t.Logf("%s: %d decisions checked, %d gave up %v; decisions not covered, by reason: %v", name, checked, gaveUp, gaveUpAt, misses)
		require.NotZero(t, checked, name)
	}
}

// hoistRules has option groups whose when mixes calls that depend on the
// element (directly, through a let, through a predicate's #) with calls
// that do not (flatexpr_hoist.go): only the latter may be computed once
// per listing.
const hoistRules = `
cards:
  gem:
    zone: pile
    attributes:
      worth: {type: int}
    rows:
      - {id: a, worth: 1}
      - {id: b, worth: 2}
      - {id: c, worth: 3}
      - {id: d, worth: 4}
      - {id: e, worth: 5}
zones:
  pile: {}
  box: {}
player_vars:
  coins: {type: int, init: 3}
functions:
  purse:
    params: {p: int}
    returns: int
    expr: players[p].coins + count(box, .worth > 0)
  price:
    params: {c: card}
    returns: int
    expr: c.worth
  above:
    params: {n: int, m: int}
    returns: bool
    expr: n > m
flow:
  - repeat: 6
    do:
      - choose:
          who: 0
          prompt: take
          options:
            - key: take
              for_each: pile
              as: c
              when: "price(c) <= purse(0) && (let w = price(c); above(purse(0) + 1, w)) && not any([1, 2, 3, 4, 5], above(#, price(c)) && above(#, 3))"
              do:
                - {move: c, into: box}
                - {add: "players[0].coins", by: -1}
            - key: count
              for_each: "[0, 1, 2, 3, 4, 5]"
              as: n
              when: "len(box) >= n && any([0, 1, 2, 3, 4, 5], above(#, len(box) - 1))"
              do:
                - {add: "players[0].coins", by: 2}
scoring: {score: "players[me].coins"}
`

// TestFlatHoistingKeepsTheKeys plays random games of hoistRules on both
// runtimes: the keys must be the same at every decision (a call in when
// that depends on the element, computed once per listing, gives other
// keys), and the calls that do not depend on it are hoisted.
func TestFlatHoistingKeepsTheKeys(t *testing.T) {
	rs, ds := schema.Load(rulesFS(hoistRules), "g")
	require.NoError(t, ds.Err())
	p := compileRuleset(rs, ds)
	require.NoError(t, ds.Err())
	fp, err := newFlatProgram(p)
	require.NoError(t, err)
	hoisted := 0
	for _, b := range fp.blocks {
		for _, s := range b.steps {
			if s.choice != nil {
				for _, g := range s.choice.groups {
					hoisted += len(g.hoisted)
				}
			}
		}
	}
	assert.Equal(t, 5, hoisted, "purse(0) twice, len(box) twice, and the any of the count group (its # is its own)")
	for seed := uint64(1); seed <= 40; seed++ {
		playBoth(t, p, fp, "hoist", 1, seed)
	}
}
