package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
