package transcript

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
)

// A base game and a variant that adds an option from the second round on.
var compareFS = fstest.MapFS{
	"g/rules.yaml": &fstest.MapFile{Data: []byte(`game: g
players: {min: 1, max: 2}
vars:
  n: {type: int}
flow:
  - repeat: 3
    as: r
    do:
      - choose:
          who: 0
          prompt: go
          options:
            - {key: up, do: [{add: n, by: 1}]}
            - {key: extra, when: r >= limit, do: [{add: n, by: 5}]}
constants:
  limit: 9
scoring:
  score: n
`)},
	"g/variant-open.yaml": &fstest.MapFile{Data: []byte(`variant: open
patch:
  constants:
    limit: 1
`)},
}

// firstSeat always takes the first option (package bot's first bot,
// which these tests do not import).
type firstSeat struct{}

func (firstSeat) Choose(*interpreter.Game, *interpreter.Decision) int { return 0 }

func TestFirstOptionDifferenceFindsTheFirstNewOption(t *testing.T) {
	base, err := interpreter.Load(compareFS, "g", "")
	require.NoError(t, err)
	variant, err := interpreter.Load(compareFS, "g", "open")
	require.NoError(t, err)
	tr, err := Record(base, interpreter.Config{Players: 1, Seed: 1}, []interpreter.Bot{firstSeat{}})
	require.NoError(t, err)
	tr, err = Read("t.yaml", tr.Marshal())
	require.NoError(t, err)

	d, err := FirstOptionDifference(base, variant, tr)
	require.NoError(t, err)
	require.NotNil(t, d, "the variant offers extra from round 2")
	assert.Equal(t, []string{"extra"}, d.OnlyB)
	assert.Empty(t, d.OnlyA)
	assert.Contains(t, d.Describe("t.yaml", "the base rules", "the variant's rules"), "t.yaml:13: decision 2 (step 2, P1): the variant's rules also offer extra")

	same, err := FirstOptionDifference(base, base, tr)
	require.NoError(t, err)
	assert.Nil(t, same, "a ruleset never differs from itself")
}

// A variant that asks another player with the same options is a
// difference, and Describe names both players (it printed "also offer"
// followed by nothing).
func TestFirstOptionDifferenceNamesAnotherDecidingPlayer(t *testing.T) {
	fsys := fstest.MapFS{
		"g/rules.yaml": &fstest.MapFile{Data: []byte(`game: g
players: {min: 2, max: 2}
constants:
  asked: 0
  other: 0
flow:
  - choose:
      who: asked
      prompt: go
      options:
        - {key: a}
        - {key: b, when: other == 0}
        - {key: c, when: other == 1}
scoring:
  score: "0"
`)},
		"g/variant-other.yaml": &fstest.MapFile{Data: []byte(`variant: other
patch:
  constants:
    asked: 1
`)},
		"g/variant-both.yaml": &fstest.MapFile{Data: []byte(`variant: both
patch:
  constants:
    asked: 1
    other: 1
`)},
	}
	base, err := interpreter.Load(fsys, "g", "")
	require.NoError(t, err)
	variant, err := interpreter.Load(fsys, "g", "other")
	require.NoError(t, err)
	tr, err := Record(base, interpreter.Config{Players: 2, Seed: 1}, []interpreter.Bot{firstSeat{}, firstSeat{}})
	require.NoError(t, err)
	tr, err = Read("t.yaml", tr.Marshal())
	require.NoError(t, err)

	d, err := FirstOptionDifference(base, variant, tr)
	require.NoError(t, err)
	require.NotNil(t, d)
	assert.Contains(t, d.Describe("t.yaml", "the base rules", "the variant's rules"),
		"t.yaml:10: decision 1 (step 1): the base rules ask P1 where the variant's rules ask P2, with the same options (a, b)")

	// Other options for another player: both players, and what each is
	// offered (it said "P1" and "the variant's rules offer c", though P2
	// decides under the variant).
	both, err := interpreter.Load(fsys, "g", "both")
	require.NoError(t, err)
	d, err = FirstOptionDifference(base, both, tr)
	require.NoError(t, err)
	require.NotNil(t, d)
	assert.Equal(t, "t.yaml:10: decision 1 (step 1): the base rules ask P1 to choose from a, b where the variant's rules ask P2 to choose from a, c",
		d.Describe("t.yaml", "the base rules", "the variant's rules"))
}

// Describe lists what each side offers, not only the keys that differ,
// and shortens a long list.
func TestDescribeListsEverySidesOptions(t *testing.T) {
	d := OptionDifference{Step: 4, Decision: 2, Line: 9, OnlyB: []string{"x"},
		OptionsA: []string{"a", "b", "c", "d", "e", "f", "g"}, OptionsB: []string{"a", "x"}}
	assert.Equal(t, "t.yaml:9: decision 2 (step 5, P1): B also offer x (A offer a, b, c, d, e, f and 1 more; B offer a, x)", d.Describe("t.yaml", "A", "B"))
}
