package schema

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sampleFiles is a small valid ruleset split over two files.
func sampleFiles() fstest.MapFS {
	return fstest.MapFS{
		"g/a.yaml": {Data: []byte(`# yaml-language-server: $schema=../../schema/ruleset.schema.json
game: g
title: A test game
players: {min: 2, max: 4}
constants:
  hand_size: 3
  track: {plague: 4}
cards:
  power:
    zone: box
    attributes:
      name: {type: string}
      kind: {type: string, values: [building, landscape]}
      value: {type: int, default: 0}
      tags: {type: strings, default: []}
    props:
      covered: {type: bool}
    rows:
      - {id: lion_gate, name: Lion Gate, kind: building, value: 3}   # provisional: no card list
      - {id: field, count: 2, name: Field, kind: landscape, tags: [food]}
zones:
  box: {visibility: hidden}
  discard: {}
  deck: {visibility: hidden, refill_from: discard}
  hand: {owner: player, visibility: owner}
vars:
  round: {type: int}
player_vars:
  luxury: {type: int, init: 3}
functions:
  value_of:
    params: {p: int}
    returns: int
    expr: sum(players[p].hand, .value)
`)},
		"g/b.yaml": {Data: []byte(`setup:
  - shuffle: deck
flow:
  - repeat: 3
    as: i
    do:
      - phase: draw
  - while: true
    do:
      - call: give
        with: {p: 0, n: 1}
      - if: round > 3
        then:
          - end_game: true
phases:
  draw:
    do:
      - draw: hand_size
        from: deck
        into: players[0].hand
      - choose:
          who: 0
          prompt: "Pick a card"
          options:
            - key: pass
              do: []
            - key: take
              for_each: players[0].hand
              as: c
              do:
                - move: c
                  into: discard
                  at: top
procedures:
  give:
    params: {p: int, n: int}
    do:
      - add: players[p].luxury
        by: n
      - log: "{p} gets {n}"
triggers:
  - name: plague
    when: round > 10
    do:
      - set: round
        to: 0
scoring:
  score: players[me].luxury
  tiebreak: [value_of(me)]
views:
  - {name: round, expr: round}
`)},
	}
}

// messages returns the sorted diagnostics as "file:line:col: msg" lines.
func messages(ds *Diagnostics) []string {
	var out []string
	for _, d := range ds.List() {
		out = append(out, d.Error())
	}
	return out
}

// requireMessage fails unless some diagnostic contains every part.
func requireMessage(t *testing.T, ds *Diagnostics, parts ...string) {
	t.Helper()
	for _, m := range messages(ds) {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(m, p)
		}
		if ok {
			return
		}
	}
	require.Failf(t, "no matching diagnostic", "want %q in:\n%s", parts, strings.Join(messages(ds), "\n"))
}

// loadOne loads a ruleset made of the sample plus the given extra files.
func loadWith(t *testing.T, extra map[string]string) (*Ruleset, *Diagnostics) {
	t.Helper()
	fsys := sampleFiles()
	for name, src := range extra {
		fsys["g/"+name] = &fstest.MapFile{Data: []byte(src)}
	}
	return Load(fsys, "g")
}

func TestJoinAtMost(t *testing.T) {
	assert.Equal(t, "a, b", JoinAtMost([]string{"a", "b"}, 2))
	assert.Equal(t, "a, b and 2 more", JoinAtMost([]string{"a", "b", "c", "d"}, 2))
	assert.Equal(t, "", JoinAtMost(nil, 3))
}
