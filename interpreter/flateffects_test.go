package interpreter

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// writeShadow applies, beside a game, the flat compile of each set, add
// and move the game runs to the flat packing of the state before it, and
// compares the result with the packing of the state after it.
type writeShadow struct {
	*flatShadow
	writes  map[*effect]*flatWrite
	whyNot  map[*effect]string
	before  *flatState
	env     *flatEnv
	applied map[string]int // effects checked, by kind
	misses  map[string]int
	example map[string]string
	gaveUp  int
	diffs   []string
}

func newWriteShadow(p *Program) *writeShadow {
	return &writeShadow{flatShadow: newFlatShadow(p, 1), writes: map[*effect]*flatWrite{}, whyNot: map[*effect]string{},
		applied: map[string]int{}, misses: map[string]int{}, example: map[string]string{}}
}

// check is the game's effectCheck hook.
func (s *writeShadow) check(g *Game, ef *effect, done bool) {
	w, known := s.writes[ef]
	if !known {
		var why string
		w, why = s.fc.compileWrite(ef)
		s.writes[ef], s.whyNot[ef] = w, why
	}
	if w == nil {
		if !done {
			s.misses[s.whyNot[ef]]++
			if _, ok := s.example[s.whyNot[ef]]; !ok {
				s.example[s.whyNot[ef]] = ef.kind + " at " + ef.pos.String()
			}
		}
		return
	}
	if !done {
		fs, err := s.l.packFlat(g)
		require.NoError(s.t, err)
		e, err := s.flatShadow.env(g, fs, w.frame)
		require.NoError(s.t, err)
		s.before, s.env = fs, e
		return
	}
	after, err := s.l.packFlat(g)
	require.NoError(s.t, err)
	if !w.apply(s.env) {
		s.gaveUp++
		return
	}
	s.applied[ef.kind]++
	if d := flatStateDiffs(s.l, s.before, after); d != "" {
		s.diffs = append(s.diffs, fmt.Sprintf("%s at %s: %s", ef.kind, ef.pos, d))
	}
}

// flatStateDiffs names the first parts in which a and b read back
// differently: variables, player variables, zones, locations and props.
func flatStateDiffs(l *flatLayout, a, b *flatState) string {
	var out []string
	differ := func(what string, x, y any) {
		if !reflect.DeepEqual(x, y) && len(out) < 3 {
			out = append(out, fmt.Sprintf("%s: flat %v, present %v", what, x, y))
		}
	}
	for j, v := range l.vars {
		differ("var "+v.name, l.value(a, a.cells[j], v.typ), l.value(b, b.cells[j], v.typ))
	}
	for seat := range a.players {
		for j, v := range l.pvars {
			c := l.pvarCell(seat, j)
			differ(fmt.Sprintf("players[%d].%s", seat, v.name), l.value(a, a.cells[c], v.typ), l.value(b, b.cells[c], v.typ))
		}
	}
	for z := range a.zones {
		differ(fmt.Sprintf("zone %d", z), nonNil(a.zones[z]), nonNil(b.zones[z]))
	}
	differ("locations", a.loc, b.loc)
	for c := range l.cards {
		for j, typ := range l.propType {
			differ(fmt.Sprintf("card %d prop %s", c, l.props[j]), l.value(a, *l.propOf(a, c, j), typ), l.value(b, *l.propOf(b, c, j), typ))
		}
	}
	return strings.Join(out, "; ")
}

func nonNil(xs []int32) []int32 {
	if xs == nil {
		return []int32{}
	}
	return xs
}

// TestFlatEffectsAgree plays random games of every shipped ruleset and
// applies each set, add and move the flat compile covers to the flat
// packing of the state before it: the result must read back as the
// packing of the state after the present runtime ran it. It logs what
// is covered and why the rest is not.
func TestFlatEffectsAgree(t *testing.T) {
	for name, p := range keptPrograms(t) {
		s := newWriteShadow(p)
		s.t = t
		for _, players := range []int{p.MinPlayers(), p.MaxPlayers()} {
			g, err := NewGame(p, Config{Players: players, Seed: uint64(players) + 9})
			require.NoError(t, err)
			g.buffers().effectCheck = func(ef *effect, done bool) { s.check(g, ef, done) }
			r := rand.New(rand.NewPCG(uint64(players), 23))
			for !g.Over() {
				d := g.Pending()
				require.NoError(t, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
			}
		}
		t.Logf("%s: checked %v, gave up %d\n%s", name, s.applied, s.gaveUp, s.missReport())
		require.NotZero(t, s.applied["set"]+s.applied["add"], "%s: no set or add checked", name)
		for i, d := range s.diffs {
			if i == 10 {
				t.Errorf("%s: and %d more", name, len(s.diffs)-10)
				break
			}
			t.Errorf("%s: %s", name, d)
		}
	}
}

// missReport lists the effects not covered, by reason, most first.
func (s *writeShadow) missReport() string {
	whys := make([]string, 0, len(s.misses))
	for w := range s.misses {
		whys = append(whys, w)
	}
	sort.Slice(whys, func(i, j int) bool {
		return s.misses[whys[i]] > s.misses[whys[j]] || s.misses[whys[i]] == s.misses[whys[j]] && whys[i] < whys[j]
	})
	var b strings.Builder
	for i, w := range whys {
		if i == 10 {
			break
		}
		fmt.Fprintf(&b, "    %6d  %s (%s)\n", s.misses[w], w, s.example[w])
	}
	return b.String()
}
