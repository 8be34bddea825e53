package interpreter

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/schema"
)

// fusedShapes are the expressions a fused closure compiles (a sum over a
// card list, an attribute compared with a constant, join of ids: see
// flatexpr_fused.go and joinIDs), over card list z and the int
// attribute a of the cards.
func fusedShapes(z, a string) []string {
	if a == "" { // no int attribute: the joins only
		return []string{fmt.Sprintf("join(ids(%s), ',')", z), fmt.Sprintf("join(ids(%s))", z)}
	}
	return []string{
		fmt.Sprintf("sum(%s, .%s)", z, a),
		fmt.Sprintf("sum(%s, .%s * 2 - 1)", z, a),
		fmt.Sprintf("count(%s, .%s >= 2)", z, a),
		fmt.Sprintf("count(%s, .%s == 1 || .%s < 0)", z, a, a),
		fmt.Sprintf("filter(%s, .%s != 0)", z, a),
		fmt.Sprintf("filter(%s, .%s > 1 && .%s <= 3)", z, a, a),
		fmt.Sprintf("join(ids(%s), ',')", z),
		fmt.Sprintf("join(ids(%s))", z),
		fmt.Sprintf("join(ids(filter(%s, .%s > 0)), ' / ')", z, a),
	}
}

// TestFlatFusedAgree evaluates the fused closures' shapes, over every
// card zone of every shipped ruleset (the globals' and seat 0's) and
// each int attribute of its cards, on the present runtime and on the
// flat packing of the same state, every few decisions of a random game:
// the values must be the same. (The games' own expressions meet these
// shapes too, but not all of them where TestFlatClosuresAgree samples.)
func TestFlatFusedAgree(t *testing.T) {
	for name, p := range keptPrograms(t) {
		l := newFlatLayout(p)
		var zones, attrs []string
		for _, z := range l.zones {
			if z.family == "" {
				zones = append(zones, z.name)
			}
		}
		for _, z := range l.pzones {
			zones = append(zones, "players[0]."+z)
		}
		for _, c := range p.cards {
			for a, v := range c.fields {
				if _, ok := v.(int); ok && !slices.Contains(attrs, a) && !slices.Contains(l.props, a) {
					attrs = append(attrs, a)
				}
			}
		}
		if len(zones) == 0 {
			continue // no cards (a board game)
		}
		slices.Sort(attrs)
		if len(attrs) == 0 {
			attrs = []string{""}
		}
		var exprs []*compiled
		for _, z := range zones {
			for _, a := range attrs {
				for _, src := range fusedShapes(z, a) {
					c, err := p.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
					if err == nil && c != nil {
						exprs = append(exprs, c)
					}
				}
			}
		}
		require.NotEmpty(t, exprs, "%s: no expression of the shapes compiles", name)
		s := newFlatShadow(p, 1)
		g, err := NewGame(p, Config{Players: p.MinPlayers(), Seed: 3})
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(3, 5))
		checked := 0
		for step := 0; !g.Over(); step++ {
			if step%9 == 0 {
				fs, err := s.l.packFlat(g)
				require.NoError(t, err)
				for _, c := range exprs {
					want, err := g.eval(c)
					fe := s.expr(c)
					if err != nil || fe == nil {
						continue
					}
					e, err := s.env(g, fs, fe)
					require.NoError(t, err)
					got, ok := s.eval(e, fe)
					if !ok {
						continue
					}
					wantFlat, err := s.flatOf(g, fs, fe.value.kind, want)
					require.NoError(t, err, "%s: %s: the present value %v", name, c.src.Src, want)
					require.True(t, reflect.DeepEqual(got, wantFlat), "%s decision %d: %s: typed closure %v, present runtime %v (%v)", name, step, c.src.Src, got, wantFlat, want)
					checked++
				}
			}
			d := g.Pending()
			require.NoError(t, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
		}
		t.Logf("%s: %d expressions, %d evaluations checked", name, len(exprs), checked)
		require.NotZero(t, checked, "%s: nothing checked", name)
	}
}
