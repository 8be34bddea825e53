package interpreter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// What one move of a card costs: the engine's move effect, against the
// numbered state the rebuild aims at (BENCHMARKS.md, "Nineteenth round":
// the effects are 36-60% of a game, so the expressions' yardstick,
// BenchmarkPredicateRound, is half the story). The engine's row runs
// effects a game runs: a loop that moves the first card of one zone to
// the bottom of another, every card, then back. The "typed" row does the
// same with zones as lists of card numbers in slots of a state, the
// card's location a column, and a flag touched for the triggers that
// read where cards lie: what a move compiled over numbered state would
// do, step charge included. Nothing here is engine code.
//
//	go test ./interpreter -run '^$' -bench MoveRound -benchtime 20000x -cpu 1

// moveCostRules is a ruleset of readCostPile cards of extra more fields in
// zone pile, an empty zone other, and one decision the game waits at.
func moveCostRules(extra int) string {
	src := readCostRules(extra)
	src = strings.Replace(src, "zones:\n  pile: {}\n", "zones:\n  pile: {}\n  other: {}\n", 1)
	return strings.Replace(src, "flow:\n  - {log: start}\n",
		"flow:\n  - choose: {who: 0, prompt: wait, options: [{key: a}, {key: b}]}\n", 1)
}

// moveCostEffects moves every card of pile to other, one at a time, and
// back: 2*readCostPile moves.
var moveCostEffects = fmt.Sprintf(`
- repeat: %[1]d
  do:
    - {move: "first(pile)", into: other}
- repeat: %[1]d
  do:
    - {move: "first(other)", into: pile}
`, readCostPile)

// moveCostGame is a game of moveCostRules waiting at its decision, and
// the compiled moves.
func moveCostGame(tb testing.TB, extra int) (*Game, *block) {
	p, err := Load(rulesFS(moveCostRules(extra)), "g", "")
	require.NoError(tb, err)
	g, err := NewGame(p, Config{Players: 1, Seed: 1, NoLog: true})
	require.NoError(tb, err)
	require.NotNil(tb, g.Pending())
	var node yaml.Node
	require.NoError(tb, yaml.Unmarshal([]byte(moveCostEffects), &node))
	b, err := p.compileAdhocEffects("<bench>", node.Content[0])
	require.NoError(tb, err)
	return g, b
}

// runMoves runs the compiled moves on g as Exec does.
func runMoves(g *Game, b *block) error {
	g.st.barrier = &barrier{depth: len(g.st.frames), pending: g.st.pending}
	g.st.pending = nil
	g.push(b)
	return g.run()
}

// TestMoveRoundFormsAgree keeps the benchmark honest: both forms move
// every card out and back, leaving the pile in its order, and the typed
// form's locations say so.
func TestMoveRoundFormsAgree(t *testing.T) {
	g, b := moveCostGame(t, 0)
	before := fmt.Sprint(g.zoneList("pile", -1))
	require.NoError(t, runMoves(g, b))
	require.Equal(t, before, fmt.Sprint(g.zoneList("pile", -1)))
	require.Empty(t, g.zoneList("other", -1))
	require.NotNil(t, g.Pending(), "the game waits at its decision again")

	st := newTypedZones(readCostPile)
	st.moveRound()
	require.Equal(t, newTypedZones(readCostPile).zones, st.zones)
	require.Equal(t, 2*readCostPile, st.steps)
	for _, l := range st.loc {
		require.Equal(t, int32(0), l, "every card back in the pile")
	}
}

// BenchmarkMoveRound reports ns/move: one card moved by the engine's move
// effect (the loop and its first(...) included, as a game runs them) and
// by the typed form.
func BenchmarkMoveRound(b *testing.B) {
	perMove := func(b *testing.B, round func()) {
		for b.Loop() {
			round()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(2*readCostPile), "ns/move")
	}
	for _, extra := range []int{0, 24} {
		b.Run(fmt.Sprintf("fields=%d", extra+5), func(b *testing.B) {
			b.Run("engine", func(b *testing.B) {
				g, blk := moveCostGame(b, extra)
				perMove(b, func() {
					if err := runMoves(g, blk); err != nil {
						b.Fatal(err)
					}
				})
			})
			b.Run("typed", func(b *testing.B) {
				st := newTypedZones(readCostPile)
				perMove(b, st.moveRound)
			})
		})
	}
}

// typedZones is the state as the rebuild would lay it out for moves: each
// zone a list of card numbers in a slot, each card's zone a column, a
// flag per state name that triggers read (here: where cards lie).
type typedZones struct {
	zones      [2][]int32 // pile, other
	loc        []int32
	cardsDirty bool
	steps      int
}

func newTypedZones(n int) *typedZones {
	st := &typedZones{loc: make([]int32, n)}
	for i := range n {
		st.zones[0] = append(st.zones[0], int32(i))
	}
	st.zones[1] = make([]int32, 0, n)
	return st
}

// move moves the first card of zone from to the bottom of zone to. The
// source keeps its array (the typed state owns its lists; a clone would
// copy them whole, a few hundred bytes), so the front is cut by a copy.
func (st *typedZones) move(from, to int32) {
	st.steps++
	src := st.zones[from]
	c := src[0]
	copy(src, src[1:])
	st.zones[from] = src[:len(src)-1]
	st.zones[to] = append(st.zones[to], c)
	st.loc[c] = to
	st.cardsDirty = true
}

func (st *typedZones) moveRound() {
	for range readCostPile {
		st.move(0, 1)
	}
	for range readCostPile {
		st.move(1, 0)
	}
}
