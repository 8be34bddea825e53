package interpreter

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
)

// Reading a card's location in expressions (see cardloc.go): the check
// compile records which nodes may read one, by position, and the runtime
// compile rewrites the same nodes (both parse the same text, as for the
// checked arithmetic in checked.go).

// cards records, in the check compile, the member reads that may read a
// card's location (reads) and the builtins and `in` operators whose
// operand may be or hold a card (whole: true when the operand must be
// filled in at every depth, as string and toJSON print all of it).
type cards struct {
	card  reflect.Type
	props *propColumns
	reads map[file.Location]bool
	whole map[file.Location]bool
}

func newCardRecords(card reflect.Type, props *propColumns) cards {
	return cards{card: card, props: props, reads: map[file.Location]bool{}, whole: map[file.Location]bool{}}
}

// deepBuiltins print a whole value: every card in their argument needs
// its location. shallowBuiltins, and agon's own keyFunctions, read the
// value's own keys. (expr's keys, values and toPairs are disabled.)
var (
	deepBuiltins    = map[string]bool{"string": true, "toJSON": true}
	shallowBuiltins = map[string]bool{"len": true, "get": true}
	keyFunctions    = map[string]bool{"keys": true, "has": true}
)

// record notes n if it may read a card's location. (A call's location is
// its callee's, the name's position, so it is no member's or operator's.)
func (c cards) record(n ast.Node) {
	if c.card == nil {
		return
	}
	switch x := n.(type) {
	case *ast.MemberNode:
		if !x.Method && c.readsLoc(x) {
			c.reads[x.Location()] = true
		}
	case *ast.BuiltinNode:
		if len(x.Arguments) == 0 {
			return
		}
		t := x.Arguments[0].Type()
		if deepBuiltins[x.Name] && c.mayHold(t, 0) {
			c.whole[x.Location()] = true
		} else if shallowBuiltins[x.Name] && c.mayBe(t) {
			c.whole[x.Location()] = false
		}
	case *ast.BinaryNode:
		if x.Operator == "in" && c.mayBe(x.Right.Type()) {
			c.whole[x.Location()] = false
		}
	case *ast.CallNode:
		if keyFunctions[calleeName(x)] && len(x.Arguments) > 0 && c.mayBe(x.Arguments[0].Type()) {
			c.whole[x.Location()] = false
		}
	}
}

// calleeName is the name a call calls ("" for a method or a computed
// callee).
func calleeName(n *ast.CallNode) string {
	if id, ok := n.Callee.(*ast.IdentifierNode); ok {
		return id.Value
	}
	return ""
}

// readsLoc reports whether m may read a card's column: its object may
// be a card, and its key is a location field, a prop (cardprops.go) or
// is computed (an int index reads a list).
func (c cards) readsLoc(m *ast.MemberNode) bool {
	if !c.mayBe(m.Node.Type()) {
		return false
	}
	if s, ok := m.Property.(*ast.StringNode); ok {
		return isLocKey(s.Value) || c.props.prop(s.Value) >= 0
	}
	t := m.Property.Type()
	return t == nil || t.Kind() != reflect.Int
}

// mayBe reports whether a value of type t may be a card: t is the card
// type, any, or unknown.
func (c cards) mayBe(t reflect.Type) bool {
	return t == nil || t == c.card || t.Kind() == reflect.Interface
}

// mayHold reports whether a value of type t may be or contain a card.
func (c cards) mayHold(t reflect.Type, depth int) bool {
	if c.mayBe(t) || depth > 8 {
		return true
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
		return c.mayHold(t.Elem(), depth+1)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if c.mayHold(t.Field(i).Type, depth+1) {
				return true
			}
		}
	}
	return false
}

// patch rewrites node if the check recorded it: a member read becomes
// $loc($env, object, key, optional); a builtin's first argument or the
// right operand of `in` becomes $full($env, operand, deep).
func (c cards) patch(node *ast.Node) bool {
	switch x := (*node).(type) {
	case *ast.MemberNode:
		if x.Method || !c.reads[x.Location()] {
			return false
		}
		obj, optional := x.Node, x.Optional
		if hasUnchainedOptional(obj) {
			// Part of a ?. chain: the chain's jump must not leave the call
			// half-built, so the object is a chain of its own, and nil
			// reads as nil.
			obj, optional = &ast.ChainNode{Node: obj}, true
		}
		call := hiddenCall(locFunc, obj, x.Property, &ast.BoolNode{Value: optional})
		call.SetLocation(x.Location())
		ast.Patch(node, call)
		return true
	case *ast.BuiltinNode:
		deep, ok := c.whole[x.Location()]
		if !ok || len(x.Arguments) == 0 {
			return false
		}
		x.Arguments[0] = hiddenCall(fullFunc, x.Arguments[0], &ast.BoolNode{Value: deep})
		return true
	case *ast.BinaryNode:
		if _, ok := c.whole[x.Location()]; !ok || x.Operator != "in" {
			return false
		}
		x.Right = hiddenCall(fullFunc, x.Right, &ast.BoolNode{Value: false})
		return true
	case *ast.CallNode:
		if _, ok := c.whole[x.Location()]; !ok || !keyFunctions[calleeName(x)] || len(x.Arguments) == 0 {
			return false
		}
		x.Arguments[0] = hiddenCall(fullFunc, x.Arguments[0], &ast.BoolNode{Value: false})
		return true
	}
	return false
}

// hiddenCall is a call of a hidden engine function with the environment
// as its first argument.
func hiddenCall(name string, args ...ast.Node) *ast.CallNode {
	return &ast.CallNode{
		Callee:    &ast.IdentifierNode{Value: name},
		Arguments: append([]ast.Node{&ast.IdentifierNode{Value: "$env"}}, args...),
	}
}

// hasUnchainedOptional reports whether n has a ?. member outside any
// chain node within n (so it belongs to a chain around n).
func hasUnchainedOptional(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.ChainNode:
		return false
	case *ast.MemberNode:
		return x.Optional || hasUnchainedOptional(x.Node) || hasUnchainedOptional(x.Property)
	case *ast.CallNode:
		if hasUnchainedOptional(x.Callee) {
			return true
		}
		for _, a := range x.Arguments {
			if hasUnchainedOptional(a) {
				return true
			}
		}
	case *ast.SliceNode:
		return hasUnchainedOptional(x.Node)
	}
	return false
}

// locRead compiles $loc($env, object, key, optional) for the closures.
func (fc *fastCompiler) locRead(n *ast.CallNode) fastFunc {
	if len(n.Arguments) != 4 {
		return nil
	}
	opt, ok := n.Arguments[3].(*ast.BoolNode)
	if !ok {
		return nil
	}
	obj := fc.node(n.Arguments[1])
	if obj == nil {
		return nil
	}
	optional := opt.Value
	if s, isConst := n.Arguments[2].(*ast.StringNode); isConst {
		read := columnRead(s.Value, fc.props.prop(s.Value))
		return func(x *fastCtx) (any, bool) {
			from, ok := obj(x)
			if !ok {
				return nil, false
			}
			if from == nil && optional {
				return nil, true
			}
			return read(x.g, from)
		}
	}
	key := fc.node(n.Arguments[2])
	if key == nil {
		return nil
	}
	return func(x *fastCtx) (any, bool) {
		from, k, ok := fastPair(x, obj, key)
		if !ok {
			return nil, false
		}
		if m, isMap := from.(map[string]any); isMap {
			if s, isStr := k.(string); isStr {
				if v, isCard := x.g.columnField(m, s); isCard {
					return v, true
				}
			}
		}
		if from == nil && optional {
			return nil, true
		}
		return fastIndex(x, from, k)
	}
}

// columnRead reads field key of a value that may be a card, key known
// when compiling: a card's location field or prop (column prop, -1 for
// none) from its column, anything else as a field of a map.
func columnRead(key string, prop int) func(g *Game, from any) (any, bool) {
	switch {
	case prop >= 0:
		return func(g *Game, from any) (any, bool) {
			if m, isMap := from.(map[string]any); isMap {
				if i, isCard := g.cardNumOf(m); isCard {
					return g.cardProp(i, prop), true
				}
			}
			return fastField(from, key)
		}
	case isLocKey(key):
		return func(g *Game, from any) (any, bool) {
			if m, isMap := from.(map[string]any); isMap {
				if i, isCard := g.cardNumOf(m); isCard {
					return g.st.loc[i].field(key), true
				}
			}
			return fastField(from, key)
		}
	}
	return func(_ *Game, from any) (any, bool) { return fastField(from, key) }
}
