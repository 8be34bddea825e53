package interpreter

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"agon/schema"
)

// The fuzz targets below run their seeds (f.Add and testdata/fuzz/<name>)
// as ordinary tests; fuzz one with e.g.
//
//	go test ./interpreter -run '^$' -fuzz FuzzEval -fuzztime 60s
//
// Each finding is kept as a file under testdata/fuzz/<name>.

// fuzzLimits keep a fuzzed game's work small.
var fuzzLimits = Limits{MaxEffects: 2000, MaxDecisions: 300, MaxExprSteps: 20000, MaxExprMemory: 100000}

// FuzzEval evaluates arbitrary expressions in a small game: a value or an
// error, never a panic, a hang or a crash.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"1 + 2", `"a" + "b"`, `repeat("ab", 3)`, "sum(1..10, #)", "len(deck) > 0 && turn == 0",
		"players[0].hand", `filter(deck, .value > 1)`, "div(7, -2)", "9223372036854775807 + 1", strings.Repeat("(", 200) + "1"} {
		f.Add(s)
	}
	p, err := Load(fstest.MapFS{"g/game.yaml": &fstest.MapFile{Data: []byte(tinyGame)}}, "g", "")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		g, err := NewGame(p, Config{Players: 2, Seed: 1, Limits: fuzzLimits})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = g.Eval(src)
		_ = ExplainCheck(g, src)
	})
}

// FuzzClosuresAgree evaluates arbitrary expressions with closures and on
// the VM alone, in the closure tests' small ruleset: where both compile,
// the values, whether they fail, and the steps charged must be the same.
// The seeds are the predicate shapes the closures compile apart (element
// conditions, keys loops, fused sums).
func FuzzClosuresAgree(f *testing.F) {
	for _, s := range []string{
		"count(xs, # > 2)", "filter([{a: 1, b: true}, {a: 2, b: false}], .a == 2 && .b)",
		"sum(keys(ranks), ranks[#])", "any(keys(ranks), # == 'a')", "count(['a', 'zz'], (counts[#] ?? 0) > 0)",
		"sum(filter(xs, # > 2))", "findLast(xs, # != 9)", "count(0..3, xs[#] > 1)", "all(xs, # != -1 or # == -counts.a)",
		"sum(xs, #)", "map(keys(ranks), # + '!')", "count(xs, # in xs)", "one(xs, # == 9)",
	} {
		f.Add(s)
	}
	withFast := loadFuzz(f, closureRules)
	vmOnly := withoutClosures(loadFuzz(f, closureRules))
	f.Fuzz(func(t *testing.T, src string) {
		if c, err := withFast.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain}); err != nil || c == nil {
			return // not an expression of this ruleset
		}
		want, werr, wsteps, _ := evalWith(t, vmOnly, src, false)
		got, err, steps, fast := evalWith(t, withFast, src, true)
		if (werr == nil) != (err == nil) {
			t.Fatalf("%s: the VM gives %v, %v; closures %v, %v", src, want, werr, got, err)
		}
		if werr != nil {
			return
		}
		// Printed, so that NaN (0/0) equals itself; fmt prints maps in key order.
		require.Equal(t, fmt.Sprintf("%T %#v", want, want), fmt.Sprintf("%T %#v", got, got), src)
		if fast {
			require.Equal(t, wsteps, steps, "%s: steps", src)
		}
	})
}

// loadFuzz compiles src for a fuzz target.
func loadFuzz(f *testing.F, src string) *Program {
	p, err := Load(rulesFS(src), "g", "")
	if err != nil {
		f.Fatal(err)
	}
	return p
}
