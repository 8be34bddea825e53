package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game that fails before its first decision prints its log so far
// before the error, as a game that fails after a decision does (the log
// used to be lost).
func TestPlayShowsTheLogOfAGameThatFailsBeforeItsFirstDecision(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(`game: g
players: {min: 2, max: 2}
flow:
  - {log: "before the error"}
  - {fail: "stop here"}
scoring: {score: 0}
`), 0o644))
	for _, seats := range []string{"random,random", "human,random"} {
		code, stdout, stderr := runCLI(t, "", "play", dir, "--seats", seats, "--seed", "1")
		assert.NotEqual(t, 0, code)
		assert.Contains(t, stdout, "before the error", seats)
		assert.Contains(t, stderr, "ruleset failure: stop here", seats)
	}
}
