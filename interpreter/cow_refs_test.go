package interpreter

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReplaceRefsReachesEveryLocal: replaceRefs walks only the locals the
// running frames bound. In games of every shipped ruleset at every player
// count — each decision also taken on a clone, so that first writes after
// a clone happen on both sides — no local of the root holds a map a
// replacement has just replaced.
func TestReplaceRefsReachesEveryLocal(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			t.Run(fmt.Sprintf("%s/%dp", name, players), func(t *testing.T) {
				replaced := 0
				check := func(g *Game) func(r *refReplacer) {
					return func(r *refReplacer) {
						replaced++
						// The new map matches too: only an old one is missed.
						newMap := reflect.ValueOf(r.n).UnsafePointer()
						stale := &refReplacer{g: g, n: r.n, match: func(m map[string]any) bool {
							return r.match(m) && reflect.ValueOf(m).UnsafePointer() != newMap
						}}
						g.st.syncLocals() // the locals live in their slots between reads of the map
						for k, v := range g.st.root {
							if _, missed := stale.value(v); missed && strings.HasPrefix(k, localKey("")) {
								var names []string
								for _, f := range g.st.frames {
									for _, sv := range f.saved {
										names = append(names, sv.name+"="+sv.localKey())
									}
								}
								t.Fatalf("local %q still holds the replaced map; frames bound %v", k, names)
							}
						}
					}
				}
				g, err := NewGame(p, Config{Players: players, Seed: uint64(players), KeysOnly: true})
				require.NoError(t, err)
				g.refCheck = check(g)
				rnd := rand.New(rand.NewPCG(uint64(players), 7))
				for !g.Over() {
					d := g.Pending()
					key := d.Options[rnd.IntN(len(d.Options))].Key
					c := g.Clone()
					c.refCheck = check(c)
					require.NoError(t, c.Apply(key))
					require.NoError(t, g.Apply(key))
				}
				require.Positive(t, replaced, "no replacement happened")
			})
		}
	}
}
