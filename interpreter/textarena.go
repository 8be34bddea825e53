package interpreter

import "unsafe"

// Short texts in chunks.
//
// A game makes many short strings that live as long as the game or its
// record: every option's key ("take c=ruby#2", for every option of every
// decision), every log line and taken label. Each was its own allocation:
// in a game whose decisions list many options, a fifth of all
// allocations were option keys. A textArena writes them one after the
// other into a chunk of textChunk bytes and gives strings that point into
// it, so that a chunk is one allocation for a hundred texts or so.
//
// The bytes of a string given out are never written again: the arena
// only appends past what it gave out, and starts a new chunk when one is
// full (the old one lives as long as a string into it does). A clone
// starts with no arena (gameScratch is not part of the state), so no two
// games append into one chunk.

// textChunk is the size of an arena's chunk; longer texts are allocated
// on their own.
const textChunk = 4096

// textArena is a game's chunk of short texts.
type textArena struct {
	chunk []byte
}

// room makes room for n bytes in the chunk: false when n is too long for
// one.
func (a *textArena) room(n int) bool {
	if n > textChunk/8 {
		return false
	}
	if cap(a.chunk)-len(a.chunk) < n {
		a.chunk = make([]byte, 0, textChunk)
	}
	return true
}

// give is the string of the chunk's last n bytes.
func (a *textArena) give(n int) string {
	if n == 0 {
		return ""
	}
	return unsafe.String(&a.chunk[len(a.chunk)-n], n)
}

// concat is x + y.
func (a *textArena) concat(x, y string) string {
	n := len(x) + len(y)
	if !a.room(n) {
		return x + y
	}
	a.chunk = append(a.chunk, x...) // in place: only the length is written
	a.chunk = append(a.chunk, y...)
	return a.give(n)
}

// text is string(b).
func (a *textArena) text(b []byte) string {
	if !a.room(len(b)) {
		return string(b)
	}
	a.chunk = append(a.chunk, b...)
	return a.give(len(b))
}
