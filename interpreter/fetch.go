package interpreter

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"
)

// fetchFunc is the hidden function that reads a.b and a[b] in running
// expressions (see fetchPatcher).
const fetchFunc = "$fetch"

// fetchPatcher routes member and index reads (a.b, a[b]) of the runtime
// compile through fetchFunc. expr compiles them against the map
// environment to runtime.Fetch, which goes through reflection and
// allocates a copy of every value it reads; the state is plain maps and
// lists, which a type switch reads directly. Optional reads (a?.b) and
// method callees are left alone.
type fetchPatcher struct {
	// callees are the calls this patcher made, by the member they
	// replaced: one that turns out to be the callee of a call is put back.
	made map[*ast.CallNode]*ast.MemberNode
}

func newFetchPatcher() *fetchPatcher {
	return &fetchPatcher{made: map[*ast.CallNode]*ast.MemberNode{}}
}

// Visit implements ast.Visitor (children are visited before their parent).
func (p *fetchPatcher) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.MemberNode:
		if n.Optional || n.Method {
			return
		}
		call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: fetchFunc}, Arguments: []ast.Node{n.Node, n.Property}}
		p.made[call] = n
		ast.Patch(node, call)
	case *ast.CallNode:
		if made, ok := n.Callee.(*ast.CallNode); ok && p.made[made] != nil {
			n.Callee = p.made[made]
		}
	}
}

// fetchFunction declares fetchFunc.
func fetchFunction() expr.Option {
	return expr.Function(fetchFunc, func(args ...any) (any, error) { return fetch(args[0], args[1]), nil })
}

// fetch is runtime.Fetch (what expr runs for a.b and a[b]) without
// reflection for the state's own kinds of value; every other case,
// including every error, is runtime.Fetch itself, so results and messages
// are the same.
func fetch(from, i any) any {
	switch m := from.(type) {
	case map[string]any:
		if k, ok := i.(string); ok {
			return m[k] // a missing key reads as nil, as in runtime.Fetch
		}
	case []any:
		if k, ok := i.(int); ok {
			if k < 0 {
				k += len(m)
			}
			if k >= 0 && k < len(m) {
				return m[k]
			}
		}
	case map[string]int:
		if k, ok := i.(string); ok {
			return m[k] // a missing key reads as 0, as in runtime.Fetch
		}
	case []int:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return m[k]
		}
	case []string:
		if k, ok := i.(int); ok && k >= 0 && k < len(m) {
			return m[k]
		}
	}
	return runtime.Fetch(from, i)
}
