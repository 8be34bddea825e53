package interpreter

// The game's log is append-only, and a search bot clones a game with a
// long log many times a decision. A clone used to share the log capped at
// its length, so its first event copied the whole log (31% of a clone
// plus one decision in a long game). Now a clone keeps the log it was
// cloned with as a frozen segment, shared and never written, and appends
// its own events to a new tail: cloning copies nothing and reads only the
// original (Clone may run concurrently on one idle game). A game's own
// events fill an array sized by the last game's log (sizes.go), then, if
// the game runs longer, arrays of eventChunk, each frozen in turn when
// full: the log never copies itself to grow (a long game used to copy its
// log at every doubling, ~10% of a long shipped game's bytes). The whole log is put together
// when someone first reads it (Events, MarshalState) and kept; a game
// whose log is one array reads it as is.

// eventLog is a game's log: the frozen segments of the games it was
// cloned from, oldest last in the chain, then its own events.
type eventLog struct {
	frozen *eventSegment
	own    []Event
}

// eventSegment is a frozen part of a log: events (capped, never appended
// to) after the segments before it; total counts the events up to its end.
type eventSegment struct {
	events []Event
	before *eventSegment
	total  int
}

// len is the number of events in the log.
func (l *eventLog) len() int {
	if l.frozen == nil {
		return len(l.own)
	}
	return l.frozen.total + len(l.own)
}

// eventChunk is the number of events a log adds in one array once its
// first is full: a full array is frozen as a segment (it is never
// written again) and the log goes on in a new one, so a long log is never
// copied to grow and needs no more room than a chunk beyond what it logs.
const eventChunk = 256

// add appends e to the log.
func (l *eventLog) add(e Event) {
	if len(l.own) == cap(l.own) && len(l.own) >= eventChunk {
		l.frozen = &eventSegment{events: l.own, before: l.frozen, total: l.len()}
		l.own = make([]Event, 0, eventChunk)
	}
	l.own = append(l.own, e)
}

// all is the whole log, oldest first. A log with frozen parts is put
// together once and keeps the result as its own, so that reading it after
// every step (a transcript's replayer) does not copy it each time; the
// frozen segments, shared with other games, are left as they are.
func (l *eventLog) all() []Event {
	if l.frozen == nil {
		return l.own
	}
	l.own, l.frozen = l.gather(), nil
	return l.own
}

// gather puts the frozen segments and the own events together.
func (l *eventLog) gather() []Event {
	var segs []*eventSegment
	for s := l.frozen; s != nil; s = s.before {
		segs = append(segs, s)
	}
	out := make([]Event, 0, l.len()+eventChunk) // room to go on logging
	for i := len(segs) - 1; i >= 0; i-- {
		out = append(out, segs[i].events...)
	}
	return append(out, l.own...)
}

// forClone is the log a clone starts with: this log's events frozen, with
// nothing of its own yet. l itself is only read.
func (l *eventLog) forClone() eventLog {
	if len(l.own) == 0 {
		// Nothing to freeze; an empty log stays empty rather than nil
		// (they serialise differently).
		return eventLog{frozen: l.frozen, own: l.own[:0:0]}
	}
	return eventLog{frozen: &eventSegment{events: l.own[:len(l.own):len(l.own)], before: l.frozen, total: l.len()}}
}
