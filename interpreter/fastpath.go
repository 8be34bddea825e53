package interpreter

import (
	"unsafe"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
)

// A fast path is a Go closure compiled at load from the runtime tree of
// an expression, which runs instead of expr's VM. It covers what the
// shipped rulesets evaluate in play: names, literals, member, index and
// slice reads, comparisons, logic, ?:, ??, in, checked integer
// arithmetic, let, the predicate builtins (any, all, none, one, count,
// filter, map, find, findIndex, …), len, first, last, min, max, abs, the
// engine's own functions (called directly, not through expr) and calls
// of ruleset functions, whose parameters and let variables live in frame
// slots (fastCtx.stack) instead of the environment map.
//
// A closure reports whether it could compute the value; when it meets
// anything it is not sure of (a value of another kind, a missing index,
// an overflow, a division by zero, a budget or call depth limit) it gives
// up, and the VM evaluates the whole expression again, so results and
// error messages are the VM's. Expressions are pure, so evaluating part
// of one twice changes nothing; the steps and memory a closure charged
// are given back when it gives up (runFast), so the VM meets the same
// budget. A closure charges what the VM charges: a step per ruleset
// function call and per predicate iteration, expr's own memory count of
// the lists it builds (filter, map, array literals, concat …), and the
// engine's memory charges of the strings and lists it builds.
type fastFunc func(x *fastCtx) (any, bool)

// fastCtx is what a fast path reads: the environment, the elements and
// indices of the predicates it is inside (innermost last), the frame
// slots of the ruleset function calls and let variables it is inside,
// and the game, whose budget it charges. One per game, reused: nothing
// is allocated per evaluation.
type fastCtx struct {
	env map[string]any
	// vals are the root names' slots (rootslots.go).
	vals  []any
	elems []any
	index []int
	// keys are the sorted keys of the maps the running loops over keys(m)
	// walk, innermost last (fastpath_keys.go).
	keys []string
	// hoist holds the sides of the running element condition loop that do
	// not read the element, evaluated before its rounds (fastpath_cond.go).
	hoist []any
	g     *Game
	// stack holds the frames: a function call's parameters, then the let
	// variables of its body; base is the current frame's first slot.
	stack []any
	base  int
	// depth is the number of frames the running closure is nested in
	// beyond g.callDepth (the VM's count of nested calls): 1 in a
	// top-level evaluation, so a call made there is at level
	// g.callDepth+depth-1, as the VM counts it.
	depth int
	// top is set while a top-level evaluation runs as a closure: no VM
	// is running then, so the memory of the last one does not count.
	top bool
}

// fastCompiler compiles the runtime tree of one expression (or function
// body) to closures.
type fastCompiler struct {
	// funcs are the ruleset's functions; fns are every function the
	// runtime compile declares (engine functions, hidden ones).
	funcs map[string]*function
	fns   map[string]*builtin.Function
	// consts are the ruleset's constants: a name that is one reads the
	// same (immutable) value the environment holds under it, without a
	// map lookup.
	consts map[string]any
	// slots are the names bound in frame slots: a function body's
	// parameters (by local key) and the let variables in scope.
	slots map[string]int
	size  int
	// miss describes the first node that could not be compiled.
	miss string
	// root numbers the root names read (rootslots.go); nil reads the map.
	root *rootSlotTable
	// props are the cards' prop columns (cardprops.go); pfields the
	// player fields with a slot (playerslots.go).
	props   *propColumns
	pfields *playerFields
	// attrs are the cards' attribute columns (cardattrs.go).
	attrs *cardAttrs
	// boxes are the boxed twins of constant string lists
	// (fastpath_const.go), shared by the load's expressions.
	boxes constBoxes
}

// fastCompile compiles an expression's runtime tree; params are the local
// keys of a function body's parameters (nil elsewhere), bound in the
// first frame slots. It returns nil and a description of the node it
// could not compile when it fails.
func fastCompile(n ast.Node, params []string, ec *exprCompiler, fns map[string]*builtin.Function) (fastFunc, int, string) {
	fc := &fastCompiler{funcs: ec.funcs, fns: fns, consts: ec.consts, props: ec.props, attrs: ec.attrs, pfields: ec.pfields, slots: map[string]int{}, root: ec.slots, boxes: ec.boxes}
	for i, p := range params {
		fc.slots[p] = i
	}
	fc.size = len(params)
	f := fc.node(n)
	if f == nil {
		return nil, 0, fc.miss
	}
	return f, fc.size, ""
}

// fail records why n could not be compiled (the first reason wins).
func (fc *fastCompiler) fail(what string) fastFunc {
	if fc.miss == "" {
		fc.miss = what
	}
	return nil
}

// node compiles n, or returns nil when n has a part it does not know.
func (fc *fastCompiler) node(n ast.Node) fastFunc {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		return fc.identifier(x.Value)
	case *ast.IntegerNode:
		return fastConst(x.Value)
	case *ast.StringNode:
		return fastConst(x.Value)
	case *ast.BoolNode:
		return fastConst(x.Value)
	case *ast.FloatNode:
		return fastConst(x.Value)
	case *ast.NilNode:
		return fastConst(nil)
	case *ast.ConstantNode:
		return fastConst(x.Value)
	case *ast.MemberNode:
		if x.Optional || x.Method {
			return fc.fail("optional or method member")
		}
		if v, ok := fc.constValue(x); ok {
			return fastConst(v)
		}
		return fc.member(x.Node, x.Property)
	case *ast.SliceNode:
		return fc.slice(x)
	case *ast.CallNode:
		return fc.call(x)
	case *ast.BinaryNode:
		return fc.binary(x)
	case *ast.UnaryNode:
		return fc.unary(x)
	case *ast.ConditionalNode:
		return fc.conditional(x)
	case *ast.BuiltinNode:
		return fc.builtin(x)
	case *ast.PointerNode:
		return fc.pointer(x)
	case *ast.VariableDeclaratorNode:
		return fc.let(x)
	case *ast.ArrayNode:
		return fc.array(x)
	case *ast.MapNode:
		return fc.mapLiteral(x)
	}
	return fc.fail(nodeKind(n))
}

// nodeKind names a node's kind for the fallback counts.
func nodeKind(n ast.Node) string {
	switch x := n.(type) {
	case *ast.ChainNode:
		return "?. chain"
	case *ast.MapNode:
		return "map literal"
	case *ast.SequenceNode:
		return "sequence"
	case *ast.BinaryNode:
		return "operator " + x.Operator
	case *ast.UnaryNode:
		return "unary " + x.Operator
	case *ast.BuiltinNode:
		return "builtin " + x.Name
	}
	return "node " + typeOfNode(n)
}

func typeOfNode(n ast.Node) string {
	if n == nil {
		return "nil"
	}
	s := ""
	switch n.(type) {
	case *ast.PredicateNode:
		s = "predicate outside a builtin"
	case *ast.PairNode:
		s = "pair"
	default:
		s = "other"
	}
	return s
}

// fastConst compiles a literal.
func fastConst(v any) fastFunc {
	return func(*fastCtx) (any, bool) { return v, true }
}

// identifier compiles a name: a frame slot, the environment argument of
// the engine's functions, or an entry of the environment map.
func (fc *fastCompiler) identifier(name string) fastFunc {
	if slot, ok := fc.slots[name]; ok {
		return func(x *fastCtx) (any, bool) { return x.stack[x.base+slot], true }
	}
	if name == "$env" { // only the engine's functions take it, to find the game
		return func(x *fastCtx) (any, bool) { return gameRef{x.g}, true }
	}
	if len(name) > 0 && name[0] == '$' {
		return fc.fail("hidden name " + name)
	}
	if v, ok := fc.consts[name]; ok {
		return fastConst(v)
	}
	if fc.root != nil {
		if i, ok := fc.root.slot(name); ok {
			return func(x *fastCtx) (any, bool) { return x.vals[i], true }
		}
	}
	return func(x *fastCtx) (any, bool) { return x.env[name], true }
}

// let compiles let name = value; expr, with name in a frame slot.
func (fc *fastCompiler) let(n *ast.VariableDeclaratorNode) fastFunc {
	value := fc.node(n.Value)
	if value == nil {
		return nil
	}
	slot := fc.size
	fc.size++
	prev, shadowed := fc.slots[n.Name]
	fc.slots[n.Name] = slot
	body := fc.node(n.Expr)
	if shadowed {
		fc.slots[n.Name] = prev
	} else {
		delete(fc.slots, n.Name)
	}
	if body == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		v, ok := value(x)
		if !ok {
			return nil, false
		}
		x.stack[x.base+slot] = v
		return body(x)
	}
}

// pointer compiles # (the element of the innermost predicate) and #index.
func (fc *fastCompiler) pointer(p *ast.PointerNode) fastFunc {
	switch p.Name {
	case "":
		return func(x *fastCtx) (any, bool) {
			if len(x.elems) == 0 {
				return nil, false
			}
			return x.elems[len(x.elems)-1], true
		}
	case "index":
		return func(x *fastCtx) (any, bool) {
			if len(x.index) == 0 {
				return nil, false
			}
			return x.index[len(x.index)-1], true
		}
	}
	return fc.fail("#" + p.Name)
}

// args compiles every node, or returns nil.
func (fc *fastCompiler) args(nodes ...ast.Node) []fastFunc {
	out := make([]fastFunc, len(nodes))
	for i, n := range nodes {
		if out[i] = fc.node(n); out[i] == nil {
			return nil
		}
	}
	return out
}

// runFast runs c's fast path as a top-level evaluation. When it gives
// up, the steps and memory it charged are given back, so that the VM,
// which evaluates c again, meets the same budget.
func (g *Game) runFast(c *compiled) (any, bool) {
	return g.runFastAt(c, 0, nil)
}

// runFastBody runs the fast path of a ruleset function's body called by
// the VM, one call level below it, with its arguments (already converted
// to the parameters' types) in the frame.
func (g *Game) runFastBody(c *compiled, args []any) (any, bool) {
	return g.runFastAt(c, 1, args)
}

// runFastAt runs c's fast path levels below the VM's call depth.
func (g *Game) runFastAt(c *compiled, levels int, args []any) (any, bool) {
	x := &g.fast
	saved, depth, stack, base, keys := g.budget, len(x.elems), len(x.stack), x.base, len(x.keys)
	x.bindState(g)
	x.stack = append(x.stack, args...)
	x.depth += levels
	v, ok := x.enter(c, stack)
	x.depth -= levels
	x.elems, x.index = x.elems[:depth], x.index[:depth]
	x.stack, x.base, x.keys = x.stack[:stack], base, x.keys[:keys]
	if !ok {
		g.budget = saved
	}
	return v, ok
}

// bindState points x at g's state. It writes a field only where it
// changed: a pointer written while the collector marks costs a write
// barrier, and most evaluations find the fields as the last one left
// them (the root map and the slots change only at a copy on write).
func (x *fastCtx) bindState(g *Game) {
	if x.g != g {
		x.g = g
	}
	if mapAddr(x.env) != mapAddr(g.st.root) {
		x.env = g.st.root
	}
	if len(x.vals) != len(g.st.vals) || unsafe.SliceData(x.vals) != unsafe.SliceData(g.st.vals) {
		x.vals = g.st.vals
	}
}

// enter runs c's closure in a frame starting at base (its parameters, if
// any, already pushed), one call level deeper.
func (x *fastCtx) enter(c *compiled, base int) (any, bool) {
	for len(x.stack) < base+c.frame {
		x.stack = append(x.stack, nil)
	}
	saved := x.base
	x.base = base
	x.depth++
	v, ok := c.fast(x)
	x.depth--
	x.base = saved
	x.stack = x.stack[:base]
	return v, ok
}

// chargeVM charges memory that expr's VM counts itself (the lists it
// builds: filter, map, array literals, ranges, concat …). The VM fails
// when its count reaches what is left of the budget; a closure gives up a
// little earlier (at used + n >= limit, where the engine's own charges
// fail only above the limit), so it never succeeds where the VM fails.
func (x *fastCtx) chargeVM(n int) bool {
	g := x.g
	if n < 0 || g.memoryUsed()+n >= g.limits.MaxExprMemory {
		return false
	}
	g.budget.mem += n
	return true
}

// boxedInts are the ints from -boxedMin up to boxedMax boxed once, so
// that a closure returning a computed int (a sum, a count, a difference)
// allocates nothing for the values games use (Go itself boxes only 0 to
// 255 without allocating). Built once, never written.
var boxedInts = func() []any {
	out := make([]any, boxedMin+boxedMax)
	for i := range out {
		out[i] = i - boxedMin
	}
	return out
}()

const boxedMin, boxedMax = 1024, 4096

// boxInt is n as an any, without allocating for common values.
func boxInt(n int) any {
	if n >= -boxedMin && n < boxedMax {
		return boxedInts[n+boxedMin]
	}
	return n
}
