package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A rolled face keeps its type: "2" stays a string (it used to become the
// int 2, which a string variable refused at run time).
func TestRollKeepsTheFaceType(t *testing.T) {
	g := start(t, `
vars:
  word: {type: string}
  number: {type: int}
  anything: {type: int}
flow:
  - {roll: word, faces: '["1", "2"]'}
  - {roll: number, faces: '[10, 20]'}
  - let: {x: '""'}
  - {roll: x, faces: '["7"]'}
  - {set: anything, to: 'x == "7" ? 1 : 0'}
`, 1)
	assert.Contains(t, []any{"1", "2"}, eval(t, g, "word"))
	assert.Contains(t, []any{10, 20}, eval(t, g, "number"))
	assert.Equal(t, 1, eval(t, g, "anything"), "a local gets the face itself")
}

func TestOptionKeysAreUnique(t *testing.T) {
	re := startErr(t, `
flow:
  - choose:
      who: 0
      prompt: pick
      options:
        - {key: pick, for_each: 'concat([3], [1, 3])', as: n}
`, Config{})
	assert.Equal(t, 3, re.Pos.Line, "the error names the choose")
	assert.Contains(t, re.Error(), `option "pick n=3" is offered twice`)
	g := start(t, `
flow:
  - choose:
      who: 0
      prompt: pick
      options:
        - {key: pick, for_each: '[3, 1, 3]', as: n, distinct: n}
`, 1)
	require.NotNil(t, g.Pending())
	assert.Len(t, g.Pending().Options, 2, "distinct keeps one option per value")
}
