package interpreter

import (
	"github.com/expr-lang/expr/ast"
)

// The typed closures over boards (flatexpr.go). A board is Program data
// that never changes: its node ids are numbered strings, node(b, id) is
// the node's index, a node's attribute a column by index, and a board's
// lists (nodes, regions, paths) and every node's neighbours and moves are
// computed at load, so a closure reads them by index.

// flatBoard is a board as the typed closures read it.
type flatBoard struct {
	g     *graph
	value boardValue
	// byID is each string number's node index, -1 for a string that is
	// no node of the board.
	byID []int32
	ids  []int64 // each node's id, by index
}

// board is the compiled form of board name, made on first use.
func (fc *flatCompiler) board(name string, v boardValue) *flatBoard {
	if b, ok := fc.boards[name]; ok {
		return b
	}
	g := fc.p.tc.boards.graphs[name]
	if g == nil {
		return nil
	}
	b := &flatBoard{g: g, value: v}
	for _, id := range g.ids {
		b.ids = append(b.ids, fc.str(id))
	}
	b.byID = make([]int32, len(fc.l.strs.strs))
	for i := range b.byID {
		b.byID[i] = -1
	}
	for i, id := range b.ids {
		b.byID[id] = int32(i)
	}
	if fc.boards == nil {
		fc.boards = map[string]*flatBoard{}
	}
	fc.boards[name] = b
	return b
}

// str is s's number, numbered now if it has none.
func (fc *flatCompiler) str(s string) int64 {
	fc.l.strs.add(s)
	return fc.l.strs.ids[s]
}

// strList numbers a list of strings.
func (fc *flatCompiler) strList(xs []string) []int64 {
	out := make([]int64, len(xs))
	for i, s := range xs {
		out[i] = fc.str(s)
	}
	return out
}

// nodeIndex compiles the index of node id on b; a string that is no node
// of b gives up (the present runtime's error).
func nodeIndex(b *flatBoard, id flatScalar) flatScalar {
	return func(e *flatEnv) (int64, bool) {
		k, ok := id(e)
		if !ok || k < 0 || k >= int64(len(b.byID)) || b.byID[k] < 0 {
			return 0, false
		}
		return int64(b.byID[k]), true
	}
}

// boardMember compiles b.nodes, b.regions and b.paths, and b.regions.R.
func (fc *flatCompiler) boardMember(b *flatBoard, m *ast.MemberNode) flatValue {
	s, ok := m.Property.(*ast.StringNode)
	if !ok {
		return fc.fail("board[%s]", nodeKind(m.Property))
	}
	switch s.Value {
	case "nodes":
		return constNums(fkStrings, fc.strList(b.g.ids))
	case "regions", "paths":
		lists, _ := b.value[s.Value].(map[string][]string)
		return flatValue{kind: fkNamedLists, named: fc.namedLists(lists)}
	}
	return fc.fail("board field %s", s.Value)
}

// namedLists numbers a map of string lists by key number.
func (fc *flatCompiler) namedLists(m map[string][]string) map[int64][]int64 {
	out := make(map[int64][]int64, len(m))
	for _, k := range sortedKeys(m) {
		out[fc.str(k)] = fc.strList(m[k])
	}
	return out
}

// namedList compiles lists.K (a property) or lists[k].
func (fc *flatCompiler) namedList(base flatValue, m *ast.MemberNode) flatValue {
	if s, ok := m.Property.(*ast.StringNode); ok {
		xs, ok := base.named[fc.str(s.Value)]
		if !ok {
			return fc.fail("no list %s", s.Value)
		}
		return constNums(fkStrings, xs)
	}
	key := fc.node(m.Property)
	if fc.miss != "" || key.kind != fkString {
		return fc.fail("lists[%s]", key.kind)
	}
	named, kf := base.named, key.scalar
	return flatValue{kind: fkStrings, nums: func(e *flatEnv) ([]int64, bool) {
		k, ok := kf(e)
		xs, has := named[k]
		return xs, ok && has
	}}
}

// boardCall compiles node, neighbours and moves of a board constant; ok
// is false when name is none of them.
func (fc *flatCompiler) boardCall(name string, args []ast.Node) (flatValue, bool) {
	switch name {
	case "node", "neighbours", "moves":
	default:
		return flatValue{}, false
	}
	if len(args) < 2 {
		return fc.fail("%s with %d arguments", name, len(args)), true
	}
	bv := fc.node(args[0])
	id := fc.node(args[1])
	if fc.miss != "" {
		return flatValue{}, true
	}
	if bv.kind != fkBoard || id.kind != fkString {
		return fc.fail("%s of a %s and a %s", name, bv.kind, id.kind), true
	}
	b, at := bv.board, nodeIndex(bv.board, id.scalar)
	if name == "node" && len(args) == 2 {
		return flatValue{kind: fkNode, board: b, scalar: at}, true
	}
	lit := ""
	if len(args) == 3 {
		s, ok := args[2].(*ast.StringNode)
		if !ok && name == "moves" {
			p := fc.node(args[2])
			if fc.miss != "" {
				return flatValue{}, true
			}
			return fc.movesByPattern(b, at, p), true
		}
		if !ok {
			return fc.fail("%s with an edge kind that is no literal", name), true
		}
		lit = s.Value
	} else if len(args) > 3 || name == "moves" && len(args) != 3 {
		return fc.fail("%s with %d arguments", name, len(args)), true
	}
	var each [][]int64 // the result for each node, by index
	for i := range b.g.ids {
		var idx []int
		if name == "neighbours" {
			adj, err := b.g.adjacency(lit)
			if err != nil {
				return fc.fail("neighbours: %v", err), true
			}
			idx = append([]int(nil), adj[i]...)
		} else {
			pattern, ok := b.g.patterns[lit]
			if !ok || b.g.cells == nil {
				return fc.fail("moves with pattern %s", lit), true
			}
			idx = b.g.step(i, pattern)
		}
		each = append(each, fc.strList(b.g.idsOf(idx)))
	}
	return flatValue{kind: fkStrings, nums: func(e *flatEnv) ([]int64, bool) {
		i, ok := at(e)
		if !ok {
			return nil, false
		}
		return each[i], true
	}}, true
}

// nodeField compiles node(b, id).F: id, row, col or a node attribute, as
// a column by node index.
func (fc *flatCompiler) nodeField(n flatValue, field string) flatValue {
	b := n.board
	col := make([]int64, len(b.g.ids))
	var lists [][]int64
	kind := fkNone
	for i, nv := range b.g.nodes {
		v, present := nv[field]
		if !present {
			return fc.fail("node field %s that some nodes lack", field)
		}
		k, x, list := fc.attrValue(v)
		if k == fkNone || kind != fkNone && k != kind {
			return fc.fail("node field %s of type %T", field, v)
		}
		kind, col[i] = k, x
		lists = append(lists, list)
	}
	at := n.scalar
	if kind.isList() {
		return flatValue{kind: kind, nums: func(e *flatEnv) ([]int64, bool) {
			i, ok := at(e)
			if !ok {
				return nil, false
			}
			return lists[i], true
		}}
	}
	return flatValue{kind: kind, scalar: func(e *flatEnv) (int64, bool) {
		i, ok := at(e)
		if !ok {
			return 0, false
		}
		return col[i], true
	}}
}
