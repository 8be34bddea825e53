package interpreter

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The checked operations agree with exact arithmetic: a result when it
// fits in an int, an error when it does not.
func TestCheckedArithmeticIsExact(t *testing.T) {
	edges := []int{0, 1, -1, 2, -2, 3, 1 << 31, -(1 << 31), 1<<32 + 1, 3037000499, 3037000500, -3037000500,
		math.MaxInt / 2, math.MinInt / 2, math.MaxInt - 1, math.MaxInt, math.MinInt + 1, math.MinInt}
	ops := []struct {
		name  string
		f     func(a, b int) (int, error)
		exact func(z, a, b *big.Int) *big.Int
	}{
		{"+", addInts, (*big.Int).Add}, {"-", subInts, (*big.Int).Sub}, {"*", mulInts, (*big.Int).Mul},
	}
	for _, op := range ops {
		for _, a := range edges {
			for _, b := range edges {
				want := op.exact(new(big.Int), big.NewInt(int64(a)), big.NewInt(int64(b)))
				got, err := op.f(a, b)
				if want.IsInt64() {
					if assert.NoError(t, err, "%d %s %d", a, op.name, b) {
						assert.Equal(t, want.Int64(), int64(got), "%d %s %d", a, op.name, b)
					}
				} else {
					assert.Error(t, err, "%d %s %d = %s does not fit", a, op.name, b, want)
				}
			}
		}
	}
}

// Int arithmetic in expressions and add are checked; int() of a float
// that is not finite or too large is an error (Go leaves its value to the
// machine); everything else computes as before.
func TestOverflowIsAnError(t *testing.T) {
	g := start(t, `
vars:
  big: {type: int, init: "9223372036854775807"}
  s: {type: string, init: '"a"'}
flow:
  - choose: {who: 0, prompt: go, options: [{key: go, do: [{add: big, by: 1}]}]}
`, 1)
	for src, want := range map[string]string{
		`big + 1`:           `integer overflow: 9223372036854775807 \+ 1 does not fit in an int`,
		`-big - 2`:          `integer overflow: -9223372036854775807 - 2 does not fit in an int`,
		`big * 2`:           `integer overflow: 9223372036854775807 \* 2 does not fit in an int`,
		`[big][0] + 1`:      `integer overflow`,
		`int(1/0)`:          `int\(\+Inf\): not a number that fits in an int`,
		`int(-1/0)`:         `int\(-Inf\): not a number that fits in an int`,
		`int(0/0)`:          `int\(NaN\): not a number that fits in an int`,
		`int(1e19)`:         `int\(1e\+19\): not a number that fits in an int`,
		`int(float(big))`:   `not a number that fits in an int`,
		`sum([big, 1])`:     `integer overflow: 9223372036854775807 \+ 1 does not fit in an int`,
		`sum([big], # * 2)`: `integer overflow: 9223372036854775807 \* 2`,
		`div(-big - 1, -1)`: `integer overflow: 0 - -9223372036854775808 does not fit in an int`,
		`-(-big - 1)`:       `integer overflow: 0 - -9223372036854775808 does not fit in an int`,
	} {
		_, err := g.Eval(src)
		if assert.Error(t, err, src) {
			assert.Regexp(t, want, err.Error(), src)
		}
	}
	for src, want := range map[string]any{
		`big - 1`: math.MaxInt - 1, `1 + 2 * 3 - 10`: -3, `s + "b"`: "ab", `1.5 + 1`: 2.5,
		`sum([1, 2, 3])`: 6, `sum(1..4, # * 2)`: 20, `sum([1.5, 2])`: 3.5, `div(7, -1)`: -7, `div(-7, 2)`: -4,
		`-big`: -math.MaxInt, `-(2 - 5)`: 3, `-1.5`: -1.5,
		`int(2.7)`: 2, `int(-2.7)`: -2, `int("12")`: 12, `int(big)`: math.MaxInt, `int(-9.223372036854775808e18)`: math.MinInt,
	} {
		assert.Equal(t, want, eval(t, g, src), src)
	}
	err := g.Apply("go")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "integer overflow: 9223372036854775807 + 1 does not fit in an int")
}

// Arithmetic on values the checker cannot type (what min, max, first,
// last give, or abs of anything) is checked too when the values are ints
// at run time, on the VM and in closures alike; other values compute as
// before.
func TestUntypedIntArithmeticIsChecked(t *testing.T) {
	g := start(t, badValueRules, 1)
	for src, want := range map[string]string{
		`min(bigs) * 2`:                        `^<expression>:1:11: integer overflow: -9223372036854775807 \* 2 does not fit in an int$`,
		`max(bigs) - 2`:                        `^<expression>:1:11: integer overflow: -9223372036854775807 - 2 does not fit in an int$`,
		`first([-9223372036854775807]) - 2`:    `^<expression>:1:31: integer overflow: -9223372036854775807 - 2`,
		`last(bigs) - 2`:                       `^<expression>:1:12: integer overflow: -9223372036854775807 - 2`,
		`2 * first(bigs)`:                      `^<expression>:1:3: integer overflow: 2 \* -9223372036854775807`,
		`first(bigs) * first([2])`:             `^<expression>:1:13: integer overflow`,
		`abs(big - 1)`:                         `^<expression>:1:1: integer overflow: abs\(-9223372036854775808\) does not fit in an int$`,
		`abs(first([big - 1]))`:                `^<expression>:1:1: integer overflow: abs\(-9223372036854775808\)`,
		`-first([big - 1])`:                    `^<expression>:1:1: integer overflow: 0 - -9223372036854775808`,
		`first(map(bigs, # - 1)) - first([1])`: `^<expression>:1:25: integer overflow`,
		`sum(bigs, first([#]) - 2)`:            `^<expression>:1:22: integer overflow`,
		`reduce(bigs, #acc - 2, first(bigs))`:  `integer overflow: -9223372036854775807 - 2`,
		// A sum of values the checker cannot type (it wrapped around).
		`sum([first(bigs), -2])`:              `integer overflow: -9223372036854775807 \+ -2 does not fit in an int`,
		`sum(concat(bigs, bigs), first([#]))`: `integer overflow: -9223372036854775807 \+ -9223372036854775807`,
		`sum([big, first([-2])])`:             `integer overflow: -9223372036854775807 \+ -2`,
	} {
		_, err := evalBothWays(t, g, src)
		if assert.Error(t, err, src) {
			assert.Regexp(t, want, err.Error(), src)
		}
	}
	for src, want := range map[string]any{
		`min(xs) - 1`: 0, `max(xs) * 2`: 6, `first(xs) - last(xs)`: -2, `-first(xs)`: -1, `abs(first([-2]))`: 2,
		`abs(big)`: math.MaxInt, `abs(-2.5)`: 2.5, `abs(first([-2.5]))`: 2.5, `first([1.5]) * 2`: 3.0,
		`first([1.5]) - first([1])`: 0.5, `-first([1.5])`: -1.5, `-first([big])`: math.MaxInt, `first([3]) * first([-3])`: -9,
		`sum([first(xs), 2])`: 3, `sum([first([1.5]), 2])`: 3.5, `sum(xs, first([#]))`: 6, `sum([first([2]), 1.5, 1])`: 4.5,
	} {
		v, err := evalBothWays(t, g, src)
		if assert.NoError(t, err, src) {
			assert.Equal(t, want, v, src)
		}
	}
}
