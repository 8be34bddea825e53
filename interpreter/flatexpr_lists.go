package interpreter

import (
	"sort"

	"github.com/expr-lang/expr/ast"
)

// The typed closures' builtins over lists, and the cards' attribute
// columns they read (flatexpr.go).

// flatAttr is a card attribute as a column by card number: numbers for
// an int, bool or string, payloads for a list or an intmap. absent marks
// the cards whose table does not have it (a read of one gives up).
type flatAttr struct {
	kind    flatKind
	scalars []int64
	lists   [][]int64
	absent  []bool
}

// attr is the column of attribute name, built on its first use.
func (fc *flatCompiler) attr(name string) *flatAttr {
	if a, ok := fc.attrs[name]; ok {
		return a
	}
	a := &flatAttr{absent: make([]bool, len(fc.p.cards))}
	for i := range fc.p.cards {
		var v any = fc.p.cards[i].id
		if name != "id" {
			v = fc.p.cards[i].fields[name]
		}
		k, n, list := fc.attrValue(v)
		if k == fkNone && v != nil {
			fc.fail("card attribute %s of type %T", name, v)
			return nil
		}
		if v == nil {
			a.absent[i] = true
		} else if a.kind == fkNone {
			a.kind = k
		} else if a.kind != k {
			fc.fail("card attribute %s of two types", name)
			return nil
		}
		a.scalars = append(a.scalars, n)
		a.lists = append(a.lists, list)
	}
	if a.kind == fkNone {
		fc.fail("card attribute %s that no card has", name)
		return nil
	}
	for _, gone := range a.absent {
		if gone {
			fc.fail("card attribute %s that some cards lack", name)
			return nil
		}
	}
	fc.attrs[name] = a
	return a
}

// attrValue is an attribute's value as numbers.
func (fc *flatCompiler) attrValue(v any) (flatKind, int64, []int64) {
	str := func(s string) int64 {
		fc.l.strs.add(s)
		return fc.l.strs.ids[s]
	}
	switch x := v.(type) {
	case int:
		return fkInt, int64(x), nil
	case bool:
		return fkBool, boolNum(x), nil
	case string:
		return fkString, str(x), nil
	case []int:
		out := make([]int64, len(x))
		for i, n := range x {
			out[i] = int64(n)
		}
		return fkInts, 0, out
	case []string:
		out := make([]int64, len(x))
		for i, s := range x {
			out[i] = str(s)
		}
		return fkStrings, 0, out
	case []map[string]int:
		var out []int64
		for _, m := range x {
			_, _, pairs := fc.attrValue(m)
			out = append(append(out, int64(len(m))), pairs...)
		}
		return fkIntMaps, 0, out
	case map[string]int:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := make([]int64, 0, 2*len(x))
		for _, k := range keys {
			out = append(out, str(k), int64(x[k]))
		}
		return fkIntMap, 0, out
	}
	return fkNone, 0, nil
}

// builtin compiles len and the predicate builtins over lists. A
// predicate's element is a frame slot (# reads it), written at each round.
func (fc *flatCompiler) builtin(b *ast.BuiltinNode) flatValue {
	return fc.builtinOr(b, nil)
}

// builtinOr is builtin, with the value of find and findIndex of nothing
// (nil: they give up).
func (fc *flatCompiler) builtinOr(b *ast.BuiltinNode, orElse flatScalar) flatValue {
	if len(b.Arguments) == 0 {
		return fc.fail("builtin %s", b.Name)
	}
	if v, ok := fc.scalarBuiltin(b); ok {
		return v
	}
	if b.Name == "concat" {
		return fc.concat(b)
	}
	if b.Name == "reduce" {
		return fc.reduceOf(b)
	}
	if b.Name == "repeat" && len(b.Arguments) == 2 {
		s, n := fc.node(b.Arguments[0]), fc.node(b.Arguments[1])
		if fc.miss != "" {
			return flatValue{}
		}
		return fc.repeatString(s, n)
	}
	if b.Name == "join" || b.Name == "reverse" || b.Name == "uniq" {
		v, _ := fc.listFunc(b.Name, b.Arguments)
		return v
	}
	if b.Name == "string" && len(b.Arguments) == 1 {
		return fc.toString(fc.node(b.Arguments[0]))
	}
	if (b.Name == "lower" || b.Name == "upper") && len(b.Arguments) == 1 {
		return fc.caseOf(b.Name == "upper", fc.node(b.Arguments[0]))
	}
	if b.Name == "replace" && len(b.Arguments) == 3 {
		return fc.replaceOf(fc.node(b.Arguments[0]), fc.node(b.Arguments[1]), fc.node(b.Arguments[2]))
	}
	if m, ok := b.Arguments[0].(*ast.BuiltinNode); ok && b.Name == "flatten" && len(b.Arguments) == 1 && m.Name == "map" {
		return fc.flatMap(m)
	}
	if c, ok := b.Arguments[0].(*ast.BuiltinNode); ok && b.Name == "flatten" && len(b.Arguments) == 1 && c.Name == "concat" {
		return fc.flattenConcat(c)
	}
	list := fc.node(b.Arguments[0])
	if fc.miss != "" {
		return flatValue{}
	}
	var lo, hi flatScalar // a range a predicate walks without building it
	if r, ok := b.Arguments[0].(*ast.BinaryNode); ok && r.Operator == ".." && b.Name != "filter" && len(b.Arguments) == 2 {
		lo, hi = fc.node(r.Left).scalar, fc.node(r.Right).scalar
	}
	if list.kind == fkString && b.Name == "len" && len(b.Arguments) == 1 {
		return stringLen(fc.l, list.scalar)
	}
	if list.kind == fkPlayers {
		// walked by seat (predLoop.seats)
	} else if !list.kind.isList() || list.kind == fkIntMap && b.Name != "len" {
		return fc.fail("builtin %s of a %s", b.Name, list.kind)
	}
	switch {
	case b.Name == "len" && len(b.Arguments) == 1:
		return listLen(list)
	case (b.Name == "first" || b.Name == "last") && len(b.Arguments) == 1:
		return firstLast(list, b.Name == "last", orElse)
	}
	var pred flatValue
	elem := -1
	if len(b.Arguments) >= 2 {
		p, ok := b.Arguments[1].(*ast.PredicateNode)
		if !ok {
			return fc.fail("builtin %s without a predicate", b.Name)
		}
		pb := fc.bind("#", elemOf(list.kind))
		fc.hoistBound(pb, true)
		elem = pb.slot
		fc.preds = append(fc.preds, pb)
		pred = fc.node(p.Node)
		fc.preds = fc.preds[:len(fc.preds)-1]
		if fc.miss != "" {
			return flatValue{}
		}
		if pred.scalar == nil {
			return fc.fail("predicate of a %s", pred.kind)
		}
		if b.Name == "find" || b.Name == "findIndex" {
			if pred.kind != fkBool {
				return fc.fail("%s with a %s predicate", b.Name, pred.kind)
			}
			if v := fc.findIn(b.Name, list, elem, pred.scalar, orElse); v.scalar != nil {
				return v
			}
			return fc.fail("%s of a %s", b.Name, list.kind)
		}
	} else if len(b.Arguments) > 2 && b.Name != "sortBy" {
		return fc.fail("builtin %s with %d arguments", b.Name, len(b.Arguments))
	}
	loop := predLoop{elem: elem, pred: pred.scalar, cards: list.cards, nums: list.nums, lo: lo, hi: hi, seats: list.kind == fkPlayers, maps: list.kind == fkIntMaps}
	if loop.maps && b.Name != "count" && b.Name != "any" && b.Name != "all" && b.Name != "none" && b.Name != "one" && b.Name != "sum" && b.Name != "findIndex" {
		return fc.fail("builtin %s of intmaps", b.Name)
	}
	if b.Name == "sortBy" {
		return fc.sortByOf(b, list, loop, pred)
	}
	if loop.seats && b.Name == "filter" {
		return flatValue{kind: fkSeats, nums: loop.filterSeats}
	}
	if loop.seats && b.Name != "count" && b.Name != "any" && b.Name != "all" && b.Name != "none" && b.Name != "one" && b.Name != "sum" && b.Name != "map" {
		return fc.fail("builtin %s of the players", b.Name)
	}
	switch b.Name {
	case "count", "any", "all", "none", "one":
		if pred.kind != fkBool {
			return fc.fail("builtin %s with a %s predicate", b.Name, pred.kind)
		}
		return countLike(b.Name, loop)
	case "sum":
		if pred.scalar == nil && list.kind != fkInts || pred.scalar != nil && pred.kind != fkInt {
			return fc.fail("sum of a %s with a %s predicate", list.kind, pred.kind)
		}
		if list.cards != nil && lo == nil {
			var col []int64 // the element's int attribute: summed with no call
			if c := pred.column; c != nil && c.slot == elem && pred.kind == fkInt {
				col = c.col
			}
			return loop.sumCards(col)
		}
		return flatValue{kind: fkInt, scalar: loop.sum}
	case "map":
		return fc.mapOf(list, loop, pred)
	case "filter":
		if pred.kind != fkBool {
			return fc.fail("filter with a %s predicate", pred.kind)
		}
		if list.cards != nil {
			return flatValue{kind: list.kind, cards: loop.filterCards}
		}
		return flatValue{kind: list.kind, nums: loop.filterNums}
	}
	return fc.fail("builtin %s", b.Name)
}

// listLen compiles len(list).
func listLen(list flatValue) flatValue {
	if list.kind == fkPlayers { // walked by seat: no list to measure
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) { return int64(e.fs.players), true }}
	}
	if list.cards != nil {
		f := list.cards
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
			xs, ok := f(e)
			return int64(len(xs)), ok
		}}
	}
	f, per := list.nums, int64(1)
	if list.kind == fkIntMaps {
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
			xs, ok := f(e)
			n := int64(0)
			for i := 0; i < len(xs); i += 1 + 2*int(xs[i]) {
				n++
			}
			return n, ok
		}}
	}
	if list.kind == fkIntMap {
		per = 2
	}
	return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
		xs, ok := f(e)
		return int64(len(xs)) / per, ok
	}}
}

// predLoop is a builtin's walk of a list (cards or numbers), its element
// in frame slot elem, with its predicate (nil: the element itself).
type predLoop struct {
	elem  int
	pred  flatScalar
	cards flatCardList
	nums  flatNums
	// lo and hi are the bounds of a range walked without building it
	// (nil: the list is built).
	lo, hi flatScalar
	// seats walks the players: their seats, 0 to players-1.
	seats bool
	// maps walks a list of intmaps: each map's pairs go to the element's
	// number list slot (elem), and the round gets 0.
	maps bool
}

// list computes the list as numbers: cards widened only when the list
// is numbers already (nums); for cards, walk uses the card list.
func (p *predLoop) walk(e *flatEnv, round func(x int64) (stop, ok bool)) bool {
	if p.maps {
		xs, ok := p.nums(e)
		if !ok {
			return false
		}
		if !e.charge(len(xs)) {
			return false
		}
		for k := 0; k < len(xs); k += 1 + 2*int(xs[k]) {
			e.nums[p.elem] = xs[k+1 : k+1+2*int(xs[k])]
			if stop, ok := round(0); !ok {
				return false
			} else if stop {
				break
			}
		}
		return true
	}
	if p.seats {
		if !e.charge(e.fs.players) {
			return false
		}
		for x := range int64(e.fs.players) {
			if stop, ok := round(x); !ok {
				return false
			} else if stop {
				break
			}
		}
		return true
	}
	if p.lo != nil {
		a, ok := p.lo(e)
		b, ok2 := p.hi(e)
		if !ok || !ok2 || b-a > 1<<20 || !e.charge(int(max(b-a+1, 0))) {
			return false
		}
		for x := a; x <= b; x++ {
			if stop, ok := round(x); !ok {
				return false
			} else if stop {
				break
			}
		}
		return true
	}
	if p.cards != nil {
		xs, ok := p.cards(e)
		if !ok || !e.charge(len(xs)) {
			return false
		}
		for _, x := range xs {
			if stop, ok := round(int64(x)); !ok {
				return false
			} else if stop {
				break
			}
		}
		return true
	}
	xs, ok := p.nums(e)
	if !ok || !e.charge(len(xs)) {
		return false
	}
	for _, x := range xs {
		if stop, ok := round(x); !ok {
			return false
		} else if stop {
			break
		}
	}
	return true
}

// test is the predicate of element x.
func (p *predLoop) test(e *flatEnv, x int64) (int64, bool) {
	if p.pred == nil {
		return x, true
	}
	if !p.maps {
		e.slots[p.elem] = x
	}
	return p.pred(e)
}

// countLike compiles count, any, all, none and one. For a card list, the
// commonest, the loop is written out (no round closure).
func countLike(name string, p predLoop) flatValue {
	// stopAt is the predicate value that ends the walk; -1: none does.
	stopAt, kind := int64(-1), fkBool
	switch name {
	case "count":
		kind = fkInt
	case "any", "none":
		stopAt = 1
	case "all":
		stopAt = 0
	}
	result := func(n int64, stopped bool) int64 {
		switch name {
		case "any":
			return boolNum(stopped)
		case "all":
			return boolNum(!stopped)
		case "none":
			return boolNum(!stopped)
		case "one":
			return boolNum(n == 1)
		}
		return n
	}
	if p.cards != nil && p.lo == nil && !p.seats {
		f, pred, elem := p.cards, p.pred, p.elem
		return flatValue{kind: kind, scalar: func(e *flatEnv) (int64, bool) {
			xs, ok := f(e)
			if !ok || !e.charge(len(xs)) {
				return 0, false
			}
			n, stopped := int64(0), false
			for _, x := range xs {
				e.slots[elem] = int64(x)
				t, ok := pred(e)
				if !ok {
					return 0, false
				}
				n += t
				if t == stopAt {
					stopped = true
					break
				}
			}
			return result(n, stopped), true
		}}
	}
	return flatValue{kind: kind, scalar: func(e *flatEnv) (int64, bool) {
		n, stopped := int64(0), false
		ok := p.walk(e, func(x int64) (bool, bool) {
			t, ok := p.test(e, x)
			n += t
			stopped = t == stopAt
			return stopped, ok
		})
		return result(n, stopped), ok
	}}
}

// sum is sum(ints) or sum(list, int predicate), checked.
func (p *predLoop) sum(e *flatEnv) (int64, bool) {
	add := scalarOps["+"].fn
	s := int64(0)
	ok := p.walk(e, func(x int64) (bool, bool) {
		v, ok := p.test(e, x)
		if !ok {
			return true, false
		}
		s, ok = add(s, v)
		return false, ok
	})
	return s, ok
}

// filterCards is filter of a card list: a new list, or the list itself
// when every card is kept.
func (p *predLoop) filterCards(e *flatEnv) ([]int32, bool) { return filterList(e, p, p.cards, 4) }

// filterNums is filter of a list of numbers.
func (p *predLoop) filterNums(e *flatEnv) ([]int64, bool) { return filterList(e, p, p.nums, 8) }

// filterList is the elements of list p's predicate keeps (size bytes
// each, charged to the memory budget): a new list, or, when the kept
// elements lie together in the list (all of them, a prefix, a run, or
// none), that part of the list itself, capped so that no append writes
// past it (a list is never written in place: a zone's array that a
// holder keeps is copied before a write, flatzones.go).
func filterList[T int32 | int64](e *flatEnv, p *predLoop, list func(*flatEnv) ([]T, bool), size int) ([]T, bool) {
	xs, ok := list(e)
	if !ok || !e.charge(len(xs)) || !e.chargeMem(size*len(xs)) {
		return nil, false
	}
	// While out is nil the kept elements are xs[lo:hi] (lo < 0: none yet).
	var out []T
	lo, hi := -1, 0
	for i, x := range xs {
		t, ok := p.test(e, int64(x))
		switch {
		case !ok:
			return nil, false
		case t == 0:
		case out != nil:
			out = append(out, x)
		case lo < 0:
			lo, hi = i, i+1
		case hi == i:
			hi++
		default: // a second run: a list of its own
			out = append(make([]T, 0, hi-lo+len(xs)-i), xs[lo:hi]...)
			out = append(out, x)
		}
	}
	switch {
	case out != nil:
		return out, true
	case lo < 0:
		return xs[:0:0], true
	}
	return xs[lo:hi:hi], true
}

// mapOf compiles map(list, expr) of an int, string or card expr: a new
// list.
func (fc *flatCompiler) mapOf(list flatValue, p predLoop, f flatValue) flatValue {
	if f.scalar == nil || f.kind == fkBool || f.kind == fkPlayer || f.kind == fkNode {
		return fc.fail("map to a %s", f.kind)
	}
	if f.kind == fkCard {
		return flatValue{kind: fkCards, cards: func(e *flatEnv) ([]int32, bool) {
			var out []int32
			ok := p.walk(e, func(x int64) (bool, bool) {
				v, ok := p.test(e, x)
				out = append(out, int32(v))
				return false, ok
			})
			return out, ok
		}}
	}
	k := fkInts
	if f.kind == fkString {
		k = fkStrings
	}
	return flatValue{kind: k, nums: func(e *flatEnv) ([]int64, bool) {
		var out []int64
		ok := p.walk(e, func(x int64) (bool, bool) {
			v, ok := p.test(e, x)
			out = append(out, v)
			return false, ok
		})
		return out, ok
	}}
}

// filterSeats is filter of the players: the seats kept.
func (p *predLoop) filterSeats(e *flatEnv) ([]int64, bool) {
	var out []int64
	ok := p.walk(e, func(x int64) (bool, bool) {
		t, ok := p.test(e, x)
		if t == 1 {
			out = append(out, x)
		}
		return false, ok
	})
	return out, ok
}
