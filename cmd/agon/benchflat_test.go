package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBenchMeasuresTheFlatRuntime: agon bench plays its games again on
// the flat runtime with the same bots, requires them to take as many
// decisions, and reports what they cost beside the present runtime's.
func TestBenchMeasuresTheFlatRuntime(t *testing.T) {
	for _, game := range []string{"peloponnes", "politeia"} {
		code, out, errOut := runCLI(t, "", "bench", game, "--players", "3", "--games", "4", "--json")
		require.Equal(t, 0, code, errOut)
		var rep benchReport
		require.NoError(t, json.Unmarshal([]byte(out), &rep))
		assert.True(t, rep.Flat.Covered, "%s: %s", game, rep.Flat.Reason)
		assert.Positive(t, rep.Flat.GamesPerSecond, game)
		assert.InDelta(t, rep.Flat.GamesPerSecond/rep.GamesPerSecond, rep.Flat.Speedup, 1e-9, game)
	}
	code, out, _ := runCLI(t, "", "bench", "peloponnes", "--players", "2", "--games", "3")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "flat runtime (the rebuild, not yet the default), the same games: ")
}
