package interpreter

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/rulesets"
)

// readersOf lists, sorted, the state names trigger i is re-evaluated for.
func readersOf(p *Program, i int) []string {
	var out []string
	for n, ts := range p.trigDeps.readers {
		for _, t := range ts.triggers {
			if t == i {
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestTriggerReadsAreFoundInTheConditionAndTheFunctionsItCalls(t *testing.T) {
	p := load(t, `
constants:
  limit: 3
vars:
  x: {type: int}
  on: {type: bool}
  other: {type: int}
cards:
  gem:
    zone: pile
    props:
      shiny: {type: bool}
    rows:
      - {id: ruby}
zones:
  pile: {}
  hand: {owner: player}
functions:
  big:
    params: {n: int}
    returns: bool
    expr: n > limit && on
  shining:
    returns: bool
    expr: any(pile, .shiny)
triggers:
  - name: scalar
    active: on
    when: big(x)
    do: []
  - name: zone
    when: shining()
    do: []
  - name: players
    when: any(players, len(.hand) > limit)
    do: []
  - name: byid
    when: card('ruby').shiny
    do: []
  - name: exprlet
    when: let y = x; y > 1
    do: []
  - name: phase
    when: phase == 'main' && player_count > 1
    do: []
flow: []
`)
	assert.Equal(t, []string{"on", "x"}, readersOf(p, 0), "limit is a constant; n is the function's parameter")
	assert.Equal(t, []string{cardsToken, "pile"}, readersOf(p, 1))
	assert.Equal(t, []string{cardsToken, "players"}, readersOf(p, 2))
	assert.Equal(t, []string{cardsToken}, readersOf(p, 3))
	assert.True(t, p.trigDeps.always[4], "an expression's own let variable is a name the analysis does not know: always evaluated")
	assert.Empty(t, readersOf(p, 4))
	assert.Equal(t, []string{"phase"}, readersOf(p, 5))
	assert.Equal(t, []bool{false, false, false, false, true, false}, p.trigDeps.always)
}

func TestTriggerSeesEveryKindOfWrite(t *testing.T) {
	g := start(t, `
vars:
  counts: {type: intmap}
cards:
  gem:
    zone: pile
    props:
      shiny: {type: bool}
    rows:
      - {id: ruby}
      - {id: opal}
zones:
  pile: {}
  hand: {owner: player}
triggers:
  - name: count
    when: counts['a'] == 1
    do:
      - log: count
      - add: counts['a']
        by: 1
  - name: hand
    when: len(players[0].hand) == 1
    do:
      - log: hand
      - move: first(pile)
        into: players[0].hand
  - name: shiny
    when: card('ruby').shiny && card('ruby').zone == 'hand'
    do:
      - log: shiny
      - set: card('ruby').shiny
        to: false
      - move: card('ruby')
        into: pile
flow:
  - log: start
  - add: counts['a']
    by: 1
  - log: after count
  - move: card('opal')
    into: players[0].hand
  - log: after move
  - set: card('opal').shiny
    to: true
  - set: card('ruby').shiny
    to: true
  - log: after set
`, 1)
	assert.Equal(t, []string{"start", "count", "after count", "hand", "after move", "shiny", "hand", "after set"}, logs(g))
}

// TestTriggerCacheChangesNothing plays random games of every shipped
// ruleset twice, once with every trigger evaluated after every effect (as
// before the cache), and requires the same log and result.
func TestTriggerCacheChangesNothing(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for name, p := range shippedPrograms(t) {
		uncached, err := Load(rulesets.FS, name, "")
		require.NoError(t, err)
		uncached.trigDeps.always = make([]bool, len(p.triggers))
		for i := range uncached.trigDeps.always {
			uncached.trigDeps.always[i] = true
		}
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			for seed := uint64(1); seed <= uint64(games); seed++ {
				name := fmt.Sprintf("%s/%dp/seed%d", name, players, seed)
				a, b := playSeeded(t, p, players, seed), playSeeded(t, uncached, players, seed)
				require.Equal(t, b.Events(), a.Events(), name)
				require.Equal(t, b.Result(), a.Result(), name)
			}
		}
	}
}

// playSeeded plays a game to its end, choosing options at random from a
// stream seeded with seed (core API only: Pending and Apply).
func playSeeded(t *testing.T, p *Program, players int, seed uint64) *Game {
	t.Helper()
	g, err := NewGame(p, Config{Players: players, Seed: seed})
	require.NoError(t, err)
	playOut(t, g, seed)
	return g
}

// playOut takes random options of g's decisions until it is over.
func playOut(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	for !g.Over() {
		d := g.Pending()
		require.NotNil(t, d)
		require.NoError(t, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
	}
}

// TestKnownReadsCarryOverDecisions: what a game knows of its trigger
// conditions and remembered calls carries over from one decision to the
// next, so every value reused is evaluated again here and must be what
// evaluating gives. Every few decisions a clone plays a decision (so that
// it knows something), re-deals what one seat cannot see, as a bot's
// world does, and plays on: the re-deal moves cards without touching, so
// it must forget what the clone knew.
func TestKnownReadsCarryOverDecisions(t *testing.T) {
	seeds := 2
	if testing.Short() {
		seeds = 1
	}
	reused := map[string]int{}
	for name, p := range shippedPrograms(t) {
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				where := fmt.Sprintf("%s/%dp/seed%d", name, players, seed)
				g, err := NewGame(p, Config{Players: players, Seed: seed})
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(seed, 11))
				checkKnownReads(t, g, where, "", reused)
				for !g.Over() {
					if g.Decisions()%7 == 6 {
						c := g.Clone()
						checkKnownReads(t, c, where, "re-dealt ", reused)
						playRandomly(c, r, 1)
						c.RedealUnseen(c.Decisions() % players)
						requireForgotten(t, c, where)
						playRandomly(c, r, 6)
					}
					d := g.Pending()
					require.NotNil(t, d, where)
					require.NoError(t, g.Apply(d.Options[r.IntN(len(d.Options))].Key), where)
				}
			}
		}
	}
	for _, kind := range []string{"trigger", "call", "re-dealt trigger", "re-dealt call"} {
		assert.Greater(t, reused[kind], 100, "%ss reused", kind)
	}
}

// checkKnownReads makes g evaluate again every trigger condition and call
// it reuses, and require the value it knew.
func checkKnownReads(t *testing.T, g *Game, where, prefix string, reused map[string]int) {
	g.trigCheck = func(tr *trigger, kept, computed bool, err error) {
		reused[prefix+"trigger"]++
		require.NoError(t, err, "%s: trigger %s", where, tr.name)
		require.Equal(t, computed, kept, "%s: %strigger %s: the known condition is stale", where, prefix, tr.name)
	}
	g.memoCheck = func(f *function, kept, computed any, ok bool) {
		reused[prefix+"call"]++
		require.True(t, ok, "%s: %s: computing again gave up", where, f.name)
		require.Equal(t, computed, kept, "%s: %s%s: the remembered value is stale", where, prefix, f.name)
	}
}

// requireForgotten requires g to know no trigger condition and no call
// it computed before (a re-deal touches the zones it deals into, but not
// every name a card's new place is read through: card(id).zone).
func requireForgotten(t *testing.T, g *Game, where string) {
	assert.NotContains(t, g.trig.known, true, "%s: a trigger condition is known after a re-deal", where)
	for i, f := range g.memo.fns {
		for _, e := range f.entries {
			assert.False(t, e.v != nil && e.stamp == f.stamp, "%s: function %d remembers a call after a re-deal", where, i)
		}
	}
}

// playRandomly takes up to n random options of g's decisions; it stops at
// the end of the game or at an error (a re-dealt world can reach a
// position the rules never do).
func playRandomly(g *Game, r *rand.Rand, n int) {
	for range n {
		d := g.Pending()
		if d == nil || g.Apply(d.Options[r.IntN(len(d.Options))].Key) != nil {
			return
		}
	}
}

// TestAConstantSwitchesAReadOff: a branch a constant decides is never
// evaluated reads nothing (a variant's switch, `advanced && …`), and with
// the switch the other way the same condition reads what it reads.
func TestAConstantSwitchesAReadOff(t *testing.T) {
	rules := func(off, on string) string {
		return `
constants:
  off: ` + off + `
  on: ` + on + `
vars:
  x: {type: int}
  y: {type: int}
triggers:
  - name: and
    when: off && x > 3
    do: []
  - name: or
    when: on || y > 3
    do: []
  - name: pick
    when: "off ? x > 3 : y > 3"
    do: []
flow: []
`
	}
	p := load(t, rules("false", "true"))
	assert.Empty(t, readersOf(p, 0), "false && x reads nothing")
	assert.Empty(t, readersOf(p, 1), "true || y reads nothing")
	assert.Equal(t, []string{"y"}, readersOf(p, 2), "off ? x : y reads y only")
	p = load(t, rules("true", "false"))
	assert.Equal(t, []string{"x"}, readersOf(p, 0))
	assert.Equal(t, []string{"y"}, readersOf(p, 1))
	assert.Equal(t, []string{"x"}, readersOf(p, 2))
}

// TestAPlayerFieldIsReadByName: players[E].NAME reads that field only, so
// that a write of another field of a player leaves what it computed
// known; a player read whole (map(players, …), a player's map as a value)
// reads every field; a player zone reaches the cards.
func TestAPlayerFieldIsReadByName(t *testing.T) {
	rules := `
player_vars:
  score: {type: int}
  other: {type: int}
zones:
  hand: {owner: player}
triggers:
  - name: field
    when: players[0].score >= 2 && players[0].other < 9
    do:
      - log: "score {players[0].score}"
      - {set: "players[0].other", to: 9}
  - name: whole
    when: any(players, .score > 5)
    do: []
  - name: zone
    when: count(players[1].hand, true) > 3
    do: []
flow:
  - {set: "players[1].other", to: 1}
  - {add: "players[0].score", by: 1}
  - log: one
  - {add: "players[0].score", by: 1}
  - log: two
`
	p := load(t, rules)
	assert.Equal(t, []string{"players.other", "players.score"}, readersOf(p, 0))
	assert.Equal(t, []string{"$cards", "players"}, readersOf(p, 1))
	assert.Equal(t, []string{"$cards", "players.hand"}, readersOf(p, 2))
	g := start(t, rules, 2)
	assert.Equal(t, []string{"one", "score 2", "two"}, logs(g))
}
