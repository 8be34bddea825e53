package interpreter

import (
	"fmt"

	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// checkMapKeys reports a map literal that writes one key twice ({a: 0,
// a: 1}): which value it holds differed between the VM (the first) and
// the closures (the last), and a ruleset that writes it has a slip. A
// key computed at run time is not compared.
func (c *exprCompiler) checkMapKeys(src schema.Expr) bool {
	root, parsed := c.parsedHolding(src.Src, "{")
	if !parsed {
		return true
	}
	ok := true
	ast.Find(root, func(n ast.Node) bool {
		m, isMap := n.(*ast.MapNode)
		if !isMap || !ok {
			return false
		}
		seen := map[string]bool{}
		for _, p := range m.Pairs {
			pair, isPair := p.(*ast.PairNode)
			if !isPair {
				continue
			}
			key, known := literalKey(pair.Key)
			if !known {
				continue
			}
			if seen[key] {
				line, col := lineCol(src.Src, pair.Key.Location().From)
				c.ds.Add(c.diag(src, line, col, fmt.Sprintf("the map writes the key %s twice: keep one", key)))
				ok = false
				return false
			}
			seen[key] = true
		}
		return false
	})
	return ok
}

// literalKey is a map literal's key as written when it is a constant
// (a name or a string, a number, a bool), for comparison: "a" and 'a'
// are one key, 1 another.
func literalKey(n ast.Node) (string, bool) {
	switch k := n.(type) {
	case *ast.StringNode:
		return fmt.Sprintf("%q", k.Value), true
	case *ast.IntegerNode:
		return fmt.Sprint(k.Value), true
	case *ast.BoolNode:
		return fmt.Sprint(k.Value), true
	}
	return "", false
}
