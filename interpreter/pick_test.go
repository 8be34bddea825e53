package interpreter

// Tests of multi-select decisions (choose: {pick: …}).

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pickGems asks player 0 to pick 2 or 3 gems worth at most 10 and moves
// them to the pile.
const pickGems = gemsDeck + `
vars:
  got: {type: strings}
flow:
  - choose:
      who: 0
      prompt: "Pick gems ({len(chosen)} so far)"
      pick:
        from: deck
        as: c
        picked: chosen
        min: 2
        max: 3
        when: sum(chosen, .value) + c.value <= 10
        label: "{c.name}"
        do:
          - {set: got, to: ids(chosen)}
          - {move: chosen, into: pile}
` + waitEffect

func TestPickOffersCandidatesThenDone(t *testing.T) {
	g := start(t, pickGems, 1)
	d := g.Pending()
	assert.Equal(t, "Pick gems (0 so far)", d.Prompt)
	assert.Equal(t, []string{"pick c=ruby", "pick c=opal", "pick c=jade", "pick c=onyx", "pick c=pearl"}, keys(t, g))
	assert.Equal(t, "Ruby", d.Options[0].Label)
	apply(t, g, "pick c=ruby")
	assert.Equal(t, "Pick gems (1 so far)", g.Pending().Prompt)
	// ruby (5) is gone, and nothing is done yet: min is 2.
	assert.Equal(t, []string{"pick c=opal", "pick c=jade", "pick c=onyx", "pick c=pearl"}, keys(t, g))
	assert.Equal(t, 5, eval(t, g, "len(deck)"), "nothing moves before done")
	apply(t, g, "pick c=pearl")
	// 5 + 4 = 9: only onyx (1) still fits; done is offered.
	assert.Equal(t, []string{"pick c=onyx", "done"}, keys(t, g))
	apply(t, g, "done")
	assert.Equal(t, []string{"ruby", "pearl"}, eval(t, g, "got"))
	assert.Equal(t, []any{"ruby", "pearl"}, eval(t, g, "map(pile, .id)"))
	assert.Equal(t, []string{"go"}, keys(t, g))
	assert.Equal(t, 3, g.Decisions())
}

func TestPickEndsByItselfAtMax(t *testing.T) {
	g := start(t, pickGems, 1)
	apply(t, g, "pick c=onyx", "pick c=opal", "pick c=jade")
	assert.Equal(t, []string{"onyx", "opal", "jade"}, eval(t, g, "got"), "the third pick reaches max: no done step")
	assert.Equal(t, []string{"go"}, keys(t, g))
}

func TestPickEndsWhenDoneIsTheOnlyOption(t *testing.T) {
	g := start(t, strings.Replace(pickGems, "max: 3", "max: 4", 1), 1)
	apply(t, g, "pick c=ruby", "pick c=pearl")
	assert.Equal(t, []string{"pick c=onyx", "done"}, keys(t, g))
	apply(t, g, "pick c=onyx") // 10: nothing fits, 3 < max: done is all that is left
	assert.Equal(t, []string{"ruby", "pearl", "onyx"}, eval(t, g, "got"))
	assert.Equal(t, []string{"go"}, keys(t, g))
}

func TestPickDistinctKeysInterchangeableCards(t *testing.T) {
	g := start(t, `
cards:
  coin:
    zone: purse
    attributes: {kind: {type: string}}
    rows:
      - {id: wood, count: 3, kind: wood}
      - {id: stone, count: 2, kind: stone}
zones:
  purse: {}
  paid: {}
flow:
  - choose:
      who: 0
      prompt: pay
      secret: true
      pick:
        from: purse
        as: c
        picked: coins
        key: coin
        distinct: c.kind
        do:
          - {move: coins, into: paid}
`+waitEffect, 1)
	assert.Equal(t, []string{"coin c=wood", "coin c=stone", "done"}, keys(t, g), "min 0: done at once")
	apply(t, g, "coin c=wood", "coin c=wood")
	assert.Equal(t, []string{"coin c=wood", "coin c=stone", "done"}, keys(t, g))
	apply(t, g, "coin c=wood")
	assert.Equal(t, []string{"coin c=stone", "done"}, keys(t, g), "all wood picked")
	apply(t, g, "done")
	assert.Equal(t, []any{"wood#1", "wood#2", "wood#3"}, eval(t, g, "map(paid, .id)"))
	for _, e := range g.Events() {
		if e.Kind == EventDecision && e.Key != "go" {
			assert.True(t, e.Secret, "every step of a secret pick is secret: %s", e.Key)
		}
	}
}

func TestPickOfIntsBindsAnIntsList(t *testing.T) {
	src := `
vars:
  order: {type: ints}
flow:
  - choose:
      who: 0
      prompt: "order so far: {ns}"
      auto: true
      pick:
        from: FROM
        as: n
        picked: ns
        min: 2
        max: 2
        do:
          - {set: order, to: ns}
` + waitEffect
	g := start(t, strings.Replace(src, "FROM", `"[3, 1, 2]"`, 1), 1)
	apply(t, g, "pick n=2")
	assert.Equal(t, "order so far: 2", g.Pending().Prompt)
	apply(t, g, "pick n=3")
	assert.Equal(t, []int{2, 3}, eval(t, g, "order"))
	// auto: a single candidate is taken without asking.
	g = start(t, strings.Replace(src, "FROM", `"[5, 4]"`, 1), 1)
	assert.Equal(t, []string{"pick n=5", "pick n=4"}, keys(t, g))
	apply(t, g, "pick n=4")
	assert.Equal(t, []int{4, 5}, eval(t, g, "order"), "the last one is taken by auto")
	assert.Equal(t, 1, g.Decisions())
}

func TestPickCloneAndSerialiseMidPick(t *testing.T) {
	g := start(t, pickGems, 1)
	apply(t, g, "pick c=jade")
	c := g.Clone()
	data := marshal(t, g)
	back, err := UnmarshalState(g.Program(), []byte(data))
	require.NoError(t, err)
	assert.Equal(t, data, marshal(t, back), "a pick under way round-trips")
	for _, h := range []*Game{g, c, back} {
		assert.Equal(t, []string{"pick c=ruby", "pick c=opal", "pick c=onyx", "pick c=pearl"}, keys(t, h))
		apply(t, h, "pick c=onyx", "done")
		assert.Equal(t, []string{"jade", "onyx"}, eval(t, h, "got"))
	}
	assert.Equal(t, marshal(t, g), marshal(t, back))
}

func TestPickRunTimeErrors(t *testing.T) {
	for name, tc := range map[string]struct{ pick, want string }{
		"empty set, min 1": {`{from: "deck[0:0]", as: c, picked: cs, min: 1}`, `^g/rules.yaml:22:5: pick: at least 1 to pick, but the set has 0 elements \(in flow, after 0 decisions\)$`},
		"min above max":    {`{from: deck, as: c, picked: cs, min: "len(deck)", max: 2}`, `pick: min \(5\) is greater than max \(2\)`},
		"negative min":     {`{from: deck, as: c, picked: cs, min: "0 - 1"}`, `pick: min is -1: it must be at least 0`},
	} {
		t.Run(name, func(t *testing.T) {
			re := startErr(t, gemsDeck+`
flow:
  - choose:
      who: 0
      prompt: p
      pick: `+tc.pick+"\n", Config{})
			assert.Regexp(t, tc.want, re.Error())
		})
	}
}

func TestPickStuckAfterAStepNamesTheChoose(t *testing.T) {
	g := start(t, gemsDeck+`
flow:
  - choose:
      who: 0
      prompt: p
      pick: {from: deck, as: c, picked: cs, min: 2, when: "c.value > 4"}
`, 1)
	assert.Equal(t, []string{"pick c=ruby"}, keys(t, g))
	err := g.Apply("pick c=ruby")
	require.Error(t, err)
	assert.Regexp(t, `^g/rules.yaml:22:5: pick: 1 element picked, at least 2 needed, and no candidate is left \(in flow, after 1 decision\)$`, err.Error())
}

func TestPickMaxAboveTheSetIsClamped(t *testing.T) {
	g := start(t, gemsDeck+`
vars:
  n: {type: int}
flow:
  - choose:
      who: 0
      prompt: p
      pick:
        from: deck[0:2]
        as: c
        picked: cs
        min: 1
        max: 10
        do:
          - {set: n, to: len(cs)}
`+waitEffect, 1)
	assert.Equal(t, []string{"pick c=ruby", "pick c=opal"}, keys(t, g))
	apply(t, g, "pick c=opal", "pick c=ruby")
	assert.Equal(t, 2, eval(t, g, "n"), "the whole set picked: the pick ends without done")
}

func TestPickDoneWhen(t *testing.T) {
	g := start(t, gemsDeck+`
vars:
  paid: {type: int}
flow:
  - choose:
      who: 0
      prompt: "pay 6 ({sum(cs, .value)} so far)"
      pick:
        from: deck
        as: c
        picked: cs
        done_when: sum(cs, .value) >= 6
        do:
          - {set: paid, to: "sum(cs, .value)"}
`+waitEffect, 1)
	assert.NotContains(t, keys(t, g), "done", "min 0, but nothing paid yet")
	apply(t, g, "pick c=ruby")
	assert.Equal(t, "pay 6 (5 so far)", g.Pending().Prompt)
	assert.NotContains(t, keys(t, g), "done")
	apply(t, g, "pick c=onyx")
	assert.Contains(t, keys(t, g), "done")
	apply(t, g, "done")
	assert.Equal(t, 6, eval(t, g, "paid"))
}

func TestPickAskedOfWho(t *testing.T) {
	g := start(t, replaceOnce(pickGems, "who: 0\n      prompt: \"Pick", "who: 1\n      prompt: \"Pick"), 2)
	assert.Equal(t, 1, g.Pending().Player)
	apply(t, g, "pick c=ruby")
	assert.Equal(t, 1, g.Pending().Player, "every step is asked of the same player")
	for _, e := range g.Events() {
		if e.Kind == EventDecision {
			assert.Equal(t, 1, e.Player)
		}
	}
}

// choiceGame is a whole one-file game with a pick, legal_if_after, an
// intmaps attribute and a shuffled list: a seed of FuzzLoad.
const choiceGame = `game: g
players: {min: 2, max: 3}
cards:
  coin: {zone: bank, attributes: {value: {type: int}}, rows: [{id: copper, count: 4, value: 1}, {id: silver, count: 3, value: 2}]}
  building:
    zone: market
    attributes: {costs: {type: intmaps}, points: {type: int}}
    rows:
      - {id: hut, costs: [{coins: 2}, {goods: 1}], points: 1}
      - {id: hall, costs: [{coins: 4}], points: 3}
zones:
  bank: {visibility: hidden}
  market: {}
  purse: {owner: player, visibility: owner}
  built: {owner: player}
vars:
  order: {type: ints}
player_vars:
  goods: {type: int, init: 1}
setup:
  - {shuffle: bank}
  - {set: order, to: "0..(player_count - 1)"}
  - {shuffle: order}
  - for_each: order
    as: p
    do:
      - {draw: 3, from: bank, into: "players[p].purse"}
flow:
  - for_each: order
    as: p
    do:
      - choose:
          who: p
          prompt: build or pass
          options:
            - key: pass
            - key: build
              for_each: market
              as: b
              legal_if_after: players[p].goods >= 0
              do:
                - {add: "players[p].goods", by: "0 - min(map(b.costs, #.goods ?? 0))"}
                - choose:
                    who: p
                    prompt: "pay for {b.id}"
                    secret: true
                    pick:
                      from: players[p].purse
                      as: c
                      picked: paid
                      min: 1
                      distinct: c.def
                      done_when: "any(b.costs, sum(paid, .value) >= (#.coins ?? 0))"
                      do:
                        - {move: paid, into: bank}
                        - {move: b, into: "players[p].built"}
scoring:
  score: sum(players[me].built, .points)
`

// payPick asks player 0 to pay COST with 1 or 2 gems; done_when says the
// gems picked pay it.
const payPick = gemsDeck + `
vars:
  paid: {type: int}
flow:
  - choose:
      who: 0
      prompt: "pay COST ({sum(cs, .value)} so far)"
      pick:
        from: FROM
        as: c
        picked: cs
        min: 1
        max: 2
        done_when: sum(cs, .value) >= COST
        do:
          - {set: paid, to: "sum(cs, .value)"}
` + waitEffect

func TestPickRefusesACandidateThatReachesMaxWithoutDoneWhen(t *testing.T) {
	g := start(t, strings.NewReplacer("COST", "7", "FROM", "deck").Replace(payPick), 1)
	apply(t, g, "pick c=ruby") // 5: the second gem must bring 2 more
	assert.Equal(t, []string{"pick c=opal", "pick c=jade", "pick c=pearl"}, keys(t, g), "onyx (5 + 1 < 7) would end the pick unpaid")
	why := g.ExplainDecision()
	require.Len(t, why.Refused, 2)
	assert.Equal(t, "pick c=onyx", why.Refused[0].Key)
	assert.Equal(t, []string{
		"pick: c = onyx is not picked yet (1 picked, 1 to 2 to pick)",
		"picking it reaches max (2), and then done_when: sum(cs, .value) >= 7 is false (sum(cs, .value) is 6)",
	}, why.Refused[0].Because)
	apply(t, g, "pick c=opal")
	assert.Equal(t, 7, eval(t, g, "paid"))
}

func TestPickNeverEndsAtMaxWithDoneWhenFalse(t *testing.T) {
	// done_when can never hold: the pick must not end by itself at max
	// with nothing paid for; the dead end is an error at the choose.
	g := start(t, strings.NewReplacer("COST", "100", "FROM", "deck").Replace(payPick), 1)
	assert.Equal(t, []string{"pick c=ruby", "pick c=opal", "pick c=jade", "pick c=onyx", "pick c=pearl"}, keys(t, g))
	err := g.Apply("pick c=ruby")
	require.Error(t, err)
	assert.Regexp(t, `^g/rules.yaml:24:5: pick: done_when does not hold and no candidate is left \(1 element picked\) \(in flow, after 1 decision\)$`, err.Error())
	assert.Equal(t, 0, eval(t, g, "paid"), "do did not run")
	// max reached at once (an empty set, min 0): the same dead end.
	re := startErr(t, strings.NewReplacer("COST", "100", "FROM", `"deck[0:0]"`, "min: 1", "min: 0").Replace(payPick), Config{})
	assert.Regexp(t, `^g/rules.yaml:24:5: pick: done_when does not hold and max is reached \(0 elements picked\) \(in flow, after 0 decisions\)$`, re.Error())
}

// Picking one of several interchangeable elements must not move their
// key behind the others: the options keep the order of the set as the
// pick started, so that option numbers mean the same thing at every step
// ("2 2 2" at the prompt picks the same kind three times).
func TestPickOptionsKeepTheirOrderBetweenSteps(t *testing.T) {
	g := start(t, `
cards:
  tile:
    zone: hand
    attributes: {class: {type: string}}
    rows:
      - {id: m1, class: middle}
      - {id: l1, class: lower}
      - {id: u1, class: upper}
      - {id: m2, class: middle}
      - {id: l2, class: lower}
      - {id: u2, class: upper}
zones:
  hand: {}
  discard: {}
flow:
  - choose:
      who: 0
      prompt: "discard ({len(chosen)} chosen{len(chosen) > 0 ? ': ' : ''}{chosen})"
      pick:
        from: hand
        as: t
        picked: chosen
        min: 4
        max: 4
        distinct: t.class
        do:
          - {move: chosen, into: discard}
`+waitEffect, 1)
	want := []string{"pick t=middle", "pick t=lower", "pick t=upper"}
	assert.Equal(t, want, keys(t, g))
	assert.Equal(t, "discard (0 chosen)", g.Pending().Prompt)
	apply(t, g, "pick t=lower") // l1 goes; l2 comes after u1 in the hand
	assert.Equal(t, want, keys(t, g), "lower stays second")
	apply(t, g, "pick t=middle")
	assert.Equal(t, want, keys(t, g), "middle stays first")
	assert.Equal(t, "discard (2 chosen: l1, m1)", g.Pending().Prompt, "the prompt can list what is picked (REFERENCE.md)")
	apply(t, g, "pick t=lower")
	assert.Equal(t, []string{"pick t=middle", "pick t=upper"}, keys(t, g), "all lower picked")
	apply(t, g, "pick t=upper")
	assert.Equal(t, []any{"l1", "m1", "l2", "u1"}, eval(t, g, "map(discard, .id)"))

	// Equal elements of a list of ints share a key the same way.
	g = start(t, `
flow:
  - choose:
      who: 0
      prompt: p
      pick: {from: "[1, 2, 1]", as: n, picked: ns, min: 2, max: 2}
`+waitEffect, 1)
	assert.Equal(t, []string{"pick n=1", "pick n=2"}, keys(t, g))
	apply(t, g, "pick n=1")
	assert.Equal(t, []string{"pick n=1", "pick n=2"}, keys(t, g), "the other 1 stands where the first did")
}
