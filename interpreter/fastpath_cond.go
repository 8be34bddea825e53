package interpreter

import (
	"cmp"

	"github.com/expr-lang/expr/ast"
)

// Element conditions. The commonest predicate compares a field of the
// element with something the element does not change: count(zone,
// .kind == k), filter(tiles, .class == c), count(dice, # == k). The
// general loop pushes each element on the closures' element stack, calls
// the $step closure, which calls the comparison, which calls the member
// read, which calls the element read, and boxes the bool it gives back.
// For this shape the loop instead reads the field of each element itself
// and compares it with the other side, evaluated once before the loop:
// that side is pure and charges nothing (names, literals, and member and
// index reads of them — no call, no predicate, no list built), so once is
// the same as once a round, and evaluating it for an empty list changes
// nothing. The rounds' steps are charged when the loop ends, which is
// the same total as one after each round: the VM fails only when the
// total exceeds the limit, and then so does the loop, which gives up and
// lets the VM report it. Anything the comparison does not know gives up
// as the general one does (fastEqual, condOrder).

// elemCond is a compiled element condition: the field read (key, or the
// element itself when whole), the comparison and the other side.
type elemCond struct {
	key   string
	whole bool
	op    string
	other fastFunc
}

// elemCondOf recognises $step($env, <element side> OP <other side>) with
// OP one of == != < <= > >= (the element on the left; == and != either
// way round); nil for any other predicate body.
func (fc *fastCompiler) elemCondOf(body ast.Node) *elemCond {
	call, ok := body.(*ast.CallNode)
	if !ok || !isCallOf(call, stepFunc) || len(call.Arguments) != 2 {
		return nil
	}
	bin, ok := call.Arguments[1].(*ast.BinaryNode)
	if !ok {
		return nil
	}
	switch bin.Operator {
	case "==", "!=", "<", "<=", ">", ">=":
	default:
		return nil
	}
	elem, other := bin.Left, bin.Right
	key, whole, isElem := elemSide(elem)
	if !isElem && (bin.Operator == "==" || bin.Operator == "!=") {
		elem, other = other, elem
		key, whole, isElem = elemSide(elem)
	}
	if !isElem || !chargeFree(other) {
		return nil
	}
	o := fc.node(other)
	if o == nil {
		return nil
	}
	return &elemCond{key: key, whole: whole, op: bin.Operator, other: o}
}

// elemSide reports whether n is # (whole) or #.key / .key.
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

// chargeFree reports whether n reads names, literals and members or
// indices of them only: pure, charging nothing, not reading the element.
func chargeFree(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		return len(x.Value) == 0 || x.Value[0] != '$'
	case *ast.StringNode, *ast.IntegerNode, *ast.BoolNode, *ast.NilNode, *ast.ConstantNode, *ast.FloatNode:
		return true
	case *ast.MemberNode:
		return !x.Optional && !x.Method && chargeFree(x.Node) && chargeFree(x.Property)
	}
	return false
}

// holds evaluates the condition on element e against other's value.
func (c *elemCond) holds(e, other any) (bool, bool) {
	v := e
	if !c.whole {
		var ok bool
		if v, ok = fastField(e, c.key); !ok {
			return false, false
		}
	}
	switch c.op {
	case "==":
		return fastEqual(v, other)
	case "!=":
		eq, ok := fastEqual(v, other)
		return !eq, ok
	}
	return condOrder(c.op, v, other)
}

// condOrder is a < b (or <=, >, >=) for two ints or two strings, as
// fastCompare computes it; false, false for anything else.
func condOrder(op string, a, b any) (bool, bool) {
	var c int
	switch l := a.(type) {
	case int:
		r, ok := b.(int)
		if !ok {
			return false, false
		}
		c = cmp.Compare(l, r)
	case string:
		r, ok := b.(string)
		if !ok {
			return false, false
		}
		c = cmp.Compare(l, r)
	default:
		return false, false
	}
	switch op {
	case "<":
		return c < 0, true
	case "<=":
		return c <= 0, true
	case ">":
		return c > 0, true
	}
	return c >= 0, true
}

// fastCondLoop compiles a condition loop whose body is an element
// condition (no folded map): as fastLoop, without the element stack and
// the body's closures.
func fastCondLoop(name loopKind, src *listSource, cond *elemCond, threshold *int, throws bool) fastFunc {
	backwards := name == loopFindLast || name == loopFindLastIndex
	return func(x *fastCtx) (any, bool) {
		v, n, item, mark, ok := src.open(x)
		if !ok {
			x.closeKeys(mark)
			return nil, false
		}
		other, ok := cond.other(x)
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
			var h bool
			if h, ok = cond.holds(e, other); !ok {
				break
			}
			rounds++
			out, done = condStep(x, name, h, e, i, &count, threshold)
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
