package interpreter

import "sync/atomic"

// gameSizes remembers how long the log and how large the environment of
// the Program's last finished game were. A new game starts with that much
// room, so that it does not grow them step by step (the log's growth was
// 4% of a short game's time). They are capacities only: nothing a game
// computes depends on them, so games stay deterministic whatever order
// they finish in. Atomic, because simulate's workers finish games of one
// Program concurrently.
type gameSizes struct {
	events, rootKeys atomic.Int64
}

// maxSizeHint bounds a hint, so that one huge game does not make every
// later game allocate as much.
const maxSizeHint = 1 << 14

// hint returns the room a new game starts with.
func (s *gameSizes) hint() (events, rootKeys int) {
	return int(s.events.Load()), int(s.rootKeys.Load())
}

// note records the sizes a finished game reached.
func (s *gameSizes) note(events, rootKeys int) {
	s.events.Store(int64(min(events, maxSizeHint)))
	s.rootKeys.Store(int64(min(rootKeys, maxSizeHint)))
}
