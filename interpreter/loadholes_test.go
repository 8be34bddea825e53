package interpreter

// Load-time checks for things that used to pass validate and fail only
// when the game reached them: blank expressions, end_game: false, the
// type of an add target and the like (the fifteenth round's REFERENCE
// audit).

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBlankExpressionsAreLoadErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"if with nothing", "flow:\n  - if:\n    then: [{log: x}]\n", `g/rules.yaml:2:8: "if" needs a value`},
		{"by with nothing", "vars: {n: {type: int}}\nflow:\n  - {add: n, by: }\n", `g/rules.yaml:3:18: "by" needs a value`},
		{"a YAML tag", "vars: {b: {type: bool}}\nflow:\n  - set: b\n    to: !b\n", `g/rules.yaml:4:9: YAML read "!b" as a tag, not an expression: a plain value cannot start with "!"; write "not b" or quote the expression`},
		{"an empty hole", "flow:\n  - {log: \"{}\"}\n", `g/rules.yaml:2:12: template "{}": a {} hole needs an expression inside; write {{}} for braces`},
		{"a blank quoted expression", "flow:\n  - if: \" \"\n    then: [{log: x}]\n", `g/rules.yaml:2:10: condition needs a value: write an expression`},
		{"an option's when", "flow:\n  - choose: {who: 0, prompt: x, options: [{key: a, when: }]}\n", `"when" needs a value`},
		{"a tie-break", "scoring: {score: 0, tiebreak: [\"1\", ~]}\nflow: []\n", `expected an expression, got nothing`},
		{"a with binding", "procedures: {p: {params: {n: int}, do: []}}\nflow:\n  - {call: p, with: {n: }}\n", `"n" needs an expression`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			msg := loadErr(t, tc.src)
			assert.Contains(t, msg, tc.want)
			assert.Equal(t, 1, strings.Count(msg, "g/rules.yaml:"), "one problem, reported once: %s", msg)
		})
	}
}

func TestEndGameFalseIsALoadError(t *testing.T) {
	msg := loadErr(t, "flow:\n  - {end_game: false}\n  - {log: after}\n")
	assert.Contains(t, msg, `g/rules.yaml:2:6: end_game: false would still end the game: remove it, or write end_game: true under if:`)
	load(t, "flow:\n  - {end_game: true}\n")
}

func TestAddToATargetThatIsNoIntIsALoadError(t *testing.T) {
	head := `vars:
  s: {type: string}
  l: {type: ints}
  b: {type: bool}
  ws: {type: strings}
  m: {type: intmap}
player_vars:
  name: {type: string}
zones:
  deck: {owner: game}
cards:
  c:
    zone: deck
    props: {tapped: {type: bool}, tag: {type: string}}
    rows: [{id: a}]
flow:
`
	cases := []struct{ effect, want string }{
		{`{add: s, by: 1}`, `add: s is a string; add needs an int`},
		{`{add: l, by: 1}`, `add: l is a list of ints; add needs an int`},
		{`{add: b, by: 1}`, `add: b is a bool; add needs an int`},
		{`{add: m, by: 1}`, `add: m is an intmap; add needs an int`},
		{`{add: "ws[0]", by: 1}`, `add: ws[0] is a string; add needs an int`},
		{`{add: "players[0].name", by: 1}`, `add: players[0].name is a string; add needs an int`},
		{`{add: "card('a').tapped", by: 1}`, `add: card('a').tapped is a bool; add needs an int`},
		{`{add: "card('a').tag", by: 1}`, `add: card('a').tag is a string; add needs an int`},
		{"{let: {x: \"'a'\"}}\n  - {add: x, by: 1}", `add: x is a string; add needs an int`},
	}
	for _, tc := range cases {
		t.Run(tc.effect, func(t *testing.T) {
			assert.Contains(t, loadErr(t, head+"  - "+tc.effect+"\n"), tc.want)
		})
	}
	load(t, head+"  - {add: \"m['x']\", by: 1}\n  - {add: \"l[0]\", by: 1}\n  - {let: {k: 1}}\n  - {add: k, by: 2}\n")
}

// Messages name types in the ruleset's words, and a map literal reads in
// a template as an intmap does.
func TestTypesAndMapsInTheRulesetsWords(t *testing.T) {
	msg := loadErr(t, "vars: {ms: {type: intmaps, init: \"[{a: 1}]\"}}\nflow:\n  - {set: \"ms[0].a\", to: 1}\n")
	assert.Contains(t, msg, `cannot assign to "ms[0].a": ms[0] is an intmap, not a player or a card`)

	g := start(t, `vars: {m: {type: intmap, init: "{a: 1, b: 2}"}}
procedures:
  show:
    params: {x: intmap}
    do: [{log: "param {x}, var {m}"}]
flow:
  - {call: show, with: {x: "{b: 2, a: 1}"}}
  - choose: {who: 0, prompt: x, options: [{key: a}]}
`, 2)
	assert.Equal(t, []string{"param a 1, b 2, var a 1, b 2"}, logs(g))
}

// The through argument of reachable and distance takes any value at load
// (lists built by filter are typed at run time); one typed as no list of
// node ids is reported at load.
func TestGraphThroughArgumentIsTypeChecked(t *testing.T) {
	head := "boards:\n  cities:\n    nodes: [{id: athens}, {id: thebes}]\n    edges: {land: [[athens, thebes]]}\nflow:\n"
	for src, want := range map[string]string{
		`{log: "{distance(cities, 'athens', 'thebes', 'athens')}"}`: `distance: through must be a list of node ids, got a string`,
		`{log: "{reachable(cities, 'athens', 1)}"}`:                 `reachable: through must be a list of node ids, got an int`,
	} {
		assert.Contains(t, loadErr(t, head+"  - "+src+"\n"), want, src)
	}
	load(t, head+"  - {log: \"{distance(cities, 'athens', 'thebes', filter(cities.nodes, # != 'athens'))} {reachable(cities, 'athens', ['thebes'])}\"}\n")
}

// An expression over the size limit is reported at its start with the
// limit's name and value, without echoing thousands of characters.
func TestExpressionSizeErrorNamesTheLimit(t *testing.T) {
	big := strings.Repeat("1+", 3000) + "1"
	msg := loadErr(t, "vars: {x: {type: int}}\nflow:\n  - {set: x, to: \""+big+"\"}\n")
	assert.Equal(t, `g/rules.yaml:3:19: expression has more than 5000 nodes (limit MaxExprNodes): split it with let or a function`, msg)
}

// A constant negative draw is a load error, as a negative repeat is (it
// drew nothing, silently).
func TestNegativeDrawIsALoadError(t *testing.T) {
	head := "constants: {n: -2}\ncards:\n  c: {zone: deck, rows: [{id: a}]}\nzones:\n  deck: {}\n  hand: {owner: player}\nflow:\n"
	assert.Contains(t, loadErr(t, head+"  - {draw: -1, from: deck, into: \"players[0].hand\"}\n"),
		`g/rules.yaml:8:12: draw count is -1: a count cannot be negative (0 draws no card)`)
	assert.Contains(t, loadErr(t, head+"  - {draw: n, from: deck, into: \"players[0].hand\"}\n"), `draw count is -2`)
	load(t, head+"  - {draw: 0, from: deck, into: \"players[0].hand\"}\n")
}
