package interpreter

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFlatTextsAgree plays random games of every shipped ruleset with
// their texts (labels, prompts, log lines) and renders every template
// the present runtime renders, whose holes the typed closures cover, over
// the flat packing of the state at that moment: the text must be the
// same. It logs the share of renders covered and why the rest is not.
func TestFlatTextsAgree(t *testing.T) {
	for name, p := range keptPrograms(t) {
		s := newFlatShadow(p, 1)
		s.t = t
		tmpls := map[*template]*flatTemplate{}
		whyNot := map[*template]string{}
		renders, checked, gaveUp := 0, 0, 0
		misses := map[string]int{}
		for _, players := range []int{p.MinPlayers(), p.MaxPlayers()} {
			g, err := NewGame(p, Config{Players: players, Seed: uint64(players) + 21})
			require.NoError(t, err)
			g.buffers().renderCheck = func(tm *template, text string) {
				if g.callDepth != 0 {
					return
				}
				renders++
				ft, known := tmpls[tm]
				if !known {
					ft, whyNot[tm] = s.fc.compileTemplate(tm)
					tmpls[tm] = ft
				}
				if ft == nil {
					misses[whyNot[tm]]++
					return
				}
				fs, err := s.l.packFlat(g)
				require.NoError(t, err)
				e, err := s.env(g, fs, ft.frame)
				require.NoError(t, err)
				got, ok := ft.render(e, nil)
				if !ok {
					gaveUp++
					return
				}
				checked++
				require.Equal(t, text, string(got), "%s: a text rendered over the flat state", name)
			}
			r := rand.New(rand.NewPCG(uint64(players), 31))
			for !g.Over() {
				d := g.Pending()
				require.NoError(t, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
			}
		}
		t.Logf("%s: %d texts rendered, %d checked (%.0f%%), %d gave up; not covered: %v", name, renders, checked,
			100*float64(checked)/float64(max(renders, 1)), gaveUp, fmt.Sprint(misses))
		require.NotZero(t, checked, name)
	}
}
