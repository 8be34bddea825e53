package schema

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A YAML syntax error gives file:line:col (yaml.v3 gives a line only):
// the colon it refused, the bracket left unclosed, the character that
// cannot start a token, the quote never closed, the unknown escape, the
// tag or alias it does not know; else the line's first character. Before,
// most said file:line: only, an undefined tag handle named the line
// before its own, and an unknown alias had no line at all.
func TestSyntaxErrorsHaveAColumn(t *testing.T) {
	assertFirstMessages(t, []struct{ src, want string }{
		{"game: g\nviews:\n  - name: turn\n    expr: turn: 2\n",
			"g/f.yaml:4:15: YAML syntax error: mapping values are not allowed in this context; if an expression"},
		{"game: g\n  bad: 1\n",
			"g/f.yaml:2:6: YAML syntax error: mapping values are not allowed in this context: this line is indented deeper than line 1"},
		{"game: g\nflow:\n  - log: don't: x   # a comment: here\n", "g/f.yaml:3:15: YAML syntax error: mapping values"},
		{"game: g\nflow:\n  - {log: hi, to: x\n", "g/f.yaml:3:5: YAML syntax error: did not find expected ',' or '}'"},
		{"game: g\nflow:\n  - {log: {a: b}, x: [1}\n", "g/f.yaml:3:22: YAML syntax error: did not find expected ',' or ']'"},
		{"game: g\nflow:\n  - {log: {a: 1}, x: {b: 2}, y\n", "g/f.yaml:3:3: YAML syntax error: did not find expected ',' or '}'"},
		{"game: g\nflow:\n  - set: x\n    to: [1, 2][0]\n", "g/f.yaml:3:3: YAML syntax error: did not find expected key"},
		{"game: g\n- a\n", "g/f.yaml:2:1: YAML syntax error: this list item stands among the keys of a mapping (line 1 holds one"},
		{"game: g\nvars:\n  y: `oops`\n", "g/f.yaml:3:6: YAML syntax error: found character that cannot start any token"},
		{"game: g\nvars:\n  x: \"abc\n  y: 2\n", "g/f.yaml:3:6: YAML syntax error: found unexpected end of stream: the quote opened here is not closed"},
		{"game: g\nvars:\n  x: \"a \\\"b\\q\"\n", "g/f.yaml:3:12: YAML syntax error: found unknown escape character"},
		{"game: g\nvars:\n  x: !!str 1\n  y: !bar!x 2\n", "g/f.yaml:4:6: YAML syntax error: found undefined tag handle"},
		{"game: g\nvars:\n  x: &a 1\n  y: [*a, *b]\n", "g/f.yaml:4:11: YAML syntax error: unknown anchor 'b' referenced"},
		{"game: g\nvars:\n  x: [*b]\n  y: *b\n", "g/f.yaml: YAML syntax error: unknown anchor 'b' referenced"},
	})
}

// A list item written among a mapping's keys is named at the item, with
// the key above it: yaml.v3 says "did not find expected key" at the
// mapping's start, or at the item when the mapping starts on the file's
// first line (where the message said the mapping started, falsely).
func TestListItemAmongKeys(t *testing.T) {
	assertFirstMessages(t, []struct{ src, want string }{
		{"game: g\ntitle: t\n- a\n", "g/f.yaml:3:1: YAML syntax error: this list item stands among the keys of a mapping (line 2 holds one"},
		{"game: g\nzones:\n  hand: {owner: player}\n  deck: {owner: none}\n  - discard\n",
			"g/f.yaml:5:3: YAML syntax error: this list item stands among the keys of a mapping (line 4 holds one"},
		// An item under a key with nothing after its colon is that key's
		// list: the block is misindented instead.
		{"game: g\nzones:\n  hand: x\n- a\n", "g/f.yaml:4:1: YAML syntax error: this line is indented by 0 spaces"},
	})
}

// assertFirstMessages loads each src as the one file of a ruleset and
// checks that its first message starts with want.
func assertFirstMessages(t *testing.T, cases []struct{ src, want string }) {
	t.Helper()
	for _, c := range cases {
		fsys := fstest.MapFS{"g/f.yaml": {Data: []byte(c.src)}}
		_, ds := Load(fsys, "g")
		msgs := messages(ds)
		require.NotEmpty(t, msgs, c.src)
		assert.True(t, strings.HasPrefix(msgs[0], c.want), "%q\nwant %s\ngot  %s", c.src, c.want, msgs[0])
	}
}
