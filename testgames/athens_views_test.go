package testgames

// What Athens shows a player at the terminal above each decision (the
// views), where a player found it unclear or missing. A scenario file
// checks prompts, labels and log lines; the glance is checked here.

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"agon/interpreter"
)

// athensAt starts a 2-player Athens game at the first decision with the
// given scenario position (YAML under "position:").
func athensAt(t *testing.T, position string) *interpreter.Game {
	t.Helper()
	return gameAt(t, "athens", 2, position)
}

// A player's victory point cards were shown as a bare "vp 11" beside
// "score 61", which did not say that the 11 are part of the 61. The
// view says it in words; at 0 it is left out, as the var was.
func TestAthensVictoryPointCardsSaidInWords(t *testing.T) {
	g := athensAt(t, "  players:\n    - {vp: 11}\n")
	for _, glance := range []string{g.Glance(0), g.Glance(1)} {
		assert.Contains(t, glance, "victory point cards 11 VP (taken during play, part of the score)")
		assert.NotContains(t, glance, "vp 11")
	}
	assert.Contains(t, g.Glance(1), "P1: score on the table 11, victory point cards 11 VP (taken during play, part of the score)")
	assert.NotContains(t, g.Glance(1), "P2: score on the table 0, victory point cards", "no victory point cards: nothing said")
}

// The cubes lie on the table, so what is left of each colour is public;
// the supply was hidden.
func TestAthensCubeSupplyShown(t *testing.T) {
	g := athensAt(t, "  supply: {orange: 9, green: 7, blue: 9, brown: 0, red: 10, yellow: 10, silver: 10, violet: 10}\n")
	assert.Contains(t, g.Glance(0), "cube supply: 9 orange, 7 green, 9 blue, 0 brown, 10 red, 10 yellow, 10 silver, 10 violet")
	assert.Contains(t, g.Glance(1), "cube supply: 9 orange, 7 green, 9 blue, 0 brown")
}

// The bag's make-up: the 42 tiles (7 upper, 14 middle, 21 lower) are in the
// bag, the hands or the open discard, so what the bag and the hands hold
// together, by class, is public (how they share it is not).
func TestAthensPeopleBagShown(t *testing.T) {
	g := athensAt(t, "  tile_discard: [upper, upper, middle, lower]\n  players:\n    - tiles: [upper, lower, lower]\n    - tiles: [middle, middle, lower]\n")
	for _, glance := range []string{g.Glance(0), g.Glance(1)} {
		assert.Contains(t, glance, "people bag: 32 tiles; in the bag and the hands together: 5 upper, 13 middle, 20 lower")
	}
}
