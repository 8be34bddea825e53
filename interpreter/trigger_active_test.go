package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A trigger with active: is only considered while it holds: its when is
// not even evaluated before (here it would fail on an empty list), and
// it fires as soon as it becomes active with its when true.
func TestTriggerActiveGuardsWhen(t *testing.T) {
	g := start(t, `
vars:
  armed: {type: bool}
  count: {type: int}
  seen: {type: ints}
triggers:
  - name: overflow
    active: armed
    when: count >= 2 && seen[0] == 1
    do:
      - log: "overflow at {count}"
      - set: count
        to: 0
flow:
  - repeat: 3
    do:
      - add: count
        by: 1
      - log: "count {count}"
  - set: seen
    to: "[1]"
  - set: armed
    to: true
  - log: "armed with count {count}"
`, 1)
	assert.Equal(t, []string{"count 1", "count 2", "count 3", "overflow at 3", "armed with count 0"}, logs(g))
}

// Without active, the same trigger's when is evaluated after the first
// effect and fails on the empty list: the guard above is what saved it.
func TestTriggerWithoutActiveEvaluatesWhen(t *testing.T) {
	p := load(t, `
vars:
  count: {type: int}
  seen: {type: ints}
triggers:
  - name: overflow
    when: count >= 0 && seen[0] == 1
    do: [{set: count, to: -1}]
flow:
  - add: count
    by: 1
`)
	_, err := NewGame(p, Config{Players: 1, Seed: 1})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "index out of range")
	assert.Contains(t, err.Error(), "in trigger overflow")
}

func TestTriggerActiveMustBeBool(t *testing.T) {
	msg := loadErr(t, `
vars:
  count: {type: int}
triggers:
  - name: overflow
    active: count
    when: count > 2
    do: [{set: count, to: 0}]
flow:
  - add: count
    by: 1
`)
	assert.Contains(t, msg, "g/rules.yaml:6:13: trigger activity (active) must be bool, got int")
}
