package interpreter

import (
	"fmt"
	"math/rand/v2"
	"testing"

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
