package interpreter

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/schema"
)

// FuzzFlatClosuresAgree evaluates arbitrary expressions in the closure
// tests' small ruleset on the present runtime and, where the typed
// closures cover them and compute a value, over the flat packing of the
// same state: the value must be the present one. (Where the present
// runtime fails, the typed closure may give up or compute: the flat
// runtime's errors are the present one's to give, for now.)
func FuzzFlatClosuresAgree(f *testing.F) {
	for _, s := range []string{
		"count(xs, # > 2)", "sum(filter(xs, # > 2))", "findLast(xs, # != 9)", "count(0..3, xs[#] > 1)",
		"all(xs, # != -1 or # == -counts.a)", "sum(xs, #)", "one(xs, # == 9)", "fact(5) + down(3)",
		"counts.b ?? 4", "findIndex(xs, # > 100) ?? -1", "first(filter(xs, # > 100)) ?? 7", "xs[-1] * xs[1:3][0]",
		"weigh(ranks)", "len(label(12))", "min(xs) - max(3, 4)", "ranks.c in [1, 2, 3]", "sortBy(xs, -#)[0]",
		"let y = xs[2]; y % 3 == 1 ? y : -y", "div(-7, 2) + divUp(7, 2)", "'a' + string(len(xs))",
	} {
		f.Add(s)
	}
	rs, ds := schema.Load(rulesFS(closureRules), "g")
	require.NoError(f, ds.Err())
	p := compileRuleset(rs, ds)
	require.NoError(f, ds.Err())
	f.Fuzz(func(t *testing.T, src string) {
		c, err := p.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
		if err != nil || c == nil {
			return // not an expression of this ruleset
		}
		g, err := NewGame(p, Config{Players: 2, Seed: 1, Limits: closureLimits})
		require.NoError(t, err)
		want, err := g.eval(c)
		if err != nil {
			return
		}
		s := newFlatShadow(p, 1)
		fe := s.expr(c)
		if fe == nil {
			return // not covered
		}
		fs, err := s.l.packFlat(g)
		require.NoError(t, err)
		e, err := s.env(g, fs, fe)
		if err != nil {
			return // a local this state does not bind (me, outside a player's expression): no value to compare
		}
		got, ok := s.eval(e, fe)
		if !ok {
			return // gave up: the present runtime decides
		}
		wantFlat, err := s.flatOf(g, fs, fe.value.kind, want)
		require.NoError(t, err, "%s: the present value %v", src, want)
		if !reflect.DeepEqual(got, wantFlat) {
			t.Fatalf("%s: typed closure %v, present runtime %v (%v)", src, got, wantFlat, want)
		}
	})
}
