package interpreter

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixedBot always chooses the same option index.
type fixedBot int

func (b fixedBot) Choose(*Game, *Decision) int { return int(b) }

func TestPlayRejectsBadBotChoice(t *testing.T) {
	g := start(t, `
flow:
  - choose:
      who: 0
      prompt: pick
      options: [{key: a}, {key: b}, {key: c}]
`, 1)
	assert.EqualError(t, Play(g, []Bot{fixedBot(7)}), "bot for P1 chose option 7 of 3")
}

func TestPlayPlaysToTheEnd(t *testing.T) {
	g := start(t, `
flow:
  - repeat: 2
    do:
      - choose:
          who: 0
          prompt: pick
          options: [{key: a}, {key: b}]
`, 1)
	assert.NoError(t, Play(g, []Bot{fixedBot(1)}))
	assert.True(t, g.Over())
	assert.Equal(t, 2, g.Decisions())
}

// checkingBot chooses at random, first checking that the decision Play
// gives it is the game's pending decision, whole.
type checkingBot struct {
	t     *testing.T
	r     *rand.Rand
	calls *int
}

func (b checkingBot) Choose(g *Game, d *Decision) int {
	*b.calls++
	assert.Equal(b.t, g.Pending(), d)
	return b.r.IntN(len(d.Options))
}

// TestPlayGivesBotsThePendingDecision: Play fills one Decision again for
// every decision of a game (the option lists grow and shrink); each
// time it is the pending decision exactly, nothing left from the last.
func TestPlayGivesBotsThePendingDecision(t *testing.T) {
	for name, p := range shippedPrograms(t) {
		calls := 0
		players := p.MinPlayers()
		g, err := NewGame(p, Config{Players: players, Seed: 3})
		require.NoError(t, err)
		bots := make([]Bot, players)
		for s := range bots {
			bots[s] = checkingBot{t: t, r: rand.New(rand.NewPCG(3, uint64(s))), calls: &calls}
		}
		require.NoError(t, Play(g, bots), name)
		assert.Equal(t, g.Decisions(), calls, name)
	}
}
