package interpreter

import (
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// More typed closures (flatexpr.go): ids, keys, reverse and join of
// lists; constant maps of strings and constant lists of records; reachable
// and moves by a pattern known only at run time.

// listFunc compiles ids, keys, reverse and join; ok is false when name is
// none of them.
func (fc *flatCompiler) listFunc(name string, args []ast.Node) (flatValue, bool) {
	switch name {
	case "ids", "keys", "reverse", "join", "uniq":
	default:
		return flatValue{}, false
	}
	if list, ok := fc.idsOf(args[0]); ok && name == "join" && len(args) <= 2 {
		return fc.joinIDs(list, args[1:]), true
	}
	var vs []flatValue
	for _, a := range args {
		if vs = append(vs, fc.node(a)); fc.miss != "" {
			return flatValue{}, true
		}
	}
	if len(vs) == 0 {
		return fc.fail("%s of nothing", name), true
	}
	l, list := fc.l, vs[0]
	switch {
	case name == "ids" && len(vs) == 1 && list.kind == fkCards:
		ids := fc.attr("id")
		if ids == nil {
			return flatValue{}, true
		}
		col, f := ids.scalars, list.cards
		return flatValue{kind: fkStrings, nums: func(e *flatEnv) ([]int64, bool) {
			xs, ok := f(e)
			out := make([]int64, len(xs))
			for i, c := range xs {
				out[i] = col[c]
			}
			return out, ok
		}}, true
	case name == "keys" && len(vs) == 1 && list.kind == fkIntMap:
		f := list.nums // pairs are in the keys' string order: keys' order
		return flatValue{kind: fkStrings, nums: func(e *flatEnv) ([]int64, bool) {
			pairs, ok := f(e)
			out := make([]int64, len(pairs)/2)
			for i := range out {
				out[i] = pairs[2*i]
			}
			return out, ok
		}}, true
	case name == "reverse" && len(vs) == 1 && list.cards != nil:
		f := list.cards
		return flatValue{kind: list.kind, cards: func(e *flatEnv) ([]int32, bool) {
			xs, ok := f(e)
			out := make([]int32, len(xs))
			for i, x := range xs {
				out[len(xs)-1-i] = x
			}
			return out, ok
		}}, true
	case name == "reverse" && len(vs) == 1 && list.nums != nil && list.kind != fkIntMap && list.kind != fkIntMaps:
		f := list.nums
		return flatValue{kind: list.kind, nums: func(e *flatEnv) ([]int64, bool) {
			xs, ok := f(e)
			out := make([]int64, len(xs))
			for i, x := range xs {
				out[len(xs)-1-i] = x
			}
			return out, ok
		}}, true
	case name == "uniq" && len(vs) == 1 && (list.kind == fkInts || list.kind == fkStrings || list.kind == fkSeats):
		f := list.nums
		return flatValue{kind: list.kind, nums: func(e *flatEnv) ([]int64, bool) {
			xs, ok := f(e)
			var out []int64
			for _, x := range xs {
				if !slices.Contains(out, x) {
					out = append(out, x)
				}
			}
			return out, ok
		}}, true
	case name == "join" && list.kind == fkStrings && (len(vs) == 1 || len(vs) == 2 && vs[1].kind == fkString):
		f := list.nums
		var sep flatScalar
		if len(vs) == 2 {
			sep = vs[1].scalar
		}
		return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
			xs, ok := f(e)
			return joinStrs(e, l, xs, nil, sep, ok)
		}}, true
	}
	return fc.fail("%s of a %s", name, list.kind), true
}

// idsOf is the argument of n when n is a call of the engine's ids of one
// argument.
func (fc *flatCompiler) idsOf(n ast.Node) (ast.Node, bool) {
	var args []ast.Node
	switch c := n.(type) {
	case *ast.BuiltinNode:
		if c.Name != "ids" {
			return nil, false
		}
		args = c.Arguments
	case *ast.CallNode:
		id, ok := c.Callee.(*ast.IdentifierNode)
		if !ok || id.Value != "ids" || fc.p.funcs[id.Value] != nil {
			return nil, false
		}
		args = c.Arguments
		if len(args) > 0 {
			if env, isEnv := args[0].(*ast.IdentifierNode); isEnv && env.Value == "$env" {
				args = args[1:]
			}
		}
	default:
		return nil, false
	}
	if len(args) != 1 {
		return nil, false
	}
	return args[0], true
}

// joinIDs compiles join(ids(list), sep) (sep: none or one node), the
// ids read from the id column as the join walks the cards: no list of
// ids is made.
func (fc *flatCompiler) joinIDs(list ast.Node, seps []ast.Node) flatValue {
	cards := fc.node(list)
	var sep flatScalar
	for _, a := range seps {
		v := fc.node(a)
		if fc.miss == "" && v.kind != fkString {
			return fc.fail("join of a %s", fkStrings)
		}
		sep = v.scalar
	}
	if fc.miss != "" {
		return flatValue{}
	}
	if cards.kind != fkCards {
		return fc.fail("ids of a %s", cards.kind)
	}
	a := fc.attr("id")
	if a == nil {
		return fc.fail("join of a %s", fkNone)
	}
	l, col, f := fc.l, a.scalars, cards.cards
	return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
		xs, ok := f(e)
		return joinStrs(e, l, xs, col, sep, ok)
	}}
}

// joinStrs joins strings in the env's buffer (a string known already is
// not made again): the strings xs number, or, with a column, the strings
// col gives each of xs (the cards' ids). ok is the list's, passed on.
func joinStrs[T int32 | int64](e *flatEnv, l *flatLayout, xs []T, col []int64, sep flatScalar, ok bool) (int64, bool) {
	str := func(x T) string {
		if col != nil {
			return l.str(e.fs, col[x])
		}
		return l.str(e.fs, int64(x))
	}
	by := ""
	if sep != nil {
		s, ok2 := sep(e)
		ok = ok && ok2
		by = l.str(e.fs, s)
	}
	n := len(by) * len(xs)
	for _, x := range xs {
		n += len(str(x))
	}
	if !e.chargeMem(n) {
		return 0, false
	}
	b := e.text[:0]
	for i, x := range xs {
		if i > 0 {
			b = append(b, by...)
		}
		b = append(b, str(x)...)
	}
	e.text = b
	return l.internBytes(e.fs, b), ok
}

// constStrMap compiles a constant map of strings: a table by key number
// (a key it lacks gives up: expr's value would be nil).
func (fc *flatCompiler) constStrMap(m map[string]any) flatValue {
	pairs := make([]int64, 0, 2*len(m))
	for _, k := range sortedKeys(m) {
		s, ok := m[k].(string)
		if !ok {
			return flatValue{}
		}
		pairs = append(pairs, fc.str(k), fc.str(s))
	}
	return flatValue{kind: fkStrMap, dense: newDenseMap(pairs)}
}

// constRecords compiles a constant list of maps of string lists (start
// positions and the like): records[i].K is a constant list.
func (fc *flatCompiler) constRecords(xs []any) flatValue {
	var recs []map[int64][]int64
	for _, x := range xs {
		m, ok := x.(map[string]any)
		if !ok {
			return flatValue{}
		}
		rec := map[int64][]int64{}
		for _, k := range sortedKeys(m) {
			var strs []string
			switch v := m[k].(type) {
			case []string:
				strs = v
			case []any:
				for _, s := range v {
					str, ok := s.(string)
					if !ok {
						return flatValue{}
					}
					strs = append(strs, str)
				}
			default:
				return flatValue{}
			}
			rec[fc.str(k)] = fc.strList(strs)
		}
		recs = append(recs, rec)
	}
	return flatValue{kind: fkRecords, records: recs}
}

// recordField compiles records[i].K.
func (fc *flatCompiler) recordField(base flatValue, index flatValue, field string) flatValue {
	key := fc.str(field)
	var lists [][]int64
	for _, r := range base.records {
		xs, ok := r[key]
		if !ok {
			return fc.fail("a record without %s", field)
		}
		lists = append(lists, xs)
	}
	f := index.scalar
	return flatValue{kind: fkStrings, nums: func(e *flatEnv) ([]int64, bool) {
		i, ok := f(e)
		i, in := listIndex(i, len(lists))
		if !ok || !in {
			return nil, false
		}
		return lists[i], true
	}}
}

// reachable compiles reachable(b, id, through[, kind]): the nodes a walk
// from id reaches passing only through the listed nodes, in board order.
func (fc *flatCompiler) reachable(args []ast.Node) flatValue {
	if len(args) < 3 || len(args) > 4 {
		return fc.fail("reachable with %d arguments", len(args))
	}
	bv, id, through := fc.node(args[0]), fc.node(args[1]), fc.node(args[2])
	if fc.miss != "" {
		return flatValue{}
	}
	if bv.kind != fkBoard || id.kind != fkString || through.kind != fkStrings {
		return fc.fail("reachable of a %s, a %s and a %s", bv.kind, id.kind, through.kind)
	}
	kind := ""
	if len(args) == 4 {
		s, ok := args[3].(*ast.StringNode)
		if !ok {
			return fc.fail("reachable with an edge kind that is no literal")
		}
		kind = s.Value
	}
	b := bv.board
	adj, err := b.g.adjacency(kind)
	if err != nil {
		return fc.fail("reachable: %v", err)
	}
	at, tf := nodeIndex(b, id.scalar), through.nums
	return flatValue{kind: fkStrings, nums: func(e *flatEnv) ([]int64, bool) {
		i, ok := at(e)
		xs, ok2 := tf(e)
		if !ok || !ok2 {
			return nil, false
		}
		mask := make([]bool, len(b.ids))
		for _, x := range xs {
			if x >= 0 && x < int64(len(b.byID)) && b.byID[x] >= 0 {
				mask[b.byID[x]] = true
			}
		}
		var out []int64
		for j, d := range b.g.bfs(int(i), adj, mask) {
			if d > 0 {
				out = append(out, b.ids[j])
			}
		}
		return out, true
	}}
}

// movesByPattern compiles moves(b, id, pattern) of a pattern computed at
// run time: every pattern's lists are made at load.
func (fc *flatCompiler) movesByPattern(b *flatBoard, at flatScalar, pattern flatValue) flatValue {
	if pattern.kind != fkString || b.g.cells == nil {
		return fc.fail("moves by a %s", pattern.kind)
	}
	byPattern := map[int64][][]int64{}
	for _, name := range sortedKeys(b.g.patterns) {
		var each [][]int64
		for i := range b.g.ids {
			each = append(each, fc.strList(b.g.idsOf(b.g.step(i, b.g.patterns[name]))))
		}
		byPattern[fc.str(name)] = each
	}
	pf := pattern.scalar
	return flatValue{kind: fkStrings, nums: func(e *flatEnv) ([]int64, bool) {
		i, ok := at(e)
		p, ok2 := pf(e)
		each, known := byPattern[p]
		if !ok || !ok2 || !known {
			return nil, false
		}
		return each[i], true
	}}
}

// mapLiteral compiles {k: v, …} of int values and keys written as
// names or strings: an intmap, its pairs in the keys' string order.
func (fc *flatCompiler) mapLiteral(m *ast.MapNode) flatValue {
	type pair struct {
		key string
		v   flatScalar
	}
	var pairs []pair
	for _, n := range m.Pairs {
		p, ok := n.(*ast.PairNode)
		if !ok {
			return fc.fail("a map literal's %s", nodeKind(n))
		}
		var key string
		switch k := p.Key.(type) {
		case *ast.StringNode:
			key = k.Value
		case *ast.IdentifierNode:
			key = k.Value
		default:
			return fc.fail("a map literal with a computed key")
		}
		v := fc.node(p.Value)
		if fc.miss != "" {
			return flatValue{}
		}
		if v.kind != fkInt {
			return fc.fail("a map literal of a %s", v.kind)
		}
		pairs = append(pairs, pair{key, v.scalar})
	}
	slices.SortStableFunc(pairs, func(a, b pair) int { return strings.Compare(a.key, b.key) })
	keys := make([]int64, len(pairs))
	for i, p := range pairs {
		keys[i] = fc.str(p.key)
	}
	return flatValue{kind: fkIntMap, nums: func(e *flatEnv) ([]int64, bool) {
		out := make([]int64, 0, 2*len(pairs))
		for i, p := range pairs {
			v, ok := p.v(e)
			if !ok {
				return nil, false
			}
			if i > 0 && pairs[i-1].key == p.key {
				out[len(out)-1] = v // a key written twice: the last value, as a Go map keeps
				continue
			}
			out = append(out, keys[i], v)
		}
		return out, true
	}}
}
