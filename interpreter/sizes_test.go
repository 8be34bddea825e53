package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game starts with room for as long a log and as many environment
// entries as the Program's last finished game of as many players had, and
// plays the same.
func TestNewGameStartsWithTheLastGamesSizes(t *testing.T) {
	p := load(t, dealGame)
	first, err := NewGame(p, Config{Players: 2, Seed: 42})
	require.NoError(t, err)
	before := cap(first.st.events.own) // no game has finished yet
	playFirst(t, first)
	require.Greater(t, len(first.Events()), before)

	second, err := NewGame(p, Config{Players: 2, Seed: 42})
	require.NoError(t, err)
	assert.GreaterOrEqual(t, cap(second.st.events.own), len(first.Events()))
	playFirst(t, second)
	assert.Equal(t, first.Events(), second.Events())
	assert.Equal(t, first.Result(), second.Result())

	// Another player count keeps its own sizes.
	other, err := NewGame(p, Config{Players: 3, Seed: 42})
	require.NoError(t, err)
	assert.Less(t, cap(other.st.events.own), len(first.Events()), "a 3-player game does not start with the 2-player game's log")
}

// A game's table of boxed strings starts at the size the last finished
// game of as many players grew it to; a clone's games leave the size
// alone (their tables stay small).
func TestNewGameStartsWithTheLastGamesBoxTable(t *testing.T) {
	p := load(t, dealGame)
	first, err := NewGame(p, Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	for i := range 4 * stringBoxSlots { // a game that walks many strings
		first.boxString(string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676)))
	}
	require.Equal(t, stringBoxSlots, len(first.boxes))
	clone := first.Clone()
	playFirst(t, first)
	playFirst(t, clone) // finishes last

	second, err := NewGame(p, Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, stringBoxSlots, len(second.boxes), "the last game's size, not the clone's")
	fresh, err := NewGame(p, Config{Players: 3, Seed: 1})
	require.NoError(t, err)
	assert.Nil(t, fresh.boxes, "no game of 3 players has finished: the table is made on first use")
}
