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
		return joinIDs(cards, sep, size), true
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
			if size += len(identity(c)); size > x.g.limits.MaxExprMemory {
				break
			}
		}
		if x.g.chargeMemory(size) != nil {
			return nil, "", 0, false // join's error, from the VM
		}
		return cards, sep, size, true
	}
}

// joinIDs is the cards' ids joined by sep (size bytes).
func joinIDs(cards []any, sep string, size int) string {
	var b strings.Builder
	b.Grow(size)
	for i, c := range cards {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(identity(c))
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
			eq, ok := fastEqual(joinIDs(cards, sep, size), ov)
			return eq != neq, ok
		}
		return idsJoinEqual(cards, sep, s) != neq, true
	}
}

// idsJoinEqual reports whether the cards' ids joined by sep are s.
func idsJoinEqual(cards []any, sep, s string) bool {
	for i, c := range cards {
		if i > 0 {
			if !strings.HasPrefix(s, sep) {
				return false
			}
			s = s[len(sep):]
		}
		id := identity(c)
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
