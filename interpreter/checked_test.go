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
