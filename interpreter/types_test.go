package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCoerceConvertsListsAndMaps: the conversions a typed parameter or
// variable applies, by every path (already typed, built by an expression,
// another slice type by reflection), and their errors, which name the
// first bad element (the first bad key in key order for a map).
func TestCoerceConvertsListsAndMaps(t *testing.T) {
	ints := []int{1, 2}
	got, err := coerce("ints", ints)
	require.NoError(t, err)
	assert.Same(t, &ints[0], &got.([]int)[0], "a typed list is shared, not copied")

	cases := []struct {
		typ  string
		in   any
		want any
		err  string
	}{
		{"ints", []any{1, 2}, []int{1, 2}, ""},
		{"strings", []any{"a", "b"}, []string{"a", "b"}, ""},
		{"strings", nil, []string{}, ""},
		{"strings", []any{"a", 3}, nil, "list element 1: unexpected int 3"},
		{"ints", []string{"x"}, nil, `list element 0: unexpected string "x"`},
		{"ints", [2]int{1, 2}, nil, "expected a list, got"},
		{"intmap", map[string]any{"b": 2, "a": 1}, map[string]int{"a": 1, "b": 2}, ""},
		{"intmap", map[string]any{"c": 1, "b": "x", "a": true}, nil, `map value "a": expected int, got bool true`},
	}
	for _, c := range cases {
		got, err := coerce(c.typ, c.in)
		if c.err != "" {
			require.ErrorContains(t, err, c.err, "%s %v", c.typ, c.in)
			continue
		}
		require.NoError(t, err, "%s %v", c.typ, c.in)
		assert.Equal(t, c.want, got, "%s %v", c.typ, c.in)
	}
}

// TestCoerceOfATypedListAllocatesNothing: a function called in a loop with
// a list or map already of its parameter's type gets that very value, not
// a new box of it (boxing a slice allocates its header).
func TestCoerceOfATypedListAllocatesNothing(t *testing.T) {
	for typ, v := range map[string]any{
		"strings": []string{"a", "b"},
		"ints":    []int{1, 2},
		"intmap":  map[string]int{"a": 1},
		"intmaps": []map[string]int{{"a": 1}},
	} {
		if n := testing.AllocsPerRun(100, func() { _, _ = coerce(typ, v) }); n != 0 {
			t.Errorf("coerce(%q, %T) allocates %v times", typ, v, n)
		}
	}
}
