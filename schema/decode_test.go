package schema

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// decodeEffects decodes YAML text as an effect list.
func decodeEffects(t *testing.T, src string) ([]*Effect, *Diagnostics) {
	t.Helper()
	var out []*Effect
	ds := &Diagnostics{}
	DecodeBytes("f.yaml", []byte(src), &out, ds)
	return out, ds
}

func TestDecodeExprPositions(t *testing.T) {
	src := `- if: a + b > 3
  then:
    - log: 'bid {n} coins'
    - log: "two\tparts"
    - log: "plain {x}"
    - set: x
      to: |
        sum(
          players, .luxury)
    - set: y
      to: >
        folded
        text
    - set: z
      to: a +
        b
`
	effects, ds := decodeEffects(t, src)
	require.Empty(t, messages(ds))
	require.Len(t, effects, 1)
	e := effects[0]
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 1, 7}, Src: "a + b > 3", Style: StylePlain}, e.If)
	then := e.Then
	require.Len(t, then, 6)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 3, 13}, Src: "bid {n} coins", Style: StylePlain}, then[0].Log)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 4, 12}, Src: "two\tparts", Style: StyleLossy}, then[1].Log)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 5, 13}, Src: "plain {x}", Style: StylePlain}, then[2].Log)
	lit := then[3].To
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 8, 9}, Src: "sum(\n  players, .luxury)\n", Style: StyleLiteral, Indent: 8}, lit)
	assert.Equal(t, Pos{"f.yaml", 9, 11}, lit.At(2, 2), "line 2 of the block maps to its file column")
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 11, 11}, Src: "folded text\n", Style: StyleLossy}, then[4].To)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 15, 11}, Src: "a + b", Style: StyleLossy}, then[5].To)
	assert.Equal(t, "if", e.Kind)
	assert.Equal(t, "set", then[3].Kind)
}

// YAML's columns count runes: a value after non-ASCII text on its line
// is still found exactly where it is written (the decoder compares the
// source in place, by rune column).
func TestDecodeColumnsCountRunes(t *testing.T) {
	src := `- if: x == "é" and y > 1
  then:
    - log: "élan {n}"
    - log: 'ça {n}'
    - set: café
      to: "x"
    - set: y
      to: |
        "ü" + "ß"
    - log: ü {n}
    - {set: é, to: x + "ü"}
`
	effects, ds := decodeEffects(t, src)
	require.Empty(t, messages(ds))
	e := effects[0]
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 1, 7}, Src: `x == "é" and y > 1`, Style: StylePlain}, e.If)
	then := e.Then
	require.Len(t, then, 6)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 3, 13}, Src: "élan {n}", Style: StylePlain}, then[0].Log)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 4, 13}, Src: "ça {n}", Style: StylePlain}, then[1].Log)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 5, 12}, Src: "café", Style: StylePlain}, then[2].Set)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 9, 9}, Src: "\"ü\" + \"ß\"\n", Style: StyleLiteral, Indent: 8}, then[3].To)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 10, 12}, Src: "ü {n}", Style: StylePlain}, then[4].Log)
	// After "é" (two bytes, one column) on its line.
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 11, 20}, Src: `x + "ü"`, Style: StylePlain}, then[5].To)
}

func TestDecodeWithoutSourceGuesses(t *testing.T) {
	var node yaml.Node
	require.NoError(t, yaml.Unmarshal([]byte("set: x\nto: |\n  1 + 2\n"), &node))
	var e Effect
	ds := &Diagnostics{}
	Decode("f.yaml", &node, &e, ds)
	require.Empty(t, messages(ds))
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 1, 6}, Src: "x", Style: StylePlain}, e.Set)
	assert.Equal(t, StyleLossy, e.To.Style, "without the source the indentation is unknown")
}

func TestDecodeScalarExprs(t *testing.T) {
	effects, ds := decodeEffects(t, "- if: true\n  then:\n    - set: x\n      to: 3\n")
	require.Empty(t, messages(ds))
	assert.Equal(t, "true", effects[0].If.Src)
	assert.Equal(t, Expr{Pos: Pos{"f.yaml", 4, 11}, Src: "3", Style: StylePlain}, effects[0].Then[0].To)
}

func TestDecodeEffectKinds(t *testing.T) {
	_, ds := decodeEffects(t, `- set: x
  move: c
  to: 1
- {to: 1, sett: x}
- set: x
  by: 2
- draw: 3
  into: discard
- for_each: cards
- {shuffle: deck, at: top}
- log: hi
  then: []
`)
	assert.Equal(t, []string{
		`f.yaml:2:3: effect has two kinds: set and move`,
		`f.yaml:4:11: unknown key "sett" (did you mean "set"?)`,
		`f.yaml:5:3: set needs "to"`,
		`f.yaml:6:3: "by" does not go with set (set takes to)`,
		`f.yaml:7:3: draw needs "from"`,
		`f.yaml:9:3: for_each needs "as"`,
		`f.yaml:9:3: for_each needs "do"`,
		`f.yaml:10:19: "at" does not go with shuffle (shuffle takes no modifiers)`,
		`f.yaml:12:3: "then" does not go with log (log takes no modifiers)`,
	}, messages(ds))
}

// A key written one level too high (distinct: on a choose, not on its
// options or pick) says where it goes.
func TestDecodeKeyWrittenTooHigh(t *testing.T) {
	_, ds := decodeEffects(t, `- choose:
    who: 0
    prompt: go
    distinct: c.def
    options: [{key: go}]
`)
	assert.Equal(t, []string{
		`f.yaml:4:5: unknown key "distinct": distinct is written under options: or pick:, not here`,
	}, messages(ds))
}

// A misspelt kind or modifier is reported once, as an unknown key, and
// read as what it suggests: no "effect has no kind" or "set needs "to""
// beside it.
func TestDecodeMisspeltEffectKeys(t *testing.T) {
	effects, ds := decodeEffects(t, `- {shufle: deck}
- {sett: x, too: 1}
- {set: x, too: 1}
- {lo: hi}
`)
	assert.Equal(t, []string{
		`f.yaml:1:4: unknown key "shufle" (did you mean "shuffle"?)`,
		`f.yaml:2:4: unknown key "sett" (did you mean "set"?)`,
		`f.yaml:2:13: unknown key "too" (did you mean "to"?)`,
		`f.yaml:3:12: unknown key "too" (did you mean "to"?)`,
		`f.yaml:4:4: unknown key "lo" (did you mean "log"?)`,
	}, messages(ds))
	require.Len(t, effects, 4)
	assert.Equal(t, "shuffle", effects[0].Kind)
	assert.Equal(t, "deck", effects[0].Shuffle.Src)
	assert.Equal(t, "set", effects[1].Kind)
	assert.Equal(t, "1", effects[2].To.Src)
	assert.Equal(t, "log", effects[3].Kind)
}

func TestDecodeWrongKindsAndRequired(t *testing.T) {
	var rs Ruleset
	ds := &Diagnostics{}
	DecodeBytes("f.yaml", []byte(`game: [x]
players: {min: two, max: 3}
cards:
  power:
    attributes: []
    rows:
      - {id: a, count: 0}
      - {count: 2}
      - 7
flow: {}
scoring:
  score:
`), &rs, ds)
	assert.Equal(t, []string{
		`f.yaml:1:7: expected a string, got a list`,
		`f.yaml:2:16: expected an integer, got a string`,
		`f.yaml:4:3: missing required key "zone"`,
		`f.yaml:5:17: expected a mapping, got a list`,
		`f.yaml:7:24: count must be at least 1, got 0`,
		`f.yaml:8:9: missing required key "id"`,
		`f.yaml:9:9: expected a card row (a mapping with an id), got an integer`,
		`f.yaml:10:7: expected a list, got a mapping`,
		`f.yaml:12:9: "score" needs a value`,
	}, messages(ds))
	assert.Equal(t, 3, rs.Players.Max, "decoding goes on after an error")
	assert.Len(t, rs.Cards["power"].Rows, 3)
}

func TestDecodeDuplicateKeys(t *testing.T) {
	var rs Ruleset
	ds := &Diagnostics{}
	DecodeBytes("f.yaml", []byte("game: g\nvars:\n  x: {type: int}\n  x: {type: int}\ngame: h\n"), &rs, ds)
	requireMessage(t, ds, `f.yaml:4:3: duplicate key "x" (first at f.yaml:3:3)`)
	requireMessage(t, ds, `f.yaml:5:1: duplicate key "game" (first at f.yaml:1:1)`)
	assert.Equal(t, []string{"x"}, rs.VarOrder)
}

func TestDecodeValues(t *testing.T) {
	var out map[string]Value
	ds := &Diagnostics{}
	DecodeBytes("f.yaml", []byte("a: 3\nb: [1, x, true]\nc: {k: [2]}\nd: 1.5\ne: null\n"), &out, ds)
	assert.Equal(t, []string{`f.yaml:4:4: 1.5 is not a whole number: numbers in a ruleset are ints; write 1 or 2 (count in halves or tenths if you need them), or quote it to make it a string`}, messages(ds))
	assert.Equal(t, 3, out["a"].V)
	assert.Equal(t, []any{1, "x", true}, out["b"].V)
	assert.Equal(t, map[string]any{"k": []any{2}}, out["c"].V)
	assert.Nil(t, out["e"].V)
	assert.Equal(t, Pos{"f.yaml", 2, 4}, out["b"].Pos)
}

func TestDecodeLetAndWith(t *testing.T) {
	effects, ds := decodeEffects(t, "- let: {a: 1, b: a + 1}\n- call: f\n  with:\n    x: 2\n")
	require.Empty(t, messages(ds))
	require.Len(t, effects[0].Let, 2)
	assert.Equal(t, Binding{Pos: Pos{"f.yaml", 1, 15}, Name: "b", Expr: Expr{Pos: Pos{"f.yaml", 1, 18}, Src: "a + 1", Style: StylePlain}}, effects[0].Let[1])
	assert.Equal(t, "x", effects[1].With[0].Name)
}

func TestDecodeNeverPanics(t *testing.T) {
	for _, src := range []string{"", "[]", "3", "null", "game: {a: [b, {c: d}]}", "flow: [[], 3, null, {if: {}}]",
		"cards: {t: {rows: [{id: [x]}, {id: ''}]}}", "functions: {f: {params: [a], expr: [1]}}",
		"procedures: {p: {params: {a: [int]}, do: [{let: [1]}, {call: p, with: x}]}}", "? [a]\n: b\n"} {
		var rs Ruleset
		ds := &Diagnostics{}
		assert.NotPanics(t, func() { DecodeBytes("f.yaml", []byte(src), &rs, ds); Validate(&rs, ds) }, src)
	}
}

func TestDecodeBadTarget(t *testing.T) {
	ds := &Diagnostics{}
	Decode("f.yaml", &yaml.Node{}, Ruleset{}, ds)
	requireMessage(t, ds, "internal error: Decode needs a non-nil pointer")
}

func FuzzDecodeRuleset(f *testing.F) {
	for _, file := range sampleFiles() {
		f.Add(file.Data)
	}
	f.Add([]byte("flow: [{set: x, to: |\n    a\n}]\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		var rs Ruleset
		ds := &Diagnostics{}
		DecodeBytes("f.yaml", src, &rs, ds)
		Validate(&rs, ds)
	})
}
