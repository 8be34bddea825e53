package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// EndedBy names the end_game that ended a game and the rules it ran in,
// says when the flow ran out instead, and is empty while the game goes on
// (and in a clone taken then).
func TestEndedBy(t *testing.T) {
	g := start(t, "setup:\n  - {end_game: true}\nflow:\n  - {log: never}\n", 2)
	assert.Equal(t, "the end_game at "+rulesFile+":2:5 (in setup)", g.EndedBy())

	g = start(t, "flow:\n  - {log: hi}\n", 2)
	assert.Equal(t, "the flow ran to its end", g.EndedBy())

	g = start(t, `flow:
  - choose: {who: 0, prompt: go, options: [{key: go}]}
  - {end_game: true}
`, 2)
	assert.Equal(t, "", g.EndedBy())
	c := g.Clone()
	require.NoError(t, g.Apply("go"))
	assert.Equal(t, "the end_game at "+rulesFile+":3:5 (in flow)", g.EndedBy())
	assert.Equal(t, "", c.EndedBy())
}

// A game saved after its end and read back names the same end_game (it
// said "the flow ran to its end"); one the flow ended says so still.
func TestEndedBySurvivesMarshalState(t *testing.T) {
	for _, src := range []string{
		"flow:\n  - choose: {who: 0, prompt: go, options: [{key: go}]}\n  - if: true\n    then: [{end_game: true}]\n  - {log: never}\n",
		"flow:\n  - choose: {who: 0, prompt: go, options: [{key: go}]}\n",
	} {
		g := start(t, src, 2)
		require.NoError(t, g.Apply("go"))
		h, err := UnmarshalState(g.Program(), []byte(marshal(t, g)))
		require.NoError(t, err)
		assert.Equal(t, g.EndedBy(), h.EndedBy())
		assert.Equal(t, marshal(t, g), marshal(t, h))
	}
}
