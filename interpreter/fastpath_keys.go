package interpreter

import (
	"slices"

	"github.com/expr-lang/expr/ast"
)

// A loop over a map's keys without the list of them. keys(m) sorts m's
// keys into a new list (and a slice in an `any` costs its header too),
// which a loop over it walks once and drops: a shipped ruleset's function
// asks sum(keys(needs), …) hundreds of times a game, and those lists were
// a sixth of that game's allocations. A loop whose list is keys(m) (the
// engine's keys, not a ruleset function of that name) sorts m's keys into
// the context's key stack instead and walks them there; the loop gives
// the room back when it ends. keys charges nothing and fails only on a value
// that is not a map, where the loop gives up and the VM reports it; the
// elements are the same boxed strings, so the loop does and charges
// exactly what it did over the list.

// listSource is what a loop walks: the value of list, or the sorted keys
// of the map keysOf gives.
type listSource struct {
	list, keysOf fastFunc
	// boxed is the elements of a constant list of strings, boxed once
	// (fastpath_const.go); list then gives the list itself.
	boxed []any
	// ranged are the bounds of a range a..b the loop walks without
	// building its []int (a loop reads its list whole only to return a
	// []any that a filter kept whole, which a range never is).
	ranged []fastFunc
}

// source compiles the list a loop walks, nil when it cannot.
func (fc *fastCompiler) source(n ast.Node) *listSource {
	if c, ok := n.(*ast.CallNode); ok && len(c.Arguments) == 1 {
		if id, ok := c.Callee.(*ast.IdentifierNode); ok && id.Value == "keys" && fc.funcs[id.Value] == nil {
			if m := fc.node(c.Arguments[0]); m != nil {
				return &listSource{keysOf: m}
			}
			return nil
		}
	}
	if twin, ss, ok := fc.constStrings(n); ok {
		return &listSource{list: fastConst(ss), boxed: twin}
	}
	if r, ok := n.(*ast.BinaryNode); ok && r.Operator == ".." {
		if bounds := fc.args(r.Left, r.Right); bounds != nil {
			return &listSource{ranged: bounds}
		}
		return nil
	}
	if list := fc.node(n); list != nil {
		return &listSource{list: list}
	}
	return nil
}

// open evaluates the source: the list's value (nil for keys), its length
// and elements, and the key stack's length to give back (closeKeys).
func (s *listSource) open(x *fastCtx) (v any, n int, items fastList, mark int, ok bool) {
	mark = len(x.keys)
	if s.ranged != nil {
		// what fastArith's .. checks and charges, without the list
		lo, hi, ok := fastInts(x, s.ranged[0], s.ranged[1])
		size := max(hi-lo+1, 0)
		if !ok || !x.chargeVM(size) {
			return nil, 0, fastList{}, mark, false
		}
		return nil, size, fastList{counting: true, from: lo}, mark, true
	}
	if s.boxed != nil {
		v, _ = s.list(x)
		return v, len(s.boxed), fastList{anys: s.boxed}, mark, true
	}
	if s.keysOf == nil {
		if v, ok = s.list(x); !ok {
			return nil, 0, fastList{}, mark, false
		}
		n, items, ok = fastItems(v)
		return v, n, items, mark, ok
	}
	m, ok := s.keysOf(x)
	if !ok {
		return nil, 0, fastList{}, mark, false
	}
	switch m := m.(type) {
	case map[string]int:
		for k := range m {
			x.keys = append(x.keys, k)
		}
	case map[string]any:
		for k := range m {
			x.keys = append(x.keys, k)
		}
	case map[string][]string:
		for k := range m {
			x.keys = append(x.keys, k)
		}
	default:
		return nil, 0, fastList{}, mark, false
	}
	keys := x.keys[mark:len(x.keys):len(x.keys)]
	slices.Sort(keys)
	return nil, len(keys), fastList{strs: keys}, mark, true
}

// closeKeys gives back the key stack's room a loop took (open's mark).
func (x *fastCtx) closeKeys(mark int) {
	x.keys = x.keys[:mark]
}
