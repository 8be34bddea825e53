// Package rulestest builds the small rulesets and games that the tests of
// the layers above the core (packages bot and transcript, and package
// interpreter's external tests) play. Package interpreter's own tests
// have the same helpers in core_test.go (they cannot import this package,
// which imports interpreter).
package rulestest

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
)

// File is the file every test ruleset is written to; positions in load
// and run errors point into it, counting lines of the test's source
// from 1.
const File = "g/rules.yaml"

// FS builds a ruleset directory "g" from src. game and players (1 to 4)
// are in a second file, and a zero score unless src has scoring, so line
// numbers in src are the file's line numbers.
func FS(src string) fstest.MapFS {
	head := "game: g\nplayers: {min: 1, max: 4}\n"
	if !strings.Contains(src, "scoring:") {
		head += "scoring: {score: 0}\n"
	}
	return fstest.MapFS{
		"g/0head.yaml": {Data: []byte(head)},
		File:           {Data: []byte(src)},
	}
}

// Load compiles src and fails the test on any problem.
func Load(t testing.TB, src string) *interpreter.Program {
	t.Helper()
	p, err := interpreter.Load(FS(src), "g", "")
	require.NoError(t, err)
	return p
}

// Start loads src and starts a game of n players with seed 1.
func Start(t testing.TB, src string, n int) *interpreter.Game {
	t.Helper()
	g, err := interpreter.NewGame(Load(t, src), interpreter.Config{Players: n, Seed: 1})
	require.NoError(t, err)
	return g
}

// Eval evaluates an expression in g and fails the test on error.
func Eval(t testing.TB, g *interpreter.Game, src string) any {
	t.Helper()
	v, err := g.Eval(src)
	require.NoError(t, err, src)
	return v
}

// Apply takes the given options in order.
func Apply(t testing.TB, g *interpreter.Game, keys ...string) {
	t.Helper()
	for _, k := range keys {
		require.NoError(t, g.Apply(k), "apply %q", k)
	}
}

// PlayFirst takes the first option until the game is over.
func PlayFirst(t testing.TB, g *interpreter.Game) {
	t.Helper()
	for !g.Over() {
		require.NoError(t, g.Apply(g.Pending().Options[0].Key))
	}
}

// ReadFile returns the text of a test file (a ruleset under testdata) and
// panics when it cannot be read: it is for test variables.
func ReadFile(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(data)
}
