package interpreter

import (
	"fmt"
	"runtime"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A clone's log starts as its original's and goes its own way; neither
// sees the other's later events, a clone of a clone sees both parts, and
// cloning copies no event.
func TestEventLogClonesShareTheirPast(t *testing.T) {
	ev := func(s string) Event { return Event{Kind: EventLog, Text: s} }
	texts := func(es []Event) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Text)
		}
		return out
	}
	var root eventLog
	root.add(ev("a"))
	root.add(ev("b"))
	child := root.forClone()
	root.add(ev("root c"))
	child.add(ev("child c"))
	grand := child.forClone()
	child.add(ev("child d"))
	grand.add(ev("grand d"))
	empty := grand.forClone() // nothing of grand's own yet after this
	empty.add(ev("empty e"))

	assert.Equal(t, []string{"a", "b", "root c"}, texts(root.all()))
	assert.Equal(t, []string{"a", "b", "child c", "child d"}, texts(child.all()))
	assert.Equal(t, []string{"a", "b", "child c", "grand d"}, texts(grand.all()))
	assert.Equal(t, []string{"a", "b", "child c", "grand d", "empty e"}, texts(empty.all()))
	for _, l := range []*eventLog{&root, &child, &grand, &empty} {
		assert.Equal(t, len(l.all()), l.len())
	}
	assert.Nil(t, root.frozen, "the original is only read")
	whole := grand.all()
	assert.Nil(t, grand.frozen, "read once, the log is kept whole")
	assert.Equal(t, whole, grand.all())
	grand.add(ev("grand e"))
	assert.Equal(t, []string{"a", "b", "child c", "grand d", "grand e"}, texts(grand.all()))
	assert.Equal(t, []string{"a", "b", "child c", "grand d", "empty e"}, texts(empty.all()), "the shared segments are unchanged")
	allocs := testing.AllocsPerRun(100, func() { _ = root.forClone() })
	assert.LessOrEqual(t, allocs, 1.0, "a clone's log is one segment, no copy of the events")
}

// A clone plays on with the same log a replay of its decisions gives.
func TestClonesLogAsTheyPlay(t *testing.T) {
	p := load(t, dealGame)
	g, err := NewGame(p, Config{Players: 2, Seed: 42})
	require.NoError(t, err)
	c := g.Clone()
	playFirst(t, g)
	playFirst(t, c)
	assert.Equal(t, g.Events(), c.Events())
	s1, err := g.MarshalState()
	require.NoError(t, err)
	s2, err := c.MarshalState()
	require.NoError(t, err)
	assert.Equal(t, string(s1), string(s2), fmt.Sprint("the clone's saved state, log included"))
}

// A long log fills arrays of eventChunk events and never copies one to
// grow; clones taken at any length, read at any time, see their own
// events after the shared ones, in order.
func TestEventLogGrowsInChunks(t *testing.T) {
	ev := func(i int) Event { return Event{Kind: EventLog, Step: i} }
	steps := func(es []Event) []int {
		out := make([]int, len(es))
		for i, e := range es {
			out[i] = e.Step
		}
		return out
	}
	upTo := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	const n = 5*eventChunk + 17
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	l := eventLog{own: make([]Event, 0, eventChunk)}
	for i := range n {
		l.add(ev(i))
	}
	runtime.ReadMemStats(&after)
	chunks := uint64(n/eventChunk + 1)
	assert.LessOrEqual(t, after.TotalAlloc-before.TotalAlloc, chunks*eventChunk*uint64(unsafe.Sizeof(Event{}))+4096,
		"one array a chunk and no copy (doubling would allocate ~2.5 times as much)")
	assert.Equal(t, n, l.len())

	l = eventLog{own: make([]Event, 0, eventChunk)}
	var clones []eventLog
	var at []int
	for i := range n {
		if i%(eventChunk/2+3) == 0 {
			clones, at = append(clones, l.forClone()), append(at, i)
		}
		l.add(ev(i))
		if i == 3*eventChunk+5 {
			assert.Equal(t, upTo(i+1), steps(l.all()), "read while it grows")
		}
	}
	assert.Equal(t, upTo(n), steps(l.all()))
	for k, c := range clones {
		c.add(ev(-1))
		assert.Equal(t, append(upTo(at[k]), -1), steps(c.all()), "clone taken at %d", at[k])
	}
}
