package interpreter

import (
	"fmt"
	"math"
	"reflect"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/file"
)

// Integer arithmetic is checked: a result that does not fit in an int is
// an error, never a silently wrapped number. The engine's own sums (add)
// use addInts; in expressions, `+`, `-` and `*` of two ints, negation of
// an int and sum() of ints become calls of checked functions. Which
// operations are int-typed is only known in the first, type-checked
// compile, so arithRecorder notes their positions there and arithPatcher
// rewrites the same nodes in the runtime compile (both parse the same
// text, so positions match). The recorder reads the types of a check made
// after envPatcher has given the ruleset functions (and card) their
// environment argument: before it, such a call has the wrong number of
// arguments and no type, so `n * fact(n - 1)` would not count as int
// arithmetic and would wrap.

// addInts is a + b, or an error if it overflows.
func addInts(a, b int) (int, error) {
	s := a + b
	if (s > a) != (b > 0) {
		return 0, overflow(a, "+", b)
	}
	return s, nil
}

func subInts(a, b int) (int, error) {
	s := a - b
	if (s < a) != (b > 0) {
		return 0, overflow(a, "-", b)
	}
	return s, nil
}

func mulInts(a, b int) (int, error) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt) || (b == -1 && a == math.MinInt) {
		return 0, overflow(a, "*", b)
	}
	return p, nil
}

func overflow(a int, op string, b int) error {
	return fmt.Errorf("integer overflow: %d %s %d does not fit in an int", a, op, b)
}

// toInt is expr's int() without machine-dependent results: a float that
// is not finite or does not fit in an int is an error (Go leaves that
// conversion to the hardware).
func toInt(args ...any) (any, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("int takes 1 argument, got %d", len(args))
	}
	f, ok := args[0].(float64)
	if !ok {
		return intBuiltin(args...)
	}
	if math.IsNaN(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return nil, fmt.Errorf("int(%v): not a number that fits in an int", f)
	}
	return int(f), nil
}

// intBuiltin is expr's own int(), for everything but float64.
func intBuiltin(args ...any) (any, error) {
	return builtin.Int(args[0]), nil
}

// checkedOps are the functions arithPatcher calls, by operator.
var checkedOps = map[string]string{"+": "$add", "-": "$sub", "*": "$mul"}

// checkedArith declares the checked operators' functions for the runtime
// compile.
func checkedArith() []expr.Option {
	op := func(f func(a, b int) (int, error)) func(args ...any) (any, error) {
		return func(args ...any) (any, error) {
			a, aok := args[0].(int)
			b, bok := args[1].(int)
			if !aok || !bok {
				return nil, fmt.Errorf("expected two ints, got %s and %s", describe(args[0]), describe(args[1]))
			}
			return f(a, b)
		}
	}
	return []expr.Option{
		expr.Function("$add", op(addInts)),
		expr.Function("$sub", op(subInts)),
		expr.Function("$mul", op(mulInts)),
		expr.Function("$int", toInt),
		expr.Function("$sum", sumInts),
	}
}

// sumInts is sum() of ints, checked.
func sumInts(args ...any) (any, error) {
	total := 0
	var err error
	switch xs := args[0].(type) {
	case []int:
		for _, n := range xs {
			if total, err = addInts(total, n); err != nil {
				return nil, err
			}
		}
	case []any:
		for _, e := range xs {
			n, ok := e.(int)
			if !ok {
				return nil, fmt.Errorf("sum: expected ints, got %s", describe(e))
			}
			if total, err = addInts(total, n); err != nil {
				return nil, err
			}
		}
	default:
		return nil, fmt.Errorf("sum: expected a list of ints, got %s", describe(args[0]))
	}
	return total, nil
}

// arithRecorder notes where the type-checked tree does int arithmetic,
// and where it reads a card's location or needs a card in full
// (cardloc_patch.go).
type arithRecorder struct {
	at map[file.Location]string
	cards
}

// newArithRecorder is an empty recorder for a ruleset whose cards have
// type card and the prop columns props.
func newArithRecorder(card reflect.Type, props *propColumns) *arithRecorder {
	return &arithRecorder{at: map[file.Location]string{}, cards: newCardRecords(card, props)}
}

// patcher is the runtime compile's patcher of what r recorded.
func (r *arithRecorder) patcher() arithPatcher { return arithPatcher{r.at, r.cards} }

// Visit implements ast.Visitor.
func (r *arithRecorder) Visit(node *ast.Node) {
	r.cards.record(*node)
	if f, ok := (*node).(*ast.BuiltinNode); ok && f.Name == "sum" && isInt(f.Type()) {
		r.at[f.Location()] = "sum"
		return
	}
	if u, ok := (*node).(*ast.UnaryNode); ok && u.Operator == "-" && isInt(u.Node.Type()) {
		r.at[u.Location()] = "neg"
		return
	}
	b, ok := (*node).(*ast.BinaryNode)
	if !ok || checkedOps[b.Operator] == "" || !isInt(b.Left.Type()) || !isInt(b.Right.Type()) {
		return
	}
	r.at[b.Location()] = b.Operator
}

// Reset and ShouldRepeat make arithRecorder a "repeatable" patcher, which
// expr runs after the others (after envPatcher, which comes before it in
// the list): it runs once.
func (r *arithRecorder) Reset() {}

// ShouldRepeat implements expr's repeatable patcher: one pass is enough.
func (r *arithRecorder) ShouldRepeat() bool { return false }

// recordsOnly marks arithRecorder as a visitor that changes no node, so
// patchAndCheck needs no check after it.
func (r *arithRecorder) recordsOnly() {}

func isInt(t reflect.Type) bool { return t != nil && t.Kind() == reflect.Int }

// arithPatcher turns the recorded operations into checked calls, and
// every int() into toInt; and the recorded card reads into $loc and $full
// (cardloc_patch.go).
type arithPatcher struct {
	at    map[file.Location]string
	cards cards
}

// Visit implements ast.Visitor.
func (p arithPatcher) Visit(node *ast.Node) {
	if p.cards.patch(node) {
		return
	}
	if f, ok := (*node).(*ast.BuiltinNode); ok {
		p.builtin(node, f)
		return
	}
	if u, ok := (*node).(*ast.UnaryNode); ok && p.at[u.Location()] == "neg" {
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$sub"},
			Arguments: []ast.Node{&ast.IntegerNode{Value: 0}, u.Node}})
		return
	}
	b, ok := (*node).(*ast.BinaryNode)
	if !ok || p.at[b.Location()] != b.Operator {
		return
	}
	ast.Patch(node, &ast.CallNode{
		Callee:    &ast.IdentifierNode{Value: checkedOps[b.Operator]},
		Arguments: []ast.Node{b.Left, b.Right},
	})
}

// builtin patches int() (always) and the int sums (sum(xs) and
// sum(xs, EXPR), the latter as a checked sum of map(xs, EXPR)).
func (p arithPatcher) builtin(node *ast.Node, f *ast.BuiltinNode) {
	switch {
	case f.Name == "int":
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$int"}, Arguments: f.Arguments})
	case f.Name == "sum" && p.at[f.Location()] == "sum" && len(f.Arguments) == 1:
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$sum"}, Arguments: f.Arguments})
	case f.Name == "sum" && p.at[f.Location()] == "sum" && len(f.Arguments) == 2:
		mapped := &ast.BuiltinNode{Name: "map", Arguments: f.Arguments}
		mapped.SetLocation(f.Location())
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$sum"}, Arguments: []ast.Node{mapped}})
	}
}
