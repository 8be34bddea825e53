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

// A map literal that writes a key twice is a load error at the second
// key (the VM kept the first value and the closures the last: found by
// FuzzClosuresAgree); keys computed at run time are not compared.
func TestMapLiteralWritingAKeyTwice(t *testing.T) {
	err := loadErr(t, "vars:\n  total: {type: int}\nflow:\n  - set: total\n    to: \"{a: 1, b: 2, 'a': 3}.a\"\n")
	assert.Contains(t, err, `rules.yaml:5:23: the map writes the key "a" twice: keep one`)
	assert.Equal(t, 1, strings.Count(err, "rules.yaml:"), err)
	load(t, "vars:\n  total: {type: int}\n  k: {type: string, init: \"'a'\"}\nflow:\n  - set: total\n    to: \"{(k): 1, a: 2, 1: 3, 'b': 4}.a\"\n")
}
