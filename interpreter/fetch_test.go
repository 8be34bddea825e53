package interpreter

import (
	"testing"

	"github.com/expr-lang/expr/vm/runtime"
	"github.com/stretchr/testify/assert"
)

// TestFetchIsRuntimeFetch compares fetch with expr's runtime.Fetch on
// every kind of value the state holds, hits, misses and negative indices.
func TestFetchIsRuntimeFetch(t *testing.T) {
	cases := []struct{ from, i any }{
		{map[string]any{"a": 1, "b": []any{"x"}}, "a"},
		{map[string]any{"a": 1}, "missing"},
		{[]any{"x", 2, true}, 1},
		{[]any{"x", 2, true}, -1},
		{[]any{"x", 2, true}, -3},
		{map[string]int{"a": 3}, "a"},
		{map[string]int{"a": 3}, "missing"},
		{[]int{4, 5}, 0},
		{[]int{4, 5}, -1},
		{[]string{"p", "q"}, 1},
		{[]string{"p", "q"}, -2},
		{boardValue{"name": "b"}, "name"},
		{"text", 1},
	}
	for _, c := range cases {
		assert.Equal(t, runtime.Fetch(c.from, c.i), fetch(c.from, c.i), "%#v[%#v]", c.from, c.i)
	}
	for _, c := range []struct{ from, i any }{
		{[]any{"x"}, 1}, {[]any{"x"}, -2}, {[]int{1}, 5}, {[]string{}, 0}, {nil, "a"}, {map[string]any{}, 1},
	} {
		want := func() (r any) {
			defer func() { r = recover() }()
			return runtime.Fetch(c.from, c.i)
		}()
		got := func() (r any) {
			defer func() { r = recover() }()
			return fetch(c.from, c.i)
		}()
		assert.Equal(t, want, got, "the same failure for %#v[%#v]", c.from, c.i)
	}
}

func TestFetchKeepsOptionalReadsAndErrorPositions(t *testing.T) {
	g := start(t, `
vars:
  xs: {type: ints}
flow: []
`, 1)
	v, err := g.Eval("players[0]?.id")
	assert.NoError(t, err)
	assert.Equal(t, 0, v)
	_, err = g.Eval("xs[3] + 1")
	assert.ErrorContains(t, err, "index out of range: 3 (array length is 0)")
}
