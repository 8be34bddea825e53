package interpreter

import (
	"unsafe"

	"github.com/expr-lang/expr/ast"
)

// Constant reads. A ruleset's constants (boards among them) are immutable
// Program data, so a member read of literal keys on one (`board.regions.seas`,
// `limits.hand`) has the same value in every game and at every step: the
// compiler reads it once. A loop over such a list of strings, or an index
// into it, then takes its elements from a list boxed once at load
// (constStrings), where it would otherwise box an element at every round
// (boxString: a hash and a compare, ~5% of a game that walks a board's cells).

// constValue is n's value when the compiler knows it: a constant's name
// that no local shadows, followed by member reads of literal keys.
func (fc *fastCompiler) constValue(n ast.Node) (any, bool) {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		if _, local := fc.slots[x.Value]; local {
			return nil, false
		}
		v, ok := fc.consts[x.Value]
		return v, ok
	case *ast.MemberNode:
		if x.Optional || x.Method {
			return nil, false
		}
		from, ok := fc.constValue(x.Node)
		if !ok {
			return nil, false
		}
		switch key := x.Property.(type) {
		case *ast.StringNode:
			return fastField(from, key.Value)
		case *ast.IntegerNode:
			return fastFetch(from, key.Value)
		}
	}
	return nil, false
}

// constStrings is the boxed twin of n's value when n is a constant list
// of strings: its elements as a loop's rounds would box them, made once
// per list for every expression that reads it.
func (fc *fastCompiler) constStrings(n ast.Node) ([]any, []string, bool) {
	v, ok := fc.constValue(n)
	if !ok {
		return nil, nil, false
	}
	ss, ok := v.([]string)
	if !ok || len(ss) == 0 {
		return nil, nil, false
	}
	return fc.boxes.of(ss), ss, true
}

// constBoxes holds the boxed twins of the constant string lists that
// expressions read, by the list's array, so that every expression reading
// one list shares one twin. The load's expression compiler owns it (adhoc
// compiles take the same compiler under its lock).
type constBoxes map[*string][]any

// of is ss's boxed twin, made on first need.
func (b constBoxes) of(ss []string) []any {
	key := unsafe.SliceData(ss)
	if twin, ok := b[key]; ok && len(twin) == len(ss) {
		return twin
	}
	twin := make([]any, len(ss))
	for i, s := range ss {
		twin[i] = s
	}
	b[key] = twin
	return twin
}

// constIndex compiles list[i] of a constant list of strings: the element
// from its boxed twin, or fastIndex's answer where i is not in range.
func constIndex(twin []any, list []string, i fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		k, ok := i(x)
		if !ok {
			return nil, false
		}
		if n, isInt := k.(int); isInt && n >= 0 && n < len(twin) {
			return twin[n], true
		}
		return fastIndex(x, list, k)
	}
}
