package interpreter

import (
	"slices"
	"strings"
)

// Effects over the flat state: the third piece of the rebuild (doc.go,
// "The typed flat state"). A set, add or move compiles, with the typed
// closures of its value, target and zones in one frame, to a function
// that writes the flat state: a cell, a prop, a key of an intmap or an
// element of a list (a new payload: payloads are never written in place,
// so a clone may share them), or a zone's list of card numbers and the
// location column (flatzones.go). A flat game runs them (flatgame.go);
// TestFlatEffectsAgree applies each one, beside the present runtime, to
// the flat packing of the state before it and requires the packing of
// the state after it.

// flatWrite is a compiled set, add or move, and the frame it needs.
type flatWrite struct {
	apply func(e *flatEnv) bool
	frame *flatExpr // locals and slot counts; its value is unused
}

// compileWrite compiles a set, add or move; nil and the reason when a
// part of it is not covered.
func (fc *flatCompiler) compileWrite(ef *effect) (*flatWrite, string) {
	fc.begin()
	var apply func(e *flatEnv) bool
	switch ef.kind {
	case "set", "add":
		apply = fc.assign(ef)
	case "move":
		apply = fc.move(ef)
	default:
		fc.fail("effect %s", ef.kind)
	}
	if fc.miss != "" {
		return nil, fc.miss
	}
	return &flatWrite{apply: apply, frame: fc.out}, ""
}

// cellRef finds the int64 a target writes: a variable's or player
// variable's cell, or a card prop's; kind is the value's.
type cellRef func(e *flatEnv) (*int64, bool)

// assign compiles set and add.
func (fc *flatCompiler) assign(ef *effect) func(e *flatEnv) bool {
	value := fc.sub(ef.a)
	if fc.miss != "" {
		return nil
	}
	return fc.assignValue(ef, value)
}

// assignValue compiles set or add (ef.kind) of value to ef's target.
func (fc *flatCompiler) assignValue(ef *effect, value flatValue) func(e *flatEnv) bool {
	t := ef.target
	if t == nil {
		fc.fail("a set without a target")
		return nil
	}
	if t.kind == targetIndex {
		return fc.assignIndex(ef, t, value)
	}
	if t.kind == targetLocal && fc.progLocals != nil {
		return fc.assignLocal(ef, t, value)
	}
	ref, kind := fc.cellOf(t)
	if fc.miss != "" {
		return nil
	}
	if value.kind == fkEmpty && kind.isList() {
		value = value.emptyOf(kind)
	}
	if kind != value.kind {
		fc.fail("set of a %s to a %s", kind, value.kind)
		return nil
	}
	if ef.kind == "add" {
		if kind != fkInt {
			fc.fail("add to a %s", kind)
			return nil
		}
		add, vf := scalarOps["+"].fn, value.scalar
		return func(e *flatEnv) bool {
			n, ok := vf(e)
			cell, ok2 := ref(e)
			if !ok || !ok2 {
				return false
			}
			*cell, ok = add(*cell, n)
			return ok
		}
	}
	if !kind.isList() {
		vf := value.scalar
		return func(e *flatEnv) bool {
			n, ok := vf(e)
			cell, ok2 := ref(e)
			if ok && ok2 {
				*cell = n
			}
			return ok && ok2
		}
	}
	if value.nums == nil {
		fc.fail("set of a %s to a %s", kind, value.kind)
		return nil
	}
	vf := value.nums
	return func(e *flatEnv) bool {
		xs, ok := vf(e)
		cell, ok2 := ref(e)
		if ok && ok2 {
			e.fs.setPayload(cell, xs)
		}
		return ok && ok2
	}
}

// assignLocal compiles set and add of a flat game's local.
func (fc *flatCompiler) assignLocal(ef *effect, t *target, value flatValue) func(e *flatEnv) bool {
	n := fc.localNumber(strings.TrimPrefix(t.name, "local "))
	switch {
	case ef.kind == "add" && value.kind == fkInt:
		add, vf := scalarOps["+"].fn, value.scalar
		return func(e *flatEnv) bool {
			d, ok := vf(e)
			if ok {
				e.locals[n], ok = add(e.locals[n], d)
			}
			return ok
		}
	case ef.kind == "add":
	case value.scalar != nil:
		vf := value.scalar
		return func(e *flatEnv) bool {
			v, ok := vf(e)
			e.locals[n] = v
			return ok
		}
	case value.cards != nil:
		vf := value.cards
		return func(e *flatEnv) bool {
			v, ok := vf(e)
			e.setListLocal(n, v, e.localNums[n])
			e.fs.disown(v) // the local holds the list (flatzones.go)
			return ok
		}
	case value.nums != nil:
		vf := value.nums
		return func(e *flatEnv) bool {
			v, ok := vf(e)
			e.setListLocal(n, e.localLists[n], v)
			return ok
		}
	}
	fc.fail("%s of a local to a %s", ef.kind, value.kind)
	return nil
}

// setPayload makes xs the payload of cell: in the cell's own payload
// slot when it has one (every write makes a new payload, so a slot
// belongs to one cell; the slots' header is the state's own, copied by a
// clone), else in a new slot; an empty list is payload 0. Payload arrays
// are never written in place. A header shared with another state is
// copied first (flatState.fresh).
func (fs *flatState) setPayload(cell *int64, xs []int64) {
	if fs.listsShared && len(xs) > 0 {
		fs.lists, fs.listsShared = slices.Clone(fs.lists), false
	}
	switch {
	case len(xs) == 0:
		*cell = 0
	case *cell != 0:
		fs.lists[*cell] = xs
	default:
		fs.lists = append(fs.lists, xs)
		*cell = int64(len(fs.lists) - 1)
	}
}

// cellOf compiles the cell of a variable, a player variable or a card
// prop, and its kind.
func (fc *flatCompiler) cellOf(t *target) (cellRef, flatKind) {
	l := fc.l
	switch t.kind {
	case targetGlobal:
		for j, v := range l.vars {
			if v.name == t.name {
				return func(e *flatEnv) (*int64, bool) { return &e.fs.cells[j], true }, declaredKind(v.typ)
			}
		}
	case targetField:
		obj := fc.sub(t.obj)
		if fc.miss != "" {
			return nil, fkNone
		}
		if t.onCard && obj.kind == fkCard {
			return fc.propCell(obj.scalar, t.name)
		}
		if !t.onCard && obj.kind == fkPlayer {
			for j, v := range l.pvars {
				if v.name == t.name {
					seat := obj.scalar
					return func(e *flatEnv) (*int64, bool) {
						s, ok := seat(e)
						if !ok {
							return nil, false
						}
						return &e.fs.cells[l.pvarCell(int(s), j)], true
					}, declaredKind(v.typ)
				}
			}
		}
	case targetLocal:
		fc.fail("a write to a local (frames are not laid out yet)")
		return nil, fkNone
	}
	fc.fail("a write to %s", strings.TrimSpace(t.src.Src))
	return nil, fkNone
}

// propCell compiles the cell of prop name of a card.
func (fc *flatCompiler) propCell(card flatScalar, name string) (cellRef, flatKind) {
	l := fc.l
	for j, p := range l.props {
		if p == name {
			width := len(l.props)
			return func(e *flatEnv) (*int64, bool) {
				c, ok := card(e)
				if !ok {
					return nil, false
				}
				return &e.fs.writablePage(int(c / propPage))[int(c%propPage)*width+j], true
			}, declaredKind(l.propType[j])
		}
	}
	fc.fail("a write to card attribute %s", name)
	return nil, fkNone
}

// assignIndex compiles set and add of an element: a key of an intmap or
// an index of a list, held by a variable, player variable or prop. The
// payload is copied with the element written.
func (fc *flatCompiler) assignIndex(ef *effect, t *target, value flatValue) func(e *flatEnv) bool {
	if t.base == nil || t.base.kind == targetIndex {
		fc.fail("a write to an element of an element")
		return nil
	}
	ref, kind := fc.cellOf(t.base)
	key := fc.sub(t.key)
	if fc.miss != "" {
		return nil
	}
	elem := fkInt
	switch {
	case kind == fkIntMap && key.kind == fkString:
	case kind == fkInts && key.kind == fkInt:
	case kind == fkStrings && key.kind == fkInt && ef.kind == "set":
		elem = fkString
	default:
		fc.fail("%s of %s[%s]", ef.kind, kind, key.kind)
		return nil
	}
	if value.kind != elem {
		fc.fail("%s of a %s element to a %s", ef.kind, elem, value.kind)
		return nil
	}
	missing := int64(0)
	if t.missing != nil {
		missing = int64(*t.missing)
	}
	add, vf, kf, isAdd := scalarOps["+"].fn, value.scalar, key.scalar, ef.kind == "add"
	l := fc.l
	return func(e *flatEnv) bool {
		n, ok := vf(e)
		k, ok2 := kf(e)
		cell, ok3 := ref(e)
		if !ok || !ok2 || !ok3 {
			return false
		}
		old := e.fs.lists[*cell]
		var out []int64
		if kind == fkIntMap {
			out, ok = l.withPair(e.fs, old, k, n, isAdd, missing, add)
		} else {
			out, ok = withElement(old, k, n, isAdd, add)
		}
		if ok {
			e.fs.setPayload(cell, out)
		}
		return ok
	}
}

// withPair is pairs with key k set to n (or n added to its value, or to
// missing when it has none), keys in string order as packing lays them.
func (l *flatLayout) withPair(fs *flatState, pairs []int64, k, n int64, isAdd bool, missing int64, add func(a, b int64) (int64, bool)) ([]int64, bool) {
	ks := l.str(fs, k)
	at := 0
	for ; at+1 < len(pairs); at += 2 {
		if pairs[at] == k {
			out := append([]int64(nil), pairs...)
			if isAdd {
				v, ok := add(out[at+1], n)
				out[at+1] = v
				return out, ok
			}
			out[at+1] = n
			return out, true
		}
		if l.str(fs, pairs[at]) > ks {
			break
		}
	}
	if isAdd {
		var ok bool
		if n, ok = add(missing, n); !ok {
			return nil, false
		}
	}
	out := make([]int64, 0, len(pairs)+2)
	out = append(out, pairs[:at]...)
	out = append(out, k, n)
	return append(out, pairs[at:]...), true
}

// withElement is xs with element i set to n (or n added to it); an index
// out of range gives up (the present runtime's error).
func withElement(xs []int64, i, n int64, isAdd bool, add func(a, b int64) (int64, bool)) ([]int64, bool) {
	i, in := listIndex(i, len(xs))
	if !in {
		return nil, false
	}
	out := append([]int64(nil), xs...)
	if isAdd {
		v, ok := add(out[i], n)
		out[i] = v
		return out, ok
	}
	out[i] = n
	return out, true
}
