package testgames

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"agon/interpreter/transcript"
)

// A golden recorded with a time budget (mcts:3ms) gave another game on
// each recording, so TestGoldenRerecord failed at random; it skips such a
// file and says why.
func TestGoldenRerecordSkipsClockSeats(t *testing.T) {
	assert.Empty(t, notRerecordable(&transcript.Transcript{Seats: []string{"mcts:400", "random", "greedy", "mcts"}}))
	assert.Equal(t, "the bots of P1 (mcts:3ms), P3 (mcts:1s:depth=2) decide by the clock, so recording again gives another game (TestGolden still replays its decisions)",
		notRerecordable(&transcript.Transcript{Seats: []string{"mcts:3ms", "random", "mcts:1s:depth=2"}}))
}
