package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
)

// guessDie: player 0 guesses a die that is rolled after the guess
// (rollFirst: before it, into a public var, which the bot may use).
func guessDie(rollFirst bool) string {
	roll := "  - {roll: rolled, faces: 1..6}\n"
	guess := `  - choose:
      who: 0
      prompt: guess the die
      options:
        - {key: guess, for_each: 1..6, as: n, do: [{set: guess, to: n}]}
`
	flow := guess + roll
	if rollFirst {
		flow = roll + guess
	}
	return "vars:\n  guess: {type: int}\n  rolled: {type: int}\nflow:\n" + flow +
		"scoring:\n  score: \"guess == rolled ? 1 : 0\"\n"
}

// guessCard: player 0 guesses the face of the card player 1 holds
// (whose: 1) or its own card (whose: 0), dealt from a shuffled deck.
func guessCard(whose int, handVisibility string) string {
	return fmt.Sprintf(`cards:
  dice:
    zone: deck
    attributes: {face: {type: int}}
    rows: [{id: d1, face: 1}, {id: d2, face: 2}, {id: d3, face: 3}, {id: d4, face: 4}, {id: d5, face: 5}, {id: d6, face: 6}]
zones:
  deck: {visibility: hidden}
  hand: {owner: player, visibility: %s}
vars:
  guess: {type: int}
setup:
  - {shuffle: deck}
  - {draw: 1, from: deck, into: "players[%d].hand"}
flow:
  - choose:
      who: 0
      prompt: guess the card
      options:
        - {key: guess, for_each: 1..6, as: n, do: [{set: guess, to: n}]}
scoring:
  score: "me == 0 && players[%d].hand[0].face == guess ? 1 : 0"
`, handVisibility, whose, whose)
}

// guessTop: player 0 guesses the face of the top card of a shuffled
// deck of the given visibility.
func guessTop(visibility string) string {
	return fmt.Sprintf(`cards:
  dice:
    zone: deck
    attributes: {face: {type: int}}
    rows: [{id: d1, face: 1}, {id: d2, face: 2}, {id: d3, face: 3}, {id: d4, face: 4}, {id: d5, face: 5}, {id: d6, face: 6}]
zones:
  deck: {visibility: %s}
vars:
  guess: {type: int}
setup:
  - {shuffle: deck}
flow:
  - choose:
      who: 0
      prompt: guess the top card
      options:
        - {key: guess, for_each: 1..6, as: n, do: [{set: guess, to: n}]}
scoring:
  score: "deck[0].face == guess ? 1 : 0"
`, visibility)
}

// guessFamilyTop: player 0 guesses the face of the top card of one zone
// of a keyed zone family of the given visibility, dealt from a shuffled
// deck into both of its zones.
func guessFamilyTop(visibility string) string {
	return fmt.Sprintf(`cards:
  dice:
    zone: deck
    attributes: {face: {type: int}}
    rows: [{id: d1, face: 1}, {id: d2, face: 2}, {id: d3, face: 3}, {id: d4, face: 4}, {id: d5, face: 5}, {id: d6, face: 6}]
zones:
  deck: {visibility: hidden}
  pile: {keyed_by: [left, right], visibility: %s}
vars:
  guess: {type: int}
setup:
  - {shuffle: deck}
  - {draw: 3, from: deck, into: pile.left}
  - {draw: 3, from: deck, into: pile.right}
flow:
  - choose:
      who: 0
      prompt: guess the top card on the left
      options:
        - {key: guess, for_each: 1..6, as: n, do: [{set: guess, to: n}]}
scoring:
  score: "pile.left[0].face == guess ? 1 : 0"
`, visibility)
}

// greedyHits plays src for seeds 1..n with a greedy player 0 and counts
// the games it scores in; it also returns the bot's choices.
func greedyHits(t *testing.T, src string, n int) (int, []string) {
	t.Helper()
	p := rulestest.Load(t, src)
	hits := 0
	var choices []string
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g, err := interpreter.NewGame(p, interpreter.Config{Players: 2, Seed: seed})
		require.NoError(t, err)
		bot, err := New("greedy", SeatSeed(seed, 0))
		require.NoError(t, err)
		d := g.Pending()
		key := d.Options[bot.Choose(g, d)].Key
		choices = append(choices, key)
		require.NoError(t, g.Apply(key))
		require.True(t, g.Over())
		hits += g.Result().Players[0].Score
	}
	return hits, choices
}

// The greedy bot cannot see what its seat cannot see: guessing a die
// rolled later, the top of a hidden deck or another player's hidden hand,
// it does no better than chance (1 in 6; 0.30 over 300 games is more than
// five standard deviations above it). The full-information twin of each
// case shows the test can fail: where the seat does see, the bot finds it.
func TestGreedyDoesNotPeek(t *testing.T) {
	const games = 300
	cases := []struct {
		name          string
		hidden, shown string
	}{
		{"a die rolled after the guess", guessDie(false), guessDie(true)},
		{"another player's hidden hand", guessCard(1, "owner"), guessCard(1, "public")},
		{"a card dealt face down", guessCard(0, "hidden"), guessCard(0, "owner")},
		{"the top card of a hidden deck", guessTop("hidden"), guessTop("public")},
		{"the top card of a hidden keyed zone", guessFamilyTop("hidden"), guessFamilyTop("public")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hits, _ := greedyHits(t, tc.hidden, games)
			rate := float64(hits) / games
			t.Logf("hidden: %d hits in %d games (chance: %d)", hits, games, games/6)
			assert.Less(t, rate, 0.30, "hidden: %d hits in %d games", hits, games)
			assert.Greater(t, rate, 0.05, "hidden: %d hits in %d games (the bot should still guess)", hits, games)
			hits, _ = greedyHits(t, tc.shown, games)
			assert.Equal(t, games, hits, "with full information the bot always guesses right")
		})
	}
}

// The look-ahead's stream comes from the bot's seed and the decision
// number: the same seed gives the same choices, another seed others.
func TestGreedyLookaheadIsDeterministic(t *testing.T) {
	src := guessDie(false)
	_, a := greedyHits(t, src, 60)
	_, b := greedyHits(t, src, 60)
	assert.Equal(t, a, b)
	assert.Greater(t, len(uniqueStrings(a)), 3, "guesses vary from game to game: %s", strings.Join(a, ", "))
}

// The world a bot imagines keeps the zone sizes and the cards it sees,
// and leaves the game itself alone.
func TestGreedyWorldRedealsOnlyUnseenCards(t *testing.T) {
	g := rulestest.Start(t, guessCard(1, "owner"), 2)
	before, err := g.MarshalState()
	require.NoError(t, err)
	b := &greedyBot{seed: 9}
	moved := 0
	for i := 0; i < 20; i++ {
		w := b.world(g, 0)
		assert.Equal(t, 5, rulestest.Eval(t, w, "len(deck)"))
		assert.Equal(t, 1, rulestest.Eval(t, w, "len(players[1].hand)"))
		assert.Equal(t, 0, rulestest.Eval(t, w, "len(players[0].hand)"))
		if rulestest.Eval(t, w, "players[1].hand[0].id") != rulestest.Eval(t, g, "players[1].hand[0].id") {
			moved++
		}
		for _, z := range rulestest.Eval(t, w, "map(deck, .zone)").([]any) {
			assert.Equal(t, "deck", z)
		}
		b.seed++
	}
	assert.Greater(t, moved, 10, "the other player's hand is dealt anew")
	seen := b.world(g, 1)
	assert.Equal(t, rulestest.Eval(t, g, "players[1].hand[0].id"), rulestest.Eval(t, seen, "players[1].hand[0].id"),
		"a seat's own hand stays put")
	after, err := g.MarshalState()
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))
}

func uniqueStrings(xs []string) map[string]bool {
	out := map[string]bool{}
	for _, x := range xs {
		out[x] = true
	}
	return out
}

// A hidden keyed zone family is dealt anew zone by zone: each keeps its
// size, and each card knows the family and the key it now lies under.
func TestGreedyWorldRedealsKeyedZones(t *testing.T) {
	g := rulestest.Start(t, guessFamilyTop("hidden"), 2)
	b := &greedyBot{seed: 3}
	moved := 0
	for i := 0; i < 20; i++ {
		w := b.world(g, 0)
		for _, k := range []string{"left", "right"} {
			zone := "pile['" + k + "']"
			require.Equal(t, 3, rulestest.Eval(t, w, "len("+zone+")"))
			for _, z := range rulestest.Eval(t, w, "map("+zone+", .zone)").([]any) {
				assert.Equal(t, "pile", z)
			}
			for _, key := range rulestest.Eval(t, w, "map("+zone+", .zone_key)").([]any) {
				assert.Equal(t, k, key)
			}
		}
		if rulestest.Eval(t, w, "pile['left'][0].id") != rulestest.Eval(t, g, "pile['left'][0].id") {
			moved++
		}
		b.seed++
	}
	assert.Greater(t, moved, 10, "the top of a hidden keyed zone is dealt anew")
}
