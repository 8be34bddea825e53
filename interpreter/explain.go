package interpreter

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"agon/schema"
)

// Limits of ExplainCheck's output.
const (
	maxExplained   = 8   // parts listed
	maxValueLength = 120 // runes of one printed value
	maxSkipped     = 3   // operands named as not evaluated
)

// ExplainCheck says what the parts of a check expression evaluate to in
// g's current state, to show why it does not hold. It walks the
// expression's top level: the operands of &&, ||, and, or and not are
// explained in turn, but a right operand the left one short-circuits (the
// left of && false, of || true) is said to be not evaluated; a ?? b gives
// its value and a's, and b's only when a is nil; a comparison (==, !=, <, <=, >, >=, in, contains,
// startsWith, endsWith, matches) gives its own value and those of its
// operands that are not literals; so does a call of a ruleset function,
// with its arguments; anything else gives its value. For
// example, for `players[0].gold == 2 && 'drought' in occurred`:
//
//	players[0].gold == 2 is false (players[0].gold is 3); 'drought' in occurred is true
//
// It returns "" when the expression does not parse. Evaluating a part
// never changes the game.
func ExplainCheck(g *Game, expr string) string { return explainWith(expr, g.Eval) }

// explainWith is ExplainCheck with the evaluation of each part given.
func explainWith(expr string, eval func(string) (any, error)) string {
	if schema.NestsTooDeep(expr) {
		return "" // Eval said why
	}
	tree, err := parser.Parse(expr)
	if err != nil {
		return ""
	}
	e := explainer{eval: eval}
	e.node(tree.Node)
	if e.cut {
		e.parts = append(e.parts, "…")
	}
	return strings.Join(e.parts, "; ")
}

// explainer collects the parts of an explanation.
type explainer struct {
	eval  func(string) (any, error)
	parts []string
	cut   bool // parts were left out
}

// node explains one node of the expression.
func (e *explainer) node(n ast.Node) {
	if len(e.parts) >= maxExplained {
		e.cut = true
		return
	}
	switch x := n.(type) {
	case *ast.BinaryNode:
		if logicalOps[x.Operator] {
			e.logical(x)
			return
		}
		if x.Operator == "??" {
			e.parts = append(e.parts, e.value(n)+e.coalesced(x))
			return
		}
		if comparisonOps[x.Operator] {
			e.parts = append(e.parts, e.value(n)+e.operands(x.Left, x.Right))
			return
		}
	case *ast.UnaryNode:
		if x.Operator == "not" || x.Operator == "!" {
			e.node(x.Node)
			return
		}
	case *ast.CallNode:
		// A ruleset function: its arguments' values say what it was asked.
		e.parts = append(e.parts, e.value(n)+e.operands(x.Arguments...))
		return
	case *ast.BoolNode:
		return
	}
	e.parts = append(e.parts, e.value(n))
}

// logical explains the operands of a chain of && (or of ||: a && b && c
// is one chain) in turn, until one decides the result (false for &&,
// true for ||, or one that fails): the operands after it, which the rules
// never evaluated, are said to be not evaluated in one part, rather than
// given values that played no part (and might fail where the rules do
// not).
func (e *explainer) logical(x *ast.BinaryNode) {
	and := isAnd(x.Operator)
	operands := chain(x, and)
	for i, op := range operands[:len(operands)-1] {
		e.node(op)
		if e.cut || len(e.parts) >= maxExplained {
			e.cut = true
			return
		}
		v, err := e.eval(op.String())
		verdict := fmt.Sprintf("is %v", v)
		if err != nil {
			verdict = "fails"
		} else if v != !and {
			continue
		}
		var rest []string
		for k, r := range operands[i+1:] {
			if k == maxSkipped && len(operands)-i-1 > maxSkipped+1 { // "and 1 more" would be no shorter
				rest = append(rest, fmt.Sprintf("and %d more", len(operands)-i-1-k))
				break
			}
			rest = append(rest, clip(r.String()))
		}
		e.parts = append(e.parts, fmt.Sprintf("%s not evaluated (%s %s)", strings.Join(rest, ", "), op, verdict))
		return
	}
	e.node(operands[len(operands)-1])
}

// isAnd reports whether a logical operator is && (or and).
func isAnd(op string) bool { return op == "&&" || op == "and" }

// chain lists the operands of a chain of the same logical operator (&& and
// "and" alike, || and "or" alike), left to right.
func chain(n ast.Node, and bool) []ast.Node {
	if b, ok := n.(*ast.BinaryNode); ok && logicalOps[b.Operator] && isAnd(b.Operator) == and {
		return append(chain(b.Left, and), chain(b.Right, and)...)
	}
	return []ast.Node{n}
}

// coalesced lists the operands of a ?? b: " (a is 3, b not evaluated)"
// when a is not nil, " (a is nil, b is 5)" when it is.
func (e *explainer) coalesced(x *ast.BinaryNode) string {
	left, err := e.eval(x.Left.String())
	if err != nil || left != nil {
		return fmt.Sprintf(" (%s, %s not evaluated)", e.value(x.Left), x.Right)
	}
	return " (" + e.value(x.Left) + ", " + e.value(x.Right) + ")"
}

// logicalOps and comparisonOps are the operators ExplainCheck looks into.
var (
	logicalOps    = map[string]bool{"&&": true, "||": true, "and": true, "or": true}
	comparisonOps = map[string]bool{"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true,
		"in": true, "contains": true, "startsWith": true, "endsWith": true, "matches": true}
)

// operands lists the values of the operands that are not literals:
// " (a is 3, b is [x, y])", or "".
func (e *explainer) operands(nodes ...ast.Node) string {
	var parts []string
	for _, n := range nodes {
		if !isLiteral(n) {
			parts = append(parts, e.value(n))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// value reads "SOURCE is VALUE", or "SOURCE fails: ERROR".
func (e *explainer) value(n ast.Node) string {
	src := n.String()
	v, err := e.eval(src)
	if err != nil {
		return fmt.Sprintf("%s fails: %v", src, err)
	}
	return fmt.Sprintf("%s is %s", src, clip(showValue(v)))
}

// isLiteral reports whether n is a literal, whose value its text shows.
func isLiteral(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.IntegerNode, *ast.FloatNode, *ast.StringNode, *ast.BoolNode, *ast.NilNode:
		return true
	case *ast.UnaryNode:
		return x.Operator == "-" && isLiteral(x.Node)
	case *ast.ArrayNode:
		for _, el := range x.Nodes {
			if !isLiteral(el) {
				return false
			}
		}
		return true
	}
	return false
}

// showValue prints a value for a check's explanation: strings quoted,
// lists in brackets, cards by id.
func showValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		return strconv.Quote(x)
	case []any:
		parts := make([]string, len(x))
		for i, el := range x {
			parts[i] = showValue(el)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []string:
		return showValue(anySlice(x))
	case []int:
		return showValue(anySlice(x))
	case map[string]any:
		if id, ok := x["id"].(string); ok {
			return id
		}
	}
	if s := formatValue(v); s != "" {
		return s
	}
	return fmt.Sprint(v)
}

// ShowValue prints a value for people the way a ruleset writes it: lists
// in brackets with commas ("[4, 4]"), strings quoted, cards by id.
func ShowValue(v any) string { return showValue(v) }

// anySlice converts a typed slice for showValue.
func anySlice[T any](list []T) []any {
	out := make([]any, len(list))
	for i, x := range list {
		out[i] = x
	}
	return out
}

// clip shortens s to maxValueLength runes.
func clip(s string) string {
	r := []rune(s)
	if len(r) <= maxValueLength {
		return s
	}
	return string(r[:maxValueLength]) + "…"
}
