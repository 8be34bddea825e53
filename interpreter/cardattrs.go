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
	ids   []string // the id column, as strings
}

// newCardAttrs builds the columns of every field the card maps hold (the
// props are out of them by now) and the address index.
func newCardAttrs(cards []cardProto) *cardAttrs {
	a := &cardAttrs{index: map[string]int{}}
	addrs := make([]uintptr, len(cards))
	for i := range cards {
		addrs[i] = mapAddr(cards[i].fields)
		for k := range cards[i].fields {
			if _, ok := a.index[k]; !ok {
				a.index[k] = len(a.cols)
				a.cols = append(a.cols, make([]any, len(cards)))
			}
		}
	}
	for i := range cards {
		for k, v := range cards[i].fields {
			a.cols[a.index[k]][i] = v
		}
	}
	a.at = newAddrIndex(addrs)
	a.ids = make([]string, len(cards))
	for i := range cards {
		a.ids[i], _ = cards[i].fields["id"].(string)
	}
	return a
}

// identity is identity(v), a Program's card's id read from the column.
func (a *cardAttrs) identity(v any) string {
	if m, isMap := v.(map[string]any); isMap && a != nil {
		if i, ok := a.at.find(mapAddr(m)); ok && a.ids[i] != "" {
			return a.ids[i]
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

// field reads from.key, col being key's column (column): from the column
// when from is one of the Program's card maps, else as fastField.
func (a *cardAttrs) field(from any, key string, col []any) (any, bool) {
	if m, isMap := from.(map[string]any); isMap {
		if i, ok := a.at.find(mapAddr(m)); ok {
			return col[i], true
		}
		return m[key], true
	}
	return fastField(from, key)
}

// fieldReader is the read of field key of what may be a card: through
// the column when key is an attribute, else fastField.
func (a *cardAttrs) fieldReader(key string) func(from any) (any, bool) {
	col := a.column(key)
	if col == nil {
		return func(from any) (any, bool) { return fastField(from, key) }
	}
	return func(from any) (any, bool) { return a.field(from, key, col) }
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
