package schema

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
)

func TestValidateCards(t *testing.T) {
	_, ds := loadWith(t, map[string]string{"c.yaml": `cards:
  civ:
    zone: hand
    attributes:
      value: {type: string}
      kind: {type: int, values: [a]}
      size: {type: nit}
      zone: {type: int}
    rows:
      - {id: lion_gate, value: x, kind: 1, size: 1, zone: 1}
      - {id: hut, count: 2, value: 3, kind: 1, size: 1, zone: 1, kidn: 2}
      - {id: "hut#2", value: y, kind: 1, size: 1, zone: 1}
      - {id: tent, kind: 1, size: 1, zone: 1}
  more:
    zone: boxx
    attributes:
      nums: {type: ints}
      tally: {type: intmap}
      kind2: {type: strings, values: [building]}
    props:
      covered: {type: int}
    rows:
      - {id: m1, nums: [1, x], tally: {a: 1, b: no}, kind2: [buildng], covered: 3}
`})
	assert.Equal(t, []string{
		`g/c.yaml:3:5: card table civ: zone "hand" is a player zone; cards start in a global zone`,
		`g/c.yaml:5:14: "value" is string here but int in table power (g/a.yaml:14:14): card fields share one namespace`,
		`g/c.yaml:6:13: "kind" is int here but string in table power (g/a.yaml:13:13): card fields share one namespace`,
		`g/c.yaml:6:33: attribute "kind": values only apply to string and strings, not int`,
		`g/c.yaml:7:13: unknown type for attribute "size" "nit" (did you mean "int"?); expected one of int, bool, string, ints, strings, intmap, intmaps`,
		`g/c.yaml:8:13: attribute "zone" has the name of a built-in card field (id, def, table, zone, owner, zone_key)`,
		`g/c.yaml:10:9: duplicate card id "lion_gate" (also at g/a.yaml:19:9)`,
		`g/c.yaml:11:36: card hut: "value" must be string, got int 3`,
		`g/c.yaml:11:72: card hut: unknown attribute "kidn" in table civ (did you mean "kind"?)`,
		`g/c.yaml:12:9: card id "hut#2" is already used at g/c.yaml:11:9`,
		`g/c.yaml:13:9: card tent: missing attribute "value" (it has no default)`,
		`g/c.yaml:15:5: card table more: unknown zone "boxx" (did you mean "box"?)`,
		`g/c.yaml:21:16: "covered" is int here but bool in table power (g/a.yaml:17:16): card fields share one namespace`,
		`g/c.yaml:23:24: card m1: "nums" must be ints, got string "x" as element 2`,
		`g/c.yaml:23:46: card m1: "tally" must be intmap, got string "no" for key "b"`,
		`g/c.yaml:23:61: card m1: "kind2": "buildng" is not one of building (did you mean "building"?)`,
		`g/c.yaml:23:81: card m1: "covered" is a prop of table more; rows give attributes only`,
	}, messages(ds))
}

func TestValidatePlayersZonesVars(t *testing.T) {
	fsys := sampleFiles()
	_, ds := loadWith(t, map[string]string{"c.yaml": `zones:
  pile: {owner: players, visibility: secret, refill_from: hand}
  loop: {refill_from: loop}
  gone: {refill_from: discrd}
vars:
  bad-name: {type: int}
  players: {type: int}
  hand_size: {type: string}
player_vars:
  hand: {type: int}
functions:
  f:
    params: {1x: int, c: kard}
    returns: void
    expr: "1"
`})
	_ = fsys
	assert.Equal(t, []string{
		`g/c.yaml:2:9: unknown owner "players" (did you mean "player"?); expected one of game, player`,
		`g/c.yaml:2:9: unknown visibility "secret"; expected one of public, owner, hidden`,
		`g/c.yaml:2:9: zone pile: refill_from names "hand", a player zone; use a global zone`,
		`g/c.yaml:3:9: zone loop: refill_from names the zone itself`,
		`g/c.yaml:4:9: zone gone: refill_from names unknown zone "discrd" (did you mean "discard"?)`,
		`g/c.yaml:6:13: var "bad-name" is not a name: use letters, digits and _, not starting with a digit`,
		`g/c.yaml:7:12: var "players" has the name of a built-in (the list of players): rename it`,
		`g/c.yaml:8:14: var "hand_size" has the same name as the constant at g/a.yaml:6:14`,
		`g/c.yaml:10:9: player var "hand" has the same name as the player zone at g/a.yaml:25:9`,
		`g/c.yaml:13:5: unknown result type of function f "void"; expected one of int, bool, string, ints, strings, intmap, intmaps, card, cards, any`,
		`g/c.yaml:13:14: parameter "1x" is not a name: use letters, digits and _, not starting with a digit`,
		`g/c.yaml:13:23: unknown type for parameter "c" of function f "kard" (did you mean "card"?); expected one of int, bool, string, ints, strings, intmap, intmaps, card, cards, any`,
	}, messages(ds))
}

func TestValidatePlayerRange(t *testing.T) {
	fsys := sampleFiles()
	fsys["g/a.yaml"].Data = []byte(string(fsys["g/a.yaml"].Data[:0]) + "game: g\nplayers: {min: 0, max: -1}\n")
	_, ds := Load(fsys, "g")
	assert.Contains(t, messages(ds), `g/a.yaml:2:10: players.min must be at least 1, got 0`)
	assert.Contains(t, messages(ds), `g/a.yaml:2:10: players.max (-1) is less than players.min (0)`)
}

func TestValidateEffects(t *testing.T) {
	_, ds := loadWith(t, map[string]string{"c.yaml": `procedures:
  loop_forever:
    do:
      - while: "true"
        do:
          - call: give
            with: {p: 1, m: 2}
          - call: draw
          - call: gve
      - while: true
        do:
          - call: ender
      - repeat: 2
        as: 2i
        do:
          - let: {ok: 1, "no way": 2}
          - move: x
            into: discard
            at: middle
          - phase: drw
          - phase: give
          - choose:
              who: 0
              prompt: pick
              options:
                - {key: a, do: []}
                - {key: a, do: []}
                - {key: "b c", do: []}
                - {key: d, as: x}
                - {key: e, for_each: "[1]", do: [{while: true, do: []}]}
  ender:
    do:
      - if: "true"
        then: [{call: ender}, {end_game: true}]
`})
	assert.Equal(t, []string{
		`g/c.yaml:4:9: loop never exits: while true has no end_game in its do list or the procedures and phases it runs`,
		`g/c.yaml:6:13: call give: missing parameter "n" in with:`,
		`g/c.yaml:7:26: call give: procedure has no parameter "m" (did you mean "p"?)`,
		`g/c.yaml:8:13: call: unknown procedure "draw" (it is a phase: run it with phase:)`,
		`g/c.yaml:9:13: call: unknown procedure "gve" (did you mean "give"?)`,
		`g/c.yaml:13:9: as "2i" is not a name: use letters, digits and _, not starting with a digit`,
		`g/c.yaml:16:26: let name "no way" is not a name: use letters, digits and _, not starting with a digit`,
		`g/c.yaml:17:13: unknown at "middle"; expected one of top, bottom`,
		`g/c.yaml:20:13: phase: unknown phase "drw" (did you mean "draw"?)`,
		`g/c.yaml:21:13: phase: unknown phase "give" (it is a procedure: run it with call:)`,
		`g/c.yaml:27:19: option key "a" is already used at g/c.yaml:26:19`,
		`g/c.yaml:28:19: option key "b c": use letters, digits, _ and -`,
		`g/c.yaml:29:19: option d: "as" needs for_each`,
		`g/c.yaml:30:19: option e: for_each needs "as"`,
		`g/c.yaml:30:50: loop never exits: while true has no end_game in its do list or the procedures and phases it runs`,
	}, messages(ds))
}

// visibility: owner on a var or zone of the whole game would hide it from
// every player (as it would a view of the whole game): a load error.
func TestOwnerVisibilityNeedsAPlayer(t *testing.T) {
	_, ds := loadWith(t, map[string]string{"c.yaml": `vars:
  secret: {type: int, visibility: owner}
zones:
  vault: {visibility: owner}
player_vars:
  mine: {type: int, visibility: owner}
`})
	assert.Equal(t, []string{
		`g/c.yaml:2:11: var "secret": visibility owner is for player_vars (a var of the whole game belongs to no player, so no one would see it); use hidden, or make it a player var`,
		`g/c.yaml:4:10: zone vault: visibility owner needs owner: player (a zone of the whole game belongs to no player, so no one would see it); use hidden`,
	}, messages(ds))
}

// A constant written with no value, or with a ~ inside its map or list,
// is reported at load (outside reliability audit: it passed validate and
// every game failed at its first read).
func TestValidateConstantWithoutValue(t *testing.T) {
	fsys := sampleFiles()
	a := string(fsys["g/a.yaml"].Data)
	a = strings.Replace(a, "  hand_size: 3\n", "  hand_size:\n  lst: [1, ~]\n", 1)
	fsys["g/a.yaml"] = &fstest.MapFile{Data: []byte(a)}
	_, ds := Load(fsys, "g")
	msgs := messages(ds)
	assert.Contains(t, msgs, "g/a.yaml:6:13: constant hand_size needs a value (e.g. hand_size: 8, or a list or a map)")
	assert.Contains(t, msgs, "g/a.yaml:7:8: constant lst: lst[1] needs a value")
}

// options: [] is a load error (outside reliability audit: it passed, and
// every game stopped there with "no legal option").
func TestValidateEmptyOptionsList(t *testing.T) {
	fsys := sampleFiles()
	fsys["g/c.yaml"] = &fstest.MapFile{Data: []byte("procedures:\n  nothing:\n    do:\n      - choose:\n          who: 0\n          prompt: pick\n          options: []\n")}
	_, ds := Load(fsys, "g")
	assert.Contains(t, strings.Join(messages(ds), "\n"), "options: [] offers nothing: a choose needs at least one option (or a pick)")
}

// players: 3 says what to write and gives no indentation hint (outside
// reliability audit: "is this line indented too little?" for a line at
// the left margin, then "players.min must be at least 1, got 0").
func TestValidatePlayersAsANumber(t *testing.T) {
	fsys := sampleFiles()
	a := string(fsys["g/a.yaml"].Data)
	a = strings.Replace(a, "players: {min: 2, max: 4}\nconstants:\n  hand_size: 3\n  track: {plague: 4}\n", "constants:\n  hand_size: 3\n  track: {plague: 4}\nplayers: 3\n", 1)
	fsys["g/a.yaml"] = &fstest.MapFile{Data: []byte(a)}
	_, ds := Load(fsys, "g")
	msgs := strings.Join(messages(ds), "\n")
	assert.Contains(t, msgs, "players needs the smallest and largest count, e.g. players: {min: 2, max: 4} (or {min: 3, max: 3})")
	assert.Contains(t, msgs, "expected a mapping (keys: min, max), got an integer")
	assert.NotContains(t, msgs, "indented too little")
	assert.NotContains(t, msgs, "players.min must be")
}

// A section written as a list where a mapping goes names the keys the
// mapping takes (a new designer's scoring: [{name: n, expr: …}] was
// "expected a mapping, got a list"); a mapping of many keys names none.
func TestWrongKindNamesTheKeysAMappingTakes(t *testing.T) {
	fsys := sampleFiles()
	for name, f := range fsys {
		s := string(f.Data)
		if i := strings.Index(s, "scoring:\n  score: players[me].luxury\n  tiebreak: [value_of(me)]\n"); i >= 0 {
			s = s[:i] + "scoring:\n  - name: luxury\n    expr: players[me].luxury\n" + s[i+len("scoring:\n  score: players[me].luxury\n  tiebreak: [value_of(me)]\n"):]
			fsys[name] = &fstest.MapFile{Data: []byte(s)}
		}
	}
	_, ds := Load(fsys, "g")
	msgs := strings.Join(messages(ds), "\n")
	assert.Contains(t, msgs, "expected a mapping (keys: score, tiebreak, details), got a list")
}
