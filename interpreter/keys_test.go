package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keysRules has a map with string keys of every kind a ruleset has.
const keysRules = boardRules + `constants:
  names: {b: x, a: y}
  decks: {b: [x, y], a: [z]}
zones:
  stack: {keyed_by: [right, left]}
vars:
  counts: {type: intmap, init: "{b: 1, a: 2}"}
  total: {type: int}
functions:
  of_regions:
    returns: strings
    expr: keys(map.regions)
  of_decks:
    returns: strings
    expr: keys(decks)
flow:
  - {set: total, to: "sum(keys(decks), len(decks[#])) + sum(keys(map.regions), len(#)) + len(keys(stack))"}
`

// keys takes every map with string keys: an intmap, a constant map of
// strings or of lists, a map literal, a keyed zone family, a board's
// regions and paths, and always gives the keys sorted, also as the list of
// a loop (which walks the keys without building the list).
func TestKeysOfEveryStringKeyedMap(t *testing.T) {
	g := start(t, keysRules, 1)
	for src, want := range map[string][]string{
		"keys(counts)":                        {"a", "b"},
		"keys({b: 1, a: 2})":                  {"a", "b"},
		"keys(names)":                         {"a", "b"},
		"keys(decks)":                         {"a", "b"},
		"keys(map.regions)":                   {"east", "west"},
		"keys(map.paths)":                     {"war"},
		"keys(stack)":                         {"left", "right"},
		"of_regions()":                        {"east", "west"},
		"of_decks()":                          {"a", "b"},
		"filter(keys(map.regions), # != 'x')": {"east", "west"},
	} {
		v, err := g.Eval(src)
		require.NoError(t, err, src)
		assert.Equal(t, want, keyStrings(v), src)
	}
	v, err := g.Eval("total")
	require.NoError(t, err)
	assert.Equal(t, 3+8+2, v)
}

// keys of anything but a map is a load error in the ruleset's words.
func TestKeysOfNoMap(t *testing.T) {
	for src, want := range map[string]string{
		"keys(1)":               "keys takes a map (an intmap, a constant map, a keyed zone family, or a board's regions or paths), not an int",
		"keys(map.nodes)":       "not a list of strings",
		"keys(players[0].hand)": "not a list of cards",
		"keys(players)":         "not a list of players",
		"keys(players[0])":      "not a player",
	} {
		err := loadErr(t, "zones:\n  hand: {owner: player}\n"+boardRules+"flow:\n  - log: '{"+src+"}'\n")
		assert.Contains(t, err, want, src)
		assert.NotContains(t, err, "map[", src)
		assert.NotContains(t, err, "struct", src)
		assert.NotContains(t, err, "call keys ", src)
	}
}

// keyStrings reads a list of strings, whichever slice type holds it.
func keyStrings(v any) []string {
	switch l := v.(type) {
	case []string:
		return l
	case []any:
		out := make([]string, len(l))
		for i, s := range l {
			out[i], _ = s.(string)
		}
		return out
	}
	return nil
}
