package interpreter

import (
	"github.com/expr-lang/expr/ast"
)

// Element conditions. Most predicates of the shipped rulesets test the
// element against things the element does not change:
//
//	count(zone, .kind == k)              filter(tiles, .class == k && .worker)
//	filter(seas, (fleets[#] ?? 0) > 0)   findLast(slots, base[#] <= s)
//
// The general loop pushes each element on the closures' element stack and
// calls the $step closure, which calls the condition's closures, each of
// which boxes what it gives back. For a condition made only of the
// element, its fields and indices, comparisons, and, or, not, in and ??,
// and sides that do not read the element, the loop evaluates the
// condition itself on each element (elemCond, elemValue), without the
// element stack. The sides that do not read the element are hoisted: they
// must be pure and charge nothing (names, literals, member and index reads
// of them, checked int arithmetic on them — no ruleset call, no
// predicate, no list built), so they are evaluated once before the loop,
// which is the same as once a round, and evaluating them for an empty
// list, or where and/or would have skipped them, changes nothing but may
// give up, which the VM then evaluates. The rounds' steps are charged
// when the loop ends: the same total as one after each round, and the VM
// fails only when the total exceeds the limit, where the loop gives up
// too. Anything a part does not know gives up as its closure would.

// elemValue is a value computed from an element e and the hoisted sides'
// values h; elemCond a condition.
type (
	elemValue func(x *fastCtx, e any, h []any) (any, bool)
	elemCond  func(x *fastCtx, e any, h []any) (bool, bool)
)

// condCompiler compiles an element condition; hoist are the closures of
// its sides that do not read the element, whose values the loop computes
// first (h, the context's hoist list).
type condCompiler struct {
	fc    *fastCompiler
	hoist []fastFunc
	fail  bool
}

// elemCondOf compiles a predicate body $step($env, cond) as an element
// condition with its hoisted sides, or returns nil.
func (fc *fastCompiler) elemCondOf(body ast.Node) (elemCond, []fastFunc) {
	inner, ok := stepBody(body)
	if !ok {
		return nil, nil
	}
	cc := &condCompiler{fc: fc}
	c := cc.cond(inner)
	if cc.fail || c == nil {
		return nil, nil
	}
	return c, cc.hoist
}

// elemValueOf compiles a predicate body $step($env, value) as an element
// value with its hoisted sides, or returns nil.
func (fc *fastCompiler) elemValueOf(body ast.Node) (elemValue, []fastFunc) {
	inner, ok := stepBody(body)
	if !ok || !readsElem(inner) {
		return nil, nil
	}
	cc := &condCompiler{fc: fc}
	v := cc.value(inner)
	if cc.fail || v == nil {
		return nil, nil
	}
	return v, cc.hoist
}

// stepBody is the body the budget patcher wrapped in $step.
func stepBody(n ast.Node) (ast.Node, bool) {
	call, ok := n.(*ast.CallNode)
	if !ok || !isCallOf(call, stepFunc) || len(call.Arguments) != 2 {
		return nil, false
	}
	return call.Arguments[1], true
}

// hoisted compiles n, which does not read the element, as a hoisted side.
func (cc *condCompiler) hoisted(n ast.Node) elemValue {
	if !chargeFree(n) {
		cc.fail = true
		return nil
	}
	f := cc.fc.node(n)
	if f == nil {
		cc.fail = true
		return nil
	}
	i := len(cc.hoist)
	cc.hoist = append(cc.hoist, f)
	return func(_ *fastCtx, _ any, h []any) (any, bool) { return h[i], true }
}

// value compiles a value of an element condition.
func (cc *condCompiler) value(n ast.Node) elemValue {
	if !readsElem(n) {
		return cc.hoisted(n)
	}
	switch x := n.(type) {
	case *ast.PointerNode:
		if x.Name == "" {
			return func(_ *fastCtx, e any, _ []any) (any, bool) { return e, true }
		}
	case *ast.CallNode:
		if from, k, ok := columnArgs(x); ok {
			if read := cc.fc.columnReadOf(k); elemSideIs(from) {
				return func(x *fastCtx, e any, _ []any) (any, bool) { return read(x.g, e) }
			} else if v := cc.value(from); v != nil {
				return func(x *fastCtx, e any, h []any) (any, bool) {
					c, ok := v(x, e, h)
					if !ok {
						return nil, false
					}
					return read(x.g, c)
				}
			}
		}
	case *ast.MemberNode:
		if x.Optional || x.Method {
			break
		}
		attrs := cc.fc.attrs // a card's attribute is read from its column (cardattrs.go)
		if k, whole, ok := elemSide(x); ok && !whole {
			col := attrs.column(k)
			return func(_ *fastCtx, e any, _ []any) (any, bool) { return attrs.field(e, k, col) }
		}
		from, key := cc.value(x.Node), x.Property
		if s, isStr := key.(*ast.StringNode); isStr && from != nil {
			k, col := s.Value, attrs.column(s.Value)
			return func(x *fastCtx, e any, h []any) (any, bool) {
				v, ok := from(x, e, h)
				if !ok {
					return nil, false
				}
				return attrs.field(v, k, col)
			}
		}
		i := cc.value(key)
		if from == nil || i == nil {
			break
		}
		return func(x *fastCtx, e any, h []any) (any, bool) {
			v, k, ok := elemPair(x, e, h, from, i)
			if !ok {
				return nil, false
			}
			return fastIndex(x, v, k)
		}
	case *ast.BinaryNode:
		if x.Operator != "??" {
			break
		}
		a, b := cc.value(x.Left), cc.value(x.Right)
		if a == nil || b == nil {
			break
		}
		return func(x *fastCtx, e any, h []any) (any, bool) {
			if done, v, ok := coalesced(a(x, e, h)); done {
				return v, ok
			}
			return b(x, e, h)
		}
	}
	cc.fail = true
	return nil
}

// cond compiles a condition of an element condition.
func (cc *condCompiler) cond(n ast.Node) elemCond {
	switch x := n.(type) {
	case *ast.BinaryNode:
		switch x.Operator {
		case "&&", "and", "||", "or":
			return cc.logic(x.Operator == "||" || x.Operator == "or", x.Left, x.Right)
		case "==", "!=", "<", "<=", ">", ">=", "in":
			return cc.compare(x.Operator, x.Left, x.Right)
		}
	case *ast.UnaryNode:
		if x.Operator == "not" || x.Operator == "!" {
			c := cc.cond(x.Node)
			if c == nil {
				return nil
			}
			return func(x *fastCtx, e any, h []any) (bool, bool) {
				b, ok := c(x, e, h)
				return !b, ok
			}
		}
	}
	v := cc.value(n) // a bool value: .worker, flags[#]
	if v == nil {
		return nil
	}
	return func(x *fastCtx, e any, h []any) (bool, bool) {
		r, ok := v(x, e, h)
		b, isBool := r.(bool)
		return b, ok && isBool
	}
}

// logic compiles and/or, skipping the right side as the VM does.
func (cc *condCompiler) logic(or bool, left, right ast.Node) elemCond {
	a, b := cc.cond(left), cc.cond(right)
	if a == nil || b == nil {
		cc.fail = true
		return nil
	}
	return func(x *fastCtx, e any, h []any) (bool, bool) {
		l, ok := a(x, e, h)
		if !ok {
			return false, false
		}
		if l == or {
			return l, true
		}
		return b(x, e, h)
	}
}

// compare compiles a comparison or in, as the binary closures compute it.
func (cc *condCompiler) compare(op string, left, right ast.Node) elemCond {
	if c := cc.fieldCompare(op, left, right); c != nil {
		return c
	}
	a, b := cc.value(left), cc.value(right)
	if a == nil || b == nil {
		cc.fail = true
		return nil
	}
	return func(x *fastCtx, e any, h []any) (bool, bool) {
		l, r, ok := elemPair(x, e, h, a, b)
		if !ok {
			return false, false
		}
		return compareHolds(op, l, r)
	}
}

// elemPair evaluates two element values, as fastPair two closures.
func elemPair(x *fastCtx, e any, h []any, a, b elemValue) (any, any, bool) {
	l, ok := a(x, e, h)
	if !ok {
		return nil, nil, false
	}
	r, ok := b(x, e, h)
	return l, r, ok
}

// compareHolds is l op r for ==, !=, in and the orderings, as the binary
// closures compute them (fastEqual, fastIn, orderHolds).
func compareHolds(op string, l, r any) (bool, bool) {
	switch op {
	case "==":
		return fastEqual(l, r)
	case "!=":
		eq, ok := fastEqual(l, r)
		return !eq, ok
	case "in":
		v, ok := fastIn(l, r)
		in, isBool := v.(bool)
		return in, ok && isBool
	}
	return orderHolds(op, l, r)
}

// fieldCompare compiles the commonest comparison, # or .key against a
// hoisted side (either way round for == and !=), as one closure; nil for
// any other.
func (cc *condCompiler) fieldCompare(op string, left, right ast.Node) elemCond {
	if op != "==" && op != "!=" && op != "<" && op != "<=" && op != ">" && op != ">=" {
		return nil
	}
	key, whole, col, ok := elemColumnSide(left)
	if !ok && (op == "==" || op == "!=") {
		left, right = right, left
		key, whole, col, ok = elemColumnSide(left)
	}
	if !ok || readsElem(right) || !chargeFree(right) {
		return nil
	}
	i := len(cc.hoist)
	if cc.hoisted(right) == nil {
		return nil
	}
	if col {
		read := cc.fc.columnReadOf(key)
		return func(x *fastCtx, e any, h []any) (bool, bool) {
			v, ok := read(x.g, e)
			if !ok {
				return false, false
			}
			return compareHolds(op, v, h[i])
		}
	}
	attrs, attrCol := cc.fc.attrs, cc.fc.attrs.column(key)
	return func(_ *fastCtx, e any, h []any) (bool, bool) {
		v := e
		if !whole {
			var ok bool
			if v, ok = attrs.field(e, key, attrCol); !ok { // a card's attribute from its column (cardattrs.go)
				return false, false
			}
		}
		return compareHolds(op, v, h[i])
	}
}

// elemSide reports whether n is # (whole) or .key of it.
func elemSide(n ast.Node) (key string, whole, ok bool) {
	switch x := n.(type) {
	case *ast.PointerNode:
		return "", true, x.Name == ""
	case *ast.MemberNode:
		p, isPtr := x.Node.(*ast.PointerNode)
		s, isStr := x.Property.(*ast.StringNode)
		if isPtr && p.Name == "" && isStr && !x.Optional && !x.Method {
			return s.Value, false, true
		}
	}
	return "", false, false
}

// elemColumnSide is elemSide, or col when n reads a card column of the
// element ($loc(#, key), cardprops.go).
func elemColumnSide(n ast.Node) (key string, whole, col, ok bool) {
	if call, isCall := n.(*ast.CallNode); isCall {
		if from, k, isCol := columnArgs(call); isCol && elemSideIs(from) {
			return k, false, true, true
		}
		return "", false, false, false
	}
	key, whole, ok = elemSide(n)
	return key, whole, false, ok
}

// elemSideIs reports whether n is the element itself (#).
func elemSideIs(n ast.Node) bool {
	_, whole, ok := elemSide(n)
	return ok && whole
}

// columnArgs reports whether n is a read of a constant key that may be a
// card's column, $loc($env, from, key, false), and gives from and key.
func columnArgs(n *ast.CallNode) (from ast.Node, key string, ok bool) {
	if !isCallOf(n, locFunc) || len(n.Arguments) != 4 {
		return nil, "", false
	}
	s, isStr := n.Arguments[2].(*ast.StringNode)
	opt, isBool := n.Arguments[3].(*ast.BoolNode)
	if !isStr || !isBool || opt.Value {
		return nil, "", false
	}
	return n.Arguments[1], s.Value, true
}

// columnReadOf is the read of key on a value that may be a card
// (columnRead).
func (fc *fastCompiler) columnReadOf(key string) func(g *Game, from any) (any, bool) {
	return columnRead(key, fc.props.prop(key))
}

// readsElem reports whether n reads the innermost predicate's element or
// index (#, .key, #index).
func readsElem(n ast.Node) bool {
	found := false
	visitAll(n, func(n ast.Node) {
		if _, ok := n.(*ast.PointerNode); ok {
			found = true
		}
	})
	return found
}

// chargeFree reports whether n reads names, literals, and members or
// indices of them, with checked int arithmetic and unary minus and not on
// them only: pure, charging nothing, not reading an element.
func chargeFree(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		return len(x.Value) == 0 || x.Value[0] != '$'
	case *ast.StringNode, *ast.IntegerNode, *ast.BoolNode, *ast.NilNode, *ast.ConstantNode, *ast.FloatNode:
		return true
	case *ast.MemberNode:
		return !x.Optional && !x.Method && chargeFree(x.Node) && chargeFree(x.Property)
	case *ast.UnaryNode:
		return (x.Operator == "-" || x.Operator == "not" || x.Operator == "!") && chargeFree(x.Node)
	case *ast.CallNode:
		if from, _, ok := columnArgs(x); ok {
			return chargeFree(from) // a read of a card's column or a field
		}
		if id, ok := x.Callee.(*ast.IdentifierNode); ok && checkedArithFuncs[id.Value] {
			for _, a := range x.Arguments {
				if !chargeFree(a) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// checkedArithFuncs are the hidden functions of checked arithmetic that
// charge nothing.
var checkedArithFuncs = map[string]bool{"$add": true, "$sub": true, "$mul": true, "$subAny": true, "$mulAny": true, "$neg": true, "$abs": true}

// hoist evaluates a loop's hoisted sides into the context's hoist list.
// One list serves every loop: a condition calls nothing that could run
// another condition loop, and the sides and the list are evaluated
// before the rounds start, so no two loops' rounds ever interleave.
func hoist(x *fastCtx, sides []fastFunc) ([]any, bool) {
	h := x.hoist[:0]
	for _, f := range sides {
		v, ok := f(x)
		if !ok {
			return nil, false
		}
		h = append(h, v)
	}
	if cap(h) != cap(x.hoist) {
		x.hoist = h // a new array (only then: a pointer written costs a write barrier while the collector marks)
	}
	return h, true
}

// openCond opens a condition loop's list and hoists its sides; mark is
// the key stack's length to give back (closeKeys), on every way out.
func openCond(x *fastCtx, src *listSource, sides []fastFunc) (v any, n int, items fastList, h []any, mark int, ok bool) {
	if v, n, items, mark, ok = src.open(x); ok {
		h, ok = hoist(x, sides)
	}
	return v, n, items, h, mark, ok
}

// fastCondLoop compiles a condition loop whose body is an element
// condition (no folded map): as fastLoop, without the element stack and
// the body's closures.
func fastCondLoop(name loopKind, src *listSource, cond elemCond, sides []fastFunc, threshold *int, throws bool) fastFunc {
	backwards := name == loopFindLast || name == loopFindLastIndex
	return func(x *fastCtx) (any, bool) {
		v, n, item, h, mark, ok := openCond(x, src, sides)
		if !ok {
			x.closeKeys(mark)
			return nil, false
		}
		count, kept, rounds := 0, len(x.stack), 0
		var out any
		done := false
		for k := 0; k < n && !done && ok; k++ {
			i := k
			if backwards {
				i = n - 1 - k
			}
			e := item.atBoxed(x, i)
			var holds bool
			if holds, ok = cond(x, e, h); !ok {
				break
			}
			rounds++
			out, done = condStep(x, name, holds, e, i, &count, threshold)
		}
		x.closeKeys(mark)
		if !ok || x.g.chargeSteps(rounds) != nil {
			x.stack = x.stack[:kept]
			return nil, false
		}
		if done {
			x.stack = x.stack[:kept]
			return out, true
		}
		if name == loopFilter && (count == 0 || count == n) {
			if _, isAny := v.([]any); isAny || count == 0 {
				return filterWhole(x, v, count, kept)
			}
		}
		return loopEnd(x, name, count, kept, throws)
	}
}

// condStep is loopStep for a condition already evaluated (holds):
// done when the loop stops there with out.
func condStep(x *fastCtx, name loopKind, holds bool, e any, i int, count *int, threshold *int) (out any, done bool) {
	switch {
	case name == loopAny && holds:
		return true, true
	case name == loopAll && !holds, name == loopNone && holds:
		return false, true
	case (name == loopFind || name == loopFindLast) && holds:
		return e, true
	case (name == loopFindIndex || name == loopFindLastIndex) && holds:
		return boxInt(i), true
	case name == loopFilter && holds:
		*count++
		x.stack = append(x.stack, e)
	case holds: // one, count
		*count++
		if name == loopCount && threshold != nil && *count >= *threshold {
			return boxInt(*count), true
		}
	}
	return nil, false
}
