package interpreter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTextArenaTextsNeverChange: every text an arena gave keeps its bytes
// while the arena goes on appending and starting chunks; long texts are
// made on their own.
func TestTextArenaTextsNeverChange(t *testing.T) {
	var a textArena
	var got, want []string
	for i := range 5000 {
		x, y := fmt.Sprintf("take c=%d", i), strings.Repeat("y", i%70)
		if i%3 == 0 {
			got = append(got, a.text([]byte(x+y)))
		} else {
			got = append(got, a.concat(x, y))
		}
		want = append(want, x+y)
	}
	long := strings.Repeat("z", textChunk)
	got, want = append(got, a.concat(long, "!"), a.text([]byte(long))), append(want, long+"!", long)
	got, want = append(got, a.concat("", ""), a.text(nil)), append(want, "", "")
	require.Equal(t, want, got)
}

// TestTextArenaAllocatesPerChunk: a short text costs no allocation of
// its own (one chunk holds many).
func TestTextArenaAllocatesPerChunk(t *testing.T) {
	var a textArena
	allocs := testing.AllocsPerRun(1000, func() { _ = a.concat("take c=", "ruby#2") })
	assert.Less(t, allocs, 0.1)
}

// TestOptionKeysOfAClone: a clone lists its options into an arena of its
// own, so the original's keys and the clone's stay what they were while
// both go on playing.
func TestOptionKeysOfAClone(t *testing.T) {
	g := start(t, `
vars:
  n: {type: int}
flow:
  - repeat: 3
    do:
      - choose:
          who: "0"
          prompt: pick one
          options:
            - {key: pick, for_each: "n..n + 40", as: i, do: [{add: n, by: i}]}
`, 1)
	want := func(from int) []string {
		out := make([]string, 41)
		for i := range out {
			out[i] = fmt.Sprintf("pick i=%d", from+i)
		}
		return out
	}
	first := pendingKeys(g)
	c := g.Clone()
	require.NoError(t, c.Apply("pick i=40"))
	require.NoError(t, g.Apply("pick i=1"))
	mine, theirs := pendingKeys(g), pendingKeys(c)
	assert.Equal(t, want(0), first, "the first decision's keys, kept across both games' listings")
	assert.Equal(t, want(1), mine)
	assert.Equal(t, want(40), theirs)
}
