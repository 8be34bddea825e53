package interpreter

import (
	"fmt"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"agon/schema"
)

// In expr, # (and .field) always means the element of the innermost
// predicate: in any(xs, any(ys, .a > #.a)) both .a and #.a are elements of
// ys, and the outer element is never looked at. checkNestedPointers
// reports that shape: a predicate whose body never uses its own element
// while a predicate nested in it uses #. (When the outer body does use
// its element, as in filter(players, any(.hand, .value > 3)), the inner #
// is taken to be meant.) The fix is to name the outer element with expr's
// let: any(xs, let x = #; any(ys, .a > x.a)).

// predicate is a closure argument of a builtin, with the builtin's name.
type predicate struct {
	node     *ast.PredicateNode
	builtin  string
	pointers map[ast.Node]bool // every # inside the body, nested or not
}

// checkNestedPointers reports a nested # that may be meant for an outer
// predicate's element; it returns false when it reported one.
func (c *exprCompiler) checkNestedPointers(src schema.Expr) bool {
	tree, err := parser.Parse(src.Src)
	if err != nil {
		return true // expr reports it
	}
	preds := predicatesOf(tree.Node)
	for _, outer := range preds {
		if len(directPointers(outer, preds)) > 0 {
			continue
		}
		for _, inner := range preds {
			if inner == outer || !nodeWithin(outer.node.Node, inner.node) {
				continue
			}
			if ptr := directPointers(inner, preds); len(ptr) > 0 {
				line, col := lineCol(src.Src, ptr[0].Location().From)
				c.ds.Add(c.diag(src, line, col, fmt.Sprintf(
					"# here is the element of the inner %s(), not of the outer %s(), whose element is never used: "+
						"to use the outer element, name it with let, e.g. %s(xs, let x = #; any(ys, .a > x.a))",
					inner.builtin, outer.builtin, outer.builtin)))
				return false
			}
		}
	}
	return true
}

// predicatesOf lists the predicates of tree in source order.
func predicatesOf(tree ast.Node) []*predicate {
	var out []*predicate
	ast.Find(tree, func(n ast.Node) bool {
		b, ok := n.(*ast.BuiltinNode)
		if !ok {
			return false
		}
		for _, a := range b.Arguments {
			if p, ok := a.(*ast.PredicateNode); ok {
				pr := &predicate{node: p, builtin: b.Name, pointers: map[ast.Node]bool{}}
				ast.Find(p.Node, func(x ast.Node) bool {
					if _, ok := x.(*ast.PointerNode); ok {
						pr.pointers[x] = true
					}
					return false
				})
				out = append(out, pr)
			}
		}
		return false
	})
	return out
}

// directPointers are the #s of p's body that belong to p (not to a
// predicate nested in it), in source order.
func directPointers(p *predicate, all []*predicate) []ast.Node {
	var out []ast.Node
	ast.Find(p.node.Node, func(x ast.Node) bool {
		if !p.pointers[x] {
			return false
		}
		for _, q := range all {
			if q != p && q.pointers[x] && nodeWithin(p.node.Node, q.node) {
				return false // a nested predicate's
			}
		}
		out = append(out, x)
		return false
	})
	return out
}

// nodeWithin reports whether node is inside tree.
func nodeWithin(tree ast.Node, node ast.Node) bool {
	found := false
	ast.Find(tree, func(x ast.Node) bool {
		if x == node {
			found = true
		}
		return false
	})
	return found
}
