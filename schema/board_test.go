package schema

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const boardFile = `boards:
  cities:
    attributes:
      region: {type: string}
    nodes:
      - {id: athens, region: east}
      - {id: sparta, region: west}
    edges:
      land: [[athens, sparta]]
    regions:
      all: [athens, sparta]
    paths:
      war: [sparta, athens]
  tiles:
    grid: {rows: 3, cols: 3, holes: [[0, 0], [2, 2]], connect: king}
    moves:
      jump: [[0, 2], [2, 0]]
zones:
  stack: {keyed_by: cities}
  pools: {keyed_by: [left, right], visibility: hidden}
`

func boardFS() fstest.MapFS {
	fs := sampleFiles()
	fs["g/c.yaml"] = &fstest.MapFile{Data: []byte(boardFile)}
	return fs
}

func TestBoardsLoad(t *testing.T) {
	rs, ds := Load(boardFS(), "g")
	require.NoError(t, ds.Err())
	assert.Equal(t, []string{"cities", "tiles"}, rs.BoardOrder)
	assert.Equal(t, []string{"athens", "sparta"}, rs.Boards["cities"].NodeIDs())
	assert.Equal(t, []string{"r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r2c0", "r2c1"}, rs.Boards["tiles"].NodeIDs())
	assert.Equal(t, "sparta", rs.Boards["cities"].Edges["land"][0][1].Name)
	assert.Equal(t, 9, rs.Boards["cities"].Edges["land"][0][1].Pos.Line)
	assert.Equal(t, [][]int{{0, 2}, {2, 0}}, rs.Boards["tiles"].MovePatterns()["jump"])
	assert.Len(t, rs.Boards["tiles"].MovePatterns()["king"], 8)
	assert.Equal(t, []string{"athens", "sparta"}, rs.ZoneKeys("stack"))
	assert.Equal(t, []string{"left", "right"}, rs.ZoneKeys("pools"))
	assert.Nil(t, rs.ZoneKeys("deck"), "an ordinary zone has no keys")
}

func TestJSONSchemaAcceptsBoards(t *testing.T) {
	assert.NoError(t, compileSchema(t).Validate(yamlInstance(t, []byte(boardFile))))
}

func TestBoardNamesAreReserved(t *testing.T) {
	fs := boardFS()
	fs["g/d.yaml"] = &fstest.MapFile{Data: []byte("vars:\n  neighbours: {type: int}\n")}
	_, ds := Load(fs, "g")
	assert.Equal(t, []string{`g/d.yaml:2:15: var "neighbours" has the name of a built-in (the function neighbours(…)): rename it`}, messages(ds))
}
