package schema

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A per_place view names a board; it is evaluated once per node, so it is
// not also per player, and no player owns a place.
func TestPerPlaceViewLoadErrors(t *testing.T) {
	fs := boardFS()
	fs["g/d.yaml"] = &fstest.MapFile{Data: []byte(`views:
  - {name: ok, expr: "1", per_place: cities}
  - {name: typo, expr: "1", per_place: citys}
  - {name: both, expr: "1", per_place: cities, per_player: true}
  - {name: mine, expr: "1", per_place: tiles, visibility: owner}
`)}
	_, ds := Load(fs, "g")
	assert.Equal(t, []string{
		`g/d.yaml:3:5: view "typo": per_place names unknown board "citys" (did you mean "cities"?)`,
		`g/d.yaml:4:5: view "both": per_place and per_player cannot go together (a view is evaluated per place or per player); drop one`,
		`g/d.yaml:5:5: view "mine": visibility owner is for per_player views (a place belongs to no player); drop it or use public`,
	}, messages(ds))
}

// A score detail is per player: per_place there is an error.
func TestPerPlaceScoreDetailIsAnError(t *testing.T) {
	fs := boardFS()
	b := string(fs["g/b.yaml"].Data)
	require.Contains(t, b, "  tiebreak: [value_of(me)]\n")
	b = strings.Replace(b, "  tiebreak: [value_of(me)]\n", "  tiebreak: [value_of(me)]\n  details:\n    - {name: d, expr: \"1\", per_place: cities}\n", 1)
	fs["g/b.yaml"] = &fstest.MapFile{Data: []byte(b)}
	_, ds := Load(fs, "g")
	require.Error(t, ds.Err())
	requireMessage(t, ds, `score detail "d": per_place is for views (a score detail is per player)`)
}

func TestJSONSchemaPerPlaceView(t *testing.T) {
	sch := compileSchema(t)
	assert.NoError(t, sch.Validate(yamlInstance(t, []byte("views:\n  - {name: v, expr: place, per_place: cities}\n"))))
	assert.Error(t, sch.Validate(yamlInstance(t, []byte("views:\n  - {name: v, expr: place, per_place: true}\n"))))
}
