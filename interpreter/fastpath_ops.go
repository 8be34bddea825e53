package interpreter

import (
	"cmp"
	"slices"

	"github.com/expr-lang/expr/ast"
)

// The operators of fast paths: comparisons, logic, ?:, ??, in, and the
// arithmetic expr leaves unchecked (ints the checker could not type, /
// and %). Checked int arithmetic is a hidden call (fastpath_calls.go).

// binary compiles a binary operator.
func (fc *fastCompiler) binary(n *ast.BinaryNode) fastFunc {
	if n.Operator == "==" || n.Operator == "!=" {
		if fused := fc.fusedJoinIDsEqual(n); fused != nil {
			return fused
		}
	}
	args := fc.args(n.Left, n.Right)
	if args == nil {
		return nil
	}
	a, b := args[0], args[1]
	switch n.Operator {
	case "&&", "and", "||", "or":
		return fastLogic(n.Operator == "||" || n.Operator == "or", a, b)
	case "==", "!=":
		neq := n.Operator == "!="
		return func(x *fastCtx) (any, bool) {
			av, bv, ok := fastPair(x, a, b)
			if !ok {
				return nil, false
			}
			eq, ok := fastEqual(av, bv)
			return eq != neq, ok
		}
	case "<", "<=", ">", ">=":
		return fastCompare(n.Operator, a, b)
	case "in":
		if lit, ok := n.Right.(*ast.ArrayNode); ok {
			if elems := fc.args(lit.Nodes...); elems != nil {
				return fastInLiteral(a, elems)
			}
		}
		return func(x *fastCtx) (any, bool) {
			av, bv, ok := fastPair(x, a, b)
			if !ok {
				return nil, false
			}
			return fastIn(av, bv)
		}
	case "??":
		return func(x *fastCtx) (any, bool) {
			if done, v, ok := coalesced(a(x)); done {
				return v, ok
			}
			return b(x)
		}
	case "-", "*", "/", "%", "..":
		return fastArith(n.Operator, a, b)
	}
	return fc.fail("operator " + n.Operator)
}

// fastPair evaluates two operands.
func fastPair(x *fastCtx, a, b fastFunc) (any, any, bool) {
	av, ok := a(x)
	if !ok {
		return nil, nil, false
	}
	bv, ok := b(x)
	return av, bv, ok
}

// fastLogic compiles and/or, which, like expr, skip their right side when
// the left decides.
func fastLogic(or bool, a, b fastFunc) fastFunc {
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
}

// fastCompare compiles an ordering of two ints or two strings.
func fastCompare(op string, a, b fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		av, bv, ok := fastPair(x, a, b)
		if !ok {
			return nil, false
		}
		holds, ok := orderHolds(op, av, bv)
		return holds, ok
	}
}

// orderHolds is a < b (or <=, >, >=) for two ints or two strings; false,
// false for anything else, which the VM reports or computes.
func orderHolds(op string, a, b any) (bool, bool) {
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

// fastArith compiles -, *, / and % of two ints as expr computes them
// when the checker could not prove the operands ints (no overflow check:
// expr wraps), and the range a..b.
func fastArith(op string, a, b fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		l, r, ok := fastInts(x, a, b)
		if !ok {
			return nil, false
		}
		switch op {
		case "-":
			return boxInt(l - r), true
		case "*":
			return boxInt(l * r), true
		case "/":
			return float64(l) / float64(r), true
		case "%":
			if r == 0 {
				return nil, false // the VM fails: integer divide by zero
			}
			return boxInt(l % r), true
		}
		size := max(r-l+1, 0)
		if !x.chargeVM(size) {
			return nil, false
		}
		out := make([]int, size)
		for i := range out {
			out[i] = l + i
		}
		return out, true
	}
}

// fastInts evaluates two operands that must be ints.
func fastInts(x *fastCtx, a, b fastFunc) (int, int, bool) {
	av, bv, ok := fastPair(x, a, b)
	if !ok {
		return 0, 0, false
	}
	l, lok := av.(int)
	r, rok := bv.(int)
	return l, r, lok && rok
}

// fastEqual compares two values of the same scalar kind, or nil with a
// scalar (never equal) or with nil.
func fastEqual(a, b any) (bool, bool) {
	switch x := a.(type) {
	case int:
		y, ok := b.(int)
		if !ok {
			return false, b == nil
		}
		return x == y, true
	case string:
		y, ok := b.(string)
		if !ok {
			return false, b == nil
		}
		return x == y, true
	case bool:
		y, ok := b.(bool)
		if !ok {
			return false, b == nil
		}
		return x == y, true
	case nil:
		switch b.(type) {
		case nil:
			return true, true
		case int, string, bool:
			return false, true
		}
	}
	return false, false
}

// fastIsNil is expr's nil test of ??: nil, or a nil map or list.
func fastIsNil(v any) (bool, bool) {
	switch x := v.(type) {
	case nil:
		return true, true
	case int, string, bool, float64:
		return false, true
	case []any:
		return x == nil, true
	case map[string]any:
		return x == nil, true
	case []int:
		return x == nil, true
	case []string:
		return x == nil, true
	case map[string]int:
		return x == nil, true
	}
	return false, false
}

// fastIn is expr's in for the cases the rulesets use: a scalar in a list,
// a key in a map, and the constant sets the optimizer folds a literal
// list into.
func fastIn(needle, haystack any) (any, bool) {
	switch h := haystack.(type) {
	case map[string]struct{}:
		k, ok := needle.(string)
		if !ok {
			return nil, false
		}
		_, in := h[k]
		return in, true
	case map[int]struct{}:
		k, ok := needle.(int)
		if !ok {
			return nil, false
		}
		_, in := h[k]
		return in, true
	case []string:
		k, ok := needle.(string)
		if !ok {
			return nil, false
		}
		return slices.Contains(h, k), true
	case []int:
		k, ok := needle.(int)
		if !ok {
			return nil, false
		}
		return slices.Contains(h, k), true
	case []any:
		for _, e := range h {
			eq, ok := fastEqual(needle, e)
			if !ok {
				return nil, false
			}
			if eq {
				return true, true
			}
		}
		return false, true
	case map[string]any:
		k, ok := needle.(string)
		if !ok {
			return nil, false
		}
		_, in := h[k]
		return in, true
	case map[string]int:
		k, ok := needle.(string)
		if !ok {
			return nil, false
		}
		_, in := h[k]
		return in, true
	}
	return nil, false
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

// unary compiles not, ! and the unchecked - and + of an int.
func (fc *fastCompiler) unary(n *ast.UnaryNode) fastFunc {
	a := fc.node(n.Node)
	if a == nil {
		return nil
	}
	switch n.Operator {
	case "not", "!":
		return func(x *fastCtx) (any, bool) {
			v, ok := fastBool(x, a)
			return !v, ok
		}
	case "-", "+":
		neg := n.Operator == "-"
		return func(x *fastCtx) (any, bool) {
			v, ok := a(x)
			i, isInt := v.(int)
			if !ok || !isInt {
				return nil, false
			}
			if neg {
				return boxInt(-i), true
			}
			return v, true
		}
	}
	return fc.fail("unary " + n.Operator)
}

// conditional compiles c ? a : b (and if/else).
func (fc *fastCompiler) conditional(n *ast.ConditionalNode) fastFunc {
	args := fc.args(n.Cond, n.Exp1, n.Exp2)
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

// coalesced is what `l ?? r` gives from its left side's outcome (v, ok)
// alone: done when the left side failed (not ok) or is not nil (its
// value), not done when r must be evaluated.
func coalesced(v any, ok bool) (done bool, out any, outOK bool) {
	if !ok {
		return true, nil, false
	}
	isNil, ok := fastIsNil(v)
	switch {
	case !ok:
		return true, nil, false
	case !isNil:
		return true, v, true
	}
	return false, nil, false
}
