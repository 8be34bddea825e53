package interpreter

import (
	"strings"
	"testing"
	"testing/fstest"
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
