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
	if len(n.Arguments) < 2 || len(n.Arguments) > 3 {
		return nil
	}
	inner, ok := n.Arguments[1].(*ast.CallNode)
	if !ok || !isCallOf(inner, "ids") || len(inner.Arguments) != 1 {
		return nil
	}
	if _, ruleset := fc.funcs["ids"]; ruleset {
		return nil
	}
	nodes := []ast.Node{inner.Arguments[0]}
	if len(n.Arguments) == 3 {
		nodes = append(nodes, n.Arguments[2])
	}
	args := fc.args(nodes...)
	if args == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		v, ok := args[0](x)
		if !ok {
			return nil, false
		}
		cards, isList := v.([]any)
		if !isList {
			return nil, false // ids' error, from the VM
		}
		sep := ""
		if len(args) == 2 {
			s, ok := args[1](x)
			if !ok {
				return nil, false
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
			return nil, false // join's error, from the VM
		}
		var b strings.Builder
		b.Grow(size)
		for i, c := range cards {
			if i > 0 {
				b.WriteString(sep)
			}
			b.WriteString(identity(c))
		}
		return b.String(), true
	}
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
