package interpreter

import (
	"errors"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"agon/schema"
)

// One parse and one type check per expression. The closures and the
// trigger analysis need the runtime tree (the text with the runtime
// patches: local keys, $env, checked arithmetic, $step, $plus, …, then
// expr's optimiser), not a type-checked one: they read its shape, never
// its types, and none of the runtime patchers reads a type (they match
// names and the positions the checked compile recorded). So the runtime
// tree is made from a copy of the check's parse, taken before the check
// patches it, by running the runtime patchers and the optimiser on it,
// without expr's checks against the map environment (about a third of
// loading's expr time: a second parse and three or four checks).
//
// The parses are the same: the check and the runtime configurations hide
// the same builtins and declare the same function names (the runtime's
// extra ones are $ names, which no text may write). They differ only in
// the environment, and a name the environment holds changes the parse only
// when it is a predicate builtin's name written as a call; that call
// fails the check (a value is not callable), so no such text gets here.
//
// The VM program, which only the expressions whose closures give up need,
// is compiled from the text by expr's own steps (parse, the same patchers,
// check against the map environment, optimiser, code generation) when it
// is first needed (lazyProgram, exprconf.go). The two trees may differ
// only where the optimiser reads a type (expr's inArray and inRange fold
// `x in [1, 2]` and `x in 1..3` when x is known to be an int): both are
// the same expression, and TestRuntimeTreeIsExprs compares them for every
// compile of the shipped rulesets.

// forRuntime makes the runtime side of a compile in scope sc: the runtime
// tree from parsed (a copy of the check's parse of source, or nil to
// parse the text again under checkCfg), its closure, and its VM program,
// which is compiled now only when there is no closure (the VM then runs
// it every time, and a failure must be a load error).
func (c *exprCompiler) forRuntime(src schema.Expr, sc *scope, hidden []string, parsed ast.Node, source file.Source,
	checkCfg *conf.Config, arith *arithRecorder, finder *defaultFinder) (*compiled, error) {
	if parsed == nil {
		tree, err := parser.ParseWithConfig(src.Src, checkCfg)
		if err != nil {
			return nil, err
		}
		parsed = tree.Node
	}
	runBase := c.baseConfig(runConf, hidden)
	runOpts := func() []expr.Option { return c.runOptions(sc, arith, finder) }
	node, err := runtimeTree(parsed, source, runBase, runOpts())
	if err != nil {
		return nil, err
	}
	run := &lazyProgram{tree: node, build: func() (*vm.Program, error) { return exprProgram(runBase, src.Src, runOpts()...) }}
	out := &compiled{src: src, run: run}
	out.fast, out.frame, out.fastMiss = fastCompile(node, nil, c, runBase.Functions)
	if out.fast == nil {
		if _, err := run.program(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// runtimeTree runs the runtime patchers of opts on node (a copy of the
// text's parse) in expr's order, the non-repeatable ones first, and then
// the optimiser. Its errors are the optimiser's (a constant that does not
// fold, such as 1 % 0), bound to the text.
func runtimeTree(node ast.Node, source file.Source, base *conf.Config, opts []expr.Option) (ast.Node, error) {
	cfg := *base
	cfg.Visitors = nil
	for _, op := range opts {
		op(&cfg)
	}
	cfg.Check()
	for _, second := range []bool{false, true} {
		for {
			more := false
			for _, visitor := range cfg.Visitors {
				r, repeatable := visitor.(repeatablePatcher)
				if repeatable != second {
					continue
				}
				if repeatable {
					r.Reset()
				}
				ast.Walk(&node, visitor)
				more = more || (repeatable && r.ShouldRepeat())
			}
			if !more {
				break
			}
		}
	}
	if err := optimizer.Optimize(&node, &cfg); err != nil {
		var fileError *file.Error
		if errors.As(err, &fileError) {
			return nil, fileError.Bind(source)
		}
		return nil, err
	}
	return node, nil
}

// copyNode is a deep copy of an expr tree, so that patching one copy
// leaves the other as it was. ok is false for a node kind it does not
// know (a newer expr's): the caller then parses the text again.
func copyNode(n ast.Node) (out ast.Node, ok bool) {
	ok = true
	cp := func(x ast.Node) ast.Node {
		if x == nil || !ok {
			return x
		}
		var c ast.Node
		c, ok = copyNode(x)
		return c
	}
	cps := func(xs []ast.Node) []ast.Node {
		if xs == nil {
			return nil
		}
		out := make([]ast.Node, len(xs))
		for i, x := range xs {
			out[i] = cp(x)
		}
		return out
	}
	switch x := n.(type) {
	case nil:
		return nil, true
	case *ast.NilNode:
		c := *x
		return &c, true
	case *ast.IdentifierNode:
		c := *x
		return &c, true
	case *ast.IntegerNode:
		c := *x
		return &c, true
	case *ast.FloatNode:
		c := *x
		return &c, true
	case *ast.BoolNode:
		c := *x
		return &c, true
	case *ast.StringNode:
		c := *x
		return &c, true
	case *ast.BytesNode:
		c := *x
		c.Value = append([]byte(nil), x.Value...)
		return &c, true
	case *ast.ConstantNode:
		return nil, false // only the optimiser makes them
	case *ast.UnaryNode:
		c := *x
		c.Node = cp(x.Node)
		return &c, ok
	case *ast.BinaryNode:
		c := *x
		c.Left, c.Right = cp(x.Left), cp(x.Right)
		return &c, ok
	case *ast.ChainNode:
		c := *x
		c.Node = cp(x.Node)
		return &c, ok
	case *ast.MemberNode:
		c := *x
		c.Node, c.Property = cp(x.Node), cp(x.Property)
		return &c, ok
	case *ast.SliceNode:
		c := *x
		c.Node, c.From, c.To = cp(x.Node), cp(x.From), cp(x.To)
		return &c, ok
	case *ast.CallNode:
		c := *x
		c.Callee, c.Arguments = cp(x.Callee), cps(x.Arguments)
		return &c, ok
	case *ast.BuiltinNode:
		if x.Map != nil || x.Threshold != nil {
			return nil, false // only the optimiser sets them
		}
		c := *x
		c.Arguments = cps(x.Arguments)
		return &c, ok
	case *ast.PredicateNode:
		c := *x
		c.Node = cp(x.Node)
		return &c, ok
	case *ast.PointerNode:
		c := *x
		return &c, true
	case *ast.ConditionalNode:
		c := *x
		c.Cond, c.Exp1, c.Exp2 = cp(x.Cond), cp(x.Exp1), cp(x.Exp2)
		return &c, ok
	case *ast.VariableDeclaratorNode:
		c := *x
		c.Value, c.Expr = cp(x.Value), cp(x.Expr)
		return &c, ok
	case *ast.SequenceNode:
		c := *x
		c.Nodes = cps(x.Nodes)
		return &c, ok
	case *ast.ArrayNode:
		c := *x
		c.Nodes = cps(x.Nodes)
		return &c, ok
	case *ast.MapNode:
		c := *x
		c.Pairs = cps(x.Pairs)
		return &c, ok
	case *ast.PairNode:
		c := *x
		c.Key, c.Value = cp(x.Key), cp(x.Value)
		return &c, ok
	}
	return nil, false
}

// The runtime patchers read no type (see above), so patchAndCheck makes
// no check before them when it compiles a VM program.

func (localRenamer) readsNoTypes()    {}
func (defaultRewriter) readsNoTypes() {}
func (arithPatcher) readsNoTypes()    {}
func (*budgetPatcher) readsNoTypes()  {}
