package interpreter

import (
	"fmt"
	"reflect"

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

// funcValueFinder collects the identifiers of a checked tree that name a
// function without calling it.
type funcValueFinder struct {
	callees map[*ast.IdentifierNode]bool
	found   []*ast.IdentifierNode
}

// Visit implements ast.Visitor. Walk visits a call's callee before the
// call itself, so callees are collected in a first walk (callees).
func (v *funcValueFinder) Visit(node *ast.Node) {
	id, ok := (*node).(*ast.IdentifierNode)
	if !ok || v.callees[id] {
		return
	}
	if t := id.Type(); t != nil && t.Kind() == reflect.Func {
		v.found = append(v.found, id)
	}
}

// calleeCollector collects the identifiers called in a tree.
type calleeCollector map[*ast.IdentifierNode]bool

// Visit implements ast.Visitor.
func (c calleeCollector) Visit(node *ast.Node) {
	if call, ok := (*node).(*ast.CallNode); ok {
		if id, ok := call.Callee.(*ast.IdentifierNode); ok {
			c[id] = true
		}
	}
}

// checkFunctionValues reports the functions node names without calling
// them, and whether there was none.
func (c *exprCompiler) checkFunctionValues(src schema.Expr, node ast.Node) bool {
	callees := calleeCollector{}
	ast.Walk(&node, callees)
	v := &funcValueFinder{callees: callees}
	ast.Walk(&node, v)
	for _, id := range v.found {
		line, col := lineCol(src.Src, id.Location().From)
		c.ds.Add(c.diag(src, line, col, fmt.Sprintf("%s is a function, not a value: call it, as in %s(…)", id.Value, id.Value)+src.QuoteHint()))
	}
	return len(v.found) == 0
}
