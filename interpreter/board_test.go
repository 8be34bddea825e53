package interpreter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// boardRules is a small map: five cities in two regions, land links and a
// sea link, a war path, and a 4×4 grid without corners.
const boardRules = `boards:
  map:
    attributes:
      region: {type: string}
      value: {type: int, default: 1}
      ports: {type: strings, default: []}
    nodes:
      - {id: athens, region: east, value: 3}
      - {id: thebes, region: east}
      - {id: sparta, region: west, value: 2}
      - {id: argos, region: west}
      - {id: delos, region: sea, ports: [athens]}
    edges:
      land: [[athens, thebes], [thebes, sparta], [sparta, argos]]
      sea: [[athens, delos]]
    regions:
      east: [athens, thebes]
      west: [sparta, argos]
    paths:
      war: [delos, athens, sparta]
  tiles:
    grid: {rows: 4, cols: 4, holes: [[0, 0], [0, 3], [3, 0], [3, 3]], connect: orthogonal}
    attributes:
      central: {type: bool, default: false}
    nodes:
      - {id: r1c1, central: true}
      - {id: r1c2, central: true}
      - {id: r2c1, central: true}
      - {id: r2c2, central: true}
    moves:
      knight: [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]]
`

func TestBoardsInExpressions(t *testing.T) {
	g := start(t, boardRules+"flow:\n  - log: hi\n", 1)
	cases := []struct {
		src  string
		want any
	}{
		{"map.nodes", []string{"athens", "thebes", "sparta", "argos", "delos"}},
		{"map.regions.east", []string{"athens", "thebes"}},
		{"map.paths.war[1]", "athens"},
		{"node(map, \"athens\").value", 3},
		{"node(map, \"thebes\").value", 1},
		{"node(map, \"delos\").ports", []string{"athens"}},
		{"node(map, \"sparta\").region", "west"},
		{"neighbours(map, \"athens\")", []string{"thebes", "delos"}},
		{"neighbours(map, \"athens\", \"land\")", []string{"thebes"}},
		{"neighbours(map, \"argos\")", []string{"sparta"}},
		{"distance(map, \"delos\", \"argos\")", 4},
		{"distance(map, \"argos\", \"argos\")", 0},
		{"distance(map, \"delos\", \"argos\", [\"athens\"])", -1},
		{"reachable(map, \"athens\", [])", []string{"thebes", "delos"}},
		{"reachable(map, \"athens\", [\"thebes\"])", []string{"thebes", "sparta", "delos"}},
		{"reachable(map, \"athens\", map.nodes, \"land\")", []string{"thebes", "sparta", "argos"}},
		{"reachable(map, \"athens\", filter(map.nodes, node(map, #).region == \"east\"))", []string{"thebes", "sparta", "delos"}},
		{"tiles.nodes", []string{"r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r1c3", "r2c0", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2"}},
		{"[tiles.rows, tiles.cols]", []any{4, 4}},
		{"cell(tiles, 1, 2)", "r1c2"},
		{"cell(tiles, 0, 0)", ""},
		{"cell(tiles, 9, 0)", ""},
		{"node(tiles, \"r2c3\").row * 10 + node(tiles, \"r2c3\").col", 23},
		{"node(tiles, \"r2c2\").central", true},
		{"node(tiles, \"r0c1\").central", false},
		{"moves(tiles, \"r0c1\", \"orthogonal\")", []string{"r0c2", "r1c1"}},
		{"moves(tiles, \"r0c1\", \"diagonal\")", []string{"r1c0", "r1c2"}},
		{"moves(tiles, \"r1c1\", \"king\")", []string{"r0c1", "r0c2", "r1c0", "r1c2", "r2c0", "r2c1", "r2c2"}},
		{"moves(tiles, \"r0c1\", \"knight\")", []string{"r1c3", "r2c0", "r2c2"}},
		{"neighbours(tiles, \"r1c0\")", []string{"r1c1", "r2c0"}},
		{"distance(tiles, \"r0c1\", \"r3c2\")", 4},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, eval(t, g, c.src), c.src)
	}
}

func TestBoardRunTimeErrors(t *testing.T) {
	g := start(t, boardRules+"flow:\n  - log: hi\n", 1)
	for src, want := range map[string]string{
		`node(map, "athnes")`:                  `node: board map has no node "athnes" (did you mean "athens"?)`,
		`neighbours(map, "athens", "lnad")`:    `neighbours: board map has no edge kind "lnad" (did you mean "land"?)`,
		`reachable(map, "athens", ["spatra"])`: `reachable: board map has no node "spatra" (did you mean "sparta"?)`,
		`moves(tiles, "r0c1", "diagonl")`:      `moves: board tiles has no move pattern "diagonl" (did you mean "diagonal"?)`,
		`moves(map, "athens", "king")`:         `moves: board map is not a grid`,
		`cell(map, 0, 0)`:                      `cell: board map is not a grid`,
		`distance(map, "athens", "nowhere")`:   `distance: board map has no node "nowhere"`,
	} {
		_, err := g.Eval(src)
		require.Error(t, err, src)
		assert.Contains(t, err.Error(), want, src)
	}
}

func TestBoardTypeErrorsAtLoad(t *testing.T) {
	for _, c := range [][2]string{
		{`node(map, "athens").valeu`, `:33:32: unknown node field "valeu" (did you mean "value"?)`},
		{`neighbours(mapp, "athens")`, `:33:23: unknown name "mapp" (did you mean "map"?)`},
		{`div(mapp, 2)`, `:33:16: unknown name "mapp" (did you mean "map"?)`},
		{`neighbours(map, 3)`, `:33:12: not enough arguments to call neighbours`},
		{`map.regons`, `:33:16: unknown board field "regons" (did you mean "regions"?)`},
		{`distance(map, "athens")`, `:33:12: not enough arguments to call distance`},
		{`node(map, "athnes").value`, `:33:22: node: board map has no node "athnes" (did you mean "athens"?)`},
		{`distance(map, "athens", "spart")`, `:33:36: distance: board map has no node "spart" (did you mean "sparta"?)`},
		{`neighbours(map, "athens", "lnad")`, `:33:38: neighbours: board map has no edge kind "lnad" (did you mean "land"?)`},
		{`reachable(map, "athens", [], "sae")`, `:33:41: reachable: board map has no edge kind "sae" (did you mean "sea"?)`},
		{`moves(tiles, "r0c0", "kng")`, `:33:25: moves: board tiles has no node "r0c0"`},
		{`moves(tiles, "r0c1", "kng")`, `:33:33: moves: board tiles has no move pattern "kng" (did you mean "king"?)`},
		{`map.regions.esat`, `:33:24: board map has no region "esat" (did you mean "east"?)`},
		{`map.paths["wra"][0]`, `:33:22: board map has no path "wra" (did you mean "war"?)`},
		{`1 + cell(tiles, 0, 0)`, `:33:14: cannot apply + to an int and a string`},
	} {
		_, err := Load(rulesFS(boardRules+"flow:\n  - log: '{"+c[0]+"}'\n"), "g", "")
		if assert.Error(t, err, c[0]) {
			assert.Contains(t, err.Error(), rulesFile+c[1], c[0])
		}
	}
}

// hexBoard is a 91-cell hexagon of radius 5 (rows y=1..11), neighbours
// (x±1, y), (x, y±1), (x+1, y+1), (x-1, y-1): the shape of a map of islands
// and seas.
func hexBoard() string {
	var b strings.Builder
	in := func(x, y int) bool {
		if y < 1 || y > 11 {
			return false
		}
		if y <= 6 {
			return x >= 1 && x <= 5+y
		}
		return x >= y-5 && x <= 11
	}
	b.WriteString("boards:\n  sea:\n    nodes:\n")
	for y := 1; y <= 11; y++ {
		for x := 1; x <= 11; x++ {
			if in(x, y) {
				fmt.Fprintf(&b, "      - {id: c%d_%d}\n", x, y)
			}
		}
	}
	b.WriteString("    edges:\n      adjacent:\n")
	for y := 1; y <= 11; y++ {
		for x := 1; x <= 11; x++ {
			for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}} {
				if in(x, y) && in(x+d[0], y+d[1]) {
					fmt.Fprintf(&b, "        - [c%d_%d, c%d_%d]\n", x, y, x+d[0], y+d[1])
				}
			}
		}
	}
	return b.String()
}

func TestHexBoard(t *testing.T) {
	g := start(t, hexBoard()+"flow:\n  - log: hi\n", 1)
	assert.Equal(t, 91, eval(t, g, "len(sea.nodes)"))
	assert.Equal(t, 6, eval(t, g, `len(neighbours(sea, "c6_6"))`), "an inner cell has six neighbours")
	assert.Equal(t, 10, eval(t, g, `distance(sea, "c1_1", "c11_11")`))
	assert.Equal(t, 90, eval(t, g, `len(reachable(sea, "c6_6", sea.nodes))`))
}

// BenchmarkReachableOnHexBoard measures one reachable call over half of
// a 91-cell board (plus the filter that computes the half).
func BenchmarkReachableOnHexBoard(b *testing.B) {
	src := hexBoard() + `vars:
  held: {type: intmap}
  n: {type: int}
setup:
  - for_each: sea.nodes
    as: c
    do:
      - if: len(c) % 2 == 0
        then: [{set: "held[c]", to: 1}]
flow:
  - repeat: 1000
    do:
      - set: n
        to: 'len(reachable(sea, "c6_6", filter(sea.nodes, held[#] > 0)))'
`
	p, err := Load(rulesFS(src), "g", "")
	require.NoError(b, err)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, err := NewGame(p, Config{Players: 1})
		require.NoError(b, err)
		require.Positive(b, g.st.root["n"])
	}
}
