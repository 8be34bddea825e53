package interpreter

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"

	"agon/schema"
)

// An intmap var (or player var) may declare `default: D`: a key the map
// does not have reads as D instead of 0 (so "no owner" can be -1 while
// player 0 stays a real owner). expr reads a missing key of a Go map as
// the zero value, so the reads are rewritten: the type-checking compile,
// which knows every node's type, finds each M[K] (or M.K) whose M is such
// a var (defaultFinder), and the runtime compile of the same source
// replaces those nodes, matched by their position in the source, by a call
// of mapDefaultFunc(M, K, D) (defaultRewriter). set/add on M[K] read the
// same default (target.missing). has(m, k) tells a missing key from one
// set to the default.

// mapDefaultFunc is the hidden function a rewritten M[K] calls. Its name
// cannot be written in an expression.
const mapDefaultFunc = "$mapDefault"

// mapDefaults are the declared defaults of intmap vars, by name.
type mapDefaults struct {
	global map[string]int
	player map[string]int
}

// newMapDefaults collects the defaults of rs (nil when there are none).
func newMapDefaults(rs *schema.Ruleset) *mapDefaults {
	d := &mapDefaults{global: map[string]int{}, player: map[string]int{}}
	for n, v := range rs.Vars {
		if v != nil && v.Type == "intmap" && v.Default != nil {
			d.global[n] = *v.Default
		}
	}
	for n, v := range rs.PlayerVars {
		if v != nil && v.Type == "intmap" && v.Default != nil {
			d.player[n] = *v.Default
		}
	}
	if len(d.global)+len(d.player) == 0 {
		return nil
	}
	return d
}

// defaultFinder records, during the type-checking compile, the map reads
// that must use a declared default, by source location.
type defaultFinder struct {
	d      *mapDefaults
	player reflect.Type
	found  map[file.Location]int
}

// Visit implements ast.Visitor.
func (f *defaultFinder) Visit(node *ast.Node) {
	m, ok := (*node).(*ast.MemberNode)
	if !ok {
		return
	}
	if def, ok := f.defaultOf(m.Node); ok {
		f.found[m.Location()] = def
	}
}

// defaultOf is the declared default of the map base evaluates to, if it
// is a var that has one.
func (f *defaultFinder) defaultOf(base ast.Node) (int, bool) {
	switch b := base.(type) {
	case *ast.IdentifierNode:
		d, ok := f.d.global[b.Value]
		return d, ok
	case *ast.MemberNode:
		name, ok := b.Property.(*ast.StringNode)
		if !ok || b.Node.Type() != f.player {
			return 0, false
		}
		d, ok := f.d.player[name.Value]
		return d, ok
	}
	return 0, false
}

// defaultRewriter replaces, in the runtime compile, the map reads the
// finder recorded by calls of mapDefaultFunc.
type defaultRewriter struct{ found map[file.Location]int }

// Visit implements ast.Visitor.
func (r defaultRewriter) Visit(node *ast.Node) {
	m, ok := (*node).(*ast.MemberNode)
	if !ok {
		return
	}
	def, ok := r.found[m.Location()]
	if !ok {
		return
	}
	call := &ast.CallNode{
		Callee:    &ast.IdentifierNode{Value: mapDefaultFunc},
		Arguments: []ast.Node{m.Node, m.Property, &ast.IntegerNode{Value: def}},
	}
	call.SetLocation(m.Location())
	*node = call
}

// builtinMapDefault reads m[k], or def when m has no key k.
func builtinMapDefault(args ...any) (any, error) {
	m, ok := args[0].(map[string]int)
	if !ok {
		return nil, fmt.Errorf("expected an intmap, got %s", describe(args[0]))
	}
	k, ok := args[1].(string)
	if !ok {
		return nil, fmt.Errorf("intmap key must be a string, got %s", describe(args[1]))
	}
	if v, ok := m[k]; ok {
		return v, nil
	}
	return args[2], nil
}

// builtinHas reports whether map m has key k.
func builtinHas(args ...any) (any, error) {
	k, ok := args[1].(string)
	if !ok {
		return nil, fmt.Errorf("has: key must be a string, got %s", describe(args[1]))
	}
	switch m := args[0].(type) {
	case map[string]int:
		_, ok = m[k]
	case map[string]any:
		_, ok = m[k]
	case nil:
		ok = false
	default:
		return nil, fmt.Errorf("has: expected a map, got %s", describe(args[0]))
	}
	return ok, nil
}

// targetDefault is the declared default of an intmap target (nil: 0).
func (c *compiler) targetDefault(base *target) *int {
	var n string
	var v *schema.Var
	switch {
	case base.kind == targetGlobal:
		n, v = base.name, c.rs.Vars[base.name]
	case base.kind == targetField && !base.onCard:
		n, v = base.name, c.rs.PlayerVars[base.name]
	}
	if v == nil || n == "" {
		return nil
	}
	return v.Default
}
