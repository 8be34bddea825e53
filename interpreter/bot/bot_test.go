package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
)

// options builds a decision with n options.
func options(n int) *interpreter.Decision {
	d := &interpreter.Decision{}
	for i := range n {
		d.Options = append(d.Options, interpreter.Option{Key: string(rune('a' + i))})
	}
	return d
}

func TestNewUnknown(t *testing.T) {
	_, err := New("clever", 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown bot "clever" (bots: first, greedy, mcts, random)`)
}

func TestKindsAllWork(t *testing.T) {
	for _, k := range Kinds() {
		b, err := New(k, 1)
		require.NoError(t, err, k)
		assert.Equal(t, k, b.(interface{ String() string }).String())
	}
}

func TestFirstBot(t *testing.T) {
	b, _ := New("first", 9)
	assert.Equal(t, 0, b.Choose(nil, options(5)))
}

func TestRandomBotDeterministicAndUniform(t *testing.T) {
	draw := func(seed uint64) []int {
		b, _ := New("random", seed)
		out := make([]int, 2000)
		for i := range out {
			out[i] = b.Choose(nil, options(4))
		}
		return out
	}
	a, b := draw(5), draw(5)
	assert.Equal(t, a, b, "same seed, same choices")
	assert.NotEqual(t, a, draw(6), "another seed, other choices")
	counts := make([]int, 4)
	for _, i := range a {
		require.True(t, i >= 0 && i < 4)
		counts[i]++
	}
	for _, c := range counts {
		assert.InDelta(t, 500, c, 120, "roughly uniform: %v", counts)
	}
}

func TestRandomBotSingleOption(t *testing.T) {
	b, _ := New("random", 1)
	assert.Equal(t, 0, b.Choose(nil, options(1)))
}

// Only an mcts time budget decides by the clock.
func TestUsesClock(t *testing.T) {
	for kind, want := range map[string]bool{
		"mcts:2s": true, "mcts:500ms": true, "mcts:3ms:depth=2": true,
		"mcts": false, "mcts:400": false, "mcts:400:depth=8": false, "random": false, "greedy": false,
		"first": false, "mcts:xs": false, "nobot": false,
	} {
		assert.Equal(t, want, UsesClock(kind), kind)
	}
}
