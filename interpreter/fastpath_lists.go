package interpreter

import (
	"math"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/vm/runtime"
)

// expr's builtins in fast paths: the predicate loops (any, all, none,
// one, count, filter, map, find, findIndex, findLast, findLastIndex),
// len, first, last, min, max, abs, and the builtins expr implements as
// plain functions that report their memory (concat, flatten, …), called
// directly.

// builtin compiles a builtin call.
func (fc *fastCompiler) builtin(b *ast.BuiltinNode) fastFunc {
	switch b.Name {
	case "any", "all", "none", "one", "count", "filter", "map",
		"find", "findIndex", "findLast", "findLastIndex":
		return fc.predicate(b)
	case "len":
		return fc.unaryBuiltin(b, fastLen)
	case "first":
		return fc.unaryBuiltin(b, func(v any) (any, bool) { return fastNth(v, false) })
	case "last":
		return fc.unaryBuiltin(b, func(v any) (any, bool) { return fastNth(v, true) })
	case "abs":
		return fc.unaryBuiltin(b, fastAbs)
	case "min", "max":
		return fc.minMax(b)
	case "sum":
		return fc.sum(b)
	case "sortBy":
		return fc.sortBy(b)
	case "string":
		return fc.unaryBuiltin(b, fastString)
	case "concat":
		if fn := fc.concat(b); fn != nil {
			return fn
		}
	case "flatten":
		if fn := fc.flatten(b); fn != nil {
			return fn
		}
	}
	id, ok := builtin.Index[b.Name]
	switch {
	case ok && builtin.Builtins[id].Safe != nil && len(b.Arguments) > 0:
		return fc.safeBuiltin(b, builtin.Builtins[id].Safe)
	case ok && funcBuiltins[b.Name]:
		if args := fc.args(b.Arguments...); args != nil {
			return fastEngineCall(builtin.Builtins[id].Func, args)
		}
		return nil
	}
	return fc.fail("builtin " + b.Name)
}

// funcBuiltins are builtins expr implements as plain functions that
// report bad arguments as errors (never a panic) and count no memory:
// closures call them directly.
var funcBuiltins = map[string]bool{"uniq": true}

// predicate compiles a loop builtin with a predicate, charging one step
// per iteration as the VM's $step does (the budget patcher wraps every
// predicate body in a $step call, which the closure makes too), stopping
// where the VM stops, and requiring a bool where the VM requires one.
func (fc *fastCompiler) predicate(b *ast.BuiltinNode) fastFunc {
	if len(b.Arguments) != 2 {
		return fc.fail("builtin " + b.Name + " without a predicate")
	}
	pred, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return fc.fail("builtin " + b.Name + " without a predicate")
	}
	src := fc.source(b.Arguments[0])
	if src == nil {
		return nil
	}
	if b.Map == nil && b.Name != "map" {
		if cond, sides := fc.elemCondOf(pred.Node); cond != nil {
			return fastCondLoop(loopKinds[b.Name], src, cond, sides, b.Threshold, b.Throws)
		}
	}
	body := fc.node(pred.Node)
	if body == nil {
		return nil
	}
	var mapped fastFunc
	if b.Map != nil {
		if b.Name != "filter" && b.Name != "find" && b.Name != "findLast" {
			return fc.fail("builtin " + b.Name + " with a folded map")
		}
		if mapped = fc.node(b.Map); mapped == nil {
			return nil
		}
	}
	if b.Name == "map" {
		return fastMapLoop(src, body)
	}
	return fastLoop(loopKinds[b.Name], src, body, mapped, b.Threshold, b.Throws)
}

// fastList is a list a loop walks: one of its fields is set.
type fastList struct {
	anys []any
	strs []string
	ints []int
	maps []map[string]int
	// counting is a range a..b walked without being built: element i
	// is from+i (listSource.ranged).
	counting bool
	from     int
}

// fastItems is a list's length and elements (ints and strings boxed, as
// the VM's Scope.Item does).
func fastItems(v any) (int, fastList, bool) {
	switch l := v.(type) {
	case []any:
		return len(l), fastList{anys: l}, true
	case []string:
		return len(l), fastList{strs: l}, true
	case []int:
		return len(l), fastList{ints: l}, true
	case []map[string]int:
		return len(l), fastList{maps: l}, true
	}
	return 0, fastList{}, false
}

// at is the element i.
func (l fastList) at(i int) any {
	switch {
	case l.anys != nil:
		return l.anys[i]
	case l.strs != nil:
		return l.strs[i]
	case l.maps != nil:
		return l.maps[i]
	case l.counting:
		return l.from + i
	}
	return l.ints[i]
}

// fastMapLoop compiles map(list, body): expr counts the list it builds
// as memory.
func fastMapLoop(src *listSource, body fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		_, n, item, mark, ok := src.open(x)
		var out []any
		if ok {
			out, ok = mapWalk(x, body, n, item)
		}
		x.closeKeys(mark)
		if !ok {
			return nil, false
		}
		return out, x.chargeVM(n)
	}
}

// mapWalk is map's list: body's value for each of the n elements.
func mapWalk(x *fastCtx, body fastFunc, n int, item fastList) ([]any, bool) {
	out := make([]any, n)
	for i := range n {
		x.elems, x.index = append(x.elems, item.atBoxed(x, i)), append(x.index, i)
		v, ok := body(x)
		x.elems, x.index = x.elems[:len(x.elems)-1], x.index[:len(x.index)-1]
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// loopKind is which loop builtin a fastLoop runs.
type loopKind int

const (
	loopAny loopKind = iota
	loopAll
	loopNone
	loopOne
	loopCount
	loopFilter
	loopFind
	loopFindIndex
	loopFindLast
	loopFindLastIndex
)

// loopKinds are the loop builtins by name (map is compiled apart).
var loopKinds = map[string]loopKind{"any": loopAny, "all": loopAll, "none": loopNone, "one": loopOne,
	"count": loopCount, "filter": loopFilter, "find": loopFind, "findIndex": loopFindIndex,
	"findLast": loopFindLast, "findLastIndex": loopFindLastIndex}

// fastLoop compiles the loops whose body is a condition. filter gathers
// what it keeps on the frame stack, above the frames in use, and copies
// it into a list of the exact size at the end (as the VM does).
func fastLoop(name loopKind, src *listSource, body, mapped fastFunc, threshold *int, throws bool) fastFunc {
	walk := loopWalk(name, body, mapped, threshold, throws)
	return func(x *fastCtx) (any, bool) {
		v, n, item, mark, ok := src.open(x)
		var out any
		if ok {
			out, ok = walk(x, v, n, item)
		}
		x.closeKeys(mark)
		return out, ok
	}
}

// loopWalk is a condition loop's walk over the n elements of the list v
// (nil for a list the loop made itself: keys).
func loopWalk(name loopKind, body, mapped fastFunc, threshold *int, throws bool) func(x *fastCtx, v any, n int, item fastList) (any, bool) {
	backwards := name == loopFindLast || name == loopFindLastIndex
	return func(x *fastCtx, v any, n int, item fastList) (any, bool) {
		count, kept := 0, len(x.stack)
		for k := range n {
			i := k
			if backwards {
				i = n - 1 - k
			}
			e := item.atBoxed(x, i)
			x.elems, x.index = append(x.elems, e), append(x.index, i)
			out, done, ok := loopStep(x, name, body, e, i, &count, mapped, threshold)
			x.elems, x.index = x.elems[:len(x.elems)-1], x.index[:len(x.index)-1]
			if !ok || done {
				x.stack = x.stack[:kept]
				return out, ok
			}
		}
		if name == loopFilter && (count == 0 || count == n && mapped == nil) {
			if _, isAny := v.([]any); isAny || count == 0 {
				return filterWhole(x, v, count, kept)
			}
		}
		return loopEnd(x, name, count, kept, throws)
	}
}

// emptyList is the empty list a filter that keeps nothing returns, boxed
// once (it has no room: nothing can be written into it).
var emptyList any = []any{}

// filterWhole is the value of a filter that kept nothing or every element
// of the []any it walked: the empty list, or that very list (lists are
// never written in place, so sharing it is as safe as reading it), with
// the memory the VM charges for the list it would build.
func filterWhole(x *fastCtx, whole any, count, kept int) (any, bool) {
	x.stack = x.stack[:kept]
	if !x.chargeVM(count) {
		return nil, false
	}
	if count == 0 {
		return emptyList, true
	}
	return whole, true
}

// loopStep runs one iteration's condition: done when the loop stops
// there with out.
func loopStep(x *fastCtx, name loopKind, body fastFunc, e any, i int, count *int, mapped fastFunc, threshold *int) (out any, done, ok bool) {
	v, ok := body(x)
	holds, isBool := v.(bool)
	if !ok || !isBool {
		return nil, true, false
	}
	switch {
	case name == loopAny && holds:
		return true, true, true
	case name == loopAll && !holds, name == loopNone && holds:
		return false, true, true
	case (name == loopFind || name == loopFindLast) && holds:
		if mapped != nil {
			v, ok := mapped(x)
			return v, true, ok
		}
		return e, true, true
	case (name == loopFindIndex || name == loopFindLastIndex) && holds:
		return boxInt(i), true, true
	case name == loopFilter && holds:
		*count++
		if mapped != nil {
			v, ok := mapped(x)
			if !ok {
				return nil, true, false
			}
			e = v
		}
		x.stack = append(x.stack, e)
	case holds: // one, count
		*count++
		if name == loopCount && threshold != nil && *count >= *threshold {
			return boxInt(*count), true, true
		}
	}
	return nil, false, true
}

// loopEnd is a loop's value when it ran to the end; a filter's kept
// elements are on the stack from kept on.
func loopEnd(x *fastCtx, name loopKind, count, kept int, throws bool) (any, bool) {
	switch name {
	case loopAny:
		return false, true
	case loopAll, loopNone:
		return true, true
	case loopOne:
		return count == 1, true
	case loopCount:
		return boxInt(count), true
	case loopFilter:
		out := make([]any, count)
		copy(out, x.stack[kept:])
		x.stack = x.stack[:kept]
		return out, x.chargeVM(count)
	case loopFind, loopFindLast:
		return nil, !throws // a find the optimizer made throwing fails on the VM
	}
	return nil, true // findIndex, findLastIndex: nil when nothing holds
}

// unaryBuiltin compiles a builtin of one argument.
func (fc *fastCompiler) unaryBuiltin(b *ast.BuiltinNode, f func(any) (any, bool)) fastFunc {
	if len(b.Arguments) != 1 {
		return fc.fail("builtin " + b.Name)
	}
	return fc.unaryOf(fc.node(b.Arguments[0]), f)
}

// unaryOf is f of a's value (nil when a did not compile).
func (fc *fastCompiler) unaryOf(a fastFunc, f func(any) (any, bool)) fastFunc {
	if a == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		v, ok := a(x)
		if !ok {
			return nil, false
		}
		return f(v)
	}
}

// fastLen is len of a list, a map or a string (in runes, as expr counts).
func fastLen(v any) (any, bool) {
	switch l := v.(type) {
	case string:
		return utf8.RuneCountInString(l), true
	case []any:
		return len(l), true
	case []int:
		return len(l), true
	case []string:
		return len(l), true
	case map[string]any:
		return len(l), true
	case map[string]int:
		return len(l), true
	case []map[string]int:
		return len(l), true
	}
	return nil, false
}

// fastNth is first or last of a list: nil when it is empty.
func fastNth(v any, last bool) (any, bool) {
	n, item, ok := fastItems(v)
	if !ok {
		return nil, false
	}
	if n == 0 {
		return nil, true
	}
	if last {
		return item.at(n - 1), true
	}
	return item.at(0), true
}

// fastAbs is abs of an int (expr's abs of an int the checker typed, and
// $abs); the smallest int, whose opposite is no int, gives up.
func fastAbs(v any) (any, bool) {
	n, ok := v.(int)
	if !ok {
		return nil, false
	}
	if n == math.MinInt {
		return nil, false // the VM reports the overflow ($abs)
	}
	if n < 0 {
		return boxInt(-n), true
	}
	return v, true
}

// minMax compiles min and max of ints: of its arguments, or of one list.
func (fc *fastCompiler) minMax(b *ast.BuiltinNode) fastFunc {
	args := fc.args(b.Arguments...)
	if args == nil || len(args) == 0 {
		return fc.fail("builtin " + b.Name)
	}
	isMax := b.Name == "max"
	return func(x *fastCtx) (any, bool) {
		best, found := 0, false
		take := func(n int) {
			if !found || (isMax && n > best) || (!isMax && n < best) {
				best, found = n, true
			}
		}
		for _, a := range args {
			v, ok := a(x)
			if !ok {
				return nil, false
			}
			switch n := v.(type) {
			case int:
				take(n)
			case []int:
				for _, e := range n {
					take(e)
				}
			case []any:
				for _, e := range n {
					i, ok := e.(int)
					if !ok {
						return nil, false
					}
					take(i)
				}
			default:
				return nil, false
			}
		}
		return boxInt(best), found
	}
}

// safeBuiltin calls a builtin expr implements as a function that reports
// the memory it used (concat, flatten, uniq, reverse, …), charging that
// memory as the VM does. Such a function panics on arguments it cannot
// handle (sort of an int and a string), as expr's builtins do: the VM
// recovers and reports that at the call, so the closure gives up.

func (fc *fastCompiler) safeBuiltin(b *ast.BuiltinNode, f func(args ...any) (any, uint, error)) fastFunc {
	args := fc.args(b.Arguments...)
	if args == nil {
		return nil
	}
	return func(x *fastCtx) (out any, ok bool) {
		base := len(x.stack)
		defer givingUpOnPanic(x, base, &out, &ok)
		for _, a := range args {
			v, ok := a(x)
			if !ok {
				return nil, false
			}
			x.stack = append(x.stack, v)
		}
		out, mem, err := f(x.stack[base:]...)
		if err != nil || mem > uint(x.g.limits.MaxExprMemory) || !x.chargeVM(int(mem)) {
			return nil, false
		}
		return out, true
	}
}

// givingUpOnPanic, deferred by a closure that calls one of expr's builtins
// with its arguments on x's stack from base, drops the arguments and,
// when the builtin panicked (how expr's builtins fail), makes the closure
// give up: the VM evaluates the expression again and reports the panic
// at the call, as it does for every builtin it runs itself.
func givingUpOnPanic(x *fastCtx, base int, out *any, ok *bool) {
	x.stack = x.stack[:base]
	if r := recover(); r != nil {
		*out, *ok = nil, false
	}
}

// sum compiles expr's own sum (the checker could not prove the elements
// ints, so arithPatcher left it): of ints, added as expr adds them
// (runtime.Add, no overflow check), one step per iteration of a
// predicate.
func (fc *fastCompiler) sum(b *ast.BuiltinNode) fastFunc {
	if len(b.Arguments) < 1 || len(b.Arguments) > 2 {
		return fc.fail("builtin sum")
	}
	list := fc.source(b.Arguments[0])
	if list == nil {
		return nil
	}
	var body fastFunc
	if len(b.Arguments) == 2 {
		pred, ok := b.Arguments[1].(*ast.PredicateNode)
		if !ok {
			return fc.fail("builtin sum without a predicate")
		}
		if body = fc.node(pred.Node); body == nil {
			return nil
		}
	}
	return fastSumLoop(list, nil, body, false, false)
}

// sortBy compiles sortBy(list, key[, order]) with int or string keys,
// sorted by expr's own sorter (the same algorithm, so equal keys end in
// the same order); expr counts the sorted list as memory.
func (fc *fastCompiler) sortBy(b *ast.BuiltinNode) fastFunc {
	if len(b.Arguments) < 2 || len(b.Arguments) > 3 {
		return fc.fail("builtin sortBy")
	}
	pred, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return fc.fail("builtin sortBy without a predicate")
	}
	args := fc.args(b.Arguments[0], pred.Node)
	if args == nil {
		return nil
	}
	order := fastConst("asc")
	if len(b.Arguments) == 3 {
		if order = fc.node(b.Arguments[2]); order == nil {
			return nil
		}
	}
	list, key := args[0], args[1]
	return func(x *fastCtx) (any, bool) {
		v, ok := list(x)
		if !ok {
			return nil, false
		}
		n, items, ok := fastItems(v)
		if !ok {
			return nil, false
		}
		o, ok := order(x)
		if !ok || (o != "asc" && o != "desc") {
			return nil, false
		}
		s := &runtime.SortBy{Desc: o == "desc", Array: make([]any, 0, n), Values: make([]any, 0, n)}
		kind := 0
		for i := range n {
			e := items.atBoxed(x, i)
			x.elems, x.index = append(x.elems, e), append(x.index, i)
			k, ok := key(x)
			x.elems, x.index = x.elems[:len(x.elems)-1], x.index[:len(x.index)-1]
			if !ok || !sameScalarKind(k, &kind) {
				return nil, false
			}
			s.Array, s.Values = append(s.Array, e), append(s.Values, k)
		}
		sort.Sort(s)
		return s.Array, x.chargeVM(n)
	}
}

// sameScalarKind requires every key to be an int (kind 1) or every key a
// string (kind 2): keys expr's Less compares without failing.
func sameScalarKind(v any, kind *int) bool {
	k := 0
	switch v.(type) {
	case int:
		k = 1
	case string:
		k = 2
	default:
		return false
	}
	if *kind == 0 {
		*kind = k
	}
	return *kind == k
}

// fastString is string() of an int, a string or a bool (fmt's %v).
func fastString(v any) (any, bool) {
	switch s := v.(type) {
	case int:
		return strconv.Itoa(s), true
	case string:
		return v, true
	case bool:
		return strconv.FormatBool(s), true
	}
	return nil, false
}
