package interpreter

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"agon/schema"
)

// Load checks of counts and lists written as constants. A repeat count or
// a roll's faces that the ruleset spells out (a literal, a range of two
// literals, or a constant's name) is known at load, so a value the effect
// cannot use is a load error at its position; a computed one is left to
// run time.

// constantOf is the value of src when src is a constant expression: an
// int literal (with an optional minus), a list literal with no elements,
// a range of two int literals (only whether it is empty is kept), or the
// name of a ruleset constant (no local may shadow one).
func (c *compiler) constantOf(src string) (any, bool) {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil, false
	}
	return c.constantNode(tree.Node)
}

func (c *compiler) constantNode(n ast.Node) (any, bool) {
	switch x := n.(type) {
	case *ast.IntegerNode:
		return x.Value, true
	case *ast.UnaryNode:
		if x.Operator == "-" {
			if v, ok := x.Node.(*ast.IntegerNode); ok {
				return -v.Value, true
			}
		}
	case *ast.ArrayNode:
		if len(x.Nodes) == 0 {
			return []any{}, true
		}
	case *ast.BinaryNode:
		if x.Operator == ".." {
			lo, ok1 := c.constantNode(x.Left)
			hi, ok2 := c.constantNode(x.Right)
			l, ok3 := lo.(int)
			h, ok4 := hi.(int)
			if ok1 && ok2 && ok3 && ok4 {
				if h < l {
					return []any{}, true
				}
				return []any{l}, true // not empty: the checks need no more of it
			}
		}
	case *ast.IdentifierNode:
		v, ok := c.prog.consts[x.Value]
		return v, ok
	}
	return nil, false
}

// checkRepeatCount reports a constant repeat count below zero.
func (c *compiler) checkRepeatCount(src schema.Expr) {
	c.checkCount(src, "repeat count", "0 runs the body no times")
}

// checkDrawCount reports a constant number of cards to draw below zero
// (which would draw nothing, silently).
func (c *compiler) checkDrawCount(src schema.Expr) {
	c.checkCount(src, "draw count", "0 draws no card")
}

// checkCount reports a constant count below zero; zero says what 0 does.
func (c *compiler) checkCount(src schema.Expr, what, zero string) {
	v, ok := c.constantOf(src.Src)
	if n, isInt := v.(int); ok && isInt && n < 0 {
		c.ds.Add(c.ec.diag(src, 1, 0, fmt.Sprintf("%s is %d: a count cannot be negative (%s)", what, n, zero)))
	}
}

// checkFacesNotEmpty reports constant faces that list nothing.
func (c *compiler) checkFacesNotEmpty(src schema.Expr) {
	v, ok := c.constantOf(src.Src)
	if !ok || v == nil {
		return
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice && rv.Len() == 0 {
		c.ds.Add(c.ec.diag(src, 1, 0, "faces is an empty list: a roll needs at least one face"))
	}
}
