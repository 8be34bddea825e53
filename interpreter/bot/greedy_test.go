package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
)

const greedyGame = `
vars:
  points: {type: ints, init: "[0, 0]"}
flow:
  - repeat: 3
    do:
      - choose:
          who: 0
          prompt: take points
          options:
            - {key: one, do: [{add: "points[0]", by: 1}]}
            - {key: three, do: [{add: "points[0]", by: 3}]}
            - {key: two, do: [{add: "points[0]", by: 2}]}
            - {key: gift, do: [{add: "points[1]", by: 5}]}
scoring:
  score: points[me]
`

func TestGreedyTakesTheBestRatedOption(t *testing.T) {
	g := rulestest.Start(t, greedyGame, 2)
	bot, err := New("greedy", 1)
	require.NoError(t, err)
	for !g.Over() {
		d := g.Pending()
		require.Equal(t, "three", d.Options[bot.Choose(g, d)].Key, "the score is the default heuristic")
		rulestest.Apply(t, g, "three")
	}
	assert.Equal(t, []int{9, 0}, rulestest.Eval(t, g, "points"))
}

func TestGreedyUsesTheRulesetHeuristic(t *testing.T) {
	// A heuristic that likes the other player's points: the bot gives gifts.
	g := rulestest.Start(t, greedyGame+"bots:\n  heuristic: points[1 - me]\n", 2)
	bot, _ := New("greedy", 1)
	d := g.Pending()
	assert.Equal(t, "gift", d.Options[bot.Choose(g, d)].Key)
}

func TestGreedyBreaksTiesWithItsOwnStream(t *testing.T) {
	// Every option rates the same: choices vary with the seed, and the same
	// seed repeats them.
	src := greedyGame + "bots:\n  heuristic: \"0\"\n"
	choices := func(seed uint64) []string {
		g := rulestest.Start(t, src, 2)
		bot, _ := New("greedy", seed)
		var out []string
		for !g.Over() {
			d := g.Pending()
			k := d.Options[bot.Choose(g, d)].Key
			out = append(out, k)
			rulestest.Apply(t, g, k)
		}
		return out
	}
	assert.Equal(t, choices(7), choices(7))
	differ := false
	for seed := uint64(1); seed < 20 && !differ; seed++ {
		differ = !assert.ObjectsAreEqual(choices(7), choices(seed))
	}
	assert.True(t, differ, "ties are not always broken the same way")
}

func TestGreedyLeavesTheGameUntouched(t *testing.T) {
	g := rulestest.Start(t, greedyGame, 2)
	before, err := g.MarshalState()
	require.NoError(t, err)
	bot, _ := New("greedy", 1)
	bot.Choose(g, g.Pending())
	after, err := g.MarshalState()
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "rating options plays them on clones only")
}

// A bots.heuristic that cannot be evaluated is the ruleset's error: the
// search bots report it (interpreter.FailingBot), and Play stops the game
// with it. Before, greedy skipped every option whose rating failed (and
// took the first) and mcts rated such positions even: a broken heuristic
// played blind while every report said "errors: 0".
func TestSearchBotsReportAFailingHeuristic(t *testing.T) {
	src := greedyGame + "bots:\n  heuristic: div(points[me], points[1 - me] - points[1 - me])\n"
	for _, kind := range []string{"greedy", "mcts:10"} {
		g := rulestest.Start(t, src, 2)
		b, err := New(kind, 1)
		require.NoError(t, err)
		err = interpreter.Play(g, []interpreter.Bot{b, b})
		require.Error(t, err, kind)
		assert.Contains(t, err.Error(), "the bot of P1: bots.heuristic failed: ", kind)
		assert.Contains(t, err.Error(), "division by zero", kind)
	}
}
