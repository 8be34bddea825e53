package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// show names a place on a board too: its board, attributes, neighbours,
// the keyed zones it holds and the values keyed by it that the viewer
// may see.
func TestDescribeANode(t *testing.T) {
	g := start(t, stackRules+`vars:
  owner: {type: intmap, visibility: hidden}
  marks: {type: intmap}
player_vars:
  troops: {type: intmap}
setup:
  - {draw: 2, from: supply, into: stack.athens}
  - {set: owner, to: '{"athens": 1}'}
  - {set: marks, to: '{"athens": 0, "thebes": 4}'}
  - {set: "players[1].troops", to: '{"thebes": 3}'}
`, 2)
	info, err := g.Describe("Thebes", 0)
	require.NoError(t, err)
	assert.Equal(t, "thebes (place on board \"cities\")\n  neighbours: athens, sparta\n  marks: 4\n  P2 troops: 3\n", info)
	info, err = g.Describe("athens", 0)
	require.NoError(t, err)
	assert.Equal(t, "athens (place on board \"cities\")\n  neighbours: thebes\n  stack[athens]: red#1, red#2\n", info,
		"a hidden variable, and a zero value, say nothing")
	info, err = g.Describe("red#1", 0)
	require.NoError(t, err)
	assert.Equal(t, "red#1 (red, discs card)\n  zero or none: colour\n", info, "cards first, as CardInfo")
	_, err = g.Describe("spart", 0)
	assert.EqualError(t, err, `no card or place "spart" (did you mean "sparta"?)`)
	assert.Equal(t, "red", g.prog.CardExample())
	assert.Equal(t, "athens", g.prog.NodeExample())
}

// A node's attributes print as a card's do (a grid cell with its row and
// column), and a board with several edge kinds lists the neighbours by
// kind.
func TestDescribeANodeOfAGrid(t *testing.T) {
	g := start(t, strings.Replace(gridRules, "boards:\n", `boards:
  b:
    nodes: [{id: x}, {id: y}, {id: z}]
    edges:
      road: [[x, y]]
      sea: [[x, z], [y, z]]
`, 1), 2)
	info, err := g.Describe("r1c2", 0)
	require.NoError(t, err)
	assert.Equal(t, "r1c2 (place on board \"tiles\")\n  row 1, col 2\n  central: true\n  points: 1\n", info)
	info, err = g.Describe("x", 0)
	require.NoError(t, err)
	assert.Equal(t, "x (place on board \"b\")\n  neighbours (road): y\n  neighbours (sea): z\n", info)
	_, err = g.Describe("r9c9", 0)
	assert.EqualError(t, err, `no place "r9c9" (did you mean "r0c1"?)`)
	// A board's name says to show one of its places (it got a
	// did-you-mean of some card or place).
	_, err = g.Describe("tiles", 0)
	assert.EqualError(t, err, `"tiles" is a board: show one of its places, e.g. show r0c1`)
}

// A place shown at the table says what of it is provisional, as a card
// does (TestCardInfoSaysWhatIsProvisional): its own row's note only.
func TestDescribeSaysWhatIsProvisional(t *testing.T) {
	g := start(t, strings.Replace(gridRules, "boards:\n", `boards:
  b:
    nodes:
      - {id: x}   # provisional: x's place is a guess
      - {id: y}
    edges:
      road: [[x, y]]
`, 1), 2)
	info, err := g.Describe("x", 0)
	require.NoError(t, err)
	assert.Equal(t, "x (place on board \"b\")\n  provisional (authored for agon, not the publisher's): x's place is a guess\n  neighbours: y\n", info)
	info, err = g.Describe("y", 0)
	require.NoError(t, err)
	assert.NotContains(t, info, "provisional")
}
