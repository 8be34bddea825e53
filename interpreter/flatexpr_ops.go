package interpreter

import (
	"github.com/expr-lang/expr/ast"
	"slices"
)

// The typed closures' member reads, operators and ruleset function
// calls (flatexpr.go).

// member compiles x.f and x[i]: a player's variable or zone, a card's
// prop or attribute, an element of a list or a key of an intmap.
func (fc *flatCompiler) member(m *ast.MemberNode) flatValue {
	base := fc.node(m.Node)
	if fc.miss != "" {
		return flatValue{}
	}
	switch base.kind {
	case fkBoard:
		return fc.boardMember(base.board, m)
	case fkNamedLists:
		return fc.namedList(base, m)
	case fkNode:
		if s, ok := m.Property.(*ast.StringNode); ok {
			return fc.nodeField(base, s.Value)
		}
	case fkStrMap:
		key := fc.node(m.Property)
		if fc.miss != "" || key.kind != fkString {
			return fc.fail("a map of strings[%s]", key.kind)
		}
		d, kf := base.dense, key.scalar
		return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
			k, ok := kf(e)
			if !ok {
				return 0, false
			}
			return d.get(k)
		}}
	case fkRecords:
		key := fc.node(m.Property)
		if fc.miss != "" || key.kind != fkInt {
			return fc.fail("records[%s]", key.kind)
		}
		return flatValue{kind: fkRecord, records: base.records, scalar: key.scalar}
	case fkRecord:
		if s, ok := m.Property.(*ast.StringNode); ok {
			return fc.recordField(base, base, s.Value)
		}
	}
	if s, ok := m.Property.(*ast.StringNode); ok && (base.kind == fkPlayer || base.kind == fkCard) {
		if base.kind == fkPlayer {
			return fc.playerField(base.scalar, s.Value)
		}
		if isLocKey(s.Value) {
			return fc.location(base.scalar, s.Value)
		}
		return fc.cardField(base, s.Value)
	}
	key := fc.node(m.Property)
	if fc.miss != "" {
		return flatValue{}
	}
	switch base.kind {
	case fkFamily:
		return fc.familyZone(base.family, key)
	case fkPlayers:
		if key.kind != fkInt {
			return fc.fail("players[%s]", key.kind)
		}
		return flatValue{kind: fkPlayer, scalar: func(e *flatEnv) (int64, bool) {
			s, ok := key.scalar(e)
			return s, ok && s >= 0 && s < int64(e.fs.players)
		}}
	case fkIntMap:
		if key.kind != fkString {
			return fc.fail("intmap[%s]", key.kind)
		}
		def := fc.mapDefault(m.Node)
		if d := base.dense; d != nil {
			kf := key.scalar
			return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
				k, ok := kf(e)
				if !ok {
					return 0, false
				}
				if v, has := d.get(k); has {
					return v, true
				}
				return def, true
			}}
		}
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
			pairs, ok := base.nums(e)
			k, ok2 := key.scalar(e)
			if !ok || !ok2 {
				return 0, false
			}
			if v, has := pairLookup(pairs, k); has {
				return v, true
			}
			return def, true
		}}
	case fkIntMaps:
		if key.kind != fkInt {
			return fc.fail("intmaps[%s]", key.kind)
		}
		return flatValue{kind: fkIntMap, nums: func(e *flatEnv) ([]int64, bool) {
			xs, ok := base.nums(e)
			i, ok2 := key.scalar(e)
			if !ok || !ok2 {
				return nil, false
			}
			return nthIntMap(xs, i)
		}}
	case fkCards:
		if key.kind != fkInt {
			return fc.fail("cards[%s]", key.kind)
		}
		return flatValue{kind: fkCard, scalar: elementAt(base.cards, key.scalar)}
	case fkInts, fkStrings:
		if key.kind != fkInt {
			return fc.fail("list[%s]", key.kind)
		}
		k := fkInt
		if base.kind == fkStrings {
			k = fkString
		}
		return flatValue{kind: k, scalar: elementAt(base.nums, key.scalar)}
	}
	return fc.fail("member of a %s", base.kind)
}

// nthIntMap is map i (negative from the end) of an intmaps payload: its
// pairs, a part of the payload.
func nthIntMap(xs []int64, i int64) ([]int64, bool) {
	var starts []int
	for k := 0; k < len(xs); k += 1 + 2*int(xs[k]) {
		starts = append(starts, k)
	}
	i, in := listIndex(i, len(starts))
	if !in {
		return nil, false
	}
	k := starts[i]
	return xs[k+1 : k+1+2*int(xs[k])], true
}

// elementAt is list[key] of a list of card numbers or of numbers (an
// index out of range gives up).
func elementAt[T int32 | int64](list func(*flatEnv) ([]T, bool), key flatScalar) flatScalar {
	return func(e *flatEnv) (int64, bool) {
		xs, ok := list(e)
		i, ok2 := key(e)
		if !ok || !ok2 {
			return 0, false
		}
		i, in := listIndex(i, len(xs))
		if !in {
			return 0, false
		}
		return int64(xs[i]), true
	}
}

// listIndex is expr's index i of a list of n (negative from the end).
func listIndex(i int64, n int) (int64, bool) {
	if i < 0 {
		i += int64(n)
	}
	return i, i >= 0 && i < int64(n)
}

// mapDefault is what a missing key of the intmap base reads as: the
// default its variable declares (defaults.go), else 0, as expr reads a
// missing key of a Go map[string]int.
func (fc *flatCompiler) mapDefault(base ast.Node) int64 {
	if fc.defaults == nil {
		return 0
	}
	switch b := base.(type) {
	case *ast.IdentifierNode:
		return int64(fc.defaults.global[b.Value])
	case *ast.MemberNode:
		if name, ok := b.Property.(*ast.StringNode); ok && b.Node.Type() == fc.p.tc.player {
			return int64(fc.defaults.player[name.Value])
		}
	}
	return 0
}

// pairLookup is the value of key k among (key, value) pairs.
func pairLookup(pairs []int64, k int64) (int64, bool) {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i] == k {
			return pairs[i+1], true
		}
	}
	return 0, false
}

// playerField compiles players[s].name: the seat, a variable's cell or a
// player zone.
func (fc *flatCompiler) playerField(seat flatScalar, name string) flatValue {
	l := fc.l
	if name == "id" {
		return flatValue{kind: fkInt, scalar: seat}
	}
	for j, v := range l.pvars {
		if v.name == name {
			k := declaredKind(v.typ)
			if k == fkNone {
				return fc.fail("player var of type %s", v.typ)
			}
			fc.read(l.pvarGroup(j))
			return cellRead(k, func(_ *flatEnv, s int64) int { return l.pvarCell(int(s), j) }, seat)
		}
	}
	for j, z := range l.pzones {
		if z == name {
			fc.read(l.placesGroup())
			return flatValue{kind: fkCards, cards: func(e *flatEnv) ([]int32, bool) {
				s, ok := seat(e)
				if !ok {
					return nil, false
				}
				return e.fs.zones[l.pzone(int(s), j)], true
			}}
		}
	}
	return fc.fail("player field %s", name)
}

// cardField compiles c.name: a prop from the state's pages, an attribute
// from the Program's columns.
func (fc *flatCompiler) cardField(base flatValue, name string) flatValue {
	l, card := fc.l, base.scalar
	for j, p := range l.props {
		if p == name {
			k := declaredKind(l.propType[j])
			if k == fkNone {
				return fc.fail("card prop of type %s", l.propType[j])
			}
			width := len(l.props)
			fc.read(l.propGroup(j))
			if s := base.slot - 1; s >= 0 && !k.isList() { // a local's or an element's prop
				return flatValue{kind: k, scalar: func(e *flatEnv) (int64, bool) {
					c := e.slots[s]
					return e.fs.props[c/propPage][int(c%propPage)*width+j], true
				}}
			}
			read := func(e *flatEnv) (int64, bool) {
				c, ok := card(e)
				if !ok {
					return 0, false
				}
				return e.fs.props[c/propPage][int(c%propPage)*width+j], true
			}
			if !k.isList() {
				return flatValue{kind: k, scalar: read}
			}
			return flatValue{kind: k, nums: func(e *flatEnv) ([]int64, bool) {
				n, ok := read(e)
				if !ok {
					return nil, false
				}
				return e.fs.lists[n], true
			}}
		}
	}
	a := fc.attr(name)
	if a == nil {
		return flatValue{}
	}
	if s := base.slot - 1; s >= 0 && !a.kind.isList() { // a local's or an element's attribute
		col := a.scalars
		return flatValue{kind: a.kind, scalar: func(e *flatEnv) (int64, bool) { return col[e.slots[s]], true },
			column: &flatColumn{col: col, slot: s}}
	}
	if !a.kind.isList() {
		col := a.scalars
		return flatValue{kind: a.kind, scalar: func(e *flatEnv) (int64, bool) {
			c, ok := card(e)
			if !ok {
				return 0, false
			}
			return col[c], true
		}}
	}
	col := a.lists
	return flatValue{kind: a.kind, nums: func(e *flatEnv) ([]int64, bool) {
		c, ok := card(e)
		if !ok {
			return nil, false
		}
		return col[c], true
	}}
}

// binary compiles an operator.
// listsEqual compiles == (or != when !eq) of two lists of one kind, as
// expr compares them: element by element (strings by their numbers: one
// string has one number). Nothing when the kinds differ.
func listsEqual(l, r flatValue, eq bool) flatValue {
	same := func(equal, ok bool) (int64, bool) {
		if equal == eq {
			return 1, ok
		}
		return 0, ok
	}
	switch {
	case l.kind == fkCards && r.kind == fkCards:
		return flatValue{kind: fkBool, scalar: func(e *flatEnv) (int64, bool) {
			a, ok1 := l.cards(e)
			b, ok2 := r.cards(e)
			return same(slices.Equal(a, b), ok1 && ok2)
		}}
	case l.kind == r.kind && (l.kind == fkInts || l.kind == fkStrings):
		return flatValue{kind: fkBool, scalar: func(e *flatEnv) (int64, bool) {
			a, ok1 := l.nums(e)
			b, ok2 := r.nums(e)
			return same(slices.Equal(a, b), ok1 && ok2)
		}}
	}
	return flatValue{}
}

func (fc *flatCompiler) binary(b *ast.BinaryNode) flatValue {
	if b.Operator == "??" {
		return fc.orElse(b)
	}
	l, r := fc.node(b.Left), fc.node(b.Right)
	if fc.miss != "" {
		return flatValue{}
	}
	switch b.Operator {
	case "&&", "and", "||", "or":
		if v := logic(l, r, b.Operator == "&&" || b.Operator == "and"); v.scalar != nil {
			return v
		}
		return fc.fail("operator %s on %s and %s", b.Operator, l.kind, r.kind)
	case "in":
		return fc.in(l, r)
	case "..":
		if l.kind == fkInt && r.kind == fkInt {
			return rangeOf(l, r)
		}
	}
	if (b.Operator == "==" || b.Operator == "!=") && l.scalar == nil && r.scalar == nil {
		if v := listsEqual(l, r, b.Operator == "=="); v.scalar != nil {
			return v
		}
	}
	if l.scalar == nil || r.scalar == nil {
		return fc.fail("operator %s on %s and %s", b.Operator, l.kind, r.kind)
	}
	if b.Operator == "+" && l.kind == fkString && r.kind == fkString {
		return fc.joinStrings(l, r)
	}
	op := scalarOps[b.Operator]
	if op.fn == nil || (op.ints && (l.kind != fkInt || r.kind != fkInt)) || (!op.ints && l.kind != r.kind) {
		return fc.fail("operator %s on %s and %s", b.Operator, l.kind, r.kind)
	}
	if r.konst != nil && l.column != nil {
		if v := compareColumn(b.Operator, l.column, *r.konst); v.scalar != nil {
			return v
		}
	}
	if r.konst != nil {
		if v := compareConst(b.Operator, l.scalar, *r.konst); v.scalar != nil {
			return v
		}
	}
	if f := scalarOpClosure(b.Operator, l.scalar, r.scalar); f != nil {
		return flatValue{kind: op.kind, scalar: f}
	}
	fn, lf, rf := op.fn, l.scalar, r.scalar
	return flatValue{kind: op.kind, scalar: func(e *flatEnv) (int64, bool) {
		a, ok := lf(e)
		if !ok {
			return 0, false
		}
		c, ok := rf(e)
		if !ok {
			return 0, false
		}
		return fn(a, c)
	}}
}

// scalarOpClosure compiles the commonest operators on two computed
// numbers with the operation written in the closure (scalarOps' checks
// included), where the general closure calls the operator; nil for the
// others.
func scalarOpClosure(op string, lf, rf flatScalar) flatScalar {
	switch op {
	case "+":
		return func(e *flatEnv) (int64, bool) {
			a, ok := lf(e)
			if !ok {
				return 0, false
			}
			c, ok := rf(e)
			if !ok {
				return 0, false
			}
			s := a + c
			return s, (s > a) == (c > 0)
		}
	case "-":
		return func(e *flatEnv) (int64, bool) {
			a, ok := lf(e)
			if !ok {
				return 0, false
			}
			c, ok := rf(e)
			if !ok {
				return 0, false
			}
			s := a - c
			return s, (s < a) == (c > 0)
		}
	case "<":
		return func(e *flatEnv) (int64, bool) {
			a, ok := lf(e)
			if !ok {
				return 0, false
			}
			c, ok := rf(e)
			if !ok {
				return 0, false
			}
			return boolNum(a < c), true
		}
	case "<=":
		return func(e *flatEnv) (int64, bool) {
			a, ok := lf(e)
			if !ok {
				return 0, false
			}
			c, ok := rf(e)
			if !ok {
				return 0, false
			}
			return boolNum(a <= c), true
		}
	case ">":
		return func(e *flatEnv) (int64, bool) {
			a, ok := lf(e)
			if !ok {
				return 0, false
			}
			c, ok := rf(e)
			if !ok {
				return 0, false
			}
			return boolNum(a > c), true
		}
	case ">=":
		return func(e *flatEnv) (int64, bool) {
			a, ok := lf(e)
			if !ok {
				return 0, false
			}
			c, ok := rf(e)
			if !ok {
				return 0, false
			}
			return boolNum(a >= c), true
		}
	case "==":
		return func(e *flatEnv) (int64, bool) {
			a, ok := lf(e)
			if !ok {
				return 0, false
			}
			c, ok := rf(e)
			if !ok {
				return 0, false
			}
			return boolNum(a == c), true
		}
	case "!=":
		return func(e *flatEnv) (int64, bool) {
			a, ok := lf(e)
			if !ok {
				return 0, false
			}
			c, ok := rf(e)
			if !ok {
				return 0, false
			}
			return boolNum(a != c), true
		}
	}
	return nil
}

// scalarOp is an operator on two numbers: ints only (arithmetic,
// ordering) or two of the same kind (equality), and its result's kind.
type scalarOp struct {
	fn   func(a, b int64) (int64, bool)
	ints bool
	kind flatKind
}

// scalarOps are the operators over numbers; arithmetic is checked, as
// the present runtime's is (checked.go): an overflow gives up.
var scalarOps = map[string]scalarOp{
	"+": {func(a, b int64) (int64, bool) {
		s := a + b
		return s, (s > a) == (b > 0)
	}, true, fkInt},
	"-": {func(a, b int64) (int64, bool) {
		s := a - b
		return s, (s < a) == (b > 0)
	}, true, fkInt},
	"*": {func(a, b int64) (int64, bool) {
		if a == 0 || b == 0 {
			return 0, true
		}
		p := a * b
		return p, p/b == a && !(a == -1 && b == -1<<63) && !(b == -1 && a == -1<<63)
	}, true, fkInt},
	"%": {func(a, b int64) (int64, bool) {
		if b == 0 {
			return 0, false
		}
		return a % b, true
	}, true, fkInt},
	"<":  {func(a, b int64) (int64, bool) { return boolNum(a < b), true }, true, fkBool},
	"<=": {func(a, b int64) (int64, bool) { return boolNum(a <= b), true }, true, fkBool},
	">":  {func(a, b int64) (int64, bool) { return boolNum(a > b), true }, true, fkBool},
	">=": {func(a, b int64) (int64, bool) { return boolNum(a >= b), true }, true, fkBool},
	"==": {func(a, b int64) (int64, bool) { return boolNum(a == b), true }, false, fkBool},
	"!=": {func(a, b int64) (int64, bool) { return boolNum(a != b), true }, false, fkBool},
}

// logic compiles && (and true) or ||, short-circuiting.
func logic(l, r flatValue, and bool) flatValue {
	if l.kind != fkBool || r.kind != fkBool {
		return flatValue{}
	}
	lf, rf := l.scalar, r.scalar
	stop := boolNum(!and) // && stops at false, || at true
	return flatValue{kind: fkBool, scalar: func(e *flatEnv) (int64, bool) {
		a, ok := lf(e)
		if !ok || a == stop {
			return a, ok
		}
		return rf(e)
	}}
}

// in compiles x in list: a string or int among a list's numbers, a card
// among cards, a key of an intmap.
func (fc *flatCompiler) in(x, list flatValue) flatValue {
	xf := x.scalar
	switch {
	case list.kind == fkCards && x.kind == fkCard:
		lf := list.cards
		return flatValue{kind: fkBool, scalar: func(e *flatEnv) (int64, bool) {
			c, ok := xf(e)
			xs, ok2 := lf(e)
			if !ok || !ok2 {
				return 0, false
			}
			for _, y := range xs {
				if int64(y) == c {
					return 1, true
				}
			}
			return 0, true
		}}
	case (list.kind == fkStrings && x.kind == fkString) || (list.kind == fkInts && x.kind == fkInt):
		lf := list.nums
		return flatValue{kind: fkBool, scalar: func(e *flatEnv) (int64, bool) {
			n, ok := xf(e)
			xs, ok2 := lf(e)
			if !ok || !ok2 {
				return 0, false
			}
			for _, y := range xs {
				if y == n {
					return 1, true
				}
			}
			return 0, true
		}}
	case list.kind == fkIntMap && x.kind == fkString:
		lf := list.nums
		return flatValue{kind: fkBool, scalar: func(e *flatEnv) (int64, bool) {
			k, ok := xf(e)
			pairs, ok2 := lf(e)
			if !ok || !ok2 {
				return 0, false
			}
			_, has := pairLookup(pairs, k)
			return boolNum(has), true
		}}
	}
	return fc.fail("%s in %s", x.kind, list.kind)
}

// unary compiles not and negation.
func (fc *flatCompiler) unary(u *ast.UnaryNode) flatValue {
	v := fc.node(u.Node)
	if fc.miss != "" {
		return flatValue{}
	}
	f := v.scalar
	switch {
	case (u.Operator == "not" || u.Operator == "!") && v.kind == fkBool:
		return flatValue{kind: fkBool, scalar: func(e *flatEnv) (int64, bool) {
			b, ok := f(e)
			return 1 - b, ok
		}}
	case u.Operator == "-" && v.kind == fkInt:
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
			n, ok := f(e)
			return -n, ok && n != -1<<63
		}}
	case u.Operator == "+" && v.kind == fkInt:
		return v
	}
	return fc.fail("unary %s on %s", u.Operator, v.kind)
}

// conditional compiles c ? a : b.
func (fc *flatCompiler) conditional(c *ast.ConditionalNode) flatValue {
	cond, a, b := fc.node(c.Cond), fc.node(c.Exp1), fc.node(c.Exp2)
	if fc.miss != "" {
		return flatValue{}
	}
	if a.kind == fkEmpty && b.kind.isList() { // cond ? [] : list
		a = a.emptyOf(b.kind)
	} else if b.kind == fkEmpty && a.kind.isList() {
		b = b.emptyOf(a.kind)
	}
	if cond.kind != fkBool || a.kind != b.kind {
		return fc.fail("?: of %s and %s", a.kind, b.kind)
	}
	cf := cond.scalar
	out := flatValue{kind: a.kind}
	switch {
	case a.scalar != nil:
		out.scalar = choose(cf, a.scalar, b.scalar)
	case a.cards != nil:
		out.cards = choose(cf, a.cards, b.cards)
	case a.nums != nil:
		out.nums = choose(cf, a.nums, b.nums)
	default:
		return fc.fail("?: of %s", a.kind)
	}
	return out
}

// choose is cond ? a : b over closures of any one result type.
func choose[T any](cond flatScalar, a, b func(*flatEnv) (T, bool)) func(*flatEnv) (T, bool) {
	return func(e *flatEnv) (T, bool) {
		t, ok := cond(e)
		switch {
		case !ok:
			var zero T
			return zero, false
		case t != 0:
			return a(e)
		}
		return b(e)
	}
}

// call compiles a call of a ruleset function by inlining its body, its
// parameters bound to new slots of the frame. A function that calls
// itself, directly or not, is not covered yet.
func (fc *flatCompiler) call(c *ast.CallNode) flatValue {
	id, ok := c.Callee.(*ast.IdentifierNode)
	if !ok {
		return fc.fail("call of an expression")
	}
	f := fc.p.funcs[id.Value]
	if f == nil {
		args := c.Arguments
		if len(args) > 0 {
			if env, isEnv := args[0].(*ast.IdentifierNode); isEnv && env.Value == "$env" {
				args = args[1:]
			}
		}
		if v, ok := fc.boardCall(id.Value, args); ok {
			return v
		}
		if v, ok := fc.listFunc(id.Value, args); ok {
			return v
		}
		if id.Value == "reachable" {
			return fc.reachable(args)
		}
		return fc.engineCall(id.Value, args)
	}
	for _, name := range fc.inline {
		if name == f.name {
			rec := fc.recs[f.name]
			if rec == nil {
				return fc.fail("recursive function %s", f.name)
			}
			args := c.Arguments
			if len(args) > 0 {
				if env, isEnv := args[0].(*ast.IdentifierNode); isEnv && env.Value == "$env" {
					args = args[1:]
				}
			}
			return fc.recursiveCall(rec, args).typedAs(declaredKind(fc.p.rs.Functions[f.name].Returns))
		}
	}
	if f.body == nil || f.body.checked == nil {
		return fc.fail("function %s without a checked body", f.name)
	}
	args := c.Arguments
	if len(args) > 0 {
		if env, isEnv := args[0].(*ast.IdentifierNode); isEnv && env.Value == "$env" {
			args = args[1:]
		}
	}
	if len(args) != len(f.params) {
		return fc.fail("call of %s with %d arguments", f.name, len(args))
	}
	var stores []func(e *flatEnv) bool
	var scalars []flatScalar // the arguments' closures, while all are scalars
	var slots []int
	var params []flatBinding
	rec := &flatRec{}
	rec.slots[0], rec.lists[0], rec.nums[0] = fc.out.slots, fc.out.lists, fc.out.nums
	for i, a := range args {
		reads, bound := fc.hoistMark()
		v := fc.node(a)
		if fc.miss != "" {
			return flatValue{}
		}
		if k := declaredKind(f.params[i].Type); k != v.kind {
			return fc.fail("argument %s of %s: %s for %s", f.params[i].Name, f.name, v.kind, f.params[i].Type)
		}
		b := fc.bind(f.params[i].Name, v.kind)
		fc.hoistBound(b, fc.hoistVaries(reads, bound))
		stores = append(stores, b.store(v))
		if v.scalar != nil && len(scalars) == i {
			scalars, slots = append(scalars, v.scalar), append(slots, b.slot)
		}
		params = append(params, b)
	}
	rec.params = params
	if fc.recs == nil {
		fc.recs = map[string]*flatRec{}
	}
	outerRec := fc.recs[f.name]
	fc.recs[f.name] = rec
	defer func() { fc.recs[f.name] = outerRec }()
	saved, outerReads, outerVolatile := fc.scope, fc.reads, fc.volatile
	var reads flatGroups
	fc.scope, fc.reads, fc.volatile = params, &reads, false
	fc.inline = append(fc.inline, f.name)
	body := fc.node(f.body.checked)
	fc.inline = fc.inline[:len(fc.inline)-1]
	volatile := fc.volatile
	fc.scope, fc.reads, fc.volatile = saved, outerReads, outerVolatile || volatile
	if outerReads != nil {
		outerReads.merge(reads)
	}
	if fc.miss != "" {
		return flatValue{}
	}
	rec.slots[1], rec.lists[1], rec.nums[1] = fc.out.slots, fc.out.lists, fc.out.nums
	rec.body = body
	bind := bindArgs(stores, scalars, slots)
	if fc.progLocals != nil && !volatile && len(params) <= memoArgs && f.memo >= 0 {
		if v, ok := fc.remembered(f.memo, body, bind, params, reads); ok {
			return v
		}
	}
	return wrapValue(body, bind)
}
