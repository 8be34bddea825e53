package interpreter

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
)

// Boxed strings. A string stored in an `any` (a list's element walked by
// a loop, a for_each list of strings, a card's zone) needs a 16-byte
// header on the heap, allocated anew each time. A game walks the same few
// strings over and over (the names in a constant list, the zones), so it
// keeps the boxes it made in a small direct-mapped table: a string found
// there is returned in the box made for it before. A box is immutable and
// holds its string, so an entry can never stand for another string; a
// miss (or a collision) only boxes again and takes the slot. The table is
// the game's alone (not part of the state; a clone starts without one) and
// made on first use.

// A table starts with firstBoxSlots slots and grows fourfold, up to
// stringBoxSlots in a game and cloneBoxSlots in a clone (powers of two),
// when it has missed as many strings as it has slots: a game that walks
// 18 distinct strings keeps 64 slots (a full table, 16 KB, was 4% of the
// bytes of a shipped game that walks 18), one that walks 195 gets 512. A search bot
// makes thousands of clones a decision, each playing a few steps: a full
// table each was a fifth of the bytes a clone and its step allocated.
const (
	firstBoxSlots  = 64
	stringBoxSlots = 512
	cloneBoxSlots  = 64
)

// stringBoxes is a game's table of boxed strings (its length a power of
// two).
type stringBoxes []struct {
	s string
	v any
}

// boxString is s as an any, without allocating when the game boxed the
// same string recently.
func (g *Game) boxString(s string) any {
	if len(s) == 0 {
		return s // Go boxes the empty string without allocating
	}
	boxes := g.boxTable()
	// Two ways: a string's set is two slots, and a miss moves the first
	// to the second, so that two strings of one set that a loop takes in
	// turn do not evict each other at every step (they did, in a table
	// of one way: a shipped game's board names, 8,600 boxes in three games).
	i := boxSet(s, len(boxes))
	e, other := &boxes[i], &boxes[i+1]
	if e.v != nil && e.s == s {
		return e.v
	}
	if other.v != nil && other.s == s {
		return other.v
	}
	*other = *e
	e.s, e.v = s, s
	g.boxMisses++
	if g.boxMisses >= len(boxes) {
		g.growBoxes() // e's box is still s's, in the old table
	}
	return e.v
}

// growBoxes replaces the table by one four times as large, up to the
// game's limit, after it missed as many strings as it has slots.
func (g *Game) growBoxes() {
	limit := stringBoxSlots
	if g.clonedBoxes {
		limit = cloneBoxSlots
	}
	g.boxMisses = 0
	if len(g.boxes) < limit {
		g.boxes = make(stringBoxes, min(len(g.boxes)*4, limit))
	}
}

// boxSet is the first slot of s's set of two in a table of size slots.
func boxSet(s string, size int) int {
	h := uint32(2166136261) // FNV-1a: ids differ in a digit anywhere
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	h ^= h >> 16 // FNV's low bits mix poorly (murmur3's finaliser)
	h *= 0x85ebca6b
	h ^= h >> 13
	return int(h) & (size - 1) &^ 1
}

// boxTable is the game's table of boxed strings, made on first use.
func (g *Game) boxTable() stringBoxes {
	if g.boxes == nil {
		g.boxes = make(stringBoxes, firstBoxSlots)
	}
	return g.boxes
}

// atBoxed is the element i of a list a loop walks, its strings and ints
// boxed without allocating where the game can (boxString, boxInt).
func (l fastList) atBoxed(x *fastCtx, i int) any {
	switch {
	case l.anys != nil:
		return l.anys[i]
	case l.strs != nil:
		return x.g.boxString(l.strs[i])
	case l.maps != nil:
		return l.maps[i]
	case l.counting:
		return boxInt(l.from + i)
	}
	return boxInt(l.ints[i])
}

// itemsOf is listItems with the game's boxes for strings and ints.
func (g *Game) itemsOf(v any) ([]any, error) {
	switch x := v.(type) {
	case []int:
		out := make([]any, len(x))
		for i, n := range x {
			out[i] = boxInt(n)
		}
		return out, nil
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = g.boxString(s)
		}
		return out, nil
	}
	return listItems(v)
}

// concat compiles expr's concat of lists: the same elements in the same
// list type ([]any, nil when empty) and the same memory charged, but the
// list made at its exact size and its strings boxed with the game's boxes.
// Anything but the list kinds a loop walks (fastItems) is left to expr's
// own concat.
func (fc *fastCompiler) concat(b *ast.BuiltinNode) fastFunc {
	id, ok := builtin.Index[b.Name]
	if !ok || len(b.Arguments) == 0 {
		return nil
	}
	general := builtin.Builtins[id].Safe
	args := fc.args(b.Arguments...)
	if args == nil || general == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		base := len(x.stack)
		defer func() { x.stack = x.stack[:base] }()
		size := 0
		for _, a := range args {
			v, ok := a(x)
			if !ok {
				return nil, false
			}
			n, _, ok := fastItems(v)
			if !ok {
				size = -1 // not a list fastItems knows
			} else if size >= 0 {
				size += n
			}
			x.stack = append(x.stack, v)
		}
		if size < 0 {
			out, mem, err := general(x.stack[base:]...)
			if err != nil || mem > uint(x.g.limits.MaxExprMemory) || !x.chargeVM(int(mem)) {
				return nil, false
			}
			return out, true
		}
		if size > x.g.limits.MaxExprMemory || !x.chargeVM(size) {
			return nil, false
		}
		if size == 0 {
			return []any(nil), true
		}
		out := make([]any, 0, size)
		for _, v := range x.stack[base:] {
			n, items, _ := fastItems(v)
			for i := range n {
				out = append(out, items.atBoxed(x, i))
			}
		}
		return out, true
	}
}

// flatten compiles flatten(list) of a list of lists whose elements are
// no lists (flatten(map(players, .hand)), the common case) into one
// allocation of the result, where expr's flatten grows its result and
// boxes every element by reflection. Anything else (an element list
// holding lists, which expr flattens recursively, a nil, which it
// refuses, or a list fastItems does not know) goes to expr's own flatten
// with the value already computed, so the result, its memory charge and
// its errors are expr's.
func (fc *fastCompiler) flatten(b *ast.BuiltinNode) fastFunc {
	id, ok := builtin.Index[b.Name]
	if !ok || len(b.Arguments) != 1 || builtin.Builtins[id].Safe == nil {
		return nil
	}
	safe := builtin.Builtins[id].Safe
	arg := fc.node(b.Arguments[0])
	if arg == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		v, ok := arg(x)
		if !ok {
			return nil, false
		}
		n, outer, ok := fastItems(v)
		size := 0
		for i := 0; ok && i < n && size >= 0; i++ {
			if k := flatLen(outer.at(i)); k < 0 {
				size = -1
			} else {
				size += k
			}
		}
		if !ok || size < 0 {
			return exprFlatten(x, safe, v)
		}
		if size > x.g.limits.MaxExprMemory || !x.chargeVM(size) {
			return nil, false
		}
		out := make([]any, 0, size)
		for i := range n {
			e := outer.at(i)
			k, items, isList := fastItems(e)
			if !isList {
				out = append(out, e)
				continue
			}
			for j := range k {
				out = append(out, items.atBoxed(x, j))
			}
		}
		return out, true
	}
}

// exprFlatten is expr's flatten of v, charged as the VM charges it; a
// panic gives up, so that the VM reports it (givingUpOnPanic).
func exprFlatten(x *fastCtx, safe func(args ...any) (any, uint, error), v any) (out any, ok bool) {
	defer givingUpOnPanic(x, len(x.stack), &out, &ok)
	res, mem, err := safe(v)
	if err != nil || mem > uint(x.g.limits.MaxExprMemory) || !x.chargeVM(int(mem)) {
		return nil, false
	}
	return res, true
}

// flatLen is how many elements e adds to a one-level flatten: 1 for an
// element that is no list, its length for a list of non-lists, and -1
// when expr's flatten must decide (a list of lists, a nil, a slice
// fastItems does not know).
func flatLen(e any) int {
	k, items, isList := fastItems(e)
	if !isList {
		if e == nil || isSlice(e) {
			return -1
		}
		return 1
	}
	for _, y := range items.anys {
		if y == nil || isSlice(y) {
			return -1
		}
	}
	return k
}

// isSlice tells whether v is, or points to, a slice or an array (what
// expr's flatten descends into).
func isSlice(v any) bool {
	switch v.(type) {
	case int, bool, string, map[string]any, map[string]int:
		return false
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return false
		}
		rv = rv.Elem()
	}
	return rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array
}
