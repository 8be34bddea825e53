package interpreter

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// manyCards is a ruleset whose card table makes rows×count cards.
func manyCards(rows, count int) string {
	var b strings.Builder
	b.WriteString("cards:\n  chip:\n    zone: deck\n    attributes:\n      value: {type: int}\n    rows:\n")
	for i := 0; i < rows; i++ {
		fmt.Fprintf(&b, "      - {id: c%d, value: %d, count: %d}\n", i, i, count)
	}
	b.WriteString("zones:\n  deck: {}\n  pile: {}\nflow:\n  - log: hi\n")
	return b.String()
}

// Creating cards is linear: the most cards a ruleset may have start in
// well under the time a quadratic creation took (110k cards: 37 s).
func TestCreatingManyCardsIsLinear(t *testing.T) {
	p := load(t, manyCards(10, schema.MaxCards/10))
	start := time.Now()
	g, err := NewGame(p, Config{Players: 1})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Equal(t, schema.MaxCards, eval(t, g, "len(deck)"))
	assert.Equal(t, "c0#1", eval(t, g, "deck[0].id"))
	assert.Equal(t, "c9#10000", eval(t, g, "deck[len(deck)-1].id"))
	assert.Equal(t, "deck", eval(t, g, "deck[5].zone"))
}

// More cards than MaxCards in all is a load error at the row that passes
// the limit, found without making the cards.
func TestMoreThanMaxCardsIsALoadError(t *testing.T) {
	start := time.Now()
	msg := loadErr(t, manyCards(500, schema.MaxCardCount)) // 5 million cards
	assert.Contains(t, msg, "g/rules.yaml:17:9: card c10: the card tables make more than 100000 cards in all (limit MaxCards)")
	assert.Less(t, time.Since(start), 5*time.Second)
}

// A draw that empties its zone and its refill zone just stops: only a
// second refill that finds cards (they came back from the draw) is an
// error.
func TestDrawPastRefillStops(t *testing.T) {
	g := start(t, `
cards:
  chip:
    zone: deck
    rows:
      - {id: chip, count: 5}
zones:
  deck: {refill_from: discard}
  discard: {}
  hand: {}
setup:
  - {move: "deck[0:2]", into: discard}
flow:
  - {draw: 10, from: deck, into: hand}
`, 1)
	assert.Equal(t, 5, eval(t, g, "len(hand)"))
}
