package interpreter

import (
	"strings"

	"github.com/expr-lang/expr/ast"
)

// Fused calls: a few nestings of engine functions whose inner list only
// feeds the outer call are compiled to one closure that never builds the
// inner list. Each computes the value, the errors (by giving up to the
// VM) and the memory charges of the two calls it replaces.

// fusedJoinIDs compiles $join($env, ids(cards), sep?) — a key made of the
// cards' ids (join(ids(stack[c]), ',')) — to a closure that writes the
// ids into the joined string directly: the []string ids builds (and its
// box) are never made. ids charges nothing; join charges the bytes of the
// result before building it (builtinJoin). Nil when n is not that shape.
func (fc *fastCompiler) fusedJoinIDs(n *ast.CallNode) fastFunc {
	parts := fc.joinIDsParts(n)
	if parts == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		cards, sep, size, ok := parts(x)
		if !ok {
			return nil, false
		}
		return joinIDs(x.g.prog.attrs, cards, sep, size), true
	}
}

// joinIDsOperands evaluates the operands of a fused join(ids(cards), sep)
// and charges what join charges: the cards, the separator and the size of
// the joined string.
type joinIDsOperands func(x *fastCtx) (cards []any, sep string, size int, ok bool)

// joinIDsParts compiles the operands of $join($env, ids(cards), sep?);
// nil when n is not that shape.
func (fc *fastCompiler) joinIDsParts(n ast.Node) joinIDsOperands {
	call, ok := n.(*ast.CallNode)
	if !ok || !isCallOf(call, joinFunc) || len(call.Arguments) < 2 || len(call.Arguments) > 3 {
		return nil
	}
	inner, ok := call.Arguments[1].(*ast.CallNode)
	if !ok || !isCallOf(inner, "ids") || len(inner.Arguments) != 1 {
		return nil
	}
	if _, ruleset := fc.funcs["ids"]; ruleset {
		return nil
	}
	if _, ruleset := fc.funcs[joinFunc]; ruleset {
		return nil
	}
	nodes := []ast.Node{inner.Arguments[0]}
	if len(call.Arguments) == 3 {
		nodes = append(nodes, call.Arguments[2])
	}
	args := fc.args(nodes...)
	if args == nil {
		return nil
	}
	return func(x *fastCtx) ([]any, string, int, bool) {
		v, ok := args[0](x)
		if !ok {
			return nil, "", 0, false
		}
		cards, isList := v.([]any)
		if !isList {
			return nil, "", 0, false // ids' error, from the VM
		}
		sep := ""
		if len(args) == 2 {
			s, ok := args[1](x)
			if !ok {
				return nil, "", 0, false
			}
			sep, _ = s.(string)
		}
		size := len(sep) * max(len(cards)-1, 0)
		for _, c := range cards {
			if size += len(x.g.prog.attrs.identity(c)); size > x.g.limits.MaxExprMemory {
				break
			}
		}
		if x.g.chargeMemory(size) != nil {
			return nil, "", 0, false // join's error, from the VM
		}
		return cards, sep, size, true
	}
}

// joinIDs is the cards' ids joined by sep (size bytes); a reads the
// Program's cards' ids from their column.
func joinIDs(a *cardAttrs, cards []any, sep string, size int) string {
	var b strings.Builder
	b.Grow(size)
	for i, c := range cards {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(a.identity(c))
	}
	return b.String()
}

// fusedJoinIDsEqual compiles join(ids(cards), sep) == other (or !=, or
// the two sides swapped) to a closure that compares the ids with other
// piece by piece, building no string (a rule that asks whether a zone
// changed compares its key with a remembered one, often). The operands are
// evaluated and charged in the VM's order. Nil when neither side is that
// join.
func (fc *fastCompiler) fusedJoinIDsEqual(n *ast.BinaryNode) fastFunc {
	joinLeft := true
	parts := fc.joinIDsParts(n.Left)
	otherNode := n.Right
	if parts == nil {
		joinLeft, parts, otherNode = false, fc.joinIDsParts(n.Right), n.Left
	}
	if parts == nil {
		return nil
	}
	other := fc.node(otherNode)
	if other == nil {
		return nil
	}
	neq := n.Operator == "!="
	return func(x *fastCtx) (any, bool) {
		var cards []any
		var sep string
		var size int
		var ov any
		ok := true
		if joinLeft {
			if cards, sep, size, ok = parts(x); ok {
				ov, ok = other(x)
			}
		} else if ov, ok = other(x); ok {
			cards, sep, size, ok = parts(x)
		}
		if !ok {
			return nil, false
		}
		s, isString := ov.(string)
		if !isString {
			eq, ok := fastEqual(joinIDs(x.g.prog.attrs, cards, sep, size), ov)
			return eq != neq, ok
		}
		return idsJoinEqual(x.g.prog.attrs, cards, sep, s) != neq, true
	}
}

// idsJoinEqual reports whether the cards' ids joined by sep are s.
func idsJoinEqual(a *cardAttrs, cards []any, sep, s string) bool {
	for i, c := range cards {
		if i > 0 {
			if !strings.HasPrefix(s, sep) {
				return false
			}
			s = s[len(sep):]
		}
		id := a.identity(c)
		if !strings.HasPrefix(s, id) {
			return false
		}
		s = s[len(id):]
	}
	return s == ""
}

// fastInLiteral compiles x in [a, b, …] without building the list: the
// elements are evaluated in order (all of them, as the VM builds the
// list before it looks), the list's memory charged as the literal's
// (fastCompiler.array), and the needle compared as fastIn compares with a
// []any.
func fastInLiteral(needle fastFunc, elems []fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		v, ok := needle(x)
		if !ok || !x.chargeVM(len(elems)) {
			return nil, false
		}
		base := len(x.stack)
		defer func() { x.stack = x.stack[:base] }()
		for _, e := range elems {
			ev, ok := e(x)
			if !ok {
				return nil, false
			}
			x.stack = append(x.stack, ev)
		}
		return fastIn(v, x.stack[base:])
	}
}

// fusedSum compiles $sum(list) — the checked int sum the arithmetic
// patcher makes of sum(xs) and sum(xs, body) (as $sum(map(xs, body)),
// which expr's optimiser folds into filter(…) when xs is a filter) — to
// one loop that adds the values as it finds them, never building the
// list, when list is map(xs, body) or filter(xs, cond) with or without a
// folded map. It charges what the calls it replaces charge: each
// condition and body counts its own steps ($step), and the list they
// would build is charged as memory (its length), as fastMapLoop and
// fastLoop charge it. An element that is not an int or a sum that
// overflows gives up: the VM reports it. Nil for other shapes.
func (fc *fastCompiler) fusedSum(from ast.Node) fastFunc {
	b, ok := from.(*ast.BuiltinNode)
	if !ok || b.Threshold != nil || len(b.Arguments) != 2 || (b.Name != "map" && b.Name != "filter") {
		return nil
	}
	pred, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok || (b.Name == "map" && b.Map != nil) {
		return nil
	}
	list := fc.source(b.Arguments[0])
	if list == nil {
		return nil
	}
	if b.Name == "map" {
		if v, sides := fc.elemValueOf(pred.Node); v != nil {
			return fastElemSum(list, nil, v, sides)
		}
	} else if b.Map == nil {
		if c, sides := fc.elemCondOf(pred.Node); c != nil {
			return fastElemSum(list, c, nil, sides)
		}
	}
	each := fc.node(pred.Node)
	if each == nil {
		return nil
	}
	cond, value := each, fastFunc(nil)
	if b.Name == "map" {
		cond, value = nil, each
	} else if b.Map != nil {
		if value = fc.node(b.Map); value == nil {
			return nil
		}
	}
	return fastSumLoop(list, cond, value, true, true)
}

// fastSumLoop adds up the terms of list's elements (sumTerm: value's
// value, or the element, where cond holds). checked gives up on an
// overflow, for the checked $sum ($sum's VM reports it; expr's own sum
// wraps as runtime.Add does); chargeKept charges the length of the list
// the loop stands for (a fused map or filter) as expr's memory count.
// Anything that is not an int gives up.
func fastSumLoop(list *listSource, cond, value fastFunc, checked, chargeKept bool) fastFunc {
	walk := sumWalk(cond, value, checked, chargeKept)
	return func(x *fastCtx) (any, bool) {
		_, n, items, mark, ok := list.open(x)
		var out any
		if ok {
			out, ok = walk(x, n, items)
		}
		x.closeKeys(mark)
		return out, ok
	}
}

// sumWalk is a sum's walk over n elements.
func sumWalk(cond, value fastFunc, checked, chargeKept bool) func(x *fastCtx, n int, items fastList) (any, bool) {
	walks := cond != nil || value != nil // # is read: push each element
	return func(x *fastCtx, n int, items fastList) (any, bool) {
		total, kept, ok := 0, 0, true
		for i := range n {
			e, holds := items.atBoxed(x, i), true
			if walks {
				x.elems, x.index = append(x.elems, e), append(x.index, i)
				e, holds, ok = sumTerm(x, cond, value, e)
				x.elems, x.index = x.elems[:len(x.elems)-1], x.index[:len(x.index)-1]
				if !ok {
					return nil, false
				}
			}
			if !holds {
				continue
			}
			kept++
			k, isInt := e.(int)
			if !isInt {
				return nil, false
			}
			if !checked {
				total += k
			} else if total, ok = addIntsOK(total, k); !ok {
				return nil, false
			}
		}
		if chargeKept && !x.chargeVM(kept) {
			return nil, false
		}
		return boxInt(total), true
	}
}

// fastElemSum is fastSumLoop (checked, charging the kept list) for an
// element condition or value (fastpath_cond.go): the sum of value's
// values, or of the elements cond holds for, each round a step, charged
// when the loop ends.
func fastElemSum(list *listSource, cond elemCond, value elemValue, sides []fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		_, n, items, h, mark, ok := openCond(x, list, sides)
		total, kept := 0, 0
		for i := 0; i < n && ok; i++ {
			e := items.atBoxed(x, i)
			if cond != nil {
				var holds bool
				if holds, ok = cond(x, e, h); !ok || !holds {
					continue
				}
			} else if e, ok = value(x, e, h); !ok {
				break
			}
			kept++
			k, isInt := e.(int)
			if !isInt {
				ok = false
				break
			}
			total, ok = addIntsOK(total, k)
		}
		x.closeKeys(mark)
		if !ok || x.g.chargeSteps(n) != nil || !x.chargeVM(kept) {
			return nil, false
		}
		return boxInt(total), true
	}
}

// sumTerm is one element's term in a fused sum: value's value (or the
// element itself) when cond (if any) holds.
func sumTerm(x *fastCtx, cond, value fastFunc, e any) (term any, holds, ok bool) {
	if cond != nil {
		hv, ok := cond(x)
		holds, isBool := hv.(bool)
		if !ok || !isBool {
			return nil, false, false
		}
		if !holds {
			return nil, false, true
		}
	}
	if value == nil {
		return e, true, true
	}
	v, ok := value(x)
	return v, true, ok
}

// addIntsOK is addInts reporting an overflow as false.
func addIntsOK(a, b int) (int, bool) {
	n, err := addInts(a, b)
	return n, err == nil
}
