package interpreter

import "github.com/expr-lang/expr/ast"

// visitAll calls fn on every node of tree, the maps a filter folded in
// included, children before their parent (as ast.Walk).
//
// expr's optimiser folds map(filter(xs, p), f) into one filter node whose
// Map field holds f, and ast.Walk does not walk that field. An analysis of
// a runtime tree (which is optimised: runtree.go) that walked it with
// ast.Walk or ast.Find would miss whatever f reads or calls: a trigger
// whose condition read a variable only there was not checked again when
// the variable changed, and a remembered call was not forgotten (found
// when remembered calls began to outlive a decision). Parse and checked
// trees are not optimised; they may be walked either way.
func visitAll(tree ast.Node, fn func(ast.Node)) {
	ast.Walk(&tree, allVisitor(fn))
}

// allVisitor is visitAll's ast.Visitor.
type allVisitor func(ast.Node)

// Visit implements ast.Visitor.
func (v allVisitor) Visit(n *ast.Node) {
	if b, ok := (*n).(*ast.BuiltinNode); ok && b.Map != nil {
		ast.Walk(&b.Map, v)
	}
	v(*n)
}
