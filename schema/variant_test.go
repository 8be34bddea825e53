package schema

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withVariant returns the sample files plus one variant file.
func withVariant(name, src string) fstest.MapFS {
	fsys := sampleFiles()
	fsys["g/variant-"+name+".yaml"] = &fstest.MapFile{Data: []byte(src)}
	return fsys
}

func TestVariantPatch(t *testing.T) {
	fsys := withVariant("short", `# yaml-language-server: $schema=../../schema/ruleset.schema.json
variant: short
description: A shorter game.
patch:
  title: Short
  constants:
    track: {plague: 3}   # provisional: a guess
  cards:
    power:
      rows:
        - {id: lion_gate, value: 5}
        - {id: field, remove: true}
  zones:
    discard: {visibility: public}
  flow:
    - end_game: true
adds:
  cards:
    power:
      rows:
        - {id: well, name: Well, kind: building}
`)
	rs, ds := LoadVariant(fsys, "g", "short")
	require.Empty(t, messages(ds))
	assert.Equal(t, "short", rs.Variant)
	assert.Equal(t, "A shorter game.", rs.VariantDescription)
	assert.Equal(t, "Short", rs.Title)
	assert.Equal(t, map[string]any{"plague": 3}, rs.Constants["track"].V, "a mapping merges key by key")
	assert.Equal(t, Pos{"g/a.yaml", 7, 10}, rs.Constants["track"].Pos, "a merged mapping stays where the base wrote it")
	assert.Equal(t, []string{"hand_size", "track"}, rs.ConstantOrder)

	rows := rs.Cards["power"].Rows
	require.Len(t, rows, 2)
	assert.Equal(t, "lion_gate", rows[0].ID)
	assert.Equal(t, Pos{"g/a.yaml", 19, 9}, rows[0].Pos, "a merged row stays where the base wrote it")
	assert.Equal(t, 5, rows[0].Fields["value"].V)
	assert.Equal(t, Pos{"g/variant-short.yaml", 11, 34}, rows[0].Fields["value"].Pos)
	assert.Equal(t, "Lion Gate", rows[0].Fields["name"].V)
	assert.Equal(t, "well", rows[1].ID)
	assert.Equal(t, Pos{"g/variant-short.yaml", 21, 11}, rows[1].Pos)

	assert.Equal(t, "public", rs.Zones["discard"].Visibility)
	assert.Equal(t, "hidden", rs.Zones["box"].Visibility)
	require.Len(t, rs.Flow, 1, "a list is replaced")
	assert.Equal(t, "end_game", rs.Flow[0].Kind)
	assert.Equal(t, Pos{"g/variant-short.yaml", 16, 7}, rs.Flow[0].Pos)
	assert.Contains(t, rs.Files, "g/variant-short.yaml")
	assert.Contains(t, rs.Provisional, Note{Pos: Pos{"g/variant-short.yaml", 7, 12}, Text: "a guess"})

	base, ds := Load(fsys, "g")
	require.Empty(t, messages(ds))
	assert.Len(t, base.Cards["power"].Rows, 2, "the base is unchanged")
	assert.Equal(t, "field", base.Cards["power"].Rows[1].ID)
}

func TestVariantErrors(t *testing.T) {
	fsys := withVariant("short", `variant: shrt
descripton: x
patch:
  cards:
    power:
      rows:
        - {id: nope, remove: true}
        - {name: no id}
adds:
  cards:
    power:
      rows:
        - {id: well, name: Well, kind: castle}
`)
	_, ds := LoadVariant(fsys, "g", "short")
	assert.Equal(t, []string{
		`g/variant-short.yaml:1:10: variant is "shrt" but the file is variant-short.yaml: they must match`,
		`g/variant-short.yaml:2:1: unknown key "descripton" in a variant file (did you mean "description"?)`,
		`g/variant-short.yaml:7:11: no row "nope" in power to remove`,
		`g/variant-short.yaml:8:11: a patch row needs an id`,
		`g/variant-short.yaml:13:40: card well: "kind": "castle" is not one of building, landscape`,
	}, messages(ds))
}

// A row's remove: is true or false: anything else was ignored, and the
// row kept, without a word.
func TestVariantRemoveIsTrueOrFalse(t *testing.T) {
	for src, got := range map[string]string{"1": `an integer "1"`, "yes": `a string "yes"`, `"yes please"`: `a string "yes please"`, "[true]": "a list"} {
		fsys := withVariant("x", "variant: x\npatch:\n  cards:\n    power:\n      rows:\n        - {id: field, remove: "+src+"}\n")
		_, ds := LoadVariant(fsys, "g", "x")
		assert.Equal(t, []string{`g/variant-x.yaml:6:31: remove: expected true or false, got ` + got}, messages(ds), src)
	}
	fsys := withVariant("x", "variant: x\npatch:\n  cards:\n    power:\n      rows:\n        - {id: field, remove: false}\n")
	_, ds := LoadVariant(fsys, "g", "x")
	assert.Empty(t, messages(ds))
}

// A patch only changes what the base defines: a misspelt name would add
// something no rule reads. adds: only adds what is new.
func TestVariantPatchChangesOnlyWhatTheBaseDefines(t *testing.T) {
	fsys := withVariant("short", `variant: short
patch:
  constants:
    hand_sise: 3
    track: {plage: 2}
  zones:
    dicsard: {visibility: public}
  cards:
    power:
      attributes:
        valeu: {type: int}
      rows:
        - {id: lion_gat, value: 5}
adds:
  constants:
    hand_size: 4
  cards:
    power:
      rows:
        - {id: lion_gate, value: 6}
`)
	_, ds := LoadVariant(fsys, "g", "short")
	assert.Equal(t, []string{
		`g/variant-short.yaml:4:5: patch: "hand_sise" is not in constants in the base ruleset (did you mean "hand_size"?); a patch only changes what the base defines (put something new under adds:)`,
		`g/variant-short.yaml:5:13: patch: "plage" is not in constants.track in the base ruleset (did you mean "plague"?); a patch only changes what the base defines (put something new under adds:)`,
		`g/variant-short.yaml:7:5: patch: "dicsard" is not in zones in the base ruleset (did you mean "discard"?); a patch only changes what the base defines (put something new under adds:)`,
		`g/variant-short.yaml:11:9: patch: "valeu" is not in cards.power.attributes in the base ruleset (did you mean "value"?); a patch only changes what the base defines (put something new under adds:)`,
		`g/variant-short.yaml:13:11: patch: no row "lion_gat" in power to change (did you mean "lion_gate"?); a patch only changes what the base defines (put a new row under adds:)`,
		`g/variant-short.yaml:16:16: adds: constants.hand_size is already in the base ruleset (g/a.yaml:6:14); change it under patch:`,
		`g/variant-short.yaml:20:11: adds: "lion_gate" is already in cards.power.rows (g/a.yaml:19:9); change it under patch:`,
	}, messages(ds))
}

// A section the base does not have at all holds no name a patch could
// change either (it used to add them unchecked).
func TestVariantPatchOfASectionTheBaseLacks(t *testing.T) {
	fsys := withVariant("short", `variant: short
patch:
  vocabularies:
    rond: [a]
  report:
    counters:
      battles: "0"
  bots:
    heuristic: "1"
`)
	_, ds := LoadVariant(fsys, "g", "short")
	assert.Equal(t, []string{
		`g/variant-short.yaml:4:5: patch: "rond" is not in vocabularies in the base ruleset (it has no vocabularies; did you mean "round" in vars?); a patch only changes what the base defines (put something new under adds:)`,
		`g/variant-short.yaml:7:7: patch: "battles" is not in report.counters in the base ruleset (it has no report.counters); a patch only changes what the base defines (put something new under adds:)`,
	}, messages(ds))
}

func TestVariantUnknown(t *testing.T) {
	rs, ds := LoadVariant(withVariant("short", "variant: short\npatch: {}\n"), "g", "shrot")
	require.NotNil(t, rs)
	assert.Equal(t, []string{`g: unknown variant "shrot" (did you mean "short"?); available: short`}, messages(ds))
}

func TestVariantOddPatchesNeverPanic(t *testing.T) {
	for _, patch := range []string{
		"patch: []", "patch:", "patch: {cards: {power: {rows: {a: 1}}}}", "patch: {cards: {power: {rows: [3, [], null]}}}",
		"patch: {cards: null}", "patch: {cards: {power: null}}", "patch: {zones: &z {x: {}}, vars: *z}",
		"patch: {cards: {power: {rows: [{id: [x]}, {id: well, remove: nope}]}}}", "patch: {flow: {a: 1}, newkey: 3}",
	} {
		fsys := withVariant("v", "variant: v\n"+patch+"\n")
		assert.NotPanics(t, func() { LoadVariant(fsys, "g", "v") }, patch)
	}
}

// A bad entry a variant writes into a card's map that the base file holds
// is reported at the variant's line (outside designer audit: it pointed at
// the base row, where the value is fine).
func TestVariantBadMapEntryPointsAtTheVariant(t *testing.T) {
	fsys := withVariant("x", "variant: x\npatch:\n  cards:\n    power:\n      rows:\n        - {id: lion_gate, cost: {stone: one}}\n")
	a := string(fsys["g/a.yaml"].Data)
	a = strings.Replace(a, "      value: {type: int, default: 0}\n", "      value: {type: int, default: 0}\n      cost: {type: intmap, default: {}}\n", 1)
	a = strings.Replace(a, "kind: building, value: 3}", "kind: building, value: 3, cost: {wood: 1, stone: 2}}", 1)
	fsys["g/a.yaml"] = &fstest.MapFile{Data: []byte(a)}
	_, ds := Load(fsys, "g")
	require.Empty(t, messages(ds), "the base is fine")
	_, ds = LoadVariant(fsys, "g", "x")
	assert.Equal(t, []string{`g/variant-x.yaml:6:34: card lion_gate: "cost" must be intmap, got string "one" for key "stone"`}, messages(ds))
}

// A card row's field is one value: a patch's `cost: {wood: 1}` replaces
// the whole cost (a designer reads it as the card's new cost), where a
// constant's mapping merges key by key (TestVariantPatch).
func TestVariantRowFieldMapReplacesTheWholeValue(t *testing.T) {
	fsys := withVariant("cheap", `variant: cheap
patch:
  cards:
    power:
      rows:
        - {id: lion_gate, cost: {wood: 1}}
`)
	a := string(fsys["g/a.yaml"].Data)
	a = strings.Replace(a, "      tags: {type: strings, default: []}\n", "      tags: {type: strings, default: []}\n      cost: {type: intmap, default: {}}\n", 1)
	a = strings.Replace(a, "kind: building, value: 3}", "kind: building, value: 3, cost: {wood: 2, stone: 1}}", 1)
	fsys["g/a.yaml"] = &fstest.MapFile{Data: []byte(a)}
	base, ds := Load(fsys, "g")
	require.Empty(t, messages(ds))
	assert.Equal(t, map[string]any{"wood": 2, "stone": 1}, base.Cards["power"].Rows[0].Fields["cost"].V)
	rs, ds := LoadVariant(fsys, "g", "cheap")
	require.Empty(t, messages(ds))
	assert.Equal(t, map[string]any{"wood": 1}, rs.Cards["power"].Rows[0].Fields["cost"].V, "the base's stone is not kept")
	assert.Equal(t, "g/variant-cheap.yaml", rs.Cards["power"].Rows[0].Fields["cost"].Pos.File)
}

// doc:, the key that explains things everywhere else in a ruleset, is
// what a designer writes first in a variant file: the message names the
// keys a variant file has, since no one of them is near enough to say.
func TestVariantUnknownKeyNamesTheKeys(t *testing.T) {
	fsys := withVariant("short", "variant: short\ndoc: a longer game\npatch: {constants: {rounds: 3}}\n")
	_, ds := LoadVariant(fsys, "g", "short")
	assert.Contains(t, messages(ds), `g/variant-short.yaml:2:1: unknown key "doc" in a variant file: its keys are variant:, description:, patch: and adds:`)
}
