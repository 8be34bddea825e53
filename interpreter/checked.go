package interpreter

import (
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm/runtime"
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

// toInt is expr's int() without machine-dependent results (a float that
// is not finite or does not fit in an int is an error: Go leaves that
// conversion to the hardware) and without panics: a string that is no
// whole number, or a value of another kind, is an error in the ruleset's
// words (expr's own int() panics, and a closure calls toInt directly).
func toInt(args ...any) (any, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("int takes 1 argument, got %d", len(args))
	}
	switch v := args[0].(type) {
	case int:
		return v, nil
	case float64:
		if math.IsNaN(v) || v < math.MinInt64 || v >= math.MaxInt64 {
			return nil, fmt.Errorf("int(%v): not a number that fits in an int", v)
		}
		return int(v), nil
	case string:
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("int(%q): not a whole number that fits in an int", v)
		}
		return n, nil
	}
	return nil, fmt.Errorf("int takes a number or a string, not %s", describe(args[0]))
}

// abs is abs() of an int, checked (the smallest int has no opposite), or
// of a float.
func abs(args ...any) (any, error) {
	switch v := args[0].(type) {
	case int:
		if v == math.MinInt {
			return nil, fmt.Errorf("integer overflow: abs(%d) does not fit in an int", v)
		}
		if v < 0 {
			return -v, nil
		}
		return v, nil
	case float64:
		return math.Abs(v), nil
	}
	return nil, fmt.Errorf("abs takes a number, not %s", describe(args[0]))
}

// untypedOp is a checked operator for operands the checker could not
// type: checked when both are ints, expr's own operator otherwise (which
// panics on operands it cannot combine; the VM reports that at the
// operator).
func untypedOp(checked func(a, b int) (int, error), general func(a, b any) any) func(args ...any) (any, error) {
	return func(args ...any) (any, error) {
		if a, ok := args[0].(int); ok {
			if b, ok := args[1].(int); ok {
				return checked(a, b)
			}
		}
		return general(args[0], args[1]), nil
	}
}

// negate is the negation of a value the checker could not type: checked
// for an int, expr's own otherwise.
func negate(args ...any) (any, error) {
	if n, ok := args[0].(int); ok {
		return subInts(0, n)
	}
	return runtime.Negate(args[0]), nil
}

// checkedOps are the functions arithPatcher calls, by operator: of two
// ints, and (untypedOps) of an int or an untyped value with another.
var (
	checkedOps = map[string]string{"+": "$add", "-": "$sub", "*": "$mul"}
	untypedOps = map[string]string{"-": "$subAny", "*": "$mulAny"}
)

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
		expr.Function("$subAny", untypedOp(subInts, runtime.Subtract)),
		expr.Function("$mulAny", untypedOp(mulInts, runtime.Multiply)),
		expr.Function("$neg", negate),
		expr.Function("$abs", abs),
		expr.Function("$int", toInt),
		expr.Function("$sum", sumInts),
		expr.Function("$sumAny", sumAny),
	}
}

// sumAny is sum() of values the checker could not type: ints added with
// the overflow check, as $sum adds them, and floats as expr's sum adds
// them; anything else is an error. expr's own sum of such values wrapped
// around.
func sumAny(args ...any) (any, error) {
	list := reflect.ValueOf(args[0])
	if k := list.Kind(); k != reflect.Slice && k != reflect.Array {
		return nil, fmt.Errorf("expected a list, got %s", describe(args[0]))
	}
	var total any = 0
	for i := range list.Len() {
		var err error
		if total, err = addNumbers(total, list.Index(i).Interface()); err != nil {
			return nil, err
		}
	}
	return total, nil
}

// addNumbers is a + b of two numbers: checked for two ints, a float when
// either is one.
func addNumbers(a, b any) (any, error) {
	x, xInt := a.(int)
	y, yInt := b.(int)
	if xInt && yInt {
		return addInts(x, y)
	}
	fa, aok := asFloat(a)
	fb, bok := asFloat(b)
	if !aok || !bok {
		return nil, fmt.Errorf("sum: expected numbers, got %s", describe(b))
	}
	return fa + fb, nil
}

// asFloat is an int or a float as a float.
func asFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
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
	if f, ok := (*node).(*ast.BuiltinNode); ok && f.Name == "sum" && maybeInt(f.Type()) {
		r.at[f.Location()] = "$sumAny" // a sum of values typed at run time
		if isInt(f.Type()) {
			r.at[f.Location()] = "$sum"
		}
		return
	}
	if f, ok := (*node).(*ast.BuiltinNode); ok && f.Name == "abs" && len(f.Arguments) == 1 && maybeInt(f.Arguments[0].Type()) {
		r.at[f.Location()] = "abs"
		return
	}
	if u, ok := (*node).(*ast.UnaryNode); ok && u.Operator == "-" {
		switch t := u.Node.Type(); {
		case isInt(t):
			r.at[u.Location()] = "neg"
		case maybeInt(t):
			r.at[u.Location()] = "neg?"
		}
		return
	}
	b, ok := (*node).(*ast.BinaryNode)
	if !ok {
		return
	}
	l, rt := b.Left.Type(), b.Right.Type()
	switch {
	case checkedOps[b.Operator] != "" && isInt(l) && isInt(rt):
		r.at[b.Location()] = b.Operator
	case untypedOps[b.Operator] != "" && maybeInt(l) && maybeInt(rt):
		r.at[b.Location()] = b.Operator + "?"
	}
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

// maybeInt is an int, or a type the checker left open (interface {}).
func maybeInt(t reflect.Type) bool {
	return t != nil && (t.Kind() == reflect.Int || t.Kind() == reflect.Interface)
}

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
	if u, ok := (*node).(*ast.UnaryNode); ok && u.Operator == "-" {
		switch p.at[u.Location()] {
		case "neg":
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$sub"},
				Arguments: []ast.Node{&ast.IntegerNode{Value: 0}, u.Node}})
		case "neg?":
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$neg"}, Arguments: []ast.Node{u.Node}})
		}
		return
	}
	b, ok := (*node).(*ast.BinaryNode)
	if !ok {
		return
	}
	callee := ""
	switch p.at[b.Location()] {
	case b.Operator:
		callee = checkedOps[b.Operator]
	case b.Operator + "?":
		callee = untypedOps[b.Operator]
	}
	if callee != "" {
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: callee}, Arguments: []ast.Node{b.Left, b.Right}})
	}
}

// builtin patches int() (always), abs of an int or untyped value, and the sums of ints or
// untyped values (sum(xs) and sum(xs, EXPR), the latter as a checked sum of map(xs, EXPR)).
func (p arithPatcher) builtin(node *ast.Node, f *ast.BuiltinNode) {
	switch {
	case f.Name == "int":
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$int"}, Arguments: f.Arguments})
	case f.Name == "abs" && p.at[f.Location()] == "abs":
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$abs"}, Arguments: f.Arguments})
	case f.Name == "sum" && (p.at[f.Location()] == "$sum" || p.at[f.Location()] == "$sumAny"):
		callee := p.at[f.Location()]
		list := f.Arguments[0]
		if len(f.Arguments) == 2 {
			mapped := &ast.BuiltinNode{Name: "map", Arguments: f.Arguments}
			mapped.SetLocation(f.Location())
			list = mapped
		}
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: callee}, Arguments: []ast.Node{list}})
	}
}
