package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// badValueRules have values the checker cannot type (from first, min, a
// list literal of mixed values) next to typed ones.
const badValueRules = `
vars:
  big: {type: int, init: "-9223372036854775807"}
  bigs: {type: ints, init: "[-9223372036854775807]"}
  xs: {type: ints, init: "[1, 2, 3]"}
  m: {type: intmap, init: "{a: 1}"}
flow:
  - choose: {who: 0, prompt: go, options: [{key: go}]}
`

// evalBothWays evaluates src with closures and on expr's VM alone; the
// two must agree on the value or on the error (text and position), and
// neither may panic.
func evalBothWays(t *testing.T, g *Game, src string) (any, error) {
	t.Helper()
	c, err := g.prog.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain})
	if err != nil {
		return nil, err
	}
	var v, vmV any
	var vmErr error
	require.NotPanics(t, func() { v, err = g.eval(c) }, src)
	vmOnly := *c
	vmOnly.fast = nil
	require.NotPanics(t, func() { vmV, vmErr = g.eval(&vmOnly) }, src)
	assert.Equal(t, vmV, v, "%s: the closure and the VM give different values", src)
	assert.Equal(t, vmErr, err, "%s: the closure and the VM fail differently", src)
	return v, err
}

// Bad values in expressions are run-time errors at the expression's
// position, in the ruleset's words: never a panic (expr's builtins panic
// on arguments they cannot handle, and a closure calls some of them
// directly), never a Go type or package name.
func TestBadValuesAreErrorsInRulesetWords(t *testing.T) {
	g := start(t, badValueRules, 1)
	for src, want := range map[string]string{
		`int("1" + "x")`:                `^<expression>:1:1: int\("1x"\): not a whole number that fits in an int$`,
		`int("abc") == 1`:               `^<expression>:1:1: int\("abc"\): not a whole number`,
		`int(first(["x"]))`:             `^<expression>:1:1: int\("x"\): not a whole number`,
		`int(first([[1]]))`:             `^<expression>:1:1: int takes a number or a string, not a list$`,
		`int(first([true]))`:            `^<expression>:1:1: int takes a number or a string, not bool true$`,
		`int(nil)`:                      `^<expression>:1:1: int cannot take nothing \(max, min, first and last of an empty list are nothing, and so is findIndex when nothing matches: give a default with \?\?, as in max\(xs\) \?\? 0\)$`,
		`float(first(["x"]))`:           `^<expression>:1:1: float\("x"\): not a number$`,
		`sort([1, "a"])`:                `^<expression>:1:1: cannot apply < to a string and an int$`,
		`reverse(first([1]))`:           `^<expression>:1:1: cannot reverse int$`,
		`upper(first([1]))`:             `^<expression>:1:1: expected a string, got an int$`,
		`take([1, 2], -1)`:              `^<expression>:1:1: index out of range$`,
		`count(first([1]), true)`:       `^<expression>:1:1: expected a list, a map or a string, got an int$`,
		`len(first([1]))`:               `^<expression>:1:1: .*an int`,
		`first([1]) % first([0])`:       `^<expression>:1:12: division by zero$`,
		`first([1]) + first([[1]])`:     `^<expression>:1:12: cannot apply \+ to an int and a list$`,
		`first([nil]) + 1`:              `^<expression>:1:14: cannot apply \+ to nothing and an int \(max, min, first and last of an empty list are nothing, and so is findIndex when nothing matches: give a default with \?\?, as in max\(xs\) \?\? 0\)$`,
		`first([1]) - first(["a"])`:     `^<expression>:1:12: cannot apply - to an int and a string$`,
		`m[first([1])]`:                 `^<expression>:1:2: expected a string, got an int$`,
		`-first(["a"])`:                 `^<expression>:1:1: .*string`,
		`abs(first(["a"]))`:             `^<expression>:1:1: abs takes a number, not string "a"$`,
		`first([[1]])[5]`:               `^<expression>:1:13: index out of range: 5 \(length 1\)$`,
		`xs[first([5])]`:                `^<expression>:1:3: index out of range: 5 \(length 3\)$`,
		`xs[first(["a"]):]`:             `^<expression>:1:3: .*`,
		`sum(first([[1, "a"]]))`:        `^<expression>:1:1: .*`,
		`{a: first([[1]])}.a + m`:       `^<expression>:1:21: cannot apply \+ to any value and an intmap \(a map of ints\)$`,
		`first([1]) + [1] == nil`:       `^<expression>:1:12: cannot apply \+ to any value and a list$`,
		`max(first([1]), first(["a"]))`: `^<expression>:1:1: max cannot take a string$`,
		`reverse(nil)`:                  `^<expression>:1:1: cannot reverse nothing \(max, min, first and last of an empty list are nothing, and so is findIndex when nothing matches: give a default with \?\?, as in max\(xs\) \?\? 0\)$`,
		`xs.a`:                          `^<expression>:1:4: a list's index must be an int, not a string$`,
		`m.a.b`:                         `^<expression>:1:5: an int has no field "b"$`,
		`bitand(first(["a"]), 1)`:       `^<expression>:1:1: bitand takes an int, not a string$`,
		`first([nil]).a`:                `^<expression>:1:14: cannot fetch a from nothing \(max, min, first and last of an empty list are nothing, and so is findIndex when nothing matches: give a default with \?\?, as in max\(xs\) \?\? 0\)$`,
		`map(first([m]), #)`:            `^<expression>:1:\d+: expected a list, got a map$`,
		`sum(first([m]))`:               `^<expression>:1:1: expected a list, got an intmap \(a map of ints\)$`,
	} {
		_, err := evalBothWays(t, g, src)
		if assert.Error(t, err, src) {
			first, _, _ := strings.Cut(err.Error(), "\n") // a load error shows the text below
			assert.Regexp(t, want, first, src)
			assert.NotRegexp(t, `interface \{\}|\[\]|map\[|reflect|runtime error|strconv|%!|<nil>|please report`, err.Error(), src)
		}
	}
}
