package interpreter

import (
	"math/bits"
	"unsafe"
)

// Card attributes read from columns.
//
// A card's map holds its attributes (what no effect writes: its table,
// id and declared fields; props and the location are columns of the
// state, cardprops.go and cardloc.go). The maps are the Program's, built
// at load and never written, so each attribute is also kept as a column
// of the Program, one value per card number, holding the very values the
// maps hold. A closure that reads a field whose name is an attribute
// (c.kind, `.polis == pol` in a predicate) finds the card's number by the
// map's address in a small open-addressing table (addrIndex: a multiply,
// a shift and a compare, where a look-up by key hashes the string and
// probes a table of 20-30 fields) and reads the column. A map the table
// does not know (a player, a board node, the copy a scenario position
// made of a card to write an attribute) is read by key, as before.
//
// Since a column holds what the map holds, a read gives the same value
// either way; TestCardAttributesAreTheMaps checks every card's every
// attribute, and the goldens and the equivalence tests run through it.

// cardAttrs are the Program's attribute columns and the index that finds
// a card's number by its map's address.
type cardAttrs struct {
	at    addrIndex
	index map[string]int
	cols  [][]any
	idCol []any // column("id"), kept for identity
}

// newCardAttrs builds the columns of every field the card maps hold (the
// props are out of them by now) and the address index.
func newCardAttrs(cards []cardProto) *cardAttrs {
	a := &cardAttrs{index: map[string]int{}}
	addrs := make([]uintptr, len(cards))
	for i := range cards {
		addrs[i] = mapAddr(cards[i].fields)
		for k, v := range cards[i].fields {
			j, ok := a.index[k]
			if !ok {
				j = len(a.cols)
				a.index[k] = j
				a.cols = append(a.cols, make([]any, len(cards)))
			}
			a.cols[j][i] = v
		}
	}
	a.at = newAddrIndex(addrs)
	a.idCol = a.column("id")
	return a
}

// identity is identity(v), a Program's card's id read from its column.
func (a *cardAttrs) identity(v any) string {
	if m, isMap := v.(map[string]any); isMap && a != nil {
		if i, ok := a.at.find(mapAddr(m)); ok {
			if id, ok := a.idCol[i].(string); ok {
				return id
			}
		}
	}
	return identity(v)
}

// column is the column of attribute key, nil when no card holds key (or
// a is nil).
func (a *cardAttrs) column(key string) []any {
	if a == nil || isLocKey(key) {
		return nil
	}
	if j, ok := a.index[key]; ok {
		return a.cols[j]
	}
	return nil
}

// field reads from.key as fastField does, col being key's column
// (column, nil when key is no attribute): from the column when from is
// one of the Program's card maps.
func (a *cardAttrs) field(from any, key string, col []any) (any, bool) {
	if m, isMap := from.(map[string]any); isMap {
		if col != nil {
			if i, ok := a.at.find(mapAddr(m)); ok {
				return col[i], true
			}
		}
		return m[key], true
	}
	return fastField(from, key)
}

// mapAddr is the address of m's table: its identity (a map does not
// move).
func mapAddr(m map[string]any) uintptr { return *(*uintptr)(unsafe.Pointer(&m)) }

// addrIndex numbers a fixed set of addresses: an open-addressing table
// at most half full, probed linearly from the address's Fibonacci hash.
// The zero address is never a key.
type addrIndex struct {
	keys  []uintptr
	nums  []int32
	shift uint8
}

// newAddrIndex numbers addrs by their position.
func newAddrIndex(addrs []uintptr) addrIndex {
	size := 8
	for size < 2*len(addrs) {
		size *= 2
	}
	t := addrIndex{keys: make([]uintptr, size), nums: make([]int32, size), shift: uint8(64 - bits.TrailingZeros(uint(size)))}
	for n, a := range addrs {
		i := t.slot(a)
		for t.keys[i] != 0 && t.keys[i] != a {
			i = (i + 1) & (size - 1)
		}
		t.keys[i], t.nums[i] = a, int32(n)
	}
	return t
}

// slot is where a's probe starts.
func (t *addrIndex) slot(a uintptr) int {
	return int((uint64(a) * 0x9E3779B97F4A7C15) >> t.shift)
}

// find is a's number.
func (t *addrIndex) find(a uintptr) (int, bool) {
	if len(t.keys) == 0 {
		return 0, false
	}
	mask := len(t.keys) - 1
	for i := t.slot(a); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case 0: // first: a nil map's address is 0 too
			return 0, false
		case a:
			return int(t.nums[i]), true
		}
	}
}
