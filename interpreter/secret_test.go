package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSecretDecisionsAreMarkedInTheLog(t *testing.T) {
	g := start(t, `
vars:
  n: {type: int}
flow:
  - choose:
      who: 0
      prompt: open
      options: [{key: a}, {key: b}]
  - choose:
      who: 1
      prompt: hidden
      secret: true
      options: [{key: c}, {key: d}]
scoring:
  score: n
`, 2)
	apply(t, g, "a", "d")
	var decisions []Event
	for _, e := range g.Events() {
		if e.Kind == EventDecision {
			decisions = append(decisions, e)
		}
	}
	require.Len(t, decisions, 2)
	assert.False(t, decisions[0].Secret)
	assert.True(t, decisions[1].Secret, "a secret choose marks its decision")
	assert.Equal(t, "d", decisions[1].Key, "the key is still recorded")
}
