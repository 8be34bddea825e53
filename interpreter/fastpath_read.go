package interpreter

import (
	"github.com/expr-lang/expr/ast"
)

// Reads of fast paths: a.b, a[i], a[i:j] and list literals, over the map
// state, without reflection.

// member compiles a read of from[i] (a.b is a["b"]).
func (fc *fastCompiler) member(from, i ast.Node) fastFunc {
	if read := fc.playerField(from, i); read != nil {
		return read
	}
	if twin, list, ok := fc.constStrings(from); ok {
		if index := fc.node(i); index != nil {
			return constIndex(twin, list, index)
		}
		return nil
	}
	args := fc.args(from, i)
	if args == nil {
		return nil
	}
	a, b := args[0], args[1]
	if s, ok := i.(*ast.StringNode); ok {
		key, attrs, col := s.Value, fc.attrs, fc.attrs.column(s.Value)
		return func(x *fastCtx) (any, bool) {
			from, ok := a(x)
			if !ok {
				return nil, false
			}
			return attrs.field(from, key, col) // a card's attribute from its column (cardattrs.go)
		}
	}
	return func(x *fastCtx) (any, bool) {
		from, i, ok := fastPair(x, a, b)
		if !ok {
			return nil, false
		}
		return fastIndex(x, from, i)
	}
}

// fastIndex reads from[i] where that cannot fail (fastFetch), a string
// of a []string boxed without allocating.
func fastIndex(x *fastCtx, from, i any) (any, bool) {
	if ss, isStrs := from.([]string); isStrs {
		if k, isInt := i.(int); isInt && k >= 0 && k < len(ss) {
			return x.g.boxString(ss[k]), true // boxed without allocating
		}
	}
	return fastFetch(from, i)
}

// fastField reads from.key of a map.
func fastField(from any, key string) (any, bool) {
	switch m := from.(type) {
	case map[string]any:
		return m[key], true
	case map[string]int:
		return m[key], true
	case boardValue:
		return m[key], true
	case nodeValue:
		return m[key], true
	case map[string][]string:
		return m[key], true
	}
	return nil, false
}

// fastFetch reads from[i] where that cannot fail, as expr's runtime.Fetch
// would (a missing map key reads as the zero value), without reflection.
func fastFetch(from, i any) (any, bool) {
	switch m := from.(type) {
	case map[string]any, map[string]int, boardValue, nodeValue, map[string][]string:
		k, ok := i.(string)
		if !ok {
			return nil, false
		}
		return fastField(m, k)
	case []any:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return m[k], true
		}
	case []int:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return boxInt(m[k]), true
		}
	case []string:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return m[k], true
		}
	case []map[string]int:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return m[k], true
		}
	}
	return nil, false
}

// slice compiles a[i:j] of a list, with expr's clamping of the bounds
// (runtime.Slice): negative bounds count from the end, and the result
// shares the list's array.
func (fc *fastCompiler) slice(n *ast.SliceNode) fastFunc {
	list := fc.node(n.Node)
	if list == nil {
		return nil
	}
	var from, to fastFunc
	if n.From != nil {
		if from = fc.node(n.From); from == nil {
			return nil
		}
	}
	if n.To != nil {
		if to = fc.node(n.To); to == nil {
			return nil
		}
	}
	return func(x *fastCtx) (any, bool) {
		v, ok := list(x)
		if !ok {
			return nil, false
		}
		length, ok := fastListLen(v)
		if !ok {
			return nil, false
		}
		a, b := 0, length
		if from != nil {
			if a, ok = fastIntOf(x, from); !ok {
				return nil, false
			}
		}
		if to != nil {
			if b, ok = fastIntOf(x, to); !ok {
				return nil, false
			}
		}
		a, b = clampSlice(a, b, length)
		switch l := v.(type) {
		case []any:
			return l[a:b], true
		case []int:
			return l[a:b], true
		case []string:
			return l[a:b], true
		case []map[string]int:
			return l[a:b], true
		}
		return nil, false
	}
}

// clampSlice is runtime.Slice's treatment of the bounds.
func clampSlice(a, b, length int) (int, int) {
	if a < 0 {
		a = max(length+a, 0)
	}
	if b < 0 {
		b = max(length+b, 0)
	}
	b = min(b, length)
	a = min(a, b)
	return a, b
}

// fastListLen is the length of a list.
func fastListLen(v any) (int, bool) {
	switch l := v.(type) {
	case []any:
		return len(l), true
	case []int:
		return len(l), true
	case []string:
		return len(l), true
	case []map[string]int:
		return len(l), true
	}
	return 0, false
}

// fastIntOf evaluates an operand that must be an int.
func fastIntOf(x *fastCtx, f fastFunc) (int, bool) {
	v, ok := f(x)
	if !ok {
		return 0, false
	}
	n, ok := v.(int)
	return n, ok
}

// array compiles a list literal [a, b, …], which expr's VM counts as
// memory (one per element).
func (fc *fastCompiler) array(n *ast.ArrayNode) fastFunc {
	elems := fc.args(n.Nodes...)
	if elems == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		if !x.chargeVM(len(elems)) {
			return nil, false
		}
		out := make([]any, len(elems))
		for i, e := range elems {
			v, ok := e(x)
			if !ok {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	}
}

// mapLiteral compiles {k: v, …} with string keys, which expr's VM counts
// as memory (one per pair).
func (fc *fastCompiler) mapLiteral(n *ast.MapNode) fastFunc {
	keys, values, ok := fc.pairs(n)
	if !ok {
		return nil
	}
	return fastMapOf(keys, values, func(v any) (any, bool) { return v, true })
}

// intMapLiteral compiles a map literal given for a parameter of type
// intmap (its compiled keys and values): the map[string]int the call
// would convert the literal to, built at once. A value that is not an int
// gives up (the VM reports the conversion's error).
func intMapLiteral(keys, values []fastFunc) fastFunc {
	return fastMapOf(keys, values, intOf)
}

// intOf is v as an int, not ok when it is not one.
func intOf(v any) (int, bool) { n, ok := v.(int); return n, ok }

// fastMapOf builds a map literal's map of values of type V (conv gives
// up on a value of another type), charging one per pair as expr's VM
// counts its memory.
func fastMapOf[V any](keys, values []fastFunc, conv func(any) (V, bool)) fastFunc {
	return func(x *fastCtx) (any, bool) {
		if !x.chargeVM(len(keys)) {
			return nil, false
		}
		out := make(map[string]V, len(keys))
		if !fillMap(x, keys, values, conv, out) {
			return nil, false
		}
		return out, true
	}
}

// fillMap sets out's entries to a map literal's pairs, in order; not ok
// when a key is not a string or conv gives up on a value.
func fillMap[V any](x *fastCtx, keys, values []fastFunc, conv func(any) (V, bool), out map[string]V) bool {
	for i, key := range keys {
		k, v, ok := fastPair(x, key, values[i])
		s, isString := k.(string)
		if !ok || !isString {
			return false
		}
		e, ok := conv(v)
		if !ok {
			return false
		}
		out[s] = e
	}
	return true
}

// pairs compiles a map literal's keys and values; not ok when a part
// could not be compiled.
func (fc *fastCompiler) pairs(n *ast.MapNode) (keys, values []fastFunc, ok bool) {
	for _, p := range n.Pairs {
		pair, isPair := p.(*ast.PairNode)
		if !isPair {
			fc.fail("map literal")
			return nil, nil, false
		}
		kv := fc.args(pair.Key, pair.Value)
		if kv == nil {
			return nil, nil, false
		}
		keys, values = append(keys, kv[0]), append(values, kv[1])
	}
	return keys, values, true
}
