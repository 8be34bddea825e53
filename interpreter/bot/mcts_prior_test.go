package bot

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
)

// pick: player 0 takes one of five amounts; the heuristic is the amount
// taken less the other seat's points, so the one-step order is 4, 3, 2,
// 1, 0 (the fourth option, worth 1, is listed first).
const pick = `
vars:
  got: {type: ints, init: "[0, 2]"}
flow:
  - choose:
      who: 0
      prompt: take
      options:
        - key: take
          for_each: "[1, 0, 3, 4, 2]"
          as: n
          do:
            - {set: "got[0]", to: n}
scoring:
  score: got[me]
bots:
  heuristic: "got[me] - got[1 - me]"
`

// The one-step order rates each option by the mover's margin, best first.
func TestMCTSPriorOrder(t *testing.T) {
	g := rulestest.Start(t, pick, 2)
	b, err := New("mcts:prior=heuristic", 1)
	require.NoError(t, err)
	keys := b.(*mctsBot).order(&presentLook{g: g}, decisionOf(g.Pending()), 0)
	assert.Equal(t, []string{"take n=4", "take n=3", "take n=2", "take n=1", "take n=0"}, keys)
}

// Below the root, sample=N rates only N options drawn from the bot's
// stream: they come first, best first, the others after them.
func TestMCTSPriorSample(t *testing.T) {
	g := rulestest.Start(t, pick, 2)
	value := map[string]int{"take n=0": 0, "take n=1": 1, "take n=2": 2, "take n=3": 3, "take n=4": 4}
	firsts := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		b := &mctsBot{r: interpreter.NewRand(seed)}
		keys := b.order(&presentLook{g: g}, decisionOf(g.Pending()), 2)
		require.ElementsMatch(t, []string{"take n=0", "take n=1", "take n=2", "take n=3", "take n=4"}, keys)
		assert.Greater(t, value[keys[0]], value[keys[1]], "the two rated, best first")
		assert.Equal(t, keys, (&mctsBot{r: interpreter.NewRand(seed)}).order(&presentLook{g: g}, decisionOf(g.Pending()), 2), "same stream, same order")
		firsts[keys[0]] = true
	}
	assert.Greater(t, len(firsts), 1, "the sample varies with the stream")
	assert.False(t, firsts["take n=0"], "the worst option is never the better of two")
}

// With the prior the first child expanded is the one-step best; with
// widening the root has at most ceil(visits^A) children, expanded in that
// order; without either, every option is tried.
func TestMCTSWidening(t *testing.T) {
	g := rulestest.Start(t, pick, 2)
	kids := func(kind string, playouts int) []string {
		cfg, err := parseMCTS(kind)
		require.NoError(t, err)
		cfg.playouts = playouts
		b := &mctsBot{seed: 1, cfg: cfg, r: interpreter.NewRand(1)}
		var keys []string
		for _, k := range b.search(g, g.Pending()).kids {
			keys = append(keys, k.key)
		}
		return keys
	}
	assert.Equal(t, []string{"take n=4"}, kids("mcts:prior=heuristic:widen=0.5", 1))
	assert.Equal(t, []string{"take n=4", "take n=3"}, kids("mcts:prior=heuristic:widen=0.5", 5),
		"ceil(sqrt(2)) = 2 children from the third iteration (2 visits) on")
	assert.Equal(t, []string{"take n=4", "take n=3", "take n=2"}, kids("mcts:prior=heuristic:widen=0.5", 6),
		"ceil(sqrt(5)) = 3 at the sixth")
	assert.Len(t, kids("mcts:prior=heuristic:widen=0.5", 10), int(math.Ceil(math.Sqrt(9))))
	assert.Len(t, kids("mcts:prior=none:widen=0", 5), 5, "plain UCT tries every option first")
	assert.Equal(t, []string{"take n=4", "take n=3", "take n=2", "take n=1", "take n=0"},
		kids("mcts:prior=heuristic:widen=0", 5))
}

// The prior and widening keep the search deterministic, and the tree
// still finds a move that only the search can tell apart.
func TestMCTSPriorDeterministic(t *testing.T) {
	const kind = "mcts:12:prior=heuristic:widen=0.5"
	a := mctsGame(t, "peloponnes", kind, 5, 25)
	assert.Equal(t, a, mctsGame(t, "peloponnes", kind, 5, 25))
	assert.NotEqual(t, a, mctsGame(t, "peloponnes", kind, 6, 25), "another seed, another game")
	for seed := uint64(1); seed <= 10; seed++ {
		assert.Equal(t, "take n=2", firstChoice(t, "mcts:prior=heuristic:widen=0.5", seed), "seed %d", seed)
	}
}

// policy=greedy plays the one-step best option in a playout; the
// default, at random, plays each of them.
func TestMCTSGreedyPlayout(t *testing.T) {
	g := rulestest.Start(t, pick, 2)
	greedy := &mctsBot{cfg: mctsConfig{greedyPlayout: true}, r: interpreter.NewRand(1)}
	random := &mctsBot{r: interpreter.NewRand(1)}
	seen := map[string]bool{}
	for range 50 {
		w := &presentLook{g: g}
		assert.Equal(t, "take n=4", g.Pending().Options[greedy.playoutOption(w)].Key)
		seen[g.Pending().Options[random.playoutOption(w)].Key] = true
	}
	assert.Len(t, seen, 5)
}
