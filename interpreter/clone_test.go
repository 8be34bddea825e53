package interpreter

// Unit tests of Clone (a copy that shares nothing the original writes)
// and of MarshalState/UnmarshalState (a saved state continues the game
// identically). Split from core_test.go, which keeps the shared helpers.

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// --- Clone ---

// markGame offers, for each card of the deck in turn, to mark it shiny:
// the loop local c holds the card while the decision is pending.
const markGame = gemsDeck + `
vars:
  marked: {type: int}
flow:
  - for_each: deck
    as: c
    do:
      - choose:
          who: 0
          prompt: "Mark {c.name}?"
          options:
            - key: mark
              do:
                - set: c.shiny
                  to: true
                - add: marked
                  by: c.value
            - key: skip
            - key: take
              do:
                - move: c
                  into: players[0].hand
`

func TestCloneSharesNothingWithTheOriginal(t *testing.T) {
	g := start(t, markGame, 1)
	before := marshal(t, g)
	c := g.Clone()
	apply(t, c, "mark", "take", "mark")
	assert.Equal(t, before, marshal(t, g), "applying to the clone left the original alone")
	assert.Equal(t, 0, g.Decisions())
	assert.Equal(t, 3, c.Decisions())
	assert.Equal(t, "Mark Ruby?", g.Pending().Prompt)
	assert.Equal(t, "Mark Onyx?", c.Pending().Prompt)
}

func TestCloneMarshalsLikeTheOriginal(t *testing.T) {
	g := start(t, markGame, 1)
	assert.Equal(t, marshal(t, g), marshal(t, g.Clone()))
}

func TestCloneLoopLocalIsTheClonesCard(t *testing.T) {
	g := start(t, markGame, 1)
	c := g.Clone()
	apply(t, c, "mark")
	// The clone's c was its own ruby: the clone's deck sees the prop.
	assert.Equal(t, true, eval(t, c, "deck[0].shiny"))
	assert.Equal(t, 5, eval(t, c, "marked"))
	assert.Equal(t, false, eval(t, g, "deck[0].shiny"))
	assert.Equal(t, 0, eval(t, g, "marked"))
	// The next iteration's card is the clone's too (the loop list was
	// cloned with the zones).
	apply(t, c, "take")
	assert.Equal(t, []string{"opal"}, eval(t, c, "ids(players[0].hand)"))
	assert.Equal(t, []string{}, eval(t, g, "ids(players[0].hand)"))
	assert.Equal(t, "deck", eval(t, g, `card("opal").zone`))
	// The original still runs its own course.
	apply(t, g, "skip", "mark")
	assert.Equal(t, 2, eval(t, g, "marked"))
	assert.Equal(t, []any{false, true, false, false, false}, eval(t, g, "map(deck, .shiny)"))
	assert.Equal(t, []any{true, false, false, false}, eval(t, c, "map(deck, .shiny)"))
}

func TestClonePendingOptionCardsAreTheClones(t *testing.T) {
	g := start(t, dealGame, 1)
	first := g.Pending().Options[0].Key
	id := strings.TrimPrefix(first, "take c=")
	c := g.Clone()
	apply(t, c, first)
	assert.Equal(t, "hand", eval(t, c, `card("`+id+`").zone`))
	assert.Equal(t, "deck", eval(t, g, `card("`+id+`").zone`), "the option's card in the original did not move")
	assert.Equal(t, 5, len(eval(t, g, "deck").([]any)))
}

func TestCloneAliasedListLocalBehavesLikeTheOriginal(t *testing.T) {
	g := start(t, `
vars:
  xs: {type: ints, init: "[1, 2, 3]"}
flow:
  - let: {before: xs}
  - choose:
      who: 0
      prompt: go
      options: [{key: go}]
  - set: xs[0]
    to: 9
  - log: "{before[0]}"
`, 1)
	c := g.Clone()
	loaded, err := UnmarshalState(g.Program(), []byte(marshal(t, g)))
	require.NoError(t, err)
	apply(t, g, "go")
	apply(t, c, "go")
	apply(t, loaded, "go")
	assert.Equal(t, logs(g), logs(c), "clone")
	assert.Equal(t, logs(g), logs(loaded), "reloaded")
	assert.Equal(t, []string{"1"}, logs(g), "a let binds the value it had")
}

// --- MarshalState / UnmarshalState ---

// nestedGame asks decisions inside a for_each, a repeat and a procedure,
// with a card local, a shuffle after each decision and an intmap.
const nestedGame = gemsDeck + `
vars:
  tally: {type: intmap}
  trace: {type: strings}
procedures:
  ask:
    params: {i: int, c: card}
    do:
      - let: {k: i * 10}
      - choose:
          who: i % player_count
          prompt: "{c.name} {i}"
          options:
            - key: keep
              do:
                - add: tally[c.id]
                  by: k + 1
                - set: trace
                  to: concat(trace, [c.id + "/" + string(k)])
            - key: drop
              do:
                - move: c
                  into: pile
                - shuffle: pile
flow:
  - for_each: deck
    as: c
    do:
      - repeat: 2
        as: i
        do:
          - call: ask
            with: {i: i, c: c}
      - log: "{c.name} done: {c.zone}"
`

func TestUnmarshalStateContinuesIdentically(t *testing.T) {
	p := load(t, nestedGame)
	g, err := NewGame(p, Config{Players: 2, Seed: 5})
	require.NoError(t, err)
	choices := []string{"keep", "drop", "keep", "keep", "drop", "keep", "drop", "drop", "keep", "keep"}
	apply(t, g, choices[:3]...)
	saved := marshal(t, g)

	h, err := UnmarshalState(p, []byte(saved))
	require.NoError(t, err)
	assert.Equal(t, saved, marshal(t, h), "marshal(unmarshal(s)) == s")
	assert.Equal(t, g.Pending(), h.Pending())
	assert.Equal(t, "Opal 1", h.Pending().Prompt, "inside the loop: second card, second round")
	assert.Equal(t, 1, h.Pending().Player)

	apply(t, g, choices[3:]...)
	apply(t, h, choices[3:]...)
	assert.True(t, g.Over())
	assert.True(t, h.Over())
	assert.Equal(t, g.Events(), h.Events())
	assert.Equal(t, marshal(t, g), marshal(t, h))
	assert.Equal(t, g.Result(), h.Result())
	// keep adds 1 in round 0 and 11 in round 1; onyx was dropped twice.
	assert.Equal(t, map[string]int{"ruby": 1, "opal": 12, "jade": 11, "pearl": 12}, eval(t, h, "tally"))
	assert.Equal(t, []string{"ruby/0", "opal/0", "opal/10", "jade/10", "pearl/0", "pearl/10"}, eval(t, h, "trace"))
}

func TestUnmarshalStateAtEveryDecision(t *testing.T) {
	p := load(t, nestedGame)
	choices := []string{"drop", "keep", "keep", "drop", "keep", "drop", "keep", "keep", "drop", "keep"}
	ref, err := NewGame(p, Config{Players: 2, Seed: 8})
	require.NoError(t, err)
	apply(t, ref, choices...)
	require.True(t, ref.Over())
	for cut := 0; cut <= len(choices); cut++ {
		g, err := NewGame(p, Config{Players: 2, Seed: 8})
		require.NoError(t, err)
		apply(t, g, choices[:cut]...)
		h, err := UnmarshalState(p, []byte(marshal(t, g)))
		require.NoError(t, err)
		apply(t, h, choices[cut:]...)
		assert.Equal(t, marshal(t, ref), marshal(t, h), "reloaded after %d decisions", cut)
	}
}

func TestUnmarshalFinishedGameKeepsTheResult(t *testing.T) {
	g := start(t, `
player_vars:
  pts: {type: int, init: "me + 3"}
scoring:
  score: players[me].pts
  details:
    - name: points
      expr: players[me].pts
flow:
  - log: done
`, 2)
	h, err := UnmarshalState(g.Program(), []byte(marshal(t, g)))
	require.NoError(t, err)
	assert.True(t, h.Over())
	assert.Equal(t, g.Result(), h.Result())
}

func TestUnmarshalStateRejectsForeignState(t *testing.T) {
	g := start(t, nestedGame, 1)
	other := load(t, gemsDeck+"flow:\n  - log: hi\n")
	_, err := UnmarshalState(other, []byte(marshal(t, g)))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "this ruleset does not have")
	_, err = UnmarshalState(g.Program(), []byte("{not json"))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "state: "), err.Error())
}

// TestCloneKeepsTheSavedLocalsItShares: a frame that binds more locals
// than it holds inline keeps their saved values in an array it reuses
// after it unbinds (frame.heap); a clone taken while the frame runs
// shares that array, so the original must neither clear it nor bind
// into it again. Each game, clone or original, restores the outer
// locals when the procedure ends, whatever the other did first.
func TestCloneKeepsTheSavedLocalsItShares(t *testing.T) {
	const rules = `
procedures:
  inner:
    params: {a: int, b: int, c: int}
    do:
      - let: {d: a + b + c}
      - choose:
          who: 0
          prompt: "go on?"
          options:
            - key: go
      - log: "inner {a} {b} {c} {d}"
flow:
  - let: {a: 100, b: 200, c: 300, d: 400}
  - call: inner
    with: {a: 1, b: 2, c: 3}
  - log: "outer {a} {b} {c} {d}"
  - call: inner
    with: {a: 7, b: 8, c: 9}
  - log: "outer {a} {b} {c} {d}"
`
	want := []string{"inner 1 2 3 6", "outer 100 200 300 400", "inner 7 8 9 24", "outer 100 200 300 400"}
	for _, originalFirst := range []bool{true, false} {
		g := start(t, rules, 1)
		c := g.Clone()
		first, second := g, c
		if !originalFirst {
			first, second = c, g
		}
		apply(t, first, "go", "go")
		apply(t, second, "go", "go")
		assert.Equal(t, want, logs(first), "the game that went on first")
		assert.Equal(t, want, logs(second), "the game that went on second")
	}
}

// evalOnVM evaluates src on g with expr's VM alone (no closure).
func evalOnVM(t *testing.T, g *Game, src string) any {
	t.Helper()
	c, err := g.prog.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	require.NoError(t, err, src)
	vmOnly := *c
	vmOnly.fast = nil
	v, err := g.eval(&vmOnly)
	require.NoError(t, err, src)
	return v
}

// TestACloneSharesTheRootMapAndRunsTheVMAsItself: a clone shares its
// original's root map until one of them writes it, and the map names the
// original (gameKey), whose engine functions the VM calls. So a clone
// that runs the VM must do so with a map of its own naming it: here the
// VM reads a card's location (an engine function) in the clone and in
// the original, which have moved it differently.
func TestACloneSharesTheRootMapAndRunsTheVMAsItself(t *testing.T) {
	g := start(t, dealGame, 1)
	c := g.Clone()
	assert.Equal(t, reflect.ValueOf(g.st.root).UnsafePointer(), reflect.ValueOf(c.st.root).UnsafePointer(), "cloning copied the root map")
	first := g.Pending().Options[0].Key
	id := strings.TrimPrefix(first, "take c=")
	apply(t, c, first)
	assert.NotEqual(t, reflect.ValueOf(g.st.root).UnsafePointer(), reflect.ValueOf(c.st.root).UnsafePointer(), "a write did not copy the shared map")
	assert.Equal(t, "hand", evalOnVM(t, c, `card("`+id+`").zone`))
	assert.Equal(t, "deck", evalOnVM(t, g, `card("`+id+`").zone`))

	d := g.Clone() // the VM in a clone that has written nothing
	apply(t, g, first)
	assert.Equal(t, "deck", evalOnVM(t, d, `card("`+id+`").zone`))
	assert.Equal(t, "hand", evalOnVM(t, g, `card("`+id+`").zone`))
}

// TestCloneKeepsThePendingOptionsItShares: a game lists its next decision
// into the option list of the decision it took last, but a clone taken
// while that decision was pending shares the list. Either game, taking
// the decision first, must leave the other's options as they were.
func TestCloneKeepsThePendingOptionsItShares(t *testing.T) {
	for _, originalFirst := range []bool{true, false} {
		g := start(t, dealGame, 1)
		c := g.Clone()
		want := g.Pending()
		first, second := g, c
		if !originalFirst {
			first, second = c, g
		}
		apply(t, first, want.Options[0].Key)
		playFirst(t, first) // every later listing reuses a list
		assert.Equal(t, want, second.Pending(), "the other game's pending decision")
		apply(t, second, want.Options[len(want.Options)-1].Key)
	}
}
