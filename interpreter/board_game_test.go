package interpreter

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gridRules is a small playable game on a grid with holes: a shared pawn
// walks a 4×4 board without its corners. From a central cell it moves
// orthogonally, from an edge cell orthogonally or diagonally, never
// straight back to the cell it came from; each player scores the points
// of the cells they move to.
const gridRules = `boards:
  tiles:
    grid: {rows: 4, cols: 4, holes: [[0, 0], [0, 3], [3, 0], [3, 3]]}
    attributes:
      central: {type: bool, default: false}
      points: {type: int, default: 1}
    nodes:
      - {id: r1c1, central: true, points: 3}
      - {id: r1c2, central: true}
      - {id: r2c1, central: true}
      - {id: r2c2, central: true, points: 2}
vars:
  at: {type: string, init: '"r0c1"'}
  came_from: {type: string}
player_vars:
  points: {type: int}
functions:
  steps:
    params: {c: string}
    returns: strings
    expr: 'moves(tiles, c, node(tiles, c).central ? "orthogonal" : "king")'
flow:
  - repeat: 3
    do:
      - repeat: player_count
        as: p
        do:
          - choose:
              who: p
              prompt: "P{p + 1}: move the pawn"
              options:
                - key: go
                  for_each: without(steps(at), came_from)
                  as: to
                  do:
                    - {set: came_from, to: at}
                    - {set: at, to: to}
                    - {add: "players[p].points", by: "node(tiles, to).points"}
scoring:
  score: players[me].points
`

func TestGridGame(t *testing.T) {
	g := start(t, gridRules, 2)
	assert.Equal(t, []string{"go to=r0c2", "go to=r1c0", "go to=r1c1", "go to=r1c2"}, keys(t, g), "an edge cell moves like a king")
	apply(t, g, "go to=r1c1")
	assert.Equal(t, []string{"go to=r1c0", "go to=r1c2", "go to=r2c1"}, keys(t, g), "a central cell moves orthogonally, not back")
	apply(t, g, "go to=r2c1")
	assert.Equal(t, []string{"go to=r2c0", "go to=r2c2", "go to=r3c1"}, keys(t, g), "no diagonal from a central cell")
	apply(t, g, "go to=r3c1", "go to=r2c2", "go to=r1c2", "go to=r0c2")
	require.True(t, g.Over())
	assert.Equal(t, 3+1+1, eval(t, g, "players[0].points"), "r1c1, r3c1, r1c2")
	assert.Equal(t, 1+2+1, eval(t, g, "players[1].points"), "r2c1, r2c2, r0c2")
}

// territoryRules is a small playable game of connected groups: players
// claim nodes of a ring of six with one chord; a claim must touch the
// claimer's group (or start one anywhere). Each player scores their
// largest connected group, computed two ways: with reachable, and with a
// recursive function that grows a group ring by ring.
const territoryRules = `boards:
  ring:
    nodes: [{id: a}, {id: b}, {id: c}, {id: d}, {id: e}, {id: f}]
    edges:
      road: [[a, b], [b, c], [c, d], [d, e], [e, f], [f, a], [a, d]]
vars:
  owner: {type: intmap, init: '{a: -1, b: -1, c: -1, d: -1, e: -1, f: -1}'}
functions:
  mine:
    params: {p: int}
    returns: strings
    expr: "filter(ring.nodes, owner[#] == p)"
  group_of:
    params: {p: int, n: string}
    returns: strings
    expr: "concat([n], filter(reachable(ring, n, mine(p)), owner[#] == p))"
  grow:
    params: {p: int, group: strings}
    returns: strings
    expr: |
      let next = uniq(concat(group, filter(flatten(map(group, neighbours(ring, #))), owner[#] == p)));
      len(next) == len(group) ? group : grow(p, next)
  largest:
    params: {p: int}
    returns: int
    expr: "max(concat([0], map(mine(p), len(group_of(p, #)))))"
  largest_rec:
    params: {p: int}
    returns: int
    expr: "max(concat([0], map(mine(p), len(grow(p, [#])))))"
  can_claim:
    params: {p: int, n: string}
    returns: bool
    expr: "owner[n] == -1 && (len(mine(p)) == 0 || any(neighbours(ring, n), owner[#] == p))"
flow:
  - repeat: 3
    do:
      - repeat: player_count
        as: p
        do:
          - choose:
              who: p
              prompt: "P{p + 1}: claim a node"
              auto: true
              options:
                - key: claim
                  for_each: "filter(ring.nodes, can_claim(p, #))"
                  as: n
                  do:
                    - {set: "owner[n]", to: p}
                - key: pass
                  when: "none(ring.nodes, can_claim(p, #))"
scoring:
  score: largest(me)
  details:
    - {name: largest by recursion, expr: largest_rec(me)}
`

func TestTerritoryGame(t *testing.T) {
	g := start(t, territoryRules, 2)
	apply(t, g, "claim n=a", "claim n=c")
	assert.Equal(t, []string{"claim n=b", "claim n=d", "claim n=f"}, keys(t, g), "next to a, by the ring and the chord")
	apply(t, g, "claim n=d") // P2's only claim, b, is taken automatically
	assert.Equal(t, []string{"claim n=e", "claim n=f"}, keys(t, g))
	apply(t, g, "claim n=f")
	require.True(t, g.Over(), "P2 has nothing left to claim: pass is taken")
	assert.Equal(t, []any{"a", "d", "f"}, eval(t, g, "mine(0)"))
	assert.Equal(t, []any{"a", "d", "f"}, eval(t, g, `sort(group_of(0, "d"))`))
	assert.Equal(t, []any{"a", "d", "f"}, eval(t, g, `sort(grow(0, ["d"]))`))
	assert.Equal(t, 3, eval(t, g, "largest(0)"))
	assert.Equal(t, 3, eval(t, g, "largest_rec(0)"))
	assert.Equal(t, 2, eval(t, g, "largest(1)"), "b and c")
	assert.Equal(t, 2, eval(t, g, "largest_rec(1)"))
	assert.Equal(t, 3, eval(t, g, `distance(ring, "b", "e")`))
	assert.Equal(t, 2, eval(t, g, `distance(ring, "b", "d", ["c"])`))
	assert.Equal(t, -1, eval(t, g, `distance(ring, "b", "d", [])`))
	assert.Equal(t, 1, eval(t, g, `distance(ring, "a", "d", [])`), "a neighbour needs no node to pass")
}

// TestBoardGamesSurviveCloneAndSave plays each example game taking the
// last legal option, and at every decision checks that a clone and a
// saved-and-loaded copy write the same state as the game.
func TestBoardGamesSurviveCloneAndSave(t *testing.T) {
	for name, src := range map[string]string{"grid": gridRules, "territory": territoryRules, "stacks": stackRules} {
		g := start(t, src, 2)
		for steps := 0; !g.Over(); steps++ {
			require.Less(t, steps, 100, name)
			data, err := g.MarshalState()
			require.NoError(t, err, name)
			cl, err := g.Clone().MarshalState()
			require.NoError(t, err, name)
			assert.Equal(t, string(data), string(cl), name+": clone")
			back, err := UnmarshalState(g.prog, data)
			require.NoError(t, err, name)
			again, err := back.MarshalState()
			require.NoError(t, err, name)
			assert.Equal(t, string(data), string(again), name+": save and load")
			ks := keys(t, g)
			apply(t, g, ks[len(ks)-1])
		}
	}
}

// TestReferenceBoardExamplesLoad loads the YAML examples of REFERENCE.md's
// "Keyed zone families" and "Boards" sections together and evaluates the
// expressions the text shows.
func TestReferenceBoardExamplesLoad(t *testing.T) {
	ref, err := os.ReadFile("../schema/REFERENCE.md")
	require.NoError(t, err)
	var src strings.Builder
	for _, heading := range []string{"### Keyed zone families", "## Boards"} {
		section := string(ref)[strings.Index(string(ref), heading):]
		for i := 0; i < 2; i++ { // the first two yaml blocks of the section
			start := strings.Index(section, "```yaml\n")
			end := strings.Index(section[start+8:], "```")
			if start < 0 || end < 0 || (i == 1 && heading == "## Boards") {
				break
			}
			src.WriteString(section[start+8 : start+8+end])
			section = section[start+8+end:]
		}
	}
	g := start(t, src.String()+"flow:\n  - log: hi\n", 2)
	for expr, want := range map[string]any{
		`node(cities, "athens").value`:                          3,
		`neighbours(cities, "athens")`:                          []string{"thebes", "sparta"},
		`reachable(cities, "athens", [], "land")`:               []string{"thebes"},
		`distance(cities, "athens", "sparta", [])`:              1,
		`moves(tiles, "r1c1", "knight")`:                        []string{"r2c3", "r3c2"},
		`sum(cities.nodes, len(stack[#]))`:                      0,
		`players[1].troops["athens"]`:                           0,
		`filter(cities.nodes, players[0].troops[#] > 0)`:        []any{},
		`cities.paths.war`:                                      []string{"sparta", "thebes", "athens"},
		`len(hades.left) + len(hades.right) + len(tiles.nodes)`: 12,
	} {
		assert.Equal(t, want, eval(t, g, expr), expr)
	}
}

func TestBoardHeldByALocalSurvivesSaveAndLoad(t *testing.T) {
	g := start(t, boardRules+`vars:
  seen: {type: strings}
flow:
  - let: {b: map, n: 'node(map, "delos")'}
  - choose:
      who: 0
      prompt: pick
      options:
        - key: go
          do:
            - {set: seen, to: 'neighbours(b, n.ports[0])'}
`, 1)
	data, err := g.MarshalState()
	require.NoError(t, err)
	assert.Contains(t, string(data), `{"$board":"map"}`, "a board is saved by name")
	back, err := UnmarshalState(g.prog, data)
	require.NoError(t, err)
	apply(t, back, "go")
	assert.Equal(t, []string{"thebes", "delos"}, eval(t, back, "seen"))
}
