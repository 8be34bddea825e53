package testgames

// Scenario tests for the Athens ruleset: the rulebook's worked examples
// (shared/rules/athens.txt) and the rules that are easy to get wrong, each
// set up as a position with Game.Exec and checked with Game.Eval or by the
// options offered. Figures the rulebook does not print are provisional in
// rulesets/athens; each test says which it relies on.

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
)

// athensGame starts an Athens game; it waits for the first base card.
func athensGame(t *testing.T, players int, seed uint64) *interpreter.Game {
	t.Helper()
	p, err := interpreter.Load(rulesets.FS, "athens", "")
	require.NoError(t, err)
	g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
	require.NoError(t, err)
	require.NotNil(t, g.Pending())
	return g
}

// athensExec runs effects and fails the test on an error.
func athensExec(t *testing.T, g *interpreter.Game, format string, a ...any) {
	t.Helper()
	src := fmt.Sprintf(format, a...)
	require.NoError(t, g.Exec(src), "exec:\n%s", src)
}

// athensEval evaluates an expression and fails the test on an error.
func athensEval(t *testing.T, g *interpreter.Game, expr string) any {
	t.Helper()
	v, err := g.Eval(expr)
	require.NoError(t, err, "eval %s", expr)
	return v
}

// athensReset takes every base card and people tile away from every player.
func athensReset(t *testing.T, g *interpreter.Game) {
	t.Helper()
	athensExec(t, g, `
- repeat: player_count
  as: q
  do:
    - {move: "players[q].bases", into: base_supply}
    - {move: "players[q].tiles", into: bag}
`)
}

// athensGive moves the first free base card of an icon to player p.
func athensGive(t *testing.T, g *interpreter.Game, p int, icon string, flipped bool) {
	t.Helper()
	athensExec(t, g, `
- let: {b: "first(filter(base_supply, .icon == '%s'))"}
- {move: b, into: "players[%d].bases"}
- {set: b.flipped, to: %t}
`, icon, p, flipped)
}

// The dice example: with a middle die, DELPHI (1 upper or 2 middle) costs
// "either 1 upper class tile or 1 middle class tile". Relies on the
// provisional Delphi cost.
func TestAthensDelphiDiceExample(t *testing.T) {
	g := athensGame(t, 2, 1)
	require.Equal(t, "1 upper", athensEval(t, g, "cost_text(card('delphi').costs[0], ['middle', 'lower'])"))
	require.Equal(t, "1 middle", athensEval(t, g, "cost_text(card('delphi').costs[1], ['middle', 'lower'])"))
	// Without the middle die the 2 middle tiles are due.
	require.Equal(t, "2 middle", athensEval(t, g, "cost_text(card('delphi').costs[1], ['lower', 'lower'])"))
	// A player with one middle tile and a cube can take Delphi with these dice, not without.
	athensReset(t, g)
	athensExec(t, g, `
- {move: "first(filter(bag, .class == 'middle'))", into: "players[0].tiles"}
- {set: "players[0].cubes", to: "{orange: 1}"}
- {set: "players[0].dice", to: "['middle', 'lower']"}
`)
	require.Equal(t, true, athensEval(t, g, "can_take(0, card('delphi'))"))
	athensExec(t, g, `[{set: "players[0].dice", to: "['lower', 'lower']"}]`)
	require.Equal(t, false, athensEval(t, g, "can_take(0, card('delphi'))"))
}

// "if you have only 1 QUARRY and flip it, then you have 2 QUARRIES and 5
// victory points."
func TestAthensFlippedQuarry(t *testing.T) {
	g := athensGame(t, 2, 1)
	athensReset(t, g)
	athensGive(t, g, 0, "quarry", false)
	require.Equal(t, 1, athensEval(t, g, "icon_count(0, 'quarry')"))
	require.Equal(t, 0, athensEval(t, g, "total(0)"))
	require.Equal(t, false, athensEval(t, g, "meets(0, {quarry: 2})"))
	athensExec(t, g, `[{set: "first(players[0].bases).flipped", to: true}]`)
	require.Equal(t, 2, athensEval(t, g, "icon_count(0, 'quarry')"))
	require.Equal(t, 5, athensEval(t, g, "total(0)"))
	require.Equal(t, true, athensEval(t, g, "meets(0, {quarry: 2})"))
}

// "if you have 1 base card on which there are 2 KILNS and you have 2
// VILLAGES, you can get 2 red cubes (wine) or 2 yellow cubes (olive oil) by
// choosing ATELIER."
func TestAthensAtelierWithVillages(t *testing.T) {
	g := athensGame(t, 2, 1)
	athensReset(t, g)
	athensGive(t, g, 0, "kiln", true)
	athensExec(t, g, `[{move: "supply_deck['village'][0:1]", into: "players[0].owned"}]`)
	require.Equal(t, false, athensEval(t, g, "meets(0, card('atelier').produce_needs[0])"), "one VILLAGE is one icon")
	athensExec(t, g, `[{move: "supply_deck['village'][0:1]", into: "players[0].owned"}]`)
	require.Equal(t, true, athensEval(t, g, "meets(0, card('atelier').produce_needs[0])"), "2 KILNS + 2 VILLAGES as VINEYARDS")
	require.Equal(t, true, athensEval(t, g, "meets(0, card('atelier').produce_needs[1])"), "2 KILNS + 2 VILLAGES as OLIVE GROVES")
	require.Equal(t, false, athensEval(t, g, "meets(0, {kiln: 2, vineyard: 2, olive_grove: 1})"), "each VILLAGE is one icon only")
	require.Equal(t, 5+2*6, athensEval(t, g, "total(0)"), "flipped KILN 5, two VILLAGES 6 each")
}

// "if your all oracle cards are as shown on the left, you get 36 victory
// points for them (i.e. 9 + 9 + 9 + 9 + 2 - 2 = 36)." Relies on the
// provisional oracle values, which include this hand.
func TestAthensSixOraclesWorth36(t *testing.T) {
	g := athensGame(t, 2, 1)
	athensReset(t, g)
	athensExec(t, g, `
- for_each: "['oracle_9#1', 'oracle_9#2', 'oracle_9#3', 'oracle_9#4', 'oracle_2#1', 'oracle_m2#1']"
  as: o
  do:
    - {move: "card(o)", into: "players[0].oracles"}
`)
	require.Equal(t, 36, athensEval(t, g, "total(0)"))
	require.Equal(t, 24, athensEval(t, g, "len(oracle_deck) + sum(players, len(.oracles))"))
}

// The tie-break: equal scores, the highest icon count decides, then the
// second highest. A has 3 SMITHIES (one flipped) and 2 KILNS; B has 3
// QUARRIES (one flipped) and 1 VINEYARD + 1 SHIPYARD: both top counts are 3,
// A's second count 2 beats B's 1.
func TestAthensTieBreak(t *testing.T) {
	g := athensGame(t, 2, 1)
	athensReset(t, g)
	athensGive(t, g, 0, "smithy", true)
	athensGive(t, g, 0, "smithy", false)
	athensGive(t, g, 0, "kiln", false)
	athensGive(t, g, 0, "kiln", false)
	athensGive(t, g, 1, "quarry", true)
	athensGive(t, g, 1, "quarry", false)
	athensGive(t, g, 1, "vineyard", false)
	athensGive(t, g, 1, "shipyard", false)
	// Equal scores: one flipped base card (5 VP) each.
	require.Equal(t, athensEval(t, g, "total(0)"), athensEval(t, g, "total(1)"))
	require.Equal(t, []any{3, 2, 0, 0, 0, 0, 0}, toAnyInts(athensEval(t, g, "icon_ranks(0)")))
	require.Equal(t, []any{3, 1, 1, 0, 0, 0, 0}, toAnyInts(athensEval(t, g, "icon_ranks(1)")))
	athensExec(t, g, `[{end_game: true}]`)
	r := g.Result()
	require.NotNil(t, r)
	require.Equal(t, []int{0}, r.Winners, "A wins the tie on the second-highest icon count")
}

// toAnyInts turns a list of ints of any int type into []any of int.
func toAnyInts(v any) []any {
	var out []any
	switch l := v.(type) {
	case []any:
		for _, x := range l {
			switch n := x.(type) {
			case int64:
				out = append(out, int(n))
			default:
				out = append(out, x)
			}
		}
	case []int:
		for _, x := range l {
			out = append(out, x)
		}
	}
	return out
}

// Full rows are removed and the lower rows move up; the black cylinder
// climbs once per placement and the card flips at the top, its cubes going
// back to the supply. Relies on the provisional 3x3 grid of WAR.
func TestAthensEventRowClearsAndShifts(t *testing.T) {
	g := athensGame(t, 2, 1)
	athensExec(t, g, `
- {set: "card('war_r0c0').cube", to: "'orange'"}
- {set: "card('war_r0c1').cube", to: "'green'"}
- {set: "card('war_r0c2').cube", to: "'blue'"}
- {set: "card('war_r1c0').cube", to: "'orange'"}
- {set: "card('war_r2c2').cube", to: "'orange'"}
- {set: "supply", to: "{orange: 6, green: 8, blue: 8, brown: 6, red: 10, yellow: 10, silver: 10, violet: 10}"}
- {call: after_placing, with: {e: "card('war')"}}
`)
	// Row 1 is gone; row 2 moved into row 1, row 3 into row 2, row 3 is empty.
	require.Equal(t, "orange", athensEval(t, g, "card('war_r0c0').cube"))
	require.Equal(t, "", athensEval(t, g, "card('war_r0c1').cube"))
	require.Equal(t, "orange", athensEval(t, g, "card('war_r1c2').cube"))
	require.Equal(t, 0, athensEval(t, g, "count(filter(grid, .event == 'war' && .row == 2), .cube != '')"))
	require.Equal(t, 7, athensEval(t, g, "supply['orange']"))
	require.Equal(t, 9, athensEval(t, g, "supply['green'] ")) // one green back
	require.Equal(t, 1, athensEval(t, g, "card('war').climbed"))
	require.Equal(t, false, athensEval(t, g, "card('war').done"))
	athensExec(t, g, `
- {call: after_placing, with: {e: "card('war')"}}
- {call: after_placing, with: {e: "card('war')"}}
`)
	require.Equal(t, true, athensEval(t, g, "card('war').done"))
	require.Equal(t, 0, athensEval(t, g, "count(filter(grid, .event == 'war'), .cube != '')"))
	require.Equal(t, 9, athensEval(t, g, "supply['orange']"))
}

// ECCLESIA lets a player re-roll the grey dice once per ECCLESIA; AGORA lets
// them swap a tile once per AGORA; both before the action.
func TestAthensEcclesiaAndAgoraBeforeTheAction(t *testing.T) {
	g := athensGame(t, 2, 1)
	athensReset(t, g)
	athensGive(t, g, 0, "kiln", false)
	athensExec(t, g, `
- {move: "supply_deck['ecclesia'][0:1]", into: "players[0].owned"}
- {move: "supply_deck['agora'][0:1]", into: "players[0].owned"}
- {move: "filter(bag, .class == 'lower')[0:2]", into: "players[0].tiles"}
- {call: action_turn, with: {p: 0}}
`)
	keys := optionKeys(g)
	require.Contains(t, keys, "roll")
	require.Contains(t, keys, "swap t=lower")
	require.NoError(t, g.Apply("roll"))
	keys = optionKeys(g)
	require.NotContains(t, keys, "roll", "one ECCLESIA: one re-roll")
	require.NoError(t, g.Apply("swap t=lower"))
	keys = optionKeys(g)
	require.NotContains(t, keys, "swap t=lower", "one AGORA: one swap")
	require.Contains(t, keys, "flip b="+firstBaseDef(t, g, 0))
}

// optionKeys lists the pending decision's keys.
func optionKeys(g *interpreter.Game) []string {
	var out []string
	for _, o := range g.Pending().Options {
		out = append(out, o.Key)
	}
	return out
}

// firstBaseDef is the def of player p's first base card.
func firstBaseDef(t *testing.T, g *interpreter.Game, p int) string {
	t.Helper()
	v, ok := athensEval(t, g, fmt.Sprintf("first(players[%d].bases).def", p)).(string)
	require.True(t, ok)
	return v
}

// DELPHI: a brown cube buys 3 oracle cards, of which 1 goes back to the
// deck (to the bottom, a ruling) and 2 are kept.
func TestAthensDelphiThreeKeepTwo(t *testing.T) {
	g := athensGame(t, 2, 1)
	athensExec(t, g, `
- {set: "players[0].cubes", to: "{brown: 1}"}
- {call: single_option, with: {p: 0, c: "card('delphi')"}}
`)
	require.Contains(t, optionKeys(g), "oracles")
	require.NoError(t, g.Apply("oracles"))
	require.Equal(t, 3, athensEval(t, g, "len(oracle_draw)"))
	back, ok := athensEval(t, g, "oracle_draw[0].id").(string)
	require.True(t, ok)
	require.NoError(t, g.Apply("return o="+mustDef(t, g, back)))
	require.Equal(t, 2, athensEval(t, g, "len(players[0].oracles)"))
	require.Equal(t, back, athensEval(t, g, "last(oracle_deck).id"))
	require.Equal(t, 0, athensEval(t, g, "players[0].cubes['brown']"))
	require.Equal(t, 7, athensEval(t, g, "supply['brown']"))
}

// mustDef is the row id of a card instance.
func mustDef(t *testing.T, g *interpreter.Game, id string) string {
	t.Helper()
	v, ok := athensEval(t, g, fmt.Sprintf("card('%s').def", id)).(string)
	require.True(t, ok)
	return v
}

// A monument comes with its white cylinder, the next one is turned up with
// another; with a WORKSHOP the cylinder may move onto a circle for its VP
// plus the 1 VP it hid. Relies on the provisional circle VP (2, 3, 4).
func TestAthensMonumentCylinderToWorkshop(t *testing.T) {
	g := athensGame(t, 2, 1)
	first, ok := athensEval(t, g, "monument_offer[0].id").(string)
	require.True(t, ok)
	athensExec(t, g, `
- {move: "supply_deck['workshop'][0:1]", into: "players[0].owned"}
- {call: take_action, with: {p: 0, c: "monument_offer[0]"}}
- {call: move_cylinders, with: {p: 0}}
`)
	require.Equal(t, true, athensEval(t, g, fmt.Sprintf("card('%s').zone == 'owned' && card('%s').cylinder", first, first)))
	require.Equal(t, true, athensEval(t, g, "len(monument_offer) == 1 && monument_offer[0].cylinder"))
	require.Equal(t, []string{"keep", "move w=workshop"}, optionKeys(g))
	require.NoError(t, g.Apply("move w=workshop"))
	require.Equal(t, 2+1, athensEval(t, g, "players[0].vp"))
	require.Equal(t, false, athensEval(t, g, fmt.Sprintf("card('%s').cylinder", first)))
	require.Equal(t, 1, athensEval(t, g, "first(filter(players[0].owned, .kind == 'workshop')).circles"))
}

// The turn order die: counter-clockwise play goes to the right of the
// Pericles holder; the die is not rolled with 2 players.
func TestAthensTurnOrderDie(t *testing.T) {
	g := athensGame(t, 4, 1)
	require.Equal(t, []any{1, 0, 3, 2}, toAnyInts(athensEval(t, g, "seating(1, 'counterclockwise')")))
	require.Equal(t, []any{3, 0, 1, 2}, toAnyInts(athensEval(t, g, "seating(3, 'clockwise')")))
	require.Contains(t, fmt.Sprint(g.Events()), "roll direction", "the die is rolled with 4 players")
	g2 := athensGame(t, 2, 1)
	for _, e := range g2.Events() {
		require.NotContains(t, fmt.Sprint(e), "roll direction", "no turn order die with 2 players")
	}
}
