package testgames

// Tests of what Peloponnes tells the people at the table where an outside
// audit found the words wrong or missing (labels and prompts, which the
// scenario files cannot check). They use the helpers of
// peloponnes_rulings_test.go.

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/rulesets"
	"agon/schema"
)

// label is the label of the pending decision's option with the given key.
func (r *ruling) label(key string) string {
	r.t.Helper()
	d := r.g.Pending()
	require.NotNil(r.t, d, "a decision should be pending")
	i := d.Find(key)
	require.GreaterOrEqual(r.t, i, 0, "%q is not offered; options: %v", key, r.keys())
	return d.Options[i].Label
}

// "Complete it" stays offered for a building that cannot be paid (taking it
// away would change the decisions), but it says the building will be lost,
// and the forced give-up logs why.
func TestWording_CompleteItSaysWhenItCannotBePaid(t *testing.T) {
	r := newRuling(t, "", 2, 37)
	r.place(0, "well")
	r.exec(`[{set: "card('well').constructing", to: true}, {call: complete_constructions, with: {p: 0}}]`)
	assert.ElementsMatch(t, []string{"complete", "abandon"}, r.asked(0))
	assert.Equal(t, "Complete it (you cannot pay for it: it will be lost)", r.label("complete"))
	r.answer("complete")
	r.done()
	assert.True(t, r.logged("P1 cannot pay 0 wood and 1 stone for it and loses Well, which was under construction"))
}

// With several buildings under construction the label says that at least
// one of them must go (here both: neither can be paid); a building that can
// be paid says nothing more.
func TestWording_CompleteItCountsTheBuildingsUnderConstruction(t *testing.T) {
	r := twoUnderConstruction(t, "no-self-completion")
	r.exec(`[{call: complete_constructions, with: {p: 0}}]`)
	assert.Equal(t, "Complete it (the 2 buildings still under construction cost more than you can pay: at least one of them must be given up)", r.label("complete"))

	r = twoUnderConstruction(t, "")
	r.exec(`[{call: complete_constructions, with: {p: 0}}]`)
	assert.Equal(t, "Complete it", r.label("complete"), "they complete each other")
}

// Last round's bid (bid_card, bid_coins, passed) stays in the vars until the
// next bidding resets them: the vars are hidden, and the view "bidding"
// shows the bid during the bidding only.
func TestWording_BidShownOnlyDuringTheBidding(t *testing.T) {
	r := newRuling(t, "", 2, 37)
	r.offer("display", "well")
	r.exec(`[{set: "players[1].bid_card", to: "'well'"}, {set: "players[1].bid_coins", to: 4}, {set: "players[0].passed", to: true}]`)
	during := r.g.Glance(0)
	assert.Contains(t, during, "bidding passed", "the game waits for a bid: the bidding phase")
	assert.Contains(t, during, "bidding 4 on Well")

	r.exec(`[{phase: income}]`)
	for _, text := range []string{r.g.Glance(0), r.g.View(0)} {
		assert.NotContains(t, text, "bidding ")
		assert.NotContains(t, text, "bid_card")
		assert.NotContains(t, text, "bid_coins")
		assert.NotContains(t, text, "passed")
	}
}

// Variant decline-stops-luxury stops the luxury goods a covered card
// produces, but a new card's one-time luxury income still arrives (up to 3):
// its description says so instead of "(as a removed one)".
func TestWording_DeclineStopsLuxuryDescriptionKeepsOneTimeIncome(t *testing.T) {
	r := declinedPosition(t, "decline-stops-luxury")
	require.Zero(t, r.int("players[0].luxury"))
	r.place(0, "nemean_vineyards")
	r.exec(`[{set: "players[0].gained", to: "'nemean_vineyards'"}, {call: income_for, with: {p: 0}}]`)
	r.done()
	assert.Equal(t, 2, r.int("players[0].luxury"), "the one-time luxury income arrives on the covered card")

	rs, ds := schema.LoadVariant(rulesets.FS, "peloponnes", "decline-stops-luxury")
	require.NotNil(t, rs, "%v", ds)
	assert.NotContains(t, rs.VariantDescription, "as a removed one")
	assert.Contains(t, rs.VariantDescription, "one-time luxury income still arrives")
}

// Feeding offers to remove a card "(1 inhabitant)", in the singular.
func TestWording_RemoveCardSaysOneInhabitant(t *testing.T) {
	r := newRuling(t, "", 2, 37)
	r.place(0, "gymnasium", "argos")
	r.exec(`[{call: feed, with: {p: 0}}]`)
	r.asked(0)
	assert.Equal(t, "remove Gymnasium (1 inhabitant)", r.label("remove c=gymnasium"))
}

// "On the table" names the inhabitants (those fed and counted for income)
// apart from the luxury card's, which count only at scoring.
func TestWording_OnTheTableNamesTheLuxuryCardApart(t *testing.T) {
	r := newRuling(t, "", 2, 37)
	r.place(1, "argos")
	r.exec(`[{set: "players[1].luxury", to: 7}]`)
	assert.Equal(t, 2, r.int("luxury_track_inhabitants[7]"))
	want := r.int("inhabitants(1)")
	assert.Contains(t, r.g.Glance(0), "P2: on the table "+plural(want, "inhabitant")+" (+2 on the luxury card at scoring), ")
}

// plural is "1 inhabitant", "3 inhabitants".
func plural(n int, word string) string {
	return schema.Plural(n, fmt.Sprintf("%d %s", n, word), fmt.Sprintf("%d %ss", n, word))
}

// The luxury card lies open on the table: every seat's line says its
// luxury goods in words, and the state of the card when it is not active
// (covered after a decline: at most 3; removed: none), where the raw vars
// luxury and luxury_card used to show ("luxury_card active").
func TestWording_LuxuryGoodsShownInWords(t *testing.T) {
	r := newRuling(t, "", 2, 37)
	r.exec(`[{set: "players[0].luxury", to: 5}, {set: "players[1].luxury", to: 2}, {set: "players[1].luxury_card", to: "'covered'"}]`)
	glance := r.g.Glance(0)
	assert.Contains(t, glance, "luxury goods 5,")
	assert.Contains(t, glance, "luxury goods 2 (luxury card covered: at most 3)")
	assert.NotContains(t, glance, "luxury_card")

	r.exec(`[{set: "players[1].luxury", to: 0}, {set: "players[1].luxury_card", to: "'removed'"}]`)
	assert.Contains(t, r.g.Glance(1), "luxury goods none (luxury card removed)")
}
