package interpreter

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMovingCardsAtOnceIsMovingThemOneAtATime moves random lists of cards
// (from every zone, in random order, sometimes with a card twice or ones
// already in the destination, on top or at the bottom) into random zone
// locations of positions of random games of every shipped ruleset, once
// by moveCards and once one card at a time (moveEach), each in its own
// clone: the saved states, the takes and the errors must be the same.
func TestMovingCardsAtOnceIsMovingThemOneAtATime(t *testing.T) {
	batches := 0
	for name, p := range shippedPrograms(t) {
		if len(p.rs.ZoneOrder) == 0 {
			continue
		}
		for seed := uint64(1); seed <= 2; seed++ {
			g, err := NewGame(p, Config{Players: p.rs.Players.Min + 1, Seed: seed})
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(seed, 11))
			for step := 0; !g.Over(); step++ {
				if step%7 == 0 {
					for range 4 {
						cards, into, owner, top := randomMove(g, r)
						if _, ok := g.batchable(cards); ok {
							batches++
						}
						at, each := g.Clone(), g.Clone()
						errAt := at.moveCards(append([]any(nil), cards...), into, owner, top)
						errEach := each.moveEach(append([]any(nil), cards...), into, owner, top)
						require.Equal(t, errEach, errAt, "%s: move into %s", name, into)
						stAt, err := at.MarshalState()
						require.NoError(t, err)
						stEach, err := each.MarshalState()
						require.NoError(t, err)
						require.Equal(t, string(stEach), string(stAt), "%s: move into %s of %d", name, into, owner)
						require.Equal(t, each.st.takes, at.st.takes, name)
					}
				}
				d := g.Pending()
				require.NoError(t, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
			}
		}
	}
	require.Greater(t, batches, 300, "few moves were batched: the test proves little")
}

// randomMove picks a random list of g's cards and a random zone location
// to move them into.
func randomMove(g *Game, r *rand.Rand) (cards []any, into string, owner int, top bool) {
	zones := g.prog.rs.ZoneOrder
	into, owner = zones[r.IntN(len(zones))], -1
	if z := g.prog.rs.Zones[into]; z.Owner == "player" {
		owner = r.IntN(g.st.playerCount)
	}
	if keys := g.prog.rs.ZoneKeys(into); keys != nil {
		into = familyLoc(into, keys[r.IntN(len(keys))])
	}
	n := 1 + r.IntN(40)
	for range n {
		c := g.st.cards[r.IntN(len(g.st.cards))]
		if c != nil {
			cards = append(cards, c)
		}
	}
	if r.IntN(3) > 0 { // mostly distinct cards, as a filter gives them
		seen := map[any]bool{}
		distinct := cards[:0]
		for _, c := range cards {
			if id := c.(map[string]any)["id"]; !seen[id] {
				seen[id] = true
				distinct = append(distinct, c)
			}
		}
		cards = distinct
	}
	if r.IntN(4) == 0 { // a whole zone's list, as `move: pile_a` gives it
		l := g.st.loc[r.IntN(len(g.st.loc))]
		cards = append([]any(nil), g.zoneList(l.where(), l.owner)...)
	}
	return cards, into, owner, r.IntN(2) == 0
}
