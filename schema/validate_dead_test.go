package schema

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// warningsOf loads the sample with b.yaml replaced by src and returns its
// warnings as "file:line:col: message"; the load must have no problem.
func warningsOf(t *testing.T, src string) []string {
	t.Helper()
	fsys := sampleFiles()
	fsys["g/b.yaml"] = &fstest.MapFile{Data: []byte(src)}
	rs, ds := Load(fsys, "g")
	require.Empty(t, messages(ds))
	var out []string
	for _, d := range rs.Warnings {
		out = append(out, d.Error())
	}
	return out
}

// A condition written as false leaves what it guards dead, and an
// end_game that every game reaches before its first decision ends them
// all at once: the load warns at each (it did not say a word; simulate
// and play only warned of games that had ended).
func TestDeadRulesWarn(t *testing.T) {
	const scoring = "scoring:\n  score: players[me].luxury\n"
	const ask = "  - choose: {who: 0, prompt: go, options: [{key: go}]}\n"
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"nothing dead", "setup:\n  - {log: hi}\nflow:\n" + ask + "  - {end_game: true}\n" + scoring, nil},
		{"trigger when false", "flow:\n" + ask + "triggers:\n  - {name: t, when: false, do: [{log: x}]}\n" + scoring,
			[]string{`g/b.yaml:4:21: trigger "t" never fires: its when is false`}},
		{"trigger active false", "flow:\n" + ask + "triggers:\n  - {name: t, active: false, when: round > 1, do: [{log: x}]}\n" + scoring,
			[]string{`g/b.yaml:4:23: trigger "t" never fires: its active is false`}},
		{"option when false, legal_if_after false", "flow:\n  - choose:\n      who: 0\n      prompt: go\n      options:\n        - {key: a, when: false}\n        - {key: b, legal_if_after: false}\n        - {key: c}\n" + scoring,
			[]string{`g/b.yaml:6:26: option a is never offered: its when is false`, `g/b.yaml:7:36: option b is never legal: its legal_if_after is false`}},
		{"pick when false", "flow:\n  - choose:\n      who: 0\n      prompt: go\n      pick: {from: \"players[0].hand\", as: c, picked: cs, when: false}\n" + scoring,
			[]string{`g/b.yaml:5:64: the pick never offers a candidate: its when is false`}},
		{"if and while", "flow:\n" + ask + "  - if: false\n    then: [{log: a}]\n  - if: true\n    then: [{log: a}]\n    else: [{log: b}]\n  - while: false\n    do: [{log: c}]\n  - if: true\n    then: [{log: ok}]\n" + scoring,
			[]string{`g/b.yaml:3:9: if false: its then never runs`, `g/b.yaml:5:9: if true: its else never runs`, `g/b.yaml:8:12: while false: its do never runs`}},
		{"end_game in setup", "setup:\n  - {shuffle: deck}\n  - {end_game: true}\nflow:\n" + ask + scoring,
			[]string{`g/b.yaml:3:5: this end_game always runs before anyone decides (setup runs it unconditionally): every game ends at once`}},
		{"end_game through a procedure setup calls", "setup:\n  - {call: stop}\nflow:\n" + ask + "procedures:\n  stop:\n    do:\n      - if: round > 1\n        then: [{log: x}]\n      - {end_game: true}\n" + scoring,
			[]string{`g/b.yaml:10:9: this end_game always runs before anyone decides (setup, through procedure stop at g/b.yaml:2:5, runs it unconditionally): every game ends at once`}},
		{"end_game first in the flow", "flow:\n  - {log: hi}\n  - {end_game: true}\n" + ask + scoring,
			[]string{`g/b.yaml:3:5: this end_game always runs before anyone decides (the flow runs it unconditionally): every game ends at once`}},
		{"a decision before it", "setup:\n  - {call: ask}\n  - {end_game: true}\nflow: []\nprocedures:\n  ask:\n    do:\n      - if: round > 1\n        then:\n" + "  " + "      " + ask + scoring, nil},
		{"under a condition", "flow:\n  - if: round > 1\n    then: [{end_game: true}]\n" + ask + scoring, nil},
		{"a trigger may ask first", "flow:\n  - {end_game: true}\ntriggers:\n  - name: t\n    when: round == 0\n    do:\n      - {set: round, to: 1}\n    " + ask + scoring, nil},
		{"false in an expression is no literal", "flow:\n" + ask + "  - if: false || round > 1\n    then: [{log: a}]\n" + scoring, nil},
	} {
		assert.Equal(t, c.want, warningsOf(t, c.src), c.name)
	}
}
