package interpreter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/schema"
)

// What one round of a predicate over cards costs: the engine as it is,
// against the design the runtime rebuild aims at (BENCHMARKS.md, "Ninth
// round"). The engine's rows run the closures a game runs; the "typed"
// rows run a hand-built tree of the closures that design would compile
// (cards as numbers, a field as a typed column, closures that return
// ints and bools unboxed, a step charged per round, giving up reported as
// a flag), the "typed-maps" rows the same closures over the engine's
// card maps read by key, the "typed-probe" rows the same closures over
// the engine's list of card maps and its attribute columns, a card's row
// found by its map's address as the engine finds it (cardattrs.go:
// typed closures over the present layout, what stage 3 of the plan
// would give alone), and "native" is the loop a person would write.
// Nothing here is engine code: it is the yardstick for the rebuild.
//
//	go test ./interpreter -run '^$' -bench PredicateRound -benchtime 200000x -cpu 1

// readCostPile is the number of cards the benchmarks' zone holds.
const readCostPile = 48

// readCostRules is a ruleset of readCostPile cards, all in the zone pile,
// each with a string attribute kind (one of four), an int value and
// extra int attributes more (a shipped game's cards carry 20 to 30
// fields: Go looks a key up in a map of more than 8 by its hash).
func readCostRules(extra int) string {
	var b strings.Builder
	b.WriteString("cards:\n  item:\n    zone: pile\n    attributes:\n      kind: {type: string}\n      value: {type: int}\n")
	for i := range extra {
		fmt.Fprintf(&b, "      extra%d: {type: int, default: 0}\n", i)
	}
	b.WriteString("    rows:\n")
	for i := range readCostPile {
		fmt.Fprintf(&b, "      - {id: c%d, kind: %c, value: %d}\n", i, 'a'+rune(i%4), i%7)
	}
	b.WriteString("zones:\n  pile: {}\nflow:\n  - {log: start}\n")
	return b.String()
}

// BenchmarkPredicateRound reports ns/round: the time of one evaluation
// divided by the rounds (cards) it walks.
func BenchmarkPredicateRound(b *testing.B) {
	for _, width := range []int{0, 24} {
		b.Run(fmt.Sprintf("fields=%d", width+5), func(b *testing.B) { predicateRounds(b, width) })
	}
}

// predicateRoundCase is one expression of the benchmark, compiled, with
// its typed and native forms.
type predicateRoundCase struct {
	name                   string
	engine                 *compiled
	typed, overMaps, probe typedIntFn
	native                 func(*typedColumns) int
}

// predicateRoundCases loads the benchmark's ruleset with extra more fields
// per card and checks that the engine, the typed closures and the native
// loop agree on every expression.
func predicateRoundCases(tb testing.TB, extra int) (*Game, *typedColumns, []predicateRoundCase) {
	p, err := Load(rulesFS(readCostRules(extra)), "g", "")
	require.NoError(tb, err)
	g, err := NewGame(p, Config{Players: 1, Seed: 1})
	require.NoError(tb, err)
	cols := newTypedColumns(g)
	var cases []predicateRoundCase
	for _, tc := range []struct {
		name, src              string
		typed, overMaps, probe typedIntFn
		native                 func(*typedColumns) int
		want                   int
	}{
		{"count", "count(pile, .kind == 'b')", typedCount(typedEq(typedKind(), typedConst(cols.intern("b")))),
			typedCount(typedEq(mapString("kind"), constString("b"))),
			listCount(typedEq(probeString(cols.attrs, "kind"), constString("b"))), nativeCount, readCostPile / 4},
		{"sum", "sum(pile, .value)", typedSum(typedValue()), typedSum(mapInt("value")),
			listSum(probeInt(cols.attrs, "value")), nativeSum, cols.total},
	} {
		c, err := p.compileAdhoc(schema.Expr{Src: tc.src, Pos: schema.Pos{File: "<bench>", Line: 1, Col: 1}, Style: schema.StylePlain})
		require.NoError(tb, err)
		require.NotNil(tb, c.fast, "%s runs on the VM", tc.src)
		got, err := g.eval(c)
		require.NoError(tb, err)
		require.Equal(tb, tc.want, got, tc.src)
		v, ok := tc.typed(&typedCtx{cols: cols})
		require.True(tb, ok)
		require.Equal(tb, tc.want, v, "typed %s", tc.src)
		v, ok = tc.overMaps(&typedCtx{cols: cols})
		require.True(tb, ok)
		require.Equal(tb, tc.want, v, "typed over maps %s", tc.src)
		v, ok = tc.probe(&typedCtx{cols: cols})
		require.True(tb, ok)
		require.Equal(tb, tc.want, v, "typed over the engine's columns %s", tc.src)
		require.Equal(tb, tc.want, tc.native(cols), "native %s", tc.src)
		cases = append(cases, predicateRoundCase{tc.name, c, tc.typed, tc.overMaps, tc.probe, tc.native})
	}
	return g, cols, cases
}

// TestPredicateRoundFormsAgree keeps the benchmark's three forms honest:
// the same value for each expression, on narrow and wide cards.
func TestPredicateRoundFormsAgree(t *testing.T) {
	for _, extra := range []int{0, 24} {
		_, _, cases := predicateRoundCases(t, extra)
		require.Len(t, cases, 2)
	}
}

// predicateRounds runs the benchmark's rows on cards of extra more fields.
func predicateRounds(b *testing.B, extra int) {
	g, cols, cases := predicateRoundCases(b, extra)
	perRound := func(b *testing.B, round func()) {
		for b.Loop() {
			round()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/readCostPile, "ns/round")
	}
	for _, tc := range cases {
		b.Run(tc.name+"/engine", func(b *testing.B) {
			perRound(b, func() { _, _ = g.eval(tc.engine) })
		})
		b.Run(tc.name+"/typed", func(b *testing.B) {
			x := &typedCtx{cols: cols}
			perRound(b, func() { _, _ = tc.typed(x) })
		})
		b.Run(tc.name+"/typed-maps", func(b *testing.B) {
			x := &typedCtx{cols: cols}
			perRound(b, func() { _, _ = tc.overMaps(x) })
		})
		b.Run(tc.name+"/typed-probe", func(b *testing.B) {
			x := &typedCtx{cols: cols}
			perRound(b, func() { _, _ = tc.probe(x) })
		})
		b.Run(tc.name+"/native", func(b *testing.B) {
			perRound(b, func() { _ = tc.native(cols) })
		})
	}
}

// typedColumns is the benchmark's state as the rebuild would lay it out:
// the zone as card numbers, the fields as columns by card number, strings
// interned.
type typedColumns struct {
	pile        []int32
	kind, value []int
	strs        map[string]int
	total       int
	// maps are the pile's card maps, list the pile as the engine holds
	// it, attrs the engine's attribute columns.
	maps  []map[string]any
	list  []any
	attrs *cardAttrs
}

// newTypedColumns lays out the pile of g as columns.
func newTypedColumns(g *Game) *typedColumns {
	pile, _ := g.st.root["pile"].([]any)
	cols := &typedColumns{strs: map[string]int{}, list: pile, attrs: g.prog.attrs}
	for i, e := range pile {
		c := e.(map[string]any)
		cols.pile = append(cols.pile, int32(i))
		cols.kind = append(cols.kind, cols.intern(c["kind"].(string)))
		cols.value = append(cols.value, c["value"].(int))
		cols.total += c["value"].(int)
		cols.maps = append(cols.maps, c)
	}
	return cols
}

// intern numbers a string.
func (c *typedColumns) intern(s string) int {
	n, ok := c.strs[s]
	if !ok {
		n = len(c.strs)
		c.strs[s] = n
	}
	return n
}

// typedCtx is what the typed closures read: the columns, the card of the
// innermost predicate (its number, or its map for the typed-probe rows),
// and the steps charged.
type typedCtx struct {
	cols  *typedColumns
	elem  int32
	card  any
	steps int
}

type (
	typedIntFn  func(*typedCtx) (int, bool)
	typedBoolFn func(*typedCtx) (bool, bool)
)

func typedKind() typedIntFn {
	return func(x *typedCtx) (int, bool) { return x.cols.kind[x.elem], true }
}

func typedValue() typedIntFn {
	return func(x *typedCtx) (int, bool) { return x.cols.value[x.elem], true }
}

// typedStrFn is a typed closure of a string (the typed-maps rows, which
// cannot intern).
type typedStrFn func(*typedCtx) (string, bool)

func mapString(key string) typedStrFn {
	return func(x *typedCtx) (string, bool) {
		s, ok := x.cols.maps[x.elem][key].(string)
		return s, ok
	}
}

func mapInt(key string) typedIntFn {
	return func(x *typedCtx) (int, bool) {
		n, ok := x.cols.maps[x.elem][key].(int)
		return n, ok
	}
}

func constString(s string) typedStrFn {
	return func(*typedCtx) (string, bool) { return s, true }
}

func typedConst(v int) typedIntFn {
	return func(*typedCtx) (int, bool) { return v, true }
}

// typedEq compares two typed closures of one type (ints, or strings
// where the typed-maps rows cannot intern).
func typedEq[T comparable](a, b func(*typedCtx) (T, bool)) typedBoolFn {
	return func(x *typedCtx) (bool, bool) {
		l, ok := a(x)
		if !ok {
			return false, false
		}
		r, ok := b(x)
		return l == r, ok
	}
}

func typedCount(cond typedBoolFn) typedIntFn {
	return func(x *typedCtx) (int, bool) {
		n := 0
		for _, c := range x.cols.pile {
			x.elem = c
			x.steps++
			holds, ok := cond(x)
			if !ok {
				return 0, false
			}
			if holds {
				n++
			}
		}
		return n, true
	}
}

func typedSum(term typedIntFn) typedIntFn {
	return func(x *typedCtx) (int, bool) {
		n := 0
		for _, c := range x.cols.pile {
			x.elem = c
			x.steps++
			v, ok := term(x)
			if !ok {
				return 0, false
			}
			n += v
		}
		return n, true
	}
}

// probeString and probeInt read attribute key of the card of the
// innermost list predicate from the engine's column, the card's row found
// by its map's address (cardAttrs.field without the fallback by key).
// Written out for each type: a generic probe[T] asserts col[i].(T)
// through its dictionary and measured 5-8% slower.
func probeString(a *cardAttrs, key string) typedStrFn {
	col := a.column(key)
	return func(x *typedCtx) (string, bool) {
		i, ok := a.at.find(mapAddr(x.card.(map[string]any)))
		if !ok {
			return "", false
		}
		s, ok := col[i].(string)
		return s, ok
	}
}

func probeInt(a *cardAttrs, key string) typedIntFn {
	col := a.column(key)
	return func(x *typedCtx) (int, bool) {
		i, ok := a.at.find(mapAddr(x.card.(map[string]any)))
		if !ok {
			return 0, false
		}
		n, ok := col[i].(int)
		return n, ok
	}
}

// listCount and listSum walk the pile as the engine holds it (a list of
// card maps), the element kept in the context as the typed rows keep it.
// They repeat typedCount and typedSum's loops on purpose: each row's loop
// is written out, with no call per element to fetch or set it, so that
// the rows differ only in what they measure.
func listCount(cond typedBoolFn) typedIntFn {
	return func(x *typedCtx) (int, bool) {
		n := 0
		for _, c := range x.cols.list {
			x.card = c
			x.steps++
			holds, ok := cond(x)
			if !ok {
				return 0, false
			}
			if holds {
				n++
			}
		}
		return n, true
	}
}

func listSum(term typedIntFn) typedIntFn {
	return func(x *typedCtx) (int, bool) {
		n := 0
		for _, c := range x.cols.list {
			x.card = c
			x.steps++
			v, ok := term(x)
			if !ok {
				return 0, false
			}
			n += v
		}
		return n, true
	}
}

func nativeCount(c *typedColumns) int {
	b, n := c.strs["b"], 0
	for _, e := range c.pile {
		if c.kind[e] == b {
			n++
		}
	}
	return n
}

func nativeSum(c *typedColumns) int {
	n := 0
	for _, e := range c.pile {
		n += c.value[e]
	}
	return n
}
