package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A number with a fraction where an int is wanted (a constant that a
// repeat counts, a card's int field) is one message, that numbers are
// ints: it used to say "quote it to make it a string" and then, at each
// use, that a string is not an int (outside designer audit).
func TestAFractionIsOneMessage(t *testing.T) {
	src := strings.Replace(gemsDeck, "value: 2}", "value: 2.5}", 1) + `constants:
  rounds: 3.5
vars:
  total: {type: int}
flow:
  - repeat: rounds
    do:
      - set: total
        to: total + first(deck).value
`
	err := loadErr(t, src)
	assert.Contains(t, err, "2.5 is not a whole number: numbers in a ruleset are ints; write 2 or 3")
	assert.Contains(t, err, "3.5 is not a whole number: numbers in a ruleset are ints; write 3 or 4")
	assert.NotContains(t, err, "got string")
	assert.Equal(t, 2, strings.Count(err, "rules.yaml:"), err)
}

// "=" written for "==" says to use ==.
func TestSingleEqualsSaysUseDoubleEquals(t *testing.T) {
	err := loadErr(t, "vars:\n  total: {type: int}\nflow:\n  - if: total = 1\n    then:\n      - {set: total, to: 2}\n")
	assert.Contains(t, err, `rules.yaml:4:15: unexpected "=": use == to compare`)
}
