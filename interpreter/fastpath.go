package interpreter

import (
	"github.com/expr-lang/expr/ast"
)

// A fast path is a Go closure compiled from the runtime tree of a simple
// expression (a name, a literal, a.b and a[b], == and <, and/or/not,
// ?:, len, checked + and -, and any/all/none/one/count over a list with
// such a predicate), which reads the environment directly
// instead of starting expr's VM: most evaluations in a game are of such
// expressions (p, players[p], c.zone == 'row', p + 1). A closure reports
// whether it could compute the value; when it meets anything it is not
// sure of (a value of another kind, a missing index, an overflow) it
// gives up, and the VM evaluates the whole expression as before, so
// results and error messages are the VM's. Expressions are pure, so
// evaluating part of one twice changes nothing. This is a first step
// towards compiling every expression to closures (doc.go).
type fastFunc func(x *fastCtx) (any, bool)

// fastCtx is what a fast path reads: the environment, the elements of the
// predicates it is inside (innermost last) and the game, whose step budget
// a predicate's iterations are charged to as the VM's $step would.
type fastCtx struct {
	env   map[string]any
	elems []any
	g     *Game
}

// fastPath compiles n, or returns nil when n has a part it does not know.
func fastPath(n ast.Node) fastFunc {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		if len(x.Value) > 0 && x.Value[0] == '$' {
			return nil
		}
		name := x.Value
		return func(x *fastCtx) (any, bool) { return x.env[name], true }
	case *ast.IntegerNode:
		v := any(x.Value)
		return func(*fastCtx) (any, bool) { return v, true }
	case *ast.StringNode:
		v := any(x.Value)
		return func(*fastCtx) (any, bool) { return v, true }
	case *ast.BoolNode:
		v := any(x.Value)
		return func(*fastCtx) (any, bool) { return v, true }
	case *ast.NilNode:
		return func(*fastCtx) (any, bool) { return nil, true }
	case *ast.MemberNode:
		if x.Optional || x.Method {
			return nil
		}
		return fastMember(x.Node, x.Property)
	case *ast.CallNode:
		return fastCall(x)
	case *ast.BinaryNode:
		return fastBinary(x)
	case *ast.UnaryNode:
		return fastNot(x)
	case *ast.ConditionalNode:
		return fastConditional(x)
	case *ast.BuiltinNode:
		if x.Name == "len" {
			return fastLen(x)
		}
		return fastPredicate(x)
	case *ast.PointerNode:
		if x.Name != "" {
			return nil // #index, #acc
		}
		return func(x *fastCtx) (any, bool) {
			if len(x.elems) == 0 {
				return nil, false
			}
			return x.elems[len(x.elems)-1], true
		}
	}
	return nil
}

// fastPredicate compiles any, all, none, one and count with a predicate
// over a list. Like the VM, it charges one step per iteration run (the
// budget patcher's $step around the body), stops where the VM stops, and
// requires the body to give a bool.
func fastPredicate(b *ast.BuiltinNode) fastFunc {
	name := b.Name
	switch name {
	case "any", "all", "none", "one", "count":
	default:
		return nil
	}
	if len(b.Arguments) != 2 || b.Threshold != nil || b.Map != nil {
		return nil
	}
	pred, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil
	}
	step, ok := pred.Node.(*ast.CallNode)
	if !ok || !isCallOf(step, stepFunc) || len(step.Arguments) != 2 {
		return nil
	}
	args := fastArgs(b.Arguments[0], step.Arguments[1])
	if args == nil {
		return nil
	}
	list, body := args[0], args[1]
	return func(x *fastCtx) (any, bool) {
		v, ok := list(x)
		if !ok {
			return nil, false
		}
		items, ok := v.([]any)
		if !ok {
			return nil, false
		}
		n := 0
		for _, it := range items {
			x.elems = append(x.elems, it)
			v, ok := body(x)
			x.elems = x.elems[:len(x.elems)-1]
			if !ok || x.g.chargeSteps(1) != nil {
				return nil, false
			}
			holds, ok := v.(bool)
			switch {
			case !ok:
				return nil, false
			case holds && name == "any":
				return true, true
			case !holds && name == "all", holds && name == "none":
				return false, true
			case holds:
				n++
			}
		}
		switch name {
		case "any":
			return false, true
		case "all", "none":
			return true, true
		case "one":
			return n == 1, true
		}
		return n, true
	}
}

// fastArgs compiles every node, or returns nil.
func fastArgs(nodes ...ast.Node) []fastFunc {
	out := make([]fastFunc, len(nodes))
	for i, n := range nodes {
		if out[i] = fastPath(n); out[i] == nil {
			return nil
		}
	}
	return out
}

// fastCall compiles the hidden calls of checked integer arithmetic.
func fastCall(x *ast.CallNode) fastFunc {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok || len(x.Arguments) != 2 {
		return nil
	}
	args := fastArgs(x.Arguments...)
	if args == nil {
		return nil
	}
	a, b := args[0], args[1]
	switch id.Value {
	case "$add", "$sub":
		op := addInts
		if id.Value == "$sub" {
			op = subInts
		}
		return func(x *fastCtx) (any, bool) {
			l, r, ok := fastInts(x, a, b)
			if !ok {
				return nil, false
			}
			n, err := op(l, r)
			return n, err == nil
		}
	}
	return nil
}

// fastMember compiles a read of from[i] (a.b is a["b"]).
func fastMember(from, i ast.Node) fastFunc {
	args := fastArgs(from, i)
	if args == nil {
		return nil
	}
	a, b := args[0], args[1]
	return func(x *fastCtx) (any, bool) {
		from, ok := a(x)
		if !ok {
			return nil, false
		}
		i, ok := b(x)
		if !ok {
			return nil, false
		}
		return fastFetch(from, i)
	}
}

// fastFetch reads from[i] where that cannot fail, as expr's runtime.Fetch
// would (a missing map key reads as the zero value), without reflection.
func fastFetch(from, i any) (any, bool) {
	switch m := from.(type) {
	case map[string]any:
		k, ok := i.(string)
		return m[k], ok
	case map[string]int:
		k, ok := i.(string)
		return m[k], ok
	case []any:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return m[k], true
		}
	case []int:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return m[k], true
		}
	case []string:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return m[k], true
		}
	}
	return nil, false
}

// fastInts evaluates two operands that must be ints.
func fastInts(x *fastCtx, a, b fastFunc) (int, int, bool) {
	av, ok := a(x)
	if !ok {
		return 0, 0, false
	}
	bv, ok := b(x)
	if !ok {
		return 0, 0, false
	}
	l, lok := av.(int)
	r, rok := bv.(int)
	return l, r, lok && rok
}

// fastBinary compiles comparisons of two ints, two strings or two bools,
// and the boolean operators (which, like expr, skip their right side
// when the left decides).
func fastBinary(x *ast.BinaryNode) fastFunc {
	args := fastArgs(x.Left, x.Right)
	if args == nil {
		return nil
	}
	a, b := args[0], args[1]
	switch x.Operator {
	case "&&", "and", "||", "or":
		or := x.Operator == "||" || x.Operator == "or"
		return func(x *fastCtx) (any, bool) {
			l, ok := fastBool(x, a)
			if !ok {
				return nil, false
			}
			if l == or {
				return l, true
			}
			r, ok := fastBool(x, b)
			return r, ok
		}
	case "==", "!=":
		neq := x.Operator == "!="
		return func(x *fastCtx) (any, bool) {
			av, ok := a(x)
			if !ok {
				return nil, false
			}
			bv, ok := b(x)
			if !ok {
				return nil, false
			}
			eq, ok := fastEqual(av, bv)
			return eq != neq, ok
		}
	case "<", "<=", ">", ">=":
		op := x.Operator
		return func(x *fastCtx) (any, bool) {
			l, r, ok := fastInts(x, a, b)
			if !ok {
				return nil, false
			}
			switch op {
			case "<":
				return l < r, true
			case "<=":
				return l <= r, true
			case ">":
				return l > r, true
			}
			return l >= r, true
		}
	}
	return nil
}

// fastEqual compares two values of the same scalar kind.
func fastEqual(a, b any) (bool, bool) {
	switch x := a.(type) {
	case int:
		y, ok := b.(int)
		return x == y, ok
	case string:
		y, ok := b.(string)
		return x == y, ok
	case bool:
		y, ok := b.(bool)
		return x == y, ok
	}
	return false, false
}

// fastBool evaluates an operand that must be a bool.
func fastBool(x *fastCtx, f fastFunc) (bool, bool) {
	v, ok := f(x)
	if !ok {
		return false, false
	}
	b, ok := v.(bool)
	return b, ok
}

// fastNot compiles not and !.
func fastNot(x *ast.UnaryNode) fastFunc {
	if x.Operator != "not" && x.Operator != "!" {
		return nil
	}
	a := fastPath(x.Node)
	if a == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		v, ok := fastBool(x, a)
		return !v, ok
	}
}

// fastConditional compiles c ? a : b.
func fastConditional(x *ast.ConditionalNode) fastFunc {
	args := fastArgs(x.Cond, x.Exp1, x.Exp2)
	if args == nil {
		return nil
	}
	c, a, b := args[0], args[1], args[2]
	return func(x *fastCtx) (any, bool) {
		cond, ok := fastBool(x, c)
		if !ok {
			return nil, false
		}
		if cond {
			return a(x)
		}
		return b(x)
	}
}

// fastLen compiles len of a list.
func fastLen(x *ast.BuiltinNode) fastFunc {
	if x.Name != "len" || len(x.Arguments) != 1 {
		return nil
	}
	a := fastPath(x.Arguments[0])
	if a == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		v, ok := a(x)
		if !ok {
			return nil, false
		}
		switch l := v.(type) {
		case []any:
			return len(l), true
		case []int:
			return len(l), true
		case []string:
			return len(l), true
		}
		return nil, false
	}
}

// runFast runs c's fast path. When it gives up, the steps it charged are
// given back, so that the VM, which evaluates c again, meets the same
// budget.
func (g *Game) runFast(c *compiled) (any, bool) {
	saved, depth := g.budget, len(g.fast.elems)
	g.fast.env, g.fast.g = g.st.root, g
	v, ok := c.fast(&g.fast)
	g.fast.elems = g.fast.elems[:depth]
	if !ok {
		g.budget = saved
	}
	return v, ok
}
