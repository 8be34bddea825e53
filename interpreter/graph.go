package interpreter

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// The graph built-ins of expressions (REFERENCE.md, "Boards"). Every
// result list is in board order (the nodes' declaration order; a grid's
// cells row by row), never in Go map order.

// declareGraphBuiltins adds node, neighbours, reachable, distance, cell and
// moves.
func (c *exprCompiler) declareGraphBuiltins() {
	b, n := c.tc.boards.board, c.tc.boards.node
	sig := func(out reflect.Type, in ...reflect.Type) any {
		return reflect.New(reflect.FuncOf(in, []reflect.Type{out}, false)).Interface()
	}
	graphs := c.tc.boards.graphs
	add := func(name string, impl func(args ...any) (any, error), sigs ...any) {
		impl = withGraph(graphs, impl)
		c.checkOpts = append(c.checkOpts, expr.Function(name, impl, sigs...))
		c.runOpts = append(c.runOpts, expr.Function(name, impl))
		c.names = append(c.names, name)
	}
	s, i, ss := typeString, typeInt, typeStrings
	add("node", builtinNode, sig(n, b, s))
	add("neighbours", builtinNeighbours, sig(ss, b, s), sig(ss, b, s, s))
	add("reachable", builtinReachable, sig(ss, b, s, typeAny), sig(ss, b, s, typeAny, s))
	add("distance", builtinDistance, sig(i, b, s, s), sig(i, b, s, s, typeAny))
	add("cell", builtinCell, sig(s, b, i, i))
	add("moves", builtinMoves, sig(ss, b, s, s))
}

// withGraph gives a built-in the compiled graph of its board argument (the
// first) in place of the board's value, which holds data only.
func withGraph(graphs map[string]*graph, impl func(args ...any) (any, error)) func(args ...any) (any, error) {
	return func(args ...any) (any, error) {
		if len(args) > 0 {
			if bv, ok := args[0].(boardValue); ok {
				name, _ := bv["name"].(string)
				if g := graphs[name]; g != nil {
					// In place: the arguments are the caller's scratch (the
					// VM's argument buffer, a closure's frame stack), read
					// by nobody after the call.
					args[0] = g
				}
			}
		}
		return impl(args...)
	}
}

// graphArg is the graph of a board argument (see withGraph).
func graphArg(fn string, v any) (*graph, error) {
	if g, ok := v.(*graph); ok {
		return g, nil
	}
	return nil, fmt.Errorf("%s: expected a board, got %s", fn, describe(v))
}

// nodeArgs resolves a board and a node id.
func nodeArgs(fn string, args []any) (*graph, int, error) {
	g, err := graphArg(fn, args[0])
	if err != nil {
		return nil, 0, err
	}
	id, ok := args[1].(string)
	if !ok {
		return nil, 0, fmt.Errorf("%s: expected a node id, got %s", fn, describe(args[1]))
	}
	i, err := g.node(id)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %v", fn, err)
	}
	return g, i, nil
}

// kindArg is the optional edge kind at args[at] ("" for every kind).
func kindArg(g *graph, fn string, args []any, at int) ([][]int, error) {
	kind := ""
	if len(args) > at {
		kind, _ = args[at].(string)
	}
	adj, err := g.adjacency(kind)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", fn, err)
	}
	return adj, nil
}

// throughArg turns a list of node ids into a mask over the graph's nodes.
func throughArg(g *graph, fn string, v any) ([]bool, error) {
	rv := reflect.ValueOf(v)
	if v == nil {
		return make([]bool, len(g.ids)), nil
	}
	if rv.Kind() != reflect.Slice {
		return nil, fmt.Errorf("%s: expected a list of node ids, got %s", fn, describe(v))
	}
	mask := make([]bool, len(g.ids))
	for k := 0; k < rv.Len(); k++ {
		id, ok := rv.Index(k).Interface().(string)
		if !ok {
			return nil, fmt.Errorf("%s: expected a list of node ids, got %s in it", fn, describe(rv.Index(k).Interface()))
		}
		i, err := g.node(id)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", fn, err)
		}
		mask[i] = true
	}
	return mask, nil
}

func builtinNode(args ...any) (any, error) {
	g, i, err := nodeArgs("node", args)
	if err != nil {
		return nil, err
	}
	return g.nodes[i], nil
}

func builtinNeighbours(args ...any) (any, error) {
	g, i, err := nodeArgs("neighbours", args)
	if err != nil {
		return nil, err
	}
	adj, err := kindArg(g, "neighbours", args, 2)
	if err != nil {
		return nil, err
	}
	return g.idsOf(append([]int(nil), adj[i]...)), nil
}

// builtinReachable lists the nodes reachable from a node over edges where
// every node passed on the way (not the start, not the end) is in the
// through list.
func builtinReachable(args ...any) (any, error) {
	g, i, err := nodeArgs("reachable", args)
	if err != nil {
		return nil, err
	}
	through, err := throughArg(g, "reachable", args[2])
	if err != nil {
		return nil, err
	}
	adj, err := kindArg(g, "reachable", args, 3)
	if err != nil {
		return nil, err
	}
	var out []int
	for j, d := range g.bfs(i, adj, through) {
		if d > 0 {
			out = append(out, j)
		}
	}
	return g.idsOf(out), nil
}

// builtinDistance is the fewest edges from a to b (-1 if b cannot be
// reached), optionally passing only through the listed nodes.
func builtinDistance(args ...any) (any, error) {
	g, i, err := nodeArgs("distance", args)
	if err != nil {
		return nil, err
	}
	_, j, err := nodeArgs("distance", []any{args[0], args[2]})
	if err != nil {
		return nil, err
	}
	var through []bool
	if len(args) > 3 {
		if through, err = throughArg(g, "distance", args[3]); err != nil {
			return nil, err
		}
	}
	adj, _ := g.adjacency("")
	return g.bfs(i, adj, through)[j], nil
}

// builtinCell is the id of the grid cell at row, col, or "" outside the
// grid or on a hole.
func builtinCell(args ...any) (any, error) {
	g, err := graphArg("cell", args[0])
	if err != nil {
		return nil, err
	}
	if g.cells == nil {
		return nil, fmt.Errorf("cell: board %s is not a grid", g.name)
	}
	r, rok := args[1].(int)
	c, cok := args[2].(int)
	if !rok || !cok {
		return nil, fmt.Errorf("cell: expected a row and a column, got %s and %s", describe(args[1]), describe(args[2]))
	}
	if r < 0 || r >= g.rows || c < 0 || c >= g.cols || g.cells[r][c] < 0 {
		return "", nil
	}
	return g.ids[g.cells[r][c]], nil
}

// builtinMoves lists the cells one step of a move pattern leads to.
func builtinMoves(args ...any) (any, error) {
	g, i, err := nodeArgs("moves", args)
	if err != nil {
		return nil, err
	}
	if g.cells == nil {
		return nil, fmt.Errorf("moves: board %s is not a grid", g.name)
	}
	name, _ := args[2].(string)
	pattern, ok := g.patterns[name]
	if !ok {
		return nil, fmt.Errorf("moves: board %s has no move pattern %q%s", g.name, name, schema.DidYouMean(name, sortedKeys(g.patterns)))
	}
	return g.idsOf(g.step(i, pattern)), nil
}

// boardLiteralArgs says which arguments of a graph built-in name nodes
// when written as string literals, and which names an edge kind or a move
// pattern.
var boardLiteralArgs = map[string]struct{ nodes, kind, pattern []int }{
	"node":       {nodes: []int{1}},
	"neighbours": {nodes: []int{1}, kind: []int{2}},
	"reachable":  {nodes: []int{1}, kind: []int{3}},
	"distance":   {nodes: []int{1, 2}},
	"moves":      {nodes: []int{1}, pattern: []int{2}},
}

// checkBoardLiterals reports node ids, edge kinds and move patterns
// written as string literals in calls of the graph built-ins on a board
// named directly (`neighbours(cities, "athnes")`), with a did-you-mean.
func (c *exprCompiler) checkBoardLiterals(src schema.Expr, tree ast.Node, sc *scope) bool {
	ok := true
	ast.Find(tree, func(n ast.Node) bool {
		if member, isMember := n.(*ast.MemberNode); isMember {
			ok = c.checkFamilyKeyLiteral(src, member, sc) && ok
			return false
		}
		call, isCall := n.(*ast.CallNode)
		if !isCall {
			return false
		}
		fn, isIdent := call.Callee.(*ast.IdentifierNode)
		if !isIdent || len(call.Arguments) < 2 {
			return false
		}
		ok = c.checkThroughArg(src, fn.Value, call.Arguments) && ok
		args, known := boardLiteralArgs[fn.Value]
		board, isBoard := call.Arguments[0].(*ast.IdentifierNode)
		if !known || !isBoard || c.tc.boards.graphs[board.Value] == nil {
			return false
		}
		g := c.tc.boards.graphs[board.Value]
		if _, local := sc.lookup(board.Value); local {
			return false
		}
		for _, problem := range g.literalProblems(call.Arguments, args.nodes, args.kind, args.pattern) {
			line, col := lineCol(src.Src, problem.at.Location().From)
			c.ds.Add(c.diag(src, line, col, fn.Value+": "+problem.msg))
			ok = false
		}
		return false
	})
	return ok
}

// throughArgs is the index of the through argument (a list of node ids)
// of the graph built-ins that take one.
var throughArgs = map[string]int{"reachable": 2, "distance": 3}

// checkThroughArg reports a through argument whose type is known at load
// and is no list of strings (`distance(b, 'a', 'z', 'a')`): its signature
// takes any value, as lists built by filter or map are typed only at run
// time.
func (c *exprCompiler) checkThroughArg(src schema.Expr, fn string, args []ast.Node) bool {
	i, takes := throughArgs[fn]
	if !takes || i >= len(args) {
		return true
	}
	t := args[i].Type()
	if t == nil || t.Kind() == reflect.Interface {
		return true
	}
	if (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && (t.Elem().Kind() == reflect.String || t.Elem().Kind() == reflect.Interface) {
		return true
	}
	line, col := lineCol(src.Src, args[i].Location().From)
	c.ds.Add(c.diag(src, line, col, fmt.Sprintf("%s: through must be a list of node ids, got %s", fn, withArticle(typeName(t, c.tc)))))
	return false
}

// literalProblem is a string literal that names nothing on a board.
type literalProblem struct {
	at  ast.Node
	msg string
}

// literalProblems checks the string literals among args.
func (g *graph) literalProblems(args []ast.Node, nodes, kinds, patterns []int) []literalProblem {
	var out []literalProblem
	lit := func(i int) (*ast.StringNode, bool) {
		if i >= len(args) {
			return nil, false
		}
		s, ok := args[i].(*ast.StringNode)
		return s, ok
	}
	for _, i := range nodes {
		if s, ok := lit(i); ok {
			if _, err := g.node(s.Value); err != nil {
				out = append(out, literalProblem{s, err.Error()})
			}
		}
	}
	for _, i := range kinds {
		if s, ok := lit(i); ok {
			if _, err := g.adjacency(s.Value); err != nil {
				out = append(out, literalProblem{s, err.Error()})
			}
		}
	}
	for _, i := range patterns {
		if s, ok := lit(i); ok {
			if _, known := g.patterns[s.Value]; !known && g.cells != nil {
				out = append(out, literalProblem{s, fmt.Sprintf("board %s has no move pattern %q%s", g.name, s.Value, schema.DidYouMean(s.Value, sortedKeys(g.patterns)))})
			}
		}
	}
	return out
}

// checkFamilyKeyLiteral reports stack["athnes"] or stack.athnes in an
// expression when stack is a keyed zone family without that key.
func (c *exprCompiler) checkFamilyKeyLiteral(src schema.Expr, m *ast.MemberNode, sc *scope) bool {
	key, isString := m.Property.(*ast.StringNode)
	if inner, ok := m.Node.(*ast.MemberNode); ok && isString {
		return c.checkBoardListLiteral(src, inner, key, sc)
	}
	id, isIdent := m.Node.(*ast.IdentifierNode)
	if !isIdent || !isString {
		return true
	}
	keys, isFamily := c.tc.boards.families[id.Value]
	if _, local := sc.lookup(id.Value); !isFamily || local || slices.Contains(keys, key.Value) {
		return true
	}
	line, col := lineCol(src.Src, key.Location().From)
	c.ds.Add(c.diag(src, line, col, fmt.Sprintf("zone family %s has no key %q%s", id.Value, key.Value, schema.DidYouMean(key.Value, keys))))
	return false
}

// checkBoardListLiteral reports b.regions.NAME or b.paths.NAME (also
// written ["NAME"]) naming no region or path of board b.
func (c *exprCompiler) checkBoardListLiteral(src schema.Expr, inner *ast.MemberNode, key *ast.StringNode, sc *scope) bool {
	id, isIdent := inner.Node.(*ast.IdentifierNode)
	field, isString := inner.Property.(*ast.StringNode)
	if !isIdent || !isString || (field.Value != "regions" && field.Value != "paths") {
		return true
	}
	g := c.tc.boards.graphs[id.Value]
	if _, local := sc.lookup(id.Value); g == nil || local {
		return true
	}
	names := g.regionNames
	if field.Value == "paths" {
		names = g.pathNames
	}
	if slices.Contains(names, key.Value) {
		return true
	}
	line, col := lineCol(src.Src, key.Location().From)
	what := strings.TrimSuffix(field.Value, "s")
	c.ds.Add(c.diag(src, line, col, fmt.Sprintf("board %s has no %s %q%s", id.Value, what, key.Value, schema.DidYouMean(key.Value, names))))
	return false
}
