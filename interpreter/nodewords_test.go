package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// twoBoards share the attribute kind, with other values on each board,
// and the attribute mark, free on one of them.
const twoBoards = `boards:
  land:
    attributes:
      kind: {type: string, values: [hill, plain]}
      mark: {type: string, values: [x, y]}
    nodes: [{id: a, kind: hill, mark: x}, {id: b, kind: plain, mark: y}]
  sea:
    attributes:
      kind: {type: string, values: [deep, shallow]}
      mark: {type: string}
    nodes: [{id: s, kind: deep, mark: anything}]
vars:
  n: {type: int}
flow:
  - for_each: land.nodes
    as: c
    do:
`

// A node attribute's values are those of every board that declares it
// (a literal of either board is no error), and an attribute a board
// declares without values is not checked; a local over another list
// holds no node ids.
func TestNodeWordsAcrossBoards(t *testing.T) {
	load(t, twoBoards+`      - if: node(land, c).kind == 'shallow' || node(sea, 's').kind == 'hill' || node(land, c).mark == 'z'
        then: [{add: n, by: 1}]
      - for_each: "['q']"
        as: c
        do:
          - if: c == 'q'
            then: [{add: n, by: 1}]
`)
	msg := loadErr(t, twoBoards+"      - if: node(land, c).kind == 'hil' || c == 'b'\n        then: [{add: n, by: 1}]\n")
	assert.Contains(t, msg, `"hil" is not a value of kind (did you mean "hill"?); expected one of hill, plain, deep, shallow`)
	msg = loadErr(t, twoBoards+"      - if: c == 'aa'\n        then: [{add: n, by: 1}]\n")
	assert.Contains(t, msg, `"aa" is not a value of c (did you mean "a"?); expected one of the nodes of land: a, b`)
}

// A local that some set: writes may hold a string that is no node id, so
// a literal compared with it is not checked against the board; one that
// no set: writes still is.
func TestNodeLocalThatIsAssignedIsNotChecked(t *testing.T) {
	load(t, twoBoards+`      - if: c == 'b'
        then: [{set: c, to: "'none'"}]
      - if: c != 'none'
        then: [{add: n, by: 1}]
`)
	msg := loadErr(t, twoBoards+"      - if: c != 'none'\n        then: [{add: n, by: 1}]\n")
	assert.Contains(t, msg, `"none" is not a value of c`)
}
