package interpreter

import (
	"fmt"
	"runtime"
	"slices"
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
	again := grand.all()
	assert.Equal(t, whole, again)
	assert.Same(t, &whole[0], &again[0], "read once, the events are kept")
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
	l := newEventLog(eventChunk)
	for i := range n {
		l.add(ev(i))
	}
	runtime.ReadMemStats(&after)
	// TotalAlloc counts every goroutine's allocations, and a few KB of
	// the runtime's own land in the window now and then (4 KB of slack
	// failed once in ~20 runs with 72-byte entries): allow one chunk
	// more, still far below what doubling allocates.
	chunk := eventChunk * uint64(unsafe.Sizeof(logEntry{}))
	chunks := uint64(n/eventChunk + 1)
	doubling := (1 + 2 + 4 + 8) * chunk // 256, 512, 1024 and 2048 entries
	bound := (chunks + 1) * chunk
	require.Less(t, bound, doubling)
	assert.LessOrEqual(t, after.TotalAlloc-before.TotalAlloc, bound,
		"one array a chunk and no copy (doubling would allocate ~2.5 times as much)")
	assert.Equal(t, n, l.len())

	l = newEventLog(eventChunk)
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

// The log keeps events compact and gives back exactly what it was given:
// every kind the engine makes, and, whole, events an entry cannot hold (a
// hand-edited saved state's), in order, before and after clones and
// reads.
func TestEventLogGivesBackWhatItWasGiven(t *testing.T) {
	given := []Event{
		{Kind: EventDecision, Player: 2, Key: "bid-3", Label: "Bid 3", Step: 7, Secret: true},
		{Kind: EventChance, Name: "shuffle deck", Result: []string{"a", "b"}, Step: 7},
		{Kind: EventChance, Name: "roll die", Result: []string{}, Step: 8},
		{Kind: EventLog, Text: "phase: income", Step: 8},
		{Kind: EventLog, Text: "", Step: 9},
		{Kind: EventDecision, Key: "", Step: 9},
		{Kind: "note", Text: "a kind the engine does not make", Step: 9},
		{Kind: EventLog, Text: "with a player", Player: 1, Step: 10},
		{Kind: EventDecision, Key: "k", Name: "and a name", Step: 10},
		{Kind: EventChance, Name: "n", Secret: true, Step: 10},
		{Kind: EventLog, Text: "a step past int32", Step: 1 << 40},
		{Kind: EventDecision, Key: "k", Player: -1 << 40},
	}
	var l, c eventLog
	own := Event{Kind: EventLog, Text: "the clone's own"}
	for i, e := range given {
		l.add(e)
		if i == 4 {
			c = l.forClone()
			c.add(own)
			assert.Equal(t, append(slices.Clone(given[:5]), own), c.all(), "a clone")
		}
		if i%3 == 0 {
			assert.Equal(t, given[:i+1], l.all(), "read after event %d", i)
		}
	}
	assert.Equal(t, given, l.all())
	assert.Equal(t, append(slices.Clone(given[:5]), own), c.all(), "the clone, after its original read on")
	c = l.forClone()
	c.add(own)
	assert.Equal(t, append(slices.Clone(given), own), c.all(), "a clone of a log with odd events")
	assert.Len(t, l.more.odd, 6, "the events an entry cannot hold are kept whole")
	reloaded, missing, empty := eventLogOf(given), eventLogOf(nil), newEventLog(4)
	assert.Equal(t, given, reloaded.all(), "a reloaded log")
	assert.Nil(t, missing.all(), "a missing log stays missing")
	assert.NotNil(t, empty.all(), "an empty log is not a missing one")
	assert.LessOrEqual(t, unsafe.Sizeof(logEntry{}), unsafe.Sizeof(Event{})*6/10, "an entry is much smaller than an Event")
}

// A saved state whose log holds events an entry cannot hold reloads and
// saves again as it was.
func TestStateWithOddEventsSavesAsItLoaded(t *testing.T) {
	p := load(t, dealGame)
	g, err := NewGame(p, Config{Players: 2, Seed: 42})
	require.NoError(t, err)
	g.st.events.add(Event{Kind: "note", Text: "hand-edited", Player: 1, Step: 3})
	saved, err := g.MarshalState()
	require.NoError(t, err)
	back, err := UnmarshalState(p, saved)
	require.NoError(t, err)
	again, err := back.MarshalState()
	require.NoError(t, err)
	assert.Equal(t, string(saved), string(again))
	assert.Equal(t, g.Events(), back.Events())
}
