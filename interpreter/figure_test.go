package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// show and the views print values as a person reads them, never in Go's
// syntax ("[map[upper:1] map[middle:2]]").
func TestFigureTextReadsAsWritten(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{[]map[string]int{{"upper": 1}, {"middle": 2}, {"lower": 3}}, "upper 1; middle 2; lower 3"},
		{[]map[string]int{{"wood": 1, "stone": 1}, {}}, "stone 1, wood 1; (none)"},
		{map[string]int{"silver": 1}, "silver 1"},
		{[]map[string]any{{"silver": 1}}, "silver 1"},
		{map[string]any{"a": []any{1, 2}, "b": "x"}, "a (1, 2), b x"},
		{[]any{"wood", "stone"}, "wood, stone"},
		{[]int{}, ""},
		{[]any{map[string]any{"id": "ruby", "name": "Ruby"}, map[string]any{"id": "opal"}}, "Ruby, opal"},
		{true, "true"},
		{3, "3"},
	} {
		assert.Equal(t, tc.want, figureText(tc.v), "%#v", tc.v)
	}
}

func TestZeroFigure(t *testing.T) {
	for _, v := range []any{nil, false, 0, 0.0, "", []any{}, []map[string]int{}, map[string]int{}} {
		assert.True(t, zeroFigure(v), "%#v", v)
	}
	for _, v := range []any{true, 1, "x", []int{0}, map[string]int{"a": 0}} {
		assert.False(t, zeroFigure(v), "%#v", v)
	}
}

// A card's props read as the rest of a view does: a true bool by its
// name, another value after it, commas between.
func TestCardTextFlagsReadWell(t *testing.T) {
	c := map[string]any{"id": "granary", "name": "Granary", "constructing": true, "covered": false, "covered_by": "earthquake", "climbed": 3, "n": 0}
	assert.Equal(t, "Granary [climbed 3, constructing, covered_by earthquake]",
		cardText(c, []string{"climbed", "constructing", "covered", "covered_by", "n"}))
}

// show leaves out the figures that say nothing and names them on one
// line.
func TestCardInfoGroupsZeroFigures(t *testing.T) {
	g := glanceGame(t)
	info, err := g.CardInfo("opal")
	require.NoError(t, err)
	assert.Equal(t, "Opal (opal, gem card)\n  value: 2\n  zero or none: shiny\n", info, "Opal is not shiny: no line 'shiny: false (now)'")
}
