package interpreter

// Tests of legality by look-ahead (legal_if_after).

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// spendRules: player 0 has 5 gold and may buy any gem for its value; a
// trigger taxes 1 more when a purchase leaves an odd amount. An option is
// legal only if the gold stays at least 0 after the whole purchase, tax
// included, and the card is then in the hand.
const spendRules = gemsDeck + `
vars:
  bought: {type: bool}
player_vars:
  gold: {type: int, init: 5}
  taxed: {type: int}
triggers:
  - name: tax
    when: bought && players[0].gold % 2 == 1 && players[0].taxed == 0
    do:
      - {add: "players[0].gold", by: -1}
      - {set: "players[0].taxed", to: 1}
flow:
  - let: {p: 0}
  - choose:
      who: p
      prompt: buy
      options:
        - key: pass
        - key: buy
          for_each: deck
          as: c
          legal_if_after: players[p].gold >= 0 && c.zone == "hand"
          do:
            - {add: "players[p].gold", by: -c.value}
            - {set: bought, to: true}
            - {move: c, into: "players[p].hand"}
` + waitEffect

func TestLegalIfAfterHidesAnOption(t *testing.T) {
	// 5 gold: every gem is affordable (pearl leaves 1, taxed to 0).
	g := start(t, spendRules, 1)
	assert.Equal(t, []string{"pass", "buy c=ruby", "buy c=opal", "buy c=jade", "buy c=onyx", "buy c=pearl"}, keys(t, g))
	assert.Equal(t, 5, eval(t, g, "players[0].gold"), "the look-ahead changed nothing")
	assert.Empty(t, eval(t, g, "players[0].hand"))
	assert.Equal(t, false, eval(t, g, "bought"))
	assert.Equal(t, 0, eval(t, g, "players[0].taxed"))
	// 3 gold: ruby (5) and pearl (4) are hidden; opal (2) leaves 1, taxed to 0.
	g = start(t, replaceOnce(spendRules, "init: 5", "init: 3"), 1)
	assert.Equal(t, []string{"pass", "buy c=opal", "buy c=jade", "buy c=onyx"}, keys(t, g))
	apply(t, g, "buy c=opal")
	assert.Equal(t, 0, eval(t, g, "players[0].gold"))
}

func TestLegalIfAfterCountsTriggers(t *testing.T) {
	// 1 gold and a free onyx: 1 left, odd, so the tax (here 2) makes it -1.
	src := replaceOnce(spendRules, "init: 5", "init: 1")
	src = replaceOnce(src, "value: 1}", "value: 0}")
	g := start(t, replaceOnce(src, "by: -1}", "by: -2}"), 1)
	assert.Equal(t, []string{"pass"}, keys(t, g), "the trigger's tax, run in the look-ahead, hides onyx")
	g = start(t, src, 1)
	assert.Equal(t, []string{"pass", "buy c=onyx"}, keys(t, g), "with a tax of 1 onyx is legal")
}

func TestLegalIfAfterStopsAtDecisionsAndChance(t *testing.T) {
	g := start(t, lookaheadStops(), 1)
	assert.Equal(t, []string{"ask", "roll", "shuffle", "refill"}, keys(t, g),
		"each look-ahead stopped before its chance step: the roll, the shuffle, the refill's shuffle")
	assert.Empty(t, chances(g), "the look-ahead logged no chance outcome")
	rngBefore := g.st.rng
	c := g.Clone()
	apply(t, c, "roll")
	apply(t, g, "roll")
	assert.Equal(t, g.st.rng, c.st.rng)
	assert.NotEqual(t, rngBefore, g.st.rng)
	assert.Len(t, chances(g), 1)
}

func TestLegalIfAfterSeesTheChoosesLocalsAtTheEndOfTheGame(t *testing.T) {
	g := start(t, lookaheadAtTheEnd, 1)
	assert.Equal(t, []string{"keep c=opal", "keep c=jade", "keep c=onyx"}, keys(t, g))
}

// lookaheadFails: the only option's look-ahead meets a failure.
const lookaheadFails = gemsDeck + `
flow:
  - choose:
      who: 0
      prompt: go
      options:
        - key: bad
          legal_if_after: "true"
          do:
            - {fail: "boom"}
`

func TestLegalIfAfterErrorNamesTheLookAhead(t *testing.T) {
	re := startErr(t, lookaheadFails, Config{})
	assert.Regexp(t, `^g/rules.yaml:29:15: while looking ahead for legal_if_after: ruleset failure: boom`, re.Error())
}

// An error in the condition itself says so too (only errors in do did).
func TestLegalIfAfterConditionErrorNamesTheLookAhead(t *testing.T) {
	re := startErr(t, `vars: {n: {type: int}}
flow:
  - choose:
      who: 0
      prompt: go
      options:
        - key: pass
        - key: bad
          legal_if_after: "div(1, n) == 0"
`, Config{Players: 1})
	assert.Regexp(t, `^g/rules.yaml:9:28: while looking ahead for legal_if_after: division by zero`, re.Error())
}

func replaceOnce(s, old, new string) string {
	if !strings.Contains(s, old) {
		panic("replaceOnce: " + old + " not found")
	}
	return strings.Replace(s, old, new, 1)
}

// BenchmarkOptions lists spendRules' six options with and without
// legal_if_after (each look-ahead clones the game and runs the purchase):
//
//	go test ./interpreter -bench Options -run '^$'
func BenchmarkOptions(b *testing.B) {
	for name, src := range map[string]string{
		"when":           replaceOnce(spendRules, "legal_if_after:", "when:"),
		"legal_if_after": spendRules,
	} {
		b.Run(name, func(b *testing.B) {
			p, err := Load(rulesFS(src), "g", "")
			if err != nil {
				b.Fatal(err)
			}
			g, err := NewGame(p, Config{Players: 1, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			ch := g.st.pending.choice
			for b.Loop() {
				if _, err := g.options(ch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
