package interpreter

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/expr-lang/expr/ast"
)

// The typed closures' further builtins (min, max, abs, first, last,
// concat, find, findIndex), list literals and ranges, ??, a family's
// zones and a card's location (flatexpr.go).

// scalarBuiltin compiles min, max and abs of ints; ok is false when b is
// none of them.
func (fc *flatCompiler) scalarBuiltin(b *ast.BuiltinNode) (flatValue, bool) {
	switch b.Name {
	case "min", "max", "abs":
	default:
		return flatValue{}, false
	}
	var args []flatScalar
	for _, a := range b.Arguments {
		v := fc.node(a)
		if fc.miss != "" {
			return flatValue{}, true
		}
		if v.kind == fkInts && len(b.Arguments) == 1 && b.Name != "abs" {
			return fc.extremeOfList(b.Name == "max", v.nums), true
		}
		if v.kind != fkInt {
			return fc.fail("builtin %s of a %s", b.Name, v.kind), true
		}
		args = append(args, v.scalar)
	}
	if b.Name == "abs" {
		if len(args) != 1 {
			return fc.fail("abs with %d arguments", len(args)), true
		}
		f := args[0]
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
			n, ok := f(e)
			if n < 0 {
				return -n, ok && n != -1<<63
			}
			return n, ok
		}}, true
	}
	if len(args) == 0 {
		return fc.fail("%s of nothing", b.Name), true
	}
	isMax := b.Name == "max"
	return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
		best, ok := args[0](e)
		if !ok {
			return 0, false
		}
		for _, f := range args[1:] {
			n, ok := f(e)
			if !ok {
				return 0, false
			}
			if (n > best) == isMax && n != best {
				best = n
			}
		}
		return best, true
	}}, true
}

// caseOf compiles lower or upper of a string (expr's: strings.ToLower,
// strings.ToUpper).
func (fc *flatCompiler) caseOf(upper bool, v flatValue) flatValue {
	if fc.miss != "" {
		return flatValue{}
	}
	if v.kind != fkString {
		return fc.fail("lower or upper of a %s", v.kind)
	}
	l, f := fc.l, v.scalar
	return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
		n, ok := f(e)
		if !ok {
			return 0, false
		}
		s := l.str(e.fs, n)
		if upper {
			s = strings.ToUpper(s)
		} else {
			s = strings.ToLower(s)
		}
		return l.intern(e.fs, s), true
	}}
}

// stringLen compiles len of a string: its runes, as expr counts them.
func stringLen(l *flatLayout, f flatScalar) flatValue {
	return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
		n, ok := f(e)
		if !ok {
			return 0, false
		}
		return int64(utf8.RuneCountInString(l.str(e.fs, n))), true
	}}
}

// replaceOf compiles replace(s, old, new) of strings (expr's:
// strings.ReplaceAll); the text built counts against the memory bound.
func (fc *flatCompiler) replaceOf(s, old, new flatValue) flatValue {
	if fc.miss != "" {
		return flatValue{}
	}
	if s.kind != fkString || old.kind != fkString || new.kind != fkString {
		return fc.fail("replace of a %s, a %s and a %s", s.kind, old.kind, new.kind)
	}
	l, fs, fo, fn := fc.l, s.scalar, old.scalar, new.scalar
	return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
		a, ok1 := fs(e)
		b, ok2 := fo(e)
		c, ok3 := fn(e)
		if !ok1 || !ok2 || !ok3 {
			return 0, false
		}
		out := strings.ReplaceAll(l.str(e.fs, a), l.str(e.fs, b), l.str(e.fs, c))
		if !e.chargeMem(len(out)) {
			return 0, false
		}
		return l.intern(e.fs, out), true
	}}
}

// extremeOfList compiles max(ints) or min(ints); an empty list gives up.
func (fc *flatCompiler) extremeOfList(isMax bool, f flatNums) flatValue {
	return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
		xs, ok := f(e)
		if !ok || len(xs) == 0 {
			return 0, false
		}
		best := xs[0]
		for _, n := range xs[1:] {
			if (n > best) == isMax && n != best {
				best = n
			}
		}
		return best, true
	}}
}

// firstLast compiles first(list) and last(list). Of an empty list expr
// gives nil: the value is orElse's (the right side of a ??), or the
// closure gives up.
func firstLast(list flatValue, last bool, orElse flatScalar) flatValue {
	if orElse == nil {
		orElse = func(*flatEnv) (int64, bool) { return 0, false }
	}
	at := func(n int) int {
		if last {
			return n - 1
		}
		return 0
	}
	if list.cards != nil {
		return flatValue{kind: fkCard, scalar: endOf(list.cards, at, orElse)}
	}
	k := fkInt
	if list.kind == fkStrings {
		k = fkString
	}
	return flatValue{kind: k, scalar: endOf(list.nums, at, orElse)}
}

// endOf is the element at(len) of a list, orElse's value for an empty one.
func endOf[T int32 | int64](list func(*flatEnv) ([]T, bool), at func(int) int, orElse flatScalar) flatScalar {
	return func(e *flatEnv) (int64, bool) {
		xs, ok := list(e)
		switch {
		case !ok:
			return 0, false
		case len(xs) == 0:
			return orElse(e)
		}
		return int64(xs[at(len(xs))]), true
	}
}

// concat compiles concat of lists of one kind: a new list.
func (fc *flatCompiler) concat(b *ast.BuiltinNode) flatValue {
	var parts []flatValue
	for _, a := range b.Arguments {
		v := fc.node(a)
		if fc.miss != "" {
			return flatValue{}
		}
		if v.kind == fkEmpty {
			continue
		}
		if len(parts) > 0 && v.kind != parts[0].kind || !v.kind.isList() || v.kind == fkIntMap {
			return fc.fail("concat of a %s", v.kind)
		}
		parts = append(parts, v)
	}
	if len(parts) == 0 {
		return fc.fail("concat of nothing")
	}
	return joinValues(parts)
}

// joinValues is the lists of parts (of one list kind) one after the
// other.
func joinValues(parts []flatValue) flatValue {
	if parts[0].cards != nil {
		fs := make([]flatCardList, len(parts))
		for i, p := range parts {
			fs[i] = p.cards
		}
		return flatValue{kind: parts[0].kind, cards: joinLists(fs)}
	}
	fs := make([]flatNums, len(parts))
	for i, p := range parts {
		fs[i] = p.nums
	}
	return flatValue{kind: parts[0].kind, nums: joinLists(fs)}
}

// flattenConcat compiles flatten(concat(A, B, …)) of lists of lists as
// the concatenation of each part flattened: a part is a map whose
// predicate gives a list (flatten(map) is flatMap) or a list literal of
// lists (flattened, its lists in order).
func (fc *flatCompiler) flattenConcat(c *ast.BuiltinNode) flatValue {
	var parts []flatValue
	for _, a := range c.Arguments {
		switch x := a.(type) {
		case *ast.BuiltinNode:
			if x.Name != "map" {
				return fc.fail("flatten of a concat of %s", x.Name)
			}
			parts = append(parts, fc.flatMap(x))
		case *ast.ArrayNode:
			for _, n := range x.Nodes {
				parts = append(parts, fc.node(n))
			}
		default:
			return fc.fail("flatten of a concat of a %T", a)
		}
		if fc.miss != "" {
			return flatValue{}
		}
	}
	if len(parts) == 0 {
		return fc.fail("flatten of a concat of nothing")
	}
	for _, p := range parts {
		if p.kind != parts[0].kind || !p.kind.isList() || p.kind == fkIntMap || p.kind == fkIntMaps {
			return fc.fail("flatten of a concat of a %s", p.kind)
		}
	}
	return joinValues(parts)
}

// joinLists is the lists parts give, one after the other, in a new list.
func joinLists[T any, F ~func(*flatEnv) ([]T, bool)](parts []F) func(*flatEnv) ([]T, bool) {
	return func(e *flatEnv) ([]T, bool) {
		var small [4][]T // the parts' lists, to allocate the result once
		lists := small[:0]
		n := 0
		for _, p := range parts {
			xs, ok := p(e)
			if !ok {
				return nil, false
			}
			lists = append(lists, xs)
			n += len(xs)
		}
		if n == 0 {
			return nil, true
		}
		if !e.chargeMem(8 * n) {
			return nil, false
		}
		out := make([]T, 0, n)
		for _, xs := range lists {
			out = append(out, xs...)
		}
		return out, true
	}
}

// array compiles a list literal of ints, strings or cards.
func (fc *flatCompiler) array(a *ast.ArrayNode) flatValue {
	var elems []flatScalar
	kind := fkNone
	for _, n := range a.Nodes {
		v := fc.node(n)
		if fc.miss != "" {
			return flatValue{}
		}
		if kind != fkNone && v.kind != kind || v.scalar == nil || v.kind == fkBool || v.kind == fkPlayer {
			return fc.fail("list literal of a %s", v.kind)
		}
		kind = v.kind
		elems = append(elems, v.scalar)
	}
	if v, ok := fc.constArray(a, kind); ok {
		return v
	}
	switch kind {
	case fkNone:
		if k := fc.kindOf(a.Type()); k.isList() && k != fkIntMap {
			return flatValue{}.emptyOf(k)
		}
		return flatValue{kind: fkEmpty}
	case fkCard:
		return flatValue{kind: fkCards, cards: func(e *flatEnv) ([]int32, bool) {
			out := make([]int32, len(elems))
			for i, f := range elems {
				n, ok := f(e)
				if !ok {
					return nil, false
				}
				out[i] = int32(n)
			}
			return out, true
		}}
	}
	k := fkInts
	if kind == fkString {
		k = fkStrings
	}
	return flatValue{kind: k, nums: func(e *flatEnv) ([]int64, bool) {
		out := make([]int64, len(elems))
		for i, f := range elems {
			n, ok := f(e)
			if !ok {
				return nil, false
			}
			out[i] = n
		}
		return out, true
	}}
}

// constArray folds a list literal of int and string literals (and
// constants) into one list made at load; ok is false for any other.
func (fc *flatCompiler) constArray(a *ast.ArrayNode, kind flatKind) (flatValue, bool) {
	if kind != fkInt && kind != fkString {
		return flatValue{}, false
	}
	out := make([]int64, len(a.Nodes))
	for i, n := range a.Nodes {
		var v any
		switch x := n.(type) {
		case *ast.IntegerNode:
			v = x.Value
		case *ast.StringNode:
			v = x.Value
		case *ast.IdentifierNode:
			v = fc.p.consts[x.Value]
		}
		switch v.(type) {
		case int, string:
		default:
			return flatValue{}, false
		}
		c := fc.constant("", v)
		if c.konst == nil {
			return flatValue{}, false // a string numbered when read (strConst)
		}
		out[i] = *c.konst
	}
	if kind == fkString {
		return constNums(fkStrings, out), true
	}
	return constNums(fkInts, out), true
}

// emptyOf is the empty list of kind k (v, an fkEmpty, takes it from its
// context).
func (v flatValue) emptyOf(k flatKind) flatValue {
	if k == fkCards {
		return flatValue{kind: k, cards: func(*flatEnv) ([]int32, bool) { return nil, true }}
	}
	return flatValue{kind: k, nums: func(*flatEnv) ([]int64, bool) { return nil, true }}
}

// rangeOf compiles a .. b: the ints from a to b (none when b < a).
func rangeOf(l, r flatValue) flatValue {
	lf, rf := l.scalar, r.scalar
	return flatValue{kind: fkInts, nums: func(e *flatEnv) ([]int64, bool) {
		a, ok := lf(e)
		b, ok2 := rf(e)
		if !ok || !ok2 || b-a > 1<<20 {
			return nil, false
		}
		if b < a {
			return nil, true
		}
		if !e.chargeMem(8 * int(b-a+1)) {
			return nil, false
		}
		out := make([]int64, 0, b-a+1)
		for n := a; n <= b; n++ {
			out = append(out, n)
		}
		return out, true
	}}
}

// orElse compiles a ?? b. A typed closure's value is never nil but for
// find and findIndex of nothing and first and last of an empty list: a missing key of an intmap reads as its
// default (mapDefault), as expr reads a Go map[string]int, so a ?? b is
// a, or a find with b for nothing found.
func (fc *flatCompiler) orElse(b *ast.BinaryNode) flatValue {
	right := fc.node(b.Right)
	if fc.miss != "" {
		return flatValue{}
	}
	var left flatValue
	if f, ok := b.Left.(*ast.BuiltinNode); ok && (f.Name == "find" || f.Name == "findIndex" || f.Name == "first" || f.Name == "last") {
		left = fc.builtinOr(f, right.scalar)
	} else {
		left = fc.node(b.Left)
	}
	if fc.miss == "" && left.kind != right.kind {
		return fc.fail("?? of %s and %s", left.kind, right.kind)
	}
	return left
}

// findIn compiles find and findIndex over a list, or findIndex over the
// players (their seats). Finding nothing is nil in expr: the value is
// orElse's (the right side of a ??), or the closure gives up.
func (fc *flatCompiler) findIn(name string, list flatValue, elem int, pred flatScalar, orElse flatScalar) flatValue {
	index := name == "findIndex"
	if orElse == nil {
		orElse = func(*flatEnv) (int64, bool) { return 0, false }
	}
	if list.kind == fkPlayers {
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
			if !e.charge(e.fs.players) {
				return 0, false
			}
			for s := range int64(e.fs.players) {
				e.slots[elem] = s
				t, ok := pred(e)
				if !ok {
					return 0, false
				}
				if t == 1 {
					return s, true
				}
			}
			return orElse(e)
		}}.onlyIf(index)
	}
	k := fkInt
	switch list.kind {
	case fkCards:
		k = fkCard
	case fkStrings:
		k = fkString
	}
	if index {
		k = fkInt
	}
	p := predLoop{elem: elem, pred: pred, cards: list.cards, nums: list.nums}
	return flatValue{kind: k, scalar: func(e *flatEnv) (int64, bool) {
		i, at, found := int64(-1), int64(-1), int64(0)
		ok := p.walk(e, func(x int64) (bool, bool) {
			i++
			t, ok := p.test(e, x)
			if ok && t == 1 {
				at, found = i, x
			}
			return t == 1, ok
		})
		switch {
		case !ok:
			return 0, false
		case at < 0:
			return orElse(e)
		case index:
			return at, true
		}
		return found, true
	}}
}

// onlyIf is v when cond holds, else nothing (not covered).
func (v flatValue) onlyIf(cond bool) flatValue {
	if cond {
		return v
	}
	return flatValue{}
}

// engineCall compiles the engine's functions the typed closures cover:
// div and divUp (floor and ceiling division of ints), without (a list
// less an element or a list of them), card (the card of an id), has (a
// key present in an intmap) and plural (a count and its noun).
func (fc *flatCompiler) engineCall(name string, args []ast.Node) flatValue {
	var vs []flatValue
	for _, a := range args {
		if vs = append(vs, fc.node(a)); fc.miss != "" {
			return flatValue{}
		}
	}
	switch {
	case (name == "div" || name == "divUp") && len(vs) == 2 && vs[0].kind == fkInt && vs[1].kind == fkInt:
		af, bf, up := vs[0].scalar, vs[1].scalar, name == "divUp"
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
			a, ok := af(e)
			b, ok2 := bf(e)
			if !ok || !ok2 || b == 0 || b == -1 {
				return 0, false // the present runtime's error, or its overflow check
			}
			q, r := a/b, a%b
			if r != 0 && (r < 0) == (b > 0) {
				q--
			}
			if up && r != 0 {
				q++
			}
			return q, true
		}}
	case name == "without" && len(vs) == 2:
		return fc.without(vs[0], vs[1])
	case name == "card" && len(vs) == 1:
		return fc.cardByID(vs[0])
	case name == "has" && len(vs) == 2 && vs[0].kind == fkIntMap && vs[1].kind == fkString:
		return fc.in(vs[1], vs[0]) // a key present in the map, as key in map
	case name == "plural" && len(vs) == 2 && vs[0].kind == fkInt && vs[1].kind == fkString:
		l, nf, wf := fc.l, vs[0].scalar, vs[1].scalar
		return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
			n, ok := nf(e)
			w, ok2 := wf(e)
			if !ok || !ok2 {
				return 0, false
			}
			s := "1 " + l.str(e.fs, w)
			if n != 1 {
				s = strconv.FormatInt(n, 10) + " " + l.str(e.fs, w) + "s"
			}
			return l.intern(e.fs, s), true
		}}
	}
	return fc.fail("engine function %s", name)
}

// without compiles without(list, x) and without(list, xs): a new list.
func (fc *flatCompiler) without(list, drop flatValue) flatValue {
	switch {
	case list.kind == fkCards && (drop.kind == fkCard || drop.kind == fkCards):
		lf, one, many := list.cards, drop.scalar, drop.cards
		return flatValue{kind: fkCards, cards: func(e *flatEnv) ([]int32, bool) {
			xs, ok := lf(e)
			if !ok {
				return nil, false
			}
			var gone []int32
			var c int64
			if one != nil {
				c, ok = one(e)
			} else {
				gone, ok = many(e)
			}
			if !ok {
				return nil, false
			}
			out := make([]int32, 0, len(xs))
			for _, x := range xs {
				if one != nil && int64(x) != c || one == nil && !containsCard(gone, x) {
					out = append(out, x)
				}
			}
			return out, true
		}}
	case (list.kind == fkInts || list.kind == fkStrings) && drop.scalar != nil && drop.kind == elemKind(list.kind):
		lf, df := list.nums, drop.scalar
		return flatValue{kind: list.kind, nums: func(e *flatEnv) ([]int64, bool) {
			xs, ok := lf(e)
			d, ok2 := df(e)
			if !ok || !ok2 {
				return nil, false
			}
			out := make([]int64, 0, len(xs))
			for _, x := range xs {
				if x != d {
					out = append(out, x)
				}
			}
			return out, true
		}}
	}
	return fc.fail("without of a %s and a %s", list.kind, drop.kind)
}

func containsCard(xs []int32, c int32) bool {
	for _, x := range xs {
		if x == c {
			return true
		}
	}
	return false
}

// elemOf is the kind of the element a predicate over a list of kind k
// gets: what # is, whatever type the checker gave it (expr types the
// elements of concat and flatten any).
func elemOf(k flatKind) flatKind {
	switch k {
	case fkIntMaps:
		return fkIntMap
	case fkSeats:
		return fkPlayer
	}
	return elemKind(k)
}

// elemKind is the kind of a list's elements.
func elemKind(k flatKind) flatKind {
	switch k {
	case fkCards:
		return fkCard
	case fkPlayers:
		return fkPlayer
	case fkStrings:
		return fkString
	}
	return fkInt
}

// flatMap compiles flatten(map(list, f)) where f gives a list: the lists
// f gives for each element, one after the other, in a new list.
func (fc *flatCompiler) flatMap(m *ast.BuiltinNode) flatValue {
	if len(m.Arguments) != 2 {
		return fc.fail("flatten of a map with %d arguments", len(m.Arguments))
	}
	p, ok := m.Arguments[1].(*ast.PredicateNode)
	list := fc.node(m.Arguments[0])
	if fc.miss != "" || !ok {
		return fc.fail("flatten of a map without a predicate")
	}
	if !list.kind.isList() && list.kind != fkPlayers || list.kind == fkIntMap || list.kind == fkIntMaps {
		return fc.fail("flatten of a map of a %s", list.kind)
	}
	pb := fc.bind("#", elemOf(list.kind))
	fc.hoistBound(pb, true)
	fc.preds = append(fc.preds, pb)
	f := fc.node(p.Node)
	fc.preds = fc.preds[:len(fc.preds)-1]
	if fc.miss != "" {
		return flatValue{}
	}
	loop := predLoop{elem: pb.slot, cards: list.cards, nums: list.nums, seats: list.kind == fkPlayers}
	switch {
	case f.cards != nil:
		return flatValue{kind: fkCards, cards: func(e *flatEnv) ([]int32, bool) {
			var out []int32
			ok := loop.walk(e, func(x int64) (bool, bool) {
				e.slots[pb.slot] = x
				xs, ok := f.cards(e)
				out = append(out, xs...)
				return false, ok
			})
			return out, ok
		}}
	case f.nums != nil && (f.kind == fkInts || f.kind == fkStrings):
		return flatValue{kind: f.kind, nums: func(e *flatEnv) ([]int64, bool) {
			var out []int64
			ok := loop.walk(e, func(x int64) (bool, bool) {
				e.slots[pb.slot] = x
				xs, ok := f.nums(e)
				out = append(out, xs...)
				return false, ok
			})
			return out, ok
		}}
	}
	return fc.fail("flatten of a map to a %s", f.kind)
}

// slice compiles list[a:b] (either bound may be left out): a part of the
// list, bounds clamped as expr clamps them.
func (fc *flatCompiler) slice(s *ast.SliceNode) flatValue {
	list := fc.node(s.Node)
	var from, to flatValue
	if s.From != nil {
		from = fc.node(s.From)
	}
	if s.To != nil {
		to = fc.node(s.To)
	}
	if fc.miss != "" {
		return flatValue{}
	}
	if list.kind != fkCards && list.kind != fkInts && list.kind != fkStrings && list.kind != fkString ||
		s.From != nil && from.kind != fkInt || s.To != nil && to.kind != fkInt {
		return fc.fail("a slice of a %s", list.kind)
	}
	bounds := func(e *flatEnv, n int) (int, int, bool) {
		a, b := int64(0), int64(n)
		var ok bool
		if from.scalar != nil {
			if a, ok = from.scalar(e); !ok {
				return 0, 0, false
			}
		}
		if to.scalar != nil {
			if b, ok = to.scalar(e); !ok {
				return 0, 0, false
			}
		}
		a, b = clampIndex(a, n), clampIndex(b, n)
		if b < a {
			b = a
		}
		return int(a), int(b), true
	}
	if list.kind == fkString { // its bytes, as expr slices a string
		l := fc.l
		return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
			n, ok := list.scalar(e)
			if !ok {
				return 0, false
			}
			str := l.str(e.fs, n)
			a, b, ok := bounds(e, len(str))
			if !ok {
				return 0, false
			}
			return l.intern(e.fs, str[a:b]), true
		}}
	}
	if list.cards != nil {
		return flatValue{kind: fkCards, cards: func(e *flatEnv) ([]int32, bool) {
			xs, ok := list.cards(e)
			if !ok {
				return nil, false
			}
			a, b, ok := bounds(e, len(xs))
			return xs[a:b:b], ok
		}}
	}
	return flatValue{kind: list.kind, nums: func(e *flatEnv) ([]int64, bool) {
		xs, ok := list.nums(e)
		if !ok {
			return nil, false
		}
		a, b, ok := bounds(e, len(xs))
		return xs[a:b:b], ok
	}}
}

// clampIndex is a slice bound as expr takes it: negative from the end,
// then within 0..n.
func clampIndex(i int64, n int) int64 {
	if i < 0 {
		i += int64(n)
	}
	return min(max(i, 0), int64(n))
}
