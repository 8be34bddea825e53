package interpreter

import "sync/atomic"

// gameSizes remembers, for each player count, how long the log, how
// large the environment and the table of boxed strings (boxes.go) of the
// Program's last finished game of that many players were. A new game starts with that much room, so that it does not
// grow them step by step (the log's growth was 4% of a short game's time).
// They are capacities only: nothing a game computes depends on them, so
// games stay deterministic whatever order they finish in. Atomic, because
// simulate's workers finish games of one Program concurrently.
type gameSizes struct {
	// bySeats is indexed by the player count; counts past its end share
	// its last entry.
	bySeats [16]struct {
		events, rootKeys, boxSlots atomic.Int64
	}
}

// maxSizeHint bounds a hint, so that one huge game does not make every
// later game allocate as much.
const maxSizeHint = 1 << 14

// hint returns the room a new game of players players starts with: the
// last game's log and a quarter more, since games of one ruleset differ
// in length (a log that outgrows its room goes on in chunks, eventlog.go,
// but its first array holds most of it), the last game's environment, and
// the size its table of boxed strings grew to (0: none yet).
func (s *gameSizes) hint(players int) (events, rootKeys, boxSlots int) {
	e := &s.bySeats[min(max(players, 0), len(s.bySeats)-1)]
	n := int(e.events.Load())
	return n + n/4, int(e.rootKeys.Load()), int(e.boxSlots.Load())
}

// note records the sizes a finished game of players players reached;
// events is -1 for a game that kept no log.
func (s *gameSizes) note(players, events, rootKeys, boxSlots int) {
	e := &s.bySeats[min(max(players, 0), len(s.bySeats)-1)]
	if events >= 0 { // -1: a game without a log (Config.NoLog)
		e.events.Store(int64(min(events, maxSizeHint)))
	}
	e.rootKeys.Store(int64(min(rootKeys, maxSizeHint)))
	if boxSlots > 0 { // 0: a clone's, which stays small whatever the game
		e.boxSlots.Store(int64(min(boxSlots, stringBoxSlots)))
	}
}
