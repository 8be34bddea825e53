package interpreter

import "github.com/expr-lang/expr/ast"

// Hoisting in an option group's when (flatchoice.go): a call in the
// condition whose value does not depend on the element the group binds
// (purse(p) in need(p, c) <= purse(p)) is computed once per listing, at
// its first use, and read again for the other elements. Listing writes
// nothing (the state is the same for every element), so the call gives
// the same value each time; at its first use, not before the loop, so
// that a call the condition would not reach (after && or ?:) is not
// made, and one that gives up gives up where it did. What depends on the
// element is known at compile time: the element's binding, a
// predicate's # (which varies inside its predicate), and a let or a
// parameter bound to a value that reads one of these. Only calls at the
// condition's own level are hoisted (not inside an inlined function's
// body, which a recursive call runs again with other arguments). A
// hoisted call counts its steps once per listing, where it counted them
// once per element: the steps limit is reached later, never sooner.

// flatHoist is the state of a when's compile that hoists.
type flatHoist struct {
	// bound numbers the bindings made while compiling (by their slot),
	// in order, and says which vary with the element.
	bound map[flatHoistKey]flatHoistBinding
	next  int
	// reads are the numbers of the varying bindings read so far, in
	// order.
	reads []int
	// resets are the slots saying whether a hoisted call was computed in
	// this listing: set to 0 before it.
	resets []int
}

// flatHoistKey names a binding by its slot: scalars, card lists and
// number lists have slots of their own.
type flatHoistKey struct {
	class int
	slot  int
}

// flatHoistBinding is a binding's number and whether it varies.
type flatHoistBinding struct {
	n       int
	varying bool
}

func hoistKey(b flatBinding) flatHoistKey {
	class := 0
	switch b.kind {
	case fkCards:
		class = 1
	case fkInts, fkStrings, fkIntMap, fkIntMaps, fkSeats:
		class = 2
	}
	return flatHoistKey{class: class, slot: b.slot}
}

// hoistBound notes a new binding, and whether it varies with the
// element.
func (fc *flatCompiler) hoistBound(b flatBinding, varying bool) {
	if h := fc.hoist; h != nil {
		h.bound[hoistKey(b)] = flatHoistBinding{n: h.next, varying: varying}
		h.next++
	}
}

// hoistRead notes the read of binding b.
func (fc *flatCompiler) hoistRead(b flatBinding) {
	if h := fc.hoist; h != nil {
		if hb, ok := h.bound[hoistKey(b)]; ok && hb.varying {
			h.reads = append(h.reads, hb.n)
		}
	}
}

// hoistMark is where the compile of a node begins: the reads noted and
// the bindings made so far.
func (fc *flatCompiler) hoistMark() (reads, bound int) {
	if h := fc.hoist; h != nil {
		return len(h.reads), h.next
	}
	return 0, 0
}

// hoistVaries reports whether the node compiled since mark (reads,
// bound) read a varying binding made before it.
func (fc *flatCompiler) hoistVaries(reads, bound int) bool {
	h := fc.hoist
	if h == nil {
		return false
	}
	for _, n := range h.reads[reads:] {
		if n < bound {
			return true
		}
	}
	return false
}

// hoistable reports whether n is worth hoisting: a call (of a ruleset
// function or a builtin).
func hoistable(n ast.Node) bool {
	switch n.(type) {
	case *ast.CallNode, *ast.BuiltinNode:
		return true
	}
	return false
}

// hoistNode compiles n, hoisted if it does not vary with the element.
func (fc *flatCompiler) hoistNode(n ast.Node) flatValue {
	reads, bound := fc.hoistMark()
	v := fc.nodeOf(n)
	if fc.miss != "" || fc.hoistVaries(reads, bound) || v.scalar == nil || v.konst != nil {
		return v
	}
	switch v.kind {
	case fkInt, fkBool, fkString, fkCard:
	default:
		return v
	}
	fc.hoist.reads = fc.hoist.reads[:reads] // what it read is its own
	val, done := fc.bind("$hoisted", fkInt).slot, fc.bind("$hoisted?", fkBool).slot
	fc.hoist.resets = append(fc.hoist.resets, done)
	f := v.scalar
	return flatValue{kind: v.kind, scalar: func(e *flatEnv) (int64, bool) {
		if e.slots[done] != 0 {
			return e.slots[val], true
		}
		x, ok := f(e)
		if ok {
			e.slots[val], e.slots[done] = x, 1
		}
		return x, ok
	}}
}
