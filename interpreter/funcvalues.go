package interpreter

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// A function named without being called (`len + 1`, `n > 1 ? count : 0`)
// is a function value, which no ruleset value can hold. expr's checker
// rejects most of them with a message that names a Go function type
// (reportFunctionValues reads it), but not all: a ternary whose branches
// differ is typed "any", so `n > 1 ? count : 0` checked, and the add that
// read it failed only when it ran. After the check, every identifier
// typed as a Go function that is not the callee of a call is a load error
// at the identifier.

// funcValueFinder collects the identifiers of a checked tree typed as a
// Go function that no call calls. expr's Walk visits a node after its
// children, so a call's callee is already pending when the call is
// visited, and leaves then.
type funcValueFinder struct {
	pending []*ast.IdentifierNode
	root    ast.Node
}

// Visit implements ast.Visitor.
func (f *funcValueFinder) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		if t := n.Type(); t != nil && t.Kind() == reflect.Func {
			f.pending = append(f.pending, n)
		}
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			if i := slices.Index(f.pending, id); i >= 0 {
				f.pending = slices.Delete(f.pending, i, i+1)
			}
		}
	}
}

// checkFunctionValues reports the functions node names without calling
// them, and whether there was none. The finder is the compiler's, kept
// from one expression to the next (no allocation per expression).
func (c *exprCompiler) checkFunctionValues(src schema.Expr, node ast.Node) bool {
	f := &c.funcValues
	f.pending = f.pending[:0]
	f.root = node // Walk takes a pointer: the finder's field, so node does not escape
	ast.Walk(&f.root, f)
	f.root = nil
	for _, id := range f.pending {
		line, col := lineCol(src.Src, id.Location().From)
		c.ds.Add(c.diag(src, line, col, fmt.Sprintf("%s is a function, not a value: call it, as in %s(…)", id.Value, id.Value)+src.QuoteHint()))
	}
	return len(f.pending) == 0
}
