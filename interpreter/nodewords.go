package interpreter

import (
	"strings"

	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// Node ids held by locals. A local bound to the elements of a list of a
// board's node ids (for_each: cities.nodes, as: n; an option's or a
// pick's as over neighbours(cities, c); a per_place view's place) holds
// node ids of that board, so a string literal compared with it
// (n == 'athnes') is checked at load like a vocabulary word, with a
// did-you-mean (literals.go); so is one compared with node(b, x).id.
// Without this it is a comparison that is always false. The list is
// recognised as written: b.nodes, b.regions.R, b.paths.P, neighbours,
// reachable or moves of a board named directly, and filter, sort, sortBy,
// take, reverse or uniq of one of these.

// nodeLocal is a local that holds node ids of board g: the field at
// index of the scope its body is compiled in.
type nodeLocal struct {
	name  string
	index int
	g     *graph
}

// boardLists are the graph built-ins whose result lists node ids of the
// board given first.
var boardLists = map[string]bool{"neighbours": true, "reachable": true, "moves": true}

// nodeCall is the built-in whose result is a node of the board given
// first (node(b, id).id is a node id of b).
var nodeCall = map[string]bool{"node": true}

// bindNodeLocal records that local name, declared after the locals of sc,
// holds node ids of the board whose ids the list src gives (when it is
// one), for the expressions compiled until the returned func is called.
func (c *compiler) bindNodeLocal(name string, src schema.Expr, sc *scope) (unbind func()) {
	var g *graph
	if name != "" && !c.assignedNames()[name] && c.ec.namesABoard(src.Src) {
		if tree, err := c.ec.parsed(src.Src); err == nil {
			g = c.ec.boardOfList(tree.Node, sc)
		}
	}
	return c.ec.pushNodeLocal(name, len(sc.fields()), g)
}

// assignedNames are the names that a set: of the ruleset writes as a
// bare name (set: n): a local of that name may be given a string that is
// no node id, so a literal compared with it is not checked as one.
func (c *compiler) assignedNames() map[string]bool {
	if c.ec.assigned == nil {
		c.ec.assigned = map[string]bool{}
		for _, list := range effectLists(c.rs) {
			walkEffects(list.effs, func(e *schema.Effect) {
				if t := strings.TrimSpace(e.Set.Src); e.Kind == "set" && schema.IsIdent(t) {
					c.ec.assigned[t] = true
				}
			})
		}
	}
	return c.ec.assigned
}

// namesABoard reports whether src holds the name of a board, so that a
// list that names none is not parsed again to look for one.
func (c *exprCompiler) namesABoard(src string) bool {
	for name := range c.tc.boards.graphs {
		if strings.Contains(src, name) {
			return true
		}
	}
	return false
}

// pushNodeLocal records a local holding node ids of g (nothing when g is
// nil) until the returned func is called.
func (c *exprCompiler) pushNodeLocal(name string, index int, g *graph) (unbind func()) {
	if g == nil {
		return func() {}
	}
	c.nodeLocals = append(c.nodeLocals, nodeLocal{name, index, g})
	n := len(c.nodeLocals)
	return func() { c.nodeLocals = c.nodeLocals[:n-1] }
}

// boardOfList is the board whose node ids the list expression n lists,
// or nil.
func (c *exprCompiler) boardOfList(n ast.Node, sc *scope) *graph {
	switch x := n.(type) {
	case *ast.MemberNode:
		prop, ok := x.Property.(*ast.StringNode)
		if !ok {
			return nil
		}
		if id, isIdent := x.Node.(*ast.IdentifierNode); isIdent && prop.Value == "nodes" {
			return c.boardNamed(id.Value, sc)
		}
		if inner, isMember := x.Node.(*ast.MemberNode); isMember {
			f, isString := inner.Property.(*ast.StringNode)
			id, isIdent := inner.Node.(*ast.IdentifierNode)
			if isString && isIdent && (f.Value == "regions" || f.Value == "paths") {
				return c.boardNamed(id.Value, sc)
			}
		}
	case *ast.CallNode:
		return c.boardCalled(x, boardLists, sc)
	case *ast.BuiltinNode:
		if listPreserving[x.Name] && x.Name != "concat" && len(x.Arguments) > 0 {
			return c.boardOfList(x.Arguments[0], sc)
		}
	}
	return nil
}

// boardCalled is the board given first to a call of one of fns, or nil.
func (c *exprCompiler) boardCalled(call *ast.CallNode, fns map[string]bool, sc *scope) *graph {
	fn, ok := call.Callee.(*ast.IdentifierNode)
	args := call.Arguments
	if len(args) > 0 {
		if first, isIdent := args[0].(*ast.IdentifierNode); isIdent && first.Value == "$env" {
			args = args[1:]
		}
	}
	if !ok || !fns[fn.Value] || len(args) == 0 {
		return nil
	}
	if id, isIdent := args[0].(*ast.IdentifierNode); isIdent {
		return c.boardNamed(id.Value, sc)
	}
	return nil
}

// boardNamed is the board called name, unless a local of sc hides it.
func (c *exprCompiler) boardNamed(name string, sc *scope) *graph {
	if _, local := sc.lookup(name); local {
		return nil
	}
	return c.tc.boards.graphs[name]
}

// nodeLocalsIn are the recorded locals that hold node ids in sc (those
// that are the innermost binding of their name) and that an expression
// does not hide with a let of its own (own: the names it declares). The
// list is reused by the next call.
func (c *exprCompiler) nodeLocalsIn(sc *scope, own map[string]bool) []nodeLocal {
	c.nodeBuf = c.nodeBuf[:0]
	fields := sc.fields()
	for _, nl := range c.nodeLocals {
		if nl.index < len(fields) && fields[nl.index].name == nl.name && !own[nl.name] && innermost(fields, nl.index) {
			c.nodeBuf = append(c.nodeBuf, nl)
		}
	}
	return c.nodeBuf
}

// innermost reports whether no field after fields[i] has its name.
func innermost(fields []field, i int) bool {
	for _, f := range fields[i+1:] {
		if f.name == fields[i].name {
			return false
		}
	}
	return true
}

// nodeLocalNamed is the local of list called name, if any.
func nodeLocalNamed(list []nodeLocal, name string) (*graph, bool) {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].name == name {
			return list[i].g, true
		}
	}
	return nil, false
}

// boardWords are the node ids of g as words.
func boardWords(g *graph) schema.Words {
	return schema.Words{Vocabulary: "the nodes of " + g.name, List: g.ids}
}

// checkNodeClosure checks, in the closure of a builtin over a list of
// node ids (filter(cities.nodes, # != 'athnes'), any(neighbours(cities,
// c), # == 'harbour')), the string literals compared with the element #.
// A # inside a closure nested in it is another list's element.
func (l *literalChecker) checkNodeClosure(src schema.Expr, b *ast.BuiltinNode) {
	if l.ec == nil || len(b.Arguments) < 2 {
		return
	}
	body, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return
	}
	g := l.ec.boardOfList(b.Arguments[0], l.sc)
	if g == nil {
		return
	}
	var nested map[ast.Node]bool // the nodes of closures inside this one
	ast.Find(body.Node, func(n ast.Node) bool {
		if c, isClosure := n.(*ast.PredicateNode); isClosure {
			if nested == nil {
				nested = map[ast.Node]bool{}
			}
			visitAll(c.Node, func(x ast.Node) { nested[x] = true })
		}
		return false
	})
	w, what := boardWords(g), "a node id of "+g.name
	ast.Find(body.Node, func(n ast.Node) bool {
		x, isBinary := n.(*ast.BinaryNode)
		if !isBinary || nested[n] {
			return false
		}
		switch {
		case (x.Operator == "==" || x.Operator == "!=") && isElement(x.Left):
			l.checkWord(src, x.Right, w, what)
		case (x.Operator == "==" || x.Operator == "!=") && isElement(x.Right):
			l.checkWord(src, x.Left, w, what)
		case x.Operator == "in" && isElement(x.Left):
			if arr, isArray := x.Right.(*ast.ArrayNode); isArray {
				for _, e := range arr.Nodes {
					l.checkWord(src, e, w, what)
				}
			}
		}
		return false
	})
}

// isElement reports whether n is # (the element of the closure's list).
func isElement(n ast.Node) bool {
	p, ok := n.(*ast.PointerNode)
	return ok && p.Name == ""
}
