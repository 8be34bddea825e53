package interpreter

import (
	"fmt"

	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// In expr, # (and .field) always means the element of the innermost
// predicate: in any(xs, any(ys, .a > #.a)) both .a and #.a are elements of
// ys, and the outer element is never looked at. checkNestedPointers
// reports that shape: a predicate whose body never uses its own element
// while a predicate nested in it uses #. (When the outer body does use
// its element, as in filter(players, any(.hand, .value > 3)), the inner #
// is taken to be meant.) The fix is to name the outer element with expr's
// let: any(xs, let x = #; any(ys, .a > x.a)). A comparison of the element
// with itself (.a > #.a), nested or not, is reported too.

// predicate is a closure argument of a builtin, with the builtin's name.
type predicate struct {
	node     *ast.PredicateNode
	builtin  string
	pointers map[ast.Node]bool // every # inside the body, nested or not
}

// checkNestedPointers reports a nested # that may be meant for an outer
// predicate's element; it returns false when it reported one.
func (c *exprCompiler) checkNestedPointers(src schema.Expr) bool {
	root, ok := c.parsedHolding(src.Src, "(")
	if !ok {
		return true // no call, so no predicate
	}
	preds := predicatesOf(root)
	if len(preds) == 0 {
		// # and .field parse only inside a predicate (expr's parser
		// reads them at a predicate's depth), so there is no element to
		// compare with itself either.
		return true
	}
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
	return c.checkSelfComparison(src, root, preds)
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

// checkSelfComparison reports a comparison of a predicate's element with
// itself (.a > #.a): it is always the same, and means that one side was
// meant for an outer element.
func (c *exprCompiler) checkSelfComparison(src schema.Expr, tree ast.Node, preds []*predicate) bool {
	var bad *ast.BinaryNode
	ast.Find(tree, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryNode)
		if ok && bad == nil && comparisons[b.Operator] && sameElementField(b.Left, b.Right) {
			bad = b
		}
		return false
	})
	if bad == nil {
		return true
	}
	name := "a predicate"
	for _, p := range preds {
		if p.pointers[pointerOf(bad.Right)] && nodeWithin(p.node.Node, bad) {
			name = p.builtin + "()" // the innermost comes last
		}
	}
	line, col := lineCol(src.Src, bad.Right.Location().From)
	c.ds.Add(c.diag(src, line, col, fmt.Sprintf(
		"both sides of %s are the same element of %s (# and .field always mean the innermost element): "+
			"to compare with an outer element, name it with let, e.g. any(xs, let x = #; any(ys, .a > x.a))", bad.Operator, name)))
	return false
}

var comparisons = map[string]bool{"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

// pointerOf is the # of a # or #.field node, or nil.
func pointerOf(n ast.Node) ast.Node {
	switch x := n.(type) {
	case *ast.PointerNode:
		if x.Name == "" {
			return x
		}
	case *ast.MemberNode:
		if _, ok := x.Property.(*ast.StringNode); ok {
			return pointerOf(x.Node)
		}
	}
	return nil
}

// sameElementField reports whether a and b are both # or both the same
// #.field.
func sameElementField(a, b ast.Node) bool {
	if pointerOf(a) == nil || pointerOf(b) == nil {
		return false
	}
	ma, aok := a.(*ast.MemberNode)
	mb, bok := b.(*ast.MemberNode)
	if aok != bok {
		return false
	}
	if !aok {
		return true
	}
	pa, _ := ma.Property.(*ast.StringNode)
	pb, _ := mb.Property.(*ast.StringNode)
	return pa.Value == pb.Value && sameElementField(ma.Node, mb.Node)
}
