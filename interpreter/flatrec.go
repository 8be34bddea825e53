package interpreter

import "github.com/expr-lang/expr/ast"

// Recursive ruleset functions in typed closures. A call is inlined: its
// parameters, lets and predicates take frame slots of the expression
// being compiled. A function that calls itself cannot be inlined into
// itself, so the inner call runs the same compiled body again: it saves
// the body's slots (the range compiled for the outer call), binds the
// new arguments, evaluates the body and restores the slots, a stack
// discipline over the frame.

// flatRec is the outer call of a function being inlined: its parameters
// and the frame range its body uses, and (once compiled) the body.
type flatRec struct {
	params       []flatBinding
	slots, lists [2]int // [lo, hi)
	nums         [2]int
	body         flatValue
}

// recursiveCall compiles a call of function name from inside its own
// body (rec is the outer call's).
func (fc *flatCompiler) recursiveCall(rec *flatRec, args []ast.Node) flatValue {
	if len(args) != len(rec.params) {
		return fc.fail("a recursive call with %d arguments", len(args))
	}
	vs := make([]flatValue, len(args))
	for i, a := range args {
		if vs[i] = fc.node(a); fc.miss != "" {
			return flatValue{}
		}
		if vs[i].kind != rec.params[i].kind {
			return fc.fail("a recursive call's argument %d: a %s for a %s", i+1, vs[i].kind, rec.params[i].kind)
		}
	}
	// run evaluates the arguments, saves the body's range, binds them,
	// runs the body (compiled after this call: read at run time) and
	// restores the range.
	run := func(e *flatEnv) (flatVal, bool) {
		if e.depth >= e.maxDepth || !e.charge(1) {
			// too deep (a function with no end would overflow Go's
			// stack): the present runtime reports Limits.MaxCallDepth
			return flatVal{}, false
		}
		e.depth++
		defer func() { e.depth-- }()
		vals := make([]flatVal, len(vs))
		for i, v := range vs {
			var ok bool
			if vals[i], ok = evalValue(e, v); !ok {
				return flatVal{}, false
			}
		}
		slots := append([]int64(nil), e.slots[rec.slots[0]:rec.slots[1]]...)
		lists := append([][]int32(nil), e.lists[rec.lists[0]:rec.lists[1]]...)
		nums := append([][]int64(nil), e.nums[rec.nums[0]:rec.nums[1]]...)
		for i, p := range rec.params {
			switch {
			case p.kind == fkCards:
				e.lists[p.slot] = vals[i].cards
			case p.kind.isList():
				e.nums[p.slot] = vals[i].nums
			default:
				e.slots[p.slot] = vals[i].s
			}
		}
		out, ok := evalValue(e, rec.body)
		copy(e.slots[rec.slots[0]:], slots)
		copy(e.lists[rec.lists[0]:], lists)
		copy(e.nums[rec.nums[0]:], nums)
		return out, ok
	}
	return flatValue{kind: fkNone, recursive: run}
}

// evalValue computes v as a flatVal.
func evalValue(e *flatEnv, v flatValue) (flatVal, bool) { return evalAt(e, &v) }

// evalAt is evalValue of the value v points at, not copied (a flatValue
// is 15 words): what a step's hot paths call.
func evalAt(e *flatEnv, v *flatValue) (flatVal, bool) {
	switch {
	case v.scalar != nil:
		s, ok := v.scalar(e)
		return flatVal{s: s}, ok
	case v.cards != nil:
		xs, ok := v.cards(e)
		return flatVal{cards: xs}, ok
	case v.nums != nil:
		xs, ok := v.nums(e)
		return flatVal{nums: xs}, ok
	case v.recursive != nil:
		return v.recursive(e)
	}
	return flatVal{}, true
}

// typedAs gives a recursive call the kind of the function's result (k),
// known once the call's context is: the call's own kind is unknown while
// the body is compiled.
func (v flatValue) typedAs(k flatKind) flatValue {
	if v.recursive == nil {
		return v
	}
	run := v.recursive
	out := flatValue{kind: k}
	switch {
	case k == fkCards:
		out.cards = func(e *flatEnv) ([]int32, bool) { r, ok := run(e); return r.cards, ok }
	case k.isList():
		out.nums = func(e *flatEnv) ([]int64, bool) { r, ok := run(e); return r.nums, ok }
	default:
		out.scalar = func(e *flatEnv) (int64, bool) { r, ok := run(e); return r.s, ok }
	}
	return out
}
