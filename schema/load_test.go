package schema

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadSample(t *testing.T) {
	rs, ds := Load(sampleFiles(), "g")
	require.Empty(t, messages(ds))
	assert.Equal(t, "g", rs.Game)
	assert.Equal(t, []string{"g/a.yaml", "g/b.yaml"}, rs.Files)
	assert.Equal(t, []string{"power"}, rs.CardOrder)
	assert.Equal(t, []string{"box", "discard", "deck", "hand"}, rs.ZoneOrder)
	assert.Equal(t, []string{"name", "kind", "value", "tags"}, rs.Cards["power"].AttributeOrder)
	assert.Equal(t, []string{"hand_size", "track"}, rs.ConstantOrder)
	assert.Equal(t, map[string]any{"plague": 4}, rs.Constants["track"].V)
	assert.Equal(t, Pos{File: "g/a.yaml", Line: 7, Col: 10}, rs.Constants["track"].Pos)
	row := rs.Cards["power"].Rows[1]
	assert.Equal(t, "field", row.ID)
	assert.Equal(t, 2, row.Count)
	assert.Equal(t, []string{"name", "kind", "tags"}, row.FieldOrder)
	assert.Equal(t, []any{"food"}, row.Fields["tags"].V)
	assert.Equal(t, "repeat", rs.Flow[0].Kind)
	assert.Equal(t, Pos{File: "g/b.yaml", Line: 4, Col: 5}, rs.Flow[0].Pos)
	give := rs.Procedures["give"]
	assert.Equal(t, []Param{{Pos: Pos{"g/b.yaml", 36, 14}, Name: "p", Type: "int"}, {Pos: Pos{"g/b.yaml", 36, 22}, Name: "n", Type: "int"}}, give.Params)
	with := rs.Flow[1].Do[0].With
	require.Len(t, with, 2)
	assert.Equal(t, "n", with[1].Name)
	assert.Equal(t, Expr{Pos: Pos{"g/b.yaml", 11, 25}, Src: "1", Style: StylePlain}, with[1].Expr)
	assert.Equal(t, "3", rs.PlayerVars["luxury"].Init.Src)
	assert.Equal(t, []Note{{Pos: Pos{"g/a.yaml", 19, 9}, Text: "no card list"}}, rs.Provisional)
}

func TestLoadMergeConflicts(t *testing.T) {
	_, ds := loadWith(t, map[string]string{"c.yaml": `zones:
  hand: {}
flow:
  - log: hi
triggers:
  - {name: second, when: "true", do: []}
`})
	requireMessage(t, ds, `g/c.yaml:2:3: "hand" in zones is already defined at g/a.yaml:25:3`)
	requireMessage(t, ds, `g/c.yaml:3:1: "flow" is already defined at g/b.yaml:3:1; it may appear in one file only`)
	assert.Len(t, ds.List(), 2)
}

func TestLoadTriggersConcatenate(t *testing.T) {
	rs, ds := loadWith(t, map[string]string{"c.yaml": "triggers:\n  - {name: second, when: \"true\", do: []}\n"})
	require.Empty(t, messages(ds))
	require.Len(t, rs.Triggers, 2)
	assert.Equal(t, Pos{File: "g/c.yaml", Line: 2, Col: 5}, rs.Triggers[1].Pos)
}

func TestLoadErrorsSortedAcrossFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"g/b.yaml": {Data: []byte("scoring:\n  zzz: 1\nflow: []\n")},
		"g/a.yaml": {Data: []byte("game: g\nplayers: {min: 2, max: 4, mx: 3}\ntitel: x\n")},
	}
	_, ds := Load(fsys, "g")
	assert.Equal(t, []string{
		`g/a.yaml:2:27: unknown key "mx" (did you mean "max"?)`,
		`g/a.yaml:3:1: unknown key "titel" (did you mean "title"?)`,
		`g/b.yaml:1:1: missing required key "score"`,
		`g/b.yaml:2:3: unknown key "zzz"`,
	}, messages(ds))
}

// TestMisspeltRequiredKeyIsNotAlsoMissing: a required key written with a
// slip is reported once, at the slip, not a second time as missing.
func TestMisspeltRequiredKeyIsNotAlsoMissing(t *testing.T) {
	fsys := fstest.MapFS{
		"g/a.yaml": {Data: []byte("game: g\nplayers: {min: 2, max: 4}\nflow: []\nscoring:\n  scor: 1\n")},
	}
	_, ds := Load(fsys, "g")
	assert.Equal(t, []string{`g/a.yaml:5:3: unknown key "scor" (did you mean "score"?)`}, messages(ds))
}

// A YAML syntax error drops its file, so other problems may only follow
// from it: they are checked but held back, and the syntax error says so.
func TestLoadSyntaxErrorHoldsBackTheRest(t *testing.T) {
	fsys := sampleFiles()
	fsys["g/c.yaml"] = &fstest.MapFile{Data: []byte("vars:\n  x: [1,\n  y: 2\n")}
	fsys["g/d.yaml"] = &fstest.MapFile{Data: []byte("vars:\n  z: {type: nit}\n")}
	rs, ds := Load(fsys, "g")
	msgs := messages(ds)
	require.Len(t, msgs, 1, msgs)
	assert.Regexp(t, `^g/c.yaml:2:6: YAML syntax error: .* \[1 other problem not shown: it may follow from this; fix it and validate again\]$`, msgs[0])
	assert.Equal(t, 2, ds.Len(), "the other problem was found")
	assert.Contains(t, rs.Files, "g/c.yaml")
}

// One line indented wrongly: the error points at that line, not at the
// start of the block yaml.v3 names, and a tab is called a tab.
func TestLoadIndentationSlip(t *testing.T) {
	body := "functions:\n  f:\n    params: {p: int}\n%s\n    expr: p\n  g:\n    returns: int\n    expr: 1\n"
	for _, c := range []struct{ line, want string }{
		{"   returns: int", `g/f.yaml:4:4: YAML syntax error: this line is indented by 3 spaces, but the block that starts at line 2 indents by 4 or 2 (YAML: did not find expected key in the mapping or list that starts here)`},
		{"     returns: int", `g/f.yaml:4:6: YAML syntax error: this line is indented by 5 spaces, but the block that starts at line 3 indents by 4 (YAML: did not find expected key in the mapping or list that starts here)`},
		{"\treturns: int", `g/f.yaml:4:1: YAML syntax error: found a tab character where indentation is expected: YAML indents with spaces`},
		{"  returns: int", `g/f.yaml:5:9: YAML syntax error: mapping values are not allowed in this context: this line is indented deeper than line 4, which does not open a block; one of the two is misindented`},
	} {
		fsys := fstest.MapFS{"g/f.yaml": {Data: []byte(fmt.Sprintf(body, c.line))}}
		_, ds := Load(fsys, "g")
		msgs := messages(ds)
		require.NotEmpty(t, msgs)
		assert.True(t, strings.HasPrefix(msgs[0], c.want), "%q\ngot  %s", c.line, msgs[0])
	}
}

// A tab-indented key after a key of a mapping: yaml.v3 says "found a tab
// character that violates indentation" at the line above, with no column;
// the error points at the tab itself, in the same words as other tabs.
func TestLoadTabIndentedKeyInAMapping(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"\trounds: 6", `g/f.yaml:4:1: YAML syntax error: found a tab character where indentation is expected: YAML indents with spaces`},
		{"  \trounds: 6", `g/f.yaml:4:3: YAML syntax error: found a tab character where indentation is expected: YAML indents with spaces`},
	} {
		src := "game: g\nconstants:\n  x: 1\n" + c.line + "\nplayers: {min: 2, max: 4}\n"
		_, ds := Load(fstest.MapFS{"g/f.yaml": {Data: []byte(src)}}, "g")
		msgs := messages(ds)
		require.NotEmpty(t, msgs)
		assert.True(t, strings.HasPrefix(msgs[0], c.want), "%q\ngot  %s", c.line, msgs[0])
	}
}

// A top-level key no file has is reported at the start of the first file
// (it used to have no position but the directory's).
func TestLoadMissingRequired(t *testing.T) {
	_, ds := Load(fstest.MapFS{"g/a.yaml": {Data: []byte("title: x\n")}, "g/b.yaml": {Data: []byte("flow: []\n")}}, "g")
	assert.Equal(t, []string{
		`g/a.yaml:1:1: missing required key "game": write it in one of the ruleset's files`,
		`g/a.yaml:1:1: missing required key "players": write it in one of the ruleset's files`,
		`g/a.yaml:1:1: missing required key "scoring": write it in one of the ruleset's files`,
	}, messages(ds))
}

func TestLoadAliasBomb(t *testing.T) {
	src := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g"} {
		src += name + ": &" + name + " [*" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev +
			", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n"
		prev = name
	}
	fsys := sampleFiles()
	fsys["g/c.yaml"] = &fstest.MapFile{Data: []byte("constants:\n  bomb:\n    " + indent(src) + "\n")}
	_, ds := Load(fsys, "g")
	requireMessage(t, ds, "g/c.yaml:7:8: YAML aliases expand to more than 100000 nodes") // e: the first entry past the limit
}

// indent puts a multi-line YAML text under a mapping key.
func indent(s string) string {
	out := ""
	for i, r := range s {
		out += string(r)
		if r == '\n' && i < len(s)-1 {
			out += "    "
		}
	}
	return out
}

func TestLoadSmallAliasesAreFine(t *testing.T) {
	rs, ds := loadWith(t, map[string]string{"c.yaml": "constants:\n  base: &b {x: 1}\n  copy: *b\n"})
	require.Empty(t, messages(ds))
	assert.Equal(t, map[string]any{"x": 1}, rs.Constants["copy"].V)
}

func TestLoadProvisionalComments(t *testing.T) {
	rs, ds := loadWith(t, map[string]string{"c.yaml": `constants:
  # provisional: guessed track
  length: 5
  other: 2 # provisional: from a forum post
  # an ordinary comment
  plain: 1
  # provisional: a note that goes on
  #   over two lines.
  #
  # Not part of it.
  long: 3
  after: 4 # rulebook: says so; provisional: the figure
`})
	require.Empty(t, messages(ds))
	assert.Equal(t, []Note{
		{Pos: Pos{"g/a.yaml", 19, 9}, Text: "no card list"},
		{Pos: Pos{"g/c.yaml", 3, 3}, Text: "guessed track"},
		{Pos: Pos{"g/c.yaml", 4, 10}, Text: "from a forum post"},
		{Pos: Pos{"g/c.yaml", 11, 3}, Text: "a note that goes on over two lines."},
		{Pos: Pos{"g/c.yaml", 12, 10}, Text: "the figure"},
	}, rs.Provisional)
}

func TestLoadMissingDir(t *testing.T) {
	rs, ds := Load(fstest.MapFS{}, "nope")
	require.NotNil(t, rs)
	requireMessage(t, ds, "nope: cannot read the ruleset directory")
}

func TestVariants(t *testing.T) {
	fsys := sampleFiles()
	fsys["g/variant-short.yaml"] = &fstest.MapFile{Data: []byte("variant: short\npatch: {}\n")}
	fsys["g/variant-alt.yaml"] = &fstest.MapFile{Data: []byte("variant: alt\npatch: {}\n")}
	names, err := Variants(fsys, "g")
	require.NoError(t, err)
	assert.Equal(t, []string{"alt", "short"}, names)
	rs, ds := Load(fsys, "g")
	require.Empty(t, messages(ds))
	assert.Equal(t, []string{"g/a.yaml", "g/b.yaml"}, rs.Files)
}

// A key that slipped out of its block is valid YAML of the wrong shape:
// the error asks whether the line is indented too little.
func TestLoadDedentedKeyHint(t *testing.T) {
	src := "functions:\n  f:\n    params: {p: int}\n    returns: int\n  expr: p\n"
	_, ds := Load(fstest.MapFS{"g/f.yaml": {Data: []byte(src)}}, "g")
	assert.Contains(t, messages(ds), `g/f.yaml:5:9: expected a mapping (keys: params, returns, expr, doc), got a string (is this line indented too little? it has 2 spaces, line 4 above it 4)`)
}

// Slips inside a list item (outside designer audit): a key dedented to the
// items' "- " was reported at the list's start; a first item dedented to
// its key's indentation ("do:" and "- a" by 6, "- b" by 8) at the start
// of the enclosing item, with a hint about quoting that did not apply.
// Both now point at the slipped line and say what indentation fits.
func TestLoadIndentationSlipInAListItem(t *testing.T) {
	const head = "game: g\nflow:\n  - key: a\n    options:\n      - key: x\n        do:\n          - log: x\n      - key: y\n        label: y\n"
	for _, c := range []struct{ name, tail, want string }{
		{"key at the items' dash", "      do:\n          - log: y\n",
			`g/f.yaml:10:7: YAML syntax error: this line is indented by 6 spaces, but the block that starts at line 5 indents by 8 (6 only for a new "- " item) (YAML: did not find expected '-' indicator`},
		{"first item at its key's indentation", "        do:\n        - log: y\n          - log: z\n",
			`g/f.yaml:11:9: YAML syntax error: this list item is indented by 8 spaces, but the next item of its list (line 12) by 10: a list's items line up (YAML: did not find expected key`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ds := Load(fstest.MapFS{"g/f.yaml": {Data: []byte(head + c.tail)}}, "g")
			msgs := messages(ds)
			require.NotEmpty(t, msgs)
			assert.True(t, strings.HasPrefix(msgs[0], c.want), "got  %s", msgs[0])
			assert.NotContains(t, msgs[0], "quote this expression")
		})
	}
}

// The hint to quote an expression that starts with a quote, [ or { comes
// only when a line of the block really holds one.
func TestLoadQuoteHintOnlyForAQuotedStart(t *testing.T) {
	for _, c := range []struct {
		line string
		hint bool
	}{
		{`    to: "a" + b`, true},
		{`    to: [1, 2][0]`, true},
		{"    z: 3\n    - w", false},
		{`    to: {a: 1} x`, true},
	} {
		src := "game: g\nvars:\n  x:\n    type: int\n" + c.line + "\n    y: 2\n"
		_, ds := Load(fstest.MapFS{"g/f.yaml": {Data: []byte(src)}}, "g")
		msgs := messages(ds)
		require.NotEmpty(t, msgs)
		if c.hint {
			assert.Contains(t, msgs[0], "quote this expression", c.line)
		} else {
			assert.NotContains(t, msgs[0], "quote this expression", c.line)
		}
	}
}

// A folder with no .yaml file is one problem, not also every required
// key missing from the nothing it read.
func TestLoadEmptyFolderIsOneProblem(t *testing.T) {
	_, ds := Load(fstest.MapFS{"g/notes.txt": {Data: []byte("hello")}}, "g")
	assert.Equal(t, []string{"g: no .yaml files in g: a ruleset is a folder of .yaml files (see rulesets/ for the shipped games)"}, messages(ds))
}

// Found by moving single lines of the shipped rulesets two spaces in and
// out: a row written over several lines inside { } is not a slip (its
// continuation lines were blamed), a "- " row dedented to its key's
// indentation is, and a level's kind is that of the block open now (an
// earlier list at the same indentation made a mapping's key look like a
// slip).
func TestLoadIndentationSlipsAroundFlowRowsAndKeys(t *testing.T) {
	const rows = "game: g\ncards:\n  t:\n    zone: box\n    rows:\n      - {id: a, cost: [1,\n         2]}\n"
	for _, c := range []struct{ name, src, want string }{
		{"a row dedented to its key after a row over two lines", rows + "    - {id: b}\n      - {id: c}\n",
			`g/f.yaml:8:5: YAML syntax error: this line is indented by 4 spaces, but the block that starts at line`},
		{"a key where an earlier block had a list", "game: g\nflow:\n  - do:\n      - x\n  - do:\n    - if: c\n      then:\n        - y\n      else:\n        - z\n  - w: 1\n   v: 2\n",
			`g/f.yaml:12:4: YAML syntax error: this line is indented by 3 spaces`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ds := Load(fstest.MapFS{"g/f.yaml": {Data: []byte(c.src)}}, "g")
			msgs := messages(ds)
			require.NotEmpty(t, msgs)
			assert.True(t, strings.HasPrefix(msgs[0], c.want), "got  %s", msgs[0])
		})
	}
}

// A .yml file in a ruleset folder is reported: it was skipped without a
// word, and its rules were missing (outside reliability audit).
func TestLoadReportsAYmlFile(t *testing.T) {
	fsys := sampleFiles()
	fsys["g/extra.yml"] = &fstest.MapFile{Data: []byte("vars:\n  x: {type: int}\n")}
	_, ds := Load(fsys, "g")
	assert.Contains(t, messages(ds), "g/extra.yml: extra.yml is not read: a ruleset's files end in .yaml (rename it extra.yaml)")
}
