package interpreter

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"
	"github.com/expr-lang/expr/vm/runtime"
)

// One top-level evaluation of an expression (with every ruleset function
// it calls, however deeply) shares one budget:
//
//   - steps: each ruleset function call and each iteration of a builtin's
//     predicate (filter, map, sum, all, …) costs one (Limits.MaxExprSteps),
//     so an exponential call tree or nested sums over long ranges stop;
//   - memory: expr's own count of each running VM (ranges, lists, maps),
//     plus the bytes of every string built with + or repeat, plus what each
//     finished function call used (Limits.MaxExprMemory). A nested call's
//     VM gets only what is left.
//
// Nothing else in an expression loops: its size is bounded by expr's
// node limit and its nesting by maxExprDepth.

// evalBudget is what the current top-level evaluation has used.
type evalBudget struct {
	steps int
	// mem is the memory charged outside the running VMs: strings built
	// and the use of finished nested calls.
	mem int
	// callers is what the VMs of the callers of the running call had
	// counted when they made their calls.
	callers int
}

// The hidden functions the budget patcher calls.
const (
	stepFunc   = "$step"
	plusFunc   = "$plus"
	repeatFunc = "$repeat"
	joinFunc   = "$join"
	sizedFunc  = "$sized"
	elemsFunc  = "$elems"
)

// sizedAfter are builtins whose result, a new list of references to
// values that exist already (its inputs are bounded), is charged one per
// element ($elems); sizedBefore are those whose output is as large as
// their first argument printed, charged before they run (a list of a
// million references to one long string prints as terabytes).
var (
	sizedAfter  = map[string]bool{"concat": true, "flatten": true}
	sizedBefore = map[string]bool{"string": true, "toJSON": true, "upper": true, "lower": true, "trim": true, "replace": true}
)

// budgetPatcher routes the operations that cost work or memory through
// counting functions: predicate bodies, + that is not checked int
// arithmetic, and repeat. It runs on the runtime compile only.
type budgetPatcher struct {
	wrapped map[*ast.BuiltinNode]bool
}

func newBudgetPatcher() *budgetPatcher {
	return &budgetPatcher{wrapped: map[*ast.BuiltinNode]bool{}}
}

// Visit implements ast.Visitor.
func (p *budgetPatcher) Visit(node *ast.Node) {
	env := func() ast.Node { return &ast.IdentifierNode{Value: "$env"} }
	switch n := (*node).(type) {
	case *ast.PredicateNode:
		if call, ok := n.Node.(*ast.CallNode); ok && isCallOf(call, stepFunc) {
			return
		}
		n.Node = &ast.CallNode{Callee: &ast.IdentifierNode{Value: stepFunc}, Arguments: []ast.Node{env(), n.Node}}
	case *ast.BinaryNode:
		if n.Operator == "+" {
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: plusFunc}, Arguments: []ast.Node{env(), n.Left, n.Right}})
		}
	case *ast.BuiltinNode: // a ruleset function called like a builtin is a CallNode
		switch {
		case n.Name == "repeat" || n.Name == "join":
			callee := map[string]string{"repeat": repeatFunc, "join": joinFunc}[n.Name]
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: callee}, Arguments: append([]ast.Node{env()}, n.Arguments...)})
		case sizedAfter[n.Name] && !p.wrapped[n]:
			p.wrapped[n] = true // in case Visit sees it again
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: elemsFunc}, Arguments: []ast.Node{env(), n}})
		case sizedBefore[n.Name] && len(n.Arguments) > 0:
			if call, ok := n.Arguments[0].(*ast.CallNode); !ok || !isCallOf(call, sizedFunc) {
				n.Arguments[0] = &ast.CallNode{Callee: &ast.IdentifierNode{Value: sizedFunc}, Arguments: []ast.Node{env(), n.Arguments[0]}}
			}
		}
	}
}

func isCallOf(call *ast.CallNode, name string) bool {
	id, ok := call.Callee.(*ast.IdentifierNode)
	return ok && id.Value == name
}

// budgetFunctions declare the functions budgetPatcher calls.
func budgetFunctions() []expr.Option {
	return []expr.Option{
		expr.Function(stepFunc, builtinStep),
		expr.Function(plusFunc, builtinPlus),
		expr.Function(repeatFunc, builtinRepeat),
		expr.Function(joinFunc, builtinJoin),
		expr.Function(sizedFunc, builtinSized),
		expr.Function(elemsFunc, builtinElems),
	}
}

// builtinStep counts one predicate iteration and passes its value on.
func builtinStep(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	if err := g.chargeSteps(1); err != nil {
		return nil, err
	}
	return args[1], nil
}

// builtinPlus is + for what is not checked int arithmetic: strings are
// charged to the memory budget, ints are checked for overflow.
func builtinPlus(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	a, b := args[1], args[2]
	if x, ok := a.(string); ok {
		if y, ok := b.(string); ok {
			if err := g.chargeMemory(len(x) + len(y)); err != nil {
				return nil, err
			}
			return x + y, nil
		}
	}
	if x, ok := a.(int); ok {
		if y, ok := b.(int); ok {
			return addInts(x, y)
		}
	}
	return runtime.Add(a, b), nil
}

// builtinRepeat is expr's repeat, charged before the string is built.
func builtinRepeat(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	if len(args) != 3 {
		return nil, fmt.Errorf("repeat takes 2 arguments, got %d", len(args)-1)
	}
	s, ok := args[1].(string)
	n, nok := args[2].(int)
	if !ok || !nok {
		return nil, fmt.Errorf("repeat: expected a string and an int, got %s and %s", describe(args[1]), describe(args[2]))
	}
	if n < 0 {
		return nil, fmt.Errorf("repeat: negative count %d", n)
	}
	if err := g.chargeMemory(len(s) * min(n, g.limits.MaxExprMemory+1)); err != nil {
		return nil, err
	}
	return strings.Repeat(s, n), nil
}

// builtinJoin is expr's join, charged before the string is built.
func builtinJoin(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	sep := ""
	if len(args) == 3 {
		sep, _ = args[2].(string)
	}
	if ss, ok := args[1].([]string); ok && len(args) <= 3 {
		return joinStrings(g, ss, sep) // no reflection, no copy
	}
	list := reflect.ValueOf(args[1])
	if list.Kind() != reflect.Slice || len(args) > 3 {
		return nil, fmt.Errorf("join: expected a list of strings and a separator, got %s", describe(args[1]))
	}
	parts := make([]string, list.Len())
	size := len(sep) * max(list.Len()-1, 0)
	for i := range parts {
		s, ok := list.Index(i).Interface().(string)
		if !ok {
			return nil, fmt.Errorf("join: expected strings, got %s", describe(list.Index(i).Interface()))
		}
		parts[i], size = s, size+len(s)
		if size > g.limits.MaxExprMemory {
			break
		}
	}
	if err := g.chargeMemory(size); err != nil {
		return nil, err
	}
	return strings.Join(parts, sep), nil
}

// joinStrings is join of a []string, charged as builtinJoin charges.
func joinStrings(g *Game, parts []string, sep string) (any, error) {
	size := len(sep) * max(len(parts)-1, 0)
	for _, s := range parts {
		if size += len(s); size > g.limits.MaxExprMemory {
			break
		}
	}
	if err := g.chargeMemory(size); err != nil {
		return nil, err
	}
	return strings.Join(parts, sep), nil
}

// builtinSized charges the size of a value (list elements and string
// bytes, counted until the budget is passed) and passes it on.
func builtinSized(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	limit := g.limits.MaxExprMemory
	if err := g.chargeMemory(sizeOf(args[1], limit+1)); err != nil {
		return nil, err
	}
	return args[1], nil
}

// builtinElems charges a list built of references (concat, flatten) one
// per element and passes it on. Its elements were charged when they were
// built; walking them (sizeOf) would charge a card's fields again at every
// concat of a zone, which was 8% of a game's time.
func builtinElems(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	n := 0
	switch l := args[1].(type) {
	case []any:
		n = len(l)
	case []int:
		n = len(l)
	case []string:
		n = len(l)
	default:
		n = sizeOf(l, g.limits.MaxExprMemory+1)
	}
	if err := g.chargeMemory(n); err != nil {
		return nil, err
	}
	return args[1], nil
}

// sizeOf is about the memory v takes printed: string bytes and one per
// element, counted up to limit.
func sizeOf(v any, limit int) int {
	switch x := v.(type) {
	case string:
		return len(x)
	case []any:
		n := len(x)
		for _, e := range x {
			if n >= limit {
				return n
			}
			n += sizeOf(e, limit-n)
		}
		return n
	case []string:
		n := len(x)
		for _, e := range x {
			if n >= limit {
				return n
			}
			n += len(e)
		}
		return n
	case map[string]any:
		n := len(x)
		for k, e := range x { // a sum: the order does not matter
			if n >= limit {
				return n
			}
			n += len(k) + sizeOf(e, limit-n)
		}
		return n
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice || rv.Kind() == reflect.Map {
		return rv.Len()
	}
	return 1
}

// chargeSteps counts work of the current evaluation.
func (g *Game) chargeSteps(n int) error {
	g.budget.steps += n
	if g.budget.steps > g.limits.MaxExprSteps {
		return fmt.Errorf("the expression takes more than %d steps (limit MaxExprSteps: function calls and predicate iterations of one evaluation)", g.limits.MaxExprSteps)
	}
	return nil
}

// chargeWork adds the steps of the top-level evaluation of c that just
// ended to the work since the last decision (Limits.MaxRunSteps): one
// addition per evaluation, none per step.
func (g *Game) chargeWork(c *compiled) error {
	g.work += g.budget.steps
	if g.work <= g.limits.MaxRunSteps {
		return nil
	}
	msg := fmt.Sprintf("more than %d steps of expression work without a decision (limit MaxRunSteps: the function calls and predicate iterations of every expression evaluated between two decisions, added up): a loop that repeats a heavy expression too often?", g.limits.MaxRunSteps)
	if g.evaluating {
		msg = fmt.Sprintf("the checks take more than %d steps of expression work in all (limit MaxRunSteps: the function calls and predicate iterations of every check of the game, added up): fewer or lighter checks?", g.limits.MaxRunSteps)
	}
	return &exprError{pos: c.src.Pos, msg: msg}
}

// chargeMemory counts memory of the current evaluation.
func (g *Game) chargeMemory(n int) error {
	if n < 0 || n > g.limits.MaxExprMemory || g.memoryUsed()+n > g.limits.MaxExprMemory {
		return memoryExceeded(g.limits.MaxExprMemory)
	}
	g.budget.mem += n
	return nil
}

func memoryExceeded(limit int) error {
	return fmt.Errorf("memory budget exceeded: the expression needs more than %d units of memory (limit MaxExprMemory)", limit)
}

// memoryUsed is the memory of the current evaluation so far: what was
// charged, what the callers' VMs counted and what the running VM counted.
func (g *Game) memoryUsed() int {
	used := g.budget.mem + g.budget.callers
	if g.callDepth < len(g.vms) && !g.fast.top { // no VM runs under a top-level closure
		used += vmMemory(g.vms[g.callDepth])
	}
	return used
}

// vmMemoryField is the index of the VM's memory counter, which expr does
// not export (-1 if an upgrade of expr removed it; budget_test.go checks
// that it is there). It is computed once and never changed.
var vmMemoryField = func() int {
	f, ok := reflect.TypeOf(vm.VM{}).FieldByName("memory")
	if !ok || f.Type.Kind() != reflect.Uint {
		return -1
	}
	return f.Index[0]
}()

// vmMemory reads the memory a VM has counted in its current (or last)
// run.
func vmMemory(v *vm.VM) int {
	if vmMemoryField < 0 {
		return 0
	}
	return int(reflect.ValueOf(v).Elem().Field(vmMemoryField).Uint())
}

// callNested runs a ruleset function's body on the VM one call level
// deeper (callFunction has charged the call's step and tried the body's
// closure): the caller's VM use so far is set aside for the callee's
// budget, and what the callee used is charged to the evaluation when it
// returns.
func (g *Game) callNested(c *compiled) (any, error) {
	caller := 0
	if g.callDepth < len(g.vms) {
		caller = vmMemory(g.vms[g.callDepth])
	}
	g.budget.callers += caller
	g.callDepth++
	out, err := g.runProgram(c)
	used := vmMemory(g.vms[g.callDepth])
	g.callDepth--
	g.budget.callers -= caller
	if err != nil {
		return nil, err
	}
	if err := g.chargeMemory(used); err != nil {
		return nil, err
	}
	return out, nil
}

// prepareVM readies the VM of the current call depth: a top-level
// evaluation starts a fresh budget; a nested call's VM gets what is left.
func (g *Game) prepareVM() *vm.VM {
	for len(g.vms) <= g.callDepth {
		g.vms = append(g.vms, g.newVM())
	}
	if g.callDepth == 0 {
		g.budget = evalBudget{}
	}
	v := g.vms[g.callDepth]
	left := g.limits.MaxExprMemory - g.budget.mem - g.budget.callers
	v.MemoryBudget = uint(max(left, 1))
	return v
}
