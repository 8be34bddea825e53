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
// log at every doubling, ~10% of a long shipped game's bytes).
//
// The log keeps its events compact (logEntry, 72 bytes against an
// Event's 128: an Event has a field for what every kind holds, and its
// kind is a string), since most games are played by bots and never read
// theirs: the log's arrays were the largest single part of a game's
// bytes. Events are made from the entries when someone reads the log
// (Events, MarshalState), once each: the read form is kept and extended
// by later reads, so reading it after every step (a transcript's
// replayer) converts each event once.

// eventLog is a game's log: the frozen segments of the games it was
// cloned from, oldest last in the chain, then its own entries. A log
// whose own is nil is missing (a reloaded state's without one), not
// empty: they serialise differently.
type eventLog struct {
	frozen *eventSegment
	own    []logEntry
	// more is nil until the log is read or holds an odd event: most
	// games are never read, and the state is copied at every clone.
	more *eventLogMore
}

// eventLogMore is what a read log keeps: read is the log as Events gives
// it, as far as it has been read; odd are the events an entry cannot hold
// (only a reloaded state's log can have one: see logEntry), append-only
// and shared with clones, capped.
type eventLogMore struct {
	read, odd []Event
}

// eventSegment is a frozen part of a log: entries (capped, never
// appended to) after the segments before it; total counts the entries up
// to its end.
type eventSegment struct {
	entries []logEntry
	before  *eventSegment
	total   int
}

// logEntry is an Event as the log keeps it: its kind as a number, and
// only the fields its kind has (text is a decision's Key, a chance's
// Name or a log's Text; label a decision's Label; result a chance's
// Result). An event with fields its kind does not have, or a kind the
// engine does not make (a hand-edited saved state), is kept whole in
// eventLog.odd, and its entry gives its index there (player).
type logEntry struct {
	text, label  string
	result       []string
	step, player int32
	kind         entryKind
	secret       bool
}

// entryKind is an entry's kind.
type entryKind uint8

const (
	entryDecision entryKind = iota
	entryChance
	entryLog
	entryOdd
)

// entryOf is e's entry, or false when an entry cannot hold it.
func entryOf(e Event) (logEntry, bool) {
	if int(int32(e.Step)) != e.Step || int(int32(e.Player)) != e.Player {
		return logEntry{}, false
	}
	en := logEntry{step: int32(e.Step), player: int32(e.Player), secret: e.Secret}
	switch e.Kind {
	case EventDecision:
		en.kind, en.text, en.label = entryDecision, e.Key, e.Label
		return en, e.Name == "" && e.Result == nil && e.Text == ""
	case EventChance:
		en.kind, en.text, en.result = entryChance, e.Name, e.Result
		return en, e.Key == "" && e.Label == "" && e.Text == "" && e.Player == 0 && !e.Secret
	case EventLog:
		en.kind, en.text = entryLog, e.Text
		return en, e.Key == "" && e.Label == "" && e.Name == "" && e.Result == nil && e.Player == 0 && !e.Secret
	}
	return logEntry{}, false
}

// event is the Event en holds (odd: the log's odd events).
func (en *logEntry) event(odd []Event) Event {
	e := Event{Step: int(en.step), Player: int(en.player), Secret: en.secret}
	switch en.kind {
	case entryDecision:
		e.Kind, e.Key, e.Label = EventDecision, en.text, en.label
	case entryChance:
		e.Kind, e.Name, e.Result = EventChance, en.text, en.result
	case entryLog:
		e.Kind, e.Text = EventLog, en.text
	default:
		return odd[en.player]
	}
	return e
}

// newEventLog is a log of room entries' room, empty.
func newEventLog(room int) eventLog {
	return eventLog{own: make([]logEntry, 0, room)}
}

// eventLogOf is the log of events (a reloaded state's), missing if events
// is nil.
func eventLogOf(events []Event) eventLog {
	if events == nil {
		return eventLog{}
	}
	l := newEventLog(len(events))
	for _, e := range events {
		l.add(e)
	}
	return l
}

// extra is the log's read events and odd ones, made on first need.
func (l *eventLog) extra() *eventLogMore {
	if l.more == nil {
		l.more = &eventLogMore{}
	}
	return l.more
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
		l.frozen = &eventSegment{entries: l.own, before: l.frozen, total: l.len()}
		l.own = make([]logEntry, 0, eventChunk)
	}
	en, ok := entryOf(e)
	if !ok {
		m := l.extra()
		en = logEntry{kind: entryOdd, player: int32(len(m.odd))}
		m.odd = append(m.odd, e)
	}
	l.own = append(l.own, en)
}

// all is the whole log, oldest first: what was read before, and the
// events made from the entries logged since.
func (l *eventLog) all() []Event {
	n := l.len()
	if n == 0 {
		if l.own == nil && l.frozen == nil {
			return nil // missing
		}
		return []Event{}
	}
	m := l.extra()
	from := len(m.read)
	if from == n {
		return m.read
	}
	if cap(m.read) < n {
		m.read = append(make([]Event, 0, n+eventChunk), m.read...) // room to go on logging
	}
	var segs []*eventSegment
	for s := l.frozen; s != nil && s.total > from; s = s.before {
		segs = append(segs, s)
	}
	at := n - len(l.own) // the index of the first entry to walk
	if len(segs) > 0 {
		oldest := segs[len(segs)-1]
		at = oldest.total - len(oldest.entries)
	}
	convert := func(entries []logEntry) {
		for i := range entries {
			if at >= from {
				m.read = append(m.read, entries[i].event(m.odd))
			}
			at++
		}
	}
	for i := len(segs) - 1; i >= 0; i-- {
		convert(segs[i].entries)
	}
	convert(l.own)
	return m.read
}

// forClone is the log a clone starts with: this log's entries frozen,
// with nothing of its own yet. A clone makes its own events when it is
// read (search bots' clones never are); it shares the odd events its
// entries name. l itself is only read.
func (l *eventLog) forClone() eventLog {
	c := eventLog{frozen: l.frozen, own: l.own[:0:0]}
	if len(l.own) > 0 {
		c.frozen = &eventSegment{entries: l.own[:len(l.own):len(l.own)], before: l.frozen, total: l.len()}
	}
	if m := l.more; m != nil && len(m.odd) > 0 {
		c.more = &eventLogMore{odd: m.odd[:len(m.odd):len(m.odd)]}
	}
	return c
}
