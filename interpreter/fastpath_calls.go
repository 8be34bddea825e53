package interpreter

import (
	"math"

	"github.com/expr-lang/expr/ast"
)

// Calls in fast paths: ruleset functions (their parameters in a new
// frame, their bodies' closures run directly), the hidden functions of
// the budget and of checked arithmetic, and the engine's functions
// (card, div, node, neighbours, …), called directly.

// call compiles a call of a named function.
func (fc *fastCompiler) call(n *ast.CallNode) fastFunc {
	id, ok := n.Callee.(*ast.IdentifierNode)
	if !ok {
		return fc.fail("call of a method")
	}
	if f, ok := fc.funcs[id.Value]; ok {
		return fc.callRuleset(f, n.Arguments)
	}
	if (id.Value == "$sum" || id.Value == "$sumAny") && len(n.Arguments) == 1 {
		if fused := fc.fusedSum(n.Arguments[0]); fused != nil {
			return fused
		}
	}
	if id.Value == locFunc {
		if read := fc.locRead(n); read != nil {
			return read
		}
	}
	if id.Value == joinFunc {
		if fused := fc.fusedJoinIDs(n); fused != nil {
			return fused
		}
	}
	args := fc.args(n.Arguments...)
	if args == nil {
		return nil
	}
	switch id.Value {
	case stepFunc:
		if len(args) == 2 {
			return fastStep(args[1])
		}
	case "$add", "$sub", "$mul", "$subAny", "$mulAny":
		if len(args) == 2 {
			return fastChecked(id.Value, args[0], args[1])
		}
	case "$neg":
		if len(args) == 1 {
			return fastNeg(args[0])
		}
	case "$abs":
		if len(args) == 1 {
			return fc.unaryOf(args[0], fastAbs)
		}
	case plusFunc:
		if len(args) == 3 {
			return fastPlus(args[1], args[2])
		}
	case mapDefaultFunc:
		if len(args) == 3 {
			return fastMapDefault(args[0], args[1], args[2])
		}
	}
	fn, ok := fc.fns[id.Value]
	if !ok || fn.Func == nil {
		return fc.fail("function " + id.Value)
	}
	return fastEngineCall(fn.Func, args)
}

// callRuleset compiles a call of a ruleset function: the arguments are
// converted to the parameters' types and pushed as the callee's frame,
// one step is charged and the body's closure runs one level deeper, as
// callFunction does for the VM. Where the VM would fail (a conversion, the
// call depth, the steps) or the body has no closure, it gives up.
func (fc *fastCompiler) callRuleset(f *function, nodes []ast.Node) fastFunc {
	if len(nodes) != len(f.params)+1 {
		return fc.fail("call of " + f.name + " with the wrong arguments")
	}
	args, scratch := fc.callArgs(f, nodes[1:]) // nodes[0] is $env
	if args == nil {
		return nil
	}
	call := rulesetCallOf(f, args)
	if scratch {
		return givingBackScratch(call)
	}
	return call
}

// rulesetCallOf is the closure of a call of f with the given arguments.
func rulesetCallOf(f *function, args []fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		body, g := f.body, x.g
		if body == nil || body.fast == nil || g.callDepth+x.depth-1 >= g.limits.MaxCallDepth {
			return nil, false
		}
		base := len(x.stack)
		for i, a := range args {
			v, ok := a(x)
			if !ok {
				x.stack = x.stack[:base]
				return nil, false
			}
			if v, err := coerce(f.params[i].Type, v); err == nil {
				x.stack = append(x.stack, v)
			} else {
				x.stack = x.stack[:base]
				return nil, false
			}
		}
		if g.chargeSteps(1) != nil {
			x.stack = x.stack[:base]
			return nil, false
		}
		if g.counts != nil {
			return g.countedCall(x, f, base)
		}
		return g.rulesetCall(x, f, base)
	}
}

// callArgs compiles the arguments of a call of f. A map literal given for
// an intmap parameter builds the map[string]int the call would convert
// it to (intMapLiteral): a call like meets(p, {quarry: 2}) in a loop
// would otherwise build a map and then copy it. Where f only looks into
// the parameter, the map is a scratch one (scratchmaps.go), and scratch
// says so.
func (fc *fastCompiler) callArgs(f *function, nodes []ast.Node) (out []fastFunc, scratch bool) {
	out = make([]fastFunc, len(nodes))
	for i, n := range nodes {
		if m, ok := n.(*ast.MapNode); ok && f.params[i].Type == "intmap" {
			if keys, values, ok := fc.pairs(m); ok {
				fresh := intMapLiteral(keys, values)
				out[i], scratch = scratchIntMapLiteral(f, i, keys, values, fresh), true
			}
		} else {
			out[i] = fc.node(n)
		}
		if out[i] == nil {
			return nil, false
		}
	}
	return out, scratch
}

// rulesetCall runs the call of f whose arguments are on x's stack from
// base (remembered, if f's calls are: callmemo.go).
func (g *Game) rulesetCall(x *fastCtx, f *function, base int) (any, bool) {
	if f.memo >= 0 {
		return g.rememberedCall(x, f, base)
	}
	return x.enter(f.body, base)
}

// countedCall is rulesetCall counted (Config.Counts): the call's step,
// charged before it, and the steps it took.
func (g *Game) countedCall(x *fastCtx, f *function, base int) (any, bool) {
	steps := g.budget.steps
	v, ok := g.rulesetCall(x, f, base)
	if ok {
		g.counts.count(f, g.budget.steps-steps+1)
	}
	return v, ok
}

// fastStep is $step(body): one predicate iteration.
func fastStep(body fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		v, ok := body(x)
		if !ok || x.g.chargeSteps(1) != nil {
			return nil, false
		}
		return v, true
	}
}

// fastChecked compiles checked int arithmetic ($add, $sub, $mul, and
// $subAny, $mulAny of untyped operands): an overflow gives up, and the VM
// reports it; so does a value that is not an int (the VM computes it).
func fastChecked(name string, a, b fastFunc) fastFunc {
	op := addInts
	switch name {
	case "$sub", "$subAny":
		op = subInts
	case "$mul", "$mulAny":
		op = mulInts
	}
	return func(x *fastCtx) (any, bool) {
		l, r, ok := fastInts(x, a, b)
		if !ok {
			return nil, false
		}
		n, err := op(l, r)
		return boxInt(n), err == nil
	}
}

// fastNeg compiles $neg, the negation of an untyped value, for an int:
// the smallest int gives up (the VM reports the overflow), and so does
// anything else (the VM negates it).
func fastNeg(a fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		v, ok := a(x)
		n, isInt := v.(int)
		if !ok || !isInt || n == math.MinInt {
			return nil, false
		}
		return boxInt(-n), true
	}
}

// fastPlus is $plus: strings joined and charged (builtinPlus), ints
// added with the overflow check.
func fastPlus(a, b fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		av, bv, ok := fastPair(x, a, b)
		if !ok {
			return nil, false
		}
		switch l := av.(type) {
		case string:
			r, ok := bv.(string)
			if !ok || x.g.chargeMemory(len(l)+len(r)) != nil {
				return nil, false
			}
			return l + r, true
		case int:
			r, ok := bv.(int)
			if !ok {
				return nil, false
			}
			n, err := addInts(l, r)
			return boxInt(n), err == nil
		}
		return nil, false
	}
}

// fastMapDefault is an intmap read with its declared default
// (builtinMapDefault).
func fastMapDefault(m, k, def fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		mv, kv, ok := fastPair(x, m, k)
		if !ok {
			return nil, false
		}
		mm, mok := mv.(map[string]int)
		key, kok := kv.(string)
		if !mok || !kok {
			return nil, false
		}
		if v, ok := mm[key]; ok {
			return v, true
		}
		return def(x)
	}
}

// fastEngineCall calls one of the engine's functions (and the hidden ones
// of the budget) with its arguments in the frame stack: no argument list
// is allocated. An error gives up: the VM reports it.
func fastEngineCall(f func(args ...any) (any, error), args []fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		base := len(x.stack)
		for _, a := range args {
			v, ok := a(x)
			if !ok {
				x.stack = x.stack[:base]
				return nil, false
			}
			x.stack = append(x.stack, v)
		}
		out, err := f(x.stack[base:]...)
		x.stack = x.stack[:base]
		return out, err == nil
	}
}
